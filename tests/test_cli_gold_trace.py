"""``solve --translator gold --trace FILE`` writes what ran (issue 51: it ignored ``--trace``
silently, even for a folder that does not exist): the gold facts, the engine's run and the answer,
one :class:`TraceEvent` a line as the agent's trace; a path that cannot be written is an error
naming it, before anything runs. Real SWI-Prolog, SARA and RuleArena's gold translations."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from taxlogic.agent.state import TraceEvent
from taxlogic.cli import app


def _solve(*args: str):
    return CliRunner(env={"COLUMNS": "80", "NO_COLOR": "1"}).invoke(app, ["solve", "--translator", "gold", *args])


def _events(path) -> list[dict]:
    lines = path.read_text(encoding="utf-8").splitlines()
    for line in lines:  # the agent's shape, field for field
        TraceEvent.model_validate_json(line)
    return [json.loads(l) for l in lines]


def test_sara_gold_trace_holds_the_gold_facts_the_run_and_the_answer(sara_data_dir, tmp_path):
    from taxlogic.kb.sara.data.cases import get_case

    trace = tmp_path / "t.jsonl"
    res = _solve("--case", "tax_case_1", "--trace", str(trace))
    assert res.exit_code == 0, res.output
    events = _events(trace)
    assert [e["node"] for e in events] == ["gold", "execute", "answer"]
    assert events[0]["facts"] == get_case("tax_case_1").gold_program.text
    assert events[0]["input_tokens"] == events[0]["output_tokens"] == 0  # no model
    assert events[1]["detail"].startswith("value 0 (") and "inferences" in events[1]["detail"]
    assert events[1]["seconds"] > 0
    assert events[2]["detail"] == "0"
    # appended, as the agent's trace is: a second run adds its three lines
    assert _solve("--case", "tax_case_1", "--quiet", "--trace", str(trace)).exit_code == 0
    assert [e["node"] for e in _events(trace)] == ["gold", "execute", "answer"] * 2


def test_entailment_case_traces_its_claim(sara_data_dir, tmp_path):
    trace = tmp_path / "t.jsonl"
    res = _solve("--case", "s7703_a_1_neg", "--json", "--trace", str(trace))
    assert res.exit_code == 0, res.output
    events = _events(trace)
    assert [e["node"] for e in events] == ["gold", "execute", "answer"]
    assert events[2]["detail"] == str(json.loads(res.output)["answer"])


def test_a_trace_in_a_missing_folder_is_an_error_naming_it(sara_data_dir, tmp_path):
    trace = tmp_path / "nope" / "deeper" / "t.jsonl"
    res = _solve("--case", "tax_case_1", "--trace", str(trace))
    assert res.exit_code == 1, res.output
    assert str(trace) in "".join(res.output.split())  # the path, whole (the line may wrap at 80 columns)
    assert "answer" not in res.output  # refused before the run, not after it
    assert not trace.parent.exists()


@pytest.mark.parametrize("case, source, value", [("airline-0-5", "the problem's gold translation", "2314"),
                                                 ("tax-0-5", "the problem's gold translation", None)])
def test_rulearena_gold_trace(rulearena_data, tmp_path, case, source, value):
    trace = tmp_path / "t.jsonl"
    res = _solve("--case", case, "--trace", str(trace))
    assert res.exit_code == 0, res.output
    events = _events(trace)
    assert [e["node"] for e in events] == ["gold", "execute", "answer"]
    assert events[0]["detail"].startswith(source)
    assert events[0]["facts"].strip()
    if value is not None:
        assert events[2]["detail"] == value
    else:  # Form 1040: the amount owed, as the engine gave it
        assert float(events[2]["detail"]) > 0


def test_rulearena_trace_in_a_missing_folder_is_an_error(rulearena_data, tmp_path):
    trace = tmp_path / "nope" / "t.jsonl"
    for case in ("airline-0-5", "tax-0-5"):
        res = _solve("--case", case, "--trace", str(trace))
        assert res.exit_code == 1, res.output
        assert "no such file" in res.output and "answer" not in res.output
