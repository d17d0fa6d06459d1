"""RuleArena's run summary and its Table 2: accuracy per domain, level and shots, in the shape
of RuleArena's Table 2 (its "Level 1-3" are the data's levels 0-2). Only Acc(t) is reproducible
offline: P(t), AC(t) and R(t) need RuleArena's GPT-4o judge.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from taxlogic.eval.benchmarks import ReportTable
from taxlogic.eval.benchmarks.rulearena.data import COUNTS, DATASETS, DOMAINS, SPLITS, parse_split

if TYPE_CHECKING:
    from taxlogic.eval.scoring.records import RunConfig

__all__ = ["PAPER_TABLE2", "TABLE2", "TABLE2_COLUMNS", "report_rows", "rulearena_summary", "setting_label",
           "table2", "table2_markdown"]


def rulearena_summary(records: list) -> dict[str, dict[str, Any]]:
    """Per domain: ``n``, ``correct``, ``accuracy`` (correct / n, RuleArena's Acc(t)),
    ``n_invalid`` (no answer read or the call failed; counted wrong), ``n_abstained`` and
    ``abstention_rate`` (the agent's abstentions; counted not correct), ``n_answered`` (neither)
    with ``accuracy_answered`` and ``err_answered``, plus the levels and shots seen; for agent
    runs on airline, ``extraction``: each field's mean share correct over the records scored
    against the gold ``info`` (:func:`taxlogic.kb.airline.domain.extraction_scores`, 0 to 1),
    with ``n`` the records scored."""
    out: dict[str, dict[str, Any]] = {}
    for domain in DOMAINS:
        rs = [r for r in records if r.kind == domain]
        if not rs:
            continue
        answered = [r for r in rs if not r.invalid and not r.abstained]  # the agent may abstain
        correct = sum(r.correct for r in rs)
        levels = sorted({r.details.get("level") for r in rs if r.details.get("level") is not None})
        shots = sorted({r.details.get("shots") for r in rs if r.details.get("shots") is not None})
        examples = sorted({str(r.details.get("oneshot_example")) for r in rs if r.details.get("oneshot_example")})
        out[domain] = {"n": len(rs), "correct": correct, "accuracy": correct / len(rs),
                       "n_invalid": sum(r.invalid for r in rs), "n_abstained": sum(r.abstained for r in rs),
                       "abstention_rate": sum(r.abstained for r in rs) / len(rs), "n_answered": len(answered),
                       "accuracy_answered": (sum(r.correct for r in answered) / len(answered)) if answered else None,
                       "err_answered": (sum(not r.correct for r in answered) / len(answered)) if answered else None,
                       "levels": levels, "shots": shots, "oneshot_examples": examples}
        scored = [r.details["extraction"] for r in rs if r.details.get("extraction")]
        if scored:
            fields = list(scored[0])
            out[domain]["extraction"] = {"n": len(scored), **{f: sum(x.get(f, 0.0) for x in scored) / len(scored)
                                                              for f in fields}}
    return out


# -------------------------------------------------------------------------------------- Table 2

#: RuleArena's Table 2, Acc(t) only: model -> setting -> domain -> (Level 1, 2, 3) = data levels 0-2.
PAPER_TABLE2: dict[str, dict[str, dict[str, tuple[float, float, float]]]] = {
    "Llama-3.1 70B": {"0-shot": {"airline": (0.01, 0.01, 0.00), "nba": (0.40, 0.36, 0.22), "tax": (0.01, 0.00, 0.00)},
                      "1-shot": {"airline": (0.17, 0.07, 0.01), "nba": (0.49, 0.25, 0.26), "tax": (0.11, 0.00, 0.00)}},
    "Qwen-2.5 72B": {"0-shot": {"airline": (0.01, 0.01, 0.00), "nba": (0.44, 0.43, 0.30), "tax": (0.10, 0.01, 0.00)},
                     "1-shot": {"airline": (0.19, 0.10, 0.01), "nba": (0.53, 0.35, 0.17), "tax": (0.17, 0.00, 0.00)}},
    "Llama-3.1 405B": {"0-shot": {"airline": (0.03, 0.06, 0.01), "nba": (0.49, 0.30, 0.28), "tax": (0.16, 0.02, 0.00)},
                       "1-shot": {"airline": (0.32, 0.16, 0.04), "nba": (0.56, 0.29, 0.10), "tax": (0.24, 0.03, 0.00)}},
    "Claude-3.5 Sonnet": {"0-shot": {"airline": (0.04, 0.00, 0.01), "nba": (0.38, 0.40, 0.28), "tax": (0.32, 0.02, 0.00)},
                          "1-shot": {"airline": (0.29, 0.30, 0.11), "nba": (0.58, 0.47, 0.26), "tax": (0.64, 0.16, 0.00)}},
    "GPT-4o": {"0-shot": {"airline": (0.02, 0.00, 0.00), "nba": (0.40, 0.26, 0.24), "tax": (0.42, 0.07, 0.00)},
               "1-shot": {"airline": (0.32, 0.16, 0.05), "nba": (0.40, 0.28, 0.20), "tax": (0.57, 0.07, 0.00)}},
}

TABLE2_COLUMNS: tuple[tuple[str, int], ...] = tuple((d, lv) for d in DOMAINS for lv in (0, 1, 2))


def report_rows(cfg: "RunConfig", records: list, summary: dict[str, Any], run_dir: Path, label: str) -> list[dict[str, Any]]:
    """``ReportRow`` fields for one RuleArena run: one row per domain, acc/err in %, and a note
    naming the tax 1-shot example, invalid records and the max_tokens cap."""
    import collections

    out = []
    for domain, level, m, rs in _row_groups(cfg, records, summary):
        notes = []
        examples = {(r.details.get("oneshot_example"), r.details.get("oneshot_example_official")) for r in rs
                    if domain == "tax" and r.details.get("shots")}
        for ex, official in sorted(examples, key=str):
            why = "RuleArena's choice for this model" if official else "model outside RuleArena's mapping; chosen by taxlogic"
            notes.append(f"tax 1-shot example {ex!r} ({why})")
        if m["n_invalid"]:
            reason = collections.Counter((r.reason or "")[:240] for r in rs if r.invalid).most_common(1)[0][0]
            notes.append(f"{m['n_invalid']}/{m['n']} invalid (counted wrong), e.g. {reason}")
        if m.get("extraction"):
            ex = m["extraction"]
            fields = ", ".join(f"{f} {v:.2f}" for f, v in ex.items() if f != "n")
            notes.append(f"{m['n_abstained']}/{m['n']} abstained; field extraction vs gold info (mean of {ex['n']}): {fields}")
        errata = [r for r in rs if r.details.get("erratum")]
        if errata:  # labels that depart from the rules' text (tax: kb/form1040, nba: kb/nba errata.json)
            clean = [r for r in rs if not r.details.get("erratum")]
            where = {"tax": "kb/form1040/data/errata.json", "nba": "kb/nba/data/errata.json"}.get(domain, "its errata file")
            notes.append(f"{len(errata)}/{m['n']} problems have a documented erratum ({where}; "
                         f"{sum(r.correct for r in errata)} of them correct); without them "
                         f"{sum(r.correct for r in clean)}/{len(clean)} correct")
        caps = {r.details.get("max_tokens") for r in rs if r.details.get("max_tokens")}
        if caps:
            notes.append(f"replies capped at {max(caps)} tokens (RuleArena sends no max_tokens)")
        out.append(dict(method=label, split=f"{cfg.dataset}/level{level}", task=domain, n=m["n"], acc=100 * m["accuracy"],
                        err=None if m["err_answered"] is None else 100 * m["err_answered"], shots=cfg.shots or 0,
                        setting=setting_label(cfg.shots, cfg.task), total=COUNTS.get((domain, level)),
                        note="; ".join(notes) or None, run=str(run_dir)))
    return out


def _level(record) -> int | None:
    """A record's level: ``details["level"]``, else the level of its id (``nba-1-7`` -> 1)."""
    level = record.details.get("level")
    if level is None:
        parts = str(record.case_id).split("-")
        level = int(parts[1]) if len(parts) == 3 and parts[1].isdigit() else None
    return level


def _row_groups(cfg: "RunConfig", records: list, summary: dict[str, Any]):
    """(domain, level, metrics, records) per Table 2 cell a run fills: its split's level, or each
    level of a ``--split all`` run (metrics recomputed per level)."""
    for domain, m in summary["metrics"].items():
        rs = [r for r in records if r.kind == domain]
        if cfg.split != "all":
            yield domain, parse_split(cfg.split), m, rs
            continue
        for level in sorted({lv for lv in map(_level, rs) if lv is not None}):
            part = [r for r in rs if _level(r) == level]
            yield domain, level, rulearena_summary(part)[domain], part


def setting_label(shots: int | None, variant: str | None) -> str:
    """'0-shot', '1-shot', '1-shot textual'."""
    label = f"{shots or 0}-shot"
    return label if variant in (None, "", "all") else f"{label} {variant}"


def table2(rows: list, *, paper: bool = False) -> tuple[list[str], list[list[str]], list[str]]:
    """RuleArena rows of a report (``ReportRow`` with ``split`` = ``rulearena-<domain>/level<k>``)
    as Table 2: one line per (method, setting), one column per domain and level, cells Acc(t)
    with two decimals (``n=…/total`` added when a run covers only part of the level). Returns
    (header, lines, notes). ``paper``: append RuleArena's published Acc(t) lines."""
    header = ["model / method", "setting"] + [f"{d} L{lv + 1}" for d, lv in TABLE2_COLUMNS]
    lines: dict[tuple[str, str], dict[tuple[str, int], str]] = {}
    notes: list[str] = []
    for r in rows:
        dataset, _, split = r.split.partition("/")
        if dataset not in DATASETS or split not in SPLITS:
            continue
        domain, level = DATASETS[dataset], int(split[-1])
        key = (r.method, r.setting or setting_label(r.shots, None))
        if (domain, level) in lines.get(key, {}):  # two runs for one cell: the later gets its own line
            key = (f"{r.method} [{Path(r.run).name}]", key[1])
        total = r.total or COUNTS.get((domain, level))
        cell = "–" if r.acc is None else f"{r.acc / 100:.2f}"
        if r.acc is not None and total and r.n < total:
            cell += f" (n={r.n}/{total})"
        lines.setdefault(key, {})[(domain, level)] = cell
        note = f"{r.method}, {key[1]}, {domain} L{level + 1}: {r.note}" if r.note else None
        if note and note not in notes:
            notes.append(note)
    body = [[m, s] + [cells.get(c, "") for c in TABLE2_COLUMNS] for (m, s), cells in lines.items()]
    if paper:
        for model, settings in PAPER_TABLE2.items():
            for setting, by_domain in settings.items():
                body.append([f"paper: {model}", setting] + [f"{by_domain[d][lv]:.2f}" for d, lv in TABLE2_COLUMNS])
    notes.append("RuleArena's Table 2 numbers its levels 1-3; L1-L3 here are the data's level0-level2. "
                 "Only Acc(t) is reproduced (P/AC/R need RuleArena's GPT-4o judge).")
    return header, body, notes


def table2_markdown(rows: list, *, paper: bool = True) -> str:
    header, body, notes = table2(rows, paper=paper)
    if not any(not line[0].startswith("paper: ") for line in body):
        return ""
    out = ["## RuleArena (Table 2 shape: Acc(t) per domain and level)", "",
           "| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    out += ["| " + " | ".join(line) + " |" for line in body]
    out += [""] + [f"- {n}" for n in notes]
    return "\n".join(out) + "\n"


TABLE2 = ReportTable(title="RuleArena: Acc(t) per domain and level (Table 2 shape)", lines=table2,
                     markdown=table2_markdown)
