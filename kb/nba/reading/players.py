"""Read a player-situation sentence of an NBA problem (draft, past contracts and their terms,
awards, past trades, a declined option) into records (:mod:`taxlogic.kb.nba.reading.records`)."""

from __future__ import annotations

import re
from typing import Optional

from taxlogic.kb.nba.reading.phrases import ORDINALS, MONEY, PCT, PLAYER, SEASON, TEAM, Unread, money, names, num, strip_end
from taxlogic.kb.nba.reading.records import Award, Contract, DeclinedOption, Drafted, Record, Salary, Traded

_DRAFT = re.compile(rf"(?:{PLAYER} )?was the (\d+)(?:st|nd|rd|th) (first|second)-round pick of {TEAM} in (\d{{4}}) NBA draft when he was (\d+) years old")


def _contract_clause(player: str, clause: str) -> Contract:
    """ "signed a 4-year contract (annual salary $N, 5% increase per year) with Team A during
    2020 Moratorium Period" and its variants (terms in brackets or after "providing", the team
    before or after them, "in 2022 Cap Year")."""
    m = re.match(r"signed a (\d+)-year contract\s*", clause)
    if not m:
        raise Unread(f"not a contract: {clause!r}")
    years = int(m[1])
    rest = clause[m.end():]
    team = signed = period = None
    t = re.search(rf"\bwith {TEAM}", rest)
    if t:
        team = t[1]
        rest = (rest[:t.start()] + rest[t.end():]).strip()
    d = re.search(r"\b(?:during (\d{4}) Moratorium Period|in (\d{4}) Cap Year)$", rest)
    if d:
        signed, period = (int(d[1]), "moratorium") if d[1] else (int(d[2]), "cap_year")
        rest = rest[:d.start()].strip()
    if team is None:
        raise Unread(f"no team in {clause!r}")
    b = re.fullmatch(r"\((.*)\)", rest)
    terms = b[1] if b else re.sub(r"^providing\s+", "", rest) if rest.startswith("providing") else None
    if terms is None:
        raise Unread(f"contract terms not read: {rest!r}")
    salary, raise_pct, options, exception = _past_terms(terms.strip().rstrip(","), years)
    return Contract(player, team, signed, period, years, salary, raise_pct, options, exception)


def _past_terms(terms: str, years: int) -> tuple[Salary, Optional[float], tuple[tuple[int, str], ...], Optional[str]]:
    salary: Optional[Salary] = None
    raise_pct = None
    options: list[tuple[int, str]] = []
    exception = None
    for part in (p.strip() for p in re.split(r",\s+", terms)):
        m = re.fullmatch(rf"annual salary {MONEY}(?: with bi-annual exception)?", part)
        if m and salary is None:
            salary = Salary("dollars", money(m[1]))
            if "bi-annual" in part:
                exception = "bi_annual"
            continue
        if re.fullmatch(r"(?:the )?(?:minimum applicable player salary|minimum salary)", part) and salary is None:
            salary = Salary("minimum")
            continue
        m = re.fullmatch(rf"{PCT} (increase|decrease) per year", part)
        if m and raise_pct is None:
            raise_pct = num(m[1]) * (1 if m[2] == "increase" else -1)
            continue
        m = re.fullmatch(r"(?:with )?(last|second|first|third) (two )?years? (?:is|are|being) an? (player|team) options?|"
                         r"(?:with )?(last|second|first|third) (two )?years? (?:is|are|being) (player|team) options?", part)
        if m:
            which, two, holder = (m[1], m[2], m[3]) if m[1] else (m[4], m[5], m[6])
            n = 2 if two else 1
            first = years - n + 1 if which == "last" else ORDINALS[which]
            options += [(i, holder) for i in range(first, first + n)]
            continue
        raise Unread(f"contract term not read: {part!r}")
    if salary is None:
        raise Unread(f"no salary in {terms!r}")
    return salary, raise_pct, tuple(options), exception


_AWARD_NAMES = {
    "all-nba first team": "all_nba_first", "all-nba second team": "all_nba_second", "all-nba third team": "all_nba_third",
    "all-nba defending first team": "all_defensive_first", "all-nba defending second team": "all_defensive_second",
    "all-defensive first team": "all_defensive_first", "all-defensive second team": "all_defensive_second",
}


def player_sentence(text: str) -> list[Record]:
    """The records of a normalised player-situation sentence. Raises :class:`~taxlogic.kb.nba.reading.phrases.Unread`."""
    body = strip_end(text)
    m = re.fullmatch(rf"In {SEASON} Salary Cap Year {PLAYER} was named to (?:the )?(.+)", body)
    if m:
        award = _AWARD_NAMES.get(m[3].lower())
        if award is None:
            raise Unread(f"award not known: {m[3]!r}")
        return [Award(m[2], int(m[1]), award)]
    m = re.fullmatch(rf"{PLAYER} just decided not to exercise (?:the|his) player option(?: and tested free market)?", body)
    if m:
        return [DeclinedOption(m[1])]
    m = re.fullmatch(rf"{PLAYER} was traded to {TEAM} during (?:the )?{SEASON} Regular Season", body)
    if m:
        return [Traded(m[1], None, m[2], int(m[3]), "regular_season")]
    m = re.fullmatch(rf"{PLAYER} was traded (with (?:[Pp]layer [A-Z](?:,? and | and |, ))*[Pp]layer [A-Z] )?by {TEAM} to {TEAM} for (.+?) "
                     rf"during (?:the )?(?:{SEASON} Regular Season|(\d{{4}}) Moratorium Period)", body)
    if m:
        movers = [m[1]] + (names(m[2][5:], "player") if m[2] else [])
        back = names(m[5], "player")
        season, period = (int(m[6]), "regular_season") if m[6] else (int(m[7]), "moratorium")
        return ([Traded(p, m[3], m[4], season, period) for p in movers]
                + [Traded(p, m[4], m[3], season, period) for p in back])
    m = re.match(rf"{PLAYER} (?:and )?", body)
    if not m:
        raise Unread("no player-situation phrasing matches")
    player, rest = m[1], body[m.end():]
    out: list[Record] = []
    d = _DRAFT.match(rest)
    if d:
        out.append(Drafted(player, 1 if d[3] == "first" else 2, int(d[2]), d[4], int(d[5]), int(d[6])))
        rest = re.sub(r"^\s*and\s+", "", rest[d.end():])
    if rest:
        out.append(_contract_clause(player, rest))
    return out
