"""DeonticBench's score rules (Dou et al. 2026, arXiv 2604.04443): dollars within the README's ±1
rounding tolerance for SARA numeric and airline (``exact_dollars``, the rounded amount equal to
the label, is reported beside it), accuracy for SARA binary, macro-F1 for housing and USCIS-AAO
(the abstract's measure for housing; accuracy beside it).

Housing and USCIS labels and predictions are read by the benchmark's own label parsing, the
installed ``label_utils.py`` of the pinned commit (``normalize_label_for_dataset("legal_ir" |
"uscis", value)``: +1, -1, or 0 for an abstention/unknown), loaded at run time from the data
directory and never copied here. Macro-F1 is the mean of the F1 of the two classes (+1, -1) over
every case of the run: an abstained, invalid or unparsed prediction (0) is a miss of its gold
class and a prediction of neither class (so abstaining lowers recall, never precision).
"""

from __future__ import annotations

import importlib.util
import threading
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation
from typing import Any, Callable

from taxlogic.kb.datafiles import DataError

__all__ = ["LABEL_DATASET", "dollars", "is_correct", "label_parser", "macro_f1", "summary"]

#: The ``label_utils`` dataset name of each domain it parses (housing is the "legal_ir" data set).
LABEL_DATASET = {"housing": "legal_ir", "uscis-aao": "uscis"}
#: The benchmark's score of each domain (what ``acc`` is in a report row).
SCORE_NAME = {"sara_numeric": "accuracy (±$1)", "airline": "accuracy (±$1)",
              "sara_binary": "accuracy", "housing": "macro-F1", "uscis-aao": "macro-F1"}

#: Numeric domains (SARA numeric, airline): the answer is right within this many dollars of the
#: label (DeonticBench README, "Evaluating Results": "Numeric domains (SARA Numeric, Airline)
#: allow ±1 rounding tolerance; categorical domains require exact match").
TOLERANCE = Decimal(1)

_LOCK = threading.Lock()
_MODULES: dict[str, Any] = {}


def _label_utils() -> Any:
    """The installed ``label_utils`` module (loaded once per data directory)."""
    from taxlogic.kb.statutes.data import label_utils_path

    path = label_utils_path()
    with _LOCK:
        if str(path) not in _MODULES:
            if not path.is_file():
                raise DataError(f"{path} is missing: reinstall DeonticBench (taxlogic data install-deonticbench --force)")
            spec = importlib.util.spec_from_file_location("taxlogic_deonticbench_label_utils", path)
            module = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(module)  # type: ignore[union-attr]
            _MODULES[str(path)] = module
        return _MODULES[str(path)]


def label_parser(domain: str) -> Callable[[Any], int | None]:
    """The benchmark's parser of a housing or USCIS label or prediction: value -> +1, -1, 0
    (abstain/unknown) or None (unreadable). Raises ValueError for another domain, DataError when
    DeonticBench is not installed."""
    if domain not in LABEL_DATASET:
        raise ValueError(f"{domain} labels are not parsed by label_utils (only {', '.join(LABEL_DATASET)})")
    module = _label_utils()
    name = LABEL_DATASET[domain]
    return lambda value: module.normalize_label_for_dataset(name, value)


def dollars(value: Any) -> int | None:
    """``value`` in whole dollars (half up: 5460.5 -> 5461), None when it is not a number."""
    if value is None or isinstance(value, bool):
        return None
    try:
        return int(Decimal(str(value).replace(",", "").replace("$", "").strip()).quantize(Decimal(1), rounding=ROUND_HALF_UP))
    except (InvalidOperation, ValueError):
        return None


def number(value: Any) -> Decimal | None:
    """``value`` as a decimal number (``"$1,017"`` -> 1017), None when it is not one."""
    if value is None or isinstance(value, bool):
        return None
    try:
        return Decimal(str(value).replace(",", "").replace("$", "").strip())
    except (InvalidOperation, ValueError):
        return None


def is_correct(domain: str, label: str, prediction: Any) -> bool:
    """One prediction against the label as given: within :data:`TOLERANCE` dollars (SARA numeric,
    airline: the README's "±1 rounding tolerance"; 68844.74 for 68844 is right); the
    same 0/1 (SARA binary: ``1`` entailment, ``0`` contradiction); the same class under
    ``label_utils`` and not an abstention (housing, USCIS)."""
    if prediction is None:
        return False
    if domain in ("sara_numeric", "airline"):
        got, gold = number(prediction), number(label)
        return got is not None and gold is not None and abs(got - gold) <= TOLERANCE
    if domain == "sara_binary":
        return str(prediction).strip() == str(label).strip()
    parse = label_parser(domain)
    gold, got = parse(label), parse(prediction)
    return got not in (None, 0) and got == gold


def macro_f1(golds: list[int], preds: list[int | None]) -> float | None:
    """Mean F1 of the classes +1 and -1 (a prediction 0 or None predicts neither); None for no case.
    A class with no gold case and no prediction is left out of the mean (its F1 is undefined)."""
    if not golds:
        return None
    scores = []
    for cls in (1, -1):
        tp = sum(1 for g, p in zip(golds, preds) if g == cls and p == cls)
        fp = sum(1 for g, p in zip(golds, preds) if g != cls and p == cls)
        fn = sum(1 for g, p in zip(golds, preds) if g == cls and p != cls)
        if tp + fp + fn == 0:
            continue
        scores.append(2 * tp / (2 * tp + fp + fn))
    return sum(scores) / len(scores) if scores else None


def summary(records: list) -> dict[str, dict[str, Any]]:
    """Per domain (a record's ``kind``): ``n``, ``correct``, ``accuracy``, ``score`` (the
    benchmark's: exact match or accuracy, macro-F1 for housing and USCIS) and ``score_name``,
    ``n_invalid``, ``n_abstained``, ``abstention_rate``, ``n_answered``, ``err_all`` (wrong answers
    among all cases) and ``err_answered``."""
    out: dict[str, dict[str, Any]] = {}
    for domain in dict.fromkeys(r.kind for r in records):
        rs = [r for r in records if r.kind == domain]
        answered = [r for r in rs if not r.invalid and not r.abstained]
        correct = sum(r.correct for r in rs)
        score = correct / len(rs)
        if domain in LABEL_DATASET:
            parse = label_parser(domain)
            preds = [None if (r.abstained or r.invalid) else parse(r.prediction) for r in rs]
            score = macro_f1([parse(r.gold) for r in rs], preds)
        wrong = sum(not r.correct for r in answered)
        exact = None
        if domain in ("sara_numeric", "airline"):
            exact = sum(1 for r in rs if not r.abstained and not r.invalid and dollars(r.prediction) is not None
                        and dollars(r.prediction) == dollars(r.gold)) / len(rs)
        out[domain] = {"n": len(rs), "correct": correct, "accuracy": correct / len(rs), "score": score,
                       "score_name": SCORE_NAME.get(domain, "accuracy"), "exact_dollars": exact, "n_invalid": sum(r.invalid for r in rs),
                       "n_abstained": sum(r.abstained for r in rs),
                       "abstention_rate": sum(r.abstained for r in rs) / len(rs), "n_answered": len(answered),
                       "err_all": wrong / len(rs), "err_answered": (wrong / len(answered)) if answered else None}
    return out
