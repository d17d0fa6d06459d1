"""Explanations in words only, every domain: at the default level no predicate-shaped token
(``marriage_(``, ``is_before(``, ``end_``), no proof term (``rdiv``, ``v(b,team_a,…)``), and every
✓ comparison in one unit (days against days, dollars against dollars).

The sweep over every gold program of every domain (376 SARA, 300 tax, 216 NBA, 300 airline) is
marked ``slow``; the default run sweeps a stratified sample of each (every 8th program, all
domains), on one shared engine per domain."""

from __future__ import annotations

import re

import pytest
from rich.console import Console

from taxlogic.tools.wording import goal_words, name_words

#: A predicate-shaped token: ``snake_case(``, ``name_(`` or a bare event name ``end_``.
PREDICATE = re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]*)+\(|\b[a-z][a-z0-9]*_(?![a-z0-9])")
#: A proof term or solver syntax.
PROOF = re.compile(r"rdiv|:-|\\\+|\bfindall\b|\[v\(|\bv\([a-z],")
_CMP = re.compile(r"^\s*✓ (.+?) (is on or after|is on or before|is after|is before|is not after|is not before|"
                  r"exceeds|does not exceed|is at least|is at most|is less than|is not less than|equals|differs "
                  r"from) (.+)$")
STEP = 8  # the default run's sample: every 8th program of each domain


def _unit(side: str) -> str | None:
    side = side.strip()
    if "$" in side:
        return "money"
    if re.search(r"\b(days?|years?)$", side):
        return "duration"
    if re.search(r"\b\d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4}\b", side):
        return "date"
    if re.fullmatch(r"[−-]?[\d,.]+", side):
        return None if side in ("0", "1") else "number"
    return None


def solver_words(text: str) -> list[str]:
    """The lines of a rendered explanation a reader of the law should not see: a
    predicate-shaped token, a proof term, or a ✓ comparison of two different units."""
    bad = [line for line in text.splitlines() if PREDICATE.search(line) or PROOF.search(line)]
    for line in re.sub(r"\n {4,}", " ", text).splitlines():  # a condition wrapped onto its next lines
        m = _CMP.match(line)
        if m and None not in (a := _unit(m.group(1)), b := _unit(m.group(3))) and a != b:
            bad.append("two units: " + line.strip())
    return bad


def _render(renderable) -> str:
    con = Console(width=80, record=True, file=open("/dev/null", "w"), color_system=None)
    con.print(renderable)
    return con.export_text()


@pytest.mark.parametrize("goal, words", [
    ("marriage_(_)", "a marriage"),
    ("agent_(bob_maintains_household_2016, bob)", "the agent of bob maintains household 2016 is bob"),
    ("s151_b_applies(alice, 2016)", "§151(b) applies (alice, 2016)"),
    ('is_before("2019-01-01", "2017-09-16")', "1 Jan 2019 is before 16 Sep 2017"),
    ('start_(e, "2016-01-01")', "the start of e is 1 Jan 2016"),
    ("purpose_(e, bob_s_house)", "the purpose of e is bob's house"),
    ("gross_income(alice, 2016, Gross_income), s68_a_1(Gross_income, _, 306)",
     "gross income (alice, 2016, the gross income); §68(a)(1) (the gross income, someone, 306)"),
])
def test_goals_in_words(goal, words):
    assert goal_words(goal) == words
    assert not PREDICATE.search(words)


def test_names_in_words():
    assert [name_words(n) for n in ("end_", "joint_return_", "s7703", "s63_c_5_A")] == [
        "end", "joint return", "§7703", "§63(c)(5)(A)"]


def test_the_checker_finds_what_the_issue_found():
    assert solver_words("✗ deciding condition: §7703(a)(1): fails: is_before(\"2019-01-01\", \"2017-09-16\")")
    assert solver_words("  ✓ does not apply, or no evidence of: end_")
    assert solver_words("  ✓ 365 days is on or after 15,768,000")
    assert solver_words('["[v(b,team_a,salary_cap_no_exceed_without_exception)]"]')
    assert not solver_words("  ✓ 365 days is on or after 182.5 days\n  ✓ $1,000 is at most $36,900")


# ------------------------------------------------------------------------------ the sweeps


def _sample(items: list, full: bool) -> list:
    return items if full else items[::STEP]


def _sara(full: bool) -> dict[str, list[str]]:
    from taxlogic.core import CaseInput
    from taxlogic.kb.sara.data.cases import load_cases
    from taxlogic.kb.explain import case_explain_job, explanation_for, fact_sentences
    from taxlogic.kb.sara.data.install import sara_rules
    from taxlogic.tools.engine import Engine
    from taxlogic.tools.facts import facts_only
    from taxlogic.tools.worksheet import to_rich

    rules = sara_rules()
    cases = _sample(load_cases(), full)
    inputs = [CaseInput.from_case(c) for c in cases]
    jobs = [case_explain_job(i, c.gold_program, rules, mode="first") for i, c in zip(inputs, cases)]
    with Engine(rules, workers=2) as engine:
        outcomes = list(engine.run_many(jobs))
    bad = {}
    for case, inp, job, outcome in zip(cases, inputs, jobs, outcomes):
        expl = explanation_for(inp, job, outcome, rules, anchors=fact_sentences("sara", inp, facts_only(case.gold_facts), rules))
        assert expl is not None, case.id
        found = solver_words(_render(to_rich(expl, width=80)))
        if found:
            bad[case.id] = found
    return bad


def _rulearena(domain: str, full: bool) -> list:
    from taxlogic.eval.benchmarks.rulearena.data import load_rulearena

    return _sample([it for level in (0, 1, 2) for it in load_rulearena(domain, level)], full)


def _tax(full: bool) -> dict[str, list[str]]:
    from taxlogic.kb.form1040 import form1040_rules, taxpayer_to_facts
    from taxlogic.kb.form1040.explain import explain_return, render
    from taxlogic.kb.form1040.reading import problem_forms
    from taxlogic.tools.engine import Engine

    items, bad = _rulearena("tax", full), {}
    with Engine(form1040_rules(), workers=2) as engine:
        for it in items:
            found = solver_words(render(explain_return(engine, taxpayer_to_facts(it.taxpayer),
                                                       problem_forms(it.user_prompt), it.id), width=80))
            if found:
                bad[it.id] = found
    return bad


def _nba(full: bool) -> dict[str, list[str]]:
    from taxlogic.cli import rulearena_case as rc
    from taxlogic.kb.nba import DETAILS_QUERY, nba_rules
    from taxlogic.kb.nba.data.problems import problem_texts
    from taxlogic.kb.nba.explain.why import explain_operations
    from taxlogic.tools.engine import Engine, Job

    items, bad = _rulearena("nba", full), {}
    texts = {p.id: p for p in problem_texts()}
    with Engine(nba_rules(), workers=2) as engine:
        jobs = [Job(facts=rc.gold_facts(it), query=DETAILS_QUERY, mode="first", var="X") for it in items]
        for it, out in zip(items, engine.run_many(jobs)):
            assert out.status == "values", (it.id, out.summary())
            lines = [f"{o.letter}. {o.sentence}" for o in explain_operations(texts[it.id].operations, out.values[0])]
            lines += [f"Team {v.team} breaks {v.section}: {v.detail}" for o in explain_operations(
                texts[it.id].operations, out.values[0]) for v in o.violations]
            found = solver_words("\n".join(lines))
            if found:
                bad[it.id] = found
    return bad


def _airline(full: bool) -> dict[str, list[str]]:
    from taxlogic.cli import rulearena_case as rc
    from taxlogic.kb.airline import airline_rules
    from taxlogic.kb.explain import case_explain_job, explanation_for
    from taxlogic.tools.engine import Engine
    from taxlogic.tools.worksheet import to_rich

    items, bad = _rulearena("airline", full), {}
    rules = airline_rules()
    inputs = [rc.problem_input(it) for it in items]
    jobs = [case_explain_job(i, rc.gold_facts(it), rules, domain="airline", mode="first")
            for i, it in zip(inputs, items)]
    with Engine(rules, workers=2) as engine:
        outcomes = list(engine.run_many(jobs))
    for it, inp, job, out in zip(items, inputs, jobs, outcomes):
        expl = explanation_for(inp, job, out, rules, domain="airline")
        assert expl is not None, it.id
        found = solver_words(_render(to_rich(expl, width=80)))
        if found:
            bad[it.id] = found
    return bad


SWEEPS = {"sara": _sara, "tax": _tax, "nba": _nba, "airline": _airline}


@pytest.mark.parametrize("domain", SWEEPS)
def test_default_explanations_are_in_words_sample(domain, sara_data_dir, request):
    if domain != "sara":
        request.getfixturevalue("rulearena_data")  # skipped without RuleArena
    bad = SWEEPS[domain](False)
    assert not bad, dict(list(bad.items())[:5])


@pytest.mark.slow
@pytest.mark.parametrize("domain", SWEEPS)
def test_default_explanations_are_in_words_every_gold_program(domain, sara_data_dir, request):
    if domain != "sara":
        request.getfixturevalue("rulearena_data")
    bad = SWEEPS[domain](True)
    assert not bad, (len(bad), dict(list(bad.items())[:5]))
