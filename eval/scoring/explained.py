"""Every gold program explained: each case's answer recorded as an explanation (a job of mode
``explain`` in the engine's workers, under the same limits as the query) and checked
(:func:`taxlogic.kb.explain.check`): recorded within the limits, its value (numeric) or truth
(entailment) is the engine's answer, every cited section is in the statute text.
``taxlogic eval gold --explain`` reports it (issue 16: 376/376 on SARA); ``eval run --explain``
keeps each record's explanation (:func:`explain_item`).
"""

from __future__ import annotations

import statistics
from typing import Iterable, Iterator

from pydantic import BaseModel, Field

from taxlogic.core import CaseInput
from taxlogic.kb.sara.data.cases import Case
from taxlogic.kb.explain import case_explain_job, check, explain_case, explanation_for
from taxlogic.kb.sara.domain import answer_of
from taxlogic.tools.engine import Engine, Outcome
from taxlogic.tools.trust import TrustedProgram
from taxlogic.tools.worksheet import dump


class ExplainedCase(BaseModel):
    """One gold case explained. ``problems`` is empty when the explanation is sound; costs of the
    recording and of the plain query (CPU seconds, inferences, measured in Prolog)."""

    case_id: str
    kind: str
    answer: str | int | None
    explained: bool
    problems: list[str] = Field(default_factory=list)
    nodes: int = 0
    truncated: bool = False
    sections: int = 0
    cpu_seconds: float = 0.0
    inferences: int = 0
    query_cpu_seconds: float = 0.0
    query_inferences: int = 0


def explain_gold(engine: Engine, cases: Iterable[Case]) -> Iterator[ExplainedCase]:
    """Explain every case's gold program (trusted; the query in mode ``first``, as ``eval gold``
    runs it); yields in input order."""
    cases = list(cases)
    inputs = [CaseInput.from_case(c) for c in cases]
    jobs = [case_explain_job(i, c.gold_program, engine.rules, mode="first") for i, c in zip(inputs, cases)]
    for case, inp, job, outcome in zip(cases, inputs, jobs, engine.run_many(jobs)):
        expl = explanation_for(inp, job, outcome, engine.rules)
        answer = answer_of(case, outcome).value
        if expl is None:
            yield ExplainedCase(case_id=case.id, kind=case.kind, answer=answer, explained=False,
                                problems=[f"no answer to explain: {outcome.summary()}"],
                                query_cpu_seconds=outcome.cpu_seconds, query_inferences=outcome.inferences)
            continue
        problems = check(expl, answer)
        yield ExplainedCase(case_id=case.id, kind=case.kind, answer=answer, explained=not problems, problems=problems,
                            nodes=expl.nodes, truncated=expl.truncated, sections=len(expl.sections()),
                            cpu_seconds=expl.cpu_seconds, inferences=expl.inferences,
                            query_cpu_seconds=outcome.cpu_seconds, query_inferences=outcome.inferences)


def explain_item(engine: Engine, item: Case, facts: "str | TrustedProgram", *, query: str | None = None
                 ) -> tuple[Outcome, dict | None]:
    """Answer a dataset item from ``facts`` with its explanation as a JSON-ready dict at the
    default level (the worksheet and the pruned tree: :func:`taxlogic.tools.worksheet.dump`;
    None when the query gave no answer), for the records of ``eval run`` (gold always, the agent
    with ``--explain``); a gold program (a :class:`~taxlogic.tools.trust.TrustedProgram`) runs
    the query in mode ``first``."""
    trusted = isinstance(facts, TrustedProgram)
    outcome, expl = explain_case(engine, CaseInput.from_case(item), facts, query=query,
                                 mode="first" if trusted else None)
    return outcome, dump(expl, full=False) if expl else None


def explained_summary(results: list[ExplainedCase]) -> dict:
    """Counts and costs: explained within limits and sound, truncated trees, median tree size,
    median ratio of recording to plain query (inferences), the failures."""
    ok = [r for r in results if r.explained]
    ratios = [r.inferences / r.query_inferences for r in ok if r.query_inferences]
    return {
        "total": len(results), "explained": len(ok), "truncated": sum(r.truncated for r in ok),
        "median_nodes": statistics.median([r.nodes for r in ok]) if ok else None,
        "median_inference_ratio": round(statistics.median(ratios), 2) if ratios else None,
        "failures": [{"case": r.case_id, "problems": r.problems} for r in results if not r.explained],
    }
