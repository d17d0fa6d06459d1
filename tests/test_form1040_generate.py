"""The project's own generator of Form 1040 returns (kb/form1040/data/generate.py): seeded, over every
filing status, level, age, dependents, students and Schedule C profits and losses around the
$400 of Schedule SE line 4c; on generated returns the KB equals the independent reading of the
forms (tests/form1040_reference.py: written apart from the KB, from the same reading of the
prompt's excerpt). ``eval crosscheck`` without Tax-Calculator stops with the install hint."""

from __future__ import annotations

import sys
from collections import Counter
from fractions import Fraction

import pytest
from typer.testing import CliRunner

import form1040_reference as reference
from taxlogic.kb.form1040 import AMOUNT_QUERY, form1040_rules, taxpayer_to_facts
from taxlogic.kb.form1040.data.generate import STATUSES, generate
from taxlogic.tools.engine import Engine, Job


def test_same_seed_same_returns_and_every_kind_drawn():
    a, b = generate(600, seed=5), generate(600, seed=5)
    assert a == b and a != generate(600, seed=6)
    recs = [r["pydantic"] for r in a]
    assert Counter(r["level"] for r in a) == {0: 200, 1: 200, 2: 200}
    assert {p["filing_status"] for p in recs} == set(STATUSES)
    assert any(p["age"] >= 65 for p in recs) and any(p["age"] < 65 for p in recs) and any(p["blind"] for p in recs)
    assert {p["num_qualifying_children"] for p in recs} >= {0, 1, 2, 3, 4}
    assert {len(p.get("student_list") or []) for p in recs} == {0, 1, 2, 3}
    # Schedule C net profit: losses, around $400 of line 4c ($433.13 of line 31) on both sides, profits
    nets = [p["gross_receipts"] - p["returns_and_allowances"] - p["cost_of_goods_sold"] + p["other_inc_sched_c"]
            - p["total_expenses"] - p["expenses_of_home"] for p in recs if p["self_employed"]]
    assert min(nets) < 0 and max(nets) > 1000
    assert any(380 <= n < 433.13 for n in nets) and any(433.13 < n <= 480 for n in nets)
    assert all(p["self_employed"] is False for r, p in zip(a, recs) if r["level"] == 0)
    ss = [p["total_social_security_wages"] for p in recs if p["self_employed"]]
    assert any(157200 <= w < 160200 for w in ss) and any(160200 <= w <= 163200 for w in ss)
    for p in recs:  # a taxable part never exceeds its total
        assert p["qualified_dividends"] <= p["ordinary_dividends"] and p["taxable_pensions"] <= p["all_pensions"]
    with pytest.raises(ValueError):
        generate(3, levels=(3,))


def test_kb_equals_the_independent_reading_on_generated_returns():
    probs = generate(600, seed=34)
    with Engine(form1040_rules(), workers=2) as eng:
        outs = list(eng.run_many([Job(facts=taxpayer_to_facts(r["pydantic"]), query=AMOUNT_QUERY, mode="all", var="X")
                                  for r in probs]))
    differ = [r["id"] for r, o in zip(probs, outs)
              if o.status != "values" or Fraction(o.numbers[0]) != reference.amount_owed(r["pydantic"])]
    assert differ == []


def test_crosscheck_without_taxcalc_names_the_extra(monkeypatch):
    from taxlogic.cli import app

    monkeypatch.setitem(sys.modules, "taxcalc", None)  # import taxcalc raises ImportError
    res = CliRunner().invoke(app, ["eval", "crosscheck", "--generate", "3"])
    assert res.exit_code == 1 and "pip install 'taxlogic[crosscheck]'" in res.output
    res = CliRunner().invoke(app, ["eval", "crosscheck", "--generate", "3", "--problems", "x.jsonl"])
    assert res.exit_code == 2
