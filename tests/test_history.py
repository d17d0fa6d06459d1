"""The start order of a batch run from earlier runs' rounds (issue 27): :mod:`taxlogic.eval.harness.history`."""

from __future__ import annotations

import json
import threading

from taxlogic.eval.harness.history import case_rounds


def write_run(folder, records):
    folder.mkdir(parents=True)
    (folder / "records.jsonl").write_text("".join(json.dumps(r) + "\n" for r in records) + '{"cut by a cra')


def test_rounds_are_the_most_any_earlier_run_of_the_dataset_took(tmp_path):
    write_run(tmp_path / "agent-a", [{"case_id": "x", "dataset": "sara", "rounds": 4},
                                     {"case_id": "y", "dataset": "sara", "rounds": 1},
                                     {"case_id": "z", "dataset": "sara-plus", "rounds": 3}])
    write_run(tmp_path / "agent-b", [{"case_id": "x", "dataset": "sara", "rounds": 2},
                                     {"case_id": "y", "dataset": "sara", "rounds": 2},
                                     {"case_id": "w", "dataset": "sara", "rounds": 0}])  # gold: no LLM round
    assert case_rounds(tmp_path, "sara") == {"x": 4, "y": 2}
    assert case_rounds(tmp_path, "sara-plus") == {"z": 3}
    assert case_rounds(tmp_path / "none", "sara") == {}


def test_cases_that_took_more_rounds_start_first(sara_data_dir, tmp_path, monkeypatch):
    """The order the run hands its cases to the slots (recorded where the scheduler takes it:
    ``run_bounded``'s items, which its slots take one by one in that order): the cases that took
    more rounds first, then the benchmark's prior (numeric before entailment). Asserted on the
    recorded order, not on which of two threads called the method first (a race, issue 48)."""
    from taxlogic.eval.benchmarks import load_dataset
    from taxlogic.eval.harness import runner
    from taxlogic.eval.methods.registry import record_base
    from taxlogic.eval.scoring.records import CaseRecord, RunConfig, RunStore

    ds = load_dataset("sara", "test", "all")
    long = {ds.items[-1].id: 4, ds.items[len(ds.items) // 2].id: 3}  # late in every other order
    handed, ran, lock = [], [], threading.Lock()
    bounded = runner.run_bounded

    def recording(items, *args, **kwargs):
        items = list(items)
        handed.extend(i.id for i in items)
        return bounded(items, *args, **kwargs)

    def method(item):
        with lock:
            ran.append(item.id)
        return CaseRecord(**record_base(item, ds, "fake"), abstained=True)

    monkeypatch.setattr(runner, "run_bounded", recording)
    with RunStore(tmp_path / "r", RunConfig(method="fake", dataset="sara", split="test", task="all")) as store:
        assert runner.run_eval(ds, method, "fake", store, concurrency=2, rounds=long).ran == len(ds.items)
    assert handed[:2] == [ds.items[-1].id, ds.items[len(ds.items) // 2].id]  # most rounds first
    assert sorted(ran) == sorted(handed) == sorted(c.id for c in ds.items)  # every case once, only the order moved
    kind = {c.id: c.kind for c in ds.items}
    rest = [kind[i] for i in handed[2:]]
    n_numeric = rest.count("numeric")
    assert set(rest[:n_numeric]) == {"numeric"} and set(rest[n_numeric:]) == {"entailment"}  # then the prior


def test_each_case_runs_with_the_urgency_of_its_earlier_rounds(sara_data_dir, tmp_path):
    from taxlogic.eval.benchmarks import load_dataset
    from taxlogic.eval.methods.registry import record_base
    from taxlogic.eval.scoring.records import CaseRecord, RunConfig, RunStore
    from taxlogic.eval.harness.runner import run_eval
    from taxlogic.priority import current

    ds = load_dataset("sara", "test", "all", limit=6)
    seen = {}

    def method(item):
        seen[item.id] = current()
        return CaseRecord(**record_base(item, ds, "fake"), abstained=True)

    rounds = {ds.items[0].id: 4}
    for concurrency in (1, 3):
        seen.clear()
        with RunStore(tmp_path / f"c{concurrency}", RunConfig(method="fake", dataset="sara", split="test", task="all")) as store:
            run_eval(ds, method, "fake", store, concurrency=concurrency, rounds=rounds)
        assert seen == {c.id: 4.0 if c.id in rounds else 1.0 for c in ds.items}


def test_a_file_read_before_is_read_again_only_when_it_changed(tmp_path, monkeypatch):
    from pathlib import Path

    write_run(tmp_path / "agent-a", [{"case_id": "x", "dataset": "sara", "rounds": 2}])
    reads = []
    original = Path.read_text
    monkeypatch.setattr(Path, "read_text", lambda self, *a, **k: reads.append(self) or original(self, *a, **k))
    assert case_rounds(tmp_path, "sara") == {"x": 2} and case_rounds(tmp_path, "sara") == {"x": 2}
    assert len(reads) == 1  # the second call used what the first read
    with (tmp_path / "agent-a" / "records.jsonl").open("a") as f:
        f.write('\n{"case_id": "x", "dataset": "sara", "rounds": 4}\n')
    assert case_rounds(tmp_path, "sara") == {"x": 4}


def test_the_start_order_is_most_rounds_then_prior_then_the_given_order():
    from types import SimpleNamespace

    from taxlogic.eval.harness.history import start_order

    items = [SimpleNamespace(id=i, kind=k) for i, k in (("a", "binary"), ("b", "numeric"), ("c", "binary"),
                                                         ("d", "numeric"), ("e", "binary"))]
    prior = lambda c: 1.0 if c.kind == "numeric" else 0.0  # noqa: E731
    assert [c.id for c in start_order(items)] == ["a", "b", "c", "d", "e"]
    assert [c.id for c in start_order(items, prior=prior)] == ["b", "d", "a", "c", "e"]
    assert [c.id for c in start_order(items, {"e": 4, "c": 2, "zz": 9}, prior)] == ["e", "c", "b", "d", "a"]


def test_the_schedule_makespan_is_list_scheduling_in_the_given_order():
    import pytest

    from taxlogic.eval.harness.history import schedule_makespan

    assert schedule_makespan([], 64, 1.0) == 0.0
    assert schedule_makespan([1] * 128, 64, 1.0) == 2.0  # two full waves
    assert schedule_makespan([1] * 129, 64, 1.0) == 3.0
    # a long case started last holds the run open; started first, it overlaps the short ones
    assert schedule_makespan([1, 1, 1, 1, 4], 2, 0.5) == 3.0
    assert schedule_makespan([4, 1, 1, 1, 1], 2, 0.5) == 2.0
    assert schedule_makespan([3], 8, 1.5) == 4.5
    with pytest.raises(ValueError, match="at least 1"):
        schedule_makespan([1], 0, 1.0)
