"""SARA (2020 release) as a benchmark (``--dataset sara``): its cases, the score rule and the
paper's metrics. (The original release of Holzenberger, Blair-Stanek and Van Durme 2020, not SARA
v2: :mod:`taxlogic.kb.sara.data.install`.)

Splits ``train``, ``test``, ``all``; tasks ``entailment`` (SARA_E), ``numeric`` (SARA_N), ``all``.
Items are :class:`~taxlogic.kb.sara.data.cases.Case` records sorted by id, judged under SARA's statutes
(rule set ``r``).

Score rule (:func:`taxlogic.eval.scoring.metrics.answer_correct`): entailment, the predicted label equals the gold label
(paper §4, :func:`~taxlogic.eval.scoring.metrics.entailment_correct`); numeric, exact match in whole
dollars (paper §4 "EM", :func:`~taxlogic.eval.scoring.metrics.exact_match`). The gold method, the gold
checks of ``eval gold`` and of the SARA⁺ build use the same rule. Metrics per task:
:func:`taxlogic.eval.scoring.metrics.summarize` (Acc, EM, M10%, SARA tolerance, Err, abstention, cost).
"""

from __future__ import annotations

from typing import Any

from taxlogic.eval.benchmarks import Benchmark, LoadOptions, register
from taxlogic.eval.scoring.metrics import answer_correct, summarize
from taxlogic.kb.sara.data.install import SARA_RELEASE


class SaraBenchmark(Benchmark):
    """SARA's cases (``split`` x ``task``); subclassed by SARA⁺."""

    name = "sara"
    family = "SARA"
    title = SARA_RELEASE
    #: the data release a run folder records (``run.json`` ``release``)
    release = SARA_RELEASE
    splits = ("train", "test", "all")

    def items(self, split: str, task: str, options: LoadOptions):
        from taxlogic.kb.sara.data.cases import load_cases
        from taxlogic.kb.sara.data.install import sara_rules

        if split not in self.splits:
            raise ValueError(f"SARA splits are train, test, all (not {split!r}); SARA⁺ splits need --dataset sara-plus")
        return sorted(load_cases(split=split, kind=task), key=lambda c: c.id), {"r": sara_rules()}

    def is_correct(self, item, record) -> bool:
        return answer_correct(item.kind, item.expected, record.prediction)

    def expected_cost(self, item) -> float:
        """Numeric cases first: their query computes the whole return (most of a run's Prolog time)
        and they more often need repair rounds (on the 317 rule-free gold translations through
        ``bench/endpoint_concurrency.py``: 13 of the 78 numeric cases take four rounds, 17 of
        the 239 entailment cases), and a case that starts late with several rounds is the run's
        tail."""
        return 1.0 if item.kind == "numeric" else 0.0

    def metrics(self, records) -> dict[str, dict[str, Any]]:
        return summarize(records)

    def headline(self, kind: str, metrics: dict[str, Any]) -> dict[str, float | None]:
        """Entailment: Acc, Err among all cases (paper Table 5: Acc + Err + abstention = 100%), Err
        among answered, abstention. Numeric: EM, M10%, SARA tolerance, Err (EM) among all and among
        answered, abstention, mean cost of errors (dollars)."""
        if kind == "entailment":
            return {"acc": metrics.get("accuracy"), "err": metrics.get("err_all"),
                    "err_answered": metrics.get("err_answered"), "abstain": metrics.get("abstention_rate")}
        em = metrics.get("exact_match", {})
        return {"acc": em.get("accuracy"), "m10": metrics.get("within_10pct", {}).get("accuracy"),
                "tol": metrics.get("sara_tolerance", {}).get("accuracy"), "err": em.get("err_all"),
                "err_answered": em.get("err_answered"),
                "abstain": metrics.get("abstention_rate"), "cost": metrics.get("cost", {}).get("mean")}


SARA = register(SaraBenchmark())
