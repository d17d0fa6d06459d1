"""The break-even price per case of Jurayj, Holzenberger and Van Durme 2025 ("Language Models and
Logic Programs for Trustworthy Financial Reasoning", arXiv 2508.21051): what a tax assistant
would have to charge per case to pay its users' penalties for wrong answers, their overpayments,
and a human preparer for every refusal. Constants, formula and sources are data
(``break_even.json`` beside this module), as their code computes it
(``plotting/plotting_utils.py`` ``calculate_cost_error`` of their repository):

- abstained: the refusal cost, $270 (the IRS's average cost of filing, quoted in their abstract);
- answered ``p`` for the gold tax ``t`` (whole dollars): overpaid (``p > t``) costs ``p - t``;
  underpaid by more than ``max($5,000, 10% of t)`` costs the 20% accuracy-related penalty
  (IRC §6662(a), (d)(1)(A)) on ``t - p``; any smaller underpayment costs nothing;
- an invalid answer (no readable number) is ``p = -1``, as their code reads one;
- the price is the mean cost over all of a run's cases, in dollars.

It applies to any run whose answers are dollars: SARA numeric (2020 release), SARA v2, RuleArena
tax (:func:`price_rows` reads run folders). The published per-model rows are data too
(``published_rows``), each with the table and row it comes from; the file says when there are none.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Iterable

from pydantic import BaseModel

PRICE_FILE = Path(__file__).with_name("break_even.json")
#: Record kinds whose gold answer is a dollar amount.
DOLLAR_TASKS = ("numeric", "tax")


def price_data() -> dict[str, Any]:
    """The constants, formula, sources and published rows (``break_even.json``)."""
    return json.loads(PRICE_FILE.read_text(encoding="utf-8"))


def case_cost(gold: float, prediction: float | None, *, abstained: bool = False, invalid: bool = False,
              constants: dict[str, float] | None = None) -> float:
    """The dollars one case costs (module doc): ``gold`` the tax owed, ``prediction`` the answer
    (None with ``invalid``: no readable answer). Raises ValueError for a non-numeric gold."""
    c = constants or price_data()["constants"]
    if isinstance(gold, bool) or not isinstance(gold, (int, float)):
        raise ValueError(f"the break-even price needs a dollar gold answer, not {gold!r}")
    if abstained:
        return float(c["refusal_cost"])
    p = c["invalid_answer"] if invalid or prediction is None or isinstance(prediction, (bool, str)) else prediction
    under = gold - p
    if under < 0:
        return float(-under)
    if under > max(c["threshold_dollars"], gold * c["threshold_share"]):
        return c["penalty_rate"] * under
    return 0.0


class PriceRow(BaseModel):
    """One run's task (or a published row): cases, right / wrong / abstained, and the break-even
    price in dollars per case (with its parts: penalties and overpayments, refusals)."""

    run: str
    method: str
    dataset: str
    task: str
    n: int
    right: int
    wrong: int
    abstained: int
    price: float | None
    wrong_cost: float | None = None
    refusal_cost: float | None = None
    source: str | None = None  # a published row: its paper, table and row


def run_price(records: Iterable[Any], *, run: str = "", method: str = "", dataset: str = "", task: str = "") -> PriceRow:
    """The break-even price of ``records`` (objects with ``gold``, ``prediction``, ``correct``,
    ``abstained``, ``invalid``): invalid answers count as wrong, as in their tables."""
    c = price_data()["constants"]
    recs = list(records)
    wrong_cost = sum(case_cost(r.gold, r.prediction, invalid=r.invalid, constants=c) for r in recs if not r.abstained)
    refusals = sum(case_cost(r.gold, None, abstained=True, constants=c) for r in recs if r.abstained)
    n = len(recs)
    return PriceRow(run=run, method=method, dataset=dataset, task=task, n=n,
                    right=sum(bool(r.correct) for r in recs), abstained=sum(bool(r.abstained) for r in recs),
                    wrong=sum(not r.correct and not r.abstained for r in recs),
                    price=round((wrong_cost + refusals) / n, 2) if n else None,
                    wrong_cost=round(wrong_cost / n, 2) if n else None, refusal_cost=round(refusals / n, 2) if n else None)


def price_rows(paths: list[Path]) -> list[PriceRow]:
    """One row per run folder under ``paths`` and dollar task (:data:`DOLLAR_TASKS`), records
    whose gold is a number only. Runs without such records give none."""
    from taxlogic.eval.scoring.records import iter_run_dirs, read_config, read_records
    from taxlogic.eval.reports.report import method_label

    rows = []
    for d in iter_run_dirs(paths):
        cfg = read_config(d)
        records = [r for r in read_records(d) if r.kind in DOLLAR_TASKS
                   and isinstance(r.gold, (int, float)) and not isinstance(r.gold, bool)]
        for task in sorted({r.kind for r in records}):
            rows.append(run_price([r for r in records if r.kind == task], run=d.name, method=method_label(cfg),
                                  dataset=cfg.dataset, task=task))
    return rows


def published_rows() -> list[PriceRow]:
    """The paper's published rows (``published_rows`` of the data file, each with its table and
    row as ``source``); empty when none could be found (``published_note`` says what was searched)."""
    return [PriceRow(**r) for r in price_data()["published_rows"]]


def price_lines(rows: list[PriceRow]) -> tuple[list[str], list[list[str]]]:
    """(header, lines) of the break-even table: run, dataset/task, n, right, wrong, abstained,
    price $/case (penalties and overpayments + refusals)."""
    header = ["run", "data", "n", "right", "wrong", "abst.", "$/case", "wrong $ + refusals $"]
    money = lambda x: "–" if x is None else f"{x:,.2f}"  # noqa: E731
    lines = [[r.run if r.source is None else f"{r.method} (published)", f"{r.dataset}/{r.task}", str(r.n), str(r.right),
              str(r.wrong), str(r.abstained), money(r.price), f"{money(r.wrong_cost)} + {money(r.refusal_cost)}"]
             for r in rows]
    return header, lines


def price_markdown(rows: list[PriceRow]) -> str:
    """The break-even section of report.md: the table, the formula with its constants and
    sources, and the published rows on the runs' datasets (or the note saying there are none)."""
    data = price_data()
    published = [r for r in published_rows() if r.dataset in {row.dataset for row in rows}]  # beside runs on their data
    header, lines = price_lines(rows + published)
    out = ["## Break-even price per case (Jurayj, Holzenberger and Van Durme 2025)", "",
           "| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    out += ["| " + " | ".join(line) + " |" for line in lines]
    out += ["", f"Formula: {data['formula']}", "",
            "Constants: " + ", ".join(f"{k} {v}" for k, v in data["constants"].items()) + ".", "",
            "Sources: " + "; ".join(f"{k}: {v}" for k, v in data["source"].items()) + "."]
    out += ["", *(f"Published: {r.method}, {r.source}." for r in published)] if published else \
        ["", data.get("published_note", "")]
    return "\n".join(out) + "\n"
