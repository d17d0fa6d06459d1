"""Tables read once per process and shared by every thread: statute words, defined terms,
vocabularies, prompt templates, errata — what a loader builds from files and every case reads.

``functools.lru_cache`` alone lets threads that ask at the same moment each build the value: at
the start of a run with ``--concurrency 64``, 64 case threads read and parse the same statute
files 64 times, one after the other under the GIL, before any of them sends its next request.
:func:`shared_table` keeps each table once built and builds it under one lock per loader, so
the first caller builds the table and the others wait for it and take the same object.

This module imports nothing from taxlogic's layers (tools, kb, agent and eval all use it).
"""

from __future__ import annotations

import os
import threading
from functools import update_wrapper
from typing import Callable, TypeVar

T = TypeVar("T")


def shared_table(fn: Callable[..., T] | None = None, *, maxsize: int | None = 16):
    """Decorator: cache ``fn``'s result per arguments (which must be hashable) and build each
    value once even when threads ask at once. A value already built is read without a lock (one
    dict lookup: a thread that holds a lock and loses the GIL would stall every other reader); a
    missing one is built under a re-entrant lock per decorated function, held while it is built,
    so the callers that arrive meanwhile wait and take the same object. Use it on loaders whose
    arguments are names or paths, not on per-case computations (the lock would serialise them).
    ``maxsize``: values kept (the oldest built goes first; None: no bound). ``cache_clear()``
    forgets them all. A forked process keeps the values built and gets new locks.

    Usable bare (``@shared_table``) or with a size (``@shared_table(maxsize=4)``)."""

    def wrap(f: Callable[..., T]) -> Callable[..., T]:
        values: dict = {}
        locks = [threading.RLock()]

        def wrapper(*args, **kwargs) -> T:
            key = (args, tuple(sorted(kwargs.items()))) if kwargs else args
            try:
                return values[key]
            except KeyError:
                pass
            with locks[0]:
                if key not in values:
                    value = f(*args, **kwargs)
                    if maxsize is not None and len(values) >= maxsize:
                        values.pop(next(iter(values)))
                    values[key] = value
                return values[key]

        # a forked child (a batch run's worker process) keeps the tables built, but a lock another
        # thread of the parent held at the fork would never be released there: a new one
        os.register_at_fork(after_in_child=lambda: locks.__setitem__(0, threading.RLock()))
        update_wrapper(wrapper, f)
        wrapper.cache_clear = values.clear  # type: ignore[attr-defined]
        return wrapper

    return wrap(fn) if fn is not None else wrap
