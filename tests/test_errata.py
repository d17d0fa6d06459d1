"""SARA's gold errata as data (kb/sara/data/errata.json): the list, `taxlogic data errata`, and
accuracy on all cases beside accuracy on the cases without errata in summaries and reports."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from taxlogic.cli import app
from taxlogic.eval.scoring.records import CaseRecord, RunConfig, RunStore
from taxlogic.kb.sara.data.errata import CLASSES, errata_ids, has_erratum, load_errata


def test_every_erratum_has_its_evidence_and_a_known_class():
    errata = load_errata()
    assert len(errata) == 44 and len({e.case for e in errata}) == 44
    assert {e.found_by for e in errata} == {"grounding", "inspector", "rule_spelling"}
    assert len(errata_ids("grounding")) == 22 and len(errata_ids("inspector")) == 19
    assert errata_ids("rule_spelling") == {"s3306_c_2_pos", "s3306_c_2_neg", "tax_case_92"}
    for e in errata:
        assert e.klass in CLASSES and e.gold.strip() and e.text.strip() and e.evidence.strip(), e.case


def test_errata_name_real_sara_cases(sara_data_dir):
    from taxlogic.kb.sara.data.cases import load_cases

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
    assert all(cid in res.output for cid in errata_ids()) and "44 cases" in res.output
    res = CliRunner().invoke(app, ["data", "errata", "--json"])
    doc = json.loads(res.output)
    assert len(doc["errata"]) == 44 and {"case", "gold", "text", "evidence", "class", "found_by"} <= set(doc["errata"][0])


def _run(path, ids_correct: dict[str, bool], *, model="gpt-4o", tokens=(1000, 200, 600)):
    """A SARA run folder with one numeric record per case id (correct or wrong), each with
    ``tokens`` (input, output, cached)."""
    from taxlogic.kb.sara.data.cases import load_cases

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
    from taxlogic.eval.scoring.records import read_records
    from taxlogic.eval.reports.summary import run_summary

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
    from taxlogic.eval.reports.summary import errata_summary

    assert errata_summary("rulearena-airline", []) is None


# ------------------------------------------------------ one shape for every domain's errata (kb/errata.py)


def test_the_shared_loader_reads_the_three_domains_in_one_shape():
    import json as _json
    from importlib import resources

    from taxlogic.kb.errata import ERRATA_DOMAINS, errata_classes
    from taxlogic.kb.errata import load_errata as load_all
    from taxlogic.kb.form1040.data.errata import erratum_of
    from taxlogic.kb.nba.data.errata import errata as nba_entries

    counts = {d: len(load_all(d)) for d in ERRATA_DOMAINS}
    # DeonticBench: 32 reference runs and 20 reference programs as translations, in one file
    assert counts == {"sara": 44, "nba": 43, "form1040": 27, "deonticbench": 52}
    everything = load_all()
    assert len(everything) == 166 and [e.domain for e in everything] == [d for d in ERRATA_DOMAINS for _ in range(counts[d])]
    for d in ERRATA_DOMAINS:
        found, classes = load_all(d), errata_classes(d)
        # one entry a case (DeonticBench: a case and kind, the same program seen run and as a translation)
        assert len({(e.id, e.source.get("kind")) for e in found}) == len(found), d
        for e in found:
            assert e.domain == d and all(s.strip() for s in (e.id, e.reason, e.evidence, e.dataset_says, e.rules_give)), e.id
            assert e.klass.split("+") and all(k in classes for k in e.klass.split("+")), (e.id, e.klass)
            doc = e.as_json()
            assert {"id", "domain", "class", "reason", "evidence", "dataset_says", "rules_give"} <= set(doc) and doc["class"] == e.klass
    # each domain's record says what its own file says, unchanged
    sara = {e.id: e for e in load_all("sara")}
    assert {c: (e.gold, e.text, e.evidence, e.klass) for c, e in sara.items()} == {
        e["case"]: (e["gold"], e["text"], e["evidence"], e["class"]) for e in
        _json.loads(resources.files("taxlogic.kb.sara.data").joinpath("errata.json").read_text())["errata"]}
    for e in load_all("nba"):
        raw = nba_entries()[e.id]
        assert (e.reason, e.evidence, e.dataset_says, e.rules_give, e.klass) == (
            raw["reason"], raw["evidence"], raw["annotated"], raw["kb"], raw["class"]) and e.dataset_says != e.rules_give
    tax_doc = _json.loads(resources.files("taxlogic.kb.form1040.data").joinpath("errata.json").read_text())
    assert {e.id: e.klass.split("+") for e in load_all("form1040")} == {p["id"]: p["classes"] for p in tax_doc["problems"]}
    tax_113 = next(e for e in load_all("form1040") if e.id == "tax-1-13")
    assert erratum_of("tax-1-13") == ["E1"] and erratum_of("tax-0-0") == [] and erratum_of("tax-1-17") == []
    assert tax_doc["classes"]["E1"]["evidence"] in tax_113.evidence and tax_doc["classes"]["E1"]["text"] in tax_113.rules_give
    with pytest.raises(ValueError, match="no errata for domain"):
        load_all("airline")


def test_data_errata_lists_any_domain():
    from taxlogic.kb.errata import load_errata as load_all

    for domain, n in (("nba", 43), ("form1040", 27)):
        res = CliRunner(env={"COLUMNS": "250"}).invoke(app, ["data", "errata", "--domain", domain])
        assert res.exit_code == 0, res.output
        assert f": {n} cases in " in res.output and all(e.id in res.output for e in load_all(domain)), domain
        doc = json.loads(CliRunner().invoke(app, ["data", "errata", "--domain", domain, "--json"]).output)
        assert doc["domain"] == domain and len(doc["errata"]) == n and doc["classes"]
        assert {e["domain"] for e in doc["errata"]} == {domain}
    res = CliRunner().invoke(app, ["data", "errata", "--domain", "airline"])
    assert res.exit_code == 2 and "--domain" in res.output


@pytest.mark.parametrize("case_id, goal, as_shipped", [
    ("s3306_c_2_pos", "s3306_c_2(_,alice,2017)", "yes"),  # Entailment
    ("s3306_c_2_neg", "s3306_c_2(_,alice,2017)", "no"),   # Contradiction
    ("tax_case_92", "tax(alice,2010,3274)", "yes"),
])
def test_a_spelling_erratum_is_what_its_evidence_says(case_id, goal, as_shipped, sara_data_dir, tmp_path):
    """The ``spelling`` errata, re-run in real SWI-Prolog: the case file as shipped (the atom
    ``usa``) gives its label; with the place in §3306(c)(A)'s spelling (the string ``"usa"``) the
    same query gets no answer within 200 M inferences (SARA's §3306 rules recurse without end)."""
    import re
    import subprocess

    from taxlogic.kb.sara.data.install import sara_paths

    root = sara_paths().root
    shipped = (root / "cases" / f"{case_id}.pl").read_text().partition("% Test")[0]
    assert re.search(r"location_\(\w+, *usa\)", shipped)
    probe = (f"catch(call_with_inference_limit(({goal} -> X = yes ; X = no), 200000000, R), _, (X = none, R = error)), "
             "(R == inference_limit_exceeded -> Y = none ; Y = X), write(Y), nl, halt")
    outcome = {}
    for spelling, text in (("atom", shipped), ("string", re.sub(r"location_\((\w+), *usa\)", r'location_(\1,"usa")', shipped))):
        path = tmp_path / f"{spelling}.pl"  # consulted from SARA's root, as the case file's own `:- [statutes/prolog/init].` reads
        path.write_text(text)
        run = subprocess.run(["swipl", "-q", "-g", probe, str(path)], cwd=root, capture_output=True, text=True, timeout=600)
        outcome[spelling] = run.stdout.strip().splitlines()[-1]
    assert outcome == {"atom": as_shipped, "string": "none"}, outcome
