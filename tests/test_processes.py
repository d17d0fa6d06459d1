"""Batch runs over worker processes (issue 27): :mod:`taxlogic.eval.harness.processes`, ``run_eval(processes=)``,
the profile over processes, ``eval run --processes``."""

from __future__ import annotations

import json
import os

import pytest
from taxlogic.eval.harness.processes import WorkerDied, auto_processes, run_forked, shares
from typer.testing import CliRunner

from taxlogic import spans


def squares(share: int):
    """A build: work squares the item (the worker's pid with it), close reports the share."""
    return (lambda item, waited: (item * item, os.getpid())), (lambda: {"share": share})


def test_every_item_is_done_once_in_the_calling_process_by_the_workers():
    seen: dict[int, tuple[int, int]] = {}
    reports = run_forked(list(range(200)), squares, lambda i, r: seen.__setitem__(i, r), 6, 2)
    assert sorted(seen) == list(range(200)) and all(r[0] == i * i for i, r in seen.items())
    assert os.getpid() not in {pid for _, pid in seen.values()}  # the work ran in the workers
    assert sorted(r["report"]["share"] for r in reports) == [3, 3]
    assert all(r["cpu"] >= 0 and set(r["gauges"]) == set(spans.GAUGES) for r in reports)


def test_slots_are_shared_out_and_the_automatic_count_follows_concurrency_and_cores():
    assert shares(64, 2) == [32, 32] and shares(7, 3) == [3, 2, 2] and shares(2, 5) == [1, 1]
    assert auto_processes(8, cores=2) == 1 and auto_processes(64, cores=2) == 2
    assert auto_processes(64, cores=8) == 4 and auto_processes(1, cores=8) == 1


def test_an_exception_from_done_stops_the_run_and_is_raised():
    seen: list[int] = []

    def done(i, r):
        seen.append(i)
        if len(seen) == 5:
            raise KeyError("stop here")

    with pytest.raises(KeyError, match="stop here"):
        run_forked(list(range(10_000)), squares, done, 4, 2)
    assert 5 <= len(seen) < 10_000  # items in progress finished; the rest were never started


def test_a_worker_that_dies_is_reported_and_the_other_results_are_kept():
    def build(share):
        def work(item, waited):
            if item == 7:
                os._exit(3)  # a worker killed mid-run
            return item
        return work, lambda: None

    seen: list[int] = []
    with pytest.raises(WorkerDied, match="exit code 3"):
        run_forked(list(range(40)), build, lambda i, r: seen.append(i), 2, 2)
    assert 7 not in seen and len(seen) >= 1


def test_a_build_that_fails_raises_its_own_exception_in_the_parent():
    def build(share):
        raise ValueError("no exemplars left")

    with pytest.raises(ValueError, match="no exemplars left"):
        run_forked([1, 2, 3], build, lambda i, r: None, 2, 2)


def test_gauges_of_another_process_add_to_this_ones():
    g = spans.Gauge("test")
    with g:
        other = spans.Gauge("other")
        with other, other:
            pass
        g.absorb(other.steps())
    assert [n for _, n in g.steps()][-1] == 0  # every call ended
    assert max(n for _, n in g.steps()) >= 1


@pytest.fixture
def sara_endpoint(sara_data_dir, monkeypatch):
    from taxlogic.eval.benchmarks import load_dataset
    from taxlogic.eval.faults.gold_endpoint import GoldEndpoint

    from taxlogic.settings import get_settings

    ds = load_dataset("sara", "test", "all", limit=12)
    ep = GoldEndpoint(ds.items).start()
    for k, v in {"LLM_BASE_URL": ep.base_url, "LLM_CACHE": "0", "WORKERS": "1"}.items():
        monkeypatch.setenv(f"TAXLOGIC_{k}", v)
    get_settings.cache_clear()
    yield ds, ep
    ep.stop()
    get_settings.cache_clear()


def test_agent_records_over_two_processes_equal_those_of_one(sara_endpoint, tmp_path):
    from taxlogic.eval.methods.registry import Engines, MethodBuilder, MethodOptions, make_method
    from taxlogic.eval.harness.profile import RunProfile, render
    from taxlogic.eval.scoring.records import RunConfig, RunStore, read_records
    from taxlogic.eval.harness.runner import run_eval

    ds, _ = sara_endpoint
    options = MethodOptions(budget=1, anchors=False)
    cfg = RunConfig(method="agent", dataset="sara", split="test", task="all", budget=1)
    engines = Engines(ds)
    try:
        with RunStore(tmp_path / "one", cfg) as store:
            run_eval(ds, make_method("agent", ds, MethodOptions(engines=engines, budget=1, anchors=False)), "agent", store,
                     concurrency=4)
    finally:
        engines.close()
    profile = RunProfile(4)
    with RunStore(tmp_path / "two", cfg) as store:
        counts = run_eval(ds, MethodBuilder("agent", ds, options, workers=1), "agent", store, concurrency=4,
                          processes=2, on_record=profile.add)
    profile.add_workers(counts.workers)
    p = profile.finish()
    fields = {"prediction", "correct", "abstained", "invalid", "reason", "errors", "rounds", "facts"}
    one = {r.case_id: r.model_dump(include=fields) for r in read_records(tmp_path / "one")}
    two = {r.case_id: r.model_dump(include=fields) for r in read_records(tmp_path / "two")}
    assert counts.ran == 12 and len(counts.workers) == 2 and one == two
    assert p["processes"] == 2 and p["llm_calls"]["most"] >= 1  # the workers' gauges reached the profile
    assert p["cpu"]["process"] > 0 and p["cpu"]["prolog"] > 0
    assert "over 2 processes" in render(p)[0]


def test_a_plain_method_cannot_be_spread_over_processes(sara_endpoint, tmp_path):
    from taxlogic.eval.scoring.records import RunConfig, RunStore
    from taxlogic.eval.harness.runner import run_eval

    ds, _ = sara_endpoint
    with RunStore(tmp_path / "r", RunConfig(method="gold", dataset="sara", split="test", task="all")) as store:
        with pytest.raises(ValueError, match="MethodBuilder"):
            run_eval(ds, lambda item: None, "gold", store, concurrency=4, processes=2)


def test_eval_run_over_processes(sara_data_dir, tmp_path, monkeypatch):
    from taxlogic.cli import app

    monkeypatch.setenv("TAXLOGIC_WORKERS", "1")
    out = tmp_path / "run"
    res = CliRunner().invoke(app, ["eval", "run", "--method", "gold", "--limit", "6", "--concurrency", "4",
                                   "--processes", "2", "--out", str(out), "--profile", "--json"])
    assert res.exit_code == 0, res.output
    summary = json.loads(res.output)
    assert summary["profile"]["processes"] == 2 and summary["profile"]["cases"] == 6
    assert len((out / "records.jsonl").read_text().splitlines()) == 6


def test_ctrl_c_while_waiting_stops_the_workers_and_keeps_what_finished():
    import signal
    import threading
    import time

    def build(share):
        return (lambda item, waited: time.sleep(0.02) or item), (lambda: None)

    seen: list[int] = []
    timer = threading.Timer(0.5, lambda: os.kill(os.getpid(), signal.SIGINT))
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        run_forked(list(range(100_000)), build, lambda i, r: seen.append(i), 4, 2)
    timer.join()
    assert 0 < len(seen) < 100_000 and len(set(seen)) == len(seen)
    import multiprocessing

    assert not [p for p in multiprocessing.active_children() if p.name.startswith("taxlogic-slots-")]  # all joined


def test_the_machine_cpu_timeline_sees_a_busy_core():
    import time

    from taxlogic.eval.harness.profile import MachineCPU

    machine = MachineCPU(interval=0.02)
    start = time.perf_counter()
    while time.perf_counter() - start < 0.6:  # one core busy for the whole window
        pass
    end = time.perf_counter()
    machine.stop()
    timeline = machine.timeline(start, end, buckets=3)
    cores = os.cpu_count() or 1
    assert timeline is not None and len(timeline) == 3
    assert all(1 / cores * 0.7 <= x <= 1.0 for x in timeline), timeline  # at least ~one core of them


def test_prolog_workers_per_process_split_the_given_count_or_the_cores(sara_data_dir, monkeypatch):
    from taxlogic.eval.benchmarks import load_dataset
    from taxlogic.eval.methods.registry import Engines
    from taxlogic.settings import get_settings

    ds = load_dataset("sara", "test", "all", limit=1)
    cores = os.cpu_count() or 1
    monkeypatch.delenv("TAXLOGIC_WORKERS", raising=False)
    get_settings.cache_clear()
    try:
        assert Engines(ds, concurrency=64).per_process(2) == max(1, cores // 2)  # one per core in all
        assert Engines(ds, concurrency=64).per_process(cores * 4) == 1  # never none
        assert Engines(ds, workers=6).per_process(2) == 3
        monkeypatch.setenv("TAXLOGIC_WORKERS", "8")
        get_settings.cache_clear()
        assert Engines(ds).per_process(4) == 2
    finally:
        get_settings.cache_clear()


def test_where_workers_cannot_be_forked_runs_stay_in_one_process(monkeypatch):
    import taxlogic.eval.harness.processes as processes

    monkeypatch.setattr(processes.sys, "platform", "win32")
    assert processes.auto_processes(64, cores=8) == 1
    with pytest.raises(RuntimeError, match="--processes 1"):
        run_forked([1, 2], squares, lambda i, r: None, 2, 2)


def test_a_build_error_that_cannot_be_rebuilt_arrives_as_its_traceback():
    class Odd(Exception):
        def __init__(self, a, b):  # pickles, but cannot be rebuilt from its args
            super().__init__(f"{a}{b}")

    def build(share):
        raise Odd("no ", "engine")

    with pytest.raises(RuntimeError, match="no engine"):
        run_forked([1, 2, 3], build, lambda i, r: None, 2, 2)


def test_a_second_ctrl_c_while_draining_terminates_the_workers():
    import multiprocessing
    import signal
    import threading
    import time

    def build(share):
        return (lambda item, waited: time.sleep(30) or item), (lambda: None)  # items that never finish in time

    timers = [threading.Timer(t, lambda: os.kill(os.getpid(), signal.SIGINT)) for t in (0.5, 1.0)]
    for t in timers:
        t.start()
    start = time.perf_counter()
    with pytest.raises(KeyboardInterrupt):
        run_forked(list(range(10)), build, lambda i, r: None, 2, 2)
    for t in timers:
        t.join()
    assert time.perf_counter() - start < 10  # not the 30 s the items in progress would take
    assert not [p for p in multiprocessing.active_children() if p.name.startswith("taxlogic-slots-")]
