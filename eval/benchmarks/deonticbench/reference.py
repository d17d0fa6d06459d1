"""DeonticBench's reference programs through taxlogic's engine: the ``gold`` method of the
DeonticBench benchmarks, and the per-domain check that every reference program of a split gives
its label (``bench/deonticbench_reference.py`` prints the table).

Each program runs as a trusted job (:func:`taxlogic.kb.statutes.data.reference.reference_program`:
its clauses, checksum-verified at read time; no directive runs) on the empty knowledge base
:func:`~taxlogic.kb.statutes.data.reference.reference_rules`, under the engine's time and
inference limits; its query is the program's own (:func:`~taxlogic.kb.statutes.data.reference.reference_query`)
under ``with_output_to/2``, and the answer is read from what it prints
(:func:`~taxlogic.kb.statutes.data.reference.answer_of_output`). A label-printing directive never
runs. A program that does not give its label is listed with the domain's documented errata
(:mod:`taxlogic.kb.statutes.data.errata`) or counted as a failure.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterable

from taxlogic.eval.benchmarks.deonticbench.scoring import is_correct
from taxlogic.eval.methods.registry import Method, MethodOptions, record_base
from taxlogic.eval.scoring.records import CaseRecord
from taxlogic.kb.datafiles import DataError
from taxlogic.kb.statutes.data import DeonticCase
from taxlogic.tools.engine import Engine, Job, Outcome

if TYPE_CHECKING:
    from taxlogic.eval.benchmarks import Dataset

__all__ = ["ReferenceResult", "reference_job", "reference_method", "reference_result", "run_references"]


@dataclass(frozen=True)
class ReferenceResult:
    """One reference program's run: ``answer`` as the label is written (None: none printed),
    ``output`` (what the query printed, at most 400 characters), ``how`` the program states its
    answer (``directive``, ``initialization``, ``entry``), the engine's ``status``, ``reason``
    when there is no answer, ``seconds`` and ``inferences``."""

    case_id: str
    domain: str
    label: str
    answer: str | None
    correct: bool
    how: str
    output: str
    status: str
    reason: str | None
    seconds: float
    inferences: int
    load_problems: tuple[str, ...] = ()


def reference_job(case: DeonticCase) -> tuple[Job, str]:
    """(the engine job of ``case``'s reference program, how it states its answer). Raises
    :class:`DataError` when its query cannot be read or its file changed since install."""
    from taxlogic.kb.statutes.data.reference import reference_program, reference_query

    q = reference_query(case)
    return Job(facts=reference_program(case), query=q.query, mode="first", var="Out", materialize=False), q.how


def reference_result(case: DeonticCase, outcome: Outcome, how: str) -> ReferenceResult:
    """The answer ``outcome`` gives to ``case`` (see the module doc)."""
    from taxlogic.kb.statutes.data.reference import answer_of_output

    output = ""
    if outcome.status == "values" and outcome.values:
        output = _unquote(outcome.values[0])
    answer = answer_of_output(case.domain, output) if output else None
    reason = None
    if answer is None:
        reason = (f"the query printed no {case.domain} answer: {output.strip()[:200]!r}" if outcome.status == "values"
                  else f"the query gave {outcome.summary()}")
    return ReferenceResult(case_id=case.id, domain=case.domain, label=case.label, answer=answer,
                           correct=answer is not None and is_correct(case.domain, case.label, answer), how=how,
                           output=output[:400], status=outcome.status, reason=reason, seconds=outcome.seconds,
                           inferences=outcome.inferences, load_problems=tuple(outcome.load_problems))


def _unquote(value: str) -> str:
    """A Prolog string binding as its text (``"Tax result: 5\\n"`` -> ``Tax result: 5`` + newline)."""
    import json

    v = value.strip()
    if len(v) >= 2 and v[0] == v[-1] == '"':
        try:
            return json.loads(v)
        except ValueError:
            return v[1:-1]
    return v


def run_references(engine: Engine, cases: Iterable[DeonticCase]) -> list[ReferenceResult]:
    """Every case's reference program through ``engine`` (on :func:`reference_rules`), in order.
    A program whose query cannot be read is a result with status ``error`` and the reason."""
    cases = list(cases)
    jobs, hows, bad = [], [], {}
    for c in cases:
        try:
            job, how = reference_job(c)
            jobs.append(job)
            hows.append(how)
        except DataError as exc:
            bad[c.id] = str(exc)
    outcomes = iter(engine.run_many(jobs))
    out, k = [], 0
    for c in cases:
        if c.id in bad:
            out.append(ReferenceResult(case_id=c.id, domain=c.domain, label=c.label, answer=None, correct=False,
                                       how="none", output="", status="error", reason=bad[c.id], seconds=0.0,
                                       inferences=0))
            continue
        out.append(reference_result(c, next(outcomes), hows[k]))
        k += 1
    return out


def sandboxed_reference(case: DeonticCase, engine) -> ReferenceResult:
    """``case``'s reference program run as untrusted text, in the engine's sandbox on ``engine``
    (an :class:`~taxlogic.tools.engine.Engine` on :func:`~taxlogic.kb.statutes.data.reference.reference_rules`;
    :mod:`.sandbox`): for a split without a shipped checksum (the hub's ``whole``), whose
    programs are never trusted. The entry is the domain's answer predicate (housing, USCIS: its
    binding is the answer) or the program's own query (its output is read)."""
    from taxlogic.eval.benchmarks.deonticbench.protocol import ANSWER_GOALS
    from taxlogic.eval.benchmarks.deonticbench.sandbox import run_program
    from taxlogic.kb.statutes.data.reference import answer_of_output, reference_query

    if case.domain in ANSWER_GOALS:
        goal, how = ANSWER_GOALS[case.domain], "answer predicate (sandboxed)"
    else:
        goal, how = reference_query(case).goal, "directive (sandboxed)"
    t0 = time.perf_counter()
    run = run_program(case.reference_prolog, engine, goal)
    output = run.output
    if case.domain in ANSWER_GOALS and run.status == "ok":  # the answer predicate's binding
        output = f"housing_answer({run.value})\n" if case.domain == "housing" else f"{run.value}\n"
    answer = answer_of_output(case.domain, output) if run.status == "ok" else None
    reason = None if answer is not None else f"sandbox: {run.status}" + (f" ({run.problems[-1]})" if run.problems else "")
    return ReferenceResult(case_id=case.id, domain=case.domain, label=case.label, answer=answer,
                           correct=answer is not None and is_correct(case.domain, case.label, answer), how=how,
                           output=output[:400], status=run.status, reason=reason, seconds=time.perf_counter() - t0,
                           inferences=0, load_problems=tuple(run.problems))


def reference_method(ds: "Dataset", opts: MethodOptions) -> Method:
    """``--method gold`` on a DeonticBench benchmark: the case's reference program (module doc);
    on a split without shipped checksums (``whole``), run sandboxed (:func:`sandboxed_reference`)."""
    engines = opts.engines

    def run(item: DeonticCase) -> CaseRecord:
        from taxlogic.kb.statutes.data import manifest

        if f"data/{item.domain}/{item.split}.json" not in manifest():
            r = sandboxed_reference(item, engines(item.rules))
            return CaseRecord(**record_base(item, ds, "gold"), prediction=r.answer, invalid=r.answer is None,
                              reason=r.reason, seconds=r.seconds,
                              details={"how": r.how, "output": r.output, "load_problems": list(r.load_problems)})
        try:
            job, how = reference_job(item)
        except DataError as exc:
            return CaseRecord(**record_base(item, ds, "gold"), invalid=True, reason=str(exc))
        r = reference_result(item, engines(item.rules).run(job), how)
        return CaseRecord(**record_base(item, ds, "gold"), prediction=r.answer, invalid=r.answer is None,
                          reason=r.reason, seconds=r.seconds,
                          details={"inferences": r.inferences, "how": r.how, "output": r.output,
                                   "load_problems": list(r.load_problems)})
    return run
