"""The break-even price per case (Jurayj, Holzenberger and Van Durme 2025): its constants are data
with their source, each outcome's cost follows their formula, and `eval report` shows it for runs
with dollar answers."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from taxlogic.cli import app
from taxlogic.eval.reports.break_even import published_rows, case_cost, price_data, run_price
from taxlogic.eval.scoring.records import CaseRecord, RunConfig, RunStore


def test_constants_are_data_with_their_source():
    data = price_data()
    assert data["constants"] == {"refusal_cost": 270, "penalty_rate": 0.2, "threshold_dollars": 5000,
                                 "threshold_share": 0.1, "invalid_answer": -1}
    assert "2508.21051" in data["source"]["paper"] and "calculate_cost_error" in data["source"]["code"]
    rows = published_rows()  # the tax-law paper's Table 5, quoting Jurayj et al.: EM/Err per model and method
    assert len(rows) == 15 and all(r.n == r.right + r.wrong + r.abstained == 100 for r in rows)
    assert all("Table 5" in r.source and r.dataset == "sara-v2" and r.price is None for r in rows)
    gpt5 = {r.method: (r.right, r.wrong, r.abstained) for r in rows if r.method.startswith("GPT-5 ")}
    assert gpt5["GPT-5 direct"] == (76, 24, 0) and gpt5["GPT-5 prolog*"] == (50, 2, 48)


@pytest.mark.parametrize("gold, prediction, kw, cost", [
    (100_000, 100_000, {}, 0.0),  # right
    (100_000, 103_000, {}, 3_000.0),  # overpaid: the overpayment
    (100_000, 95_000, {}, 0.0),  # underpaid by $5,000 < max($5,000, $10,000): no penalty
    (100_000, 89_000, {}, 2_200.0),  # underpaid by $11,000 > $10,000: 20%
    (20_000, 14_000, {}, 1_200.0),  # underpaid by $6,000 > max($5,000, $2,000): 20%
    (20_000, 16_000, {}, 0.0),  # $4,000 < $5,000
    (100_000, None, {"abstained": True}, 270.0),  # a refusal: the IRS's average filing cost
    (100_000, None, {"invalid": True}, 0.2 * 100_001),  # no readable answer: their code's -1
])
def test_case_cost_follows_the_published_formula(gold, prediction, kw, cost):
    assert case_cost(gold, prediction, **kw) == pytest.approx(cost)


def test_case_cost_refuses_a_label_gold():
    with pytest.raises(ValueError):
        case_cost("Entailment", "Entailment")


def _rec(cid, gold, pred, **kw):
    return CaseRecord(case_id=cid, dataset="sara-v2", split="all", kind="numeric", rules="v2", method="agent",
                      gold=gold, prediction=pred, correct=pred == gold, **kw)


def test_run_price_is_the_mean_cost_over_all_cases():
    recs = [_rec("a", 1000, 1000), _rec("b", 100_000, 89_000), _rec("c", 5000, None, abstained=True),
            _rec("d", 5000, 5400)]
    row = run_price(recs)
    assert (row.n, row.right, row.wrong, row.abstained) == (4, 1, 2, 1)
    assert row.price == pytest.approx((0 + 2200 + 270 + 400) / 4)
    assert row.wrong_cost + row.refusal_cost == pytest.approx(row.price)


def test_report_shows_the_price_of_a_dollar_run(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    run = tmp_path / "runs" / "agent-x"
    with RunStore(run, RunConfig(method="agent", dataset="sara-v2", split="all", task="all", model="m")) as store:
        for r in [_rec("tax_case_1", 1000, 1000), _rec("tax_case_2", 100_000, 89_000),
                  _rec("tax_case_3", 5000, None, abstained=True)]:
            store.append(r)
    res = CliRunner().invoke(app, ["eval", "report", str(run), "--out", str(tmp_path / "rep"), "--json"])
    assert res.exit_code == 0, res.output
    row = json.loads(res.output)["break_even"][0]
    assert row["price"] == round((2200 + 270) / 3, 2) and row["dataset"] == "sara-v2"
    md = (tmp_path / "rep" / "report.md").read_text()
    assert "Break-even price per case" in md and "refusal_cost 270" in md and "2508.21051" in md
