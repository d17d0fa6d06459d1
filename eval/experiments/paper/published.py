"""The paper's published figures as data (``published.json`` beside this module): every cell of
Tables 5-9 of Kordjamshidi et al., "Reasoners or Translators?", as printed (underlining dropped),
each with its table, model and column; per table its shape and rounding, per column what taxlogic
runs to fill it (method, dataset, split, task) and its published or implied set size ``n``
(None: not published). ``tests/test_paper.py`` checks the file against the paper's text cell by
cell.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from pydantic import BaseModel

from taxlogic.tables import shared_table

PUBLISHED_FILE = Path(__file__).with_name("published.json")


class Column(BaseModel):
    """One column of a published table. ``method``: the taxlogic method(s) that fill it,
    ``|``-separated in order of preference (None: nothing taxlogic runs is comparable, ``note``
    says why); ``n``: the published or implied number of cases (None: not published)."""

    name: str
    label: str | None = None
    method: str | None
    dataset: str
    split: str
    task: str
    n: int | None
    note: str | None = None

    @property
    def methods(self) -> list[str]:
        return self.method.split("|") if self.method else []

    @property
    def title(self) -> str:
        return self.label or self.name


class Table(BaseModel):
    """One published table: ``shape`` (``percent``, ``em/err``, ``contamination``), ``decimals``
    (the rounding the user's cells get), the ``caption`` as printed and where its figures come
    from (``source``)."""

    table: int
    caption: str
    shape: str
    decimals: int
    source: str
    columns: list[Column]
    #: the dataset (``--dataset`` name) the published figures are on, when it is not the one its
    #: columns run (Table 5: Jurayj et al.'s SARA_N is SARA v2's 100 numeric cases; the paper's
    #: protocol runs SARA's 2020 release): the user's figures are then marked not comparable
    published_on: str | None = None


class Cell(BaseModel):
    """One published figure: ``value`` exactly as printed ("87.5", "76/24", "90.5%"); ``group``:
    the model group of Table 7."""

    table: int
    model: str
    column: str
    value: str
    group: str | None = None

    def numbers(self) -> tuple[float, ...]:
        """The figures of :attr:`value` ("76/24" -> (76.0, 24.0); "90.5%" -> (90.5,))."""
        return tuple(float(x) for x in re.findall(r"\d+(?:\.\d+)?", self.value))


class Published(BaseModel):
    paper: str
    text: str
    note: str
    tables: list[Table]
    cells: list[Cell]

    def table(self, n: int) -> Table:
        """Table ``n``. Raises KeyError for a table not in the file."""
        for t in self.tables:
            if t.table == n:
                return t
        raise KeyError(f"Table {n} is not among the published tables ({', '.join(str(t.table) for t in self.tables)})")

    def rows(self, n: int) -> dict[str, dict[str, Cell]]:
        """Table ``n``'s cells by model, then column, in the paper's order."""
        out: dict[str, dict[str, Cell]] = {}
        for c in self.cells:
            if c.table == n:
                out.setdefault(c.model, {})[c.column] = c
        return out


@shared_table(maxsize=1)
def published() -> Published:
    """The published figures (:data:`PUBLISHED_FILE`)."""
    return Published.model_validate(json.loads(PUBLISHED_FILE.read_text(encoding="utf-8")))
