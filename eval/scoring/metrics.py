"""Evaluation metrics for entailment and numeric (tax owed) answers. Pure functions, no I/O.

Conventions used throughout:

- A numeric prediction is first rounded half up to whole dollars (``floor(x + 0.5)``, exact),
  as the direct-QA prompt instructs (appendix A.1.3); every numeric metric and the cost of
  errors score that whole-dollar value. Gold values are used as given.
- Comparisons against thresholds are done in exact rational arithmetic (``fractions.Fraction``),
  so boundary cases (exactly 10 %, exactly $5,000) do not depend on float rounding.
- Per case there are three outcomes: *abstained* (the system declined: no prediction),
  *invalid* (the system answered but the answer is unusable, e.g. a direct reply with no
  parseable ``final_answer``) and *answered* (a usable prediction). **Invalid answers count as
  wrong answers, not as abstentions**: they enter Err and lower accuracy, never the abstention
  rate. Their cost (numeric) is ``invalid_cost`` in :func:`summarize` (default $270, the same as
  an abstention: there is no amount to file, so the return still has to be prepared).
- "Non-abstained" = answered + invalid.
- Rates over an empty set are ``None`` (not NaN).
"""

from __future__ import annotations

import math
import statistics
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Iterable, NamedTuple, Protocol, Sequence, runtime_checkable

from taxlogic.core import Kind, Label, round_half_up

Number = int | float

#: Cost of an abstention: "the average American spends $270 ... filing their taxes" (IRS,
#: quoted by Jurayj et al. 2025).
ABSTENTION_COST = 270.0
#: Accuracy-related penalty rate on a substantial understatement (26 U.S.C. 6662(a)/(d)).
UNDERSTATEMENT_PENALTY_RATE = 0.2
#: An understatement is substantial if it exceeds the greater of 10 % of the correct tax or
#: $5,000 (26 U.S.C. 6662(d)(1)(A)).
SUBSTANTIAL_UNDERSTATEMENT_FLOOR = 5000
#: Confidence level of the cost interval (Jurayj et al. 2025 report 90 % intervals).
COST_CONFIDENCE = 0.90

_LABELS = ("Entailment", "Contradiction")

__all__ = [
    "ABSTENTION_COST",
    "COST_CONFIDENCE",
    "MeanCI",
    "Scored",
    "ScoredLike",
    "entailment_accuracy",
    "answer_correct",
    "entailment_correct",
    "error_cost",
    "exact_match",
    "mean_ci",
    "round_half_up",
    "sara_tolerance",
    "student_t_cdf_two_sided",
    "summarize",
    "t_critical",
    "t_ppf",
    "within_10pct",
]


# ------------------------------------------------------------------------------------ rounding


def _q(x: Number) -> Fraction:
    if isinstance(x, bool) or not isinstance(x, (int, float)) or (isinstance(x, float) and not math.isfinite(x)):
        raise ValueError(f"not a finite number: {x!r}")
    return Fraction(x)


# --------------------------------------------------------------------------- per-case criteria


def entailment_correct(gold: Label, prediction: Label | None) -> bool:
    """Entailment accuracy criterion: the predicted label equals the gold label (paper §4,
    "Evaluation Metrics": "the proportion of correct binary decisions"). ``None`` is wrong."""
    return prediction is not None and prediction == gold


def answer_correct(kind: str, gold: Any, prediction: Any) -> bool:
    """SARA's score rule for one answer: ``entailment``, ``prediction`` is the gold label;
    ``numeric``, ``prediction`` (dollars) rounded half up equals ``gold`` (whole dollars). None,
    or a prediction of the wrong type, is wrong."""
    if prediction is None:
        return False
    if kind == "entailment":
        return entailment_correct(gold, prediction)
    if isinstance(prediction, bool) or not isinstance(prediction, (int, float)) or not math.isfinite(prediction):
        return False
    return exact_match(gold, prediction)


def entailment_accuracy(golds: Sequence[Label], predictions: Sequence[Label | None]) -> float | None:
    """Accuracy over all cases (paper §4): correct / n, where a missing prediction (``None``:
    abstained or invalid) counts as not correct. ``None`` if there are no cases."""
    if len(golds) != len(predictions):
        raise ValueError(f"{len(golds)} gold labels but {len(predictions)} predictions")
    if not golds:
        return None
    return sum(entailment_correct(g, p) for g, p in zip(golds, predictions)) / len(golds)


def exact_match(gold: Number, prediction: Number) -> bool:
    """Exact match in whole dollars (paper §4, "EM ... requires the predicted numerical value to
    match the ground truth"): ``round_half_up(prediction) == gold``."""
    return Fraction(round_half_up(prediction)) == _q(gold)


def within_10pct(gold: Number, prediction: Number) -> bool:
    """M10% (paper §4; Sadowski and Chudziak 2025, Table 4): correct iff
    ``|ŷ − y| ≤ 0.1·|y|`` with ŷ the whole-dollar prediction; the boundary (exactly 10 %) counts
    as correct.

    ``y = 0``: the window 0.1·|y| is empty, so only ŷ = 0 is correct (the literal reading of the
    formula; no special case is added)."""
    y, p = _q(gold), Fraction(round_half_up(prediction))
    return 10 * abs(p - y) <= abs(y)


def sara_tolerance(gold: Number, prediction: Number) -> bool:
    """SARA's numeric metric (Holzenberger et al. 2020, §5): correct iff
    ``|ŷ − y| / max(0.1·y, 5000) < 1`` (strict), ŷ the whole-dollar prediction. The denominator
    is at least 5000, so y = 0 needs no special case."""
    y, p = _q(gold), Fraction(round_half_up(prediction))
    return abs(p - y) < max(y / 10, Fraction(5000))


def error_cost(gold: Number, prediction: Number | None) -> float:
    """Dollar cost of one answer (Jurayj et al. 2025, "Language Models and Logic Programs for
    Trustworthy Tax Reasoning", cost of errors; thresholds from 26 U.S.C. 6662).

    With y the gold tax, ŷ the whole-dollar prediction and u = y − ŷ:

    - abstention (``prediction is None``): $270 (:data:`ABSTENTION_COST`);
    - overpayment (ŷ > y): −u = ŷ − y (the money overpaid);
    - substantial understatement (u > max(5000, 0.1·y), strictly): 0.2·u (the accuracy-related
      penalty);
    - otherwise (exact, or an understatement not above the threshold): 0.
    """
    if prediction is None:
        return ABSTENTION_COST
    y, p = _q(gold), Fraction(round_half_up(prediction))
    u = y - p
    if p > y:
        return float(-u)
    if u > max(Fraction(SUBSTANTIAL_UNDERSTATEMENT_FLOOR), y / 10):
        return float(u / 5)  # 0.2·u, exactly
    return 0.0


# ------------------------------------------------------------------- Student t and mean with CI


def student_t_cdf_two_sided(t: float, df: int) -> float:
    """A(t | ν) = P(|T| ≤ t) for Student's t with integer ν ≥ 1 degrees of freedom, t ≥ 0.

    Exact finite series of Abramowitz and Stegun (1964), 26.7.3 (odd ν) and 26.7.4 (even ν), with
    θ = atan(t/√ν):

    - ν = 1: A = 2θ/π;
    - ν odd > 1: A = (2/π)·[θ + sinθ·(cosθ + (2/3)cos³θ + … + (2·4···(ν−3))/(1·3···(ν−2))·cos^(ν−2)θ)];
    - ν even: A = sinθ·[1 + (1/2)cos²θ + (1·3)/(2·4)cos⁴θ + … + (1·3···(ν−3))/(2·4···(ν−2))·cos^(ν−2)θ].

    Cost O(ν) per call (fine for evaluation-sized samples).
    """
    if not isinstance(df, int) or isinstance(df, bool) or df < 1:
        raise ValueError(f"degrees of freedom must be an integer >= 1, not {df!r}")
    if t < 0:
        raise ValueError("t must be >= 0")
    if math.isinf(t):
        return 1.0
    r = math.hypot(t, math.sqrt(df))
    s, c = t / r, math.sqrt(df) / r  # sin θ, cos θ
    c2 = c * c
    if df % 2 == 1:
        theta = math.atan2(t, math.sqrt(df))
        if df == 1:
            return 2 * theta / math.pi
        term, total = c, c
        for k in range(1, (df - 3) // 2 + 1):
            term *= (2 * k) / (2 * k + 1) * c2
            total += term
        return min(1.0, 2 / math.pi * (theta + s * total))
    term, total = 1.0, 1.0
    for k in range(1, (df - 2) // 2 + 1):
        term *= (2 * k - 1) / (2 * k) * c2
        total += term
    return min(1.0, s * total)


def t_critical(confidence: float, df: int) -> float:
    """The two-sided critical value t* with P(|T| ≤ t*) = ``confidence`` for Student's t with
    ``df`` degrees of freedom, i.e. the (1 + confidence)/2 quantile. Solved by bisection on the
    exact CDF of :func:`student_t_cdf_two_sided` to ~1e-12 relative (e.g. df = 1, 90 %:
    tan(0.45π) = 6.313752; df = 2: √(1.62/0.19) = 2.919986)."""
    if not 0.0 < confidence < 1.0:
        raise ValueError(f"confidence must be in (0, 1), not {confidence!r}")
    lo, hi = 0.0, 1.0
    while student_t_cdf_two_sided(hi, df) < confidence:
        lo, hi = hi, hi * 2
    for _ in range(200):
        mid = (lo + hi) / 2
        if student_t_cdf_two_sided(mid, df) < confidence:
            lo = mid
        else:
            hi = mid
        if hi - lo <= 1e-12 * hi:
            break
    return (lo + hi) / 2


def t_ppf(q: float, df: int) -> float:
    """The q-quantile of Student's t with ``df`` degrees of freedom (0 < q < 1)."""
    if not 0.0 < q < 1.0:
        raise ValueError(f"q must be in (0, 1), not {q!r}")
    if q == 0.5:
        return 0.0
    t = t_critical(abs(2 * q - 1), df)
    return t if q > 0.5 else -t


class MeanCI(NamedTuple):
    """A sample mean with its two-sided Student-t confidence interval (``low``/``high`` are None
    when n < 2)."""

    mean: float | None
    low: float | None
    high: float | None
    n: int
    confidence: float


def mean_ci(values: Sequence[Number], confidence: float = COST_CONFIDENCE) -> MeanCI:
    """Mean with the Student-t interval mean ± t*(confidence, n−1)·s/√n, s the sample standard
    deviation (n − 1 denominator). n = 0: all None; n = 1: no interval."""
    xs = [float(v) for v in values]
    n = len(xs)
    if n == 0:
        return MeanCI(None, None, None, 0, confidence)
    mean = math.fsum(xs) / n
    if n == 1:
        return MeanCI(mean, None, None, 1, confidence)
    half = t_critical(confidence, n - 1) * statistics.stdev(xs) / math.sqrt(n)
    return MeanCI(mean, mean - half, mean + half, n, confidence)


# ----------------------------------------------------------------------------------- summaries


@runtime_checkable
class ScoredLike(Protocol):
    """What :func:`summarize` reads from a per-case record (any object with these attributes)."""

    kind: Kind
    gold: Any
    prediction: Any
    abstained: bool
    invalid: bool


@dataclass(frozen=True)
class Scored:
    """One scored case. ``gold``: label or dollars; ``prediction``: label or dollars, ``None``
    if abstained (and allowed to be ``None`` when invalid); ``invalid``: the system answered but
    the answer is unusable (counts as wrong, not abstained)."""

    kind: Kind
    gold: Label | Number
    prediction: Label | Number | None
    abstained: bool = False
    invalid: bool = False


def _check(i: int, r: ScoredLike) -> str:
    """Validate record ``i`` and return its outcome: 'abstained', 'invalid' or 'answered'."""
    where = f"record {i} ({r.kind})"
    if r.abstained and r.invalid:
        raise ValueError(f"{where}: both abstained and invalid")
    if r.abstained:
        if r.prediction is not None:
            raise ValueError(f"{where}: abstained but has a prediction {r.prediction!r}")
        return "abstained"
    if r.kind == "entailment":
        if r.gold not in _LABELS:
            raise ValueError(f"{where}: gold {r.gold!r} is not a label")
        if not r.invalid and r.prediction not in _LABELS:
            raise ValueError(f"{where}: prediction {r.prediction!r} is not a label (mark it invalid)")
    else:
        _q(r.gold)
        if not r.invalid:
            if r.prediction is None:
                raise ValueError(f"{where}: answered but prediction is None (mark it abstained or invalid)")
            _q(r.prediction)
    return "invalid" if r.invalid else "answered"


def _ratio(a: int, b: int) -> float | None:
    return a / b if b else None


def _rates(correct: list[bool], outcomes: list[str]) -> dict[str, float | None]:
    """Accuracy and both Err variants for one correctness criterion."""
    n = len(outcomes)
    non_abstained = sum(o != "abstained" for o in outcomes)
    n_correct = sum(correct)
    wrong = non_abstained - n_correct  # invalid answers are wrong; abstentions are neither
    return {
        "accuracy": _ratio(n_correct, n),
        "accuracy_answered": _ratio(n_correct, non_abstained),
        "err_all": _ratio(wrong, n),
        "err_answered": _ratio(wrong, non_abstained),
    }


def _counts(outcomes: list[str]) -> dict[str, Any]:
    n = len(outcomes)
    abstained = outcomes.count("abstained")
    rate = _ratio(abstained, n)
    return {
        "n": n,
        "n_answered": n - abstained,  # non-abstained, invalid included
        "n_abstained": abstained,
        "n_invalid": outcomes.count("invalid"),
        "abstention_rate": rate,
        "coverage": None if rate is None else 1.0 - rate,
    }


def summarize(
    records: Iterable[ScoredLike],
    *,
    invalid_cost: float = ABSTENTION_COST,
    confidence: float = COST_CONFIDENCE,
) -> dict[str, dict[str, Any]]:
    """All metrics, for entailment and numeric records separately.

    Returns ``{"entailment": {...}, "numeric": {...}}``. Both have the counts ``n``,
    ``n_answered`` (non-abstained, invalid included), ``n_abstained``, ``n_invalid``,
    ``abstention_rate`` and ``coverage`` (= 1 − abstention rate), and per correctness
    criterion:

    - ``accuracy``: correct / n (abstained and invalid count as not correct) — the paper's Acc
      (entailment) and EM (numeric, Table 5 "EM");
    - ``accuracy_answered``: correct / non-abstained (selective accuracy);
    - ``err_all``: wrong non-abstained / n — Err as Table 5 of the paper reports it (Jurayj et
      al. 2025: "Err counts incorrect non-abstained predictions", as a share of all cases, so
      EM + Err + abstention rate = 1);
    - ``err_answered``: wrong non-abstained / non-abstained — the error rate among the answers
      given.

    Entailment has one criterion (its keys sit directly in the dict). Numeric has three, each a
    sub-dict: ``exact_match``, ``within_10pct`` (M10%), ``sara_tolerance``; plus ``cost``:
    ``{"mean", "ci_low", "ci_high", "confidence", "n", "total"}``, the mean cost of errors per
    case (:func:`error_cost`; abstention $270; invalid ``invalid_cost``) with a Student-t interval
    (:func:`mean_ci`).

    Invalid answers count as wrong, not abstained (see the module docstring). Raises ValueError
    on inconsistent records (abstained and invalid, abstained with a prediction, an answered
    record without a usable prediction, an unknown kind).
    """
    ent_out: list[str] = []
    ent_ok: list[bool] = []
    num_out: list[str] = []
    num_ok: dict[str, list[bool]] = {"exact_match": [], "within_10pct": [], "sara_tolerance": []}
    costs: list[float] = []
    criteria = {"exact_match": exact_match, "within_10pct": within_10pct, "sara_tolerance": sara_tolerance}
    for i, r in enumerate(records):
        if r.kind not in ("entailment", "numeric"):
            raise ValueError(f"record {i}: unknown kind {r.kind!r}")
        outcome = _check(i, r)
        if r.kind == "entailment":
            ent_out.append(outcome)
            ent_ok.append(outcome == "answered" and entailment_correct(r.gold, r.prediction))
            continue
        num_out.append(outcome)
        for name, criterion in criteria.items():
            num_ok[name].append(outcome == "answered" and criterion(r.gold, r.prediction))
        if outcome == "abstained":
            costs.append(ABSTENTION_COST)
        elif outcome == "invalid":
            costs.append(float(invalid_cost))
        else:
            costs.append(error_cost(r.gold, r.prediction))

    entailment = {**_counts(ent_out), **_rates(ent_ok, ent_out)}
    ci = mean_ci(costs, confidence)
    numeric: dict[str, Any] = {
        **_counts(num_out),
        **{name: _rates(ok, num_out) for name, ok in num_ok.items()},
        "cost": {
            "mean": ci.mean,
            "ci_low": ci.low,
            "ci_high": ci.high,
            "confidence": confidence,
            "n": ci.n,
            "total": math.fsum(costs),
        },
    }
    return {"entailment": entailment, "numeric": numeric}
