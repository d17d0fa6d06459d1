"""Bounded concurrency: work on items with at most N calls in flight (LLM calls, agent runs)."""

from __future__ import annotations

from concurrent.futures import FIRST_COMPLETED, ThreadPoolExecutor, wait
from typing import Any, Callable, Iterable, TypeVar

T = TypeVar("T")
R = TypeVar("R")


def run_bounded(items: Iterable[T], work: Callable[[T], R], done: Callable[[T, R], None], concurrency: int) -> None:
    """``done(item, work(item))`` for every item: in order in the calling thread when
    ``concurrency`` is 1, else in a thread pool with at most ``concurrency`` calls of ``work`` in
    flight, ``done`` called in the calling thread as each finishes. The first exception (from
    ``work`` or ``done``, or a ``KeyboardInterrupt``) stops the run: queued items are never
    started, calls already running are awaited and those that succeeded still reach ``done``,
    and the exception is re-raised."""
    if concurrency <= 1:
        for item in items:
            done(item, work(item))
        return
    with ThreadPoolExecutor(max_workers=concurrency) as pool:
        queue = iter(items)
        running: dict[Any, T] = {}
        for item in queue:
            running[pool.submit(work, item)] = item
            if len(running) >= concurrency:
                break
        try:
            while running:
                finished, _ = wait(running, return_when=FIRST_COMPLETED)
                for fut in finished:
                    item = running.pop(fut)
                    done(item, fut.result())
                    for nxt in queue:
                        running[pool.submit(work, nxt)] = nxt
                        break
        except BaseException:
            for fut, item in running.items():
                if not fut.cancel() and fut.exception() is None:
                    done(item, fut.result())  # finished while we were failing: keep it
            raise
