"""The omission check (issue 33): every clause of the case accounted for by the facts, or shown by
counterfactual runs of the query to make no difference. Real SWI-Prolog, scripted chat models."""

from __future__ import annotations

import pytest

from taxlogic.agent.solve import solve
from taxlogic.agent.state import CaseInput
from taxlogic.eval.faults.corrupt import _event_facts, facts_of, omit_rule_group
from taxlogic.eval.faults.verifier import gold_program, inspect_facts, inspect_many, plan_inspection
from taxlogic.kb.sara.data.cases import get_case, load_cases
from taxlogic.kb.sara.checks.coverage import legal_terms
from taxlogic.kb.sara.checks.omissions import accounting, answer_key, clause_table, omission_check
from fakes import scripted


def _without(case, event: str) -> str:
    """The case's gold facts with one whole event left out (its type fact and every fact about it)."""
    facts = facts_of(gold_program(case).fact_text)
    gone = set(_event_facts(facts, event))
    return "".join(f.canonical + "\n" for j, f in enumerate(facts) if j not in gone)


#: The six rows of issue 33's table: an event the text states in words only, left out, and the
#: words the issue's message must quote.
ROWS = [
    ("tax_case_23", "alice_and_bob_joint_return", "joint_return_", "joint return"),
    ("s3306_c_6_pos", "alice_employed", "service_", "employee"),
    ("tax_case_77", "bob_residence", "residence_", "lives"),
    ("tax_case_85", "charlie_brother", "brother_", "brother"),
    ("tax_case_54", "alice_maintains_house", "payment_", "maintains"),
    ("s2_b_2_C_neg", "alice_is_a_nra", "nonresident_alien_", "nonresident alien"),
]


@pytest.mark.parametrize("case_id,event,predicate,words", ROWS)
def test_left_out_event_is_flagged_with_clause_and_predicate(engine, rules, case_id, event, predicate, words):
    case = get_case(case_id)
    before = inspect_facts(engine, case, _without(case, event), rules, omissions=False)
    assert before.answer != case.expected and not before.issues  # it slipped before issue 33
    after = inspect_facts(engine, case, _without(case, event), rules)
    (issue,) = [i for i in after.issues if i.kind == "unstated_clause"][:1]
    assert words in issue.message and predicate in issue.message and after.agent_answer is None
    assert "answer" in issue.message and str(before.answer) not in issue.message  # names no answer


def test_household_rules_left_out_are_flagged(engine, rules):
    case = get_case("tax_case_13")
    gp = gold_program(case)
    # the gold rules less the household group: text the project derives from the gold program
    kept = case.gold_program.derive("".join(r + "\n" for r in gp.rules if "bob_household_maintenance" not in r),
                                    "omission omit_rules")
    before = inspect_facts(engine, case, gp.fact_program, rules, rule_text=kept, omissions=False)
    assert before.answer != case.expected and not before.issues
    after = inspect_facts(engine, case, gp.fact_program, rules, rule_text=kept)
    assert any(i.kind == "unstated_clause" and "furnished all costs" in i.message for i in after.issues)
    # stated by the rules: accounted for
    assert not inspect_facts(engine, case, gp.fact_program, rules, rule_text=gp.rule_program).issues


@pytest.mark.parametrize("left_out", ["agent_", "amount_"])
def test_property_rule_left_out_is_flagged(engine, rules, left_out):
    """A single property rule of a gold rule program left out (``agent_(Event,bob) :-
    bob_household_maintenance(...)``): the events the rules derive lack it, and the clause the
    rules state (Bob furnished all costs) is not accounted for."""
    case = get_case("tax_case_13")
    gp = gold_program(case)
    kept = case.gold_program.derive("".join(r + "\n" for r in gp.rules if not r.startswith(left_out)),
                                    "omission omit_rules")
    before = inspect_facts(engine, case, gp.fact_program, rules, rule_text=kept, omissions=False)
    assert before.answer != case.expected and not before.issues
    after = inspect_facts(engine, case, gp.fact_program, rules, rule_text=kept)
    (issue,) = [i for i in after.issues if i.kind == "unstated_clause"]
    assert "furnished all costs" in issue.message and left_out in issue.message
    assert str(before.answer) not in issue.message


def test_omit_rule_group_leaves_out_a_helper_and_the_rules_built_on_it():
    import random

    rules = "h(Y,E) :- between(2015,2017,Y), atom_concat(e,Y,E).\npayment_(E) :- h(_,E).\nagent_(E,bob) :- h(_,E).\n"
    seen = {omit_rule_group(rules, random.Random(s))[1] for s in range(20)}
    assert "left out the rules of h (3 clauses)" in seen and "left out the rules of agent_ (1 clauses)" in seen


@pytest.fixture(scope="module")
def fact_programs(sara_data_dir):
    return [c for c in load_cases() if not gold_program(c).rules]


def test_correct_facts_raise_no_omission_issue(engine, rules, fact_programs):
    """Every rule-free gold set that the other checks pass, the omission check passes too: no
    right answer is lost (issue 33: 288 right, 29 documented errata, as before)."""
    plans = [plan_inspection(c, gold_program(c).fact_text, rules) for c in fact_programs]
    before = inspect_many(engine, plans, omissions=False)
    after = inspect_many(engine, plans)
    assert len(fact_programs) == 317
    assert [r.case_id for b, r in zip(before, after) if r.issues and not b.issues] == []
    right = sum(1 for c, r in zip(fact_programs, after) if not r.issues and r.answer == c.expected)
    assert right == 288 and sum(bool(r.issues) for r in after) == 29
    assert all(r.clauses for b, r in zip(before, after) if not b.issues)  # the table is there


#: The answer-changing omissions of SARA 2020's rule-free gold sets the check does not flag
#: (``taxlogic eval verifier --every``: each event, role, date and family tie left out in turn),
#: each with what the check cannot read there. Data, measured: the test below fails on any slip
#: not listed here. (case, operator, what was left out) -> why.
RESIDUE: dict[tuple[str, str, str], str] = {
    ("tax_case_22", "omit_event", "left out alice_maintains_home (payment_, 5 facts)"):
        "the text states no upkeep of the home (\"has lived at Alice's place\"); the gold infers Alice pays for it. "
        "The same words in tax_case_64 (\"Bob lived at Alice's house in 2015\") have no upkeep in its gold, and its "
        "label needs none (81487; 78488 with one): a check that read a possessive home as an upkeep would cost "
        "tax_case_64 its right answer. Every other SARA 2020 case whose gold pays for a home writes the "
        "payment (\"maintain\", \"furnish\", tax_case_88's \"paid for her and Charlie's housing\")",
    ("tax_case_22", "omit_role", "left out agent_(alice_maintains_home,alice)."):
        "as above: no sentence states who maintains the home",
}


def _omission_sweep(engine, rules, programs):
    """Every omission of each of ``programs`` the checks pass (``eval verifier --every``'s
    ``omit_*`` variants): (clean cases, variants, their classes, the slipped ones)."""
    from taxlogic.eval.faults.corrupt import OMISSIONS, every_omission
    from taxlogic.eval.faults.verifier import classify
    from taxlogic.tools.limits import QUICK_INFERENCES

    gold = inspect_many(engine, [plan_inspection(c, gold_program(c).fact_text, rules) for c in programs])
    clean = [c for c, g in zip(programs, gold) if not g.issues and g.answer == c.expected]
    todo = [(c, v) for c in clean for op in OMISSIONS for v in every_omission(facts_of(gold_program(c).fact_text), op)]
    results = inspect_many(engine, [plan_inspection(c, v.text, rules) for c, v in todo], quick=QUICK_INFERENCES)
    klass = [classify(c.expected, r.answer, r.flagged, r.limited) for (c, _), r in zip(todo, results)]
    slipped = {(c.id, v.op, v.detail) for (c, v), k in zip(todo, klass) if k == "slipped"}
    return clean, todo, klass, slipped


def test_every_omission_of_a_seeded_sample_of_fact_programs(engine, rules, fact_programs):
    """The default run's share of :func:`test_every_omission_of_every_fact_program`: the same
    sweep on a seeded sample of 12 rule-free gold sets (the same every run; the whole sweep is
    ``slow``, run by ``make test-all`` and CI)."""
    import random

    sample = sorted(random.Random(48).sample(fact_programs, 12), key=lambda c: c.id)
    clean, todo, klass, slipped = _omission_sweep(engine, rules, sample)
    assert clean and todo
    assert slipped <= set(RESIDUE), sorted(slipped - set(RESIDUE))
    assert klass.count("caught") > len(clean)


@pytest.mark.slow
@pytest.mark.timeout(1800)
def test_every_omission_of_every_fact_program(engine, rules, fact_programs):
    """Issue 33: every event, role, date and family tie of every rule-free gold set the checks
    pass, left out in turn (not a sample): each one that changes the answer is flagged, but the
    documented :data:`RESIDUE`."""
    clean, todo, klass, slipped = _omission_sweep(engine, rules, fact_programs)
    assert len(clean) == 288 and len(todo) == 2935  # SARA 2020: every omission of every clean rule-free set
    assert slipped <= set(RESIDUE), sorted(slipped - set(RESIDUE))
    assert klass.count("caught") > 20 * len(RESIDUE)  # the catches the residue is measured against


def test_clause_table_accounts_for_every_clause(rules):
    case = get_case("tax_case_77")
    inp = CaseInput.from_case(case)
    from taxlogic.agent.validate import validation_issues

    _, canonical = validation_issues(_without(case, "alice_maintains_house"), rules)
    rows = accounting(inp, canonical, terms=legal_terms(rules))
    assert " ".join(r.clause for r in rows).count("Alice") >= 2  # every clause is a row
    (item,) = [i for r in rows for i in r.items if i.kind == "kind"]
    assert item.what == "maintain" and item.predicates == ("payment_",) and "she maintains" in item.clause
    # "Alice takes the standard deduction": a term the statutes define is no event
    assert not [i for r in rows if "standard deduction" in r.clause for i in r.items if i.kind == "kind"]
    table = clause_table(rows)
    assert any(r["facts"] for r in table) and all(i["verdict"] == "not run" for r in table for i in r["items"])


def test_irrelevant_clause_costs_no_round(rules):
    """A clause no fact states whose candidates cannot change the answer is recorded, not raised."""
    case = get_case("tax_case_77")
    inp = CaseInput.from_case(case)
    from taxlogic.agent.validate import validation_issues

    _, canonical = validation_issues(_without(case, "alice_maintains_house"), rules)
    check = omission_check(inp, inp.query, canonical, rules, 9104, lambda extras: [9104] * len(extras),
                           terms=legal_terms(rules))
    assert check.issues == [] and check.runs > 0
    assert all(not v.relevant and "changes the answer" in v.reason for v in check.verdicts if v.item.kind == "kind")
    check = omission_check(inp, inp.query, canonical, rules, 9104, lambda extras: [6449] + [9104] * (len(extras) - 1),
                           terms=legal_terms(rules))
    assert [i.kind for i in check.issues] == ["unstated_clause"]


def test_agent_repairs_a_left_out_event(ctx_for):
    """Through the agent: a first translation that leaves out the joint return is flagged by the
    omission check; a perfect repair is answered right."""
    case = get_case("tax_case_23")
    inp = CaseInput.from_case(case)
    model = scripted([_without(case, "alice_and_bob_joint_return"), gold_program(case).fact_text])
    result = solve(inp, ctx_for(model))
    assert not result.abstained and result.answer == case.expected
    assert [i.kind for i in result.rounds[0].issues] == ["unstated_clause"]
    assert "joint return" in model.calls[1][-1].content


def test_answer_key(sara_data_dir):
    from taxlogic.tools.engine import Outcome

    num = get_case("tax_case_23")
    assert answer_key(num, Outcome(status="values", values=["12"])) == 12
    assert answer_key(num, Outcome(status="failed")) == "no solution"
    assert answer_key(num, Outcome(status="values", values=["1", "2"])) is None
    assert answer_key(num, Outcome(status="time_limit")) is None


def _less(case, fact: str) -> str:
    """The case's gold facts with one fact left out (``fact``: its canonical text)."""
    facts = facts_of(gold_program(case).fact_text)
    assert fact in [f.canonical for f in facts]
    return "".join(f.canonical + "\n" for f in facts if f.canonical != fact)


#: One fact left out whose date or person another fact of the same sentence shares, so that the
#: clause looks accounted for (issue 33's remaining slips, by class): the event's start shared
#: with the work it pays for; the agent of a residence named by the sentence's other facts; an
#: employer, an organisation the clause names; the resident "who … lives with her".
SHARED = [
    ("tax_case_14", 'start_(alice_pays,"2017-09-02").', "alice_pays starts"),
    ("tax_case_19", 'start_(alice_is_paid,"2017-12-31").', "alice_is_paid starts"),
    ("tax_case_99", "agent_(alice_residence,alice).", "agent_"),
    ("s3306_c_6_pos", 'patient_(alice_employed,"united states government").', "patient_"),
    ("tax_case_98", "agent_(bob_residence,bob).", "agent_"),
    ("s3306_c_16_pos", 'patient_(alice_employed,"international monetary fund").', "patient_"),
]


@pytest.mark.parametrize("case_id,fact,words", SHARED)
def test_left_out_fact_sharing_a_date_or_person_is_flagged(engine, rules, case_id, fact, words):
    case = get_case(case_id)
    before = inspect_facts(engine, case, _less(case, fact), rules, omissions=False)
    assert before.answer != case.expected and not before.issues  # it slipped before
    after = inspect_facts(engine, case, _less(case, fact), rules)
    msgs = [i.message for i in after.issues if i.kind == "unstated_clause"]
    assert msgs and any(words in m for m in msgs) and after.agent_answer is None, msgs


def test_event_items_name_what_the_event_lacks(rules):
    """A residence with no one living in it and a payment with no start, in sentences that name
    people and give dates: each is an item of the event's own clause; complete events are not."""
    from taxlogic.agent.validate import validation_issues

    case = get_case("tax_case_14")
    inp = CaseInput.from_case(case)
    _, canonical = validation_issues(_less(case, 'start_(alice_pays,"2017-09-02").'), rules)
    items = [i for r in accounting(inp, canonical, terms=legal_terms(rules), rules=rules) for i in r.items if i.event]
    assert [(i.kind, i.event) for i in items if i.kind == "date"] == [("date", "alice_pays")]
    _, gold = validation_issues(gold_program(case).fact_text, rules)
    assert not [i for r in accounting(inp, gold, terms=legal_terms(rules), rules=rules) for i in r.items
                if i.event == "alice_pays"]


def test_inspect_table_shows_what_an_event_lacks(rules):
    """``taxlogic inspect`` builds its clause table itself when another check flagged the facts
    first: the same per-event items as the agent's check (a payment left without its start)."""
    from taxlogic.cli.inspect import _clauses

    case = get_case("tax_case_14")
    rows = _clauses(case, None, _less(case, 'start_(alice_pays,"2017-09-02").'), rules)
    items = [(i["kind"], i["what"]) for r in rows for i in r["items"]]
    assert any(kind == "date" for kind, _ in items), items
    gold = _clauses(case, None, gold_program(case).fact_text, rules)
    assert not [i for r in gold for i in r["items"] if i["kind"] == "date"]


#: Slips of issue 33's session 11 closed by class: the clause's own year ("they file a joint return
#: for 2016", not the marriage date of the clause before); an age in a year ("67 years old in
#: 2017": born 1950); one of a list ("to Bob, Charlie and Dan respectively for work done …": the
#: work of each); a start the listing clause dates, not the clause with the payment's cue.
LISTED = [
    ("tax_case_65", "alice_and_bob_file_a_joint_return", None, "joint return for 2016"),
    ("tax_case_62", "alice_is_born", None, "years old"),
    ("s3306_a_2_A_pos", "alice_employer_dan", None, "Dan respectively for work"),
    ("s3306_a_2_A_pos", None, 'start_(alice_pays_dan,"2017-09-02").', "alice_pays_dan starts"),
]


@pytest.mark.parametrize("case_id,event,fact,words", LISTED)
def test_left_out_by_clause_year_age_or_list_is_flagged(engine, rules, case_id, event, fact, words):
    case = get_case(case_id)
    text = _without(case, event) if event else _less(case, fact)
    before = inspect_facts(engine, case, text, rules, omissions=False)
    assert before.answer != case.expected and not before.issues
    after = inspect_facts(engine, case, text, rules)
    assert any(i.kind == "unstated_clause" and words in i.message for i in after.issues), after.issues


#: Slips of issue 33 closed in session 12 by class, found by ``eval verifier --every`` (each
#: omission of each gold set, not a sample); for each: the case, the operator, what it leaves out,
#: and words the issue's message must quote. The doer a clause writes before the event's own word
#: ("a house that she maintains"; "she" a name the sentence gives whom "she" may be); a pronoun's
#: object and a participle's subject ("Alice employed Bob …, paying him $1513"); joint subjects of
#: a lasting state ("Alice and Bob lived in the same home"; "the home where he and Charlie lived",
#: a rule program); a clause's own cue word ("attending classes", not "attending" that enrolment
#: shares) and the property the statutes read besides the core ones (its location_); a citation of
#: another law is no legal conclusion, and a one-party state is stated for whom its clause names
#: (citizenship, migration with the statutes' constants "usa", "agricultural labor"); the amount a
#: clause writes tells two plans of a sentence apart; a list that starts at the name ending a
#: clause ("$6872 to Bob, Charlie and Dan respectively"); whom a clause is about is not an owner
#: ("at Alice's place") and follows "who"; a lasting state dated like a birth is not the birth;
#: an event's start from the clause its own goes on to after "and".
SESSION_12 = [
    ("tax_case_77", "omit_role", "agent_(alice_maintains_house,alice).", "a house that she maintains"),
    ("tax_case_26", "omit_role", "patient_(alice_pays_bob,bob).", "paying him $1513"),
    ("tax_case_26", "omit_role", "agent_(alice_pays_bob,alice).", "paying him $1513"),
    ("tax_case_99", "omit_event", "alice_residence (", "lived"),
    ("s2_b_1_A_pos", "omit_event", "charlie_and_bob_residence (", "Charlie lived"),
    ("s3306_c_10_A_i_pos", "omit_event", "alice_goes_to_class (", "attending classes"),
    ("s3306_c_1_B_neg", "omit_event", "bob_migrates_to_usa (", "admitted"),
    ("s3306_c_1_B_neg", "omit_event", "bob_is_mexican (", "citizen"),
    ("s3306_c_B_pos", "omit_event", "bob_is_american (", "citizen"),
    ("s3306_b_10_B_pos", "omit_event", "disability_plan (", "plan"),
    ("s3306_a_2_A_pos", "omit_event", "alice_employer_bob (", "Dan respectively for work"),
    ("s3306_a_2_A_pos", "omit_date", 'start_(alice_pays_bob,"2017-09-02").', "alice_pays_bob starts"),
    ("tax_case_22", "omit_event", "bob_residence (", "has lived at Alice's place"),
    ("s7703_b_1_pos", "omit_event", "alice_residence (", "live in a home"),
    ("s7703_b_3_neg", "omit_date", 'start_(bob_lives_alice_house,"2017-09-16").', "bob_lives_alice_house starts"),
]


#: Session 13 (SARA 2020): a thing a clause names whose kind no constant it writes tells ("health
#: insurance" is the statutes' "in case of sickness"): each constant the statutes read is tried; the
#: question dates the event the query names when no sentence does ("that Alice made in 2019").
SESSION_13 = [
    ("s3306_b_2_A_pos", "omit_event", "health_insurance_fund (", 'states "$5322 into health insurance for Bob"'),
    ("s3306_b_2_C_pos", "omit_event", "life_insurance_fund (", 'states "$5322 into life insurance for Bob"'),
    ("s3306_b_10_A_pos", "omit_date", 'start_(alice_pays,"2019-10-10").',
     'the question states "Section 3306(b)(10)(A) applies to the payment of $12980 that Alice made in 2019."'),
    # a day written without its year ("On November 25th, Bob died") is in the year the narrative is in (2019)
    ("s3306_b_15_pos", "omit_event", "bob_dies (", 'states "Bob died from a heart attack"'),
    ("s3306_b_15_pos", "omit_date", 'start_(bob_dies,"2019-11-25").', "no fact states when bob_dies starts"),
    # a span between two days ("From September 1st, 2015 to November 3rd, 2019") holds the question's year's own event
    ("tax_case_55", "omit_event", "alice_maintains_home (", 'states "maintained by Alice"'),
]


def test_a_day_without_its_year_is_in_the_year_the_narrative_is_in():
    from taxlogic.kb.sara.checks.omissions.reading import narrative_years
    from taxlogic.kb.sara.reading.text import read_sentences, yearless_days

    text = "Alice employed Bob from Feb 1st, 2011 to November 19th, 2019. On November 25th, Bob died. In 2020, Alice paid Charlie."
    assert narrative_years(read_sentences(text)) == {1: 2019}
    assert yearless_days("On November 25th, Bob died.", 2019) == ["2019-11-25"]
    assert yearless_days("On November 25th, Bob died.", None) == []
    assert yearless_days("On November 25th, 2018, Bob died.", 2019) == []  # a full date: text_dates reads it


@pytest.mark.parametrize("case_id,op,left_out,words", SESSION_12)
def test_left_out_by_class_is_flagged_session_12(engine, rules, case_id, op, left_out, words):
    _assert_flagged_now(engine, rules, case_id, op, left_out, words)


def test_payer_a_pronoun_names_left_out_is_flagged_before_the_omission_check(engine, rules):
    """tax_case_98 without the agent_ of "the house she maintains" (a SESSION_12 row until session
    14): the direction check now reads the pronoun's payer (Alice) and flags it before the
    omission check runs."""
    from taxlogic.eval.faults.corrupt import every_omission

    case = get_case("tax_case_98")
    gp = gold_program(case)
    (v,) = [c for c in every_omission(facts_of(gp.fact_text), "omit_role")
            if c.detail.startswith("left out agent_(alice_maintains_house,alice).")]
    got = inspect_facts(engine, case, gp.corruption(v.text, "omit_role"), rules, rule_text=gp.rule_program,
                        omissions=False)
    assert any(i.kind == "role_missing" and "gives alice" in i.message for i in got.issues), got.issues
    assert got.agent_answer is None


@pytest.mark.parametrize("case_id,op,left_out,words", SESSION_13)
def test_left_out_by_class_is_flagged_session_13(engine, rules, case_id, op, left_out, words):
    _assert_flagged_now(engine, rules, case_id, op, left_out, words)


#: A term the statutes define, written after a possessive and ending in a relation word, states
#: the relation ("Charlie, Bob's surviving spouse": a marriage of Bob and Charlie; section 2(a)'s
#: "surviving spouse" is a status of the taxpayer, not a relation). Issue 33, session 14.
POSSESSIVE_TERMS = [
    ("s3306_b_15_pos", "omit_event", "bob_and_charlie (", 'states "Bob\'s surviving spouse", but no fact states the word "spouse"'),
    ("s3306_b_15_pos", "omit_relation", "bob_and_charlie (", "state it with marriage_"),
]


@pytest.mark.parametrize("case_id,op,left_out,words", POSSESSIVE_TERMS)
def test_a_defined_term_after_a_possessive_states_the_relation(engine, rules, case_id, op, left_out, words):
    _assert_flagged_now(engine, rules, case_id, op, left_out, words)


def test_mask_terms_keeps_the_relation_word_after_a_possessive():
    from taxlogic.kb.sara.checks.omissions.reading import _mask_terms

    terms = {"surviving spouse": "s2_a", "standard deduction": "s63_c", "taxable income": "s63"}
    assert "spouse" in _mask_terms("Alice paid Charlie, Bob's surviving spouse, his wages", terms)
    assert "spouse" in _mask_terms("her surviving spouse", terms)
    assert "spouse" not in _mask_terms("Alice is a surviving spouse", terms)  # the status: masked
    assert "income" not in _mask_terms("Alice's taxable income was $5", terms)  # no relation word: masked


def _assert_flagged_now(engine, rules, case_id, op, left_out, words, *, case=None):
    """The variant of ``case_id`` (``case``: SARA v2's, else SARA 2020's) with ``left_out`` left out
    by ``op`` slips past the checks before the omission check, and the omission check flags it with
    a message holding ``words``."""
    from taxlogic.eval.faults.corrupt import every_omission

    case = case or get_case(case_id)
    gp = gold_program(case)
    (v,) = [c for c in every_omission(facts_of(gp.fact_text), op) if c.detail.startswith(f"left out {left_out}")]
    text = gp.corruption(v.text, op)
    before = inspect_facts(engine, case, text, rules, rule_text=gp.rule_program, omissions=False)
    assert before.answer != case.expected and not before.issues  # it slipped before
    after = inspect_facts(engine, case, text, rules, rule_text=gp.rule_program)
    msgs = [i.message for i in after.issues]
    assert any(words in m for m in msgs) and after.agent_answer is None, msgs


#: One event of a yearly family left out (issue 33, session 13): the gold states a clause by one
#: event a year over the span its sentence gives ("From September 1st, 2015 to November 3rd, 2019,
#: … which Alice maintained": a payment each year; "a joint return for the years 2017 to 2019"),
#: so the other years still state the clause; the year no event is of is an item of its own. A
#: rule-free gold set and a rule program's stated facts.
YEARLY = [
    ("tax_case_99", "omit_event", "alice_maintains_2017 (",
     'states "which Alice maintained", but no fact states the payment_ of 2017'),
    ("s7703_b_1_neg", "omit_event", "alice_and_bob_joint_return_2018 (",
     'states "Bob file a joint return for the years 2017 to 2019", but no fact states the joint_return_ of 2018'),
]


@pytest.mark.parametrize("case_id,op,left_out,words", YEARLY)
def test_year_of_a_yearly_family_left_out_is_flagged(engine, rules, case_id, op, left_out, words):
    _assert_flagged_now(engine, rules, case_id, op, left_out, words)


def test_yearly_family_items_and_candidates(rules):
    """The items and candidates of a yearly family (:mod:`taxlogic.kb.sara.checks.omissions.years`): no
    item on the gold facts (every year of the span has its payment); with 2017's left out, one
    item, 2017, of the clause that states the upkeep, naming the other years' ids, and candidates
    that copy a member to 2017 (its id's year replaced, every date moved), one per shape of date."""
    from taxlogic.kb.sara.checks.omissions import plan

    case = get_case("tax_case_99")
    inp = CaseInput.from_case(case)
    gold = "".join(f.canonical + "\n" for f in facts_of(gold_program(case).fact_text))
    rows, _ = plan(inp, inp.query, gold, rules, terms=legal_terms(rules))
    assert not [i for r in rows for i in r.items if i.kind == "year"]
    rows, cands = plan(inp, inp.query, _without(case, "alice_maintains_2017"), rules, terms=legal_terms(rules))
    (item,) = [i for r in rows for i in r.items if i.kind == "year"]
    assert (item.what, item.clause, item.predicates) == ("2017 (alice_maintains_#)", "which Alice maintained", ("payment_",))
    assert item.family == tuple(f"alice_maintains_{y}" for y in (2015, 2016, 2018, 2019))
    mine = [c.facts for c in cands if c.item == item]
    assert mine[0] == ('payment_(alice_maintains_2017).\nagent_(alice_maintains_2017,alice).\namount_(alice_maintains_2017,1).\n'
                       'start_(alice_maintains_2017,"2017-01-01").\npurpose_(alice_maintains_2017,home).\n')
    assert any('start_(alice_maintains_2017,"2017-09-01")' in c for c in mine) and len(mine) == 2  # 2015's shape


@pytest.mark.parametrize("left_out", ["agent_", "patient_", "end_", "purpose_"])
def test_property_rule_of_tied_families_left_out_is_flagged(engine, rules, left_out):
    """A property rule left out of a rule program that derives two families tied by ``purpose_``
    (tax_case_10: Alice's payments to each employee and the work each payment pays for, named by
    person, not by year): each family is one rule's events whatever their ids, the tie gives what
    one lacks (a payment's payee is the worker of the service it pays for), both completed at
    once, and a date comes from the sentence ("from Sep 9th to Oct 1st 2017")."""
    from taxlogic.eval.faults.corrupt import rule_groups

    case = get_case("tax_case_10")
    gp = gold_program(case)
    (text,) = [t for t, d in rule_groups(gp.rule_text) if d.startswith(f"left out the rules of {left_out} (")]
    kept = case.gold_program.derive(text, "omission omit_rules")
    before = inspect_facts(engine, case, gp.fact_program, rules, rule_text=kept, omissions=False)
    assert before.answer != case.expected and not before.issues
    after = inspect_facts(engine, case, gp.fact_program, rules, rule_text=kept)
    issues = [i for i in after.issues if i.kind == "unstated_clause"]
    assert issues and any(left_out in i.message for i in issues) and after.agent_answer is None
    assert all(str(before.answer) not in i.message for i in issues)
    assert not inspect_facts(engine, case, gp.fact_program, rules, rule_text=gp.rule_program).issues


#: tax_case_10's employer rules written the way tax_case_33's are: every property of a service or
#: a payment stated by a rule that takes the event's id apart (``split_string`` needs the id
#: bound), the tie between them by one that takes both apart.
_ID_TAKING_RULES = '''service_(S) :- member(E,[bob,cameron,dan,emily,fred,george]), atom_concat('work_alice_',E,S).
agent_(S,E) :- split_string(S,"_","",[X,_,Z]), X=="work", atom_string(E,Z).
patient_(S,alice) :- split_string(S,"_","",[X,_,_]), X=="work".
start_(S,"2017-09-09") :- split_string(S,"_","",[X,_,_]), X=="work".
end_(S,"2017-10-01") :- split_string(S,"_","",[X,_,_]), X=="work".
payment_(P) :- member(E,[bob,cameron,dan,emily,fred,george]), atom_concat('pay_alice_',E,P).
agent_(P,alice) :- split_string(P,"_","",[X,_,_]), X=="pay".
patient_(P,E) :- split_string(P,"_","",[X,_,Z]), X=="pay", atom_string(E,Z).
start_(P,"2017-10-01") :- split_string(P,"_","",[X,_,_]), X=="pay".
amount_(P,5012) :- split_string(P,"_","",[X,_,_]), X=="pay".
purpose_(P,S) :- split_string(P,"_","",[Xp,Y,Z]), split_string(S,"_","",[Xs,Y,Z]), Xp=="pay", Xs=="work".
purpose_(S,"agricultural labor") :- split_string(S,"_","",[X,_,_]), X=="work".
'''


@pytest.mark.parametrize("left_out", ["agent_", "patient_", "end_", "purpose_"])
def test_property_rule_that_takes_the_id_apart_left_out_is_flagged(engine, rules, monkeypatch, left_out):
    """A rule group left out of a program whose property rules take the event's id apart
    (tax_case_10's employees rewritten in tax_case_33's shape, :data:`_ID_TAKING_RULES`): the
    engine's materialisation lists none of their facts (an unbound id raises), the verifier's fact
    view asks them per id (``tl_case_view/1``), and the families are held to what the statutes
    read as with facts a rule lists. The whole program raises nothing; before the per-id view the
    omission was not flagged (and the whole program was, wrongly)."""
    import taxlogic.eval.faults.verifier as verifier
    from taxlogic.eval.faults.corrupt import rule_groups

    case = get_case("tax_case_10")
    gp = gold_program(case)
    text = "".join(r + "\n" for r in gp.rules if r.startswith("start_(alice_maintains_home")) + _ID_TAKING_RULES
    whole = inspect_facts(engine, case, gp.fact_program, rules, rule_text=case.gold_program.derive(text, "test"))
    assert whole.answer == case.expected and not whole.issues
    (kept,) = [t for t, d in rule_groups(text) if d.startswith(f"left out the rules of {left_out} (")]
    kept = case.gold_program.derive(kept, "omission omit_rules")
    after = inspect_facts(engine, case, gp.fact_program, rules, rule_text=kept)
    issues = [i for i in after.issues if i.kind == "unstated_clause"]
    assert after.answer != case.expected and after.agent_answer is None
    assert any(left_out in i.message and "the rules derive" in i.message for i in issues)
    assert all(str(after.answer) not in i.message for i in issues)
    # the view before (fact clauses after materialisation): nothing names the property left out,
    # and the house payment's start_ (a rule of start_, unlisted) is a false alarm even on the whole
    monkeypatch.setattr(verifier, "DERIVED_QUERY", "tl_case_ref(R), clause(H, true, R)")
    before = inspect_facts(engine, case, gp.fact_program, rules, rule_text=kept)
    assert not any(left_out in i.message and "the rules derive" in i.message for i in before.issues)
    assert [i.kind for i in inspect_facts(engine, case, gp.fact_program, rules,
                                          rule_text=case.gold_program.derive(text, "test")).issues] == ["event_unusable"]


@pytest.mark.parametrize("left_out,words", [("patient_", "the patient_ of the events payment_#_#"),
                                              ("service_", 'the word "employ"')])
def test_rules_of_a_programs_pay_left_out_are_flagged(engine, rules, left_out, words):
    """tax_case_33's rules that take ids apart, 87 employees paid for work done in 2015, with the
    payments' payees (``patient_``) or the work they pay for (``service_``) left out: the facts
    answer 0. A payee restored makes the run take about 3 s of CPU time, over a candidate's 2 s
    floor: the run is tried once more under the answer job's limit (:func:`run_candidates`). The
    work left out is the event each payment's ``purpose_`` is for: a candidate tied to a payment
    of the sentence, its parties the payment's (section 3306(b): the payer employs the payee)."""
    from taxlogic.eval.faults.corrupt import rule_groups

    case = get_case("tax_case_33")
    gp = gold_program(case)
    (text,) = [t for t, d in rule_groups(gp.rule_text) if d.startswith(f"left out the rules of {left_out} (")]
    kept = case.gold_program.derive(text, "omission omit_rules")
    after = inspect_facts(engine, case, gp.fact_program, rules, rule_text=kept)
    issues = [i for i in after.issues if i.kind == "unstated_clause"]
    assert after.answer == 0 and after.agent_answer is None
    assert any(words in i.message and "Alice paid each of her 87 employees $5207 for work done in 2015" in i.message
               for i in issues), [i.message for i in issues]
    assert all("27181" not in i.message for i in issues)


def test_a_candidate_its_limit_stopped_runs_once_more_under_the_answer_jobs_limit(engine):
    """:func:`run_candidates`: a candidate's run its (short) limit stopped runs once more under
    the limits of the answer job it adds to; one that needs more than that stays limited (it
    decides nothing, :func:`judge`)."""
    from taxlogic.kb.sara.checks.omissions import run_candidates
    from taxlogic.tools.engine import Job

    slow = Job(facts="", query="between(1, 3000000, X), X >= 3000000", inference_limit=100_000)
    endless = Job(facts="", query="repeat, fail", inference_limit=100_000)
    assert engine.run(slow).status == "inference_limit"
    outs = run_candidates(engine, [slow, endless], [Job(facts="", query="true", inference_limit=50_000_000),
                                                     Job(facts="", query="true", inference_limit=300_000)])
    assert [o.status for o in outs] == ["proved", "inference_limit"]
    assert 100_000 < outs[0].inferences < 50_000_000 and outs[1].inferences >= 300_000


def test_a_candidate_the_stack_budget_stopped_is_not_run_again(engine):
    """A run the stack budget stopped (``error_kind`` ``stack``) would stop there again under any
    inference budget (the same stack budget, the same stacks at the start): it is not run once
    more (:func:`rerun_job`); its outcome stays, and decides nothing."""
    from taxlogic.kb.sara.checks.omissions import rerun_job, run_candidates
    from taxlogic.tools.engine import Job

    grows = Job(facts="", query="numlist(1, 100000000, L), length(L, N), N < 0", inference_limit=80_000_000)
    ran: list = []

    class Counting:
        def run_many(self, jobs):
            jobs = list(jobs)
            ran.extend(jobs)
            return engine.run_many(jobs)

    (out,) = run_candidates(Counting(), [grows], [Job(facts="", query="true", inference_limit=200_000_000)])
    assert (out.status, out.error_kind) == ("inference_limit", "stack") and out.inferences < 80_000_000
    assert len(ran) == 1
    assert rerun_job(grows, Job(facts="", query="true"), out) is None
    limited = out.model_copy(update={"error_kind": None})  # the inference budget's: it runs once more
    assert rerun_job(grows, Job(facts="", query="true", inference_limit=200_000_000), limited).inference_limit == 200_000_000


def test_chains_give_each_items_candidates_in_order_until_one_changes_the_answer():
    """:class:`Chains`: an item's candidates in their order, none after a change; a wave is the
    next of each open item, round by round until it is as wide as asked."""
    from taxlogic.kb.sara.checks.omissions import Chains

    c = Chains(["a", "b", "a", "a", "b"])
    assert c.wave(1) == [0, 1]
    assert c.after(0, changed=False) == 2 and c.after(1, changed=True) is None
    assert c.after(2, changed=True) is None and c.wave(1) == []  # both decided: 3 and 4 never given out
    assert Chains(["a"] * 5).wave(2) == [0, 1] and Chains(["a", "b"] * 3).wave(3) == [0, 1, 2, 3]
    one = Chains(["a"] * 3)
    assert [one.wave(0), one.wave(0), one.wave(0), one.wave(0)] == [[0], [1], [2], []]
    closed = Chains(["a"] * 4)
    assert closed.wave(3) == [0, 1, 2]
    closed.close(1)
    assert closed.wave(3) == [] and closed.after(2, changed=False) is None


@pytest.mark.parametrize("case_id,event", [("tax_case_23", "alice_and_bob_joint_return"),
                                           ("tax_case_54", "alice_maintains_house")])
def test_an_items_candidates_after_one_that_changes_the_answer_are_not_run(engine, rules, case_id, event):
    """:func:`engine_check` runs each item's candidates in order until one changes the answer
    (:class:`Chains`): the verdicts, reasons and issues are those of running every candidate
    (:func:`judge` takes an item's first candidate that changes the answer), with fewer runs: on
    one worker exactly each item's candidates up to its first that changes the answer; on the
    engine's workers (waves as wide as they are) the same verdicts."""
    from taxlogic.agent.validate import validation_issues
    from taxlogic.kb.sara.checks.omissions import (candidate_limits, changes, decide, engine_check, plan, query_unmet,
                                                   run_candidates)
    from taxlogic.kb.sara.domain import SaraDomain

    case = get_case(case_id)
    inp = CaseInput.from_case(case)
    _, canonical = validation_issues(_without(case, event), rules)
    job = SaraDomain().query_job(inp, inp.query, canonical)
    outcome = engine.run(job)
    base = answer_key(inp, outcome)
    ran: list = []

    class Counting:  # one worker: waves one round deep (Chains.wave), so exactly the runs needed
        size = 1

        def run_many(self, jobs):
            jobs = list(jobs)
            ran.extend(j.facts for j in jobs)
            return engine.run_many(jobs)

    chained = engine_check(inp, inp.query, canonical, rules, outcome, Counting(), job, terms=legal_terms(rules))
    rows, cands = plan(inp, inp.query, canonical, rules, terms=legal_terms(rules))
    every = [job.model_copy(update={"facts": job.facts + c.facts, **candidate_limits(job, outcome)}) for c in cands]
    answers = [answer_key(inp, o) for o in run_candidates(engine, every, [job] * len(every))]  # no items: every one
    whole = decide(rows, cands, base, answers, unmet=query_unmet(inp.query, canonical))

    def seen(check):
        return ([(v.item, v.relevant, v.reason, v.changed, v.undecided) for v in check.verdicts],
                [(i.kind, i.message) for i in check.issues])

    assert chained.issues and seen(chained) == seen(whole)
    needed = []  # each item's candidates up to its first that changes the answer
    for item in dict.fromkeys(c.item for c in cands):
        for c, a in zip(cands, answers):
            if c.item == item:
                needed.append(job.facts + c.facts)
                if changes(a, base):
                    break
    assert sorted(ran) == sorted(needed) and len(ran) < len(cands)
    wide = engine_check(inp, inp.query, canonical, rules, outcome, engine, job, terms=legal_terms(rules))
    assert seen(wide) == seen(whole)  # as wide as the engine's workers: some runs wasted, the same verdicts


@pytest.mark.timeout(300)
def test_a_candidate_run_that_raises_ends_the_verifier_with_its_error(engine, rules):
    """The verifier chains an item's candidates from the engine's threads (each submitted as the
    one before it ran): a run that raises there ends :func:`inspect_many` with that error, and
    leaves nothing waiting."""
    case = get_case("tax_case_23")
    plan = plan_inspection(case, _without(case, "alice_and_bob_joint_return"), rules)
    own = {repr(sorted(j.wire().items())) for j in plan.jobs}  # the set's own jobs; the rest are candidates

    class Broken:
        size = engine.size

        def run(self, job):
            if repr(sorted(job.wire().items())) not in own:
                raise RuntimeError("worker lost")
            return engine.run(job)

    with pytest.raises(RuntimeError, match="worker lost"):
        inspect_many(Broken(), [plan])


def test_the_work_payments_are_for_left_out_is_flagged(engine, rules):
    """:data:`_ID_TAKING_RULES` with the services' type rule left out: each payment's ``purpose_``
    names no event, and the work "Alice has employed Bob, …" states is a candidate tied to a
    payment of the sentence (its payer the work's ``patient_``, its payee the ``agent_``; the
    sentence's one full date, Oct 1st 2017, its end)."""
    from taxlogic.eval.faults.corrupt import rule_groups

    case = get_case("tax_case_10")
    gp = gold_program(case)
    text = "".join(r + "\n" for r in gp.rules if r.startswith("start_(alice_maintains_home")) + _ID_TAKING_RULES
    (kept,) = [t for t, d in rule_groups(text) if d.startswith("left out the rules of service_ (")]
    kept = case.gold_program.derive(kept, "omission omit_rules")
    before = inspect_facts(engine, case, gp.fact_program, rules, rule_text=kept, omissions=False)
    assert before.answer != case.expected and not before.issues
    after = inspect_facts(engine, case, gp.fact_program, rules, rule_text=kept)
    assert after.agent_answer is None
    assert any('"Alice has employed Bob"' in i.message and "state it with service_" in i.message for i in after.issues)


#: A rule group left out that no property of what remains shows: (case, group, words the issue
#: quotes). A share ("40% of the costs") whose rest no payment holds; a household maintained
#: "since" a day, read in the question's year; a stated payment whose yearly start a rule gave.
WHOLE_GROUPS = [
    ("s2_b_1_A_neg", "someone_household_maintenance", "40% of the costs"),
    ("s7703_b_2_neg", "someone_household_maintenance", "40% of the maintenance costs"),
    ("s7703_b_2_pos", "alice_household_maintenance", "maintained by Alice since"),
    ("tax_case_78", "alice_household_maintenance", "maintained by Alice since"),
    ("tax_case_20", "start_", "Alice maintains a house"),
]


@pytest.mark.parametrize("case_id,group,words", WHOLE_GROUPS)
def test_share_or_lasting_state_left_out_is_flagged(engine, rules, case_id, group, words):
    from taxlogic.eval.faults.corrupt import rule_groups

    case = get_case(case_id)
    gp = gold_program(case)
    (text,) = [t for t, d in rule_groups(gp.rule_text) if d.startswith(f"left out the rules of {group} (")]
    kept = case.gold_program.derive(text, "omission omit_rules")
    before = inspect_facts(engine, case, gp.fact_program, rules, rule_text=kept, omissions=False)
    assert before.answer != case.expected and not before.issues  # it slipped before
    after = inspect_facts(engine, case, gp.fact_program, rules, rule_text=kept)
    issues = [i for i in after.issues if i.kind == "unstated_clause"]
    assert any(words in i.message for i in issues) and after.agent_answer is None
    assert all(str(before.answer) not in i.message for i in issues)
    assert not inspect_facts(engine, case, gp.fact_program, rules, rule_text=gp.rule_program).issues


#: Rule groups of SARA 2020's gold rule programs whose omission changes the answer and that the
#: omission check does not flag (or not on a loaded machine), each with why (issue 33; the closing
#: note gives the evidence). Keyed by (case, rule group); everything else that changes the answer must
#: be flagged.
RULE_GROUP_EXCEPTIONS: dict[tuple[str, str], str] = {}
# Session 15 emptied it. tax_case_33's patient_ and agent_ rules: their candidates restore the
# pay of 87 employees (about 3 s of CPU time, over the 2 s floor a candidate had then), now run
# once more under the answer job's limit (run_candidates). Its service_ rules: the work each
# payment's purpose_ is for, a candidate tied to a payment of the sentence (candidate_facts._tied).


def test_rule_groups_left_out_of_a_seeded_sample_are_flagged(engine, rules):
    """The default run's share of :func:`test_every_rule_group_left_out_is_flagged`: every rule
    group of a seeded sample of 5 of the 59 gold rule programs left out in turn (the same sample
    every run): none that changes the answer slips but the documented exceptions, no false alarm."""
    import random
    import re

    from taxlogic.eval.faults.verifier import run_verifier

    pool = [c for c in load_cases() if gold_program(c).rules]
    cases = sorted(random.Random(48).sample(pool, 5), key=lambda c: c.id)
    report = run_verifier(engine, rules, cases, ops=["omit_rules"], every=True)
    assert report["gold"]["false_alarms"] == 0
    slipped = {(v["case_id"], re.sub(r"^left out the rules of (\S+) .*", r"\1", v["detail"]))
               for v in report["variants"] if v["klass"] == "slipped"}
    assert slipped <= set(RULE_GROUP_EXCEPTIONS), sorted(slipped - set(RULE_GROUP_EXCEPTIONS))
    assert any(v["klass"] == "caught" for v in report["variants"])


@pytest.mark.slow
@pytest.mark.timeout(1800)  # ~6 min alone; 14.5 on a machine loaded to 7 (session 14)
def test_every_rule_group_left_out_is_flagged(engine, rules):
    """Every rule group of every gold rule program (SARA 2020) left out in turn
    (:func:`~taxlogic.eval.faults.corrupt.rule_groups`, ``eval verifier --every --ops
    omit_rules``): each that changes the answer is flagged but the documented exceptions
    (:data:`RULE_GROUP_EXCEPTIONS`), and the gold rule programs raise no false alarm."""
    import re

    from taxlogic.eval.faults.verifier import run_verifier

    cases = [c for c in load_cases() if gold_program(c).rules]
    report = run_verifier(engine, rules, cases, ops=["omit_rules"], every=True)
    assert len(cases) == 59 and report["gold"]["false_alarms"] == 0
    slipped = {(v["case_id"], re.sub(r"^left out the rules of (\S+) .*", r"\1", v["detail"]))
               for v in report["variants"] if v["klass"] == "slipped"}
    assert slipped <= set(RULE_GROUP_EXCEPTIONS), sorted(slipped - set(RULE_GROUP_EXCEPTIONS))
    caught = sum(v["klass"] == "caught" for v in report["variants"])
    # SARA 2020: 87 before (issue 33, omit_rules every variant), 110 after; 112 once a worker kept
    # nothing of an earlier job (tax_case_83 and tax_case_91's agricultural_service: session 13);
    # 117 once the fact view asks rules that take an event's id apart per id and a conclusion is
    # judged in its clause (session 14; 116 on a loaded machine: tax_case_33's agent_); 119 once a
    # candidate its limit stopped runs again under the answer job's and the work a payment is for is
    # a candidate (session 15: tax_case_33's patient_, agent_, service_)
    assert caught >= 119


def test_a_relative_named_by_a_possessive_is_whom_their_event_is_about(rules):
    """"Alice was married … until her husband died": the death is the husband's (a person the text
    names by a relation), stated by the gold's death of unnamed_husband; it is no unstated death of
    Alice. Left out, the death is still an item of the clause."""
    from taxlogic.agent.validate import validation_issues

    case = get_case("tax_case_20")
    inp = CaseInput.from_case(case)

    def deaths(facts: str) -> list:
        _, canonical = validation_issues(facts, rules)
        rows = accounting(inp, canonical, terms=legal_terms(rules), rules=rules)
        return [i for r in rows if "her husband died" in r.clause for i in r.items if i.kind == "kind" and "death_" in i.predicates]

    assert deaths(gold_program(case).fact_text) == []
    assert len(deaths(_without(case, "husband_death"))) == 1


#: Session 14 (release, case, operator, what is left out, words the message must hold). SARA v2 writes
#: ids as the text's words: a link's string id ("work", the employment a payment is for), a place
#: written as the id of its owner's residence (patient_("Alice's place","Alice's place")), people
#: compared as the text writes them (tax_case_39's "Bob"); a state shared "with" someone ("Bob has
#: lived with Alice", "Alice shares a house with her father Bob") is one residence of both, as v2
#: writes it; "Since 2014, Alice maintains a house": the question's year's own upkeep (both
#: releases); a person the text knows only by a relation ("her daughter", the 2020 gold's
#: unnamed_daughter, v2's "her daughter") is whom "she and her daughter lived" is about.
SESSION_14 = [
    ("2020", "tax_case_20", "omit_event", "daughter_residence (", 'states "her daughter lived"'),
    ("2020", "tax_case_20", "omit_role", "agent_(daughter_residence,unnamed_daughter)", 'states "her daughter lived"'),
    ("2020", "tax_case_20", "omit_event", "alice_maintains_house (", 'states "Alice maintains a house where she"'),
    ("v2", "tax_case_20", "omit_role", 'agent_("live","her daughter")', 'states "her daughter live"'),
    ("v2", "tax_case_20", "omit_event", "maintains (", 'states "Alice maintains a house where she"'),
    ("v2", "tax_case_13", "omit_event", "lived (", 'states "Alice lived at Bob\'s house"'),
    ("v2", "tax_case_85", "omit_event", "lived (", 'states "whose son Bob lived at Alice\'s place in 2019"'),
    ("v2", "tax_case_85", "omit_event", "maintains (", 'states "a house that she maintains"'),
    ("v2", "tax_case_37", "omit_event", "lived (", 'states "Bob has lived with Alice since"'),
    ("v2", "tax_case_75", "omit_event", "shares a house (", 'states "Alice shares a house with her father Bob since 2007"'),
    ("v2", "tax_case_52", "omit_event", "work (", 'states "Alice has paid $45252 to Bob for work done in the year 2017"'),
    ("v2", "tax_case_94", "omit_event", "work (", 'states "Alice has paid $45252 to Bob for work done in the year 2010"'),
    ("v2", "tax_case_20", "omit_event", "work (", 'states "Alice has paid $45252 to Bob for work done in the year 2017"'),
    ("v2", "tax_case_39", "omit_role", 'agent_("principal place of abode","Bob")', 'states "Bob"'),
]


@pytest.fixture(scope="module")
def v2_engine(v2_data_dir):
    from taxlogic.kb.sara.data.v2 import v2_rules
    from taxlogic.tools.engine import Engine

    with Engine(v2_rules(), workers=2) as e:
        yield e, v2_rules()


@pytest.mark.parametrize("release,case_id,op,left_out,words", SESSION_14)
def test_left_out_by_class_is_flagged_session_14(request, engine, rules, release, case_id, op, left_out, words):
    if release == "2020":
        _assert_flagged_now(engine, rules, case_id, op, left_out, words)
        return
    from taxlogic.kb.sara.data.v2 import get_v2_case

    v2, v2_rules = request.getfixturevalue("v2_engine")
    _assert_flagged_now(v2, v2_rules, case_id, op, left_out, words, case=get_v2_case(case_id))


def test_a_relative_named_by_a_possessive_is_whom_a_lasting_state_is_about(rules):
    """"Alice and her daughter lived in a house": the daughter's residence is an item when the facts
    write her (a daughter_ fact's agent, any id) and state no residence of hers; none when they state
    it; and the check asks nothing of a relative the facts never write (no residence item, only the
    family tie's word)."""
    from taxlogic.agent.validate import validation_issues
    from taxlogic.kb.sara.checks.omissions import plan

    inp = CaseInput(text="Alice and her daughter lived in a house in 2017. Alice takes the standard deduction.",
                    question="How much tax does Alice have to pay in 2017?", kind="numeric", query="tax(alice,2017,X)",
                    answer_var="X")
    alice = 'residence_(r1).\nagent_(r1,alice).\npatient_(r1,alice_house).\nstart_(r1,"2017-01-01").\n'
    kin = "daughter_(d).\nagent_(d,her_girl).\npatient_(d,alice).\n"
    hers = 'residence_(r2).\nagent_(r2,her_girl).\npatient_(r2,alice_house).\nstart_(r2,"2017-01-01").\n'

    def items(facts: str):
        _, canonical = validation_issues(facts, rules)
        rows, cands = plan(inp, inp.query, canonical, rules, terms=legal_terms(rules))
        return [(i.kind, i.what) for r in rows if "her daughter" in r.clause for i in r.items], [c.facts for c in cands]

    lived, cands = items(alice + kin)
    assert lived == [("kind", "lived")]
    assert any("agent_(tl_unstated_1,her_girl)" in c and "patient_(tl_unstated_1,alice_house)" in c for c in cands)
    assert items(alice + kin + hers)[0] == []
    assert items(alice)[0] == [("kind", "daughter")]  # the tie's word only: no residence of a nobody


def test_readings_of_relatives_and_partners():
    from taxlogic.kb.sara.checks.omissions.reading import clause_relatives, partners, possessive_relatives, relative_constants
    from taxlogic.tools.facts import parse_facts

    assert possessive_relatives("she and her daughter lived") == ["daughter"]
    assert possessive_relatives("Alice's husband died") == ["husband"]
    assert possessive_relatives("Alice shares a house with her father Bob") == []  # Bob: a name
    assert possessive_relatives("Her son, Bob, lived") == []
    facts = parse_facts('daughter_(d).\nagent_(d,her_girl).\npatient_(d,alice).\nagent_(r,"her daughter").\n'
                        'agent_(x,unnamed_son).\n')[0]
    kin = relative_constants(facts)
    assert kin == {"daughter": ["her_girl", "her daughter"], "son": ["unnamed_son"]}
    assert clause_relatives("her daughter lived", kin) == ["her_girl", "her daughter"]
    assert clause_relatives("her sister lived", kin) == []
    people = {"alice", "bob"}
    assert partners("Bob has lived with Alice since", people) == ["alice"]
    assert partners("Alice shares a house with her father Bob since 2007", people) == ["bob"]
    assert partners("Alice paid Bob with cash", people) == []
