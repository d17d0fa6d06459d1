"""SARA's checks (kb/sara) and the agent's shared round checks (agent/checks.py) on hand-made fact sets (and a few SARA gold sets): every check
fires on the error it is meant for and stays quiet on a correct translation."""

from __future__ import annotations

import pytest

from taxlogic.agent.checks import round_issues
from taxlogic.kb.sara.checks import static_issues
from taxlogic.kb.sara.checks.coverage import coverage_issues, legal_terms
from taxlogic.kb.sara.checks.direction import direction_issues, text_roles
from taxlogic.kb.sara.checks.grounding import grounding_issues
from taxlogic.kb.sara.reading.schema import event_schema
from taxlogic.agent.state import CaseInput, Issue
from taxlogic.tools.engine import Outcome

from factsets import DEATH_FACTS

DEATH = CaseInput(text="Alice and Bob got married on Feb 3rd, 1992. Alice died on July 9th, 2014.",
                  question="Section 2(a)(1)(A) applies to Bob in 2015.", kind="entailment",
                  query="s2_a_1_A(bob,_,_,2015)")
INCOME = CaseInput(text="In 2017, Alice was paid $33200. Alice has paid $3200 to Bob for work done in 2017.",
                   question="How much tax does Alice have to pay in 2017?", kind="numeric",
                   query="tax(alice,2017,Tax)", answer_var="Tax")
INCOME_FACTS = """income_(alice_is_paid).
agent_(alice_is_paid,alice).
start_(alice_is_paid,"2017-12-31").
amount_(alice_is_paid,33200).
service_(bob_works).
agent_(bob_works,bob).
patient_(bob_works,alice).
start_(bob_works,"2017-01-01").
end_(bob_works,"2017-12-31").
payment_(alice_pays_bob).
agent_(alice_pays_bob,alice).
patient_(alice_pays_bob,bob).
purpose_(alice_pays_bob,bob_works).
start_(alice_pays_bob,"2017-12-31").
amount_(alice_pays_bob,3200).
"""


def kinds(issues: list[Issue]) -> list[str]:
    return sorted(i.kind for i in issues)


@pytest.fixture(scope="module")
def check(rules):
    def run(case: CaseInput, facts: str) -> list[Issue]:
        return static_issues(case, case.query, facts, rules=rules)
    return run


def test_correct_translations_pass(check):
    assert check(DEATH, DEATH_FACTS) == []
    assert check(INCOME, INCOME_FACTS) == []


def test_statutes_event_model(rules):
    schema = event_schema(rules)
    assert schema.usable("income_", {"agent_": {"alice"}, "amount_": {"1"}, "start_": {"d"}})
    assert not schema.usable("income_", {"agent_": {"alice"}, "start_": {"d"}})  # no amount
    assert schema.usable("marriage_", {"agent_": {"alice", "bob"}})
    assert not schema.usable("marriage_", {"agent_": {"alice"}})  # one spouse and no date
    assert schema.usable("payment_", {"agent_": {"a"}, "patient_": {"b"}})
    assert "patient_/2" in schema.reads and "patient/2" not in schema.reads
    # people fill the roles of a marriage and of a residence's agent, not a residence's home
    cls = schema.role_class
    assert cls["marriage_:agent_"] == cls["residence_:agent_"] != cls["residence_:patient_"]
    assert ("agent_", "patient_") in schema.same_roles["payment_:purpose_:service_"]


@pytest.mark.parametrize("old, new, kind", [
    # broken links: a property on an id no type declares; a type nobody describes
    ('start_(alice_dies,"2014-07-09").', 'start_(alice_died,"2014-07-09").', "event_undeclared"),
    ("death_(alice_dies).", "death_(alice_dies).\ndeath_(alice_death).", "event_undescribed"),
    # one event, two dates; ends before it starts
    ('start_(alice_dies,"2014-07-09").', 'start_(alice_dies,"2014-07-09").\nstart_(alice_dies,"1992-02-03").', "event_conflict"),
    ('start_(alice_and_bob,"1992-02-03").', 'start_(alice_and_bob,"1992-02-03").\nend_(alice_and_bob,"1991-02-03").', "event_conflict"),
    # an event no statute can read: a death without whom
    ("agent_(alice_dies,alice).", "", "event_unusable"),
    # the same event twice
    ('start_(alice_dies,"2014-07-09").', 'start_(alice_dies,"2014-07-09").\ndeath_(alice_dies_2).\nagent_(alice_dies_2,alice).\n'
     'start_(alice_dies_2,"2014-07-09").', "event_duplicate"),
    # a predicate no rule reads, one keystroke from one that is read
    ("agent_(alice_dies,alice).", "agent_(alice_dies,alice).\npatient(alice_dies,bob).", "predicate_unread"),
    # a constant written once, a variant of one used elsewhere
    ("agent_(alice_and_bob,bob).", "agent_(alice_and_bob,'Bob').\nagent_(bob_lives,bob).\nresidence_(bob_lives).\n"
     "patient_(bob_lives,home).", "name_near_miss"),
    # a date one keystroke away from the text's
    ('start_(alice_dies,"2014-07-09").', 'start_(alice_dies,"2014-07-08").', "date_near_miss"),
])
def test_each_event_and_value_check(check, old, new, kind):
    facts = DEATH_FACTS.replace(old, new)
    assert facts != DEATH_FACTS
    assert kind in kinds(check(DEATH, facts))


def test_amount_and_year_checks(check):
    assert "amount_unstated" in kinds(check(INCOME, INCOME_FACTS.replace("33200)", "32200)")))
    assert "date_year" in kinds(check(INCOME, INCOME_FACTS.replace('start_(alice_is_paid,"2017-12-31")',
                                                                     'start_(alice_is_paid,"2016-06-30")')))
    # a shifted conventional date: a day off the last day of a year the text names
    assert "date_near_miss" in kinds(check(INCOME, INCOME_FACTS.replace('end_(bob_works,"2017-12-31")',
                                                                          'end_(bob_works,"2018-01-01")')))
    # 0 and 1 are never "unstated" (no amount; a household one maintains)
    extra = 'payment_(keeps_home).\nagent_(keeps_home,alice).\namount_(keeps_home,1).\npurpose_(keeps_home,home).\n'
    assert "amount_unstated" not in kinds(check(INCOME, INCOME_FACTS + extra))


YEARLY = "Bob earned $304598 every year from 2015 to 2019."


def _yearly_income(*years: int) -> str:
    return "".join(f'income_(bob_{y}).\nagent_(bob_{y},bob).\namount_(bob_{y},304598).\nstart_(bob_{y},"{y}-12-31").\n'
                   for y in years)


@pytest.mark.parametrize("text, years, flagged", [
    # a span written as one names each of its years: one income a year, 2016 to 2018 included
    (YEARLY, (2015, 2016, 2017, 2018, 2019), set()),
    ("Bob earned $304598 every year between 2015 and 2019.", (2015, 2017, 2019), set()),
    ("From March 1st, 2015 to May 3rd, 2019, Bob earned $304598 every year.", (2016,), set()),
    # a year outside the span is still one the sentence never gives
    (YEARLY, (2015, 2020), {2020}),
    # two years no span joins stay two years: 2017 is in neither
    ("Bob earned $304598 in 2015 and in 2019.", (2015, 2017, 2019), {2017}),
    ("In 2015, Bob earned $304598 and paid $5 to Alice in 2019.", (2017,), {2017}),
])
def test_date_year_reads_a_span_of_years_as_each_of_its_years(text, years, flagged):
    """``date_year``: an amount the text gives "every year from 2015 to 2019" may be dated in any of
    those years; a year outside the span, or between two years no span joins, is flagged."""
    case = CaseInput(text=text, question="How much tax does Bob have to pay in 2017?", kind="numeric",
                     query="tax(bob,2017,Tax)", answer_var="Tax")
    issues = [i for i in grounding_issues(case, case.query, _yearly_income(*years)) if i.kind == "date_year"]
    assert {int(i.message.rsplit("bob_", 1)[1][:4]) for i in issues} == flagged, [i.message for i in issues]


def _shares(*amounts: int) -> str:
    return "".join(f'payment_(p{a}).\nagent_(p{a},alice).\namount_(p{a},{a}).\npurpose_(p{a},home).\n' for a in amounts)


@pytest.mark.parametrize("text, amounts, flagged", [
    # the rest of a share the sentence states: 100 - 40
    ("Bob furnished 40% of the costs of the home, and Alice furnished the remaining costs.", (40, 60), set()),
    ("Alice pays 75%, Bob 20% and Charlie the rest of the costs.", (75, 20, 5), set()),
    # any other number is still one the text never states
    ("Bob furnished 40% of the costs of the home, and Alice furnished the remaining costs.", (40, 50), {50}),
    # no "remaining": 60 is not stated (who paid the rest, and how much, the text does not say)
    ("Bob furnished 40% of the costs of the home.", (40, 60), {60}),
    # shares of 100% or more leave no rest
    ("Alice pays 100% of the costs, and Bob the remaining costs.", (100, 0, 10), {10}),
])
def test_amount_unstated_reads_the_rest_of_a_stated_share(text, amounts, flagged):
    """``amount_unstated``: a share the text gives as what the percentages before it leave ("the
    remaining costs" after "40%": 60) is stated; other numbers are not."""
    case = CaseInput(text=text, question="How much tax does Alice have to pay in 2017?", kind="numeric",
                     query="tax(alice,2017,Tax)", answer_var="Tax")
    from taxlogic.kb.sara.checks.provenance import provenance_issues

    issues = [i for i in grounding_issues(case, case.query, _shares(*amounts)) if i.kind == "amount_unstated"]
    assert {int(i.message.split("the number ")[1].split(",")[0]) for i in issues} == flagged, [i.message for i in issues]
    # provenance reads the amount the same way (``unaccounted``: "the text never states 50")
    unaccounted = [i for i in provenance_issues(case, case.query, _shares(*amounts)) if "never states" in i.message]
    assert {int(i.message.split("never states ")[1].split(".")[0]) for i in unaccounted} == flagged


def test_swapped_roles(check):
    swapped = INCOME_FACTS.replace("agent_(alice_pays_bob,alice)", "agent_(alice_pays_bob,BOB)") \
        .replace("patient_(alice_pays_bob,bob)", "patient_(alice_pays_bob,alice)").replace("BOB", "bob")
    got = kinds(check(INCOME, swapped))
    assert "role_direction" in got and "role_link" in got
    home = CaseInput(text="Alice and Bob are married and live in a house.", question="?", kind="entailment",
                     query="s7703(alice,_,_,_,_,_,_,_,2017)")
    ok = ("residence_(r).\nagent_(r,alice).\npatient_(r,house).\nmarriage_(m).\nagent_(m,alice).\nagent_(m,bob).\n")
    assert check(home, ok) == []
    bad = ok.replace("agent_(r,alice)", "agent_(r,house_x)").replace("patient_(r,house)", "patient_(r,alice)")
    assert "role_clash" in kinds(check(home, bad))


def test_kinship_direction():
    roles = text_roles("Alice has a son, Bob. Charlie is Alice's father. Dan and Eve have a child, Fred. "
                       "From 2004 to 2019, Bob furnished the home where he and his father George lived.")
    assert {("bob", "alice"), ("alice", "charlie"), ("fred", "dan"), ("fred", "eve"), ("bob", "george")} <= roles["child_parent"]
    text = "Alice has a son, Bob."
    assert direction_issues("son_(s).\nagent_(s,bob).\npatient_(s,alice).\n", text) == []
    assert kinds(direction_issues("son_(s).\nagent_(s,alice).\npatient_(s,bob).\n", text)) == ["role_direction"]
    # father_ reads the other way round (utils.pl is_child_of): agent_ is the parent
    assert direction_issues("father_(f).\nagent_(f,alice).\npatient_(f,bob).\n", text) == []


def test_legal_conclusions(rules):
    case = CaseInput(text="Bob counts as Alice's dependent under section 152(c)(1) for 2015. Alice is not married "
                          "under section 7703. Alice gets an exemption of $2000 under section 151(c).",
                     question="?", kind="entailment", query="s151_c(alice,bob,_,2015)")
    statutes = rules.vocabulary.statute
    got = coverage_issues(case, case.query, "income_(i).\nagent_(i,alice).\npatient_(i,bob).\n", statutes=statutes)
    # the affirmative conclusion must be a statute fact; the negated one and the computed amount need not
    assert [i.kind for i in got] == ["coverage_conclusion"] and "152(c)(1)" in got[0].message
    assert coverage_issues(case, case.query, "s152_c_1(bob,alice,2015).\nagent_(i,alice).\n", statutes=statutes) == []


def test_a_conclusion_beside_an_amount_in_one_sentence(rules):
    """A conclusion the text states in one clause of a sentence whose other clause gives an amount
    ("Alice is an employer under section 3306(a) for 2015, and she has paid $453009 in total
    wages", SARA's s3301_pos) must be a statute fact; an amount the cited section computes, in
    the same clause, still is none ("an additional deduction of $600 under section 63(f)")."""
    statutes = rules.vocabulary.statute
    case = CaseInput(text="Alice is an employer under section 3306(a) for the year 2015, and she has paid $453009 "
                          "in total wages in 2015. Alice gets an additional deduction of $600 under section 63(f), "
                          "and she is blind.", question="?", kind="entailment", query="s3301(alice,2015,_,27181)")
    wages = 'total_wages_employer(alice,453009,"2015-01-01","2015-12-31").\n'
    got = coverage_issues(case, case.query, wages, statutes=statutes)
    assert [i.kind for i in got] == ["coverage_conclusion"] and "3306(a)" in got[0].message
    assert "$" not in got[0].message  # it quotes the clause that states the conclusion
    assert coverage_issues(case, case.query, wages + "s3306_a(alice,2015,_).\n", statutes=statutes) == []


def test_what_if_is_not_grounded():
    change = CaseInput(text="What if: Alice earned $50,000 instead.", question="?", kind="numeric", query="tax(alice,2017,Tax)")
    facts = 'income_(i).\nagent_(i,alice).\namount_(i,50000).\nstart_(i,"2016-12-31").\namount_(j,1234).\n'
    assert grounding_issues(change, change.query, facts) == []


def test_round_runs_domain_checks_only_after_validation_and_maps_lines(rules):
    broken = [Issue(kind="syntax", line=3, message="x")]
    assert round_issues(DEATH, broken, None) == broken
    facts = DEATH_FACTS.replace('start_(alice_dies,"2014-07-09")', 'start_(alice_died,"2014-07-09")')
    issues = round_issues(DEATH, [], Outcome(status="proved"), static=static_issues(DEATH, DEATH.query, facts, rules=rules),
                          lines=[10 * n for n in range(1, 8)])
    assert [(i.kind, i.line) for i in issues if i.kind == "event_undeclared"] == [("event_undeclared", 70)]
    # the outcome checks still come first
    static = static_issues(INCOME, INCOME.query, INCOME_FACTS, rules=rules)
    num = round_issues(INCOME, [], Outcome(status="failed"), static=static)
    assert num[0].kind == "no_value"


@pytest.mark.parametrize("case_id", ["tax_case_1", "s2_a_1_A_pos", "s152_c_1_pos", "tax_case_20", "s151_c_pos"])
def test_gold_sets_pass(engine, rules, case_id):
    from taxlogic.eval.faults.verifier import inspect_gold
    from taxlogic.kb.sara.data.cases import get_case

    case = get_case(case_id)
    result = inspect_gold(engine, case, rules)
    assert result.issues == [] and result.agent_answer == case.expected


@pytest.mark.parametrize("case_id, kind", [
    ("s63_c_6_B_pos", "date_near_miss"),   # gold: end "2018-08-15" for September 15th, 2018
    ("tax_case_47", "amount_unstated"),    # gold: 532 for $5322
    ("tax_case_11", "name_near_miss"),     # gold: agent_(charlie_income,charie)
    ("tax_case_25", "predicate_unread"),   # gold: patient(bob_birth,charlie)
])
def test_gold_errata_are_found(engine, rules, case_id, kind):
    from taxlogic.eval.faults.verifier import inspect_gold
    from taxlogic.kb.sara.data.cases import get_case

    assert kind in kinds(inspect_gold(engine, get_case(case_id), rules).issues)


def test_defined_terms_are_conclusions(rules):
    terms = legal_terms(rules)
    assert terms["surviving spouse"] == "s2_a" and terms["head of household"] == "s2_b"
    case = CaseInput(text="Alice is a surviving spouse for the year 2017. Bob is not a head of household.",
                     question="?", kind="entailment", query="s1_a(alice,_,2017,_)")
    got = coverage_issues(case, case.query, "income_(i).\nagent_(i,alice).\n", statutes=rules.vocabulary.statute, terms=terms)
    assert [i.kind for i in got] == ["coverage_conclusion"] and "surviving spouse" in got[0].message
    assert coverage_issues(case, case.query, "s2_a(alice,_,_,_,2017).\n", statutes=rules.vocabulary.statute, terms=terms) == []
