"""Running a method over a dataset: concurrent, resumable, every record saved as it finishes."""

from __future__ import annotations

import traceback
from concurrent.futures import FIRST_COMPLETED, ThreadPoolExecutor, wait
from typing import Callable

from taxlogic.eval.datasets import Dataset
from taxlogic.eval.methods import Method
from taxlogic.eval.records import CaseRecord, RunStore
from taxlogic.kb.cases import Case


def _safe(method: Method, item: Case, ds: Dataset, method_name: str) -> CaseRecord:
    """A method bug on one case becomes an invalid record with the error, not a crashed run."""
    try:
        return method(item)
    except Exception as exc:  # noqa: BLE001 - recorded, the run goes on
        return CaseRecord(case_id=item.id, dataset=ds.name, split=ds.split, kind=item.kind, rules=item.rules,
                          method=method_name, gold=item.expected, invalid=True,
                          reason=f"{type(exc).__name__}: {exc}", errors=[traceback.format_exc(limit=3)])


def run_eval(ds: Dataset, method: Method, method_name: str, store: RunStore, *, concurrency: int = 1,
             on_record: Callable[[CaseRecord], None] | None = None) -> int:
    """Evaluate every item of ``ds`` not yet in ``store`` with at most ``concurrency`` cases in
    flight; append each record as it finishes. Returns how many cases were run now."""
    done = store.done_ids()
    todo = [c for c in ds.items if c.id not in done]
    if not todo:
        return 0
    ran = 0
    with ThreadPoolExecutor(max(1, concurrency)) as ex:
        pending = set()
        queue = iter(todo)
        for item in queue:
            pending.add(ex.submit(_safe, method, item, ds, method_name))
            if len(pending) >= concurrency:
                break
        while pending:
            finished, pending = wait(pending, return_when=FIRST_COMPLETED)
            for fut in finished:
                rec = fut.result()
                store.append(rec)
                ran += 1
                if on_record:
                    on_record(rec)
                nxt = next(queue, None)
                if nxt is not None:
                    pending.add(ex.submit(_safe, method, nxt, ds, method_name))
    return ran
