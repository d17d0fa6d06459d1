"""Summaries of a run's records with the benchmark's metrics (:meth:`Benchmark.metrics
<taxlogic.eval.benchmarks.Benchmark.metrics>`; SARA: :mod:`taxlogic.eval.scoring.metrics`), the run's
tokens and their dollar cost (:mod:`taxlogic.eval.scoring.prices`), and, on SARA and SARA⁺, accuracy
without the cases of documented gold errata (:mod:`taxlogic.kb.sara.data.errata`)."""

from __future__ import annotations

from typing import Any

from taxlogic.eval.benchmarks import find_benchmark, get_benchmark
from taxlogic.eval.scoring.prices import Price, price_for
from taxlogic.eval.scoring.records import CaseRecord, ErroredCase, RunConfig


def run_summary(config: RunConfig, records: list[CaseRecord], errored: list[ErroredCase] = (),
                price: Price | None = None) -> dict[str, Any]:
    """Counts, metrics per task, tokens and seconds of one run. Shape:
    ``{"config", "cases", "correct", "abstained", "invalid", "errored", "metrics": {task: {...}},
    "tokens", "errata", "seconds"}``; ``metrics`` as the run's benchmark computes them (SARA: per
    entailment and numeric; RuleArena: per domain), tasks without records left out. ``errored``:
    cases the LLM endpoint failed on (:func:`taxlogic.eval.scoring.records.read_errored`), counted apart:
    they are not records, so never in accuracy or abstention. ``tokens``: :func:`token_summary`
    (``price``: None for the built-in price of the run's model, if any). ``errata``:
    :func:`errata_summary` (None off SARA). Raises ValueError for a run of an unknown
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
        "tokens": token_summary(records, price if price is not None else price_for(config.model)),
        "errata": errata_summary(config.dataset, records),
        "seconds": round(sum(r.seconds for r in records), 3),
    }


def answered(record: CaseRecord) -> bool:
    """A record that gave a usable answer (neither abstained nor invalid)."""
    return not record.abstained and not record.invalid


def token_summary(records: list[CaseRecord], price: Price | None = None) -> dict[str, Any]:
    """Tokens of ``records``: ``input``, ``output`` and ``cached`` (prompt tokens the endpoint
    reported as served from its cache; None when no record has the count); ``per_case`` and
    ``per_answered`` (per record that gave a usable answer, :func:`answered`; None without one),
    each ``{"input", "output"}``; with ``price``, ``dollars`` (total, ``per_case``,
    ``per_answered``) and ``price`` (dollars per million tokens and their source), else None."""
    n = len(records)
    k = sum(answered(r) for r in records)
    tin, tout = sum(r.input_tokens for r in records), sum(r.output_tokens for r in records)
    counted = [r.cached_tokens for r in records if r.cached_tokens is not None]
    cached = sum(counted) if counted else None
    per = lambda d: None if not d else {"input": round(tin / d, 1), "output": round(tout / d, 1)}  # noqa: E731
    out: dict[str, Any] = {"input": tin, "output": tout, "cached": cached, "per_case": per(n), "per_answered": per(k),
                           "dollars": None, "price": None}
    if price is not None:
        total = price.dollars(tin, tout, cached or 0)
        out["dollars"] = {"total": round(total, 4), "per_case": round(total / n, 6) if n else None,
                          "per_answered": round(total / k, 6) if k else None}
        out["price"] = {"input": price.input, "output": price.output, "cached": price.cached, "source": price.source}
    return out


def errata_summary(dataset: str, records: list[CaseRecord]) -> dict[str, dict[str, Any]] | None:
    """Per task, the headline accuracy (Acc, or EM for numeric) on all records and on the records
    whose case has no documented gold erratum (:func:`taxlogic.kb.sara.data.errata.has_erratum`):
    ``{task: {"n", "acc", "n_clean", "acc_clean", "n_errata"}}``, accuracies as fractions (None
    over no case). None for a benchmark outside the SARA family."""
    bench = find_benchmark(dataset)
    if bench is None or bench.family != "SARA":
        return None
    from taxlogic.kb.sara.data.errata import has_erratum

    has_erratum = getattr(bench, "has_erratum", has_erratum)  # a release with errata of its own (SARA v2)
    clean = [r for r in records if not has_erratum(r)]
    full, part = bench.metrics(records), bench.metrics(clean)
    out = {}
    for task, m in full.items():
        if not m.get("n"):
            continue
        c = part.get(task) or {}
        out[task] = {"n": m["n"], "acc": bench.headline(task, m)["acc"], "n_clean": c.get("n", 0),
                     "acc_clean": bench.headline(task, c)["acc"] if c.get("n") else None,
                     "n_errata": m["n"] - c.get("n", 0)}
    return out
