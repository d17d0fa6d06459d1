"""A made-up benchmark registered from this one module runs through ``taxlogic eval run`` and
``eval report`` without any other file knowing it: its items, its own score rule, its own
methods, its metrics."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

import pytest
from typer.testing import CliRunner

from taxlogic.eval.benchmarks import Benchmark, LoadOptions, register
from taxlogic.eval.methods.registry import MethodOptions, chat_model_for, record_base
from taxlogic.eval.scoring.records import CaseRecord
from fakes import scripted

NAME = "toy-arithmetic"


@dataclass(frozen=True)
class Sum:
    id: str
    question: str
    expected: int
    kind: str = "arithmetic"
    rules: str = "r"


ITEMS = [Sum("a1", "2 + 3", 5), Sum("a2", "6 * 7", 42), Sum("a3", "10 - 4", 6)]


def direct(ds, opts: MethodOptions):
    """Ask the model; the first integer in its reply is the prediction (none: invalid)."""
    model, name, _ = chat_model_for(opts)

    def run(item: Sum) -> CaseRecord:
        reply = model.invoke(f"What is {item.question}?").content
        m = re.search(r"-?\d+", reply)
        return CaseRecord(**record_base(item, ds, "direct", name), prediction=int(m.group(0)) if m else None,
                          invalid=m is None, reason=None if m else "no number in the reply")
    return run


def gold(ds, opts: MethodOptions):
    def run(item: Sum) -> CaseRecord:
        a, op, b = item.question.split()
        value = {"+": int.__add__, "-": int.__sub__, "*": int.__mul__}[op](int(a), int(b))
        return CaseRecord(**record_base(item, ds, "gold"), prediction=value)
    return run


@register
class ToyArithmetic(Benchmark):
    name = NAME
    family = "toy"
    title = "toy arithmetic"
    splits = ("all",)
    default_split = "all"
    generic_methods = False
    methods = {"direct": direct, "gold": gold}

    def items(self, split: str, task: str, options: LoadOptions):
        if split not in self.splits:
            raise ValueError(f"{NAME} has one split, all (not {split!r})")
        return list(ITEMS), {}

    def is_correct(self, item: Sum, record: CaseRecord) -> bool:
        return abs(record.prediction - item.expected) <= 1  # its own rule: off by one still counts

    def metrics(self, records):
        n = len(records)
        correct = sum(r.correct for r in records)
        answered = [r for r in records if not r.invalid]
        return {"arithmetic": {"n": n, "correct": correct, "accuracy": correct / n,
                               "err_answered": sum(not r.correct for r in answered) / len(answered)}}

    def headline(self, kind, metrics):
        return {"acc": metrics["accuracy"], "err": metrics["err_answered"], "abstain": 0.0}


@pytest.fixture
def cli(monkeypatch, tmp_path):
    from taxlogic.agent import llm
    from taxlogic.cli import app

    replies = {"What is 2 + 3?": "5", "What is 6 * 7?": "It is 41.", "What is 10 - 4?": "I cannot say."}
    model = scripted(lambda messages, i: replies[messages[0].content])
    monkeypatch.setattr(llm, "chat_model", lambda *a, **k: model)
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    return lambda *args: runner.invoke(app, list(args))


def test_made_up_benchmark_runs_scores_and_reports(cli, tmp_path):
    res = cli("eval", "run", "--method", "direct", "--dataset", NAME, "--model", "fake-model", "--out", "runs/direct",
              "--json")
    assert res.exit_code == 0, res.output
    summary = json.loads(res.stdout)
    # 5 is right; 41 for 42 is right by the benchmark's own rule (off by one); no number: invalid, wrong
    assert (summary["cases"], summary["correct"], summary["invalid"], summary["abstained"]) == (3, 2, 1, 0)
    assert summary["metrics"] == {"arithmetic": {"n": 3, "correct": 2, "accuracy": 2 / 3, "err_answered": 0.0}}
    assert summary["config"]["split"] == "all" and summary["config"]["shots"] is None
    assert summary["config"]["model"] == "fake-model"
    records = {json.loads(line)["case_id"]: json.loads(line) for line in (tmp_path / "runs/direct/records.jsonl").open()}
    assert {k: (r["prediction"], r["correct"]) for k, r in records.items()} == {
        "a1": (5, True), "a2": (41, True), "a3": (None, False)}

    res = cli("eval", "run", "--method", "gold", "--dataset", NAME, "--out", "runs/gold", "--json")
    assert res.exit_code == 0, res.output
    assert json.loads(res.stdout)["correct"] == 3

    res = cli("eval", "run", "--method", "agent", "--dataset", NAME)
    assert res.exit_code == 2 and f"--method agent is not available for {NAME}" in res.output
    res = cli("eval", "run", "--method", "gold", "--dataset", NAME, "--split", "test")
    assert res.exit_code == 2 and "one split" in res.output  # a bad --split is a usage error

    res = cli("eval", "report", "runs", "--out", "rep")
    assert res.exit_code == 0, res.output
    md = (tmp_path / "rep" / "report.md").read_text()
    assert f"| direct fake-model | {NAME}/all | arithmetic | 3 | 66.7 | – | – | 0.0 | – | 0.0 |" in md
    assert f"| gold | {NAME}/all | arithmetic | 3 | 100.0 |" in md
