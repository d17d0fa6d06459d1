"""What a user reads in the one-case commands: answers as money (``$116,066``, ``overpaid
$387.00``), a differing RuleArena label that is a documented erratum said so with the command
that lists it, no library names ("numpy.isclose"); ``inspect`` compact by default (``--verbose``
for every row) and no answer printed for facts the validator rejected."""

from __future__ import annotations

import pytest
from rich.console import Console
from typer.testing import CliRunner

from taxlogic.cli import app
from taxlogic.cli.common import answer_text


def _run(*args: str, stdin: str | None = None):
    return CliRunner(env={"COLUMNS": "80", "NO_COLOR": "1"}).invoke(app, list(args), input=stdin)


@pytest.mark.parametrize("value, kind, shown", [
    (116066, None, "$116,066"), ("116066", "numeric", "$116,066"), (0, None, "$0"), (-387.0, "tax", "overpaid $387.00"),
    (703, "tax", "owed $703.00"), ("2469r2", "tax", "owed $1,234.50"), ("Entailment", "entailment", "Entailment"),
    (None, None, "(none)"), (True, "nba", "a rule is broken"), (False, "nba", "no rule is broken"), (1234.5, None, "$1,234.50"),
])
def test_answers_are_money(value, kind, shown):
    assert answer_text(value, kind) == shown


def test_the_agents_answer_line_is_money():
    from taxlogic.agent.state import AgentResult
    from taxlogic.cli.trace import print_result

    con = Console(width=80, record=True, file=open("/dev/null", "w"), color_system=None)
    print_result(con, AgentResult(answer=116066), expected=116066)
    print_result(con, AgentResult(answer="-387"), kind="tax")
    text = con.export_text()
    assert "answer: $116,066" in text and "expected: $116,066" in text and "answer: overpaid $387.00" in text
    assert "116066" not in text


def test_gold_answers_of_sara_are_money(sara_data_dir):
    for args in (["solve", "--case", "tax_case_5", "--translator", "gold"], ["run", "--case", "tax_case_5"]):
        res = _run(*args)
        assert res.exit_code == 0, res.output
        assert "answer: $116,066" in res.output and "expected: $116,066" in res.output, res.output


@pytest.fixture
def rulearena(rulearena_data):
    return rulearena_data


def test_a_label_that_is_a_documented_erratum_says_so(rulearena):
    res = _run("solve", "--case", "tax-0-17", "--translator", "gold")
    assert res.exit_code == 0, res.output
    text = " ".join(res.output.split())
    assert "answer owed $703.00" in text and "RuleArena's label): overpaid $387.00 differs" in text
    assert "a documented erratum (E1)" in text and "taxlogic data errata --domain form1040" in text
    assert "numpy" not in text


def test_a_right_tax_answer_names_no_library(rulearena):
    from taxlogic.kb.form1040.data.errata import erratum_of

    res = _run("solve", "--case", "tax-0-0", "--translator", "gold")
    assert res.exit_code == 0 and not erratum_of("tax-0-0")
    text = " ".join(res.output.split())
    assert "correct (within RuleArena's tolerance)" in text and "numpy" not in text and "erratum" not in text


def test_inspect_is_compact_by_default(sara_data_dir):
    compact = _run("inspect", "--case", "tax_case_5", "--gold")
    full = _run("inspect", "--case", "tax_case_5", "--gold", "--verbose")
    assert compact.exit_code == 0 and full.exit_code == 0, compact.output
    lines = compact.output.splitlines()
    assert len(lines) <= 20 < len(full.output.splitlines()), compact.output
    sentence = "In 2017, Alice's gross income was $326332."
    assert compact.output.count(sentence) == 1 and compact.output.count("gross") < full.output.count("gross")
    assert "every row: --verbose" in compact.output and "answer the facts give: $116,066" in compact.output


def test_rejected_facts_give_no_answer(sara_data_dir):
    res = _run("inspect", "--case", "tax_case_5", "--facts", "-", stdin=":- halt.\n")
    assert res.exit_code == 3, res.output
    text = " ".join(res.output.split())
    # a directive is refused before anything runs (issue 37): no answer is claimed for it
    assert "answer the facts give: none: the facts were refused and not run" in text
    assert "answer the facts give: 0" not in text and "answer the facts give: $0" not in text
    assert '"rejected": true' in _run("inspect", "--case", "tax_case_5", "--facts", "-", "--json", stdin=":- halt.\n").output


def test_facts_the_validator_rejects_give_no_answer(sara_data_dir):
    """Safe text the validator still rejects (an unknown predicate) is not the facts' answer either."""
    res = _run("inspect", "--case", "tax_case_5", "--facts", "-", stdin="no_such_predicate_(alice).\n")
    assert res.exit_code == 3, res.output
    text = " ".join(res.output.split())
    assert "answer the facts give: none" in text, text
