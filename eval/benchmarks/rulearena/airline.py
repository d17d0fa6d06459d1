"""RuleArena airline on the airline knowledge base (``kb/airline``): the ``gold`` method (the
problem's ``info`` record as facts) and the ``agent`` method (the LangGraph loop with the airline
domain plug-in), and the rule sets they run under. The domain's entry in the registry is
:data:`METHODS` + :func:`airline_rule_sets` (registered in :mod:`taxlogic.eval.benchmarks.rulearena`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from taxlogic.eval.benchmarks.rulearena.agent import agent_contexts
from taxlogic.eval.benchmarks.rulearena.data import RuleArenaItem
from taxlogic.eval.benchmarks.rulearena.direct import direct_method, single_value
from taxlogic.eval.methods.registry import Method, MethodOptions, record_base
from taxlogic.eval.scoring.records import CaseRecord
from taxlogic.eval.scoring.transcript import transcript_of

if TYPE_CHECKING:
    from taxlogic.eval.benchmarks import Dataset
    from taxlogic.kb.rules import RuleSet

__all__ = ["AIRLINE_QUESTION", "METHODS", "airline_agent_method", "airline_gold_method", "airline_rule_sets"]


#: The question the airline agent answers for every problem.
AIRLINE_QUESTION = "What is the total cost of the trip in dollars: the ticket price plus all checked bag fees?"


def airline_gold_method(ds: "Dataset", opts: MethodOptions) -> Method:
    """The problem's gold ``info`` record written as facts (:func:`taxlogic.kb.airline.info_to_facts`)
    and run through the engine: the airline KB must compute RuleArena's answer for all 300 problems."""
    from taxlogic.kb.airline import TOTAL_QUERY, info_to_facts
    from taxlogic.tools.engine import Job

    def run(item: RuleArenaItem) -> CaseRecord:
        outcome = opts.engines(item.rules).run(Job(facts=info_to_facts(item.info), query=TOTAL_QUERY, mode="all", var="X"))
        pred = single_value(outcome)
        return CaseRecord(**record_base(item, ds, "gold"), prediction=pred, invalid=pred is None,
                          reason=None if pred is not None else outcome.summary(), seconds=outcome.seconds)
    return run


def airline_agent_method(ds: "Dataset", opts: MethodOptions) -> Method:
    """The LangGraph loop of SARA with the airline domain plug-in: the LLM translates the
    passenger's description into facts, the inspector checks every listed item, the price, class
    and route; the record also holds field-level extraction accuracy against the gold ``info``
    record (``details["extraction"]``, :func:`taxlogic.kb.airline.domain.extraction_scores`)."""
    from taxlogic.agent.solve import solve
    from taxlogic.agent.state import CaseInput
    from taxlogic.kb.airline import TOTAL_QUERY
    from taxlogic.kb.airline.domain import extraction_scores

    contexts = agent_contexts(ds, opts, "airline")

    def run(item: RuleArenaItem) -> CaseRecord:
        ctx = contexts(item.rules)
        inp = CaseInput(case_id=item.id, text=item.question, question=AIRLINE_QUESTION, kind="numeric",
                        query=TOTAL_QUERY, answer_var="X")
        result = solve(inp, ctx, samples=opts.samples)
        pred = result.answer if not result.abstained else None
        return CaseRecord(**record_base(item, ds, "agent", ctx.model.model_name), prediction=pred,
                          abstained=result.abstained, reason=result.reason, rounds=len(result.rounds),
                          input_tokens=result.input_tokens, output_tokens=result.output_tokens, seconds=result.seconds,
                          errors=[i.render() for r in result.rounds for i in r.issues][-20:], facts=result.facts,
                          details={"extraction": extraction_scores(item.info, result.facts)},
                          transcript=transcript_of(result))
    return run


def airline_rule_sets() -> dict[str, "RuleSet"]:
    from taxlogic.kb.airline import airline_rules

    return {"r": airline_rules()}


#: The airline benchmark's methods by ``--method`` name.
METHODS = {"direct": direct_method, "gold": airline_gold_method, "agent": airline_agent_method}
