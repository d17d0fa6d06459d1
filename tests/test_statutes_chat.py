"""``taxlogic chat`` on the statutes domain (issue 47): a DeonticBench housing or USCIS-AAO case
(``--case``) and a user's own statutes (``--statutes``), through a real HTTP test endpoint that
serves the reference program (or a program the test writes) as the model's translation; and
``ChatSession`` on that domain with a scripted fake chat model. Real SWI-Prolog throughout."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from fakes import scripted
from taxlogic.agent.chat import ChatError, ChatSession
from taxlogic.cli import app
from taxlogic.eval.faults.program_endpoint import ProgramEndpoint, ServedCase, served_cases, served_program

from own_statutes import OWN_PROGRAM as PROGRAM_45
from own_statutes import OWN_QUESTION as QUESTION
from own_statutes import OWN_STATUTES
from own_statutes import OWN_TEXT as TEXT_45
from own_statutes import invoke_offline

TEXT_20 = TEXT_45.replace("45 days", "20 days")
PROGRAM_20 = PROGRAM_45.replace("written_notice(45)", "written_notice(20)")




def smoke(deontic_data_dir, domain: str, case_id: str):
    from taxlogic.kb.statutes.data import cases

    return next(c for c in cases(domain, "smoke", deontic_data_dir) if c.id == case_id)


def test_chat_on_a_housing_smoke_case(program_env, tmp_path, deontic_data_dir):
    """The case's question is asked first and answered with its label, traced; the answer comes in
    the law's words (the paragraph it rests on); /why cites it; /whynot finds nothing failed."""
    case = smoke(deontic_data_dir, "housing", "housing_9adc1ed4")
    trace = tmp_path / "chat.jsonl"
    with ProgramEndpoint(served_cases([case])) as ep:
        program_env(ep)
        res = CliRunner().invoke(app, ["chat", "--case", case.id, "--trace", str(trace)],
                                 input="/why\n/whynot\n/facts\n/query\n/quit\n")
    out = res.output
    assert res.exit_code == 0, out
    assert "Traceback" not in out and "domain: housing" in out
    assert f"question> {case.question}" in out and "answer: yes" in out and "expected: yes  correct" in out
    assert ("in the law's words: yes, because eviction cases first heard in municipal court holds "
            "(from [2] MICH. COMP. LAWS § 600.5704; [4] MICH. COMP. LAWS § 600.5706), line 24") in out
    assert "housing_answer(X) gives yes" in out  # /why
    assert "nothing failed: every condition on the query's path holds" in out  # /whynot
    assert "current program (rules and facts the model wrote)" in out and "24: eviction_cases_first_heard" in out
    assert "query: housing_answer(X)" in out
    assert [json.loads(line)["node"] for line in trace.read_text().splitlines()] == [
        "generate", "validate", "execute", "inspect", "answer"]
    assert [r.case_id for r in ep.requests] == [case.id]


def test_chat_on_a_uscis_smoke_case_whynot_lists_the_failed_conditions(program_env, deontic_data_dir):
    case = smoke(deontic_data_dir, "uscis-aao", "uscis_0d94f1cb")
    with ProgramEndpoint(served_cases([case])) as ep:
        program_env(ep)
        res = CliRunner().invoke(app, ["chat", "--case", case.id], input="/whynot\n")
    out = res.output
    assert res.exit_code == 0, out
    assert "answer: Dismissed" in out and "expected: Dismissed  correct" in out
    assert "in the law's words: Dismissed, because eligibility met does not hold, line 38" in out
    whynot = out.split("question> /whynot", 1)[1]
    assert "eligibility met: does not hold" in whynot and "waiver available under 212d11: does not hold" in whynot
    assert "inadmissible for smuggling" not in whynot  # it holds: /why shows it, /whynot does not


WHAT_IF = "What if the notice was given 20 days before the eviction instead?"


def test_chat_on_own_statutes_what_if_and_new_pattern(program_env, tmp_path):
    """``--statutes FILE``: the facts are pasted, the question asked; a what-if edits the
    program's facts (the endpoint serves the edit its own program) and answers again, /whynot
    naming the condition that failed and its paragraph; /new with other facts is translated
    afresh (a new program)."""
    law = tmp_path / "tenancy.txt"
    law.write_text(OWN_STATUTES)
    served = [ServedCase("own45", TEXT_45, QUESTION, PROGRAM_45), ServedCase("own20", TEXT_20, QUESTION, PROGRAM_20),
              # the edit prompt holds the change and asks to keep every rule (no case text, no question)
              ServedCase("edit20", WHAT_IF, "keep every rule exactly as it is", PROGRAM_20)]
    with ProgramEndpoint(served) as ep:
        program_env(ep)
        res = CliRunner().invoke(app, ["chat", "--statutes", str(law)], input=(
            f"{TEXT_45}\n\n{QUESTION}\n/why\n/help\n{WHAT_IF}\n/whynot\n/pattern\n/new\n{TEXT_20}\n\n{QUESTION}\n"))
    out = res.output
    assert res.exit_code == 0, out
    assert "every rule must stay as it was" in " ".join(out.split()) and "How much tax" not in out  # /help
    first, what_if = out.split(f"question> {WHAT_IF}", 1)
    what_if, second = what_if.split("/new", 1)
    assert "answer: yes" in first and "notice lawful: holds (from [1] TENANCY ACT § 12)" in first
    assert "delivered properly: holds (from [2] TENANCY ACT § 13)" in first
    assert "answer: no" in what_if
    assert "in the law's words: no, because notice lawful does not hold (from [1] TENANCY ACT § 12), line 2" in what_if
    assert "notice lawful: does not hold (from [1] TENANCY ACT § 12)" in what_if.split("/whynot", 1)[1]
    assert f"what-if: {WHAT_IF}" in what_if  # /pattern lists the change
    assert "answer: no" in second
    assert [r.case_id for r in ep.requests] == ["own45", "edit20", "own20"]


@pytest.mark.parametrize("args, words", [
    (["--case", "housing_9adc1ed4", "--statutes", "{law}"], "--statutes goes without --case"),
    (["--case", "tax_case_5"], "housing_ or uscis_"),
    (["--statutes", "{law}", "--domain", "sara"], "--domain must be one of housing, uscis"),
    (["--statutes", "{empty}"], "empty"),
    (["--case", "housing_00000000"], "housing_00000000"),
])
def test_chat_bad_statutes_input_is_one_line(program_env, tmp_path, args, words):
    res, ep = invoke_offline(program_env, tmp_path, "chat", args, input="")
    assert res.exit_code in (1, 2) and words in res.output and "Traceback" not in res.output, res.output
    assert ep.requests == []


def test_session_on_statutes_translates_each_question():
    """``ChatSession`` on the housing domain with a scripted model: every question is a new
    translation (an earlier program, written for another question, is never reused), the query
    is the domain's, ``explain`` cites the paragraph."""
    from taxlogic.agent.context import AgentContext
    from taxlogic.kb.domain import get_domain
    from taxlogic.tools.engine import Engine

    dom = get_domain("housing")
    model = scripted([served_program(PROGRAM_45), served_program(PROGRAM_20)])
    with Engine(dom.rule_set(), workers=1) as eng:
        session = ChatSession(AgentContext(model=model, engine=eng, rules=dom.rule_set(), domain=dom, budget=0,
                                           llm_retries=0), statutes=OWN_STATUTES)
        session.set_fact_pattern(TEXT_45 + " An earlier notice was given 20 days before.")
        first = session.ask(QUESTION)
        again = session.ask("Was the eviction notice given lawfully?")
        why = session.explain()
    assert first.answer == "yes" and not first.abstained and session.query == "housing_answer(X)"
    assert [e.node for e in again.trace] == ["generate", "validate", "execute", "inspect", "answer"]
    assert again.answer == "no" and len(model.calls) == 2  # the second program, not the first reused
    assert OWN_STATUTES.splitlines()[1] in model.calls[1][-1].content  # the statutes are in the prompt
    assert why.answer == "no" and [s.name for s in why.failed] == ["notice_lawful"]
    assert why.failed[0].cites == ("[1] TENANCY ACT § 12",)


CHANGE = "What if the notice was given 20 days before the eviction instead?"


def _session(script, budget=1):
    from taxlogic.agent.context import AgentContext
    from taxlogic.kb.domain import get_domain

    dom = get_domain("housing")
    model = scripted(script)
    return dom, model, lambda eng: ChatSession(AgentContext(model=model, engine=eng, rules=dom.rule_set(), domain=dom,
                                                            budget=budget, llm_retries=0), statutes=OWN_STATUTES)


def test_a_what_if_edits_the_facts_and_keeps_the_rules():
    """A what-if: the model edits the program (the edit prompt shows it and the change); its facts
    change, its rules are the same (reformatted, variables renamed: still the same rules); the
    new answer, and /why on it."""
    from taxlogic.tools.engine import Engine

    renamed = PROGRAM_20.replace("written_notice(Days), Days >= 30", "written_notice(D),\n    D >= 30")
    dom, model, make = _session([served_program(PROGRAM_45), served_program(renamed)])
    with Engine(dom.rule_set(), workers=1) as eng:
        session = make(eng)
        session.set_fact_pattern(TEXT_45)
        before = session.ask(QUESTION)
        after = session.what_if(CHANGE)
        why = session.explain()
    edit = model.calls[1][-1].content
    assert "written_notice(45)." in edit and CHANGE in edit and "keep every rule exactly as it is" in edit
    assert before.answer == "yes" and after.answer == "no" and not after.abstained
    assert [e.node for e in after.trace] == ["edit", "validate", "execute", "inspect", "answer"]
    assert any(l.startswith("+") and "written_notice(20)" in l for l in after.trace[0].facts_diff)
    assert session.changes == [CHANGE] and "written_notice(20)" in session.facts
    assert [s.name for s in why.failed] == ["notice_lawful"]


def test_a_what_if_that_changes_a_rule_is_repaired_or_abstained_on():
    """The statutes do not change under a what-if: an edit that rewrites a rule (the 30 days of
    [1] made 10) is a ``rule_changed`` issue; repaired (budget 1) when the repair keeps the rule,
    abstained on (budget 0) otherwise, the session's program unchanged."""
    from taxlogic.tools.engine import Engine

    bent = PROGRAM_20.replace("Days >= 30", "Days >= 10")
    dom, model, make = _session([served_program(PROGRAM_45), served_program(bent), served_program(PROGRAM_20)])
    with Engine(dom.rule_set(), workers=1) as eng:
        session = make(eng)
        session.set_fact_pattern(TEXT_45 + " The statute's 10 days are not at issue.")
        session.ask(QUESTION)
        repaired = session.what_if(CHANGE)
        dom0, model0, make0 = _session([served_program(PROGRAM_45), served_program(bent)], budget=0)
        held = make0(eng)
        held.set_fact_pattern(TEXT_45 + " The statute's 10 days are not at issue.")
        held.ask(QUESTION)
        facts = held.facts
        refused = held.what_if(CHANGE)
    first = repaired.rounds[0].issues
    assert [i.kind for i in first] == ["rule_changed", "rule_changed"]
    assert "Days>=10" in first[0].message.replace(" ", "") and "missing" in first[1].message
    assert "rule_changed" in model.calls[2][-1].content  # the repair turn names it
    assert repaired.answer == "no" and not repaired.abstained
    assert refused.abstained and "rule_changed" in refused.reason and held.facts == facts and held.changes == []
