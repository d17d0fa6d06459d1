"""The inspector: everything the agent checks before it trusts an answer.

One inspector serves the agent's ``inspect`` node and ``taxlogic inspect``. Given the case, the
validator's verdict on the facts and the engine's outcome, it returns :class:`Issue` records
that the repair step turns into feedback. Checks, in order:

1. validation (:func:`taxlogic.tools.facts.check_facts`): syntax, predicate vocabulary and
   arity, date and amount formats, each with its line;
2. Prolog: exceptions (existence, type, instantiation …), time and inference limits;
3. numeric queries: no value, or several distinct values (Jurayj et al. 2025 abstain there);
4. coverage against the case text: every constant (person, entity) of the query appears in the
   facts; every dollar amount and every full calendar date written in the text appears in them.

Nothing here knows which case it is looking at beyond its text, question and query.
"""

from __future__ import annotations

import re
from typing import Iterable

from taxlogic.agent.state import CaseInput, Issue
from taxlogic.tools.engine import Outcome

_MONTHS = {m: i for i, m in enumerate(
    ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"), start=1)}
_AMOUNT = re.compile(r"\$\s?(\d[\d,]*(?:\.\d+)?)")
_DATE = re.compile(
    r"\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})\b", re.I)
_NUMBER = re.compile(r"(?<![\w.])-?\d+(?:\.\d+)?(?![\w.])")
_ATOM_CONST = re.compile(r"^[a-z][A-Za-z0-9_]*$")


def text_amounts(text: str) -> list[str]:
    """Dollar amounts written in ``text`` as plain numbers: "$1,200" -> "1200"; in order, once each."""
    out: list[str] = []
    for m in _AMOUNT.finditer(text):
        v = m.group(1).replace(",", "").rstrip(".")
        if "." in v:
            v = v.rstrip("0").rstrip(".")
        if v not in out:
            out.append(v)
    return out


def text_dates(text: str) -> list[str]:
    """Full calendar dates in ``text`` ("Feb 3rd, 1992", "May 5th 2019") as "YYYY-MM-DD", once each."""
    out: list[str] = []
    for m in _DATE.finditer(text):
        month, day, year = _MONTHS[m.group(1).lower()[:3]], int(m.group(2)), int(m.group(3))
        if 1 <= day <= 31:
            d = f"{year:04d}-{month:02d}-{day:02d}"
            if d not in out:
                out.append(d)
    return out


def query_atoms(query: str) -> list[str]:
    """Atom constants of a query (people, entities): ``s151_c(alice,_,2000,2015)`` -> ``['alice']``."""
    from taxlogic.prompts import query_constants

    return [c for c in query_constants(query) if _ATOM_CONST.match(c)]


def coverage_issues(case: CaseInput, query: str | None, canonical_facts: str) -> list[Issue]:
    """Section 4 of the module doc: what the text or query names that the facts never mention."""
    issues: list[Issue] = []
    tokens = set(re.findall(r"[a-z][A-Za-z0-9_]*", canonical_facts))
    numbers = {n.rstrip("0").rstrip(".") if "." in n else n for n in _NUMBER.findall(canonical_facts)}
    for atom in query_atoms(query or ""):
        if atom not in tokens:
            issues.append(Issue(kind="coverage_person", message=(
                f"the query names {atom}, but no fact mentions {atom}; use exactly this constant for the same person or entity")))
    for amount in text_amounts(case.text):
        if amount not in numbers:
            issues.append(Issue(kind="coverage_amount", message=(
                f"the text states ${amount}, but no fact has the number {amount}; attach it with amount_/2 to the event it belongs to")))
    for date in text_dates(case.text):
        if f'"{date}"' not in canonical_facts:
            issues.append(Issue(kind="coverage_date", message=(
                f'the text states the date {date}, but no fact has "{date}"; attach it with start_/2 or end_/2')))
    return issues


def outcome_issues(case: CaseInput, outcome: Outcome) -> list[Issue]:
    """Section 2 and 3 of the module doc: what Prolog's outcome says is wrong."""
    if outcome.status == "error":
        hint = {
            "existence": "a predicate the rules need is undefined or misspelled",
            "type": "an argument has the wrong type (dates are strings \"YYYY-MM-DD\", amounts are integers)",
            "instantiation": "an argument that must be known is left unbound",
        }.get(outcome.error_kind or "", "")
        msg = f"Prolog raised an error ({outcome.error_kind}): {outcome.message}" + (f"; {hint}" if hint else "")
        return [Issue(kind="prolog_error", message=msg)]
    if outcome.status in ("time_limit", "inference_limit"):
        return [Issue(kind=outcome.status, message=(
            f"the query did not finish ({outcome.message}); facts that make the rules loop or explode, "
            "e.g. an event that is its own purpose, must be fixed"))]
    if case.kind == "numeric":
        if outcome.status == "failed" or (outcome.status == "values" and not outcome.values):
            return [Issue(kind="no_value", message=(
                f"the query {case.query or ''} has no solution: the rules could not compute the tax from these facts "
                "(check income events, agents, dates and the year)"))]
        if outcome.status == "values":
            nums = outcome.numbers
            if len(nums) != len(outcome.values):
                return [Issue(kind="no_value", message=f"the tax query returned non-numbers: {', '.join(outcome.values)}")]
            if len({round(float(n)) for n in nums}) > 1:
                return [Issue(kind="several_values", message=(
                    f"the tax query gives several different amounts ({', '.join(outcome.values[:5])}): "
                    "the facts are ambiguous (e.g. duplicated events or two incomes for the same thing)"))]
    return []


def inspect(case: CaseInput, query: str | None, validation: Iterable[Issue], canonical: str,
            outcome: Outcome | None) -> list[Issue]:
    """All issues for one round. ``validation``: the validator's problems as issues (if any, the
    facts were not run and ``outcome`` is None); otherwise the outcome and coverage checks."""
    issues = list(validation)
    if issues or outcome is None:
        return issues
    issues += outcome_issues(case, outcome)
    issues += coverage_issues(case, query, canonical)
    return issues
