"""Batch evaluation: resumable run folders, concurrency, direct answers, reports."""

from __future__ import annotations

import json
import random
import time

import pytest
from tenacity import wait_none

from taxlogic.eval.benchmarks import load_dataset
from taxlogic.eval.methods.registry import Engines, make_method
from taxlogic.eval.scoring.records import CaseRecord, RunConfig, RunLockedError, RunStore, read_records
from taxlogic.eval.reports.report import collect, to_markdown, write_report
from taxlogic.eval.harness.runner import run_eval
from taxlogic.eval.reports.summary import run_summary
from fakes import scripted

CFG = RunConfig(method="gold", dataset="sara", split="test", task="all", limit=12)


@pytest.fixture(scope="module")
def ds(sara_data_dir):
    return load_dataset("sara", "test", "all", limit=12)


@pytest.fixture(scope="module")
def engines(ds):
    e = Engines(ds, workers=2)
    yield e
    e.close()


def _normalised(path):
    out = []
    for line in (path / "records.jsonl").read_text().splitlines():
        rec = json.loads(line)
        rec.pop("seconds")  # measurements, not results: wall time, its spans and Prolog's inference count
        rec.pop("spans"), rec.pop("span_cpu"), rec.pop("phase_cpu")
        rec["details"].pop("inferences", None)
        for cost in ("cpu_seconds", "inferences", "query_cpu_seconds", "query_inferences"):  # gold records' explanations
            (rec.get("explanation") or {}).pop(cost, None)
        out.append(rec)
    return out


def test_gold_method_scores_everything(ds, engines, tmp_path):
    with RunStore(tmp_path / "run", CFG) as store:
        assert run_eval(ds, make_method("gold", ds, engines=engines), "gold", store, concurrency=2).ran == 12
    records = read_records(tmp_path / "run")
    assert len(records) == 12 and all(r.correct for r in records)
    summary = run_summary(CFG, records)
    assert summary["metrics"]["entailment"]["accuracy"] == 1.0


def test_resume_after_interrupt_gives_the_same_file(ds, engines, tmp_path):
    method = make_method("gold", ds, engines=engines)
    with RunStore(tmp_path / "full", CFG) as store:
        run_eval(ds, method, "gold", store, concurrency=1)

    calls = {"n": 0}

    def interrupted(item):
        calls["n"] += 1
        if calls["n"] == 5:
            raise KeyboardInterrupt
        return method(item)

    with RunStore(tmp_path / "cut", CFG) as store:
        with pytest.raises(KeyboardInterrupt):
            run_eval(ds, interrupted, "gold", store, concurrency=1)
    assert len(read_records(tmp_path / "cut")) == 4
    # a write cut short by a kill leaves a partial line: it is dropped on resume
    with open(tmp_path / "cut" / "records.jsonl", "a") as fh:
        fh.write('{"case_id": "s1_a')
    with RunStore(tmp_path / "cut", CFG) as store:
        assert run_eval(ds, method, "gold", store, concurrency=1).ran == 8
    assert _normalised(tmp_path / "cut") == _normalised(tmp_path / "full")


def test_concurrent_cases_never_mix_or_duplicate(ds, tmp_path):
    def slow(item):
        time.sleep(random.Random(item.id).random() * 0.05)
        return CaseRecord(case_id=item.id, dataset="sara", split="test", kind=item.kind, method="fake",
                          gold=item.expected, prediction=item.expected, correct=True, facts="x" * 20000)

    with RunStore(tmp_path / "run", CFG) as store:
        run_eval(ds, slow, "fake", store, concurrency=6)
    lines = (tmp_path / "run" / "records.jsonl").read_text().splitlines()
    ids = [json.loads(l)["case_id"] for l in lines]
    assert sorted(ids) == sorted(c.id for c in ds.items)


def test_second_process_on_same_run_folder_is_refused(tmp_path):
    with RunStore(tmp_path / "run", CFG):
        with pytest.raises(RunLockedError):
            RunStore(tmp_path / "run", CFG).__enter__()


def test_resume_with_other_settings_is_refused(tmp_path):
    with RunStore(tmp_path / "run", CFG):
        pass
    with pytest.raises(ValueError, match="other settings"):
        RunStore(tmp_path / "run", CFG.model_copy(update={"task": "numeric"})).__enter__()


def test_invalid_direct_answers_counted_not_raised(ds, tmp_path):
    replies = ['{"reasoning": "x", "final_answer": "Entailment", "confidence": 0.9}', "I think so.", "",
               '```json\n{"final_answer": 12}\n```']
    model = scripted(lambda messages, i: replies[i % len(replies)])
    method = make_method("direct", ds, model=model, wait=wait_none())
    with RunStore(tmp_path / "run", CFG.model_copy(update={"method": "direct"})) as store:
        run_eval(ds, method, "direct", store, concurrency=1)
    records = read_records(tmp_path / "run")
    assert len(records) == 12
    assert sum(r.invalid for r in records) >= 6 and all(r.reason for r in records if r.invalid)
    summary = run_summary(CFG, records)
    assert summary["invalid"] == sum(r.invalid for r in records)
    assert "[STATUTE]" in model.calls[0][1].content and "§1. Tax imposed" in model.calls[0][1].content


def test_report_renders_runs(ds, engines, tmp_path):
    with RunStore(tmp_path / "gold", CFG) as store:
        run_eval(ds, make_method("gold", ds, engines=engines), "gold", store)
    rows = collect([tmp_path / "gold"])
    assert {r.task for r in rows} <= {"entailment", "numeric"} and all(r.acc == 100.0 for r in rows)
    paths = write_report(rows, tmp_path / "report")
    assert paths["plot"].stat().st_size > 1000
    assert "| gold | sara/test |" in to_markdown(rows)


def test_report_puts_contamination_beside_accuracy(tmp_path):
    from taxlogic.eval.reports.report import ReportRow, attach_contamination, collect_contamination

    quiz = tmp_path / "quiz"
    quiz.mkdir()
    (quiz / "meta.json").write_text("{}")
    (quiz / "summary.json").write_text(json.dumps({"model": "m1", "kappa": 0.5, "min_contamination": 0.25,
                                                   "max_contamination": 0.75, "min_bcq_accuracy": 0.4,
                                                   "max_bcq_accuracy": 0.8, "quizzed": 20,
                                                   "invalid_answers": {"total": 3}}))
    found = collect_contamination([tmp_path])
    assert [(q.model, q.kappa, q.min_contamination, q.max_contamination, q.invalid_answers) for q in found] == \
        [("m1", 50.0, 25.0, 75.0, 3)]
    from taxlogic.eval.reports.report import table7_markdown

    assert "| Model | Min Cont (κ) | Max Cont (κ) | Min Cont (BCQ acc) | Max Cont (BCQ acc) |" in table7_markdown(found)
    assert "| m1 | 25.0 | 75.0 | 40.0 | 80.0 |" in table7_markdown(found)
    rows = [ReportRow(method="direct m1", split="sara/test", task="numeric", n=1),
            ReportRow(method="direct m2", split="sara/test", task="numeric", n=1)]
    attach_contamination(rows, found)
    assert [r.contamination for r in rows] == ["25.0–75.0", None]


def test_err_among_all_cases_as_in_table_5(tmp_path):
    """Err counts wrong answers among all cases (EM + Err + abstained = 100, paper Table 5), with
    Err among answered as a second column."""
    from taxlogic.eval.reports.report import table5_markdown

    cfg = CFG.model_copy(update={"method": "direct", "model": "m", "task": "numeric", "limit": None})
    outcomes = ["ok"] * 5 + ["wrong"] * 2 + ["abstained"] * 3
    with RunStore(tmp_path / "run", cfg) as store:
        for i, o in enumerate(outcomes):
            store.append(CaseRecord(case_id=f"tax_case_{i}", dataset="sara", split="test", kind="numeric", method="direct",
                                    gold=100, prediction=None if o == "abstained" else (100 if o == "ok" else 90),
                                    correct=o == "ok", abstained=o == "abstained"))
    [row] = collect([tmp_path / "run"])
    assert (row.acc, row.err, row.abstain) == (50.0, 20.0, 30.0) and row.err_answered == pytest.approx(100 * 2 / 7)
    md = to_markdown([row])
    assert "| Err % (all) | Err % (answered) |" in md
    assert f"| direct m | sara/test | numeric | 10 | 50.0 | {row.m10:.1f} | {row.tol:.1f} | 20.0 | 28.6 | 30.0 |" in md
    assert "| direct m | 50/20 |" in table5_markdown([row])
