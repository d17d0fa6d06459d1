"""SARA's gold errata as data (kb/sara/errata.json): the list, `taxlogic data errata`, and
accuracy on all cases beside accuracy on the cases without errata in summaries and reports."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from taxlogic.cli import app
from taxlogic.eval.records import CaseRecord, RunConfig, RunStore
from taxlogic.kb.sara.errata import CLASSES, errata_ids, has_erratum, load_errata


def test_every_erratum_has_its_evidence_and_a_known_class():
    errata = load_errata()
    assert len(errata) == 40 and len({e.case for e in errata}) == 40
    assert {e.found_by for e in errata} == {"grounding", "inspector"}
    assert len(errata_ids("grounding")) == 22 and len(errata_ids("inspector")) == 18
    for e in errata:
        assert e.klass in CLASSES and e.gold.strip() and e.text.strip() and e.evidence.strip(), e.case


def test_errata_name_real_sara_cases(sara_data_dir):
    from taxlogic.kb.cases import load_cases

    ids = {c.id for c in load_cases()}
    assert errata_ids() <= ids


def test_a_sara_plus_item_inherits_its_source_erratum():
    class Item:
        def __init__(self, id, source_id=None):
            self.id, self.source_id = id, source_id

    assert has_erratum(Item("tax_case_47")) and has_erratum(Item("tax_case_47__rc"))
    assert has_erratum(Item("x", source_id="s63_c_1_neg")) and not has_erratum(Item("tax_case_2__c"))


def test_data_errata_lists_them_all():
    res = CliRunner(env={"COLUMNS": "200"}).invoke(app, ["data", "errata"])
    assert res.exit_code == 0, res.output
    assert all(cid in res.output for cid in errata_ids()) and "40 cases" in res.output
    res = CliRunner().invoke(app, ["data", "errata", "--json"])
    doc = json.loads(res.output)
    assert len(doc["errata"]) == 40 and {"case", "gold", "text", "evidence", "class", "found_by"} <= set(doc["errata"][0])


def _run(path, ids_correct: dict[str, bool], *, model="gpt-4o", tokens=(1000, 200, 600)):
    """A SARA run folder with one numeric record per case id (correct or wrong), each with
    ``tokens`` (input, output, cached)."""
    from taxlogic.kb.cases import load_cases

    cases = {c.id: c for c in load_cases()}
    cfg = RunConfig(method="direct", dataset="sara", split="all", task="numeric", model=model)
    with RunStore(path, cfg) as store:
        for cid, ok in ids_correct.items():
            c = cases[cid]
            store.append(CaseRecord(case_id=cid, dataset="sara", split="all", kind="numeric", method="direct", model=model,
                                    gold=c.expected, prediction=c.expected if ok else c.expected + 7, correct=ok,
                                    input_tokens=tokens[0], output_tokens=tokens[1], cached_tokens=tokens[2]))
    return path


def test_summary_and_report_give_both_accuracies_and_the_tokens(sara_data_dir, tmp_path):
    from taxlogic.eval.records import read_records
    from taxlogic.eval.summary import run_summary

    # tax_case_47 and tax_case_59 have errata: wrong there, right elsewhere
    run = _run(tmp_path / "direct-run", {"tax_case_47": False, "tax_case_59": False, "tax_case_2": True, "tax_case_5": True})
    s = run_summary(RunConfig(method="direct", dataset="sara", split="all", task="numeric", model="gpt-4o"),
                    read_records(run))
    e = s["errata"]["numeric"]
    assert (e["n"], e["acc"], e["n_clean"], e["acc_clean"], e["n_errata"]) == (4, 0.5, 2, 1.0, 2)
    t = s["tokens"]
    assert (t["input"], t["output"], t["cached"]) == (4000, 800, 2400)
    assert t["per_case"] == {"input": 1000, "output": 200} and t["per_answered"] == {"input": 1000, "output": 200}
    # gpt-4o built in: 1600 uncached at $2.50, 2400 cached at $1.25, 800 out at $10 per million
    assert t["dollars"]["total"] == pytest.approx((1600 * 2.5 + 2400 * 1.25 + 800 * 10) / 1e6)

    res = CliRunner(env={"COLUMNS": "120"}).invoke(app, ["eval", "report", str(run), "--out", str(tmp_path / "rep"),
                                                         "--html", str(tmp_path / "r.html")])
    assert res.exit_code == 0, res.output
    assert "w/o errata" in res.output and "100.0 (2)" in res.output and "50.0" in res.output
    md = (tmp_path / "rep" / "report.md").read_text()
    assert "w/o errata" in md and "| 100.0 (2) | 1,200 |" in md and "| 1,200 |" in md
    html = (tmp_path / "r.html").read_text()
    assert "w/o errata" in html and "100.0 (2)" in html


def test_a_run_outside_sara_has_no_errata_figure(tmp_path):
    from taxlogic.eval.summary import errata_summary

    assert errata_summary("rulearena-airline", []) is None
