"""taxlogic.tables.shared_table: a loader's table is built once, even when threads ask at once."""

from __future__ import annotations

import threading
import time

import pytest

from taxlogic.tables import shared_table


def test_threads_asking_at_once_build_the_table_once():
    builds = []

    @shared_table
    def table(name: str) -> dict:
        builds.append(name)
        time.sleep(0.05)  # long enough for every thread to arrive while it is built
        return {"name": name}

    got, go = [], threading.Event()

    def ask() -> None:
        go.wait()
        got.append(table("statutes"))

    threads = [threading.Thread(target=ask) for _ in range(16)]
    for t in threads:
        t.start()
    go.set()
    for t in threads:
        t.join()
    assert builds == ["statutes"]
    assert len(got) == 16 and all(g is got[0] for g in got)
    assert table("statutes") is got[0] and builds == ["statutes"]


def test_arguments_keys_size_bound_errors_and_clear():
    builds = []

    @shared_table(maxsize=2)
    def table(a: int, scale: int = 1) -> int:
        builds.append((a, scale))
        if a < 0:
            raise ValueError("no such table")
        return a * scale

    assert table(1) == 1 and table(1, scale=3) == 3 and table(1) == 1
    assert builds == [(1, 1), (1, 3)]
    table(2)  # a third value: the oldest built goes
    table(1)
    assert builds[-1] == (1, 1) and len(builds) == 4
    with pytest.raises(ValueError):
        table(-1)
    with pytest.raises(ValueError):  # a failure is not kept: asked again, built again
        table(-1)
    assert builds.count((-1, 1)) == 2
    table.cache_clear()
    table(2)
    assert builds[-1] == (2, 1)
    assert table.__name__ == "table"
