"""The Prolog engine on real SWI-Prolog: gold cases, isolation, limits, crashes, untrusted input."""

from __future__ import annotations

from fractions import Fraction

import pytest

from fakes import trusted
from taxlogic.eval.methods.gold import run_gold
from taxlogic.kb.sara.data.cases import get_case, load_cases
from taxlogic.kb.sara.domain import answer_of, case_job
from taxlogic.tools.engine import Job
from taxlogic.settings import get_settings

# A spread of sections, both polarities, the two slow cases and the two TZ-dependent ones.
SAMPLE = [
    "s1_a_1_i_pos", "s1_a_1_i_neg", "s2_b_1_A_pos", "s63_c_2_B_neg", "s68_f_pos", "s151_d_3_A_pos",
    "s152_d_2_D_neg", "s3301_pos", "s3306_a_1_B_neg", "s3306_a_2_B_neg", "s3306_c_2_pos", "s3306_c_2_neg",
    "s7703_b_3_pos", "tax_case_1", "tax_case_33", "tax_case_83", "tax_case_91",
]


def test_gold_sample_correct(engine, sara_data_dir):
    cases = [get_case(cid) for cid in SAMPLE]
    results = list(run_gold(engine, cases))
    wrong = [(r.case_id, r.expected, r.prediction, r.reason) for r in results if not r.correct]
    assert wrong == []
    assert {r.case_id: r.prediction for r in results}["tax_case_83"] == 206073


def test_all_numeric_values_unique(engine, sara_data_dir):
    # mode "all": every numeric gold program yields exactly one distinct tax value
    cases = load_cases(kind="numeric", split="test")
    outcomes = list(engine.run_many([case_job(c, c.gold_program, mode="all", time_limit=120) for c in cases]))
    assert all(len(o.values) == 1 for o in outcomes)
    assert [answer_of(c, o).value for c, o in zip(cases, outcomes)] == [c.expected for c in cases]


def test_isolation_facts_do_not_leak(engine, sara_data_dir):
    case = get_case("s151_a_pos")
    first = engine.run(case_job(case, case.gold_program))
    assert first.status == "proved"
    # Same query with no facts, many times (both workers): the previous case's clauses are gone.
    after = list(engine.run_many([case_job(case, "") for _ in range(4)]))
    assert {o.status for o in after} == {"failed"}
    # A case that adds clauses to a statute predicate (s151_c/4) does not wipe the statute rules.
    other = get_case("s151_c_pos")
    assert engine.run(case_job(other, other.gold_program)).status == "proved"
    assert engine.run(case_job(case, case.gold_program)).status == "proved"


def test_time_limit_stops_loop_and_worker_lives(engine):
    before = engine.restarts
    o = engine.run(Job(facts="", query="repeat, fail", time_limit=0.5))
    assert o.status == "time_limit"
    assert engine.run(Job(facts="", query="X = 1", mode="first", var="X")).values == ["1"]
    assert engine.restarts == before


def test_time_limit_counts_cpu_seconds_not_waiting(engine):
    """The Prolog-side limit is CPU time: waiting does not use it up, computing does."""
    waited = engine.run(Job(facts="", query="sleep(1.2)", time_limit=0.4))
    assert waited.status == "proved" and waited.seconds >= 1.2 and waited.cpu_seconds < 0.4
    busy = engine.run(Job(facts="", query="repeat, fail", time_limit=0.4))
    assert busy.status == "time_limit" and busy.cpu_seconds >= 0.4


def test_inference_limit(engine):
    o = engine.run(Job(facts="", query="between(1, inf, X), X < 0", inference_limit=100_000))
    assert o.status == "inference_limit"
    assert 100_000 <= o.inferences < 1_000_000


def test_wall_limit_replaces_hung_worker(engine):
    before = engine.restarts
    o = engine.run(Job(facts="", query="repeat, fail", time_limit=60, wall_limit=1))
    assert o.status == "time_limit" and o.error_kind == "wall"
    assert engine.restarts == before + 1
    assert engine.run(Job(facts="", query="true")).status == "proved"


def test_worker_crash_is_reported_and_replaced(engine):
    before = engine.restarts
    o = engine.run(Job(facts="", query="halt"))
    assert o.status == "error" and o.error_kind == "crash"
    assert engine.restarts == before + 1
    assert engine.run(Job(facts="", query="true")).status == "proved"


@pytest.mark.parametrize(
    "query,kind",
    [("no_such_predicate_xyz(1)", "existence"), ("X is foo + 1", "type"), ("X is Y + 1", "instantiation"),
     ("tax(alice,", "syntax")],
)
def test_prolog_errors_are_typed(engine, query, kind):
    o = engine.run(Job(facts="", query=query))
    assert o.status == "error" and o.error_kind == kind and o.message


def test_untrusted_text_may_not_hold_rules_or_directives(engine):
    for text in ["income_(x) :- true.", ":- halt.", ":- shell('touch /tmp/taxlogic-pwned')."]:
        o = engine.run(Job(facts=text, query="true"))
        assert o.status == "error" and o.error_kind == "load", text
    assert engine.run(Job(facts="", query="true")).status == "proved"  # worker alive


@pytest.mark.parametrize("fact", ["message_hook(_, _, _).", "exception(undefined_predicate, _, retry).",
                                  "term_expansion(a, b).", "tl_option(tabling).", "member(a, [a]).",
                                  "file_search_path(library, '/tmp').", "'$x'(1)."])
def test_untrusted_facts_may_not_define_system_library_or_hook_predicates(engine, fact):
    o = engine.run(Job(facts=fact, query="true"))
    assert o.status == "error" and o.error_kind == "load" and "not a case fact" in o.load_problems[0], fact
    assert engine.run(Job(facts="income_(e).\nfoo_bar(e).", query="income_(e), foo_bar(e)")).status == "proved"


def test_trust_is_a_type_made_by_loaders_not_a_flag(engine, sara_data_dir):
    """Only a TrustedProgram runs unsandboxed: it cannot be constructed from text, pickled, or
    forged on the wire (a job dict saying ``trusted`` whose tag does not verify is refused)."""
    import pickle

    from taxlogic.tools.trust import TrustedProgram, UntrustedConstruction

    rule = "income_(x) :- true.\n"
    with pytest.raises(UntrustedConstruction):
        TrustedProgram(rule, "me")
    with pytest.raises(Exception):
        Job(facts=rule, query="true", trusted=True)  # no such field: trust is not a flag
    with pytest.raises(TypeError):
        pickle.dumps(trusted(rule))
    assert engine.run(Job(facts=trusted(rule), query="income_(x)")).status == "proved"
    assert engine.run(Job(facts=rule, query="income_(x)")).error_kind == "load"
    worker = engine._idle.get()
    try:  # a forged wire payload: trusted text without a valid tag
        for forged in ({"facts_tag": "0" * 64}, {"trusted": True}, {"rules": rule, "rules_tag": "x"}):
            payload = {**Job(facts=rule, query="income_(x)").wire(), **forged}
            worker.conn.send(payload)
            reply = worker.conn.recv()
            assert reply["status"] == "error" and reply["error_kind"] in ("trust", "load"), forged
    finally:
        engine._idle.put(worker)
    gold = get_case("tax_case_1").gold_program
    assert gold.source == "SARA gold tax_case_1" and gold.derive("x.", "test").source.endswith("of SARA gold tax_case_1")


def test_rational_values_come_back_as_text(engine):
    o = engine.run(Job(facts="", query="X is 3 rdiv 2", mode="first", var="X"))
    assert o.values == ["3r2"] and o.numbers == [Fraction(3, 2)]


def test_several_distinct_values_are_no_answer(engine, sara_data_dir):
    case = get_case("tax_case_1")
    facts = case.gold_facts + "\n"
    o = engine.run(Job(facts="", query="member(Tax, [1, 2, 2])", mode="all", var="Tax"))
    assert o.values == ["1", "2"] and o.solutions == 3
    assert answer_of(case, o).value is None and "several distinct" in answer_of(case, o).reason
    assert answer_of(case, engine.run(case_job(case, trusted(facts)))).value == case.expected


def test_a_fact_stated_twice_is_one_fact(engine):
    """A case is a set of facts: a ground fact stated twice is asserted once, so a rule finds it
    once and a findall over it does not count its amount twice. Different facts, and rules (in
    trusted text), are all kept."""
    facts = "payment_(p1).\namount_(p1, 100).\namount_(p1, 100).\namount_(p1, 200).\npayment_(p1).\n"
    o = engine.run(Job(facts=facts, query="findall(A, amount_(p1, A), L), sum_list(L, S)", mode="first", var="S"))
    assert o.values == ["300"]
    o = engine.run(Job(facts=facts, query="payment_(P), amount_(P, A)", mode="all", var="A"))
    assert o.values == ["100", "200"] and o.solutions == 2
    rules = "twice(X) :- amount_(X, _).\n" * 2 + facts
    o = engine.run(Job(facts=trusted(rules), query="twice(p1), X = 1", mode="all", var="X", materialize=False))
    assert o.solutions == 4  # both rule clauses kept (a rule is not a fact), each over the two amounts


def test_duplicated_gold_facts_give_the_same_answer_once(engine, sara_data_dir):
    """tax_case_16's gold program states its marriage and both spouses twice (16 identical
    solutions before, each a full tax computation); the answer is the same without the repeats."""
    case = get_case("tax_case_16")
    lines = case.gold_facts.splitlines()
    once = "\n".join(line for i, line in enumerate(lines) if not line.strip() or line.strip().startswith("%")
                     or line not in lines[:i])
    assert once != case.gold_facts
    with_repeats = engine.run(case_job(case, case.gold_program, mode="all", time_limit=120))
    without = engine.run(case_job(case, trusted(once), mode="all", time_limit=120))
    assert with_repeats.values == without.values and with_repeats.solutions == without.solutions


def test_rerun_limits_scale_with_the_run_and_never_exceed_the_job():
    """A counterfactual run's inference budget (issue 48): the floor, or `times` the job's own
    run's inferences, capped by the job's budget (or the settings'); never CPU seconds, so the
    same on any machine; the safety nets stay the job's."""
    from types import SimpleNamespace

    job = Job(facts="", query="true", inference_limit=30_000_000, time_limit=30.0, wall_limit=40.0)
    assert job.rerun_limits(SimpleNamespace(inferences=100_000, cpu_seconds=9.0), 2_000_000, 5) == {"inference_limit": 2_000_000}
    assert job.rerun_limits(SimpleNamespace(inferences=1_000_000), 2_000_000, 5) == {"inference_limit": 5_000_000}
    assert job.rerun_limits(SimpleNamespace(inferences=10_000_000), 2_000_000, 5) == {"inference_limit": 30_000_000}
    assert job.rerun_limits(None, 2_000_000, 5) == {"inference_limit": 2_000_000}  # no run measured: the floor
    default = Job(facts="", query="true").rerun_limits(None, float("inf"), 0)
    assert default == {"inference_limit": get_settings().inference_limit}


def _seen(o):
    """What an outcome says (status, values, error kind, load problems), without its costs."""
    return o.status, o.values, o.error_kind, o.load_problems


def test_a_job_leaves_nothing_behind_for_the_next_job_on_its_worker(rules):
    """The trust contract: an answer depends on the job's own clauses and the KB only, never on
    what ran before on the same worker. Jobs that define, in trusted rules or untrusted facts,
    predicates others lack (a helper that a left-out rule group needed, a new fact predicate, a
    library predicate's name: autoloaded by one job, defined by another) give the same outcome
    whichever ran first on a one-worker engine, and the same again on the third round."""
    from taxlogic.tools.engine import Engine

    a = [Job(facts=trusted("helper_x(1).\nmain_x :- helper_x(_).\n"), query="main_x"),
         Job(facts="zz_new_fact(e1).", query="zz_new_fact(e1)"),
         Job(facts=trusted("list_to_assoc(a, b).\n"), query="true")]
    b = [Job(facts=trusted("main_x :- helper_x(_).\n"), query="main_x"),
         Job(facts="", query="zz_new_fact(_)"),
         Job(facts="", query="list_to_assoc([k-1], T), get_assoc(k, T, V)", mode="first", var="V")]

    def rounds(first, then):
        with Engine(rules, workers=1) as one:
            return [[_seen(one.run(j)) for j in jobs] for jobs in (first, then, first)]

    a1, b2, a3 = rounds(a, b)
    b1, a2, b3 = rounds(b, a)
    assert b1 == [("error", [], "existence", [])] * 2 + [("values", ["1"], None, [])]
    assert a1[:2] == [("proved", [], None, [])] * 2
    assert a1 == a2 == a3 and b1 == b2 == b3


def test_a_left_out_rule_group_gives_the_same_outcome_after_the_full_rules(rules, sara_data_dir):
    """SARA (2020) tax_case_83 with its ``agricultural_service`` rule group left out (the
    verifier's ``omit_rules``): the rules still there call ``payment_for_labor/4``, which only
    the left-out group defined. On a worker that ran the full rules first, the outcome is the
    fresh worker's (an existence error), not "nothing paid"."""
    from taxlogic.eval.faults.corrupt import rule_groups
    from taxlogic.eval.faults.verifier import gold_program
    from taxlogic.tools.engine import Engine

    case = get_case("tax_case_83")
    gp = gold_program(case)
    (kept, _), = [g for g in rule_groups(gp.rule_text) if "rules of agricultural_service " in g[1]]
    full = case_job(case, gp.fact_program, trusted_rules=gp.rule_program, time_limit=120)
    omitted = case_job(case, gp.fact_program, trusted_rules=case.gold_program.derive(kept, "omission omit_rules"),
                       time_limit=120)
    with Engine(rules, workers=1) as one:
        fresh = _seen(one.run(omitted))
        assert answer_of(case, one.run(full)).value == case.expected
        after = _seen(one.run(omitted))
    assert fresh[0] == "error" and fresh[2] == "existence" and fresh[3] == []
    assert after == fresh


#: What a worker holds besides the KB's clauses that could carry over from one job to the next:
#: Prolog flags, operators, global variables, recorded-database and flag/3 keys, the clause counts
#: of the dynamic predicates (the KB's, the engine's and any other), and tables; but the
#: explainer's tl_x_* settings (every explain job sets them before it reads them) and caches
#: (tools/explain.pl says why each outlives a job).
_WORKER_STATE = (
    "findall(F=V, ( current_prolog_flag(F, V0), ( blob(V0, B), B \\== text -> V = blob ; V = V0 ) ), Fs), "
    "findall(P-T-N, current_op(P, T, N), Os), "
    "findall(K, ( nb_current(K, _), \\+ sub_atom(K, 0, _, _, tl_x_) ), Gs0), msort(Gs0, Gs), "
    "findall(K, current_key(K), Ks), findall(K, current_flag(K), Fks), "
    "findall(N/A-C, ( current_predicate(user:N/A), \\+ sub_atom(N, 0, _, _, tl_x_), functor(H, N, A), "
    "                 predicate_property(user:H, dynamic), "
    "                 predicate_property(user:H, number_of_clauses(C)) ), Ds0), msort(Ds0, Ds), "
    "findall(Tb, current_table(_:Tb, _), Ts), "
    "State = s(Fs, Os, Gs, Ks, Fks, Ds, Ts)"
)


def test_gold_and_explain_jobs_leave_the_worker_as_they_found_it(rules, sara_data_dir):
    """After gold jobs of every kind (facts, rule programs with materialisation and tables, trusted
    rules beside facts, explanations) the worker's state is the one it had before them."""
    from taxlogic.eval.faults.verifier import gold_program
    from taxlogic.tools.engine import Engine

    cases = [get_case(cid) for cid in SAMPLE]
    state = Job(facts="", query=_WORKER_STATE, mode="first", var="State")

    def explain(case):
        return case_job(case, case.gold_program).model_copy(update={"mode": "explain"})

    with Engine(rules, workers=1) as one:
        before = one.run(state)
        assert before.status == "values", before.message
        for case in cases:
            gp = gold_program(case)
            assert one.run(case_job(case, case.gold_program, time_limit=120)).ok
            assert one.run(case_job(case, gp.fact_program, trusted_rules=gp.rule_program, time_limit=120)).ok
            if not case.id.startswith("tax_case"):
                assert one.run(explain(case)).tree is not None
        after = one.run(state)
    assert after.values == before.values


#: Events whose properties a rule states by taking the event's id apart (``split_string``, as
#: SARA's tax_case_33): materialisation cannot list them (an unbound id raises), the view can.
_SPLIT_IDS = """service_(S) :- member(E,[bob,dan]), atom_concat('work_alice_',E,S).
agent_(S,E) :- split_string(S,"_","",[X,_,Z]), X=="work", atom_string(E,Z).
payment_(P) :- member(E,[bob,dan]), atom_concat('pay_alice_',E,P).
amount_(P,10) :- split_string(P,"_","",[X,_,_]), X=="pay".
purpose_(P,S) :- split_string(P,"_","",[Xp,Y,Z]), split_string(S,"_","",[Xs,Y,Z]), Xp=="pay", Xs=="work".
agent_(alice_and_bob,alice).
marriage_(alice_and_bob).
"""


def test_case_view_lists_what_id_taking_rules_state_of_each_event(engine):
    """``tl_case_view/1`` (the verifier's fact view of a rule program): the fact clauses after
    materialisation (the types the ``member`` rules generate), and, for a base predicate still
    defined by rules, its instances asked per id a type fact names (``agent_`` of each service,
    ``amount_`` of each payment), per pair of ids for a tie whose rule takes both ids apart
    (``purpose_``); the program itself keeps its rules (a query with the id unbound still raises,
    as it would without the view)."""
    from taxlogic.eval.faults.verifier import DERIVED_QUERY

    program = trusted(_SPLIT_IDS)
    old = engine.run(Job(facts=program, query="tl_case_ref(R), clause(H, true, R)", mode="all", var="H"))
    view = engine.run(Job(facts=program, query=DERIVED_QUERY, mode="all", var="H"))
    assert "agent_(work_alice_bob,bob)" not in old.values and "service_(work_alice_bob)" in old.values
    assert set(old.values) < set(view.values)
    assert {"agent_(work_alice_bob,bob)", "agent_(work_alice_dan,dan)", "amount_(pay_alice_dan,10)",
            "purpose_(pay_alice_bob,work_alice_bob)", "purpose_(pay_alice_dan,work_alice_dan)",
            "agent_(alice_and_bob,alice)"} <= set(view.values)
    assert not any(v.startswith("purpose_(pay_alice_bob,work_alice_dan") for v in view.values)
    unbound = engine.run(Job(facts=program, query="agent_(E, bob)", mode="all", var="E"))
    assert unbound.status == "error" and unbound.error_kind == "instantiation"


def test_tabled_date_stamps_give_the_same_outcomes_as_untabled(engine, rules, sara_data_dir):
    """``day_to_stamp/2`` is tabled (kb/compat.pl, issue 48's throughput): the same status and values
    as the untabled statutes, on date-heavy gold programs and on dates the statutes cannot read
    (a missing end date: the same instantiation error; a malformed date: the same failure)."""
    from taxlogic.tools.engine import Engine

    cases = [get_case(cid) for cid in ("tax_case_51", "tax_case_6", "s152_d_2_D_neg", "s7703_b_3_pos")]
    jobs = [case_job(c, c.gold_program) for c in cases]
    jobs += [Job(facts=trusted(f'tl_d("{d}").'), query=f'tl_d(D), {goal}', mode="prove")
             for d in ("2017-02-01", "2017-02") for goal in ("day_to_stamp(D, S)", 'is_before(D, "2018-01-01")')]
    jobs += [Job(facts=trusted("tl_d(1)."), query="day_to_stamp(_, S)", mode="prove"),
             Job(facts=trusted("tl_d(1)."), query='duration(D, "2017-01-01", S)', mode="prove")]
    tabled = list(engine.run_many(jobs))
    with Engine(rules, workers=1, tabling=False) as plain:
        untabled = [plain.run(j) for j in jobs]
    got = [(o.status, o.values, o.error_kind) for o in tabled]
    assert got == [(o.status, o.values, o.error_kind) for o in untabled]
    assert got[-2][2] == got[-1][2] == "instantiation"
    assert sum(o.inferences for o in tabled[:2]) < sum(o.inferences for o in untabled[:2])
