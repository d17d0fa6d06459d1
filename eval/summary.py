"""Summaries of a run's records with the benchmark's metrics (:meth:`Benchmark.metrics
<taxlogic.eval.benchmarks.Benchmark.metrics>`; SARA: :mod:`taxlogic.eval.metrics`)."""

from __future__ import annotations

from typing import Any

from taxlogic.eval.benchmarks import get_benchmark
from taxlogic.eval.records import CaseRecord, ErroredCase, RunConfig


def run_summary(config: RunConfig, records: list[CaseRecord], errored: list[ErroredCase] = ()) -> dict[str, Any]:
    """Counts, metrics per task, tokens and seconds of one run. Shape:
    ``{"config", "cases", "correct", "abstained", "invalid", "errored", "metrics": {task: {...}},
    "tokens", "seconds"}``; ``metrics`` as the run's benchmark computes them (SARA: per entailment
    and numeric; RuleArena: per domain), tasks without records left out. ``errored``: cases the
    LLM endpoint failed on (:func:`taxlogic.eval.records.read_errored`), counted apart: they are
    not records, so never in accuracy or abstention. Raises ValueError for a run of an unknown
    benchmark."""
    metrics = get_benchmark(config.dataset).metrics(records)
    return {
        "config": config.model_dump(),
        "cases": len(records),
        "correct": sum(r.correct for r in records),
        "abstained": sum(r.abstained for r in records),
        "invalid": sum(r.invalid for r in records),
        "errored": len(errored),
        "metrics": {k: v for k, v in metrics.items() if v.get("n")},
        "tokens": {"input": sum(r.input_tokens for r in records), "output": sum(r.output_tokens for r in records)},
        "seconds": round(sum(r.seconds for r in records), 3),
    }
