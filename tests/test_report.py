"""Reports a reader can trust: one bar per run with every outcome's share and n, no bar for a
task a run has no cases of, a terminal table that fits 80 columns with a run column."""

from __future__ import annotations

import itertools

import pytest
from typer.testing import CliRunner

from taxlogic.cli import app
from taxlogic.eval.benchmarks import load_dataset
from taxlogic.eval.scoring.records import CaseRecord, RunConfig, RunStore
from taxlogic.eval.reports.report import collect, plot_bars, run_names, table5_lines, to_csv, write_report
from taxlogic.eval.harness.runner import run_eval


def _scripted_run(path, method, outcomes, *, task="all", model="m", limit=None):
    """A run folder whose records take ``outcomes`` in turn ("correct", "wrong", "abstained",
    "invalid"), scored by hand the way the benchmark would."""
    sub = load_dataset("sara", "test", task, limit=limit)
    cycle = itertools.cycle(outcomes)
    plan = {c.id: next(cycle) for c in sub.items}

    def fake(item):
        o = plan[item.id]
        wrong = (-1 if item.kind == "numeric" else ("Contradiction" if item.expected == "Entailment" else "Entailment"))
        pred = {"correct": item.expected, "wrong": wrong if item.kind == "entailment" else item.expected + 1000}.get(o)
        return CaseRecord(case_id=item.id, dataset="sara", split="test", kind=item.kind, method=method, model=model,
                          gold=item.expected, prediction=pred, correct=o == "correct", abstained=o == "abstained",
                          invalid=o == "invalid", reason="unreadable" if o == "invalid" else None)

    cfg = RunConfig(method=method, dataset="sara", split="test", task=task, model=None if method == "gold" else model,
                    budget=1 if method == "agent" else None, limit=limit)
    with RunStore(path, cfg) as store:
        run_eval(sub, fake, method, store, concurrency=1)
    return path


@pytest.fixture(scope="module")
def runs(sara_data_dir, tmp_path_factory):
    root = tmp_path_factory.mktemp("runs")
    _scripted_run(root / "gold-a", "gold", ["correct"], task="entailment", limit=100)
    _scripted_run(root / "gold-b", "gold", ["correct", "wrong"], task="entailment", limit=100)
    _scripted_run(root / "gold-tiny", "gold", ["correct"], task="entailment", limit=2)
    _scripted_run(root / "agent-scripted-model-with-a-rather-long-run-folder-name-b1-sara-test-all", "agent",
                  ["correct", "wrong", "abstained", "abstained", "invalid"])
    return root


def test_one_bar_per_run_with_every_outcome_and_n(runs):
    rows = collect([runs])
    bars = plot_bars(rows)
    ent = [b for b in bars if b.group == "sara/test entailment"]
    # three gold runs (n = 100, 100 and 2) stay three bars, not one per method
    assert sorted((b.run, b.n) for b in ent if b.method == "gold") == [("gold-a", 100), ("gold-b", 100), ("gold-tiny", 2)]
    agent = next(b for b in ent if b.method.startswith("agent"))
    assert agent.shares == {"correct": 20.0, "wrong": 20.0, "abstained": 40.0, "invalid": 20.0}
    assert next(b for b in ent if b.run == "gold-b").shares == {"correct": 50.0, "wrong": 50.0, "abstained": 0.0, "invalid": 0.0}
    for b in bars:
        assert sum(b.shares.values()) == pytest.approx(100.0)
    # the gold runs hold no numeric case: no numeric bar for them (not a 0 bar)
    num = [b for b in bars if b.group == "sara/test numeric"]
    assert [b.method for b in num] == ["agent m b1"] and num[0].n == 20
    # every outcome counted in the row, and the CSV carries the counts
    row = next(r for r in rows if r.method.startswith("agent") and r.task == "numeric")
    assert (row.n_correct, row.n_wrong, row.n_abstained, row.n_invalid) == (4, 4, 8, 4)
    assert "n_abstained" in to_csv(rows).splitlines()[0]
    paths = write_report(rows, runs.parent / "report")
    assert paths["plot"].stat().st_size > 1000


def test_a_row_without_cases_gets_no_bar(runs):
    rows = collect([runs])
    empty = rows[0].model_copy(update={"n": 0, "run": "elsewhere/empty", "task": "numeric"})
    assert all(b.run != "empty" for b in plot_bars([*rows, empty]))


def test_run_names_tell_same_named_folders_apart(runs):
    rows = collect([runs])
    a = rows[0].model_copy(update={"run": "x/one/gold"})
    b = rows[0].model_copy(update={"run": "x/two/gold"})
    assert set(run_names([a, b]).values()) == {"one/gold", "two/gold"}
    assert run_names([a])["x/one/gold"] == "gold"


def test_table5_keeps_runs_of_one_method_apart(runs):
    header, lines = table5_lines(collect([runs]))
    gold = [line for line in lines if line[0].startswith("gold")]
    assert len(gold) == 3 and {line[1] for line in gold} == {"100/0", "50/50"}
    assert any("gold-tiny" in line[0] for line in gold)


def test_terminal_table_fits_80_columns_with_a_run_column(runs, tmp_path):
    res = CliRunner(env={"COLUMNS": "80"}).invoke(app, ["eval", "report", str(runs), "--out", str(tmp_path / "rep")])
    assert res.exit_code == 0, res.output
    out = res.output
    assert max(len(line) for line in out.splitlines()) <= 80
    assert "…" not in out
    tables = out.split("paper Table 5 shape")[0]
    head = " ".join(line for line in tables.splitlines() if "─" not in line)
    assert "run (method · split)" in head
    for word in ("Acc", "EM", "M10", "tol", "Err", "all", "ans.", "abstain", "cost"):
        assert f" {word} " in f" {head} ", word
    # each run's folder name is in the run column (a long one folded, never cut)
    for name in ("gold-a", "gold-b", "gold-tiny"):
        assert name in tables
    assert "agent-scripted-model-with-a-rather-long-run-folder-name-b1-sara-test-all" in "".join(
        line[1:].split("  ")[0] for line in tables.splitlines())
