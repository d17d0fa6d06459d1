"""``taxlogic eval paper``: the published figures match the paper's text cell by cell; the plan
(cells, calls, tokens, dollars) before anything runs; the run through the gold endpoint writes
every table with the user's rows beside the published ones; a second run does nothing new; token
estimates are within 10% of what the endpoint counts."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from taxlogic.eval.paper.published import published

PAPER = Path(__file__).resolve().parents[2] / "shared" / "papers" / "reasoners-or-translators-tax-law.txt"


def _paper_tables() -> dict[int, list[tuple[str, str, str]]]:
    """(model, column, value) of every cell of Tables 5-9, parsed from the paper's text: the
    tab-separated lines between a table's ``Model`` header line and its caption; rows whose cells
    are all empty are group headings (Table 7); underlining (``<u>…</u>``) dropped."""
    if not PAPER.is_file():
        pytest.skip(f"the paper's text is not at {PAPER}")
    lines = PAPER.read_text(encoding="utf-8").splitlines()
    out = {}
    for n in (5, 6, 7, 8, 9):
        cap = next(i for i, line in enumerate(lines) if line.startswith(f"Table {n}:"))
        head = max(i for i in range(cap) if lines[i].startswith("Model\t"))
        cols = lines[head].split("\t")[1:]
        cells = []
        for line in lines[head + 1:cap]:
            parts = line.split("\t")
            if len(parts) != len(cols) + 1:
                continue
            values = [re.sub(r"</?u>", "", p).strip() for p in parts[1:]]
            if any(values):
                cells += [(parts[0].strip(), c, v) for c, v in zip(cols, values)]
        out[n] = cells
    return out


def test_published_figures_match_the_paper_cell_by_cell():
    pub = published()
    paper = _paper_tables()
    for n, cells in paper.items():
        mine = [(c.model, c.column, c.value) for c in pub.cells if c.table == n]
        assert mine == cells, f"Table {n}"
        assert [c.name for c in pub.table(n).columns] == list(dict.fromkeys(col for _, col, _ in cells))
    assert sum(len(c) for c in paper.values()) == len(pub.cells) == 329
    # the caption as printed, and the figures of a cell as numbers
    assert pub.table(6).caption.startswith("Table 6: Comparing Direct QA")
    assert pub.rows(5)["GPT-5"]["Direct"].numbers() == (76.0, 24.0)
    assert pub.rows(7)["Gemini 3 Pro"]["Min Cont"].numbers() == (90.5,)
    assert pub.rows(6)["o1"]["Pro-N"].value == "79.2"  # underlined in the paper


def test_table_6_sizes_are_the_protocol_sets():
    """Table 6's columns are the paper protocol's 272 entailment and 96 numeric cases."""
    t6 = published().table(6)
    assert {c.name: c.n for c in t6.columns} == {"Dir-E": 272, "Pro-E": 272, "Dir-N": 96, "Pro-N": 96}
