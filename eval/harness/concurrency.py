"""Bounded concurrency: work on items with at most N calls in flight (LLM calls, agent runs)."""

from __future__ import annotations

import queue
import threading
import time
from typing import Any, Callable, Iterable, TypeVar

T = TypeVar("T")
R = TypeVar("R")

_END = object()


def run_bounded(items: Iterable[T], work: Callable[..., R], done: Callable[[T, R], None], concurrency: int, *,
                slot_wait: bool = False) -> None:
    """``done(item, work(item))`` for every item: in order in the calling thread when
    ``concurrency`` is 1, else on ``concurrency`` threads, each taking the next item itself as
    soon as it is free (a slot never waits for the calling thread), ``done`` called in the
    calling thread as each finishes. The threads all start before any work does (starting a
    thread while others run Python waits for the GIL). The first exception (from ``work`` or
    ``done``, or a ``KeyboardInterrupt``) stops the run: items not yet taken are never started,
    calls already running are awaited and those that succeeded still reach ``done``, and the
    exception is re-raised.

    ``slot_wait``: call ``work(item, seconds)`` instead, ``seconds`` being how long the item's
    slot stood free before ``work`` started (since the run began, or since the call that held
    the slot returned)."""
    def call(item: T, free_since: float) -> tuple[R, float]:
        result = work(item, time.perf_counter() - free_since) if slot_wait else work(item)
        return result, time.perf_counter()

    if concurrency <= 1:
        free = time.perf_counter()
        for item in items:
            result, free = call(item, free)
            done(item, result)
        return

    source, take = iter(items), threading.Lock()
    finished: queue.Queue = queue.Queue()
    go, stop = threading.Event(), threading.Event()

    def slot() -> None:
        go.wait()
        free = start
        try:
            while not stop.is_set():
                with take:
                    item = next(source, _END)
                if item is _END:
                    return
                try:
                    result, free = call(item, free)
                except BaseException as exc:  # noqa: BLE001 - handed to the calling thread
                    stop.set()
                    finished.put((item, None, exc))
                    return
                finished.put((item, result, None))
        finally:
            finished.put(_END)

    threads = [threading.Thread(target=slot, name=f"slot-{i}", daemon=True) for i in range(concurrency)]
    for t in threads:
        t.start()
    start = time.perf_counter()
    go.set()
    alive = len(threads)
    try:
        while alive:
            got = finished.get()
            if got is _END:
                alive -= 1
                continue
            item, result, exc = got
            if exc is not None:
                raise exc
            done(item, result)
    except BaseException:
        stop.set()
        while alive:  # calls already running finish; those that succeeded are kept
            got = finished.get()
            if got is _END:
                alive -= 1
            elif got[2] is None:
                done(got[0], got[1])
        raise
    finally:
        for t in threads:
            t.join()
