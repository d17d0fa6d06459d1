"""Read a team-situation sentence of an NBA problem ("Team A has a team salary of $N", its picks,
exceptions and signings) into records (:mod:`taxlogic.kb.nba.reading.records`)."""

from __future__ import annotations

import re

from taxlogic.kb.nba.reading.phrases import MONEY, SEASON, TEAM, Unread, money, names, strip_end
from taxlogic.kb.nba.reading.records import (
    HoldsPick, LacksPick, OwnPicks, PlayersSigned, Record, TeamSalary, TradedPlayerException, UsedException,
)


def team_sentence(text: str) -> list[Record]:
    """The records of a normalised team-situation sentence. Raises :class:`~taxlogic.kb.nba.reading.phrases.Unread`."""
    body = strip_end(text)
    m = re.fullmatch(rf"{TEAM} has a team salary of {MONEY}", body)
    if m:
        return [TeamSalary(m[1], money(m[2]))]
    m = re.fullmatch(rf"{TEAM} signs (\d+) players before the new season", body)
    if m:
        return [PlayersSigned(m[1], int(m[2]))]
    m = re.fullmatch(rf"{TEAM} got a {MONEY} Traded Player Exception during {SEASON} Salary Cap Year", body)
    if m:
        return [TradedPlayerException(m[1], money(m[2]), int(m[3]))]
    m = re.fullmatch(rf"{TEAM} used its bi-annual exception to sign a player in the {SEASON} Salary Cap Year", body)
    if m:
        return [UsedException(m[1], "bi_annual", int(m[2]))]
    m = re.fullmatch(r"((?:Team [A-Z], )*Team [A-Z],? and Team [A-Z]) have all their first-round draft picks in the following (\d+) years", body)
    if m:
        return [OwnPicks(t, int(m[2])) for t in names(m[1], "team")]
    m = re.fullmatch(rf"{TEAM} has all its first-round draft picks in the following (\d+) years(.*)", body)
    if m:
        team, rest = m[1], m[3]
        out: list[Record] = [OwnPicks(team, int(m[2]))]
        e = re.match(r" except (\d{4}(?: and \d{4})*)", rest)
        if e:
            out += [LacksPick(team, int(y)) for y in re.findall(r"\d{4}", e[1])]
            rest = rest[e.end():]
        h = re.fullmatch(r" and Team ([A-Z])'s first-round draft picks? in (\d{4}(?: and \d{4})*)", rest)
        if h:
            out += [HoldsPick(team, h[1], int(y)) for y in re.findall(r"\d{4}", h[2])]
            rest = ""
        if rest:
            raise Unread(f"after the picks: {rest!r}")
        return out
    raise Unread("no team-situation phrasing matches")
