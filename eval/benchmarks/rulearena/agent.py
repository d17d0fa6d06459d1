"""The agent's context for a RuleArena domain's ``agent`` method: one per rule set, made on first
use from the run's options (:func:`agent_contexts`); shared by the domain modules (airline, tax,
nba)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any, Callable

if TYPE_CHECKING:
    from taxlogic.eval.benchmarks import Dataset
    from taxlogic.eval.methods.registry import MethodOptions

__all__ = ["agent_contexts"]


def agent_contexts(ds: "Dataset", opts: "MethodOptions", domain: str) -> Callable[[str], Any]:
    """``context(rules_key)``: a fresh copy of the :class:`~taxlogic.agent.context.AgentContext`
    of that rule set (made once with :func:`~taxlogic.agent.context.make_context`: the run's
    endpoint, model, budget and grammar, the knowledge-base domain ``domain``)."""
    from taxlogic.agent.context import make_context
    from taxlogic.kb.domain import get_domain

    made: dict[str, Any] = {}

    def context(key: str):
        if key not in made:
            made[key] = make_context(ds.rule_sets[key], opts.engines(key), opts.settings, model_name=opts.model_name,
                                     budget=opts.budget, grammar=opts.grammar, domain=get_domain(domain))
        return replace(made[key])
    return context
