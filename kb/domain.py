"""Knowledge-base domains as plug-ins: SARA's statutes and RuleArena's airline fees are two
values of one interface.

A :class:`Domain` bundles what the agent and the engine need to know about a rule base:

- its Prolog files (:meth:`Domain.rule_set`) and so its predicate vocabulary;
- the translation prompts (:meth:`Domain.system_prompt`, :meth:`Domain.user_prompt`);
- the query forms (:meth:`Domain.query_job`) and how an outcome becomes an answer
  (:meth:`Domain.answer_of`);
- the domain's checks of a fact set (:meth:`Domain.inspect`), beyond the shared ones (validation,
  Prolog errors and limits);
- optionally, anchored translation: a domain that offers it has ``anchored`` (bool) and
  ``with_anchors(anchored)`` returning the domain with it on or off (SARA; see
  :class:`taxlogic.agent.context.AgentContext` ``anchors``).

A domain lives in a folder under ``kb/`` (``kb/sara``, ``kb/airline``) whose package defines
``DOMAIN``; :func:`get_domain` finds it by name. Adding a domain touches neither the agent graph
nor the engine.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Protocol, runtime_checkable

if TYPE_CHECKING:
    from taxlogic.core import Answer, CaseInput, Issue
    from taxlogic.kb.rules import RuleSet
    from taxlogic.tools.engine import Job, Outcome


@runtime_checkable
class Domain(Protocol):
    """What a knowledge-base domain provides (see the module docstring)."""

    name: str

    def rule_set(self) -> "RuleSet":
        """The domain's default rule set (Prolog folder with ``init.pl``)."""

    def system_prompt(self, rules: "RuleSet", kind: str) -> str:
        """Static translation instructions for ``kind`` (the case comes in the user prompt)."""

    def user_prompt(self, case: "CaseInput", query: str | None, exemplars: str = "") -> str:
        """The user message: exemplars, the case, the question, the query the facts must serve."""

    def query_job(self, case: "CaseInput", query: str, canonical: str) -> "Job":
        """The engine job that answers ``case`` from validated facts."""

    # Optional: ``counterfactual_issues(case, query, canonical, outcome, rules, engine) -> list[Issue]``,
    # checks that run the query again (SARA: what the text states that the facts leave out); the
    # agent's inspect step calls it last, only when no other check objects.

    # Optional: ``rule_query(case, rules) -> (query, answer variable) | None``, the query of a
    # question in a standard form, written by rule; the agent asks the model only when it is
    # absent or returns None.

    # Optional, a domain whose rules the model writes (``kb/statutes``): ``writes_rules`` (True:
    # the translation is one program, rules and facts), ``explain(case, reply, engine)`` (why the
    # program in ``reply`` answers as it does; ``taxlogic chat``'s /why), and for ``chat``'s
    # what-ifs ``edit_prompt(reply, change)`` and ``editing(reply, engine)`` (the domain judging
    # an edit of that program: its rules kept; :mod:`taxlogic.agent.chat`).

    def answer_of(self, case: "CaseInput", outcome: "Outcome") -> "Answer":
        """The answer an outcome gives (or none, with a reason)."""

    def inspect(self, case: "CaseInput", query: str | None, canonical: str, outcome: "Outcome",
                rules: "RuleSet") -> list["Issue"]:
        """The domain's checks of validated facts that ran (coverage of the case text, events,
        roles …); the shared checks (validation, Prolog errors and limits, one value per numeric
        query) are the agent's (:mod:`taxlogic.agent.checks`)."""


#: Plug-ins that define several domains (``DOMAINS``, name -> domain), searched by
#: :func:`get_domain` for a name no package of its own has: ``kb/statutes`` (housing, uscis).
MULTI_DOMAIN_PLUGINS = ("statutes",)


def get_domain(name: str) -> Domain:
    """The domain ``name`` from ``taxlogic.kb.<name>`` (its ``DOMAIN``), or from the ``DOMAINS``
    of a plug-in of :data:`MULTI_DOMAIN_PLUGINS`. Raises KeyError if there is none."""
    try:
        module = importlib.import_module(f"taxlogic.kb.{name}")
    except ModuleNotFoundError:
        for plugin in MULTI_DOMAIN_PLUGINS:
            found = getattr(importlib.import_module(f"taxlogic.kb.{plugin}"), "DOMAINS", {}).get(name)
            if found is not None:
                return found
        raise KeyError(f"no knowledge-base domain {name!r} (expected a package taxlogic.kb.{name} defining DOMAIN)") from None
    domain = getattr(module, "DOMAIN", None)
    if domain is None:
        raise KeyError(f"taxlogic.kb.{name} defines no DOMAIN")
    return domain
