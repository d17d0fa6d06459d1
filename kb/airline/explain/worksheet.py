"""The airline fee worksheet (issue 51): the bags, which allowance each used, and only the rows
that sum to the total cost, each with the rule of RuleArena's ``reference_rules.txt`` it came
from.

The proof tree of ``total_cost/1`` prices every bag both as charged and as complimentary (the
KB numbers bags by how much being complimentary saves them, ``checked_bags/1``), so its chain of
amounts holds about sixty rows that do not add up. The worksheet asks the KB instead for the
outcome of each item (:data:`WORKSHEET_QUERY`, ``fee_worksheet/3`` in ``baggage.pl``): carried
on (no fee), not a bag (no fee), or checked as bag number N, complimentary or charged, with the
weight allowance that status gives (lbs), its base fee and the higher of its oversize and
overweight fees. Its rows are the ticket price, each checked bag's base fee and each bag's
oversize or overweight fee (the higher one: "The higher fee between oversize and overweight
applies, in addition to the checked bag fee"); they sum to the total, which :func:`parse`
checks.
"""

from __future__ import annotations

import re

from pydantic import BaseModel, Field

#: The worksheet query (var ``X``): ``w(Ticket, Rows, Total)``.
WORKSHEET_QUERY = "fee_worksheet(T, R, S), X = w(T, R, S)"

_TERM = re.compile(r"(carried|exempt|checked)\(([^()]*)\)")


class Item(BaseModel):
    """One item of the trip: ``id`` (its number in the list), ``kind`` ("backpack"), ``use``
    ("personal item", "carry-on", "not a bag", "checked bag"); for a checked bag its ``number``
    (1st, 2nd … checked bag), ``status`` (complimentary / charged), ``allowance`` (lbs),
    ``size`` (length + width + height, in), ``weight`` (lbs), ``base``, ``oversize``,
    ``overweight`` and ``fee`` (dollars; fee = base + the higher of oversize and overweight)."""

    id: int
    kind: str
    use: str
    number: int | None = None
    status: str | None = None
    allowance: int | None = None
    size: int | None = None
    weight: int | None = None
    base: int = 0
    oversize: int = 0
    overweight: int = 0
    fee: int = 0


class Row(BaseModel):
    """A row of the fees: what (``label``), how much (``amount``, dollars), the rule it came
    from (a heading of ``reference_rules.txt``)."""

    label: str
    amount: int
    rule: str


class FeeWorksheet(BaseModel):
    """The ticket price, the items, the rows (ticket, base fees, the higher oversize or overweight
    fee of each bag) and the total (dollars). ``rows`` sum to ``total``."""

    ticket: int
    items: list[Item] = Field(default_factory=list)
    rows: list[Row] = Field(default_factory=list)
    total: int


def _int(text: str) -> int:
    v = float(text)
    if not v.is_integer():
        raise ValueError(f"not whole dollars, inches or pounds: {text}")
    return int(v)


def parse(value: str) -> FeeWorksheet:
    """The worksheet from the binding of :data:`WORKSHEET_QUERY`'s ``X`` (Prolog text,
    ``w(157,[carried(1,backpack,carry_on),checked(2,…),…],2207)``). Raises ValueError if the
    text is not one, or if the rows do not sum to the total."""
    m = re.fullmatch(r"\s*w\(\s*([\d.]+)\s*,\s*\[(.*)\]\s*,\s*([\d.]+)\s*\)\s*", value, re.S)
    if not m:
        raise ValueError(f"not a fee worksheet: {value[:80]}")
    ws = FeeWorksheet(ticket=_int(m.group(1)), total=_int(m.group(3)))
    ws.rows.append(Row(label="ticket price", amount=ws.ticket, rule="–"))
    for kind, args in _TERM.findall(m.group(2)):
        a = [x.strip() for x in args.split(",")]
        what = a[1].replace("_", " ")
        if kind == "exempt":
            ws.items.append(Item(id=int(a[0]), kind=what, use="not a bag"))
        elif kind == "carried":
            ws.items.append(Item(id=int(a[0]), kind=what, use="personal item" if a[2] == "personal_item" else "carry-on"))
        else:
            n, status = int(a[2]), a[3]
            it = Item(id=int(a[0]), kind=what, use="checked bag", number=n, status=status, allowance=_int(a[4]),
                      size=_int(a[5]), weight=_int(a[6]), base=_int(a[7]), oversize=_int(a[8]),
                      overweight=_int(a[9]), fee=_int(a[10]))
            ws.items.append(it)
            table = f"bag {n}" if n < 4 else "bag 4 and later"
            ws.rows.append(Row(label=f"item {it.id}: checked bag {n}, {status}", amount=it.base,
                               rule=f"Checked bags, {table}"))
            extra = max(it.oversize, it.overweight)
            if extra:
                if it.overweight >= it.oversize:
                    why, other, rule = f"overweight, {it.weight} lbs (allowance {it.allowance})", ("oversize", it.oversize), "Overweight Bags"
                else:
                    why, other, rule = f"oversize, {it.size} in (limit 62)", ("overweight", it.overweight), "Oversize Bags"
                if other[1]:
                    why += f"; {other[0]} ${other[1]:,} is {'lower' if other[1] < extra else 'the same'}"
                ws.rows.append(Row(label=f"item {it.id}: {why}", amount=extra, rule=rule))
    if sum(r.amount for r in ws.rows) != ws.total:
        raise ValueError(f"the rows sum to {sum(r.amount for r in ws.rows)}, not the total {ws.total}")
    return ws


def _money(v: int) -> str:
    return f"${v:,}"


def item_line(it: Item) -> str:
    """One item in words: "item 2, luggage box, 63 in, 54 lbs: checked bag 1 (complimentary,
    50 lbs allowance)"; "item 1, backpack: carry-on, no fee"."""
    if it.use != "checked bag":
        return f"item {it.id}, {it.kind}: {it.use}, no fee"
    return f"item {it.id}, {it.kind}, {it.size} in, {it.weight} lbs: checked bag {it.number} ({it.status}, {it.allowance} lbs allowance)"


def to_rich(ws: FeeWorksheet, width: int = 80):
    """The worksheet for a terminal (a :class:`rich.console.Group`): the total, the items, the
    rows that sum to it with their rules."""
    from rich import box
    from rich.console import Group
    from rich.markup import escape
    from rich.padding import Padding
    from rich.table import Table
    from rich.text import Text

    bags = [i for i in ws.items if i.use == "checked bag"]
    parts = [Text.from_markup(f"[bold]total cost: {_money(ws.total)}[/] = the ticket ({_money(ws.ticket)}) + "
                              f"{len(bags)} checked bag{'s' if len(bags) != 1 else ''} "
                              f"({_money(ws.total - ws.ticket)})"),
             Text("the items", style="bold underline")]
    for it in ws.items:
        parts.append(Padding(Text(item_line(it)), (0, 0, 0, 2), expand=False))
    table = Table(title="the fees (they sum to the total)", title_justify="left", box=box.SIMPLE_HEAD,
                  padding=(0, 1), pad_edge=False, width=min(width, 100))
    table.add_column("row", ratio=1)
    table.add_column("amount", justify="right", no_wrap=True)
    table.add_column("rule (AA bag rules)", no_wrap=True)
    for r in ws.rows:
        table.add_row(escape(r.label), _money(r.amount), escape(r.rule))
    table.add_row("[bold]total cost[/]", f"[bold]{_money(ws.total)}[/]", "Bag fees")
    parts.append(table)
    return Group(*parts)


def to_markdown(ws: FeeWorksheet, title: str | None = None) -> str:
    """The worksheet as Markdown: the items as bullets, the rows as a table."""
    out = [f"### {title + ': ' if title else ''}total cost {_money(ws.total)}", ""]
    out += [f"- {item_line(it)}" for it in ws.items] + [""]
    out += ["| row | amount | rule |", "| --- | ---: | --- |"]
    out += [f"| {r.label} | {_money(r.amount)} | {r.rule} |" for r in ws.rows]
    out += [f"| **total cost** | **{_money(ws.total)}** | Bag fees |", ""]
    return "\n".join(out)
