"""The Prolog engine: worker processes holding a loaded statute KB, run with limits.

A :class:`Job` (a case's clauses + one query) goes to a worker process (:mod:`worker`), which
asserts the clauses, runs the query under ``call_with_inference_limit`` (the budget that decides:
the same on any machine under any load, :mod:`taxlogic.tools.limits`) and a CPU-time safety net
(``tl_call_with_cpu_limit`` in ``engine.pl``), erases the clauses, abolishes the predicates
the case created and the tables (an outcome depends on the job and the KB only, never on the
jobs the worker ran before: ``tl_unload_case``) and returns an :class:`Outcome`. The parent enforces a hard wall-clock limit too: a worker that hangs or
dies is killed and replaced, and the job's outcome says so. :class:`Engine` is a pool of
workers (default: one per core) that is safe to call from many threads.
"""

from __future__ import annotations

import heapq
import itertools
import multiprocessing as mp
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from fractions import Fraction
from pathlib import Path
from typing import Any, Iterable, Iterator, Literal, Protocol

from pydantic import BaseModel, ConfigDict, Field

from taxlogic.priority import current as current_urgency
from taxlogic.settings import Settings, get_settings
from taxlogic.spans import ENGINE_JOBS, span
from taxlogic.spans import current as current_clock
from taxlogic.tools.limits import EXPLAIN_STACK_BYTES, RECORDING_FLOOR, RECORDING_TIMES, STACK_BYTES, safety_seconds
from taxlogic.tools.trust import TrustedProgram, wire_tag, worker_key

Status = Literal["proved", "failed", "values", "error", "time_limit", "inference_limit"]


class KnowledgeBase(Protocol):
    """What the engine loads (a :class:`taxlogic.kb.rules.RuleSet` is one): ``name`` for
    messages; ``prolog_dir``, a folder whose ``init.pl`` loads the rules; ``compat_file``, a
    Prolog file loaded before them (SWI-9 compatibility and speed-ups; it declares the engine's
    ``tl_option/1``)."""

    name: str
    prolog_dir: Path

    @property
    def compat_file(self) -> Path: ...


class EngineError(RuntimeError):
    """A worker could not start (SWI-Prolog missing, KB failed to load)."""


class Job(BaseModel):
    """One query against one case's clauses.

    ``facts``: Prolog clauses. A plain ``str`` is untrusted: it must be validated facts
    (:func:`taxlogic.tools.facts.check_facts`), and the worker refuses rules, directives and
    clauses for system or hook predicates again (the job's outcome is then a ``load`` error and
    nothing runs). A :class:`~taxlogic.tools.trust.TrustedProgram` (a gold program, or text the
    project derived from one: :mod:`taxlogic.tools.trust`) may hold rules. ``trusted_rules``: a
    trusted program loaded after untrusted ``facts`` (a gold rule program's rules beside facts
    under inspection). ``mode``: ``prove`` (succeeds or not),
    ``first`` (first binding of ``var``) or ``all`` (distinct bindings of ``var`` over at most
    ``max_solutions`` solutions) or ``explain`` (``all`` if ``var`` is given, else ``prove``;
    then the derivation as :attr:`Outcome.tree`, recorded under the same limits, with recorder
    options ``explain``: :class:`taxlogic.tools.explain.ExplainOptions` as a dict). Limits
    (:mod:`taxlogic.tools.limits`): ``inference_limit`` inferences, the budget that decides (None:
    the settings' ``inference_limit``, and an explanation's recording gets its own, derived from
    the query's inferences; a job's own value limits the query and the recording alike);
    ``time_limit`` CPU seconds and ``wall_limit`` wall seconds (parent-enforced), safety nets only
    (None: the settings' ``time_limit``, or the budget at
    :data:`~taxlogic.tools.limits.SAFETY_RATE` if more; the settings' ``wall_limit``, or twice the
    CPU limit if more, four times for an explanation).
    ``sandbox``: ``facts`` is a model-written *program* (rules and facts, a plain ``str``, never
    trusted): the worker reads it into a module of its own without running any of it, checks the
    query with SWI-Prolog's ``safe_goal/1`` (library(sandbox)) and runs it under the same limits
    (``tools/sandbox.pl``); the outcome then carries :attr:`Outcome.program` and
    :attr:`Outcome.output`. A domain without a knowledge base uses it (``kb/statutes``).
    """

    model_config = ConfigDict(arbitrary_types_allowed=True, extra="forbid")

    facts: str | TrustedProgram
    query: str
    mode: Literal["prove", "first", "all", "explain"] = "prove"
    var: str | None = None
    explain: dict[str, Any] | None = None
    max_solutions: int = 64
    trusted_rules: TrustedProgram | None = None
    sandbox: bool = False
    materialize: bool = True
    time_limit: float | None = None
    inference_limit: int | None = None
    wall_limit: float | None = None
    stack_limit: int | None = None

    @property
    def trusted(self) -> bool:
        """The job's program runs unsandboxed: ``facts`` is a :class:`TrustedProgram`."""
        return isinstance(self.facts, TrustedProgram)

    def wire(self) -> dict[str, Any]:
        """The job as the worker reads it: text only, each trusted part with its tag
        (:func:`taxlogic.tools.trust.wire_tag`), which the worker verifies before it trusts it."""
        if self.sandbox and (isinstance(self.facts, TrustedProgram) or self.trusted_rules is not None):
            raise ValueError("a sandboxed job runs a model-written program (a str), never trusted text")
        payload = self.model_dump(exclude={"facts", "trusted_rules"})
        facts, rules = self.facts, self.trusted_rules
        payload["facts"] = facts.text if isinstance(facts, TrustedProgram) else str(facts)
        payload["facts_tag"] = wire_tag(facts) if isinstance(facts, TrustedProgram) else None
        payload["rules"] = rules.text if rules is not None else ""
        payload["rules_tag"] = wire_tag(rules) if rules is not None else None
        return payload

    def rerun_limits(self, outcome: "Outcome | None", floor: int, times: float) -> dict[str, int]:
        """The limits of a counterfactual run of this job (the same query on changed facts: the
        omission checks of issue 33): an inference budget of ``floor`` inferences or ``times`` the
        inferences ``outcome`` (this job's own run) took, whichever is more, never above this job's
        budget (or the settings' ``inference_limit``); the CPU and wall safety nets stay this
        job's. Inferences, not CPU seconds: the budget, and so what the run decides, is the same
        on any machine under any load (issue 48; :mod:`taxlogic.tools.limits`). Returns
        ``{"inference_limit": inferences}`` for ``model_copy``."""
        ceiling = self.inference_limit if self.inference_limit is not None else get_settings().inference_limit
        own = int(getattr(outcome, "inferences", 0) or 0)
        return {"inference_limit": int(min(ceiling, max(floor, times * own)))}


class Outcome(BaseModel):
    """What a job gave. ``values``: distinct bindings of the job's variable as Prolog text,
    in order of first appearance (``solutions`` counts them with repeats). ``seconds`` is wall
    time seen by the parent, ``worker_seconds`` the job's wall time inside the worker (the rest
    is the hand-over: pipe, scheduling, the parent's threads); ``cpu_seconds`` and
    ``inferences`` are measured inside Prolog (the query's), ``worker_cpu`` in the worker process
    (CPU seconds, user + system, of the whole job there: reading the job's JSON, loading and
    unloading its clauses, the query, the reply; ``time.process_time``).
    ``tree``: mode ``explain`` only, the recorded derivation (:mod:`taxlogic.tools.explain`).
    ``program``: sandboxed jobs only (:attr:`Job.sandbox`), what the worker read: ``clauses``
    (one dict per clause: ``line``, ``head`` "name/arity", ``kind`` fact|rule, ``calls``,
    ``constants`` [{type, text}], ``text``, ``comments``, ``singletons`` [{name, site, alone}]:
    a rule's named variables that occur once, ``site`` "head" or the body goal's "name/arity"),
    ``directives`` (``line``, ``name``, ``text``; never run), ``undefined`` ("name/arity"
    reachable from the query that nothing defines), ``stubbed`` (those given a stub raising their
    existence error, so ``safe_goal/1`` could judge the rest) and ``declared_empty`` (declared
    dynamic, no clause); ``output``: what the query printed (captured)."""

    status: Status
    values: list[str] = Field(default_factory=list)
    solutions: int = 0
    error_kind: str | None = None
    message: str | None = None
    load_problems: list[str] = Field(default_factory=list)
    seconds: float = 0.0
    worker_seconds: float = 0.0
    cpu_seconds: float = 0.0
    worker_cpu: float = 0.0
    inferences: int = 0
    tree: dict[str, Any] | None = None
    program: dict[str, Any] | None = None
    output: str | None = None

    @property
    def ok(self) -> bool:
        return self.status in ("proved", "failed", "values")

    @property
    def numbers(self) -> list[int | float | Fraction]:
        """Numeric values among ``values`` (``3r2`` rationals become Fractions)."""
        return [n for n in (parse_number(v) for v in self.values) if n is not None]

    def summary(self) -> str:
        if self.status == "values":
            return "value " + ", ".join(self.values)
        if self.status in ("proved", "failed"):
            return self.status
        return f"{self.status}: {self.error_kind or ''} {self.message or ''}".strip()


def parse_number(text: str) -> int | float | Fraction | None:
    """Prolog number text -> Python number ('12' -> 12, '1.5' -> 1.5, '3r2' -> Fraction(3, 2))."""
    try:
        if "r" in text:
            num, den = text.split("r")
            return Fraction(int(num), int(den))
        return int(text)
    except ValueError:
        try:
            return float(text)
        except ValueError:
            return None


def process_cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of process ``pid`` from ``/proc/<pid>/stat`` (Linux); 0.0 if unreadable."""
    import os

    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return 0.0


_START_LOCK = threading.Lock()


@contextmanager
def _main_not_reimported():
    """While a worker process is spawned: a spawned child first re-imports the parent's main
    module when it is a script (``__spec__`` None), and under the ``taxlogic`` console script
    that is the whole CLI (typer, rich, langchain): about a second of CPU per worker, paid by
    every worker while a run starts. The worker needs nothing from it (its target is
    :func:`taxlogic.tools.worker.serve`), so the main module is named ``__main__`` for the
    start, which multiprocessing does not re-import. Under a lock, the test included: workers start
    from threads, and a thread that saw another's stand-in spec and spawned unlocked lost it
    half-way (its child re-ran the main script)."""
    import importlib.machinery
    import sys

    with _START_LOCK:
        main = sys.modules.get("__main__")
        if main is None or getattr(main, "__spec__", None) is not None:
            yield
            return
        main.__spec__ = importlib.machinery.ModuleSpec("__main__", None)
        try:
            yield
        finally:
            main.__spec__ = None


@contextmanager
def _sigint_blocked():
    """SIGINT blocked in the calling thread while a worker process is spawned. The child
    inherits the mask through fork and exec, so a Ctrl-C (which the terminal sends to the whole
    process group) during its interpreter start-up and imports stays pending instead of raising
    KeyboardInterrupt there (a traceback per worker); :func:`taxlogic.tools.worker.serve` then
    ignores SIGINT, which discards it. The parent loses nothing: another thread takes the signal,
    or this one as the mask is restored (spawning takes milliseconds). multiprocessing's
    resource tracker is started first: starting it unblocks SIGINT in the calling thread."""
    import signal
    from multiprocessing import resource_tracker

    if not hasattr(signal, "pthread_sigmask"):  # pragma: no cover - not POSIX
        yield
        return
    resource_tracker.ensure_running()
    old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


class _Worker:
    """Parent-side handle of one worker process (used by one thread at a time)."""

    def __init__(self, rules: KnowledgeBase, settings: Settings, options: list[str]):
        self.rules, self.settings, self.options = rules, settings, options
        self.proc: mp.Process | None = None
        self.conn = None
        self.load_seconds = 0.0
        self.restarts = 0
        self.start()

    def start(self) -> None:
        ctx = mp.get_context("spawn")
        parent, child = ctx.Pipe()
        from taxlogic.tools import worker

        self.proc = ctx.Process(
            target=worker.serve,
            args=(child, str(self.rules.prolog_dir), str(self.rules.compat_file), self.options, self.settings.timezone,
                  worker_key()),
            daemon=True,
        )
        with _main_not_reimported(), _sigint_blocked():
            self.proc.start()
        child.close()
        self.conn = parent
        if not parent.poll(120):
            self.kill()
            raise EngineError("Prolog worker did not start within 120 s")
        try:
            hello = parent.recv()
        except EOFError:
            self.kill()
            raise EngineError(
                "Prolog worker died while starting; is SWI-Prolog installed? (Debian: apt-get install swi-prolog-nox)"
            ) from None
        if "fatal" in hello:
            self.kill()
            raise EngineError(f"Prolog worker failed to load the KB {self.rules.name!r}: {hello['fatal']}")
        self.load_seconds = hello["load_seconds"]

    def kill(self) -> None:
        if self.proc is not None and self.proc.is_alive():
            self.proc.kill()
            self.proc.join(5)
        if self.conn is not None:
            self.conn.close()
        self.proc, self.conn = None, None

    def restart(self) -> None:
        self.kill()
        self.restarts += 1
        self.start()

    def run(self, job: Job) -> Outcome:
        s = self.settings
        payload = job.wire()
        payload["inference_limit"] = job.inference_limit or s.inference_limit
        payload["stack_limit"] = job.stack_limit or (EXPLAIN_STACK_BYTES if job.mode == "explain" else STACK_BYTES)
        budget = payload["inference_limit"] * (2 if job.mode == "explain" else 1)  # the query, and its recording
        payload["time_limit"] = job.time_limit or safety_seconds(budget, s.time_limit)
        if job.mode == "explain" and job.inference_limit is None:  # the recording's own budget, from the query's inferences
            payload["recording_floor"], payload["recording_times"] = RECORDING_FLOOR, RECORDING_TIMES
        wall = job.wall_limit or max(s.wall_limit, payload["time_limit"] * (4 if job.mode == "explain" else 2))
        t0 = time.perf_counter()
        try:
            self.conn.send(payload)
            if not self.conn.poll(wall):
                self.restart()
                return Outcome(status="time_limit", error_kind="wall", seconds=time.perf_counter() - t0, message=(
                    f"no answer within {wall:g} s wall time (the safety net against a runaway: machine-dependent, "
                    "not a verdict on the facts); worker replaced"))
            result = self.conn.recv()
        except (EOFError, OSError, BrokenPipeError):
            code = self.proc.exitcode if self.proc else None
            self.restart()
            return Outcome(status="error", error_kind="crash", message=f"Prolog worker died (exit code {code}); worker replaced", seconds=time.perf_counter() - t0)
        if result.get("error_kind") in ("stack", "engine"):
            # A stack overflow can leave SWI-Prolog's state behind it broken (inside a tabled call:
            # "Tabling dependency error (No matching reset/3 call)" in every later job that tables),
            # so the next job gets a fresh worker, as after a crash: the same outcome as on any worker.
            self.restart()
            if result.get("error_kind") == "stack":
                result["message"] = f"{result.get('message') or 'stack budget exceeded'}; worker replaced"
        result["seconds"] = time.perf_counter() - t0
        return Outcome.model_validate(result)

    def cpu_seconds(self) -> float:
        """CPU seconds (user + system) the live worker process has used so far (0.0 where
        ``/proc`` is not readable)."""
        return process_cpu_seconds(self.proc.pid) if self.proc is not None else 0.0

    def rss_kb(self) -> int:
        self.conn.send({"op": "rss"})
        return self.conn.recv()["rss_kb"]


class _Waiter:
    def __init__(self) -> None:
        self.event = threading.Event()
        self.worker: _Worker | None = None


class _Idle:
    """A pool's idle workers, each lent to the waiting job of highest urgency
    (:func:`taxlogic.priority.current` in the job's thread), then to the one waiting longest."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._free: list[_Worker] = []
        self._waiting: list[tuple[float, int, _Waiter]] = []  # a heap: most urgent, then first come
        self._seq = itertools.count()

    def put(self, worker: "_Worker") -> None:
        with self._lock:
            if not self._waiting:
                self._free.append(worker)
                return
            waiter = heapq.heappop(self._waiting)[2]
            waiter.worker = worker
        waiter.event.set()

    def get(self) -> "_Worker":
        with self._lock:
            if self._free:
                return self._free.pop()
            entry = (-current_urgency(), next(self._seq), _Waiter())
            heapq.heappush(self._waiting, entry)
        waiter = entry[2]
        try:
            waiter.event.wait()
        except BaseException:  # Ctrl-C while waiting: leave the queue, or hand on a worker given meanwhile
            with self._lock:
                if waiter.worker is None:
                    self._waiting.remove(entry)
                    heapq.heapify(self._waiting)
                    raise
            self.put(waiter.worker)
            raise
        return waiter.worker


class Engine:
    """A pool of Prolog workers holding one rule set (a :class:`KnowledgeBase`).

    ``Engine(rules, workers=None, settings=None, tabling=True, wait=True)``; use as a context
    manager or call :meth:`close`. ``wait=False`` returns at once while the workers start in the
    background (a one-case command loads its case meanwhile: issue 51's start-up); the first
    :meth:`run` (or :meth:`close`) waits for them, and a start's :class:`EngineError` is raised
    there. :meth:`run` is thread-safe (each call borrows an idle worker);
    :meth:`run_many` runs jobs concurrently and yields outcomes in input order. A job waiting for
    a worker gets the next one free before any job of lower urgency (:mod:`taxlogic.priority`:
    a batch run gives the cases that took more rounds before more), else in turn.
    Raises :class:`EngineError` if a worker cannot start; then, as on Ctrl-C while they start,
    the workers that did start are closed before the error goes on.
    """

    def __init__(self, rules: KnowledgeBase, workers: int | None = None, settings: Settings | None = None, *,
                 tabling: bool = True, wait: bool = True):
        self.rules = rules
        self.settings = settings or get_settings()
        self.size = workers or self.settings.workers
        options = ["tabling"] if tabling else []
        self._idle = _Idle()
        self._all: list[_Worker] = []
        self._lock = threading.Lock()
        self._start_lock = threading.Lock()
        self._start_error: BaseException | None = None
        self._ex = ThreadPoolExecutor(self.size)
        self._starts: list | None = [self._ex.submit(_Worker, rules, self.settings, options) for _ in range(self.size)]
        if wait:
            self._started()

    def _started(self) -> None:
        """Wait until the workers have started (once; later calls return at once). Raises the
        start's error (:class:`EngineError`, or Ctrl-C while waiting) after closing the workers
        that did start; a later call raises it again."""
        with self._start_lock:
            if self._start_error is not None:
                raise self._start_error
            if self._starts is None:
                return
            starts, self._starts = self._starts, None
            try:
                for f in starts:
                    self._all.append(f.result())
            except BaseException as exc:  # a worker failed to start, or Ctrl-C: close the ones that started
                self._ex.shutdown(wait=True, cancel_futures=True)
                self._all = [f.result() for f in starts if f.done() and not f.cancelled() and f.exception() is None]
                self._start_error = exc
                self._close_workers()
                raise
            self._ex.shutdown()
            for w in self._all:
                self._idle.put(w)

    def run(self, job: Job) -> Outcome:
        if self._starts is not None or self._start_error is not None:
            self._started()
        with span("engine_wait"):
            worker = self._idle.get()
        try:
            with span("engine"), ENGINE_JOBS:
                outcome = worker.run(job)
            if (clock := current_clock()) is not None:
                if outcome.worker_seconds:
                    clock.move("engine", "engine_handover", outcome.seconds - outcome.worker_seconds)
                clock.add_job(0.0, outcome.worker_cpu)  # the worker's CPU, under the phase that asked
            return outcome
        finally:
            self._idle.put(worker)

    def run_many(self, jobs: Iterable[Job]) -> Iterator[Outcome]:
        """Run ``jobs`` on the pool's workers side by side; their outcomes in input order. In a
        timed case (:mod:`taxlogic.spans`), each job's CPU (the pool thread's hand-over and the
        worker's) is counted under the caller's phase."""
        clock = current_clock()

        def one(job: Job) -> tuple[Outcome, float]:
            cpu = time.thread_time()
            outcome = self.run(job)
            return outcome, time.thread_time() - cpu

        with ThreadPoolExecutor(self.size) as ex:
            for outcome, python in ex.map(one, jobs):
                if clock is not None:
                    clock.add_job(python, outcome.worker_cpu)
                yield outcome

    def cpu_seconds(self) -> float:
        """CPU seconds used so far by the pool's live worker processes (see :func:`process_cpu_seconds`)."""
        self._started()
        return sum(w.cpu_seconds() for w in self._all)

    @property
    def restarts(self) -> int:
        return sum(w.restarts for w in self._all)

    def worker_rss_kb(self) -> list[int]:
        """Resident memory of each worker process, KiB (idle workers only; call between jobs)."""
        self._started()
        out = []
        for _ in range(self.size):
            w = self._idle.get()
            out.append(w)
        try:
            return [w.rss_kb() for w in out]
        finally:
            for w in out:
                self._idle.put(w)

    def close(self) -> None:
        """Stop every worker (those still starting once they have started). Never raises a
        start's error: :meth:`run` does."""
        reported = self._start_error is not None
        try:
            self._started()
        except BaseException as exc:  # the workers that started are closed; a start error is run's to raise
            if reported or isinstance(exc, EngineError):
                return
            raise  # Ctrl-C while waiting for the start
        self._close_workers()

    def _close_workers(self) -> None:
        for w in self._all:
            try:
                if w.conn is not None:
                    w.conn.send(None)
            except OSError:
                pass
            if w.proc is not None:
                w.proc.join(2)
            w.kill()

    def __enter__(self) -> "Engine":
        return self

    def __exit__(self, *exc) -> None:
        self.close()
