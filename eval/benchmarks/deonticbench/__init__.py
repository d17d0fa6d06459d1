"""DeonticBench (Dou, Brena, Deo, Jurayj, Zhang, Holzenberger and Van Durme 2026, arXiv
2604.04443) as benchmarks: ``deonticbench-sara-numeric``, ``-sara-binary``, ``-airline``,
``-housing``, ``-uscis``. One home, one module per concept:

* :mod:`.scoring`: the benchmark's score rules (exact whole dollars, accuracy, macro-F1 with the
  installed ``label_utils.py``);
* :mod:`.reference`: the reference programs through taxlogic's engine (``--method gold``);
* :mod:`.protocol`: the benchmark's own protocol (``direct``, ``prolog-few-shot``,
  ``prolog-zero-shot``), prompts read from the installed ``prompts/`` at run time;
* :mod:`.sandbox`: a model-written whole program through the engine's sandbox (``tools/sandbox.pl``,
  the agent's too), the domain's answer predicate as its query;
* :mod:`.published`: the paper's published figures (``published.json``).

Items are :class:`~taxlogic.kb.statutes.data.DeonticCase` values of one domain and split
(``--split hard`` (default), ``smoke``, ``whole`` when the hub's files were installed); ``kind`` is
the domain; ``rules`` ``deonticbench`` (the empty knowledge base reference programs run on). The
data: :mod:`taxlogic.kb.statutes.data` (``taxlogic data install-deonticbench``).
"""

from __future__ import annotations

from typing import Any

from taxlogic.eval.benchmarks import Benchmark, LoadOptions, ReportTable, register
from taxlogic.eval.benchmarks.deonticbench import protocol, published, reference, scoring

__all__ = ["BENCHMARK_NAMES", "DeonticBenchmark"]

#: ``--dataset`` name -> DeonticBench domain.
BENCHMARK_NAMES: dict[str, str] = {"deonticbench-sara-numeric": "sara_numeric",
                                   "deonticbench-sara-binary": "sara_binary",
                                   "deonticbench-airline": "airline",
                                   "deonticbench-housing": "housing",
                                   "deonticbench-uscis": "uscis-aao"}


class DeonticBenchmark(Benchmark):
    """One DeonticBench domain (``deonticbench-<domain>``)."""

    family = "DeonticBench"
    splits = ("hard", "smoke", "whole")
    default_split = "hard"
    generic_methods = False
    report_table = ReportTable(title="DeonticBench: the benchmark's score per domain, beside the paper's figures",
                               lines=published.report_lines, markdown=published.report_markdown)

    def __init__(self, name: str):
        from taxlogic.kb.statutes.data import COMMIT, RELEASE

        self.name, self.domain = name, BENCHMARK_NAMES[name]
        self.title = f"{RELEASE} {self.domain} (commit {COMMIT[:8]})"
        self.release = RELEASE
        self.methods = {"gold": reference.reference_method, **protocol.METHODS}
        if self.domain in ("housing", "uscis-aao"):  # the model writes the rules: kb/statutes
            from taxlogic.eval.benchmarks.deonticbench.agent import agent_method

            self.methods["agent"] = agent_method

    def items(self, split: str, task: str, options: LoadOptions):
        from taxlogic.kb.statutes.data import cases
        from taxlogic.kb.statutes.data.reference import reference_rules

        if split not in self.splits:
            raise ValueError(f"{self.name} splits are hard, smoke, whole (not {split!r})")
        if task not in ("all", self.domain):
            raise ValueError(f"{self.name} has one task, {self.domain} (or all), not {task!r}")
        return cases(self.domain, split), {"deonticbench": reference_rules()}

    def is_correct(self, item, record) -> bool:
        return scoring.is_correct(self.domain, item.label, record.prediction)

    def unavailable(self, method: str) -> str:
        return f"--method {method} is not available for {self.name}; use --method {', '.join(sorted(self.methods))}"

    def metrics(self, records) -> dict[str, dict[str, Any]]:
        return scoring.summary(records)

    def headline(self, kind: str, metrics: dict[str, Any]) -> dict[str, float | None]:
        """``acc``: the benchmark's score (exact match, accuracy, or macro-F1 for housing and
        USCIS); ``err`` wrong answers among all cases, ``err_answered``, ``abstain``."""
        return {"acc": metrics.get("score"), "err": metrics.get("err_all"), "err_answered": metrics.get("err_answered"),
                "abstain": metrics.get("abstention_rate")}

    def has_erratum(self, record) -> bool:
        """Does the record's case have a documented erratum that makes its reference program miss
        its label (``kb/statutes/data/errata.json``: the program wrong, incomplete or at odds
        with the label; not a mere text difference or an unreadable clause)?"""
        from taxlogic.kb.statutes.data.errata import errata

        entry = errata().get(record.case_id)
        return entry is not None and any(k.startswith("reference_") for k in entry["class"].split("+"))

    def report_rows(self, cfg, records, summary, run_dir, label) -> list[dict[str, Any]]:
        """The default rows, with ``note`` naming the score (macro-F1 for housing and USCIS) and
        the paper's published figure for this domain and split, when there is one, and the score
        on the cases without a documented reference-program erratum (``acc_clean``, ``n_clean``)."""
        from taxlogic.eval.benchmarks.deonticbench.published import published_note

        rows = super().report_rows(cfg, records, summary, run_dir, label)
        clean = [r for r in records if not self.has_erratum(r)]
        clean_summary = scoring.summary(clean) if clean else {}
        for row in rows:
            m = clean_summary.get(row["task"])
            row["acc_clean"] = None if m is None or m["score"] is None else 100 * m["score"]
            row["n_clean"] = len(clean)
            notes = [f"acc = {scoring.SCORE_NAME[self.domain]}"]
            paper = published_note(self.domain, cfg.split)
            if paper:
                notes.append(paper)
            row["note"] = "; ".join(notes)
        return rows


for _name in BENCHMARK_NAMES:
    register(DeonticBenchmark(_name))
