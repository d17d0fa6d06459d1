"""``taxlogic solve`` on the statutes domain (issue 47) as a newcomer runs it: a DeonticBench
housing smoke case and a user's own statutes, through a real HTTP test endpoint that serves the
reference program (or a program the test writes) as the model's translation; traced, explained."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from taxlogic.cli import app
from taxlogic.eval.faults.program_endpoint import ProgramEndpoint, ServedCase, served_cases

from own_statutes import OWN_PROGRAM, OWN_QUESTION, OWN_STATUTES, OWN_TEXT, invoke_offline




def smoke_case(deontic_data_dir):
    from taxlogic.kb.statutes.data import cases

    return cases("housing", "smoke", deontic_data_dir)[0]


def test_newcomer_solves_a_housing_smoke_case_traced(program_env, tmp_path, deontic_data_dir):
    case = smoke_case(deontic_data_dir)
    trace = tmp_path / "trace.jsonl"
    with ProgramEndpoint(served_cases([case])) as ep:
        program_env(ep)
        res = CliRunner().invoke(app, ["solve", "--case", case.id, "--trace", str(trace), "--explain"])
    assert res.exit_code == 0, res.output
    assert f"answer: {case.label}" in res.output and "correct" in res.output
    assert "[2] MICH. COMP. LAWS § 600.5704" in res.output  # the step's statute paragraph
    nodes = [json.loads(line)["node"] for line in trace.read_text().splitlines()]
    assert nodes == ["generate", "validate", "execute", "inspect", "answer"]
    assert [r.case_id for r in ep.requests] == [case.id]


def test_a_leaky_first_translation_is_repaired(program_env, deontic_data_dir):
    case = smoke_case(deontic_data_dir)
    with ProgramEndpoint(served_cases([case]), first={case.id: case.reference_prolog}) as ep:  # label directive kept
        program_env(ep)
        res = CliRunner().invoke(app, ["solve", "--case", case.id, "--json"])
    data = json.loads(res.output)
    assert res.exit_code == 0 and data["answer"] == case.label and data["correct"]
    assert [i["kind"] for i in data["rounds"][0]["issues"]] == ["leak"] and not data["rounds"][1]["issues"]


def test_own_statutes_text_and_question(program_env, tmp_path):
    law = tmp_path / "tenancy.txt"
    law.write_text(OWN_STATUTES)
    served = ServedCase("own", OWN_TEXT, OWN_QUESTION, OWN_PROGRAM)
    with ProgramEndpoint([served]) as ep:
        program_env(ep)
        res = CliRunner().invoke(app, ["solve", "--statutes", str(law), "--text", OWN_TEXT, "--question", OWN_QUESTION,
                                       "--explain", "-q"])
    assert res.exit_code == 0, res.output
    assert "answer: yes" in res.output
    assert "notice lawful: holds (from [1] TENANCY ACT § 12)" in res.output
    assert "delivered properly: holds (from [2] TENANCY ACT § 13)" in res.output


def test_own_statutes_a_number_not_in_the_statute_abstains(program_env, tmp_path):
    law = tmp_path / "tenancy.txt"
    law.write_text(OWN_STATUTES)
    wrong = OWN_PROGRAM.replace("Days >= 30", "Days >= 60")  # a time limit the statute does not say
    with ProgramEndpoint([ServedCase("own", OWN_TEXT, OWN_QUESTION, wrong)]) as ep:
        program_env(ep)
        res = CliRunner().invoke(app, ["solve", "--statutes", str(law), "--text", OWN_TEXT, "--question", OWN_QUESTION,
                                       "--budget", "0", "--json"])
    data = json.loads(res.output)
    assert res.exit_code == 3 and data["abstained"]
    assert any(i["kind"] == "untraced_constant" and "'60'" in i["message"] for i in data["rounds"][0]["issues"])


@pytest.mark.parametrize("args, words", [
    (["--statutes", "/no/such/file.txt", "--text", "x", "--question", "q?"], "no/such/file.txt"),
    (["--statutes", "{empty}", "--text", "x", "--question", "q?"], "empty"),
    (["--statutes", "{law}", "--text", "x"], "--question"),
    (["--statutes", "{law}", "--text", "x", "--question", "q?", "--translator", "gold"], "--case"),
])
def test_bad_input_is_one_line_not_a_traceback(program_env, tmp_path, args, words):
    res, ep = invoke_offline(program_env, tmp_path, "solve", args)
    assert res.exit_code in (1, 2) and words in res.output and "Traceback" not in res.output
    assert ep.requests == []  # nothing was sent to the model


def test_eval_run_agent_on_housing_smoke(program_env, tmp_path, deontic_data_dir):
    """``eval run --method agent`` on deonticbench-housing: the reference programs served as the
    translations; every answer right, the one documented erratum of the smoke split abstained."""
    from taxlogic.kb.statutes.data import cases
    from taxlogic.kb.statutes.data.errata import errata_ids

    smoke = cases("housing", "smoke", deontic_data_dir)
    out = tmp_path / "run"
    with ProgramEndpoint(served_cases(smoke)) as ep:
        program_env(ep)
        res = CliRunner().invoke(app, ["eval", "run", "--dataset", "deonticbench-housing", "--split", "smoke",
                                       "--method", "agent", "--budget", "1", "--out", str(out)])
    assert res.exit_code == 0, res.output
    records = [json.loads(line) for line in (out / "records.jsonl").read_text().splitlines()]
    assert len(records) == len(smoke)
    for r in records:
        if r["case_id"] in errata_ids("housing"):
            assert r["abstained"]
        else:
            assert r["prediction"] == r["gold"] and not r["abstained"]


def test_inspect_a_reference_program(program_env, deontic_data_dir):
    from taxlogic.kb.statutes.data import cases

    with ProgramEndpoint([]) as ep:
        program_env(ep)
        bad = CliRunner().invoke(app, ["inspect", "--case", "housing_935f6ec8", "--gold", "--json"])
        good_case = cases("housing", "smoke", deontic_data_dir)[0]
        good = CliRunner().invoke(app, ["inspect", "--case", good_case.id, "--gold"])
    data = json.loads(bad.output)
    assert bad.exit_code == 3 and data["agent_answer"] is None  # another state's statutes (an erratum)
    assert {p["kind"] for p in data["problems"]} >= {"untraced_constant"} and "mich_comp_laws" in bad.output
    assert good.exit_code == 0 and "the agent would answer" in good.output
    assert ep.requests == []


def test_a_paragraph_left_out_is_an_issue_unless_it_does_not_apply(program_env, tmp_path):
    law = tmp_path / "tenancy.txt"
    law.write_text(OWN_STATUTES)
    only_first = OWN_PROGRAM.replace("% [2]\n", "").replace("delivered_properly :- delivered_by(in_person).\n", "")
    only_first = only_first.replace(", delivered_properly.", ".")
    noted = only_first + "% [2] does not apply: the text says how the notice was delivered, which the question does not ask\n"
    runs = {}
    for name, program in (("left_out", only_first), ("noted", noted)):
        with ProgramEndpoint([ServedCase("own", OWN_TEXT, OWN_QUESTION, program)]) as ep:
            program_env(ep)
            runs[name] = CliRunner().invoke(app, ["solve", "--statutes", str(law), "--text", OWN_TEXT, "--question",
                                                  OWN_QUESTION, "--budget", "0", "--json"])
    left_out = json.loads(runs["left_out"].output)
    assert left_out["abstained"] and [i["kind"] for i in left_out["rounds"][0]["issues"]] == ["uncovered_paragraph"]
    assert "[2] TENANCY ACT § 13" in left_out["rounds"][0]["issues"][0]["message"]
    assert json.loads(runs["noted"].output)["answer"] == "yes"


def test_explain_a_housing_case(program_env, deontic_data_dir):
    with ProgramEndpoint([]) as ep:
        program_env(ep)
        res = CliRunner().invoke(app, ["explain", "--case", "housing_9adc1ed4", "--json"])
    data = json.loads(res.output)
    assert res.exit_code == 0 and data["answer"] == data["expected"] == "yes" and data["issues"] == []
    step = next(s for s in data["steps"] if s["name"] == "eviction_cases_first_heard_in_municipal_court")
    assert step["holds"] is True and step["cites"][0].startswith("[2] MICH. COMP. LAWS § 600.5704")


def test_solve_with_the_reference_program_needs_no_model(program_env, tmp_path, deontic_data_dir):
    """``--translator gold``: the case's reference program through the same sandbox, checks and
    trace as a model's program; no request reaches the endpoint."""
    case = smoke_case(deontic_data_dir)
    trace = tmp_path / "trace.jsonl"
    with ProgramEndpoint([]) as ep:
        program_env(ep)
        res = CliRunner().invoke(app, ["solve", "--case", case.id, "--translator", "gold", "--trace", str(trace)])
    assert res.exit_code == 0 and f"answer: {case.label}" in res.output and "the reference program" in res.output
    assert [json.loads(line)["node"] for line in trace.read_text().splitlines()][-1] == "answer"
    assert ep.requests == []
