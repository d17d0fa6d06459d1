"""Explanations of RuleArena tax returns (kb/form1040/explain.py, ``taxlogic explain --case
tax-L-i``): the chain of lines ends in the answer, quotes the problem's instructions, fits 80
columns, and says why credits did not apply. Skipped without RuleArena's data."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from typer.testing import CliRunner

from taxlogic.eval.benchmarks.rulearena.data import DataError, load_rulearena
from taxlogic.kb.form1040 import form1040_rules, taxpayer_to_facts
from taxlogic.kb.form1040.explain import explain_return, render
from taxlogic.kb.form1040.reading import problem_forms
from taxlogic.tools.engine import Engine


@pytest.fixture(scope="module")
def items():
    try:
        return {it.id: it for level in (0, 1, 2) for it in load_rulearena("tax", level)}
    except DataError as exc:
        pytest.skip(str(exc))


@pytest.fixture(scope="module")
def eng():
    with Engine(form1040_rules(), workers=1) as e:
        yield e


def test_level2_chain_reaches_the_answer_and_fits_80_columns(items, eng):
    it = items["tax-2-0"]
    expl = explain_return(eng, taxpayer_to_facts(it.taxpayer), problem_forms(it.user_prompt), it.id)
    last = expl.lines[-1]
    assert (last.form, last.line) == ("f1040", "37") and last.amount == expl.answer
    assert abs(float(Fraction(expl.answer)) - it.answer) < 1e-6
    where = {(ln.form, ln.line): ln for ln in expl.lines}
    assert where[("f1040", "11")].instruction.startswith("Subtract line 10 from line 9")
    assert where[("f1040", "13")].given and not where[("f1040", "15")].given
    assert ("schedule_se", "12") in where and ("schedule_a", "17") in where  # the schedules this return files
    text = render(expl)
    assert max(len(line) for line in text.splitlines()) <= 80
    assert "Form 1040 line 37" in text and "$28,517.60" in text
    assert any("Education credits: none" in w for w in expl.why_not)  # AGI over Form 8863's limit


def test_why_not_names_the_line_22_floor(items, eng):
    it = items["tax-1-7"]  # credits exceed the tax (erratum E1)
    expl = explain_return(eng, taxpayer_to_facts(it.taxpayer), problem_forms(it.user_prompt), it.id)
    assert any("line 22 is $0" in w for w in expl.why_not)
    assert not any("line 22" in w for w in explain_return(eng, taxpayer_to_facts(items["tax-2-0"].taxpayer)).why_not)


def test_schedule_se_stop_quotes_the_irs_form(items, eng):
    it = items["tax-1-17"]  # a Schedule C loss: line 4c under $400 (prompt note N1)
    expl = explain_return(eng, taxpayer_to_facts(it.taxpayer), problem_forms(it.user_prompt), it.id)
    where = {(ln.form, ln.line): ln for ln in expl.lines}
    assert Fraction(where[("schedule_se", "4c")].amount) < 0 and Fraction(where[("schedule_se", "12")].amount) == 0
    assert "If less than $400, stop; you don't owe self-employment tax" in where[("schedule_se", "4c")].form_text
    assert where[("schedule_se", "4c")].instruction.startswith("If line 3 is more than zero")  # the prompt's words
    assert any(w.startswith("Self-employment tax: none") and "the prompt omits" in w for w in expl.why_not)
    assert abs(float(Fraction(expl.answer)) - it.answer) < 1e-6  # and RuleArena's label agrees
    taxed = explain_return(eng, taxpayer_to_facts(items["tax-2-0"].taxpayer))
    assert not any(w.startswith("Self-employment tax") for w in taxed.why_not)
    assert "IRS form:" in render(expl) and max(len(x) for x in render(expl).splitlines()) <= 80


def test_cli_explain_tax_problem(items):
    from taxlogic.cli import app

    res = CliRunner().invoke(app, ["explain", "--case", "tax-1-7", "--json"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    assert data["erratum"] == ["E1"] and data["lines"][-1]["line"] == "37"
    res = CliRunner().invoke(app, ["explain", "--case", "tax-0-999"])
    assert res.exit_code == 2 and "no RuleArena tax problem" in res.output  # usage (README "Exit codes")


def test_cli_solve_tax_problem_with_gold_translator_explains(items):
    from taxlogic.cli import app

    res = CliRunner().invoke(app, ["solve", "--case", "tax-2-5", "--translator", "gold", "--explain", "--json"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    assert data["correct"] is True and abs(float(Fraction(data["answer"])) - items["tax-2-5"].answer) < 1e-6
    assert data["explanation"]["lines"][-1]["amount"] == data["answer"]


def test_eval_run_explain_saves_the_return_in_each_record(items, tmp_path):
    from taxlogic.cli import app
    from taxlogic.eval.scoring.records import read_records

    res = CliRunner().invoke(app, ["eval", "run", "--method", "gold", "--dataset", "rulearena-tax", "--split", "level2",
                                   "--limit", "2", "--explain", "--workers", "1", "--out", str(tmp_path / "run")])
    assert res.exit_code == 0, res.output
    for rec in read_records(tmp_path / "run"):
        ws = rec.explanation["worksheet"]
        assert ws["chain"][-1]["label"].startswith("Form 1040 line 37")
        assert ws["chain"][-1]["value"] == rec.prediction
