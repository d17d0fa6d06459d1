"""The gold method ("oracle translator"): each case's own gold Prolog program through the engine.

Checks the KB path end to end: a correct engine scores 100% on SARA (and on every SARA⁺ split).
"""

from __future__ import annotations

import re
from typing import Iterable, Iterator

from pydantic import BaseModel

from taxlogic.kb.sara.data.cases import Case
from taxlogic.kb.sara.domain import answer_of, case_job
from taxlogic.tools.engine import Engine, Job, Outcome


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
    from taxlogic.eval.scoring.metrics import answer_correct

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
    jobs = [case_job(c, c.gold_program, mode=mode) for c in cases]
    for case, outcome in zip(cases, engine.run_many(jobs)):
        yield gold_result(case, outcome)


#: Trusted query listing a gold program as facts only: its fact clauses after the engine's
#: materialisation, then every instance of each remaining rule's head that the rule's body proves,
#: calling the body as it is or, when that raises (a rule that needs its first arguments bound,
#: e.g. ``split_string`` on an event id), with the first one or two head arguments bound to the
#: case's event ids (the arguments of its one-argument facts).
_ID = "tl_case_ref(R{n}), clause(F{n}, true, R{n}), functor(F{n}, _, 1), arg(1, F{n}, {v})"
FACT_VIEW_QUERY = (
    "( tl_case_ref(R), clause(H, true, R) "
    "; tl_case_ref(R), clause(H, B, R), B \\== true, "
    "( catch(B, _, fail) "
    "; " + _ID.format(n=2, v="X") + ", arg(1, H, X), catch(B, _, fail) "
    "; " + _ID.format(n=2, v="X") + ", arg(1, H, X), arg(2, H, Y), var(Y), " + _ID.format(n=3, v="Y")
    + ", catch(B, _, fail) ) )")


def gold_translations(engine: Engine, cases: Iterable[Case]) -> dict[str, str]:
    """Each case's gold program as a translator must write it, facts only (paper A.1.4: "Output
    ONLY Prolog facts"): a fact program's facts without its ``:- discontiguous`` directives; a
    rule program's facts derived by :data:`FACT_VIEW_QUERY`, kept where the predicate is one a
    translation may assert (helper predicates of the program are dropped). By case id. On the 2020
    release every one of the 376 answers what its gold program answers (tests/test_protocol.py)."""
    from taxlogic.tools.facts import facts_only, parse_facts, split_clauses

    cases = list(cases)
    rules = [c for c in cases if any(cl.kind not in ("fact", "directive") for cl in split_clauses(c.gold_facts))]
    out = {c.id: facts_only(c.gold_facts) for c in cases}
    jobs = [Job(facts=c.gold_program, query=FACT_VIEW_QUERY, mode="all", var="H", max_solutions=200_000)
            for c in rules]
    assertable = engine.rules.vocabulary.assertable()
    for case, outcome in zip(rules, engine.run_many(jobs)):
        text = "".join(v + ".\n" for v in outcome.values) if outcome.status == "values" else ""
        facts, _ = parse_facts(re.sub(r"(?<![\w'\"])_[A-Z0-9]\w*", "_", text))
        out[case.id] = "".join(f.canonical + "\n" for f in facts if f.arity in assertable.get(f.name, ()))
    return out
