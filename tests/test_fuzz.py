"""Fuzzing the untrusted-facts path with hypothesis: generated fact texts (well-formed facts of the
KB vocabulary with odd arguments, rules, directives, broken syntax, arbitrary text) go through the
validator, the engine and the inspector as the agent's round runs them, then into a repair prompt
and back. No crash, no hang (engine limits; pytest-timeout), every rejection a clear issue.

A quick run by default (``FUZZ_QUICK`` examples); the full 10,000 in the ``slow`` test, run with
``TAXLOGIC_SLOW=1 pytest -m slow tests/test_fuzz.py`` (about 3 minutes on 2 cores).
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from taxlogic.agent.repair import same_facts
from taxlogic.eval.faults.verifier import inspect_facts
from taxlogic.kb.sara.data.cases import get_case
from taxlogic.prompts import repair_user
from taxlogic.tools.facts import check_facts

FUZZ_QUICK = int(os.environ.get("TAXLOGIC_FUZZ_EXAMPLES", "300"))
FUZZ_FULL = 10_000
LIMITS = {"time_limit": 2.0, "inference_limit": 5_000_000, "wall_limit": 20.0}
# the predicates a SARA translation uses (event types, properties, a few statute predicates)
PREDICATES = [("income_", 1), ("agent_", 2), ("amount_", 2), ("start_", 2), ("end_", 2), ("payment_", 1),
              ("patient_", 2), ("purpose_", 2), ("marriage_", 1), ("birth_", 1), ("death_", 1),
              ("residence_", 1), ("location_", 2), ("s2_b_1_A", 3), ("s151_c_A", 3), ("tax", 3), ("s63_c_5_A", 2)]

atoms = st.one_of(st.sampled_from(["alice", "bob", "charlie", "alice_income", "p1", "_", "X", "[]", "'Quoted Atom'"]),
                  st.from_regex(r"[a-z][a-z0-9_]{0,12}", fullmatch=True))
numbers = st.one_of(st.integers(-10**20, 10**20).map(str), st.floats(allow_nan=True, allow_infinity=True).map(repr),
                    st.sampled_from(["1e308", "0x1F", "1_000", "12.5", "-0", "0'a"]))
dates = st.one_of(st.dates().map(lambda d: f'"{d.isoformat()}"'),
                  st.sampled_from(['"2017-02-30"', '"2017-13-01"', '"17-1-1"', '"2017-01-01T00:00"', "'2017-01-01'"]))
strings = st.text(max_size=20).map(lambda t: '"' + t.replace("\\", "\\\\").replace('"', '\\"') + '"')
args = st.one_of(atoms, numbers, dates, strings, st.sampled_from(["f(x)", "[a,b]", "(a,b)", "1+2", "X is 3"]))


@st.composite
def facts_of_the_vocabulary(draw) -> str:
    name, arity = draw(st.sampled_from(PREDICATES))
    n = draw(st.sampled_from([arity, arity, arity, max(0, arity - 1), arity + 1]))
    return f"{name}({', '.join(draw(args) for _ in range(n))})."


lines = st.one_of(
    facts_of_the_vocabulary(), facts_of_the_vocabulary(), facts_of_the_vocabulary(),
    st.sampled_from([":- initialization(halt).", ":- discontiguous income_/1.", "income_(x) :- true.",
                     "tax(alice, 2017, 0) :- !.", "shell('rm -rf /').", "halt.", "income_(x", "income_(x).)",
                     "% a comment", "/* unclosed comment", "```prolog", "```", "", "   ", "agent_(x, \"unterminated).",
                     "income_(x). agent_(x, alice).", "amount_(x, 99999999999999999999999999999).",
                     "income_(" + "a" * 300 + ").", "income_(x)." * 50, "\x00income_(x).", "ınc0me_(x)."]),
    st.text(max_size=60),
)
fact_texts = st.lists(lines, max_size=14).map("\n".join)


@pytest.fixture(scope="module")
def case(sara_data_dir):
    return get_case("tax_case_1")


def _check_one(text: str, case, rules, engine) -> None:
    check = check_facts(text, rules.vocabulary)  # must not raise, whatever the text
    for p in check.problems:
        assert p.kind and p.message.strip(), p
    inspection = inspect_facts(engine, case, text, rules, limits=LIMITS)
    n_lines = len(text.splitlines())
    for issue in inspection.issues:
        assert issue.kind and issue.message.strip(), issue
        assert "\n" not in issue.render() and len(issue.message) <= 2000, issue
        assert "Traceback" not in issue.message, issue
        assert issue.line is None or 0 <= issue.line <= max(1, n_lines), (issue, n_lines)
    assert (inspection.agent_answer is None) == bool(inspection.issues)
    if inspection.issues:  # the repair prompt shows every issue and every line of the facts
        prompt = repair_user(text, [i.render() for i in inspection.issues])
        assert all(i.render().strip() in prompt for i in inspection.issues)
        assert all(l in prompt for l in text.strip("\n").splitlines())
    # the repair's "unchanged" test ignores layout: the same facts in the same order are the same
    relaid = "\n\n".join(f.canonical for f in check.facts)  # same order, other layout
    if check.ok and check.facts:
        assert same_facts(text, relaid, rules)


def _fuzz(n: int):
    @settings(max_examples=n, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
    @given(text=fact_texts)
    def run(text: str, case, rules, engine) -> None:
        _check_one(text, case, rules, engine)
    return run


def test_fuzz_facts_through_validator_engine_inspector(case, rules, engine):
    _fuzz(FUZZ_QUICK)(case=case, rules=rules, engine=engine)


@pytest.mark.slow
@pytest.mark.skipif(not os.environ.get("TAXLOGIC_SLOW"), reason="the full count: TAXLOGIC_SLOW=1 pytest -m slow tests/test_fuzz.py")
def test_fuzz_facts_full_count(case, rules, engine):
    _fuzz(FUZZ_FULL)(case=case, rules=rules, engine=engine)
