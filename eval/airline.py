"""Methods on RuleArena's airline problems that run the airline knowledge base (``kb/airline``).

- ``gold``: the problem's gold ``info`` record written as facts (:func:`info_to_facts`), run
  through the engine: the KB must compute RuleArena's answer for all 300 problems;
- ``agent``: the same LangGraph loop as on SARA, with the airline domain plug-in: the LLM
  translates the passenger's description into facts, the inspector checks every listed item,
  the price, class and route; scored by RuleArena's answer and by field-level extraction
  accuracy against the gold ``info`` record (``details["extraction"]``).
"""

from __future__ import annotations

from dataclasses import replace

from taxlogic.eval.records import CaseRecord
from taxlogic.eval.transcript import transcript_of

QUESTION = "What is the total cost of the trip in dollars: the ticket price plus all checked bag fees?"


def _base(item, ds, method: str, model: str | None) -> dict:
    return dict(case_id=item.id, dataset=ds.name, split=ds.split, kind="airline", rules=item.rules,
                method=method, model=model, gold=item.answer)


def _value(outcome) -> int | float | None:
    nums = outcome.numbers
    if outcome.status != "values" or len({float(n) for n in nums}) != 1:
        return None
    v = float(nums[0])
    return int(v) if v.is_integer() else v


def airline_gold_method(ds, engines):
    from taxlogic.kb.airline import TOTAL_QUERY, info_to_facts
    from taxlogic.tools.engine import Job

    def run(item) -> CaseRecord:
        outcome = engines(item.rules).run(Job(facts=info_to_facts(item.info), query=TOTAL_QUERY, mode="all", var="X"))
        pred = _value(outcome)
        return CaseRecord(**_base(item, ds, "gold", None), prediction=pred, correct=pred == item.answer,
                          invalid=pred is None, reason=None if pred is not None else outcome.summary(),
                          seconds=outcome.seconds)
    return run


def airline_agent_method(ds, engines, *, model_name: str | None, budget: int, samples: int,
                         grammar: bool | None = None, settings=None):
    from taxlogic.agent.context import make_context
    from taxlogic.agent.solve import solve
    from taxlogic.agent.state import CaseInput
    from taxlogic.kb.airline import TOTAL_QUERY
    from taxlogic.kb.airline.domain import extraction_scores
    from taxlogic.kb.domain import get_domain

    contexts: dict = {}

    def run(item) -> CaseRecord:
        if item.rules not in contexts:
            contexts[item.rules] = make_context(ds.rule_sets[item.rules], engines(item.rules), settings,
                                                model_name=model_name, budget=budget, grammar=grammar,
                                                domain=get_domain("airline"))
        ctx = contexts[item.rules]
        inp = CaseInput(case_id=item.id, text=item.question, question=QUESTION, kind="numeric",
                        query=TOTAL_QUERY, answer_var="X")
        result = solve(inp, replace(ctx), samples=samples)
        pred = result.answer if not result.abstained else None
        return CaseRecord(**_base(item, ds, "agent", ctx.model.model_name), prediction=pred,
                          correct=pred is not None and pred == item.answer, abstained=result.abstained,
                          reason=result.reason, rounds=len(result.rounds), input_tokens=result.input_tokens,
                          output_tokens=result.output_tokens, seconds=result.seconds,
                          errors=[i.render() for r in result.rounds for i in r.issues][-20:], facts=result.facts,
                          details={"extraction": extraction_scores(item.info, result.facts)},
                          transcript=transcript_of(result))
    return run
