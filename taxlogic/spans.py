"""Timing spans: where one case's wall time goes, and how many calls are in flight over time.

A batch run opens a :class:`CaseClock` per case (:func:`case_clock`, in the case's thread); code
on the case's path marks its steps with :func:`span` (the LLM call, waiting for a Prolog worker,
the Prolog job, each agent node, waiting for a concurrency slot). Time is *exclusive*: a span
nested in another (the engine inside the ``inspect`` node) is counted only under the inner name,
so a case's spans add up to its wall time; what no span covers is ``graph`` (Python between the
nodes: LangGraph, state updates, building the record). Outside a case clock, :func:`span` costs
a context-variable lookup and records nothing.

Each span also counts the case thread's CPU seconds (``time.thread_time``), so that waiting
(for the endpoint, a Prolog worker, the GIL) and working are told apart.

**Phases** (issue 48's throughput by phase): a few spans name a phase of a case's work
(:data:`PHASES`: validation, the answer's engine job, the static checks, the omission
candidates, the explanation). Every CPU second of a case is counted under the innermost phase
span open when it is spent, where it is spent: the case thread's Python (``time.thread_time``),
the Python of the engine's pool threads that run the case's batched jobs, and the Prolog worker
processes' CPU for the case's jobs (each job's ``worker_cpu``, measured in the worker:
:meth:`CaseClock.add_job`); CPU outside every phase span is ``other`` (the agent graph, the LLM
client, building the record).

A :class:`Gauge` counts calls in flight across every thread of the process (LLM calls, cases,
engine jobs) and gives their mean and most over a window and a per-interval timeline.

This module imports nothing from taxlogic's layers, so tools, agent and eval can all mark spans.
Span names (seconds, wall clock): ``llm`` (the chat model's call, HTTP included), ``llm_wait``
(the 429 gate, the rate limiter, backoff between retries), ``engine_start`` (waiting for the
run's Prolog engine to start), ``engine_wait`` (waiting for an idle Prolog worker), ``engine``
(the job's time inside the worker: facts, query, clean-up), ``engine_handover`` (the rest of
the job's wall time: the pipe both ways, the worker's and the parent thread's scheduling), ``slot_wait`` (a concurrency slot
free but the case not started yet), an agent node's own name (its Python, e.g. ``validate``,
``inspect``), ``graph`` (the rest).
"""

from __future__ import annotations

import threading
import time
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Iterator

ROOT = "graph"

#: Phase spans -> the phase they count CPU under (see the module doc). ``validate``: the validator
#: (the node, and the inspect node's reading of the same facts); ``execute``: the node running
#: the answer job; ``grounding``: the domain's static checks of the facts
#: (:meth:`taxlogic.kb.domain.Domain.inspect`); ``omissions``: the counterfactual checks, their
#: planning and candidate runs; ``explain``: an answer's explanation.
PHASES: dict[str, str] = {"validate": "validation", "execute": "engine", "grounding": "grounding",
                          "omissions": "omission candidates", "explain": "explanation"}
#: The phase of CPU spent outside every phase span.
OTHER_PHASE = "other"


class CaseClock:
    """Exclusive wall seconds per span name for one case (see the module doc). ``totals``: name ->
    seconds; ``counts``: name -> times entered. Used by one case at a time (its spans nest)."""

    def __init__(self) -> None:
        self.totals: dict[str, float] = {}
        self.cpu: dict[str, float] = {}
        self.counts: dict[str, int] = {}
        #: CPU seconds by phase (:data:`PHASES`, :data:`OTHER_PHASE`): ``python``, this process's
        #: (the case thread, and pool threads' work for the case's jobs); ``prolog``, the Prolog
        #: worker processes' for the case's jobs.
        self.phase_cpu: dict[str, dict[str, float]] = {"python": {}, "prolog": {}}
        self._stack: list[str] = [ROOT]
        self._phases: list[str] = [OTHER_PHASE]
        self._last = time.perf_counter()
        self._last_cpu = time.thread_time()

    def _switch(self, now: float) -> None:
        name, cpu = self._stack[-1], time.thread_time()
        self.totals[name] = self.totals.get(name, 0.0) + (now - self._last)
        self.cpu[name] = self.cpu.get(name, 0.0) + (cpu - self._last_cpu)
        python = self.phase_cpu["python"]
        python[self._phases[-1]] = python.get(self._phases[-1], 0.0) + (cpu - self._last_cpu)
        self._last, self._last_cpu = now, cpu

    def enter(self, name: str) -> None:
        self._switch(time.perf_counter())
        self._stack.append(name)
        self._phases.append(PHASES.get(name, self._phases[-1]))
        self.counts[name] = self.counts.get(name, 0) + 1

    def exit(self) -> None:
        self._switch(time.perf_counter())
        if len(self._stack) > 1:
            self._stack.pop()
            self._phases.pop()

    def add_job(self, python: float, prolog: float) -> None:
        """Count one engine job's CPU seconds under the phase open now: ``python``, this process's
        spent outside the case thread (a pool thread's hand-over of a batched job; 0 for a job
        the case thread ran itself, already counted), ``prolog``, the worker process's
        (:attr:`taxlogic.tools.engine.Outcome.worker_cpu`)."""
        phase = self._phases[-1]
        for kind, seconds in (("python", python), ("prolog", prolog)):
            if seconds > 0:
                self.phase_cpu[kind][phase] = self.phase_cpu[kind].get(phase, 0.0) + seconds

    def add(self, name: str, seconds: float) -> None:
        """Count ``seconds`` spent before the clock started (e.g. waiting for a slot) under ``name``."""
        self.totals[name] = self.totals.get(name, 0.0) + max(0.0, seconds)
        self.counts[name] = self.counts.get(name, 0) + 1

    def move(self, src: str, dst: str, seconds: float) -> None:
        """Count ``seconds`` already under ``src`` under ``dst`` instead (at most what ``src`` has)."""
        seconds = min(max(0.0, seconds), self.totals.get(src, 0.0))
        self.totals[src] = self.totals.get(src, 0.0) - seconds
        self.totals[dst] = self.totals.get(dst, 0.0) + seconds

    def snapshot(self) -> dict[str, float]:
        """The totals so far, the span now open included up to now."""
        self._switch(time.perf_counter())
        return dict(self.totals)

    def rounded(self, digits: int = 4) -> dict[str, float]:
        """:meth:`snapshot` rounded, spans under 0.1 ms left out (what a record stores)."""
        return {k: round(v, digits) for k, v in sorted(self.snapshot().items()) if v >= 1e-4}

    def rounded_cpu(self, digits: int = 4) -> dict[str, float]:
        """The case thread's CPU seconds by span (``time.thread_time``: this thread's own work,
        the rest of a span's wall time is waiting), rounded; under 0.1 ms left out."""
        self.snapshot()
        return {k: round(v, digits) for k, v in sorted(self.cpu.items()) if v >= 1e-4}

    def rounded_phases(self, digits: int = 4) -> dict[str, dict[str, float]]:
        """CPU seconds by phase (``{"python": {phase: s}, "prolog": {phase: s}}``, see
        :attr:`phase_cpu`), rounded; under 0.1 ms left out."""
        self.snapshot()
        return {kind: {k: round(v, digits) for k, v in sorted(d.items()) if v >= 1e-4}
                for kind, d in self.phase_cpu.items()}


_clock: ContextVar[CaseClock | None] = ContextVar("taxlogic_case_clock", default=None)


def current() -> CaseClock | None:
    """The case clock of this context (None outside a case)."""
    return _clock.get()


@contextmanager
def case_clock() -> Iterator[CaseClock]:
    """Time a case: spans marked inside (this thread, and contexts copied from it) go to the
    yielded :class:`CaseClock`."""
    clock = CaseClock()
    token = _clock.set(clock)
    try:
        yield clock
    finally:
        clock.snapshot()
        _clock.reset(token)


@contextmanager
def span(name: str) -> Iterator[None]:
    """Count the wall time of the block under ``name`` in the current case's clock (none: nothing)."""
    clock = _clock.get()
    if clock is None:
        yield
        return
    clock.enter(name)
    try:
        yield
    finally:
        clock.exit()


def diff(after: dict[str, float], before: dict[str, float]) -> dict[str, float]:
    """Spans that grew from ``before`` to ``after`` (seconds, rounded to 0.1 ms)."""
    out = {k: round(v - before.get(k, 0.0), 4) for k, v in after.items()}
    return {k: v for k, v in out.items() if v >= 1e-4}


class Gauge:
    """Calls in flight, process-wide and thread-safe: ``with gauge:`` around each call. Keeps the
    (time, in-flight) steps so that :meth:`stats` can give the mean and most over a window and a
    timeline. A run resets the gauges it reports on (:meth:`reset`)."""

    def __init__(self, name: str) -> None:
        self.name = name
        self._lock = threading.Lock()
        self.reset()

    def reset(self) -> None:
        with self._lock:
            self.now = 0
            self._steps: list[tuple[float, int]] = [(time.perf_counter(), 0)]

    def _step(self, delta: int) -> None:
        with self._lock:
            self.now += delta
            self._steps.append((time.perf_counter(), self.now))

    def __enter__(self) -> "Gauge":
        self._step(1)
        return self

    def __exit__(self, *exc: object) -> None:
        self._step(-1)

    def steps(self) -> list[tuple[float, int]]:
        """A copy of the (time, in flight) steps since the last :meth:`reset`."""
        with self._lock:
            return list(self._steps)

    def absorb(self, steps: list[tuple[float, int]]) -> None:
        """Add another process's steps of the same gauge (:meth:`steps`; a forked worker of a
        batch run): from then on the counts are the sum of both. ``time.perf_counter()`` is
        the system's monotonic clock on Linux, the same in every process."""
        def changes(seq: list[tuple[float, int]]) -> list[tuple[float, int]]:
            return [(t, n - prev) for (t, n), prev in zip(seq, [0] + [n for _, n in seq[:-1]])]

        with self._lock:
            merged = sorted(changes(self._steps) + changes(list(steps)), key=lambda step: step[0])
            total, self._steps = 0, []
            for t, delta in merged:
                total += delta
                self._steps.append((t, total))
            self.now = total

    def stats(self, start: float, end: float, buckets: int = 10) -> dict:
        """Over ``[start, end]`` (``time.perf_counter()`` seconds): ``mean`` in flight (time-weighted),
        ``most`` at once, ``timeline``: the mean in each of ``buckets`` equal intervals."""
        with self._lock:
            steps = list(self._steps)
        span_s = max(end - start, 1e-9)
        width = span_s / buckets
        area, most = [0.0] * buckets, 0
        for (t, n), (t2, _) in zip(steps, steps[1:] + [(end, 0)]):
            a, b = max(t, start), min(t2, end)
            if b <= a or n == 0:
                continue
            most = max(most, n)
            for i in range(int((a - start) / width), min(buckets - 1, int((b - start) / width)) + 1):
                lo, hi = max(a, start + i * width), min(b, start + (i + 1) * width)
                if hi > lo:
                    area[i] += n * (hi - lo)
        return {"mean": round(sum(area) / span_s, 2), "most": most,
                "timeline": [round(x / width, 1) for x in area]}


#: LLM calls in flight (:func:`taxlogic.agent.llm.invoke`), cases in flight (the runner) and
#: Prolog jobs in flight (:class:`taxlogic.tools.engine.Engine`), process-wide.
LLM_CALLS = Gauge("llm calls")
CASES = Gauge("cases")
ENGINE_JOBS = Gauge("engine jobs")

#: Every gauge above, by name (a worker process reports them to its parent).
GAUGES = {g.name: g for g in (LLM_CALLS, CASES, ENGINE_JOBS)}
