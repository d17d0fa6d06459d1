"""SARA's answers: from a case and a fact set to an engine job, and from an outcome back to an answer.

Shared by every method that runs Prolog (gold, agent, verifier) so that all of them ask the
same query and read answers the same way:

- entailment: the case's claim query is proved -> ``Entailment``; fails -> ``Contradiction``;
- numeric: ``tax(Person, Year, Tax)``; the answer is the single distinct value of ``Tax``,
  rounded half up to whole dollars; no value or several distinct values is no answer.
"""

from __future__ import annotations

from taxlogic.core import Answer, round_half_up
from taxlogic.kb.cases import Case
from taxlogic.tools.engine import Job, Outcome

__all__ = ["Answer", "answer_of", "case_job"]


def case_job(case: Case, facts: str, *, trusted: bool, mode: str = "all", **limits) -> Job:
    """The job that answers ``case`` from ``facts``. ``mode`` for numeric cases: ``all``
    (distinct values, to detect ambiguity) or ``first`` (fast; FIELD-NOTES: tax/3 yields one
    distinct value on every gold case)."""
    if case.kind == "numeric":
        return Job(facts=facts, query=case.value_query, mode=mode, var=case.answer_var, trusted=trusted, **limits)
    return Job(facts=facts, query=case.claim_query, mode="prove", trusted=trusted, **limits)


def answer_of(case: Case, outcome: Outcome) -> Answer:
    """Read the answer to ``case`` from an engine outcome."""
    if case.kind == "entailment":
        if outcome.status == "proved":
            return Answer(value="Entailment")
        if outcome.status == "failed":
            return Answer(value="Contradiction")
        return Answer(reason=outcome.summary())
    if outcome.status == "failed":
        return Answer(reason="the tax query has no solution")
    if outcome.status != "values":
        return Answer(reason=outcome.summary())
    nums = outcome.numbers
    if len(nums) != len(outcome.values):
        return Answer(reason=f"non-numeric tax value(s): {', '.join(outcome.values)}")
    distinct = sorted({round_half_up(n) for n in nums})
    if len(distinct) > 1:
        return Answer(reason=f"several distinct tax values: {', '.join(map(str, distinct[:5]))}")
    return Answer(value=distinct[0])
