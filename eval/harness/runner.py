"""Running a method over a dataset: concurrent, resumable, every record scored by the benchmark
(:func:`taxlogic.eval.benchmarks.score`) and saved as it finishes.

A case whose LLM endpoint failed (:func:`taxlogic.agent.llm.is_endpoint_failure`: unreachable,
timeouts, 429/5xx after every retry, a rejected key) is *errored*: logged in ``errors.jsonl``,
never written as a result, redone on resume. After ``max_failures`` errored cases in a row the
run stops with :class:`EndpointDown`.
"""

from __future__ import annotations

import traceback
from dataclasses import dataclass, field
from typing import Any, Callable

from taxlogic import spans
from taxlogic.agent.llm import LLMError, is_endpoint_failure
from taxlogic.eval.benchmarks import Dataset, score
from taxlogic.eval.harness.concurrency import run_bounded
from taxlogic.eval.harness.history import start_order
from taxlogic.eval.methods.registry import Method, MethodBuilder, record_base
from taxlogic.eval.harness.processes import run_forked
from taxlogic.eval.scoring.records import CaseRecord, ErroredCase, RunStore
from taxlogic.priority import urgency


class EndpointDown(RuntimeError):
    """The run stopped: the LLM endpoint failed on ``max_failures`` cases in a row. ``str(exc)``
    is one line naming the endpoint (the last failure's message); ``errored`` counts this run's
    errored cases."""

    def __init__(self, message: str, errored: int) -> None:
        super().__init__(message)
        self.errored = errored


@dataclass
class RunCounts:
    """What one :func:`run_eval` call did: ``ran`` records written, ``errored`` cases the endpoint
    failed on (left to redo), ``workers``: each worker process's end report (a run over several
    processes: ``{"report": ..., "cpu": seconds}``, see :func:`taxlogic.eval.harness.processes.run_forked`)."""

    ran: int = 0
    errored: int = 0
    workers: list = field(default_factory=list)


@dataclass(frozen=True)
class _Errored:
    error: str  # the endpoint failure's message (a string: it crosses from a worker process)


def _safe(method: Method, item: Any, ds: Dataset, method_name: str) -> CaseRecord | _Errored:
    """A method bug on one case becomes an invalid record with the error, not a crashed run; an
    endpoint failure becomes :class:`_Errored`."""
    try:
        return method(item)
    except LLMError as exc:
        if is_endpoint_failure(exc):
            return _Errored(str(exc))
        return CaseRecord(**record_base(item, ds, method_name), invalid=True, reason=str(exc), errors=[str(exc)])
    except Exception as exc:  # noqa: BLE001 - recorded, the run goes on
        return CaseRecord(**record_base(item, ds, method_name), invalid=True,
                          reason=f"{type(exc).__name__}: {exc}", errors=[traceback.format_exc(limit=3)])


def run_eval(ds: Dataset, method: Method | MethodBuilder, method_name: str, store: RunStore, *, concurrency: int = 1,
             processes: int = 1, rounds: dict[str, int] | None = None, on_record: Callable[[CaseRecord], None] | None = None,
             on_error: Callable[[ErroredCase], None] | None = None,
             max_failures: int | None = None) -> RunCounts:
    """Evaluate every item of ``ds`` not yet in ``store`` with at most ``concurrency`` cases in
    flight (started costliest first: most ``rounds`` first, case id -> LLM rounds an earlier run took,
    :func:`taxlogic.eval.harness.history.case_rounds`, 1 for a case not in it; then by
    :meth:`~taxlogic.eval.benchmarks.Benchmark.expected_cost`; each case's Prolog jobs get idle
    workers before those of cases with fewer ``rounds``, :mod:`taxlogic.priority`); score each record by ``ds.benchmark`` and append it as it finishes. An errored case
    is logged (``store.append_error``, ``on_error``) and left to redo. ``max_failures``: errored
    cases in a row that stop the run (None: ``TAXLOGIC_LLM_MAX_CONSECUTIVE_FAILURES``); queued
    cases are then not started, cases in flight finish and are saved, and :class:`EndpointDown`
    is raised. Each record's :attr:`~CaseRecord.spans` say where its time went
    (:mod:`taxlogic.spans`; ``slot_wait``: its slot stood free before it started). Returns
    :class:`RunCounts`.

    ``processes`` > 1 spreads the ``concurrency`` slots over that many forked worker processes
    (:mod:`taxlogic.eval.harness.processes`), each making its own method from ``method``, which must then
    be a :class:`~taxlogic.eval.methods.registry.MethodBuilder` (ValueError otherwise); the records come
    back to this process, which scores and saves them as above. :attr:`RunCounts.workers` holds
    the workers' end reports (CPU seconds; :class:`taxlogic.eval.harness.profile.RunProfile` reads them).
    A builder with ``processes`` 1 is built here and closed at the end."""
    if max_failures is None:
        from taxlogic.settings import get_settings

        max_failures = get_settings().llm_max_consecutive_failures
    done = store.done_ids()
    todo = [c for c in ds.items if c.id not in done]
    known = rounds or {}
    if concurrency > 1:  # longest first: no long case starts at the end
        todo = start_order(todo, known, ds.benchmark.expected_cost if ds.benchmark is not None else None)
    counts = RunCounts()
    streak, stopping = 0, False

    def finished(item: Any, result: CaseRecord | _Errored) -> None:
        nonlocal streak, stopping
        if isinstance(result, _Errored):
            errored = ErroredCase(case_id=item.id, kind=item.kind, error=str(result.error))
            store.append_error(errored)
            counts.errored += 1
            streak += 1
            if on_error:
                on_error(errored)
            if streak >= max_failures and not stopping:
                stopping = True
                raise EndpointDown(f"stopped after {streak} cases in a row failed on the LLM endpoint: "
                                   f"{result.error}", counts.errored)
            return
        streak = 0
        record = score(ds.benchmark, item, result)
        store.append(record)
        counts.ran += 1
        if on_record:
            on_record(record)

    def work(item: Any, waited: float) -> CaseRecord | _Errored:
        with spans.CASES, spans.case_clock() as clock, urgency(known.get(item.id, 1)):
            clock.add("slot_wait", waited)
            result = _safe(method, item, ds, method_name)
        if isinstance(result, CaseRecord):
            result.spans, result.span_cpu, result.phase_cpu = clock.rounded(), clock.rounded_cpu(), clock.rounded_phases()
        return result

    if processes > 1 and len(todo) > 1 and concurrency > 1:
        if not isinstance(method, MethodBuilder):
            raise ValueError("run_eval: processes > 1 needs a MethodBuilder (each worker process makes its own method)")
        method.preload()  # once here, not in every worker

        def build(share: int):
            nonlocal method
            method, close = method.build(share)  # in the worker: its own engines, chat model
            return work, close

        counts.workers = run_forked(todo, build, finished, concurrency, processes)
        return counts
    close = None
    if isinstance(method, MethodBuilder):
        method, close = method.build(concurrency)
    try:
        run_bounded(todo, work, finished, max(1, concurrency), slot_wait=True)
    finally:
        if close is not None:
            close()
    return counts
