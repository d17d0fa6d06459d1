"""Read the signing clauses of an NBA operation: a new contract ("Team A signs a 3-year contract
with Player A providing ...") or an offer sheet, with its terms (first salary, raise, seasons
stated apart), into :class:`~taxlogic.kb.nba.reading.records.Sign` records."""

from __future__ import annotations

import re
from typing import Any, Optional

from taxlogic.kb.nba.reading.phrases import ORDINALS, MONEY, PCT, PLAYER, TEAM, Unread, money, num, strip_end
from taxlogic.kb.nba.reading.records import Salary, Sign

_NUM_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7}
_FIRST_YEAR = r"in the first (?:Salary )?Cap Year(?: \(2024-2025\))?"


def _salary_phrase(text: str) -> Salary:
    t = text.strip()
    m = re.fullmatch(rf"(?:annual salary |salary )?{MONEY}", t)
    if m:
        return Salary("dollars", money(m[1]))
    m = re.fullmatch(rf"(?:a |the )?minimum applicable annual salary plus {MONEY}", t)
    if m:
        return Salary("minimum_plus", money(m[1]))
    if re.fullmatch(r"(?:a |the )?(?:minimum applicable player salary|minimum applicable annual salary|minimum annual salary|"
                    r"minimum salary|minimal annual salary)", t):
        return Salary("minimum")
    m = re.fullmatch(r"annual salary equal to (\d+(?:\.\d+)?)% (?:of the Salary Cap|× Salary Cap)", t)
    if m:
        return Salary("cap_pct", num(m[1]))
    if re.fullmatch(r"annual salary equal to the non-taxpayer mid-level exception", t):
        return Salary("non_taxpayer_mid_level")
    raise Unread(f"salary not read: {t!r}")


def _terms(text: str, years: Optional[int]) -> dict[str, Any]:
    """The terms of a new contract: first salary, raise, seasons stated apart."""
    t = strip_end(text.strip())
    t = re.sub(r"^(?:providing|with)\s+", "", t)
    b = re.fullmatch(r"\((.*)\)", t)
    if b:
        t = b[1]
    out: dict[str, Any] = {"salary": None, "raise_pct": None, "raise_until": None, "year_salaries": []}
    # the first salary, up to "in the first ... Cap Year" or the first comma / " and N% "
    m = re.match(rf"(.+?)(?: in the first two Salary Cap Years? \(2024-202[56](?:, 2025-2026)?\)| {_FIRST_YEAR})?(?=, | and \d| and salary|$)", t)
    if not m:
        raise Unread(f"no salary in {t!r}")
    out["salary"] = _salary_phrase(m[1])
    if "first two Salary Cap Year" in m[0]:
        out["raise_pct"], out["raise_until"] = 0, 2
    rest = t[m.end():]
    for part in (p for p in re.split(r",\s+(?:and\s+)?|\s+and\s+", rest) if p.strip()):
        part = part.strip()
        r = re.fullmatch(rf"{PCT} (increase|decrease) per year(?: for the first (two|three) Salary Cap Years)?", part)
        if r and out["raise_pct"] is None:
            out["raise_pct"] = num(r[1]) * (1 if r[2] == "increase" else -1)
            if r[3]:
                out["raise_until"] = _NUM_WORDS[r[3]]
            continue
        y = re.fullmatch(rf"(?:salary )?{MONEY} (?:for|in) the (second|third|fourth|fifth|last) (?:Salary Cap )?Year", part)
        if y:
            index = ORDINALS[y[2]]
            if index == -1:
                if years is None:
                    raise Unread("the last season of a contract of unstated length")
                index = years
            out["year_salaries"].append((index, Salary("dollars", money(y[1]))))
            continue
        raise Unread(f"contract term not read: {part!r}")
    return out


_SIGN_HEAD = [
    re.compile(rf"^{TEAM} signs (?:a )?(?:contract )?(\d+)-year contract with {PLAYER}\s*(.*)$"),
    re.compile(rf"^{TEAM} signs with {PLAYER} with a (\d+)-year contract\s*(.*)$"),
]


def sign_clause(letter: str, clause: str) -> Sign:
    """A signing clause ("Team A signs a 3-year contract with Player A ..."), operation ``letter``."""
    for k, pat in enumerate(_SIGN_HEAD):
        m = pat.match(clause)
        if m:
            team, years, player, rest = (m[1], int(m[2]), m[3], m[4]) if k == 0 else (m[1], int(m[3]), m[2], m[4])
            terms = _terms(rest, years)
            return Sign(letter, team, player, years, terms["salary"], terms["raise_pct"], False, terms["raise_until"],
                        tuple(terms["year_salaries"]))
    raise Unread(f"signing not read: {clause!r}")


def offer_clause(letter: str, clause: str) -> Sign:
    """An offer-sheet clause ("Team A provides an offer sheet for Player A ..."), operation ``letter``."""
    m = re.match(rf"^{TEAM} provides an offer sheet for {PLAYER} in a (\d+)-year contract (.*)$", clause)
    if not m:
        m = re.match(rf"^{TEAM} provides {PLAYER} with an offer sheet - a (\d+)-year contract (.*)$", clause)
    if not m:  # "Team A provides an offer sheet for Player A providing ...": length unstated
        m = re.match(rf"^{TEAM} provides an offer sheet for {PLAYER}()(?= providing )(.*)$", clause)
    if not m:
        raise Unread(f"offer sheet not read: {clause!r}")
    years = int(m[3]) if m[3] else None
    terms = _terms(m[4], years)
    return Sign(letter, m[1], m[2], years, terms["salary"], terms["raise_pct"], True, terms["raise_until"],
                tuple(terms["year_salaries"]))
