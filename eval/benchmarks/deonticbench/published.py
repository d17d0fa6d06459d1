"""The DeonticBench paper's published figures as data (``published.json``, beside this module),
shown beside a run of the same domain and split in ``taxlogic eval report``.

Only the abstract's two figures are stored (the best hard-subset results: 44.4% exact match on
SARA numeric, 46.6 macro-F1 on housing): the search for the paper's per-model tables (arXiv
2604.04443) found the abstract, the project page and the dataset card, not the tables.
"""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources
from typing import Any

__all__ = ["published_figures", "published_note"]


@lru_cache(maxsize=1)
def _data() -> dict[str, Any]:
    text = resources.files("taxlogic.eval.benchmarks.deonticbench").joinpath("published.json").read_text()
    return json.loads(text)


def published_figures(domain: str | None = None, split: str | None = None) -> list[dict[str, Any]]:
    """The published figures (each: domain, split, metric, value, unit, what, source), those of
    ``domain`` and ``split`` when given."""
    return [f for f in _data()["figures"] if (domain is None or f["domain"] == domain)
            and (split is None or f["split"] == split)]


def published_note(domain: str, split: str) -> str:
    """A report row's note on the paper's figure for ``domain`` and ``split`` ("" if none):
    ``paper (best, abstract): 44.4% accuracy (exact match)``."""
    figs = published_figures(domain, split)
    return "; ".join(f"paper (best, arXiv 2604.04443 abstract): {f['value']}{f['unit']} {f['metric']}" for f in figs)


# ----------------------------------------------------------------------------- report table

_DOMAIN_OF_TASK = {"sara_numeric", "sara_binary", "airline", "housing", "uscis-aao"}


def _fmt(x: float | None) -> str:
    return "–" if x is None else f"{x:.1f}"


def report_lines(rows: list) -> tuple[list[str], list[list[str]], list[str]]:
    """DeonticBench's report table: one line per run and domain (method, ``<dataset>/<split>``,
    n, the benchmark's score in %, accuracy... as the row has them), then for each domain and
    split of those runs the paper's published figure, marked ``paper``; notes give the sources.
    Returns (header, lines, notes)."""
    header = ["method", "split", "n", "score %", "score", "err % (all)", "abstain %", "run"]
    lines, seen = [], []
    for r in rows:
        score = (r.note or "").split(";")[0].removeprefix("acc = ").strip()
        lines.append([r.method, r.split, str(r.n), _fmt(r.acc), score, _fmt(r.err), _fmt(r.abstain), r.run.rsplit("/", 1)[-1]])
        key = (r.task, r.split.rsplit("/", 1)[-1])
        if key not in seen:
            seen.append(key)
    notes = []
    for domain, split in seen:
        for f in published_figures(domain, split):
            lines.append(["paper (best)", f"{domain}/{split}", "–", f"{f['value']:.1f}", f["metric"], "–", "–", "–"])
            notes.append(f"paper (best) {domain}/{split}: {f['what']}; source: {f['source']}")
    if rows and not notes:
        notes.append("no published figure for these domains and splits (published.json holds the abstract's two only)")
    return header, lines, notes


def report_markdown(rows: list) -> str:
    """:func:`report_lines` as a Markdown section ("" without rows)."""
    header, lines, notes = report_lines(rows)
    if not rows:
        return ""
    out = ["## DeonticBench (the benchmark's score per domain, beside the paper's figures)", "",
           "| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    out += ["| " + " | ".join(line) + " |" for line in lines]
    out += [""] + [f"- {n}" for n in notes]
    return "\n".join(out) + "\n"
