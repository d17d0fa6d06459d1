"""Running a method over a dataset: concurrent, resumable, every record scored by the benchmark
(:func:`taxlogic.eval.benchmarks.score`) and saved as it finishes."""

from __future__ import annotations

import traceback
from typing import Any, Callable

from taxlogic.eval.benchmarks import Dataset, score
from taxlogic.eval.concurrency import run_bounded
from taxlogic.eval.methods import Method, record_base
from taxlogic.eval.records import CaseRecord, RunStore


def _safe(method: Method, item: Any, ds: Dataset, method_name: str) -> CaseRecord:
    """A method bug on one case becomes an invalid record with the error, not a crashed run."""
    try:
        return method(item)
    except Exception as exc:  # noqa: BLE001 - recorded, the run goes on
        return CaseRecord(**record_base(item, ds, method_name), invalid=True,
                          reason=f"{type(exc).__name__}: {exc}", errors=[traceback.format_exc(limit=3)])


def run_eval(ds: Dataset, method: Method, method_name: str, store: RunStore, *, concurrency: int = 1,
             on_record: Callable[[CaseRecord], None] | None = None) -> int:
    """Evaluate every item of ``ds`` not yet in ``store`` with at most ``concurrency`` cases in
    flight; score each record by ``ds.benchmark`` and append it as it finishes. Returns how many
    cases were run now."""
    done = store.done_ids()
    todo = [c for c in ds.items if c.id not in done]
    ran = 0

    def finished(item: Any, record: CaseRecord) -> None:
        nonlocal ran
        record = score(ds.benchmark, item, record)
        store.append(record)
        ran += 1
        if on_record:
            on_record(record)

    run_bounded(todo, lambda item: _safe(method, item, ds, method_name), finished, max(1, concurrency))
    return ran
