"""Options that take a name from a fixed set, or case ids, fail as a wrong command line (README
"Exit codes": 2): one line naming the option and the valid choices (or close matches of a case
id), never exit 1, never a traceback, nothing written."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from taxlogic.cli import app
from taxlogic.eval.faults.corrupt import OPERATORS

runner = CliRunner()


def usage_line(args: list[str]) -> str:
    res = runner.invoke(app, args)
    assert res.exit_code == 2, (res.exit_code, res.output)
    assert "Traceback" not in res.output
    lines = [line for line in res.output.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: "), res.output
    return lines[0]


@pytest.mark.parametrize("args, option, choices", [
    (["eval", "verifier", "--ops", "nosuch"], "--ops", list(OPERATORS)),
    (["eval", "verifier", "--ops", "drop_fact,nosuch"], "--ops", list(OPERATORS)),
    (["eval", "verifier", "--anchors", "--ops", "nosuch"], "--ops", list(OPERATORS)),
    (["data", "plus", "--paraphrase", "nosuch"], "--paraphrase", ["offline", "llm"]),
    (["data", "errata", "--domain", "nosuch"], "--domain", ["sara", "nba", "form1040"]),  # writes nothing: no --out
    (["eval", "contamination", "--dataset", "nosuch"], "--dataset", ["sara"]),
    (["eval", "contamination", "--split", "nosuch"], "--split", ["all", "train", "test"]),
    (["eval", "contamination", "--task", "nosuch"], "--task", ["all", "entailment", "numeric"]),
    (["eval", "contamination", "--perturber", "nosuch"], "--perturber", ["llm", "offline"]),
    (["eval", "paper", "--methods", "nosuch"], "--methods", ["direct", "prolog-single-shot", "agent"]),
    (["eval", "paper", "--tables", "42"], "--tables", ["5", "6", "7", "8", "9"]),
    (["eval", "paper", "--tables", "five"], "--tables", ["5", "6", "7", "8", "9"]),
])
def test_a_name_outside_the_fixed_set_is_usage_naming_the_choices(args, option, choices, tmp_path):
    out = tmp_path / "out"
    line = usage_line(args + (["--out", str(out)] if args[:2] != ["data", "errata"] else []))
    bad = args[-1].split(",")[-1]
    assert option in line and bad in line, line
    assert all(c in line for c in choices), line
    assert not out.exists()


@pytest.mark.parametrize("args", [
    ["eval", "verifier", "--ops", ","],
    ["eval", "verifier", "--cases", " , "],
    ["data", "plus", "--cases", ","],
    ["eval", "paper", "--methods", ","],
])
def test_a_list_option_that_names_nothing_is_usage_not_all(args, tmp_path):
    """``--cases ,`` is not "every case" nor "no case" (an empty build written over the default
    one): a usage error before anything runs."""
    out = tmp_path / "out"
    line = usage_line(args + ["--out", str(out)])
    assert f"{args[-2]} names nothing" in line, line
    assert not out.exists()


@pytest.mark.parametrize("args", [
    ["data", "plus", "--cases", "tax_case_1000"],
    ["data", "plus", "--cases", "tax_case_1, tax_case_1000", "--no-check"],
    ["eval", "verifier", "--cases", "tax_case_1000", "--anchors"],
])
def test_an_unknown_case_id_in_a_case_list_is_usage_with_close_matches(args, tmp_path, sara_data_dir):
    out = tmp_path / "out"
    line = usage_line(args + ["--out", str(out)])
    assert line.startswith("error: --cases: no SARA case 'tax_case_1000'") and "did you mean" in line, line
    assert not out.exists()


def test_option_list_keeps_order_drops_repeats_and_casts():
    from taxlogic.cli.common import option_list

    assert option_list("--x", None, ["a"]) is None
    assert option_list("--x", ["b, a", "b"], ["a", "b"]) == ["b", "a"]
    assert option_list("--t", "9,5,9", (5, 9), cast=int) == [9, 5]
    assert option_list("--cases", "any_id ,other") == ["any_id", "other"]
