"""The airline fee worksheet (issue 51, item 5): ``explain --case airline-1-4`` shows the bags,
which allowance each used, and only the rows that sum to the total, each with its rule; before,
the chain of amounts listed about sixty rows, each bag priced both as charged and as
complimentary, none showing which made the total."""

from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

from taxlogic.cli import app


@pytest.fixture(scope="module")
def airline_engine(rulearena_data):
    from taxlogic.kb.airline import airline_rules
    from taxlogic.tools.engine import Engine

    with Engine(airline_rules(), workers=2) as engine:
        yield engine


def _sheets(engine, items):
    from taxlogic.cli import rulearena_case as rc
    from taxlogic.kb.airline.explain.worksheet import WORKSHEET_QUERY, parse
    from taxlogic.tools.engine import Job

    jobs = [Job(facts=rc.gold_facts(it), query=WORKSHEET_QUERY, mode="first", var="X") for it in items]
    return [(it, parse(out.values[0])) for it, out in zip(items, engine.run_many(jobs))]


def test_every_sampled_worksheet_sums_to_the_gold_total(airline_engine):
    from taxlogic.eval.benchmarks.rulearena.data import load_rulearena

    items = [it for level in (0, 1, 2) for it in load_rulearena("airline", level)][::10]
    for it, ws in _sheets(airline_engine, items):
        assert ws.total == it.answer, it.id  # parse() itself refuses rows that do not sum to the total
        bags = [i for i in ws.items if i.use == "checked bag"]
        assert sorted(i.number for i in bags) == list(range(1, len(bags) + 1)), it.id
        for b in bags:  # each bag priced once, under the status (and allowance) its number gives it
            assert b.status in ("complimentary", "charged") and b.allowance in (50, 70), it.id
            assert b.fee == b.base + max(b.oversize, b.overweight), it.id
            mine = [r for r in ws.rows if r.label.startswith(f"item {b.id}:")]
            assert len(mine) == 1 + (max(b.oversize, b.overweight) > 0), (it.id, mine)
        assert all(r.rule for r in ws.rows)


def test_explain_airline_1_4_is_the_fee_worksheet(rulearena_data):
    res = CliRunner().invoke(app, ["explain", "--case", "airline-1-4"], env={"COLUMNS": "80"})
    assert res.exit_code == 0, res.output
    out = res.stdout
    assert "total cost: $2,207 = the ticket ($157) + 7 checked bags ($2,050)" in out
    assert "item 1, backpack: carry-on, no fee" in out
    assert "item 2, luggage box, 63 in, 54 lbs: checked bag 1 (complimentary, 50 lbs allowance)" in " ".join(out.split())
    rows = [l for l in out.splitlines() if re.match(r"^\s*(ticket price|item \d+:)", l) and "$" in l]
    amounts = [int(re.search(r"\$([\d,]+)", l).group(1).replace(",", "")) for l in rows]
    assert sum(amounts) == 2207 and len(rows) == 1 + 7 + 7  # ticket, 7 base fees, 7 oversize/overweight fees
    assert "as a complimentary bag" not in out and "as a charged bag" not in out  # no bag priced twice
    assert all(len(l) <= 80 for l in out.splitlines())
    full = CliRunner().invoke(app, ["explain", "--case", "airline-1-4", "--json"])
    ws = __import__("json").loads(full.stdout)["worksheet"]
    assert sum(r["amount"] for r in ws["rows"]) == ws["total"] == 2207
