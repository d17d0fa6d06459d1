"""Batch runs against a real (scripted) OpenAI-compatible endpoint: an outage errors cases instead
of abstaining and stops the run, the same command redoes exactly those cases; a 429 with
Retry-After pauses the run instead of failing it; one engine per rule set, whatever the threads."""

from __future__ import annotations

import json
import threading
import time

import pytest
from typer.testing import CliRunner

from taxlogic.cli import app
from taxlogic.eval.benchmarks import load_dataset
from taxlogic.eval.faults.gold_endpoint import GoldEndpoint
from taxlogic.eval.scoring.records import read_errored, read_records
from taxlogic.eval.reports.report import collect, to_markdown
from taxlogic.settings import get_settings

LIMIT = 8


@pytest.fixture(scope="module")
def cases(sara_data_dir):
    # entailment cases: their gold programs are facts only, so the endpoint's gold translations
    # are faithful (some numeric gold programs hold rules, which a facts-only translation drops)
    return load_dataset("sara", "test", "entailment", limit=LIMIT).items


@pytest.fixture
def endpoint_env(monkeypatch, tmp_path):
    """Point taxlogic at an endpoint (no cache, quick retries, stop after 2 errored cases)."""
    def use(ep: GoldEndpoint, retries: int = 1) -> None:
        for k, v in {"LLM_BASE_URL": ep.base_url, "LLM_CACHE": "0", "LLM_MAX_RETRIES": str(retries),
                     "LLM_MAX_CONSECUTIVE_FAILURES": "2", "WORKERS": "1", "CACHE_DIR": str(tmp_path / "cache")}.items():
            monkeypatch.setenv(f"TAXLOGIC_{k}", v)
        get_settings.cache_clear()
    yield use
    get_settings.cache_clear()


def _eval(out, concurrency: int = 2):
    # the endpoint sends gold facts without anchors: the paper's prompts (anchors: test_grounding)
    return CliRunner().invoke(app, ["eval", "run", "--method", "agent", "--budget", "0", "--split", "test", "--task", "entailment",
                                    "--paper-prompts", "--limit", str(LIMIT), "--concurrency", str(concurrency), "--out", str(out), "--json"])


def _results(out) -> dict:
    """Each case's result, without measurements (seconds, tokens)."""
    return {r.case_id: r.model_dump(include={"prediction", "correct", "abstained", "invalid", "reason", "rounds", "facts"})
            for r in read_records(out)}


def test_outage_errors_cases_stops_the_run_and_resuming_redoes_exactly_them(cases, endpoint_env, tmp_path):
    with GoldEndpoint(cases) as ep:  # the uninterrupted run, for comparison
        endpoint_env(ep)
        whole = _eval(tmp_path / "whole")
        assert whole.exit_code == 0, whole.output
        assert json.loads(whole.stdout)["correct"] == LIMIT  # the endpoint serves the gold translations
    assert len(read_records(tmp_path / "whole")) == LIMIT

    def go_down_at_the_fifth(n: int):
        if n == 4:
            ep.stop()  # this request gets a 503, every later connection is refused
            return 503, {}
        return None

    ep = GoldEndpoint(cases, refuse=go_down_at_the_fifth).start()
    endpoint_env(ep)
    out = tmp_path / "run"
    res = _eval(out)
    assert res.exit_code == 1, res.output
    assert ep.base_url in res.output and "cases in a row failed on the LLM endpoint" in res.output
    assert "llm serve" not in res.output and "Traceback" not in res.output
    first = read_records(out)
    errored = {e.case_id for e in read_errored(out)}
    assert 4 <= len(first) < LIMIT and len(errored) >= 2
    assert not any(r.abstained and "LLM" in (r.reason or "") for r in first)  # an outage is no abstention
    assert errored.isdisjoint(r.case_id for r in first)
    rows = collect([out])  # the report counts errored cases apart, never in n, accuracy or abstention
    assert sum(r.errored for r in rows) == len(errored) and sum(r.n for r in rows) == len(first)
    assert "Errored cases" in to_markdown(rows)

    ep.refuse = None
    ep.start()  # the endpoint is back, on the same port
    seen = len(ep.requests)
    again = _eval(out)
    ep.stop()
    assert again.exit_code == 0, again.output
    redone = [r.case_id for r in ep.requests[seen:]]
    assert sorted(redone) == sorted({c.id for c in cases} - {r.case_id for r in first})  # each once, only those
    assert errored <= set(redone)
    assert _results(out) == _results(tmp_path / "whole")
    summary = json.loads((out / "summary.json").read_text())
    assert summary["cases"] == LIMIT and summary["errored"] == 0 and read_errored(out) == []


def test_rate_limited_run_waits_for_retry_after_and_errors_nothing(cases, endpoint_env, tmp_path):
    refused_at: list[float] = []

    def limit(n: int):
        if n in (1, 2):
            refused_at.append(time.monotonic())
            return 429, {"Retry-After": "1"}
        return None

    with GoldEndpoint(cases, refuse=limit) as ep:
        endpoint_env(ep, retries=3)
        res = _eval(tmp_path / "run", concurrency=3)
    assert res.exit_code == 0, res.output
    summary = json.loads(res.stdout)
    assert summary["cases"] == LIMIT and summary["errored"] == 0
    assert [r.status for r in ep.requests].count(429) == 2
    # after the first 429 nobody asks again before its Retry-After has passed (requests already
    # on the way when it was sent may arrive within a moment of it)
    t = refused_at[0]
    assert not [r for r in ep.requests if t + 0.2 < r.at < t + 0.9], [round(r.at - t, 2) for r in ep.requests]
    assert {r.case_id for r in read_records(tmp_path / "run")} == {c.id for c in cases}


def test_concurrent_first_calls_create_one_engine(monkeypatch, sara_data_dir):
    import taxlogic.eval.methods.registry as methods

    ds = load_dataset("sara", "test", "all", limit=2)
    created = []

    class CountingEngine(methods.Engine):
        def __init__(self, *args, **kwargs):
            created.append(self)
            time.sleep(0.3)  # a slow start widens the window in which other threads would start one too
            super().__init__(*args, **kwargs)

    monkeypatch.setattr(methods, "Engine", CountingEngine)
    engines = methods.Engines(ds, workers=1)
    barrier = threading.Barrier(8)
    got = []

    def first_call():
        barrier.wait()
        got.append(engines("r"))

    threads = [threading.Thread(target=first_call) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    try:
        assert len(created) == 1 and len(got) == 8 and all(e is got[0] for e in got)
        assert got[0].run(_gold_job(ds.items[0])).status in ("proved", "failed", "values")
    finally:
        engines.close()
    assert engines._engines == {}
    engines.close()  # idempotent


def _gold_job(item):
    from taxlogic.kb.sara.domain import case_job

    return case_job(item, item.gold_program, mode="first")
