"""Summaries of a run's records with the paper's metrics (see :mod:`taxlogic.eval.metrics`)."""

from __future__ import annotations

from typing import Any

from taxlogic.eval.metrics import summarize
from taxlogic.eval.records import CaseRecord, RunConfig


def run_summary(config: RunConfig, records: list[CaseRecord]) -> dict[str, Any]:
    """Counts, metrics per task, tokens and seconds of one run. Shape:
    ``{"config", "cases", "metrics": {"entailment": {...}, "numeric": {...}}, "tokens", "seconds"}``.
    RuleArena runs: ``metrics`` per domain (airline, nba, tax) with RuleArena's accuracy."""
    from taxlogic.eval import rulearena

    if rulearena.is_rulearena(config.dataset) or any(r.kind in rulearena.DOMAINS for r in records):
        metrics = rulearena.rulearena_summary(records)
    else:
        metrics = summarize(records)
    return {
        "config": config.model_dump(),
        "cases": len(records),
        "correct": sum(r.correct for r in records),
        "abstained": sum(r.abstained for r in records),
        "invalid": sum(r.invalid for r in records),
        "metrics": {k: v for k, v in metrics.items() if v.get("n")},
        "tokens": {"input": sum(r.input_tokens for r in records), "output": sum(r.output_tokens for r in records)},
        "seconds": round(sum(r.seconds for r in records), 3),
    }


def headline(task_metrics: dict[str, Any], kind: str) -> dict[str, float | None]:
    """The few numbers a table shows for one task: accuracy (Acc or EM), M10%, tolerance, Err
    (answered), abstention, mean cost. RuleArena domains: accuracy and Err among answered."""
    from taxlogic.eval import rulearena

    if kind in rulearena.DOMAINS:
        return rulearena.headline(task_metrics)
    if kind == "entailment":
        return {"acc": task_metrics.get("accuracy"), "err": task_metrics.get("err_answered"),
                "abstain": task_metrics.get("abstention_rate")}
    em = task_metrics.get("exact_match", {})
    return {"acc": em.get("accuracy"), "m10": task_metrics.get("within_10pct", {}).get("accuracy"),
            "tol": task_metrics.get("sara_tolerance", {}).get("accuracy"), "err": em.get("err_answered"),
            "abstain": task_metrics.get("abstention_rate"), "cost": task_metrics.get("cost", {}).get("mean")}
