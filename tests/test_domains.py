"""The knowledge-base plug-in interface: SARA, airline, and a tiny domain made up in the test.

The agent graph and the engine are the same objects for every domain; a domain only brings its
Prolog folder, prompts, query job, answer reading and inspector checks.
"""

from __future__ import annotations

import pytest
from tenacity import wait_none

from taxlogic.agent.context import AgentContext
from taxlogic.agent.solve import solve
from taxlogic.agent.state import CaseInput, Issue
from taxlogic.kb.domain import Domain, get_domain
from taxlogic.kb.rules import RuleSet
from taxlogic.core import Answer
from taxlogic.tools.engine import Engine, Job
from fakes import scripted


class TinyDomain:
    """Parcel postage: 2 dollars per parcel plus 1 dollar per kilogram over 5."""

    name = "tiny"

    def system_prompt(self, rules, kind):
        return "Write parcel(Id, Kg) facts, one per parcel."

    def user_prompt(self, case, query, exemplars=""):
        return f"TEXT:\n{case.text}\nQUERY: {query}"

    def query_job(self, case, query, canonical):
        return Job(facts=canonical, query=query, mode="all", var="X")

    def answer_of(self, case, outcome):
        if outcome.status == "values" and len(outcome.values) == 1:
            return Answer(value=int(outcome.values[0]))
        return Answer(reason=outcome.summary())

    def inspect(self, case, query, canonical, outcome, rules):
        n = case.text.count("parcel of")
        got = canonical.count("parcel(")
        return [] if n == got else [Issue(kind="coverage_item", message=f"the text has {n} parcels, the facts {got}")]

    def rule_set(self):
        raise NotImplementedError


@pytest.fixture(scope="module")
def tiny(tmp_path_factory):
    d = tmp_path_factory.mktemp("tiny") / "prolog"
    d.mkdir()
    (d / "events.pl").write_text(":- discontiguous parcel/2.\n")
    (d / "postage.pl").write_text(
        "fee(Id, F) :- parcel(Id, Kg), Extra is max(0, Kg - 5), F is 2 + Extra.\n"
        "postage(X) :- findall(F, fee(_, F), Fs), sum_list(Fs, X).\n")
    (d / "init.pl").write_text(":- [events].\n:- [postage].\n")
    rules = RuleSet("tiny", d, d)
    with Engine(rules, workers=1) as engine:
        yield rules, engine


def test_domains_satisfy_the_interface():
    for name in ("sara", "airline"):
        assert isinstance(get_domain(name), Domain)
    assert isinstance(TinyDomain(), Domain)
    with pytest.raises(KeyError):
        get_domain("no_such_domain")


def test_agent_runs_a_made_up_domain(tiny):
    rules, engine = tiny
    case = CaseInput(text="A parcel of 3 kg and a parcel of 8 kg.", question="Postage?", kind="numeric",
                     query="postage(X)", answer_var="X")
    model = scripted(["parcel(a, 3).\n", "parcel(a, 3).\nparcel(b, 8).\n"])
    ctx = AgentContext(model=model, engine=engine, rules=rules, domain=TinyDomain(), llm_retries=0, llm_wait=wait_none())
    result = solve(case, ctx)
    assert result.answer == 2 + 2 + 3 and not result.abstained
    assert result.rounds[0].issues[0].kind == "coverage_item"
    assert model.calls[0][0].content == "Write parcel(Id, Kg) facts, one per parcel."
    # the validator used the tiny domain's vocabulary: an unknown predicate is rejected
    bad = scripted(["weight(a, 3).\n"])
    ctx2 = AgentContext(model=bad, engine=engine, rules=rules, domain=TinyDomain(), budget=0, llm_retries=0)
    assert solve(case, ctx2).rounds[0].issues[0].kind == "unknown_predicate"


@pytest.fixture(scope="module")
def airline():
    try:
        from taxlogic.kb.airline import airline_rules, gold_records
        rules = airline_rules()
        records = gold_records(levels=(0,))
    except Exception as exc:  # RuleArena data not found
        pytest.skip(f"RuleArena data not available: {exc}")
    with Engine(rules, workers=1) as engine:
        yield rules, engine, records


def test_agent_on_airline_with_repair(airline):
    from taxlogic.kb.airline import TOTAL_QUERY, info_to_facts
    from taxlogic.kb.airline.domain import extraction_scores

    rules, engine, records = airline
    rec = records[0]
    gold = info_to_facts(rec["info"])
    missing_item = "\n".join(l for l in gold.splitlines() if not l.startswith("item(3,")) + "\n"
    model = scripted([missing_item, gold])
    ctx = AgentContext(model=model, engine=engine, rules=rules, domain=get_domain("airline"), llm_retries=0)
    case = CaseInput(case_id=rec["id"], text=rec["question"], question="Total cost?", kind="numeric",
                     query=TOTAL_QUERY, answer_var="X")
    result = solve(case, ctx)
    assert result.answer == rec["answer"]
    assert [i.kind for i in result.rounds[0].issues] == ["coverage_item"]
    assert "item 3" in model.calls[1][-1].content
    assert extraction_scores(rec["info"], result.facts)["all"] == 1.0
    assert "customer_class(Class)" in model.calls[0][0].content  # the airline prompt, not SARA's
