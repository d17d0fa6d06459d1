"""Timing spans (taxlogic.spans), the run profile (eval/harness/profile.py) and bounded concurrency: spans
are exclusive and add up, gauges count calls in flight, batch records carry their spans, a run at
concurrency 8 gives the same records as at 1, and ``eval run --profile`` saves where the slots went."""

from __future__ import annotations

import json
import threading

import pytest
from typer.testing import CliRunner

from taxlogic import spans
from taxlogic.eval.harness.concurrency import run_bounded


class FakeClock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch):
    c = FakeClock()
    monkeypatch.setattr(spans.time, "perf_counter", c)
    return c


def test_spans_are_exclusive_and_add_up_to_the_case(clock):
    with spans.case_clock() as case:
        clock.now += 1  # graph
        with spans.span("inspect"):
            clock.now += 2
            with spans.span("engine"):
                clock.now += 3  # counted under engine only
            clock.now += 0.5
        with spans.span("llm"):
            clock.now += 4
        case.add("slot_wait", 0.25)
        case.move("llm", "llm_wait", 1.5)
    assert case.totals == {"graph": 1, "inspect": 2.5, "engine": 3, "llm": 2.5, "llm_wait": 1.5, "slot_wait": 0.25}
    assert sum(case.totals.values()) == 10.5 + 0.25
    assert case.counts == {"inspect": 1, "engine": 1, "llm": 1, "slot_wait": 1}
    assert spans.current() is None  # the case's clock is gone with it


def test_cpu_is_counted_under_the_innermost_phase_where_it_is_spent(clock, monkeypatch):
    cpu = FakeClock()
    monkeypatch.setattr(spans.time, "thread_time", cpu)
    with spans.case_clock() as case:
        cpu.now += 1  # the graph: other
        with spans.span("inspect"):  # no phase of its own: other
            cpu.now += 2
            with spans.span("grounding"):
                cpu.now += 3
            with spans.span("omissions"):
                with spans.span("engine"):  # a job inside a phase: that phase's
                    cpu.now += 0.5
                    case.add_job(0.0, 7.0)
                case.add_job(0.25, 1.5)  # a batched job's pool thread and worker
        with spans.span("execute"):
            case.add_job(0.0, 4.0)
    assert case.rounded_phases() == {"python": {"grounding": 3.0, "omission candidates": 0.75, "other": 3.0},
                                     "prolog": {"engine": 4.0, "omission candidates": 8.5}}


def test_phase_table_means_tails_and_cpu_outside_cases():
    from types import SimpleNamespace

    from taxlogic.eval.harness.profile import phase_table

    recs = [SimpleNamespace(phase_cpu={"python": {"grounding": g, "other": 0.01}, "prolog": {"engine": e}})
            for g, e in ((0.01, 0.02), (0.03, 0.02), (0.05, 0.5))]
    t = phase_table(recs, process_cpu=0.30, prolog_cpu=0.60)
    assert t["phases"]["grounding"]["mean"] == pytest.approx(0.03) and t["phases"]["grounding"]["max"] == 0.05
    assert t["phases"]["engine"]["p90"] == 0.5 and t["phases"]["engine"]["prolog"] == pytest.approx(0.18)
    assert t["phases"]["total"]["mean"] == pytest.approx((0.04 + 0.06 + 0.56) / 3)
    assert t["outside"] == {"python": pytest.approx((0.30 - 0.12) / 3), "prolog": pytest.approx((0.60 - 0.54) / 3)}
    assert t["all"] == pytest.approx(0.30)  # every CPU second of the run, per case


def test_span_outside_a_case_records_nothing(clock):
    with spans.span("llm"):
        clock.now += 1
    assert spans.current() is None


def test_gauge_mean_most_and_timeline(clock):
    g = spans.Gauge("calls")
    start = clock.now
    with g:             # one call for the first 2 s
        clock.now += 1
        with g:         # a second one for 1 s of them
            clock.now += 1
    clock.now += 2      # then nothing for 2 s
    stats = g.stats(start, clock.now, buckets=4)
    assert stats["most"] == 2
    assert stats["mean"] == pytest.approx(3 / 4)  # 3 call-seconds over 4 s
    assert stats["timeline"] == [1, 2, 0, 0]


def test_run_bounded_passes_slot_waits_and_stops_taking_items_after_a_failure():
    seen, started = [], []
    lock = threading.Lock()

    def work(item, waited):
        assert waited >= 0
        with lock:
            started.append(item)
        if item == 3:
            raise ValueError("boom")
        return item * 10

    with pytest.raises(ValueError):
        run_bounded(range(1000), work, lambda i, r: seen.append((i, r)), 4, slot_wait=True)
    assert all(r == i * 10 for i, r in seen) and 3 not in {i for i, _ in seen}
    assert len(started) < 50  # items not yet taken when it failed were never started
    seen.clear()
    run_bounded(range(50), lambda i: i, lambda i, r: seen.append(r), 8)
    assert sorted(seen) == list(range(50))


def test_a_single_solve_traces_each_steps_spans(ctx_for, sara_data_dir):
    from fakes import scripted

    from taxlogic.agent.solve import solve_once
    from taxlogic.agent.state import CaseInput
    from taxlogic.eval.faults.verifier import gold_program
    from taxlogic.kb.sara.data.cases import load_cases

    case = next(c for c in load_cases(split="test", kind="numeric") if not gold_program(c).rule_text.strip())
    result = solve_once(CaseInput.from_case(case), ctx_for(scripted([gold_program(case).fact_text]), budget=0))
    steps = {ev.node: ev.spans for ev in result.trace}
    assert "llm" in steps["generate"] and "generate" in steps["generate"]
    assert "engine" in steps["execute"] and "validate" in steps["validate"]
    assert all(sum(sp.values()) <= ev.seconds + 0.005 for ev, sp in ((e, e.spans) for e in result.trace))


# ------------------------------------------------------------------------------- batch runs

LIMIT = 10


@pytest.fixture
def endpoint_run(sara_data_dir, monkeypatch, tmp_path):
    """Run the agent (paper prompts) on the first LIMIT SARA test cases against the scripted gold
    endpoint at a concurrency; returns the records."""
    from taxlogic.eval.benchmarks import load_dataset
    from taxlogic.eval.faults.gold_endpoint import GoldEndpoint
    from taxlogic.eval.methods.registry import Engines, MethodOptions, make_method
    from taxlogic.eval.scoring.records import RunConfig, RunStore, read_records
    from taxlogic.eval.harness.runner import run_eval
    from taxlogic.settings import get_settings

    ds = load_dataset("sara", "test", "all", limit=LIMIT)
    ep = GoldEndpoint(ds.items).start()
    for k, v in {"LLM_BASE_URL": ep.base_url, "LLM_CACHE": "0", "WORKERS": "1"}.items():
        monkeypatch.setenv(f"TAXLOGIC_{k}", v)
    get_settings.cache_clear()
    engines = Engines(ds)

    def run(concurrency: int):
        out = tmp_path / f"c{concurrency}"
        with RunStore(out, RunConfig(method="agent", dataset="sara", split="test", task="all", budget=1)) as store:
            method = make_method("agent", ds, MethodOptions(engines=engines, budget=1, anchors=False))
            assert run_eval(ds, method, "agent", store, concurrency=concurrency).ran == LIMIT
        return {r.case_id: r for r in read_records(out)}

    yield run
    engines.close()
    ep.stop()
    get_settings.cache_clear()


def test_records_carry_spans_and_are_the_same_at_concurrency_1_and_8(endpoint_run):
    one, eight = endpoint_run(1), endpoint_run(8)
    fields = {"prediction", "correct", "abstained", "invalid", "reason", "errors", "rounds", "facts"}
    assert {k: r.model_dump(include=fields) for k, r in one.items()} == \
        {k: r.model_dump(include=fields) for k, r in eight.items()}
    for r in eight.values():
        # (a record keeps spans of 0.1 ms or more: validating facts parsed before, e.g. by the c1
        # run in this process, can take less, so "validate" is looked for in the trace below)
        assert {"llm", "engine", "grounding", "graph"} <= set(r.spans), r.spans  # grounding: the inspect node's checks
        assert all(v >= 0 for v in r.spans.values())
        assert sum(r.spans.values()) >= r.seconds * 0.99  # the spans cover the whole case
        assert set(r.span_cpu) <= set(r.spans) and r.span_cpu.get("inspect", 0) + r.span_cpu.get("grounding", 0) > 0
        # CPU by phase, where spent: the checks' Python here, the answer job's in its Prolog worker
        assert r.phase_cpu["python"]["grounding"] > 0 and r.phase_cpu["prolog"]["engine"] > 0, r.phase_cpu
        assert all(r.span_cpu[k] <= r.spans[k] + 0.005 for k in r.span_cpu)  # working is part of the wall time
        steps = {s.node: s.spans for s in r.transcript.trace}
        assert "validate" in steps  # the step ran (its spans may round to nothing)
        assert "llm" in steps["generate"] and "engine" in steps["execute"]  # each step's own spans in the trace


def test_profile_of_a_run(endpoint_run):
    from taxlogic.eval.harness.profile import RunProfile, render

    profile = RunProfile(4)
    for r in endpoint_run(4).values():
        profile.add(r)
    p = profile.finish()
    assert p["cases"] == LIMIT and p["concurrency"] == 4
    assert p["llm_calls"]["most"] >= 1 and p["cases_in_flight"]["most"] <= 4
    shares = sum(g["share"] for g in p["groups"].values())
    assert shares == pytest.approx(1.0, abs=0.02)  # every slot-second is somewhere
    assert p["groups"]["LLM call"]["seconds"] == pytest.approx(sum(r.spans.get("llm", 0) for r in profile.records), abs=0.01)
    text = "\n".join(render(p))
    assert "LLM calls" in text and "CPU: this process" in text and "omission candidates" in text


def test_eval_run_profile_saves_where_the_slots_went(sara_data_dir, tmp_path, monkeypatch):
    from taxlogic.cli import app

    monkeypatch.setenv("TAXLOGIC_WORKERS", "1")
    res = CliRunner().invoke(app, ["eval", "run", "--method", "gold", "--limit", "3", "--concurrency", "2",
                                   "--out", str(tmp_path / "run"), "--profile"])
    assert res.exit_code == 0, res.output
    assert "where the slots went" in res.output and "Prolog job" in res.output
    saved = json.loads((tmp_path / "run" / "profile.json").read_text())
    assert saved["cases"] == 3 and saved["groups"]["Prolog job (in the worker)"]["seconds"] > 0


# ------------------------------------------------------------------------ scheduling, pool size

def test_cases_start_costliest_first_at_concurrency_above_one(sara_data_dir, tmp_path):
    from taxlogic.eval.benchmarks import load_dataset
    from taxlogic.eval.methods.registry import record_base
    from taxlogic.eval.scoring.records import CaseRecord, RunConfig, RunStore
    from taxlogic.eval.harness.runner import run_eval

    ds = load_dataset("sara", "test", "all")
    kinds = {c.id: c.kind for c in ds.items}
    assert ds.items[0].kind == "entailment" and "numeric" in kinds.values()  # numeric cases come last by id
    started, lock = [], threading.Lock()

    def method(item):
        with lock:
            started.append(item.id)
        return CaseRecord(**record_base(item, ds, "fake"), abstained=True)

    for concurrency, out in ((1, "one"), (4, "four")):
        started.clear()
        with RunStore(tmp_path / out, RunConfig(method="fake", dataset="sara", split="test", task="all")) as store:
            assert run_eval(ds, method, "fake", store, concurrency=concurrency).ran == len(ds.items)
        n_numeric = sum(k == "numeric" for k in kinds.values())
        if concurrency == 1:
            assert started == [c.id for c in ds.items]  # in the dataset's order
        else:  # every numeric case started before any entailment case (give or take the slots' race)
            assert {kinds[i] for i in started[:n_numeric - 4]} == {"numeric"}
            assert {kinds[i] for i in started[n_numeric + 4:]} == {"entailment"}


def test_pool_size_follows_workers_then_the_setting_then_concurrency(sara_data_dir, monkeypatch):
    import os

    from taxlogic.eval.benchmarks import load_dataset
    from taxlogic.eval.methods.registry import Engines
    from taxlogic.settings import get_settings

    ds = load_dataset("sara", "test", "all", limit=1)
    cores = os.cpu_count() or 1
    monkeypatch.delenv("TAXLOGIC_WORKERS", raising=False)
    get_settings.cache_clear()
    try:
        assert Engines(ds).pool_size == cores
        assert Engines(ds, concurrency=64).pool_size == 2 * cores
        assert Engines(ds, concurrency=cores + 1).pool_size == cores + 1
        assert Engines(ds, workers=3, concurrency=64).pool_size == 3
        monkeypatch.setenv("TAXLOGIC_WORKERS", "1")
        get_settings.cache_clear()
        assert Engines(ds, concurrency=64).pool_size == 1
    finally:
        get_settings.cache_clear()
