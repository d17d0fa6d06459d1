"""Every domain in the one-case commands: ``run``, ``solve``, ``explain`` on RuleArena NBA and
airline ids give the answer and a readable why (NBA: each operation, the rule broken in the
CBA's words with its amounts, the team); an unknown id is a domain-worded usage error; ``inspect``
runs the agent's round on the gold facts or anyone's (validated first, never run when rejected)."""

from __future__ import annotations

import json
import re

import pytest
from typer.testing import CliRunner

from taxlogic.cli import app


@pytest.fixture(scope="module", autouse=True)
def rulearena(rulearena_data):
    return rulearena_data


def _run(*args: str):
    return CliRunner(env={"COLUMNS": "80", "NO_COLOR": "1"}).invoke(app, list(args))


def _flat(res) -> str:
    return " ".join(res.output.split())


@pytest.mark.parametrize("command", [["run"], ["solve", "--translator", "gold"]], ids=" ".join)
def test_run_and_gold_solve_answer_nba_and_airline(command):
    nba = _run(*command, "--case", "nba-0-5")
    assert nba.exit_code == 0, nba.output
    assert ("answer: operation B by Team A breaks the rules expected: operation B by Team A breaks the rules correct"
            in _flat(nba))
    air = _run(*command, "--case", "airline-0-5")
    assert air.exit_code == 0, air.output
    assert "answer: $2,314 expected: $2,314 correct" in _flat(air)
    data = json.loads(_run(*command, "--case", "airline-0-5", "--json").output)
    assert data["answer"] == data["expected"] == 2314 and data["correct"] is True


def test_explain_nba_names_each_operation_the_rule_its_words_amounts_and_team():
    res = _run("explain", "--case", "nba-0-5")
    assert res.exit_code == 0, res.output
    text = _flat(res)
    for op in ("A. Team B provides a qualifying offer for Player B.", "C. Team B matches the offer sheet from Team A."):
        assert op in text
    assert text.count("✓ no rule broken") == 2
    assert ("✗ Team A breaks Article VII, Section 2(b)(1): team salary $134,500,000 plus the offer sheet's "
            "$30,000,000 is over the Salary Cap of $140,588,000") in text
    assert "“A Team’s Team Salary may not exceed the Salary Cap" in text
    assert "v(b" not in text and "team_a" not in text and "salary_cap_no_exceed" not in text


def test_explain_airline_gives_the_fees_in_words():
    res = _run("explain", "--case", "airline-0-5")
    assert res.exit_code == 0, res.output
    text = _flat(res)
    assert "answer: $2,314" in text and "total cost: $2,314" in text and "ticket price $1,284" in text


@pytest.mark.parametrize("case, says", [
    ("nba-0-999", "no RuleArena NBA problem nba-0-999 (level 0 has 81: nba-0-0 … nba-0-80)"),
    ("airline-2-100", "no RuleArena airline problem airline-2-100"),
    ("nba-7-1", "no RuleArena nba problem 'nba-7-1': RuleArena ids are nba-LEVEL-INDEX"),
])
@pytest.mark.parametrize("command", ["run", "explain"])
def test_an_unknown_problem_is_worded_for_its_domain(case, says, command):
    res = _run(command, "--case", case)
    assert res.exit_code == 2, res.output
    assert says in _flat(res) and "SARA" not in res.output


@pytest.mark.parametrize("case, answer", [("nba-0-5", "operation B by Team A breaks the rules"),
                                          ("airline-0-5", "$2,314"), ("tax-0-5", "owed $10,762.56")])
def test_inspect_gold_runs_the_agents_round_and_gives_the_answer_in_words(case, answer):
    res = _run("inspect", "--case", case, "--gold")
    assert res.exit_code == 0, res.output
    text = _flat(res)
    assert "0 problem(s)" in text
    assert f"answer the facts give: {answer} expected: {answer} the agent would answer {answer}" in text
    assert all(len(line) <= 80 for line in res.output.splitlines())
    data = json.loads(_run("inspect", "--case", case, "--gold", "--json").output)
    assert data["problems"] == [] and data["answer_words"] == data["expected_words"] == answer
    assert data["correct"] is True and data["verdict"] == f"the agent would answer {answer}"


@pytest.mark.parametrize("case", ["nba-0-5", "airline-0-5", "tax-0-5"])
def test_inspect_never_runs_hostile_facts(case, tmp_path):
    canary = tmp_path / "CANARY"
    facts = tmp_path / "hostile.pl"
    facts.write_text(f"x :- shell('touch {canary}').\n:- shell('touch {canary}').\n")
    res = _run("inspect", "--case", case, "--facts", str(facts))
    assert res.exit_code == 3, res.output
    text = _flat(res)
    assert "not_a_fact" in text and "answer the facts give: none" in text
    assert "the agent would not answer (repair, then abstain)" in text
    data = json.loads(_run("inspect", "--case", case, "--facts", str(facts), "--json").output)
    assert data["answer"] is None and data["answer_words"] == "none" and data["rejected"] is True
    assert data["problems"] and data["agent_answer"] is None
    assert not canary.exists()


def test_inspect_rulearena_flags_incomplete_facts_and_rejects_unknown_predicates():
    runner = CliRunner(env={"COLUMNS": "80", "NO_COLOR": "1"})
    res = runner.invoke(app, ["inspect", "--case", "airline-0-5", "--facts", "-"], input="customer_class(main_cabin).\n")
    assert res.exit_code == 3, res.output
    assert "coverage_item" in res.output and "the agent would not answer" in _flat(res)
    res = runner.invoke(app, ["inspect", "--case", "nba-0-5", "--facts", "-"], input="no_such_predicate(a).\n")
    assert res.exit_code == 3, res.output
    assert "answer the facts give: none: the facts were rejected before they ran" in _flat(res)


def test_inspect_nba_shows_what_a_sentence_states_that_no_fact_holds():
    """Issue 33 on NBA: a translation that leaves out one traded player of an operation (the anchor
    kept on the operation's other facts) is flagged, and the sentence table names the item; the
    gold facts: every sentence stated or shown not to matter."""
    from taxlogic.kb.nba.data.gold import gold_program

    left_out = "trade_player(a, team_b, team_a, player_b)."
    facts = "\n".join(line for line in gold_program("nba-0-0").split("\n") if line != left_out)
    runner = CliRunner(env={"COLUMNS": "80", "NO_COLOR": "1"})
    res = runner.invoke(app, ["inspect", "--case", "nba-0-0", "--facts", "-"], input=facts)
    assert res.exit_code == 3, res.output
    flat = _flat(res)
    assert "unstated_clause" in flat and "sentences not wholly stated (1 of 12)" in flat
    assert "player Player B: changes the answer" in flat and "trade_player" in flat
    res = runner.invoke(app, ["inspect", "--case", "nba-0-0", "--facts", "-", "--json"], input=facts)
    data = json.loads(res.output)
    flagged = [(r["sentence"], i["what"]) for r in data["clauses"] for i in r["items"] if i["verdict"] == "issue"]
    assert flagged == [(11, "Player B")]
    res = _run("inspect", "--case", "nba-0-0", "--gold")
    assert res.exit_code == 0 and "every sentence is stated by its facts or shown not to matter" in _flat(res)


@pytest.mark.parametrize("args, code, says", [
    (["--case", "nba-0-999", "--gold"], 2, "no RuleArena NBA problem nba-0-999"),
    (["--case", "tax-0-9999", "--gold"], 2, "no RuleArena tax problem tax-0-9999"),
    (["--case", "nba-0-5", "--gold", "--verbose"], 2, "--verbose lists a SARA case's facts by sentence"),
    (["--case", "airline-0-5", "--facts", "no-such-file.pl"], 1, "--facts no-such-file.pl: no such file"),
])
def test_inspect_rulearena_errors_are_one_line(args, code, says):
    res = _run("inspect", *args)
    assert res.exit_code == code, res.output
    assert says in _flat(res) and "Traceback" not in res.output


def test_nba_gold_records_say_why_in_words_and_eval_run_explain_is_accepted(tmp_path):
    out = tmp_path / "run"
    res = _run("eval", "run", "--method", "gold", "--dataset", "rulearena-nba", "--split", "level0", "--limit", "6",
               "--explain", "--out", str(out), "--workers", "1")
    assert res.exit_code == 0, res.output
    recs = [json.loads(line) for line in (out / "records.jsonl").read_text().splitlines()]
    whys = {r["case_id"]: r["details"]["why"] for r in recs if not r["abstained"]}
    assert whys and all(lines for lines in whys.values())
    for lines in whys.values():
        for line in lines:
            assert re.match(r"^[A-Z]\. ", line) and ("no rule broken" in line or " breaks " in line), line
            assert "team_" not in line and "v(" not in line and "_exception" not in line, line
