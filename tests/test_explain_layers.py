"""The default explanation is a worksheet a tax professional reads in one screen: the answer and
the chain of amounts (or the deciding condition), then the sections with their conditions in
words; no solver internals below ``--full`` on any of SARA's 376 gold programs."""

from __future__ import annotations

import json
import re

import pytest
from rich.console import Console

from taxlogic.core import CaseInput
from taxlogic.kb.sara.data.cases import get_case, load_cases
from taxlogic.kb.explain import case_explain_job, explain_case, explanation_for
from taxlogic.tools.explain import SCHEMA_VERSION, Explanation
from taxlogic.tools.worksheet import build, dump, to_markdown, to_rich

#: What a reader of the law should never see at the default level: the solver's conversions and
#: list plumbing, raw time stamps (10-digit seconds), a Prolog goal as a heading.
INTERNALS = re.compile(r"\brdiv\b|\brational\(|\bfindall\(|\bnonvar\(|\blist_to_set\(|\bsum_list\(|\bappend\(|"
                       r"\bmember\(|\bis round\(|\\==|\b\d{9,}\.0\b")


def render(expl: Explanation, full: bool = False, width: int = 80) -> str:
    con = Console(width=width, record=True, force_terminal=False)
    con.print(to_rich(expl, full, width=width))
    return con.export_text()


def explained(engine, case_id: str) -> Explanation:
    case = get_case(case_id)
    _, expl = explain_case(engine, CaseInput.from_case(case), case.gold_program, mode="first")
    return expl


@pytest.mark.parametrize("case_id", ["tax_case_5", "tax_case_83", "s151_a_neg"])
def test_default_explanation_fits_one_screen_with_the_whole_chain(engine, case_id):
    expl = explained(engine, case_id)
    text = render(expl)
    rows = text.splitlines()
    assert len(rows) <= 60 and max(map(len, rows)) <= 80, (len(rows), text)
    assert not INTERNALS.search(text), INTERNALS.search(text)
    chain = build(expl).chain
    assert len(chain) >= (8 if expl.holds else 0)
    for a in chain:  # every amount of the chain (about the question's people), as money, with its section
        assert re.search(re.escape(a.label) + r"\s+" + re.escape(f"${a.value:,}") + r"\s+"
                         + re.escape(a.citation.section if a.citation else "–"), text), a
    full = render(expl, full=True, width=200)
    assert len(full.splitlines()) > len(rows) and "derivation (every goal)" in full


def test_chain_rows_are_about_the_people_of_the_question(engine):
    expl = explained(engine, "tax_case_5")
    assert any("bob" in a.label for a in expl.chain)  # the proof computes Bob's (zero) income
    text = render(expl)
    assert "gross income of bob" not in text and "gross income of alice" in text


def test_why_not_names_the_condition_on_the_path_that_got_furthest(engine):
    text = render(explained(engine, "s151_a_neg"))
    deciding = [l for l in text.splitlines() if "deciding condition" in l]
    assert deciding == ["✗ deciding condition: §151: the sum of $2,000 + $2,000 is $4,000, not $6,000"]
    assert "marriage_" not in text  # the alternative that failed at once is counted, not listed
    assert "1 other route failed too" in text
    assert "does not hold for alice, $6,000, 2015 (it holds with $4,000 in place of $6,000)" in " ".join(text.split())


def test_dates_and_durations_in_words(engine):
    text = render(explained(engine, "tax_case_5"))
    assert "67.8 years is on or after 65 years" in text  # Alice's age against §63(f)(1)(A)'s 65


def test_json_has_typed_values_and_the_worksheet(engine):
    expl = explained(engine, "tax_case_5")
    data = json.loads(json.dumps(dump(expl, full=False)))
    assert data["schema_version"] == SCHEMA_VERSION == "2.0" and data["level"] == "default"
    assert data["answer"] == data["value"] == 116066
    assert [a["value"] for a in data["worksheet"]["chain"]][-1] == 116066
    assert data["worksheet"]["steps"][0]["section"] == "§1 and §3301"
    full = expl.dump()
    assert full["level"] == "full" and Explanation.model_validate(full) == expl
    assert len(json.dumps(data)) < len(json.dumps(full))


def test_markdown_headings_are_words(engine):
    md = to_markdown(explained(engine, "s151_a_neg"), title="Why s151_a_neg")
    headings = [l for l in md.splitlines() if l.startswith("#")]
    assert headings[0].startswith("### Why s151_a_neg: §151(a) (Allowance of deductions")
    assert all("(" not in h.split(":")[0] or "§" in h for h in headings)
    assert not INTERNALS.search(md)


def test_no_solver_internals_at_the_default_level_on_every_gold_case(engine):
    cases = load_cases()
    assert len(cases) == 376
    inputs = [CaseInput.from_case(c) for c in cases]
    jobs = [case_explain_job(i, c.gold_program, engine.rules, mode="first") for i, c in zip(inputs, cases)]
    leaks, long = [], []
    for case, inp, job, outcome in zip(cases, inputs, jobs, engine.run_many(jobs)):
        expl = explanation_for(inp, job, outcome, engine.rules)
        assert expl is not None, case.id
        screen = render(expl)
        m = INTERNALS.search(screen + to_markdown(expl))
        if m:
            leaks.append((case.id, m.group(0)))
        if len(screen.splitlines()) > 60:
            long.append(case.id)
    assert (leaks, long) == ([], []), (leaks, long)
