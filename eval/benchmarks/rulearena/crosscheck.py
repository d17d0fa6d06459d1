"""``taxlogic eval crosscheck``: the Form 1040 KB against Tax-Calculator, return by return.

Each return (RuleArena's published problems, a ``--problems`` file in their derived JSONL shape,
or returns drawn by :func:`taxlogic.kb.form1040.data.generate.generate`) runs through the KB (the
lines of :data:`taxlogic.kb.form1040.checks.tax_calculator.COMPARED`, one Prolog query per return) and
through taxcalc as one batch (:func:`taxlogic.kb.form1040.checks.tax_calculator.compute`); each line
both compute is compared (:func:`~taxlogic.kb.form1040.checks.tax_calculator.compare`): equal, within
the Tax Table's rounding, explained by a named rule (``kb/form1040/checks/crosscheck_rules.json``), or
unexplained. :func:`run_crosscheck` returns a :class:`CrosscheckReport`; :func:`write_report`
writes ``returns.jsonl`` (every return, every compared line), ``differences.csv`` (one row per
line that is not equal) and ``summary.json``.

Needs the optional extra (``pip install 'taxlogic[crosscheck]'``): ImportError names it.
"""

from __future__ import annotations

import csv
import json
import re
import time
from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any, Callable

__all__ = ["CrosscheckReport", "STATUSES", "load_returns", "run_crosscheck", "write_report"]

#: The statuses of a compared line, in the table's column order.
STATUSES = ("equal", "table", "explained", "unexplained")
_TERM = re.compile(r"l\((\w+),'?([^',()]+)'?,([^()]+?)\)(?=,l\(|\]$)")


@dataclass
class CrosscheckReport:
    """Per-return comparisons (``returns``: id, level, ``lines`` key -> compare's entry, and
    ``not_in_prompt``: taxcalc's Form 8959/8960 taxes, dollars), the agreement ``table`` (line key
    -> status -> count), ``rules`` (rule -> lines it explained), and seconds: ``kb_seconds``
    (engine wall time), ``taxcalc_seconds`` (the batch, JIT compilation included on a first call)."""

    source: str
    returns: list[dict[str, Any]] = field(default_factory=list)
    table: dict[str, Counter] = field(default_factory=dict)
    rules: Counter = field(default_factory=Counter)
    not_in_prompt: Counter = field(default_factory=Counter)
    kb_seconds: float = 0.0
    taxcalc_seconds: float = 0.0

    @property
    def unexplained(self) -> int:
        return sum(c["unexplained"] for c in self.table.values())

    def summary(self) -> dict[str, Any]:
        """The report without the per-return list, JSON-ready."""
        return {"source": self.source, "returns": len(self.returns),
                "table": {k: {s: c[s] for s in STATUSES} for k, c in self.table.items()},
                "rules": dict(self.rules.most_common()), "not_in_prompt": dict(self.not_in_prompt),
                "unexplained": self.unexplained, "kb_seconds": round(self.kb_seconds, 3),
                "taxcalc_seconds": round(self.taxcalc_seconds, 3)}


def load_returns(dataset: str = "rulearena-tax", problems: Path | None = None, generate: int | None = None,
                 seed: int = 0, levels: tuple[int, ...] = (0, 1, 2)) -> tuple[str, list[dict[str, Any]]]:
    """(a name of the source, problems ``{"id", "level", "pydantic"}``): ``generate`` returns drawn
    with ``seed``; else the ``problems`` JSONL file (RuleArena's derived shape); else the
    ``dataset``'s published problems of ``levels``. Raises ValueError for another dataset or a
    line without a ``pydantic`` record; DataError when RuleArena's data is missing."""
    if dataset != "rulearena-tax":
        raise ValueError(f"the cross-check runs on rulearena-tax, not {dataset!r}")
    if generate is not None:
        from taxlogic.kb.form1040.data.generate import generate as draw

        return f"generated-{generate}-seed{seed}", draw(generate, seed=seed, levels=levels)
    if problems is not None:
        rows = [json.loads(line) for line in problems.read_text(encoding="utf-8").splitlines() if line.strip()]
        bad = [i for i, r in enumerate(rows, 1) if not isinstance(r.get("pydantic"), dict)]
        if bad:
            raise ValueError(f"{problems}: line {bad[0]} has no TaxPayer record ('pydantic')")
        return problems.stem, rows
    from taxlogic.eval.benchmarks.rulearena.data import rulearena_root

    root = rulearena_root()
    rows = [json.loads(line) for lv in levels
            for line in (root / "derived" / f"tax_level{lv}.jsonl").read_text(encoding="utf-8").splitlines() if line]
    return "rulearena-tax", [{"id": r["id"], "level": r["level"], "pydantic": r["pydantic"]} for r in rows]


def _kb_lines(engine, records: list[dict]) -> list[dict[str, Fraction]]:
    from taxlogic.kb.form1040 import fact_amount, taxpayer_to_facts
    from taxlogic.kb.form1040.checks.tax_calculator import COMPARED, kb_query
    from taxlogic.tools.engine import Job

    keyof = {where: key for key, (_, where, _) in COMPARED.items()}
    jobs = [Job(facts=taxpayer_to_facts(p), query=kb_query(), mode="first", var="X") for p in records]
    out = []
    for p, res in zip(records, engine.run_many(jobs)):
        if res.status != "values" or not res.values:
            raise ValueError(f"the KB gave no lines for a return ({res.summary()})")
        text = res.values[0].replace(" ", "")
        out.append({keyof[(m[1], m[2])]: fact_amount(m[3]) for m in _TERM.finditer(text)})
    return out


def run_crosscheck(engine, source: str, problems: list[dict[str, Any]],
                   progress: Callable[[str], None] | None = None) -> CrosscheckReport:
    """Compare the KB (``engine``: a Form 1040 KB engine) with taxcalc on ``problems``. Raises
    ImportError (the install hint) without taxcalc, ValueError when the KB gives no lines."""
    from taxlogic.kb.form1040.checks.tax_calculator import COMPARED, NOT_IN_PROMPT, compare, compute

    records = [p["pydantic"] for p in problems]
    report = CrosscheckReport(source=source, table={k: Counter() for k in COMPARED})
    if progress:
        progress(f"Tax-Calculator: {len(records)} returns")
    t0 = time.perf_counter()
    tc = compute(records)
    report.taxcalc_seconds = time.perf_counter() - t0
    if progress:
        progress(f"the KB: {len(records)} returns")
    t0 = time.perf_counter()
    kb = _kb_lines(engine, records)
    report.kb_seconds = time.perf_counter() - t0
    for prob, k, t in zip(problems, kb, tc):
        lines = compare(prob["pydantic"], k, t)
        for key, entry in lines.items():
            report.table[key][entry["status"]] += 1
            for rule in entry["rules"]:
                report.rules[rule] += 1
        extra = {name: t[name] for name in NOT_IN_PROMPT if t[name] > 0.005}
        for name in extra:
            report.not_in_prompt[name] += 1
        report.returns.append({"id": prob.get("id"), "level": prob.get("level"), "lines": lines, "not_in_prompt": extra})
    return report


def write_report(report: CrosscheckReport, out: Path) -> list[Path]:
    """Write ``returns.jsonl``, ``differences.csv`` and ``summary.json`` into ``out`` (created);
    returns the paths."""
    out.mkdir(parents=True, exist_ok=True)
    paths = [out / "returns.jsonl", out / "differences.csv", out / "summary.json"]
    with paths[0].open("w", encoding="utf-8") as fh:
        for r in report.returns:
            fh.write(json.dumps(r) + "\n")
    with paths[1].open("w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(["id", "level", "line", "kb", "taxcalc", "diff", "status", "rules"])
        for r in report.returns:
            for key, e in r["lines"].items():
                if e["status"] != "equal":
                    w.writerow([r["id"], r["level"], key, f"{e['kb']:.2f}", f"{e['taxcalc']:.2f}", f"{e['diff']:.2f}",
                                e["status"], "+".join(e["rules"])])
    paths[2].write_text(json.dumps(report.summary(), indent=1) + "\n", encoding="utf-8")
    return paths
