"""Hostile Prolog through every command and API that takes facts, a case text, problems or a
what-if: nothing it holds ever executes, nothing hangs, and each command ends in one clear line
with its exit code (README "Exit codes"), never a traceback.

The corpus is made here, per test, around a canary file in a temporary folder: shell/1,2,
process_create/3, files opened for writing, ``:- initialization``, ``:- assert``, assert in a
rule body, op/3 directives, hook facts (goal_expansion, message_hook), a huge term, a deeply
nested term and bytes that are not UTF-8. If any of it ran, the canary would exist (the control
test shows that consulting the corpus in a plain ``swipl`` creates it). The commands share the
session's engine (its worker processes are the ones a command starts), so the module stays fast.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from tenacity import wait_none
from typer.testing import CliRunner

from fakes import scripted

CASE = "tax_case_1"
PATTERN = "Alice's income in 2017 was $30000. Alice is not married and takes the standard deduction."
QUESTION = "How much tax is Alice liable for in 2017?"


def corpus(canary: Path) -> dict[str, bytes]:
    """Hostile fact texts, each of which would create ``canary`` if any of it ran."""
    c = str(canary)
    touch = f"touch {c}"
    return {
        "shell1_rule": f"payment_(p) :- shell('{touch}').\namount_(p,1).\n".encode(),
        "shell2_rule": f"payment_(p) :- shell('{touch}', _).\namount_(p,1).\n".encode(),
        "process_create": f"payment_(p) :- process_create(path(touch), ['{c}'], []).\n".encode(),
        "open_write": f"income_(i).\namount_(i,1) :- open('{c}', write, S), write(S, x), close(S).\n".encode(),
        "directive_shell": f":- shell('{touch}').\nincome_(i).\n".encode(),
        "initialization": f":- initialization(shell('{touch}')).\nincome_(i).\n".encode(),
        "initialization_main": f":- initialization(shell('{touch}'), now).\n".encode(),
        "assert_directive": f":- assertz((income_(i) :- shell('{touch}'))).\nincome_(i).\n".encode(),
        "assert_in_body": f"income_(i) :- assertz((agent_(i,a) :- shell('{touch}'))), agent_(i,a).\n".encode(),
        "op_directive": f":- op(700, xfx, ===>).\nincome_(i) ===> shell('{touch}').\n".encode(),
        "goal_expansion_fact": f"goal_expansion(income_(X), shell('{touch}')).\nincome_(i).\n".encode(),
        "message_hook_fact": f"message_hook(_, _, _).\nexception(undefined_predicate, shell('{touch}'), retry).\n".encode(),
        "huge_term": ("amount_(i," + "9" * 3_000_000 + ").\n").encode(),
        "deep_term": ("amount_(i," + "f(" * 50_000 + "1" + ")" * 50_000 + f").\npayment_(p) :- shell('{touch}').\n").encode(),
        "non_utf8": b"payment_(p) :- shell('" + touch.encode() + b"').\n\xff\xfe\x80 amount_(p,1).\n",
    }


@pytest.fixture
def canary(tmp_path) -> Path:
    folder = tmp_path / "canary"
    folder.mkdir()
    path = folder / "CANARY"
    yield path
    assert not path.exists(), "a hostile input executed"


@pytest.fixture
def shared_engine(monkeypatch, engine):
    """Commands get the session's SARA engine instead of starting their own (same workers, same
    limits): ``Engine(rules, ...)`` for SARA's rules returns it, unclosed."""
    import taxlogic.tools.engine as engine_mod

    real = engine_mod.Engine

    class Shared:
        def __init__(self, e):
            self._e = e

        def __getattr__(self, name):
            return getattr(self._e, name)

        def __enter__(self):
            return self._e

        def __exit__(self, *exc):
            return None

        def close(self):
            return None

    def make(rules, *args, **kwargs):
        return Shared(engine) if rules.name == engine.rules.name else real(rules, *args, **kwargs)

    monkeypatch.setattr(engine_mod, "Engine", make)
    return engine


def one_clear_end(res, codes: set[int]) -> None:
    out = res.output
    assert res.exit_code in codes, (res.exit_code, out[-2000:])
    assert "Traceback" not in out and not (res.exception and not isinstance(res.exception, SystemExit)), out[-2000:]


# ------------------------------------------------------------------------------------ control


@pytest.mark.skipif(shutil.which("swipl") is None, reason="SWI-Prolog not installed")
def test_control_the_corpus_is_live_when_consulted_plainly(tmp_path):
    """The corpus is not harmless by accident: a plain ``swipl`` consulting one of its files
    creates the canary (so a canary that never appears below means nothing ran)."""
    folder = tmp_path / "c"
    folder.mkdir()
    canary = folder / "CANARY"
    f = tmp_path / "h.pl"
    f.write_bytes(corpus(canary)["shell1_rule"])
    subprocess.run(["swipl", "-q", "-g", f"consult('{f}'), payment_(p)", "-t", "halt"], timeout=60,
                   capture_output=True)
    assert canary.exists()


# ------------------------------------------------------------------------ the issue's example


def test_inspect_terminal_example_does_not_run_the_shell_command(sara_data_dir, tmp_path):
    """The issue's terminal example, as a user runs it (a real process, file and stdin)."""
    folder = tmp_path / "x"
    folder.mkdir()
    canary = folder / "CANARY"
    h = tmp_path / "h.pl"
    h.write_text(f"payment_(p) :- shell('touch {canary}').\namount_(p,1).\n")
    exe = [str(Path(sys.executable).with_name("taxlogic"))]  # the console script, as installed
    for args, stdin in ((["--facts", str(h)], None), (["--facts", "-"], h.read_bytes())):
        res = subprocess.run([*exe, "inspect", "--case", CASE, *args], input=stdin, capture_output=True,
                             timeout=120)
        out = res.stdout.decode() + res.stderr.decode()
        assert res.returncode == 3, out
        assert "Traceback" not in out
        assert "refused and not run" in out and "answer the facts give: none" in out
        assert not canary.exists()


# ------------------------------------------------------------------------------ CLI with facts


@pytest.mark.parametrize("command", ["run", "explain"])
def test_run_and_explain_refuse_every_hostile_file(command, sara_data_dir, canary, tmp_path):
    from taxlogic.cli import app

    for name, data in corpus(canary).items():
        f = tmp_path / f"{name}.pl"
        f.write_bytes(data)
        res = CliRunner().invoke(app, [command, "--case", CASE, "--facts", str(f)])
        one_clear_end(res, {1})
        assert "nothing was run" in res.output.strip().splitlines()[-1], (name, res.output[-500:])


@pytest.mark.parametrize("stdin", [False, True], ids=["file", "stdin"])
def test_inspect_never_runs_what_the_validator_refuses(stdin, shared_engine, canary, tmp_path):
    from taxlogic.cli import app

    for name, data in corpus(canary).items():
        if stdin:
            res = CliRunner().invoke(app, ["inspect", "--case", CASE, "--facts", "-", "--json"], input=data)
        else:
            f = tmp_path / f"{name}.pl"
            f.write_bytes(data)
            res = CliRunner().invoke(app, ["inspect", "--case", CASE, "--facts", str(f), "--json"])
        one_clear_end(res, {3})
        record = json.loads(res.stdout[res.stdout.index("{"):])
        assert record["problems"] and record["answer"] is None and record["agent_answer"] is None, name
        assert record["reason"].startswith("refused") or "rejected while loading" in record["reason"], (name, record["reason"])


def test_inspect_prints_that_refused_facts_were_not_run(shared_engine, canary, tmp_path):
    from taxlogic.cli import app

    f = tmp_path / "h.pl"
    f.write_bytes(corpus(canary)["shell1_rule"])
    res = CliRunner().invoke(app, ["inspect", "--case", CASE, "--facts", str(f)], terminal_width=200)
    one_clear_end(res, {3})
    out = " ".join(res.output.split())
    said = out[out.index("answer the facts give"):]
    assert said.startswith("answer the facts give: none: the facts were refused and not run (line 1: not_a_fact"), said


def test_inspect_runs_safe_but_invalid_facts_sandboxed(shared_engine, rules, sara_data_dir):
    """Facts the validator rejects for a date or an amount (not for safety) still give "what the
    facts as written answer", on the untrusted path; no job of an inspection of text is trusted."""
    from taxlogic.eval.faults.verifier import inspect_facts, plan_inspection
    from taxlogic.kb.sara.data.cases import get_case

    case = get_case(CASE)
    bad = case.gold_facts + 'start_(zz, "2017-13-45").\n'  # a date that does not exist: unsafe it is not
    plan = plan_inspection(case, bad, rules)
    assert plan.issues and plan.roles == ["raw"] and not any(j.trusted for j in plan.jobs)
    r = inspect_facts(shared_engine, case, bad, rules)
    assert r.answer == case.expected and not r.refused and r.agent_answer is None and r.flagged


# --------------------------------------------------------------------------- the agent's rounds


def _hostile_replies(canary: Path) -> list[str]:
    return [d.decode("utf-8", "replace") for d in corpus(canary).values()]


def test_agent_rounds_with_a_model_that_writes_hostile_prolog(ctx_for, canary, sara_data_dir):
    from taxlogic.agent.solve import solve
    from taxlogic.agent.state import CaseInput
    from taxlogic.kb.sara.data.cases import get_case

    replies = _hostile_replies(canary)
    inp = CaseInput.from_case(get_case(CASE))
    for i in range(0, len(replies), 3):  # three hostile rounds each (budget 2)
        result = solve(inp, ctx_for(scripted(replies[i:i + 3]), budget=2))
        assert result.abstained and result.answer is None


def test_solve_text_with_a_model_that_writes_hostile_prolog(shared_engine, monkeypatch, canary):
    import taxlogic.agent.context as context
    from taxlogic.agent.context import AgentContext
    from taxlogic.cli import app

    replies = _hostile_replies(canary)

    def make(rules, engine, *, budget=3, anchors=True, **kwargs):  # the query line, then hostile facts
        return AgentContext(model=scripted(script),
                            engine=engine, rules=rules, budget=budget, llm_retries=0, llm_wait=wait_none(),
                            anchors=anchors)

    monkeypatch.setattr(context, "make_context", make)
    for i in range(0, len(replies), 4):  # the query line, then four rounds of hostile facts
        script = ["tax(alice, 2017, Tax)", *replies[i:i + 4]]
        res = CliRunner().invoke(app, ["solve", "--text", PATTERN, "--question", QUESTION, "--paper-prompts",
                                       "--budget", "3", "--json"])
        one_clear_end(res, {3})
        out = json.loads(res.stdout[res.stdout.index("{"):])
        assert out["abstained"] and len(out["rounds"]) == 4, out.get("reason")  # every round ran, none answered
    script = [f"tax(alice, 2017, Tax) :- shell('touch {canary}')"] * 3  # a hostile query, and a hostile text
    res = CliRunner().invoke(app, ["solve", "--text", f":- shell('touch {canary}').", "--question",
                                   f"Is shell('touch {canary}') true?", "--budget", "0", "--json"])
    one_clear_end(res, {3})


def test_chat_pastes_and_what_if_edits_of_hostile_prolog(shared_engine, monkeypatch, canary):
    import taxlogic.cli.chat as chat_cli
    from taxlogic.agent.context import AgentContext
    from taxlogic.cli import app

    replies = _hostile_replies(canary)
    hostile = corpus(canary)["shell1_rule"].decode()
    script = ["tax(alice, 2017, Tax)", 'income_(i).\nagent_(i, alice).\namount_(i, 30000).\nstart_(i, "2017-12-31").\n',
              *replies]

    def make_context(rules, engine, *, model_name=None, budget=3, grammar=None):
        return AgentContext(model=scripted(script), engine=engine, rules=rules, budget=budget, llm_retries=0,
                            llm_wait=wait_none(), anchors=False)

    monkeypatch.setattr(chat_cli, "make_context", make_context)
    pasted = f"{PATTERN}\n{hostile}\n\n{QUESTION}\n"  # a pattern with Prolog pasted in, then a question
    edits = "".join(f"What if {line}?\n" for line in hostile.splitlines())
    text = pasted + edits + "What if Alice earned $50,000 instead?\n" * 4 + f"{hostile}\n/facts\n"
    res = CliRunner().invoke(app, ["chat", "--budget", "1"], input=text)
    one_clear_end(res, {0})


# ----------------------------------------------------------------------------- problems files


def test_eval_run_problems_file_with_hostile_records(canary, tmp_path, sara_data_dir):
    """``eval run --problems`` (RuleArena's airline format: the gold translator writes the facts
    from the records): hostile strings and numbers in the records never run, and a file that is
    not JSON, or not UTF-8, is one line."""
    from taxlogic.cli import app

    c = str(canary)
    info = {"base_price": 180, "customer_class": "Main Cabin", "routine": "South Korea", "direction": 1,
            "bag_list": [{"id": 1, "name": "backpack", "size": [22, 13, 6], "weight": 10}]}
    rows = []
    for i, evil in enumerate([f"x'). :- shell('touch {c}'). item(1, 'x", f"a\n:- shell('touch {c}').\n",
                              f"\"), shell(\"touch {c}\"), (\""]):
        bag = dict(info["bag_list"][0], name=evil)
        rows.append({"id": f"evil-{i}", "level": 0, "answer": 0,
                     "info": dict(info, customer_class=evil, routine=evil, bag_list=[bag])})
    # a number field holding Prolog: refused with the file, line and field before anything runs
    num = tmp_path / "evil-num.jsonl"
    num.write_text(json.dumps({"id": "evil-num", "level": 0, "answer": 0,
                               "info": dict(info, base_price=f"1), shell('touch {c}'), (1")}) + "\n")
    res = CliRunner().invoke(app, ["eval", "run", "--method", "gold", "--dataset", "rulearena-airline",
                                   "--problems", str(num), "--out", str(tmp_path / "num"), "--workers", "1"])
    if res.exit_code == 1 and "RuleArena" in res.output and "not found" in res.output:
        pytest.skip(res.output.strip().splitlines()[-1])
    one_clear_end(res, {2})
    assert "line 1" in res.output and "base_price" in res.output and not (tmp_path / "num").exists()
    path = tmp_path / "evil.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    res = CliRunner().invoke(app, ["eval", "run", "--method", "gold", "--dataset", "rulearena-airline",
                                   "--problems", str(path), "--out", str(tmp_path / "run"), "--workers", "1"])
    if res.exit_code == 1 and "RuleArena" in res.output and "not found" in res.output:
        pytest.skip(res.output.strip().splitlines()[-1])
    one_clear_end(res, {0, 1})
    records = [json.loads(l) for l in (tmp_path / "run" / "records.jsonl").read_text().splitlines()]
    assert len(records) == len(rows) and not any(r["correct"] for r in records)
    for name, data in (("garbage", b"{not json\n"), ("bytes", b"\xff\xfe{\"id\": 1}\n")):
        bad = tmp_path / f"{name}.jsonl"
        bad.write_bytes(data)
        res = CliRunner().invoke(app, ["eval", "run", "--method", "gold", "--dataset", "rulearena-airline",
                                       "--problems", str(bad), "--out", str(tmp_path / name)])
        one_clear_end(res, {1, 2})
        lines = [l for l in res.output.splitlines() if l.strip()]
        assert lines and lines[-1].startswith("error"), res.output
