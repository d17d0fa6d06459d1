"""Metrics against hand-computed values (each computation is written out next to its test)."""

from __future__ import annotations

import math

import pytest

from taxlogic.eval.scoring.metrics import (
    ABSTENTION_COST,
    Scored,
    ScoredLike,
    entailment_accuracy,
    entailment_correct,
    error_cost,
    exact_match,
    mean_ci,
    round_half_up,
    sara_tolerance,
    student_t_cdf_two_sided,
    summarize,
    t_critical,
    t_ppf,
    within_10pct,
)

# ------------------------------------------------------------------------------------ rounding


@pytest.mark.parametrize("x,expected", [
    (1234, 1234), (1234.5, 1235), (1234.49, 1234), (1234.4999999, 1234), (0.5, 1), (0.49999999999999994, 0),
    (-0.5, 0), (-1.5, -1), (-1.6, -2), ("2.5", 3), ("1234.50", 1235),
])
def test_round_half_up(x, expected):
    assert round_half_up(x) == expected


@pytest.mark.parametrize("bad", [True, float("nan"), float("inf")])
def test_round_half_up_rejects(bad):
    with pytest.raises(ValueError):
        round_half_up(bad)


# ---------------------------------------------------------------------------------- entailment


def test_entailment_accuracy():
    golds = ["Entailment", "Contradiction", "Entailment", "Contradiction"]
    preds = ["Entailment", "Entailment", None, "Contradiction"]
    assert entailment_accuracy(golds, preds) == 2 / 4
    assert entailment_accuracy([], []) is None
    assert not entailment_correct("Entailment", None)
    with pytest.raises(ValueError):
        entailment_accuracy(golds, preds[:3])


# ------------------------------------------------------------------------------------- numeric


def test_exact_match_rounds_prediction_first():
    assert exact_match(1235, 1234.5)  # 1234.5 -> 1235
    assert not exact_match(1235, 1234.4999)  # -> 1234
    assert exact_match(1234, 1234.0)
    assert exact_match(1234, 1234)
    assert not exact_match(1234, 1235)
    assert exact_match(0, 0.3)


def test_within_10pct_boundaries():
    # |ŷ − y| ≤ 0.1·|y|
    assert within_10pct(1000, 1100)  # exactly 10 %: 100 ≤ 100
    assert within_10pct(1000, 900)
    assert not within_10pct(1000, 1101)  # 101 > 100
    assert not within_10pct(1000, 899)
    assert within_10pct(1000, 1100.4)  # rounds to 1100
    assert not within_10pct(1000, 1100.5)  # rounds to 1101
    assert within_10pct(30, 33)  # 3 ≤ 3 exactly (0.1·30 is 3.0000000000000004 in floats; exact here)
    assert within_10pct(70, 63)  # 7 ≤ 7
    # y = 0: only ŷ = 0 is within 10 % of 0
    assert within_10pct(0, 0)
    assert within_10pct(0, 0.4)  # rounds to 0
    assert not within_10pct(0, 1)
    assert not within_10pct(0, -1)


def test_sara_tolerance_boundaries():
    # correct iff |ŷ − y| / max(0.1·y, 5000) < 1
    # y = 10,000: denominator max(1000, 5000) = 5000
    assert sara_tolerance(10_000, 14_999)
    assert not sara_tolerance(10_000, 15_000)  # ratio exactly 1 is not < 1
    assert sara_tolerance(10_000, 5_001)
    assert not sara_tolerance(10_000, 5_000)
    # y = 100,000: denominator 10,000
    assert sara_tolerance(100_000, 109_999)
    assert not sara_tolerance(100_000, 110_000)
    assert sara_tolerance(100_000, 90_001)
    assert not sara_tolerance(100_000, 90_000)
    # y = 50,000: both terms equal 5000
    assert sara_tolerance(50_000, 54_999) and not sara_tolerance(50_000, 55_000)
    # y = 0: denominator 5000
    assert sara_tolerance(0, 4_999) and not sara_tolerance(0, 5_000)
    # rounding: 14,999.5 -> 15,000
    assert sara_tolerance(10_000, 14_999.4) and not sara_tolerance(10_000, 14_999.5)


# -------------------------------------------------------------------------------- cost of errors


@pytest.mark.parametrize("gold,pred,cost", [
    (10_000, 10_000, 0.0),  # exact
    (10_000, 12_000, 2_000.0),  # overpayment: ŷ − y
    (10_000, 10_000.6, 1.0),  # overpayment after rounding 10,000.6 -> 10,001
    (10_000, 6_000, 0.0),  # understatement 4,000 ≤ max(5000, 1000) = 5000
    (10_000, 5_000, 0.0),  # understatement exactly 5,000: not "larger than" -> 0
    (10_000, 4_999, 1_000.2),  # u = 5,001 > 5,000 -> 0.2·5,001 = 1,000.2
    (10_000, 4_000, 1_200.0),  # u = 6,000 -> 0.2·6,000
    (100_000, 90_000, 0.0),  # u = 10,000 = 0.1·y: not larger -> 0
    (100_000, 85_000, 3_000.0),  # u = 15,000 > max(5000, 10,000) -> 0.2·15,000
    (100_000, 94_000, 0.0),  # u = 6,000 > 5,000 but ≤ 10,000 -> 0
    (100_000, None, 270.0),  # abstention
    (0, None, 270.0),
])
def test_error_cost(gold, pred, cost):
    assert error_cost(gold, pred) == pytest.approx(cost, abs=1e-9)


def test_abstention_cost_constant():
    assert ABSTENTION_COST == 270.0


# ------------------------------------------------------------------------------ t distribution


def test_t_critical_closed_forms():
    # df = 1 (Cauchy): P(|T| ≤ t) = 2·atan(t)/π = 0.9  =>  t = tan(0.45·π) = 6.313751514675...
    assert t_critical(0.90, 1) == pytest.approx(math.tan(0.45 * math.pi), rel=1e-10)
    assert t_critical(0.90, 1) == pytest.approx(6.3137515147, abs=1e-9)
    # df = 2: P(|T| ≤ t) = t/√(t² + 2) = 0.9  =>  0.19·t² = 1.62  =>  t = √(1.62/0.19) = 2.919985580...
    assert t_critical(0.90, 2) == pytest.approx(math.sqrt(1.62 / 0.19), rel=1e-10)
    assert t_critical(0.90, 2) == pytest.approx(2.9199855804, abs=1e-9)
    # df = 2, 95 %: t/√(t²+2) = 0.95  =>  t = √(2·0.9025/0.0975) = 4.302652730
    assert t_critical(0.95, 2) == pytest.approx(math.sqrt(2 * 0.9025 / 0.0975), rel=1e-10)


@pytest.mark.parametrize("df,table", [
    # two-sided 90 % (one-sided 0.95) critical values, standard t tables, 3 decimals
    (3, 2.353), (4, 2.132), (5, 2.015), (10, 1.812), (19, 1.729), (30, 1.697), (60, 1.671), (120, 1.658),
])
def test_t_critical_table(df, table):
    assert round(t_critical(0.90, df), 3) == table


def test_t_cdf_and_ppf():
    assert student_t_cdf_two_sided(0.0, 5) == 0.0
    assert student_t_cdf_two_sided(float("inf"), 5) == 1.0
    # df = 3: A = (2/π)(θ + sinθ·cosθ), θ = atan(t/√3); at t = √3: θ = π/4 -> (2/π)(π/4 + 1/2) = 1/2 + 1/π
    assert student_t_cdf_two_sided(math.sqrt(3), 3) == pytest.approx(0.5 + 1 / math.pi)
    # at t = 3: θ = π/3, sinθ·cosθ = √3/4 -> (2/π)(π/3 + √3/4) = 2/3 + √3/(2π)
    assert student_t_cdf_two_sided(3.0, 3) == pytest.approx(2 / 3 + math.sqrt(3) / (2 * math.pi))
    # df = 4: A = sinθ(1 + cos²θ/2); at t = 2: sinθ = 2/√8, cos²θ = 1/2 -> (1/√2)(1.25)
    assert student_t_cdf_two_sided(2.0, 4) == pytest.approx(1.25 / math.sqrt(2))
    assert t_ppf(0.95, 2) == pytest.approx(math.sqrt(1.62 / 0.19))
    assert t_ppf(0.05, 2) == pytest.approx(-math.sqrt(1.62 / 0.19))
    assert t_ppf(0.5, 7) == 0.0
    # large df approaches the normal quantile 1.644854
    assert t_critical(0.90, 5000) == pytest.approx(1.6452, abs=2e-4)
    with pytest.raises(ValueError):
        t_critical(0.9, 0)
    with pytest.raises(ValueError):
        t_critical(1.0, 3)


def test_mean_ci_by_hand():
    # [0, 270, 540]: mean 270, s = 270 (deviations −270, 0, 270; 145800/2 = 72900), n = 3, df = 2
    # half-width = t(0.90, 2)·s/√3 = 2.919985580·270/1.732050808 = 455.180704
    ci = mean_ci([0, 270, 540])
    assert ci.mean == 270
    assert ci.high - ci.mean == pytest.approx(455.180704, abs=1e-5)
    assert ci.low == pytest.approx(270 - 455.180704, abs=1e-5)
    assert (ci.n, ci.confidence) == (3, 0.90)
    # [0, 2000]: mean 1000, s = √2·1000, se = 1000, df = 1 -> 1000 ± 6313.751515
    ci = mean_ci([0, 2000])
    assert (ci.low, ci.high) == pytest.approx((1000 - 6313.751515, 1000 + 6313.751515), abs=1e-5)
    # degenerate samples
    assert mean_ci([]) == (None, None, None, 0, 0.90)
    assert mean_ci([5.0]) == (5.0, None, None, 1, 0.90)
    same = mean_ci([270, 270, 270])
    assert (same.low, same.high) == (270, 270)


# ------------------------------------------------------------------------------------ summarize


def test_scored_is_scoredlike():
    assert isinstance(Scored("numeric", 1, 1), ScoredLike)


def test_summarize_entailment_by_hand():
    recs = [
        Scored("entailment", "Entailment", "Entailment"),  # correct
        Scored("entailment", "Contradiction", "Contradiction"),  # correct
        Scored("entailment", "Entailment", "Contradiction"),  # wrong
        Scored("entailment", "Contradiction", None, invalid=True),  # invalid -> wrong, not abstained
        Scored("entailment", "Entailment", None, abstained=True),  # abstained
    ]
    e = summarize(recs)["entailment"]
    assert (e["n"], e["n_answered"], e["n_abstained"], e["n_invalid"]) == (5, 4, 1, 1)
    assert e["accuracy"] == pytest.approx(2 / 5)
    assert e["accuracy_answered"] == pytest.approx(2 / 4)
    assert e["err_all"] == pytest.approx(2 / 5)  # 2 wrong non-abstained of 5 cases
    assert e["err_answered"] == pytest.approx(2 / 4)  # 2 wrong of 4 non-abstained
    assert e["abstention_rate"] == pytest.approx(1 / 5)
    assert e["coverage"] == pytest.approx(4 / 5)
    assert e["accuracy"] + e["err_all"] + e["abstention_rate"] == pytest.approx(1.0)


def test_summarize_numeric_by_hand():
    recs = [
        Scored("numeric", 10_000, 10_000),  # EM, M10, tol; cost 0
        Scored("numeric", 10_000, 10_800.4),  # -> 10,800: M10 (800 ≤ 1000), tol (800 < 5000); overpay 800
        Scored("numeric", 10_000, 4_000),  # tol? 6000 < 5000 no; u = 6000 > 5000 -> 1200
        Scored("numeric", 100_000, 94_000),  # M10 yes (6000 ≤ 10000), tol yes; u = 6000 ≤ 10000 -> 0
        Scored("numeric", 20_000, None, abstained=True),  # 270
        Scored("numeric", 30_000, None, invalid=True),  # wrong; cost = invalid_cost = 270
    ]
    s = summarize(recs)
    num = s["numeric"]
    assert (num["n"], num["n_answered"], num["n_abstained"], num["n_invalid"]) == (6, 5, 1, 1)
    assert num["abstention_rate"] == pytest.approx(1 / 6)
    assert num["coverage"] == pytest.approx(5 / 6)
    em = num["exact_match"]
    assert em["accuracy"] == pytest.approx(1 / 6)
    assert em["err_all"] == pytest.approx(4 / 6)
    assert em["err_answered"] == pytest.approx(4 / 5)
    assert em["accuracy_answered"] == pytest.approx(1 / 5)
    m10 = num["within_10pct"]
    assert m10["accuracy"] == pytest.approx(3 / 6) and m10["err_all"] == pytest.approx(2 / 6)
    tol = num["sara_tolerance"]
    assert tol["accuracy"] == pytest.approx(3 / 6) and tol["err_answered"] == pytest.approx(2 / 5)
    # costs: [0, 800, 1200, 0, 270, 270] -> total 2540, mean 423.333...
    cost = num["cost"]
    assert cost["total"] == pytest.approx(2540)
    assert cost["mean"] == pytest.approx(2540 / 6)
    # s² = Σ(x − 423.333)² / 5 = (179211.1 + 141877.8 + 603211.1 + 179211.1 + 23511.1 + 23511.1)/5
    #    = 1150533.3/5 = 230106.67, s = 479.6943
    # half-width = t(0.90, 5)·s/√6 = 2.015048·479.6943/2.449490 = 394.616
    assert cost["mean"] - cost["ci_low"] == pytest.approx(394.616, abs=1e-3)
    assert cost["ci_high"] - cost["mean"] == pytest.approx(394.616, abs=1e-3)
    assert cost["confidence"] == 0.90 and cost["n"] == 6
    # the entailment part is empty
    assert s["entailment"]["n"] == 0 and s["entailment"]["accuracy"] is None and s["entailment"]["coverage"] is None
    # invalid cost is configurable
    alt = summarize(recs, invalid_cost=0.0)["numeric"]["cost"]
    assert alt["total"] == pytest.approx(2270)


def test_summarize_table5_identity():
    # Table 5 style: EM + Err + abstention = 100 %, e.g. 53/13 with 34 % abstained
    recs = [Scored("numeric", 100, 100)] * 53 + [Scored("numeric", 100, 0)] * 13 + [
        Scored("numeric", 100, None, abstained=True)] * 34
    em = summarize(recs)["numeric"]["exact_match"]
    assert (round(em["accuracy"] * 100), round(em["err_all"] * 100)) == (53, 13)


def test_summarize_accepts_duck_typed_records():
    class Rec:
        def __init__(self, kind, gold, prediction, abstained=False, invalid=False):
            self.kind, self.gold, self.prediction, self.abstained, self.invalid = kind, gold, prediction, abstained, invalid

    s = summarize([Rec("entailment", "Entailment", "Entailment"), Rec("numeric", 5, 5)])
    assert s["entailment"]["accuracy"] == 1.0 and s["numeric"]["exact_match"]["accuracy"] == 1.0


@pytest.mark.parametrize("bad", [
    Scored("numeric", 1, None, abstained=True, invalid=True),
    Scored("numeric", 1, 5, abstained=True),
    Scored("numeric", 1, None),  # answered without a prediction
    Scored("entailment", "Entailment", "yes"),  # not a label and not marked invalid
    Scored("entailment", "maybe", "Entailment"),
    Scored("tax", 1, 1),  # type: ignore[arg-type]
])
def test_summarize_rejects_inconsistent_records(bad):
    with pytest.raises(ValueError):
        summarize([bad])
