"""How urgent the work of the current case is, for a shared resource that serves the most urgent
first (the Prolog engine's idle workers, :class:`taxlogic.tools.engine.Engine`).

A batch run sets it per case (:func:`taxlogic.eval.harness.runner.run_eval`): the LLM rounds the case
took in an earlier run (:mod:`taxlogic.eval.harness.history`). A case with more rounds ahead is on the
run's critical path: its Prolog job delays the end of the run, while another's delays only that
case. Measured at concurrency 64 over two processes on two cores (``bench/endpoint_concurrency.py
--order history``): the four-round cases waited 2-3 s for a worker in their first round, behind
the first wave's other jobs. Where nothing sets it, every job has the same urgency and waits in
turn. Within a case, a Prolog job of its k-th round has urgency at least k (:func:`at_least`):
a case already in repair has shown it is long, in a first run too.

This module imports nothing from taxlogic's layers (tools, agent and eval use it).
"""

from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from typing import Iterator

_URGENCY: ContextVar[float] = ContextVar("taxlogic_urgency", default=0.0)


def current() -> float:
    """The current case's urgency (0 where none was set; higher is served first)."""
    return _URGENCY.get()


@contextmanager
def urgency(value: float) -> Iterator[None]:
    """Within the block, work of this thread (and of tasks copying its context) has urgency ``value``."""
    token = _URGENCY.set(float(value))
    try:
        yield
    finally:
        _URGENCY.reset(token)


@contextmanager
def at_least(value: float) -> Iterator[None]:
    """Within the block, urgency is at least ``value`` (the current urgency if higher): what the
    work itself shows of its length, e.g. a case in its third round of LLM calls has taken at
    least three (:func:`taxlogic.agent.execute.execute`), whatever an earlier run said."""
    with urgency(max(current(), float(value))):
        yield
