"""The gold method ("oracle translator"): each case's own gold Prolog program through the engine.

Checks the KB path end to end: a correct engine scores 100% on SARA (and on every SARA⁺ split).
"""

from __future__ import annotations

from typing import Iterable, Iterator

from pydantic import BaseModel

from taxlogic.kb.cases import Case
from taxlogic.kb.sara.answers import answer_of, case_job
from taxlogic.tools.engine import Engine, Outcome


class GoldResult(BaseModel):
    """One case run with its gold facts. ``prediction`` is None when the program gave no answer."""

    case_id: str
    kind: str
    expected: str | int
    prediction: str | int | None
    correct: bool
    reason: str | None = None
    status: str
    seconds: float
    inferences: int
    load_problems: list[str] = []


def gold_result(case: Case, outcome: Outcome) -> GoldResult:
    """The answer ``outcome`` gives to ``case``, judged by SARA's score rule
    (:func:`taxlogic.eval.benchmarks.sara.answer_correct`)."""
    from taxlogic.eval.metrics import answer_correct

    ans = answer_of(case, outcome)
    return GoldResult(
        case_id=case.id, kind=case.kind, expected=case.expected, prediction=ans.value,
        correct=answer_correct(case.kind, case.expected, ans.value), reason=ans.reason,
        status=outcome.status, seconds=outcome.seconds, inferences=outcome.inferences,
        load_problems=outcome.load_problems,
    )


def run_gold(engine: Engine, cases: Iterable[Case], *, mode: str = "first") -> Iterator[GoldResult]:
    """Run every case's gold program (trusted: gold programs may hold rules); yields in input order."""
    cases = list(cases)
    jobs = [case_job(c, c.gold_facts, trusted=True, mode=mode) for c in cases]
    for case, outcome in zip(cases, engine.run_many(jobs)):
        yield gold_result(case, outcome)
