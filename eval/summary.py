"""Summaries of a run's records with the benchmark's metrics (:meth:`Benchmark.metrics
<taxlogic.eval.benchmarks.Benchmark.metrics>`; SARA: :mod:`taxlogic.eval.metrics`)."""

from __future__ import annotations

from typing import Any

from taxlogic.eval.benchmarks import get_benchmark
from taxlogic.eval.records import CaseRecord, RunConfig


def run_summary(config: RunConfig, records: list[CaseRecord]) -> dict[str, Any]:
    """Counts, metrics per task, tokens and seconds of one run. Shape:
    ``{"config", "cases", "correct", "abstained", "invalid", "metrics": {task: {...}}, "tokens",
    "seconds"}``; ``metrics`` as the run's benchmark computes them (SARA: per entailment and
    numeric; RuleArena: per domain), tasks without records left out. Raises ValueError for a run
    of an unknown benchmark."""
    metrics = get_benchmark(config.dataset).metrics(records)
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
