"""``ChatSession`` and ``taxlogic chat`` with scripted fake chat models and real SWI-Prolog."""

from __future__ import annotations

import json

import pytest
from tenacity import wait_none
from typer.testing import CliRunner

from taxlogic.agent.chat import ChatError, ChatSession, change_text, is_follow_up
from taxlogic.core import question_kind
from taxlogic.agent.context import AgentContext
from fakes import scripted

PATTERN = "Alice's income in 2017 was $30000. Alice is not married and takes the standard deduction."
QUESTION = "How much tax is Alice liable for in 2017?"  # not a standard form: the model writes the query
QUERY_LINE = "tax(alice, 2017, Tax)"
FACTS_30 = 'income_(i).\nagent_(i, alice).\namount_(i, 30000).\nstart_(i, "2017-12-31").\n'
FACTS_50 = FACTS_30.replace("30000", "50000")
CHANGE = "What if Alice earned $50,000 instead?"


CTX_DEFAULTS = {"budget": 2}  # for the ctx_for fixture (conftest)


def nodes(result):
    return [e.node for e in result.trace]


def test_ask_numeric_question(ctx_for):
    model = scripted([QUERY_LINE, FACTS_30])
    session = ChatSession(ctx_for(model))
    session.set_fact_pattern(PATTERN)
    seen = []
    result = session.ask(QUESTION, on_event=seen.append)
    assert not result.abstained and isinstance(result.answer, int) and result.answer > 0
    assert nodes(result) == ["write_query", "generate", "validate", "execute", "inspect", "answer"]
    assert [e.node for e in seen] == nodes(result)
    assert session.query == "tax(alice,2017,Tax)" and session.kind == "numeric" and session.answer_var == "Tax"
    assert "amount_(i,30000)" in session.facts.replace(" ", "")
    assert session.last is result and len(session.history) == 1


def test_what_if_edits_income(ctx_for):
    model = scripted([QUERY_LINE, FACTS_30, FACTS_50])
    session = ChatSession(ctx_for(model))
    session.set_fact_pattern(PATTERN)
    before = session.ask(QUESTION)
    after = session.what_if(CHANGE)
    assert not after.abstained and after.answer > before.answer
    assert len(model.calls) == 3
    # the edit prompt: the current facts and the change, under the same static system prompt
    edit = model.calls[2]
    assert edit[0].content == model.calls[1][0].content
    assert "amount_(i,30000)." in edit[-1].content and CHANGE in edit[-1].content
    assert nodes(after) == ["edit", "validate", "execute", "inspect", "answer"]
    assert any(l.startswith("+") and "50000" in l for l in after.trace[0].facts_diff)
    assert after.query == before.query and after.input_tokens > 0
    assert "50000" in session.facts and session.changes == [CHANGE]
    assert [x.kind for x in session.history] == ["ask", "what_if"]


def test_what_if_missing_amount_is_repaired(ctx_for):
    # the edit forgets the new amount: the coverage check (against the change) sends it back
    model = scripted([QUERY_LINE, FACTS_30, FACTS_30, FACTS_50])
    session = ChatSession(ctx_for(model))
    session.set_fact_pattern(PATTERN)
    before = session.ask(QUESTION)
    after = session.what_if(CHANGE)
    first = after.rounds[0]
    assert [i.kind for i in first.issues] == ["coverage_amount"] and "50000" in first.issues[0].message
    assert after.trace[0].detail.endswith("unchanged") and after.trace[0].facts_diff == []
    repair_prompt = model.calls[3][-1].content
    assert "50000" in repair_prompt and "coverage_amount" in repair_prompt
    assert CHANGE in model.calls[3][1].content  # the repair continues the edit conversation
    assert nodes(after) == ["edit", "validate", "execute", "inspect", "repair", "validate", "execute", "inspect", "answer"]
    assert not after.abstained and after.answer > before.answer and len(after.rounds) == 2


def test_failed_what_if_keeps_the_facts(ctx_for):
    model = scripted([QUERY_LINE, FACTS_30, FACTS_30])  # never adds the new amount
    session = ChatSession(ctx_for(model, budget=1))
    session.set_fact_pattern(PATTERN)
    session.ask(QUESTION)
    facts = session.facts
    result = session.what_if(CHANGE)
    assert result.abstained and "coverage_amount" in result.reason
    assert session.facts == facts and session.changes == []


BROTHER = "brother_(b).\nagent_(b, bob).\npatient_(b, alice).\n"


def test_later_questions_reuse_the_facts(ctx_for, monkeypatch):
    # the first translation leaves out the brother the text states, which the omission check of
    # issue 33 flags (tests/test_omissions.py); this test is about reusing facts across
    # questions, so the check is off here
    from taxlogic.kb.sara import SaraDomain

    monkeypatch.setattr(SaraDomain, "counterfactual_issues", lambda *args, **kwargs: [])
    model = scripted([QUERY_LINE, FACTS_30, QUERY_LINE, "tax(bob, 2017, Tax)", FACTS_30 + BROTHER])
    session = ChatSession(ctx_for(model))
    session.set_fact_pattern(PATTERN + " Bob is Alice's brother; he has no income.")
    first = session.ask(QUESTION)
    # same pattern, new question: the query is written, the facts are checked as they are
    again = session.ask("So how much tax does Alice owe for 2017?")
    assert nodes(again) == ["write_query", "validate", "execute", "inspect", "answer"]
    assert again.answer == first.answer and len(model.calls) == 3
    assert again.rounds[0].facts == first.facts
    # a question the facts cannot answer (Bob is not in them): repaired, starting from those facts
    bob = session.ask("How much tax is Bob liable for in 2017?")
    assert [i.kind for i in bob.rounds[0].issues] == ["coverage_person"]
    assert nodes(bob)[:2] == ["write_query", "validate"] and "repair" in nodes(bob) and "generate" not in nodes(bob)
    repair = model.calls[4]
    assert "bob" in repair[-1].content and "amount_(i,30000)." in repair[-1].content
    assert "Bob" in repair[1].content and repair[2].content == first.facts  # the reused translation
    assert not bob.abstained and bob.answer == 0 and session.query == "tax(bob,2017,Tax)"
    assert "bob" in session.facts


def test_what_if_not_worded_as_one(ctx_for):
    # "... instead." is a follow-up too; the unchanged facts' values need not be in the change
    model = scripted([QUERY_LINE, FACTS_30 + BROTHER, (FACTS_30 + BROTHER).replace("30000", "50000")])
    session = ChatSession(ctx_for(model))
    session.set_fact_pattern(PATTERN + " Bob is Alice's brother.")
    before = session.ask(QUESTION)
    after = session.what_if("Alice earned $50,000 instead.")
    assert not after.abstained and after.answer > before.answer and len(after.rounds) == 1
    assert change_text("Alice earned $50,000 instead.") == "What if: Alice earned $50,000 instead."
    assert change_text(" Suppose Alice earned $1.") == "Suppose Alice earned $1."


def test_new_pattern_forgets_facts_and_what_ifs(ctx_for):
    model = scripted([QUERY_LINE, FACTS_30, FACTS_50, QUERY_LINE, FACTS_30])
    session = ChatSession(ctx_for(model))
    session.set_fact_pattern(PATTERN)
    session.ask(QUESTION)
    session.what_if(CHANGE)
    assert session.changes
    # a new question on the same pattern starts from the pattern's facts, not the what-if's
    session.ask(QUESTION)
    assert "30000" in session.facts and session.changes == []
    session.set_fact_pattern("Bob's income in 2018 was $1000.")
    assert session.facts == "" and session.query is None and len(session.history) == 3


def test_misuse_raises_chat_error(ctx_for):
    session = ChatSession(ctx_for(scripted([QUERY_LINE])))
    with pytest.raises(ChatError):
        session.ask(QUESTION)
    with pytest.raises(ChatError):
        session.set_fact_pattern("  ")
    session.set_fact_pattern(PATTERN)
    with pytest.raises(ChatError, match="no question"):
        session.what_if(CHANGE)
    assert not session.can_follow_up


def test_llm_failure_in_edit(ctx_for):
    """A request the endpoint refuses (HTTP 400) is the edit's outcome: an abstention; an
    endpoint that is down is no outcome at all: the error propagates (the REPL prints it)."""
    import httpx
    import openai

    from taxlogic.agent.llm import EndpointUnreachable

    req = httpx.Request("POST", "http://127.0.0.1:9/v1/chat/completions")
    rejected = openai.BadRequestError("prompt too long", response=httpx.Response(400, request=req), body=None)
    down = openai.APIConnectionError(request=req)
    model = scripted([QUERY_LINE, FACTS_30, rejected, down])
    session = ChatSession(ctx_for(model))
    session.set_fact_pattern(PATTERN)
    session.ask(QUESTION)
    facts = session.facts
    result = session.what_if(CHANGE)
    assert result.abstained and "LLM call failed" in result.reason and "HTTP 400" in result.reason
    assert nodes(result) == ["edit"] and result.trace[0].issues[0].kind == "llm_error"
    with pytest.raises(EndpointUnreachable, match="127.0.0.1:9"):
        session.what_if(CHANGE)
    assert session.facts == facts


@pytest.mark.parametrize("text, follow_up", [
    ("What if Alice earned $50,000 instead?", True),
    ("what if Bob were married", True),
    ("Suppose Alice has a son.", True),
    ("And assume the wages were $10,000.", True),
    ("How much tax would Alice pay with $50,000 instead?", True),
    ("If Alice had been married, how much tax?", True),
    ("How much tax does Alice have to pay in 2017?", False),
    ("Section 63(c)(5) applies to Alice in 2017.", False),
    ("Is Alice a head of household?", False),
])
def test_is_follow_up(text, follow_up):
    assert is_follow_up(text) is follow_up and ChatSession.is_follow_up(text) is follow_up


def test_question_kind():
    assert question_kind(QUESTION) == "numeric"
    assert question_kind("Alice is a surviving spouse under section 2(a) in 2017.") == "entailment"


# ------------------------------------------------------------------------------ the REPL


@pytest.fixture
def cli(monkeypatch, ctx_for):
    """Run ``taxlogic chat`` with ``input``, its context's model scripted by ``script``."""
    import taxlogic.cli.chat as chat_cli
    from taxlogic.cli import app

    made = {}

    def run(script, input, *args):
        def fake_make_context(rules, engine, *, model_name=None, budget=3, grammar=None):
            made["model"] = scripted(script)
            made["budget"] = budget
            return AgentContext(model=made["model"], engine=engine, rules=rules, budget=budget,
                                llm_retries=1, llm_wait=wait_none(), anchors=False)

        monkeypatch.setattr(chat_cli, "make_context", fake_make_context)
        result = CliRunner().invoke(app, ["chat", *args], input=input)
        return result, made

    return run


def test_repl_question_what_if_facts_and_eof(cli, tmp_path):
    trace = tmp_path / "chat.jsonl"
    text = f"{PATTERN}\n\n{QUESTION}\n/facts\n{CHANGE}\n/facts\n/query\n/pattern\n/trace\n"
    result, made = cli([QUERY_LINE, FACTS_30, FACTS_50], text, "--budget", "1", "--trace", str(trace))
    out = result.output
    assert result.exit_code == 0, out
    assert "Traceback" not in out and made["budget"] == 1
    assert "answer: $4,127" in out and "answer: $9,727" in out  # money, as every answer line prints it
    assert "1: income_(i)." in out and "3: amount_(i,30000)." in out and "3: amount_(i,50000)." in out
    assert "after 1 what-if change" in out and "tax(alice,2017,Tax)" in out
    assert f"what-if: {CHANGE}" in out
    events = [json.loads(l) for l in trace.read_text().splitlines()]
    assert [e["node"] for e in events][:6] == ["write_query", "generate", "validate", "execute", "inspect", "answer"]
    assert "edit" in [e["node"] for e in events]
    assert len(made["model"].calls) == 3


def test_repl_commands_before_any_question(cli):
    text = f"\n{PATTERN}\nsecond line of the pattern\n\n/facts\n/trace\n/query\n/bogus\n{CHANGE}\n/help\n/quit\n{QUESTION}\n"
    result, made = cli([QUERY_LINE], text)
    out = result.output
    assert result.exit_code == 0, out
    assert "no facts yet" in out and "nothing yet" in out and "no question yet" in out
    assert "unknown command /bogus" in out and "reads as a what-if" in out and "/pattern  the fact pattern" in out
    assert made["model"].calls == []  # /quit came before the question


def test_repl_new_pattern_and_eof_in_pattern(cli):
    text = f"{PATTERN}\n\n/new\nBob's income in 2018 was $1000.\n\n/pattern\n/new\n"
    result, _ = cli([QUERY_LINE], text)
    assert result.exit_code == 0, result.output
    assert result.output.count("Bob's income in 2018 was $1000.") == 2  # echoed, then shown by /pattern
    assert "New fact pattern" in result.output


def test_repl_empty_input_exits(cli):
    result, _ = cli([QUERY_LINE], "")
    assert result.exit_code == 0 and "Fact pattern" in result.output


def test_why_and_whynot_after_an_answer(ctx_for):
    model = scripted([QUERY_LINE, FACTS_30])
    session = ChatSession(ctx_for(model))
    with pytest.raises(ChatError, match="no answer to explain"):
        session.explain()
    session.set_fact_pattern(PATTERN)
    result = session.ask(QUESTION)
    expl = session.explain()
    assert expl.holds and expl.value == result.answer == 4127
    chain = {a.label: a.value for a in expl.chain}
    assert chain["gross income of alice (= adjusted gross income)"] == 30000
    assert chain["tax owed by alice for 2017"] == 4127


def test_repl_why_and_whynot(cli):
    claim = "Alice is married under section 7703 in 2017."
    text = f"{PATTERN}\n\n/why\n{QUESTION}\n/why\n/whynot\n{claim}\n/whynot\n"
    result, _ = cli([QUERY_LINE, FACTS_30, "s7703(alice,_,_,_,_,_,_,_,2017)"], text)
    out = result.output
    assert result.exit_code == 0, out
    assert "no answer to explain yet" in out
    assert "tax owed by alice for 2017" in out and "§1(c)" in out
    assert "nothing failed: the last answer holds" in out
    assert "answer: Contradiction" in out and "✗ §7703" in out


@pytest.mark.parametrize("question, kind, query", [
    ("How much tax does Alice have to pay in 2017?", "numeric", "tax(alice,2017,Tax)"),
    ("how much tax does Mary Smith owe for 2017", "numeric", "tax(mary_smith,2017,Tax)"),
    ("Does section 152(b)(1) apply to Bob in 2015?", "entailment", "s152_b_1(bob,_,2015)"),
    ("Section 2(a)(1)(A) applies to Bob in 2015.", "entailment", "s2_a_1_A(bob,_,_,2015)"),
    ("Alice is a dependent of Bob in 2015.", "entailment", None),
])
def test_standard_question_forms_become_queries_by_rule(question, kind, query, rules):
    from taxlogic.agent.state import CaseInput
    from taxlogic.kb.sara.reading.questions import rule_query

    found = rule_query(CaseInput(text="x", question=question, kind=kind), rules)
    assert (found[0] if found else None) == query


def test_chat_question_in_standard_form_needs_no_model_query(ctx_for):
    model = scripted([FACTS_30])  # facts only: the query is written by rule
    session = ChatSession(ctx_for(model))
    session.set_fact_pattern(PATTERN)
    result = session.ask("How much tax does Alice have to pay in 2017?")
    assert not result.abstained and session.query == "tax(alice,2017,Tax)" and len(model.calls) == 1
    assert result.trace[0].node == "write_query" and result.trace[0].detail.endswith("(by rule)")


def test_repl_why_full_shows_the_proof_and_why_alone_does_not(cli):
    result, _ = cli([QUERY_LINE, FACTS_30], f"{PATTERN}\n\n{QUESTION}\n/why\n/quit\n")
    default = result.output
    assert result.exit_code == 0, default
    assert "--full: the Prolog proof" in default and "(every goal)" not in default
    result, _ = cli([QUERY_LINE, FACTS_30], f"{PATTERN}\n\n{QUESTION}\n/why --full\n/quit\n")
    assert result.exit_code == 0, result.output
    assert "derivation (every goal)" in result.output and "--full: the Prolog proof" not in result.output
