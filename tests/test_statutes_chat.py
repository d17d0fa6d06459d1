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
from taxlogic.settings import get_settings

OWN_STATUTES = """[1] TENANCY ACT § 12
A landlord may not evict a tenant without giving the tenant written notice at least 30 days before the eviction.

[2] TENANCY ACT § 13
A notice under section 12 must be delivered in person or by certified mail.
"""
QUESTION = "Was the eviction notice lawful?"
TEXT_45 = "The landlord gave the tenant written notice by certified mail 45 days before the eviction."
TEXT_20 = "The landlord gave the tenant written notice by certified mail 20 days before the eviction."
PROGRAM_45 = """% [1]
notice_lawful :- written_notice(Days), Days >= 30, delivered_properly.
% [2]
delivered_properly :- delivered_by(certified_mail).
delivered_properly :- delivered_by(in_person).
written_notice(45).
delivered_by(certified_mail).
housing_answer(yes) :- notice_lawful, !.
housing_answer(no).
"""
PROGRAM_20 = PROGRAM_45.replace("written_notice(45)", "written_notice(20)")


@pytest.fixture
def env(monkeypatch, tmp_path, deontic_data_dir):
    def use(ep: ProgramEndpoint) -> None:
        for k, v in {"LLM_BASE_URL": ep.base_url, "LLM_CACHE": "0", "LLM_MAX_RETRIES": "0", "WORKERS": "1",
                     "CACHE_DIR": str(tmp_path / "cache"), "DATA_DIR": str(deontic_data_dir)}.items():
            monkeypatch.setenv(f"TAXLOGIC_{k}", v)
        get_settings.cache_clear()
    yield use
    get_settings.cache_clear()


def smoke(deontic_data_dir, domain: str, case_id: str):
    from taxlogic.kb.statutes.data import cases

    return next(c for c in cases(domain, "smoke", deontic_data_dir) if c.id == case_id)


def test_chat_on_a_housing_smoke_case(env, tmp_path, deontic_data_dir):
    """The case's question is asked first and answered with its label, traced; the answer comes in
    the law's words (the paragraph it rests on); /why cites it; /whynot finds nothing failed; a
    what-if is refused with its reason and sends nothing to the model."""
    case = smoke(deontic_data_dir, "housing", "housing_9adc1ed4")
    trace = tmp_path / "chat.jsonl"
    with ProgramEndpoint(served_cases([case])) as ep:
        env(ep)
        res = CliRunner().invoke(app, ["chat", "--case", case.id, "--trace", str(trace)],
                                 input="/why\n/whynot\nWhat if the state were Ohio instead?\n/facts\n/query\n/quit\n")
    out = res.output
    assert res.exit_code == 0, out
    assert "Traceback" not in out and "domain: housing" in out
    assert f"question> {case.question}" in out and "answer: yes" in out and "expected: yes  correct" in out
    assert ("in the law's words: yes, because eviction cases first heard in municipal court holds "
            "(from [2] MICH. COMP. LAWS § 600.5704; [4] MICH. COMP. LAWS § 600.5706), line 24") in out
    assert "housing_answer(X) gives yes" in out  # /why
    assert "nothing failed: every condition on the query's path holds" in out  # /whynot
    assert "what-if refused" in out and "rules and the facts together" in out and "/new" in out
    assert "current program (rules and facts the model wrote)" in out and "24: eviction_cases_first_heard" in out
    assert "query: housing_answer(X)" in out
    assert [json.loads(line)["node"] for line in trace.read_text().splitlines()] == [
        "generate", "validate", "execute", "inspect", "answer"]
    assert [r.case_id for r in ep.requests] == [case.id]  # the what-if sent nothing


def test_chat_on_a_uscis_smoke_case_whynot_lists_the_failed_conditions(env, deontic_data_dir):
    case = smoke(deontic_data_dir, "uscis-aao", "uscis_0d94f1cb")
    with ProgramEndpoint(served_cases([case])) as ep:
        env(ep)
        res = CliRunner().invoke(app, ["chat", "--case", case.id], input="/whynot\n")
    out = res.output
    assert res.exit_code == 0, out
    assert "answer: Dismissed" in out and "expected: Dismissed  correct" in out
    assert "in the law's words: Dismissed, because eligibility met does not hold, line 38" in out
    whynot = out.split("question> /whynot", 1)[1]
    assert "eligibility met: does not hold" in whynot and "waiver available under 212d11: does not hold" in whynot
    assert "inadmissible for smuggling" not in whynot  # it holds: /why shows it, /whynot does not


def test_chat_on_own_statutes_new_pattern_is_a_new_program(env, tmp_path):
    """``--statutes FILE``: the facts are pasted, the question asked; /new with other facts is
    translated afresh (a new program), and /whynot names the condition that failed and its
    paragraph."""
    law = tmp_path / "tenancy.txt"
    law.write_text(OWN_STATUTES)
    served = [ServedCase("own45", TEXT_45, QUESTION, PROGRAM_45), ServedCase("own20", TEXT_20, QUESTION, PROGRAM_20)]
    with ProgramEndpoint(served) as ep:
        env(ep)
        res = CliRunner().invoke(app, ["chat", "--statutes", str(law)],
                                 input=f"{TEXT_45}\n\n{QUESTION}\n/why\n/help\n/new\n{TEXT_20}\n\n{QUESTION}\n/whynot\n")
    out = res.output
    assert res.exit_code == 0, out
    assert "What-ifs are refused" in " ".join(out.split()) and "How much tax" not in out  # /help for this session
    first, second = out.split("/new", 1)
    assert "answer: yes" in first and "notice lawful: holds (from [1] TENANCY ACT § 12)" in first
    assert "delivered properly: holds (from [2] TENANCY ACT § 13)" in first
    assert "answer: no" in second
    assert "in the law's words: no, because notice lawful does not hold (from [1] TENANCY ACT § 12), line 2" in second
    assert "notice lawful: does not hold (from [1] TENANCY ACT § 12)" in second.split("/whynot", 1)[1]
    assert [r.case_id for r in ep.requests] == ["own45", "own20"]


@pytest.mark.parametrize("args, words", [
    (["--case", "housing_9adc1ed4", "--statutes", "{law}"], "--statutes goes without --case"),
    (["--case", "tax_case_5"], "housing_ or uscis_"),
    (["--statutes", "{law}", "--domain", "sara"], "--domain must be one of housing, uscis"),
    (["--statutes", "{empty}"], "empty"),
    (["--case", "housing_00000000"], "housing_00000000"),
])
def test_chat_bad_statutes_input_is_one_line(env, tmp_path, args, words):
    law, empty = tmp_path / "law.txt", tmp_path / "empty.txt"
    law.write_text(OWN_STATUTES)
    empty.write_text(" \n")
    with ProgramEndpoint([]) as ep:
        env(ep)
        res = CliRunner().invoke(app, ["chat"] + [a.format(law=law, empty=empty) for a in args], input="")
    assert res.exit_code in (1, 2) and words in res.output and "Traceback" not in res.output, res.output
    assert ep.requests == []


def test_session_on_statutes_translates_each_question_and_refuses_what_ifs():
    """``ChatSession`` on the housing domain with a scripted model: every question is a new
    translation (an earlier program, written for another question, is never reused), the query
    is the domain's, ``explain`` cites the paragraph, a what-if raises the domain's reason."""
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
        with pytest.raises(ChatError, match="rules and the facts together"):
            session.what_if("What if the notice came 10 days before instead?")
    assert first.answer == "yes" and not first.abstained and session.query == "housing_answer(X)"
    assert [e.node for e in again.trace] == ["generate", "validate", "execute", "inspect", "answer"]
    assert again.answer == "no" and len(model.calls) == 2  # the second program, not the first reused
    assert OWN_STATUTES.splitlines()[1] in model.calls[1][-1].content  # the statutes are in the prompt
    assert why.answer == "no" and [s.name for s in why.failed] == ["notice_lawful"]
    assert why.failed[0].cites == ("[1] TENANCY ACT § 12",)
    assert session.changes == [] and len(session.history) == 2
