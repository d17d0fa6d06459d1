"""The Form 1040 KB against Tax-Calculator (kb/form1040/checks/tax_calculator.py, eval/benchmarks/rulearena/crosscheck.py,
``taxlogic eval crosscheck``): on RuleArena's problems and on generated returns every line both
compute is equal, within the Tax Table's rounding, or explained by a named rule of
kb/form1040/checks/crosscheck_rules.json; a wrong KB line is unexplained. Skipped without the optional
extra (``pip install 'taxlogic[crosscheck]'``). Tax-Calculator compiles its functions on first
use (about a minute on 2 cores): the module runs it once."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from typer.testing import CliRunner

pytest.importorskip("taxcalc")

from taxlogic.eval.benchmarks.rulearena.crosscheck import load_returns, run_crosscheck  # noqa: E402
from taxlogic.kb.form1040 import form1040_rules  # noqa: E402
from taxlogic.kb.form1040.checks import tax_calculator as tcx  # noqa: E402
from taxlogic.kb.form1040.data.generate import generate  # noqa: E402
from taxlogic.tools.engine import Engine  # noqa: E402


@pytest.fixture(scope="module")
def report():
    problems = generate(240, seed=34)
    try:
        from taxlogic.eval.benchmarks.rulearena.data import DataError

        problems += load_returns()[1][::5]
    except DataError:
        pass
    with Engine(form1040_rules(), workers=2) as eng:
        return run_crosscheck(eng, "test", problems)


def test_every_difference_is_explained_by_a_named_rule(report):
    rules = tcx.crosscheck_rules()
    assert report.unexplained == 0, [(r["id"], k, e) for r in report.returns for k, e in r["lines"].items()
                                     if e["status"] == "unexplained"][:5]
    for r in report.returns:
        for key, e in r["lines"].items():
            assert all(rule in rules and key in rules[rule]["lines"] for rule in e["rules"]), (r["id"], key, e)
            assert (e["status"] == "equal") == (abs(e["diff"]) <= 0.01)
    # the lines before the tax agree exactly: income, adjustments, deductions, the SE tax (with
    # Schedule SE's $400 stop, which taxcalc applies too)
    for key in ("agi", "taxable_income", "se_tax"):
        assert report.table[key]["equal"] == len(report.returns), key
    assert report.table["tax"]["table"] > 0 and report.rules["tax_table_rows"] > 0
    assert sum(report.table["ctc"].values()) > 50 and sum(report.table["education"].values()) > 50


def test_tax_table_rule_is_bounded_and_a_wrong_line_is_unexplained():
    p = generate(1, seed=3)[0]["pydantic"]
    kb = {"agi": Fraction(50000), "taxable_income": Fraction(36150), "tax": Fraction(4121)}
    tc = {"agi": 50000.0, "taxable_income": 36150.0, "tax": 4118.0}
    assert tcx.compare(p, kb, tc)["tax"]["status"] == "table"  # the $50 row's middle: 36,175 x 12%
    assert tcx.compare(p, kb, tc | {"tax": 4100.0})["tax"]["status"] == "unexplained"  # more than $6
    assert tcx.compare(p, kb, tc | {"agi": 50001.0})["agi"]["status"] == "unexplained"  # no rule explains AGI


def test_passed_through_lines_are_not_compared():
    p = generate(1, seed=3)[0]["pydantic"] | {"ctc_or_other_dependent_credit": 1500.0}
    [row], = [tcx.compute([p])]
    kb = {"ctc": Fraction(1500), "tax": Fraction(0)}
    assert "ctc" not in tcx.compare(p, kb, row) and row["ctc"] == 1500.0


def test_cli_writes_the_table_and_the_differences(tmp_path):
    from taxlogic.cli import app

    res = CliRunner(env={"COLUMNS": "80"}).invoke(app, ["eval", "crosscheck", "--generate", "30", "--seed", "1",
                                                        "--out", str(tmp_path), "--workers", "1"])
    assert res.exit_code == 0, res.output
    assert max(len(line) for line in res.output.splitlines()) <= 80 and "unexplained" in res.output
    summary = json.loads((tmp_path / "summary.json").read_text())
    assert summary["returns"] == 30 and summary["unexplained"] == 0
    lines = [json.loads(x) for x in (tmp_path / "returns.jsonl").read_text().splitlines()]
    assert len(lines) == 30 and all("agi" in r["lines"] for r in lines)
    assert (tmp_path / "differences.csv").read_text().startswith("id,level,line,kb,taxcalc,diff,status,rules")
