"""The reproduction's tables: each published table (Tables 5-9) as the paper prints it, the
user's rows below it in the same shape and rounding, and the difference to the published row of
the same model (when the user's model is one of the paper's) or else to the published column's
mean. A user's cell is marked ``†`` where it is not comparable: the published set size is not
stated, or the user's run has another number of cases (a ``--limit`` run, a different SARA⁺
build), or the column is nothing taxlogic runs (Table 5's Prolog: the LLM wrote the rules too).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from taxlogic.eval.experiments.paper.cells import Cell, QUIZ
from taxlogic.eval.experiments.paper.published import Column, published
from taxlogic.eval.scoring.records import read_records

#: The mark of a cell that is not comparable with the published figures.
MARK = "†"
#: How a method's row is labelled.
METHOD_LABELS = {"direct": "direct", "prolog-single-shot": "prolog-single-shot", "agent": "taxlogic agent",
                 QUIZ: "contamination quiz"}


@dataclass
class Figure:
    """One of the user's figures: ``values`` (percentages: one, or EM and Err for Table 5), the
    number of cases ``n``, and why it is not comparable (None: comparable)."""

    values: tuple[float, ...]
    n: int
    not_comparable: str | None = None


@dataclass
class TableView:
    """One table, ready to print: ``header``; ``published`` lines (model, then cells as printed);
    ``mine`` lines (the user's rows: label, then cells); ``diffs`` (the difference lines, label
    first); ``notes`` (one per mark and per column note)."""

    number: int
    caption: str
    header: list[str]
    published: list[list[str]]
    mine: list[list[str]] = field(default_factory=list)
    diffs: list[list[str]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    figures: dict[str, dict[str, Any]] = field(default_factory=dict)

    def markdown(self) -> str:
        out = [f"## {self.caption}", "", "| " + " | ".join(self.header) + " |", "|" + "---|" * len(self.header)]
        out += ["| " + " | ".join(line) + " |" for line in self.published]
        for line, diff in zip(self.mine, self.diffs):  # each user row, then its difference
            out += ["| **" + line[0] + "** | " + " | ".join(line[1:]) + " |",
                    "| *" + diff[0] + "* | " + " | ".join(diff[1:]) + " |"]
        return "\n".join(out + [""] + [f"{n}  " for n in self.notes]) + "\n"


def _norm(name: str) -> str:
    return re.sub(r"[^a-z0-9]", "", name.lower())


def matching_model(model: str, table: int) -> str | None:
    """The published row of ``table`` for the user's ``model`` (names compared without case and
    punctuation, a provider prefix dropped: "openai/gpt-4o" is "GPT-4o"), or None."""
    mine = _norm(model.rsplit("/", 1)[-1])
    for name in published().rows(table):
        if _norm(name) == mine:
            return name
    return None


def cell_figure(cell: Cell, col: Column, out: Path, table_shape: str) -> Figure | None:
    """The user's figure for one column from the cell's run folder (None: no records yet). Table
    5's shape gives (EM, Err among all cases); the quiz (Min, Max contamination κ) in %."""
    folder = cell.folder(out)
    if cell.is_quiz:
        path = folder / "summary.json"
        if not path.is_file():
            return None
        s = json.loads(path.read_text())
        key = "min_contamination" if col.name.startswith("Min") else "max_contamination"
        if s.get(key) is None:
            return None
        return Figure((100 * s[key],), int(s.get("quizzed") or 0),
                      "offline distractors, not the paper's (Claude Sonnet 4.5); quiz size not published")
    records = read_records(folder)
    if not records:
        return None
    n = len(records)
    correct = sum(r.correct for r in records)
    wrong = sum(not r.correct and not r.abstained for r in records)
    values = (100 * correct / n, 100 * wrong / n) if table_shape == "em/err" else (100 * correct / n,)
    why = None
    if col.n is None:
        why = "set size not published"
    elif col.n != n:
        why = f"{n} cases here, {col.n} in the paper"
    return Figure(values, n, why)


def other_release(published_on: str, dataset: str) -> str:
    """Why a run on ``dataset`` is not the published figures' data (``published_on``): both
    named with their release ("published on SARA v2, run on SARA (2020 release)")."""
    from taxlogic.eval.benchmarks import get_benchmark

    def name(d: str) -> str:
        return getattr(get_benchmark(d), "release", None) or d

    return (f"published on {name(published_on)}, run on {name(dataset)} (other case texts and gold programs; "
            f"taxlogic eval run --dataset {published_on} runs theirs, and eval report puts the published rows beside it)")


def _fmt(values: tuple[float, ...], decimals: int, shape: str, sign: bool = False) -> str:
    f = (lambda v: f"{v:+.{decimals}f}") if sign else (lambda v: f"{v:.{decimals}f}")
    if shape == "contamination":
        return f(values[0]) + "%"
    return "/".join(f(v) for v in values)


def table_view(number: int, cells: list[Cell], out: Path, model: str) -> TableView:
    """Table ``number`` with the user's rows for the methods among ``cells`` (see the module doc)."""
    pub = published()
    t = pub.table(number)
    rows = pub.rows(number)
    header = ["Model"] + [c.title for c in t.columns]
    view = TableView(number, t.caption, header, [[m] + [rows[m][c.name].value for c in t.columns] for m in rows])
    methods = [m for m in ("direct", "prolog-single-shot", "agent", QUIZ) if any(c.method == m for c in cells)]
    # one user row per method that fills a column; Table 6 puts direct and a translator in one row
    row_methods: list[tuple[str, dict[str, str]]] = []
    translators = [m for m in methods if m in ("prolog-single-shot", "agent")]
    for tr in translators or [None]:
        pick = {}
        for col in t.columns:
            chosen = next((m for m in col.methods if m in methods and (m == "direct" or m == QUIZ or m == tr)), None)
            if chosen:
                pick[col.name] = chosen
        if pick:
            label = f"{model} (taxlogic: " + ", ".join(METHOD_LABELS[m] for m in dict.fromkeys(pick.values())) + ")"
            row_methods.append((label, pick))
        if not any(m in ("prolog-single-shot", "agent") for m in pick.values()):
            break  # a table without translator columns needs one row only
    match = matching_model(model, number)
    marks: dict[str, str] = {}
    for label, pick in row_methods:
        line, diff = [label], [f"Δ vs {match}" if match else "Δ vs published mean"]
        for col in t.columns:
            m = pick.get(col.name)
            if m is None:
                line.append("n/a" + (MARK if col.note else ""))
                diff.append("–")
                if col.note:
                    marks[col.name] = col.note
                continue
            cell = Cell(m, col.dataset, col.split, col.task)
            fig = cell_figure(cell, col, out, t.shape)
            if fig is None:
                line.append("–")
                diff.append("–")
                continue
            if t.published_on and t.published_on != col.dataset:
                fig.not_comparable = "; ".join(w for w in (other_release(t.published_on, col.dataset), fig.not_comparable) if w)
            view.figures.setdefault(label, {})[col.name] = {"values": fig.values, "n": fig.n, "not_comparable": fig.not_comparable}
            line.append(_fmt(fig.values, t.decimals, t.shape) + (MARK if fig.not_comparable else ""))
            if fig.not_comparable:
                marks[col.name] = fig.not_comparable
            ref = _reference(rows, col.name, match)
            diff.append("–" if ref is None else _fmt(tuple(a - b for a, b in zip(fig.values, ref)), t.decimals, t.shape, sign=True))
        view.mine.append(line)
        view.diffs.append(diff)
    view.notes = [f"{MARK} {name}: not comparable: {why}" for name, why in marks.items()]
    if not match and view.diffs:
        view.notes.append(f"Δ: the user's figure minus the mean of the published column ({model} is not a model of Table {number})")
    return view


def _reference(rows: dict, column: str, match: str | None) -> tuple[float, ...] | None:
    """The published figure(s) the user's are compared with: the matching model's, else the
    column's mean over the published models."""
    if match:
        return rows[match][column].numbers()
    vals = [r[column].numbers() for r in rows.values() if column in r and r[column].numbers()]
    if not vals:
        return None
    width = min(len(v) for v in vals)
    return tuple(sum(v[i] for v in vals) / len(vals) for i in range(width))


def write_tables(views: list[TableView], out: Path) -> dict[str, Path]:
    """``tables.md`` and ``tables.json`` in ``out``; returns their paths."""
    md = ["# Reproduction of Kordjamshidi et al., Tables " + ", ".join(str(v.number) for v in views), "",
          "Published rows as printed; the user's rows in bold, then the difference (italics).", ""]
    md += [v.markdown() for v in views]
    paths = {"markdown": Path(out) / "tables.md", "json": Path(out) / "tables.json"}
    paths["markdown"].write_text("\n".join(md), encoding="utf-8")
    paths["json"].write_text(json.dumps([{"table": v.number, "caption": v.caption, "header": v.header,
                                          "published": v.published, "mine": v.mine, "diffs": v.diffs,
                                          "notes": v.notes, "figures": v.figures} for v in views], indent=1,
                                        ensure_ascii=False) + "\n", encoding="utf-8")
    return paths
