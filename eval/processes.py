"""Batch runs over several worker processes (issue 27): the slots of a run split over processes, each
with its own method (chat model, Prolog engines) and its own interpreter.

One interpreter runs one thread of Python at a time, and a case's Python is not small: the OpenAI
client and LangChain take ~10 ms of CPU per call (the SDK transforms and serialises every request),
LangGraph, the checks and the record ~15 ms more per round. Measured on SARA's 317 rule-free
cases (``bench/endpoint_concurrency.py``, 2 cores, endpoint at 1.0 s): one process serves about
25-35 rounds a second however many cases are in flight, so at concurrency 64 each round of calls
comes back to a queue for the GIL and the next calls leave late. Processes on separate cores
each run their own share.

Linux only in practice: the workers are forked (``fork`` start method), so they start in
milliseconds with everything the parent has imported and loaded (KB tables, prompts); nothing
is pickled on the way in. The parent must not have started the method's resources: each worker
builds its own method (``build``), whose chat model, HTTP clients and Prolog engines are then its
own. Records come back over a pipe and are handed to ``done`` in the calling thread, in the
order they finish, as with :func:`taxlogic.eval.harness.concurrency.run_bounded`.
"""

from __future__ import annotations

import multiprocessing as mp
import os
import pickle
import resource
import signal
import sys
import threading
import traceback
from multiprocessing.connection import Connection, wait
from typing import Any, Callable, Sequence, TypeVar

from taxlogic import spans
from taxlogic.eval.harness.concurrency import run_bounded

T = TypeVar("T")

#: ``build(concurrency)`` -> (``work``, ``close``): made in each worker process for its share of the
#: slots; ``work(item, slot_wait_seconds)`` does one item; ``close()`` frees the worker's
#: resources (engines) and returns a JSON-able report or None.
Build = Callable[[int], "tuple[Callable[[Any, float], Any], Callable[[], Any]]"]


class WorkerDied(RuntimeError):
    """A worker process ended without finishing its share (killed, out of memory, a crash in C).
    ``str(exc)`` names it and its exit code; the cases it was running are not saved."""


def auto_processes(concurrency: int, cores: int | None = None) -> int:
    """Worker processes for ``concurrency`` cases in flight: one per 16 cases in flight, at most
    one per core, at least 1 (so concurrency 8 stays in one process). One interpreter serves
    ~25-35 rounds of a case (an LLM call and its Python) per second on this project's cases
    (see the module doc): 16 cases in flight at a 1 s endpoint is about half of that."""
    if not can_fork():
        return 1
    cores = cores or os.cpu_count() or 1
    return max(1, min(cores, concurrency // 16))


def can_fork() -> bool:
    """Can this platform start the workers (Linux: the ``fork`` start method, safe there)?"""
    return sys.platform.startswith("linux") and "fork" in mp.get_all_start_methods()


def shares(concurrency: int, processes: int) -> list[int]:
    """``concurrency`` slots split over ``processes`` workers as evenly as possible (none empty)."""
    processes = max(1, min(processes, concurrency))
    return [concurrency // processes + (i < concurrency % processes) for i in range(processes)]


def _worker(items: Sequence[Any], build: Build, share: int, cursor: Any, stop: Any, conn: Connection) -> None:
    """One worker process: take items from the shared ``cursor`` (the next index) until none is
    left or ``stop`` is set, ``share`` at a time; send ``("done", index, result)`` for each, then
    ``("end", report)``; ``("error", exception, traceback text)`` if building or closing failed."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent decides when to stop (it sets `stop`)
    lock = threading.Lock()

    def send(message: tuple) -> None:
        with lock:
            conn.send(message)

    def indices():
        while not stop.is_set():
            with cursor.get_lock():
                i = cursor.value
                if i >= len(items):
                    return
                cursor.value = i + 1
            yield i

    try:
        work, close = build(share)
        try:
            run_bounded(indices(), lambda i, waited: work(items[i], waited),
                        lambda i, result: send(("done", i, result)), share, slot_wait=True)
        finally:
            report = close()
        usage = resource.getrusage(resource.RUSAGE_SELF)
        send(("end", {"report": report, "cpu": usage.ru_utime + usage.ru_stime,
                      "gauges": {name: g.steps() for name, g in spans.GAUGES.items()}}))
    except BaseException as exc:  # noqa: BLE001 - reported to the parent, which raises it
        text = traceback.format_exc(limit=8)
        try:
            pickle.loads(pickle.dumps(exc))  # the parent must be able to rebuild it
            send(("error", exc, text))
        except Exception:  # noqa: BLE001 - an exception that does not pickle: its text
            send(("error", None, text))
    finally:
        conn.close()


def run_forked(items: Sequence[T], build: Build, done: Callable[[T, Any], None], concurrency: int,
               processes: int) -> list[dict]:
    """``done(item, result)`` for every item, the work done by ``processes`` forked workers that
    share ``concurrency`` slots (:func:`shares`) and take the items in order as slots free up.
    ``done`` runs in the calling thread. The first exception from ``done`` or a
    ``KeyboardInterrupt`` stops the run as :func:`~taxlogic.eval.harness.concurrency.run_bounded` does:
    no item is started after it, items in progress finish and those that succeeded still reach
    ``done``, then the exception is re-raised (a second ``KeyboardInterrupt`` meanwhile terminates
    the workers at once, as it ends a run in threads). Raises :class:`WorkerDied` if a worker ends
    without finishing (the other workers' results are kept); the exception a worker's ``build``
    or ``close`` raised (RuntimeError with its traceback if it does not pickle); RuntimeError
    where workers cannot be forked (:func:`can_fork`). Returns each worker's end report:
    ``{"report": close()'s value, "cpu": the worker's own CPU seconds (its Prolog workers, once
    closed and reaped, count in this process's children's CPU), "gauges": name -> the steps of
    its :data:`taxlogic.spans.GAUGES`}``."""
    if not can_fork():
        raise RuntimeError("worker processes are forked, which needs Linux: run with --processes 1")
    ctx = mp.get_context("fork")
    cursor, stop = ctx.Value("l", 0), ctx.Event()
    alive: dict[Connection, Any] = {}
    reports: list[dict] = []
    for n, share in enumerate(shares(concurrency, processes)):
        receive, send = ctx.Pipe(duplex=False)
        proc = ctx.Process(target=_worker, args=(items, build, share, cursor, stop, send), name=f"taxlogic-slots-{n}")
        proc.start()
        send.close()
        alive[receive] = proc
    failure: BaseException | None = None

    def receive_from(conn: Connection) -> None:
        """Handle one message of a worker (or its end); the first failure stops the run."""
        nonlocal failure
        proc = alive[conn]
        try:
            message = conn.recv()
        except EOFError:  # the worker closed its end: finished, or died
            del alive[conn]
            proc.join()
            if proc.exitcode != 0 and failure is None:
                failure = WorkerDied(f"worker process {proc.name} ended with exit code {proc.exitcode}; the cases "
                                     "it was running are not saved: run the same command again to redo them")
                stop.set()
            return
        kind = message[0]
        if kind == "end":
            reports.append(message[1])
        elif kind == "error":
            if failure is None:
                failure = message[1] if message[1] is not None else RuntimeError(f"a worker process failed:\n{message[2]}")
            stop.set()
        else:
            try:
                done(items[message[1]], message[2])
            except BaseException as exc:  # noqa: BLE001 - the first one is re-raised after the drain
                if failure is None:
                    failure = exc
                stop.set()

    try:
        while alive:
            for conn in wait(list(alive)):
                receive_from(conn)
    except BaseException as exc:  # KeyboardInterrupt while waiting: in-progress items finish, successes are kept
        stop.set()
        failure = failure or exc
        try:
            while alive:
                for conn in wait(list(alive)):
                    receive_from(conn)
        except BaseException:  # a second Ctrl-C: the workers stop now, their items in progress are lost
            for proc in alive.values():
                proc.terminate()
            for proc in alive.values():
                proc.join()
            raise
    if failure is not None:
        raise failure
    return reports
