"""What earlier runs say a case costs: the start order of a batch run (issue 27).

A run at concurrency > 1 starts its cases costliest first, so that no long case starts in the
last seconds and holds the whole run open behind it. Which cases are long is known only once they
have run: on SARA's 317 rule-free cases through the gold endpoint, 30 take four rounds of LLM
calls (they abstain after three repairs) and 287 take one, and nothing in a case's text tells
them apart. A list-scheduling simulation of 64 slots at 1.0 s a round ends at 9.0 s in the
benchmark's order and at 7.0 s with the four-round cases first (:func:`schedule_makespan`; the
endpoint-bound ideal is 6.4 s).
The paper grid and every re-run evaluate the same case ids again (other methods, models,
perturbations), so the rounds a case took before are the best guess of what it takes now.

:func:`case_rounds` reads them from the run folders beside the new one (``records.jsonl``,
:mod:`taxlogic.eval.scoring.records`); the runner starts the cases with more rounds first, the others in
the benchmark's own order (:func:`start_order`,
:meth:`~taxlogic.eval.benchmarks.Benchmark.expected_cost`). Only
the order changes: which cases run, and each one's record, do not depend on it.
"""

from __future__ import annotations

import heapq
import json
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TypeVar

T = TypeVar("T")


def start_order(items: Iterable[T], rounds: dict[str, int] | None = None,
                prior: Callable[[T], float] | None = None) -> list[T]:
    """The order a batch run at concurrency > 1 starts ``items`` (objects with ``id``): most
    ``rounds`` first (case id -> LLM rounds an earlier run took, :func:`case_rounds`; 1 for a case
    not in it), then highest ``prior`` (:meth:`~taxlogic.eval.benchmarks.Benchmark.expected_cost`),
    then their own order (the sort is stable)."""
    known, cost = rounds or {}, prior or (lambda _: 0.0)
    return sorted(items, key=lambda c: (-known.get(c.id, 1), -cost(c)))


def schedule_makespan(rounds: Sequence[int], slots: int, seconds_per_round: float) -> float:
    """Seconds a batch run needs if nothing but the endpoint took time: cases of ``rounds`` LLM
    rounds each, started in that order, each in the first of ``slots`` slots to free up, each
    round ``seconds_per_round`` (list scheduling, Graham 1966). A bound for that start order: no
    run in it can end sooner. 0.0 for no cases. Raises ValueError if ``slots`` < 1."""
    if slots < 1:
        raise ValueError(f"schedule_makespan: slots must be at least 1, not {slots}")
    free = [0.0] * min(slots, max(len(rounds), 1))
    end = 0.0
    for n in rounds:
        start = heapq.heappop(free)
        end = max(end, start + n * seconds_per_round)
        heapq.heappush(free, start + n * seconds_per_round)
    return end


def case_rounds(runs: Path, dataset: str) -> dict[str, int]:
    """Case id -> the most LLM rounds (``rounds`` of an agent record) any run under ``runs``
    (its subfolders' ``records.jsonl``) took on that case of ``dataset`` (the record's
    ``dataset`` field). Unreadable lines and folders are skipped; {} when there are none. A file
    read before and unchanged since (size and modification time) is not read again: the paper
    grid asks before each of its cells, over the same finished cells."""
    rounds: dict[str, int] = {}
    for path in sorted(Path(runs).glob("*/records.jsonl")):
        for (ds, case_id), n in _file_rounds(path).items():
            if ds == dataset:
                rounds[case_id] = max(n, rounds.get(case_id, 0))
    return rounds


_READ: dict[Path, tuple[tuple[int, int], dict[tuple[str, str], int]]] = {}


def _file_rounds(path: Path) -> dict[tuple[str, str], int]:
    """(dataset, case id) -> the most rounds in one ``records.jsonl``, remembered per file version."""
    try:
        stat = path.stat()
    except OSError:
        return {}
    version = (stat.st_size, stat.st_mtime_ns)
    known = _READ.get(path)
    if known is not None and known[0] == version:
        return known[1]
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError:
        return {}
    found: dict[tuple[str, str], int] = {}
    for line in lines:
        try:
            rec = json.loads(line)
        except ValueError:  # a line cut by a crash
            continue
        if not isinstance(rec, dict):
            continue
        n, case_id, ds = rec.get("rounds"), rec.get("case_id"), rec.get("dataset")
        if isinstance(n, int) and n > 0 and isinstance(case_id, str) and isinstance(ds, str):
            found[(ds, case_id)] = max(n, found.get((ds, case_id), 0))
    _READ[path] = (version, found)
    return found
