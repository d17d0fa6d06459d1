"""Corruption operators, gold programs, the classification of corrupted fact sets, and the
``taxlogic inspect`` / ``taxlogic eval verifier`` commands."""

from __future__ import annotations

import json
import random
import re
from collections import Counter

import pytest
from typer.testing import CliRunner

from taxlogic.eval.faults import corrupt as C
from taxlogic.eval.faults.verifier import classify, gold_program, inspect_facts, summarise
from taxlogic.tools.facts import parse_facts, split_clauses

from factsets import DEATH_FACTS

FACTS = DEATH_FACTS + """payment_(alice_is_paid).
agent_(alice_is_paid,jail).
patient_(alice_is_paid,alice).
amount_(alice_is_paid,1200).
start_(alice_is_paid,"2019-05-05").
payment_(alice_is_paid_again).
patient_(alice_is_paid_again,alice).
amount_(alice_is_paid_again,5320).
s152_c_1(bob,alice,2015).
"""


@pytest.fixture(scope="module")
def facts():
    return C.facts_of(FACTS)


def lines(facts):
    return list(C.render(facts))


def variants(facts, op, k=3, seed=0, statute=None):
    out = C.corrupt(facts, op, seed=seed, key="hand", k=k, statute=statute)
    assert out, f"{op} did not apply"
    return out


def diff(before: list[str], after) -> tuple[list[str], list[str]]:
    b, a = Counter(before), Counter(after.lines)
    return sorted((b - a).elements()), sorted((a - b).elements())


def test_drop_fact(facts):
    for v in variants(facts, "drop_fact"):
        gone, new = diff(lines(facts), v)
        assert len(gone) == 1 and new == [] and len(v.lines) == len(facts) - 1


def test_change_amount(facts):
    for v in variants(facts, "change_amount"):
        gone, new = diff(lines(facts), v)
        assert len(gone) == len(new) == 1
        (old,), (now,) = gone, new
        assert re.sub(r"\d+", "N", old) == re.sub(r"\d+", "N", now) and old != now
        assert not old.startswith("start_")  # amounts, not dates or years


def test_shift_date(facts):
    for v in variants(facts, "shift_date", k=5):
        gone, new = diff(lines(facts), v)
        assert len(gone) == len(new) == 1
        (old,), (now,) = gone, new
        assert old.split("(")[0] == now.split("(")[0] and old != now
        if old.startswith("s152_c_1"):
            assert now in ("s152_c_1(bob,alice,2014).", "s152_c_1(bob,alice,2016).")  # a year ±1
        else:
            assert re.search(r'"\d{4}-\d{2}-\d{2}"', now)  # still a well-formed date


def test_swap_roles(facts):
    for v in variants(facts, "swap_roles", k=5):
        gone, new = diff(lines(facts), v)
        if gone[0].startswith("s152_c_1"):
            assert new == ["s152_c_1(alice,bob,2015)."]
        else:
            assert sorted(gone) == ["agent_(alice_is_paid,jail).", "patient_(alice_is_paid,alice)."]
            assert sorted(new) == ["agent_(alice_is_paid,alice).", "patient_(alice_is_paid,jail)."]


def test_broken_link(facts):
    constants = Counter(a for f in facts for a in re.findall(r"[a-z]\w*", f.canonical.split("(", 1)[1]))
    for v in variants(facts, "broken_link", k=5):
        gone, new = diff(lines(facts), v)
        assert len(gone) == len(new) == 1
        after = Counter(a for l in v.lines for a in re.findall(r"[a-z]\w*|'[^']*'", l.split("(", 1)[1]))
        fresh = [a for a in after if a not in constants]
        assert len(fresh) == 1 and after[fresh[0]] == 1  # a new name, in one fact only


def test_near_synonym(rules, facts):
    for v in variants(facts, "near_synonym", k=5, statute=dict(rules.vocabulary.statute)):
        gone, new = diff(lines(facts), v)
        assert len(gone) == len(new) == 1
        (old,), (now,) = gone, new
        assert old.split("(")[0] != now.split("(")[0] and old.split("(", 1)[1] == now.split("(", 1)[1]


def test_wrong_arity(facts):
    for v in variants(facts, "wrong_arity", k=5):
        gone, new = diff(lines(facts), v)
        (old,), (now,) = gone, new
        assert old.split("(")[0] == now.split("(")[0]
        assert abs(len(parse_facts(old)[0][0].args) - len(parse_facts(now)[0][0].args)) == 1


def test_duplicate_event(facts):
    for v in variants(facts, "duplicate_event"):
        gone, new = diff(lines(facts), v)
        assert gone == [] and new
        ids = {re.match(r"\w+\((\w+)", l).group(1) for l in new}
        assert len(ids) == 1
        (copy,) = ids
        base = re.sub(r"_\d+$", "", copy)
        assert sorted(l.replace(copy, base) for l in new) == sorted(l for l in lines(facts) if re.match(rf"\w+\({base}[,)]", l))


def test_merge_events(facts):
    for v in variants(facts, "merge_events"):
        m = re.match(r"(\w+) merged into (\w+)", v.detail)
        gone_id, kept = m.groups()
        assert not any(re.search(rf"\b{gone_id}\b", l) for l in v.lines)
        assert any(re.search(rf"\b{kept}\b", l) for l in v.lines)
        assert len(v.lines) < len(facts)


def test_spurious_fact(facts):
    for v in variants(facts, "spurious_fact", k=5):
        gone, new = diff(lines(facts), v)
        assert gone == [] and len(new) == 1 and new[0].split("(")[0] in ("agent_", "patient_", "start_", "end_", "amount_")


def test_date_format(rules, facts):
    from taxlogic.tools.facts import check_facts

    for v in variants(facts, "date_format", k=5):
        gone, new = diff(lines(facts), v)
        assert len(gone) == len(new) == 1
        assert not re.search(r'"\d{4}-\d{2}-\d{2}"', new[0])
        assert [p.kind for p in check_facts(v.text, rules.vocabulary).problems] == ["date"]


KIN = """son_(s).
agent_(s,charlie).
patient_(s,alice).
residence_(r).
agent_(r,alice).
patient_(r,home).
start_(r,"2015-01-01").
end_(r,"2019-12-31").
"""


def test_wrong_person(facts):
    for v in variants(facts, "wrong_person", k=5):
        gone, new = diff(lines(facts), v)
        assert len(gone) == len(new) == 1
        (old,), (now,) = gone, new
        assert old.split("(")[0] == now.split("(")[0] and old != now
        assert set(re.findall(r"\b(alice|bob|jail)\b", now)) <= {"alice", "bob", "jail"}


def test_unstated_status_and_invented_fact(facts):
    for op, types in (("unstated_status", ("joint_return_", "blindness_", "nonresident_alien_", "disability_")),
                      ("invented_fact", ("income_", "payment_", "death_", "birth_", "residence_", "marriage_", "deduction_"))):
        for v in variants(facts, op, k=4):
            gone, new = diff(lines(facts), v)
            assert gone == [] and len(new) >= 3
            (typ,) = [l for l in new if re.match(r"\w+\(\w+\)\.$", l)]
            assert typ.split("(")[0] in types
            event = typ.split("(")[1].rstrip(").")
            assert all(f"({event}," in l or l == typ for l in new)


def test_open_period_and_reversed_relation():
    kin = C.facts_of(KIN)
    (v,) = variants(kin, "open_period", k=1)
    assert diff(lines(kin), v) == (['end_(r,"2019-12-31").'], [])
    for v in variants(kin, "reversed_relation", k=4):
        gone, new = diff(lines(kin), v)
        assert gone and new and all(l.split("(")[0] in ("son_", "father_", "mother_", "agent_", "patient_") for l in new)
    assert C.corrupt(C.facts_of("income_(i).\nagent_(i,a).\n"), "open_period", seed=0, key="x") == []


def test_every_operator_has_an_error_class():
    assert set(C.ERROR_CLASSES) == set(C.OPERATORS)
    assert {C.ERROR_CLASSES[o] for o in ("wrong_person", "reversed_relation")} == {"roles"}
    assert {C.ERROR_CLASSES[o] for o in ("unstated_status", "open_period", "invented_fact")} == {"grounding"}


def test_operators_are_deterministic_and_skip_when_inapplicable(facts):
    for op in C.OPERATORS:
        a = C.corrupt(facts, op, seed=7, key="case", k=3)
        b = C.corrupt(facts, op, seed=7, key="case", k=3)
        assert [x.lines for x in a] == [x.lines for x in b]
        assert len({x.lines for x in a}) == len(a)  # distinct variants
    seeds = {tuple(x.lines for x in C.corrupt(facts, "drop_fact", seed=s, key="case", k=2)) for s in range(5)}
    assert len(seeds) > 1
    lone = C.facts_of("income_(i).\n")
    assert C.corrupt(lone, "swap_roles", seed=0, key="x") == [] and C.corrupt(lone, "merge_events", seed=0, key="x") == []


#: A SARA v2 fact set: event ids, people and places are strings, as are its dates.
STRING_FACTS = """marriage_("married").
agent_("married","Alice").
agent_("married","Bob").
start_("married","1992-02-03").
end_("married","2014-07-09").
death_("died").
agent_("died","Alice").
start_("died","2014-07-09").
son_("son").
agent_("son","Charlie").
patient_("son","Alice").
payment_("paid $1200").
agent_("paid $1200","Bob").
patient_("paid $1200","Alice").
amount_("paid $1200",1200).
start_("paid $1200","2019-05-05").
income_("gross income").
agent_("gross income","Alice").
amount_("gross income",5320).
start_("gross income","2019-12-31").
"""


@pytest.mark.parametrize("op", sorted(C.OPERATORS))
def test_every_operator_corrupts_string_constants_as_strings(op):
    """SARA v2 writes ids and names as strings: every operator finds its slots there, and what it
    writes is written the set's way (a renamed or new id, a person, a place: strings, never atoms),
    so a variant links or breaks links as the same mistake would in SARA 2020's atoms."""
    facts = C.facts_of(STRING_FACTS)
    out = variants(facts, op, k=2)
    for v in out:
        parsed, errors = parse_facts(v.text)
        if op == "date_format":  # a date written another way may not parse as a string: that is its point
            continue
        assert not errors and not [a for f in parsed for a in f.args if isinstance(a, C.Atom)], v.detail
    if op in ("duplicate_event", "unstated_status", "invented_fact"):  # a new id: words, no underscore
        assert all('_' not in re.sub(r"^\w+\(", "", l) for v in out for l in diff(lines(facts), v)[1]), out
    if op == "unnamed_person":
        assert all(re.search(r',"[A-Z][a-z]+"\)\.$', diff(lines(facts), v)[1][0]) for v in out)


def test_module_doc_documents_every_operator():
    for op in C.OPERATORS:
        assert f"``{op}``" in C.__doc__


# ------------------------------------------------------------------------------ gold programs

def test_split_clauses_and_gold_programs(sara_data_dir):
    from taxlogic.kb.sara.data.cases import get_case

    text = ':- discontiguous s63/3.\n% c\nfoo(a,"x. y").\nbar(X) :- member(X, [1,2]), X > 1.\nbaz(\'a.b\').'
    assert [(c.kind, c.line) for c in split_clauses(text)] == [("directive", 1), ("fact", 3), ("rule", 4), ("fact", 5)]
    facts_only = gold_program(get_case("s151_c_pos"))  # a discontiguous directive, then facts
    assert facts_only.kind == "facts" and facts_only.directives and not facts_only.rules
    ruled = gold_program(get_case("tax_case_83"))  # events generated with member/atom_concat
    assert ruled.kind == "rules" and any("agricultural_service" in r for r in ruled.rules)
    assert "income_(alice_is_paid)." in ruled.facts


# ---------------------------------------------------------------------------- classification

def test_classify():
    assert classify("Entailment", "Contradiction", flagged=True) == "caught"
    assert classify("Entailment", "Entailment", flagged=True) == "caught_harmless"
    assert classify("Entailment", "Entailment", flagged=False) == "harmless"
    assert classify("Entailment", "Contradiction", flagged=False) == "slipped"
    assert classify(100, None, flagged=False) == "slipped"  # no answer is a wrong answer
    assert classify(100, None, flagged=True, limited=True) == "caught_limited"


@pytest.fixture(scope="module")
def s2(sara_data_dir):
    from taxlogic.kb.sara.data.cases import get_case

    case = get_case("s2_a_1_A_pos")  # Alice and Bob married in 1992, Alice died in 2014: Entailment
    return case, gold_program(case).fact_text


def test_hand_made_caught(engine, rules, s2):
    case, facts = s2
    broken = facts.replace('start_(alice_dies,"2014-07-09")', 'start_(alice_died,"2014-07-09")')
    r = inspect_facts(engine, case, broken, rules)
    assert "event_undeclared" in [i.kind for i in r.issues] and r.answer == "Contradiction"
    assert classify(case.expected, r.answer, r.flagged) == "caught" and r.agent_answer is None


def test_hand_made_harmless(engine, rules, s2):
    case, facts = s2
    renamed = facts.replace("alice_dies", "death_of_alice")  # another id, used consistently: no harm
    r = inspect_facts(engine, case, renamed, rules)
    assert r.issues == [] and classify(case.expected, r.answer, r.flagged) == "harmless"


def test_hand_made_slipped(engine, rules, s2):
    from taxlogic.kb.sara.data.cases import get_case

    case, facts = s2
    # a marriage that ended the day it began: the sentence gives that day as its start (caught)
    spurious = facts + 'end_(alice_and_bob,"1992-02-03").\n'
    r = inspect_facts(engine, case, spurious, rules)
    assert [i.kind for i in r.issues] == ["unsupported_fact"] and r.answer == "Contradiction"
    # "Alice is entitled to … for herself and for Bob, under section 63(f)(1)(A) and 63(f)(1)(B),
    # respectively": a conclusion about one person is the clause's subject's (caught since session 15)
    case = get_case("s63_c_3_pos")
    facts = gold_program(case).fact_text
    wrong = facts.replace("s63_f_1_B(alice,2017).", "s63_f_1_B(bob,2017).")
    assert wrong != facts
    r = inspect_facts(engine, case, wrong, rules)
    assert [i.kind for i in r.issues] == ["premise_unstated"] and classify(case.expected, r.answer, r.flagged) == "caught"
    # "… using the disability plan set up for all of Alice's employees": no sentence names who set
    # the plan up, so nothing shows that its maker (agent_) is Alice, not Bob, her employee
    case = get_case("s3306_b_10_B_pos")
    facts = gold_program(case).fact_text
    wrong = facts.replace("agent_(disability_plan,alice).", "agent_(disability_plan,bob).")
    assert wrong != facts
    r = inspect_facts(engine, case, wrong, rules)
    assert r.issues == [] and classify(case.expected, r.answer, r.flagged) == "slipped"


def test_summary_rates():
    from taxlogic.eval.faults.verifier import Variant

    def v(klass):
        return Variant(case_id="c", op="o", detail="", program="facts", expected=1, answer=1, changed=None,
                       issues=[], klass=klass)
    s = summarise([v("caught")] * 9 + [v("slipped")] + [v("harmless")] * 5 + [v("caught_harmless")] * 2)
    assert s["answer_changing"] == 10 and s["catch_rate"] == 0.9 and s["slip_rate"] == 0.1
    assert s["variants"] == 17 and s["slipped_of_all"] == round(1 / 17, 4)


# ----------------------------------------------------------------------------------- the CLI

def test_inspect_command_on_a_bad_facts_file(sara_data_dir, tmp_path):
    from taxlogic.cli import app

    bad = tmp_path / "bad.pl"
    bad.write_text(DEATH_FACTS.replace('start_(alice_dies,', 'start_(alice_died,'))
    result = CliRunner().invoke(app, ["inspect", "--case", "s2_a_1_A_pos", "--facts", str(bad), "--json"])
    assert result.exit_code == 3, result.output  # EXIT_ABSTAINED: the inspector found problems
    record = json.loads(result.output)
    problems = {(p["kind"], p["line"]) for p in record["problems"]}
    assert ("event_undeclared", 7) in problems and ("coverage_date", None) not in problems
    assert record["answer"] == "Contradiction" and record["agent_answer"] is None and record["expected"] == "Entailment"
    syntax = tmp_path / "syntax.pl"
    syntax.write_text("income_(i.\n")
    result = CliRunner().invoke(app, ["inspect", "--case", "tax_case_1", "--facts", str(syntax)])
    assert result.exit_code == 3 and "syntax" in result.output and "line" in result.output
    good = CliRunner().invoke(app, ["inspect", "--case", "tax_case_1", "--gold"])
    assert good.exit_code == 0 and "0 problem(s)" in good.output


def test_verifier_command_small_run(sara_data_dir, tmp_path):
    from taxlogic.cli import app

    out = tmp_path / "report.json"
    args = ["eval", "verifier", "--seed", "0", "--cases", "s2_a_1_A_pos,tax_case_1", "--ops", "broken_link,date_format",
            "--k", "2", "--json", "--out", str(out)]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report["gold"]["cases"] == 2 and report["gold"]["false_alarms"] == 0
    ops = report["experiment"]["by_operator"]
    assert set(ops) == {"broken_link", "date_format"} and ops["date_format"]["slipped"] == 0
    assert ops["date_format"]["caught"] + ops["date_format"]["caught_harmless"] + ops["date_format"]["caught_limited"] == 4
    full = json.loads(out.read_text())
    assert len(full["variants"]) == report["experiment"]["overall"]["variants"] == 8
    again = json.loads(CliRunner().invoke(app, args).output)
    assert again["experiment"] == report["experiment"]  # seeded: the same variants and verdicts


def test_precomputed_static_issues_change_nothing(engine, rules, s2):
    from taxlogic.eval.faults.verifier import finish, plan_inspection, static_flags

    case, facts = s2
    for text in (facts, facts.replace('start_(alice_dies,"2014-07-09")', 'start_(alice_died,"2014-07-09")')):
        plan = plan_inspection(case, text, rules)
        outcomes = [engine.run(j) for j in plan.jobs]
        assert finish(plan, outcomes, static=static_flags(plan)).issues == finish(plan, outcomes).issues


def test_derived_facts_are_written_event_by_event():
    """A rule program's derived facts come predicate by predicate; served as a translation they are
    grouped as a translator writes them (each event's type fact, then its properties), so an
    anchored translation closes each event once (tax_case_83: 513 kB anchored apart, 115 kB so)."""
    from taxlogic.eval.faults.gold_facts import by_event

    derived = ('agent_("e1","Alice").\nagent_("e2","Bob").\namount_("e2",5).\namount_("e1",7).\n'
               'payment_("e2").\nincome_("e1").\n')
    assert by_event(derived).splitlines() == [
        'payment_("e2").', 'agent_("e2","Bob").', 'amount_("e2",5).',
        'income_("e1").', 'agent_("e1","Alice").', 'amount_("e1",7).']


def test_every_omission_enumerates_what_the_seeded_operators_sample(facts):
    """``--every`` (issue 33: every omission, not a sample): each event, role and date left out
    once, in the facts' order; every seeded variant is one of them."""
    events = C.every_omission(facts, "omit_event")
    assert [c.detail.split(" (")[0] for c in events] == [
        "left out alice_and_bob", "left out alice_dies", "left out alice_is_paid", "left out alice_is_paid_again"]
    assert all(not any(l.startswith(("payment_(alice_is_paid)", "agent_(alice_is_paid,")) for l in c.lines)
               for c in events if "alice_is_paid " in c.detail)
    roles = C.every_omission(facts, "omit_role")
    assert sorted(c.detail for c in roles) == sorted(f"left out {f}" for f in facts if f.name in ("agent_", "patient_"))
    dates = C.every_omission(facts, "omit_date")
    assert len(dates) == sum(f.name in ("start_", "end_") for f in facts) and all(len(c.lines) == len(facts) - 1 for c in dates)
    (marriage,) = C.every_omission(facts, "omit_relation")  # the one family tie
    assert marriage.lines == events[0].lines
    for op in C.OMISSIONS:
        every = {c.lines for c in C.every_omission(facts, op)}
        assert {c.lines for c in C.corrupt(facts, op, seed=3, key="x", k=5)} <= every
    with pytest.raises(KeyError):
        C.every_omission(facts, "drop_fact")


def test_rule_groups_leave_out_each_group_once():
    rules = ("h(Y,E) :- between(2015,2017,Y), atom_concat(e,Y,E).\npayment_(E) :- h(_,E).\n"
             "agent_(E,bob) :- h(_,E).\namount_(E,10) :- payment_(E).\n")
    groups = C.rule_groups(rules)
    assert [d for _, d in groups] == ["left out the rules of agent_ (1 clauses)", "left out the rules of amount_ (1 clauses)",
                                      "left out the rules of h (3 clauses)", "left out the rules of payment_ (2 clauses)"]
    assert groups[2][0] == "amount_(E,10) :- payment_(E).\n"
    assert C.omit_rule_group(rules, random.Random(0)) in groups and C.rule_groups("") == []


def test_verifier_every_refuses_a_sampled_operator(sara_data_dir):
    from taxlogic.cli import app

    result = CliRunner().invoke(app, ["eval", "verifier", "--every", "--ops", "drop_fact", "--cases", "tax_case_1"])
    assert result.exit_code == 2 and "omission operators only" in result.output


def test_the_verifier_gives_each_case_what_a_run_of_it_alone_gives(engine, rules):
    """The corruptions are planned while the gold pass runs and the heaviest cases' sets are
    inspected first (``run_verifier``); the report still lists the variants in the cases' order,
    each with what a run of its case alone gives."""
    from taxlogic.eval.faults.verifier import run_verifier
    from taxlogic.kb.sara.data.cases import get_case

    cases = [get_case(c) for c in ("s2_a_1_A_pos", "tax_case_1")]  # the light case first
    kw = dict(ops=["drop_fact", "wrong_person"], k=2, omissions=True)
    both = run_verifier(engine, rules, cases, **kw)
    alone = [run_verifier(engine, rules, [c], **kw) for c in cases]
    assert both["gold"]["cases"] == 2 and both["experiment"]["cases"] == 2
    assert [v["case_id"] for v in both["variants"]] == ["s2_a_1_A_pos"] * 4 + ["tax_case_1"] * 4
    assert both["variants"] == alone[0]["variants"] + alone[1]["variants"]
