"""Tables that never break inside a number or a word, at any terminal width.

rich shares a too-narrow terminal among a table's columns by folding cells wherever the width
runs out, inside numbers ("5,141–10,65 / 8") and words ("prolog-singl / e-shot"). :func:`fit`
lays a built :class:`rich.table.Table` out by design instead: each column is given a fixed width
no narrower than its longest word (a number, a range such as ``26.34M–52.51M``, a method name),
text columns giving up their room first and wrapping between words; when even the longest words
of every column do not fit side by side, the table is stacked: one block per row, the first
column as its heading and every other column as ``header value`` pairs, a pair never split.
"""

from __future__ import annotations

import re

from rich.console import Console, Group, RenderableType
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text

__all__ = ["fit", "longest_word"]


def _text(console: Console, cell) -> Text:
    if isinstance(cell, Text):
        return cell
    if isinstance(cell, str):
        return console.render_str(cell, highlight=False)
    return Text(str(cell))


def longest_word(text: str) -> int:
    """The widest run of non-space characters of ``text`` (0 for blank text), in cells."""
    from rich.cells import cell_len

    return max((cell_len(w) for w in text.split()), default=0)


def _widest_line(text: str) -> int:
    from rich.cells import cell_len

    return max((cell_len(line) for line in text.splitlines()), default=0)


#: The narrowest a foldable column (an identifier such as a run folder's name) is made.
FOLD_WIDTH = 12

#: The parts of an identifier: each ends at its own separator ("gold-", "sara_", "v2/", "run.").
_PART = re.compile(r"[^-_/.]*[-_/.]+|[^-_/.]+")


def _longest_part(text: str) -> int:
    """The widest part of the identifiers (words) of ``text``, each cut after its separators."""
    from rich.cells import cell_len

    return max((cell_len(p) for w in text.split() for p in _PART.findall(w)), default=0)


def _cut_identifiers(cell: Text, width: int) -> Text:
    """``cell`` with each identifier longer than ``width`` (a run folder's name) cut after its
    separators ("gold-sara-test-" / "all-b3"), never inside a part; the rest is left to rich,
    which wraps it between words."""
    out = []
    for line in cell.split("\n"):
        cuts = []
        for word in re.finditer(r"\S+", line.plain):
            if len(word.group()) <= width:
                continue
            start = pos = word.start()
            for part in _PART.findall(word.group()):
                if pos + len(part) - start > width and pos > start:
                    cuts.append(pos)
                    start = pos
                pos += len(part)
        out.extend(line.divide(cuts) if cuts else [line])
    return Text("\n").join(out)


def fit(table: Table, console: Console, width: int | None = None, *, foldable: tuple[int, ...] = ()) -> RenderableType:
    """``table`` fitted to ``width`` (default: the console's) without breaking a word or number:
    the same table with every column's width fixed (each at least its longest word; the columns
    with the most room to spare give it up first, so text wraps between words), or, when the
    longest words of all columns side by side are wider than ``width``, a stacked layout (the
    title, then per row its first cell as a heading and the other cells as ``header value``
    pairs, wrapped between pairs; sections kept apart by a blank line). ``foldable``: indices of
    columns holding identifiers, not words (a run folder's name), which may be cut after a
    separator (``-``, ``_``, ``/``, ``.``; never inside a part) down to :data:`FOLD_WIDTH` (its
    words' width when narrower, its longest part's when wider). Cells may be strings
    (with rich markup) or :class:`~rich.text.Text`."""
    width = width or console.width
    cols = table.columns
    if not cols:
        return table
    cells = [[_text(console, c) for c in col._cells] for col in cols]  # noqa: SLF001 - rich keeps cells per column
    headers = [_text(console, col.header) for col in cols]
    low = [max([longest_word(headers[i].plain)] + [longest_word(t.plain) for t in cells[i]] + [1]) for i in range(len(cols))]
    low = [max(min(w, FOLD_WIDTH), max([_longest_part(t.plain) for t in cells[i]] + [longest_word(headers[i].plain)]))
           if i in foldable else w for i, w in enumerate(low)]
    high = [max([_widest_line(headers[i].plain)] + [_widest_line(t.plain) for t in cells[i]] + [1]) for i in range(len(cols))]
    for col, w in zip(cols, high):
        col.width = w
    overhead = Measurement.get(console, console.options.update_width(10_000), table).maximum - sum(high)
    room = width - overhead
    if sum(low) > room:
        return _stacked(table, console, headers, cells, width)
    widths = list(high)
    while sum(widths) > room:  # the column with the most to spare gives one cell of width
        i = max(range(len(widths)), key=lambda k: (widths[k] - low[k], widths[k]))
        widths[i] -= 1
    for i, (col, w) in enumerate(zip(cols, widths)):
        col.width, col.no_wrap, col.overflow = w, False, "fold"
        if i in foldable and w < high[i]:  # identifiers cut after a separator, not at the column's edge
            col._cells[:] = [_cut_identifiers(t, w) for t in cells[i]]  # noqa: SLF001
    return table


def _stacked(table: Table, console: Console, headers: list[Text], cells: list[list[Text]], width: int) -> RenderableType:
    out: list[RenderableType] = []
    if table.title:
        out.append(_text(console, table.title).copy())
        out[-1].stylize("italic")
    n_rows = len(cells[0]) if cells else 0
    sections = {i for i, row in enumerate(table.rows) if row.end_section}
    for r in range(n_rows):
        head = Text(" — ").join(part for part in cells[0][r].split("\n") if part.plain.strip())
        head.stylize("bold")
        out.append(head)
        pairs = []
        for i in range(1, len(headers)):
            value = cells[i][r]
            if not value.plain.strip():
                continue
            label = Text(" ".join(headers[i].plain.split()) + " ", style="dim")
            pairs.append(label + Text(" ").join(p for p in value.split("\n") if p.plain.strip()))
        line = Text("  ")
        for p in pairs:
            if len(line.plain) > 2 and len(line.plain) + 3 + len(p.plain) > width:
                out.append(line)
                line = Text("  ")
            line = line + (Text(" · ", style="dim") if len(line.plain) > 2 else Text("")) + p
        if len(line.plain) > 2:
            out.append(line)
        if r in sections and r != n_rows - 1:
            out.append(Text(""))
    return Group(*out)
