"""Write a read problem (:mod:`taxlogic.kb.nba.reading.reader`) as Prolog facts in the NBA vocabulary.

The vocabulary is ``kb/nba/prolog/events.pl`` (documented in ``kb/nba/prolog/vocabulary.md``): teams and
players are atoms ``team_a`` / ``player_c``, operations their lower-case letter, amounts whole
dollars, what the text does not state the atom ``unstated``. Every sentence's facts form one
group closed by its anchor, the sentence quoted as written (``% "Team A has a team salary of
$160,000,000;"``), as the anchored translation of :mod:`taxlogic.tools.facts` reads it; a
sentence that gives no fact (none in RuleArena's problems) is left out.
"""

from __future__ import annotations

from typing import Any, Iterable, Optional

from taxlogic.kb.nba.reading.records import (
    Award, Contract, DeclinedOption, Drafted, HoldsPick, LacksPick, MatchOffer, Operation, OperationDate, OwnPicks,
    PlayersSigned, QualifyingOffer, Record, Salary, Sign, TeamSalary, Traded, TradeAsset, TradedPlayerException,
    UsedException,
)
from taxlogic.tools.facts import anchor_comment

UNSTATED = "unstated"


def team(letter: str) -> str:
    """``"A"`` -> ``team_a``."""
    return f"team_{letter.lower()}"


def player(letter: str) -> str:
    """``"C"`` -> ``player_c``."""
    return f"player_{letter.lower()}"


def _value(v: Any) -> str:
    if v is None:
        return UNSTATED
    if isinstance(v, float) and v.is_integer():
        v = int(v)
    return str(v)


def _fact(name: str, *args: Any) -> str:
    return f"{name}({', '.join(_value(a) for a in args)})."


def _salary(letter: str, who: str, salary: Salary) -> tuple[str, list[str]]:
    """The FirstSalary argument and the side facts it needs (minimum_plus/3, salary_cap_pct/3)."""
    if salary.form == "dollars":
        return _value(salary.value), []
    if salary.form == "minimum":
        return "minimum", []
    if salary.form == "minimum_plus":
        return "minimum", [_fact("minimum_plus", letter, who, salary.value)]
    if salary.form == "cap_pct":
        return "cap_pct", [_fact("salary_cap_pct", letter, who, salary.value)]
    if salary.form == "non_taxpayer_mid_level":
        return "non_taxpayer_mid_level", []
    raise ValueError(f"unknown salary form {salary.form!r}")


def record_facts(r: Record) -> list[str]:
    """The fact lines of one record (no anchor)."""
    if isinstance(r, TeamSalary):
        return [_fact("team_salary", team(r.team), r.dollars)]
    if isinstance(r, OwnPicks):
        return [_fact("all_own_first_round_picks", team(r.team), r.years)]
    if isinstance(r, LacksPick):
        return [_fact("lacks_own_first_round_pick", team(r.team), r.year)]
    if isinstance(r, HoldsPick):
        return [_fact("holds_first_round_pick", team(r.team), team(r.original), r.year)]
    if isinstance(r, TradedPlayerException):
        return [_fact("traded_player_exception", team(r.team), r.dollars, r.cap_year)]
    if isinstance(r, UsedException):
        return [_fact("used_exception", team(r.team), r.exception, r.cap_year)]
    if isinstance(r, PlayersSigned):
        return [_fact("players_signed", team(r.team), r.count)]
    if isinstance(r, Drafted):
        return [_fact("drafted", player(r.player), r.round, r.pick, team(r.team), r.year, r.age)]
    if isinstance(r, Contract):
        who = player(r.player)
        if r.salary.form not in ("dollars", "minimum"):
            raise ValueError(f"a past contract's salary is dollars or minimum, not {r.salary.form}")
        out = [_fact("contract", who, team(r.team), r.signed_year, r.period, r.years, _salary("", who, r.salary)[0], r.raise_pct)]
        out += [_fact("contract_option", who, r.signed_year, i, holder) for i, holder in r.options]
        if r.exception:
            out.append(_fact("contract_exception", who, r.signed_year, r.exception))
        return out
    if isinstance(r, DeclinedOption):
        return [_fact("declined_option", player(r.player))]
    if isinstance(r, Traded):
        return [_fact("traded", player(r.player), team(r.from_team) if r.from_team else None, team(r.to_team), r.season, r.period)]
    if isinstance(r, Award):
        return [_fact("award", player(r.player), r.season, r.award)]
    if isinstance(r, Operation):
        return [_fact("operation", r.letter, r.index)]
    if isinstance(r, Sign):
        who = player(r.player)
        first, side = _salary(r.letter, who, r.salary)
        out = [_fact("offer_sheet" if r.offer else "sign", r.letter, team(r.team), who, r.years, first, r.raise_pct)] + side
        if r.raise_until is not None:
            out.append(_fact("raise_until", r.letter, who, r.raise_until))
        for index, salary in r.year_salaries:
            value, more = _salary(r.letter, who, salary)
            if more:
                raise ValueError("a season's own salary is dollars, minimum or non_taxpayer_mid_level")
            out.append(_fact("salary_in_year", r.letter, who, index, value))
        if r.exception:
            out.append(_fact("sign_exception", r.letter, who, r.exception))
        return out
    if isinstance(r, QualifyingOffer):
        return [_fact("qualifying_offer", r.letter, team(r.team), player(r.player))]
    if isinstance(r, MatchOffer):
        if r.player is None:
            raise ValueError("a matched offer sheet's player is not resolved")
        return [_fact("match_offer_sheet", r.letter, team(r.team), player(r.player))]
    if isinstance(r, TradeAsset):
        a, src, dst = r.asset, team(r.from_team), team(r.to_team)
        if a.kind == "player":
            return [_fact("trade_player", r.letter, src, dst, player(a.player))]  # type: ignore[arg-type]
        if a.kind == "cash":
            return [_fact("trade_cash", r.letter, src, dst, a.dollars)]
        return [_fact("trade_pick", r.letter, src, dst, a.round, team(a.original), a.year)]  # type: ignore[arg-type]
    if isinstance(r, OperationDate):
        return [_fact("operation_date", r.letter, r.year, r.month, r.day)]
    raise TypeError(f"not a record: {r!r}")


def sentence_block(sentence: str, records: Iterable[Record]) -> str:
    """One sentence's facts, one per line, closed by the sentence as its anchor comment line."""
    lines = [f for r in records for f in record_facts(r)]
    if not lines:
        return ""
    return "\n".join(lines) + "\n" + anchor_comment((sentence.strip(),)).lstrip() + "\n"


def render_reading(reading, *, header: Optional[str] = None) -> str:
    """A whole :class:`~taxlogic.kb.nba.reading.result.Reading` as a fact program (its sentences in
    order, one blank line between groups). Raises ``ValueError`` if a sentence is unread."""
    if not reading.complete:
        raise ValueError("unread sentences: " + "; ".join(s.text for s in reading.unread))
    blocks = [sentence_block(s.text, s.records) for s in reading.sentences]
    head = "".join(f"% {line}\n" for line in header.splitlines()) + "\n" if header else ""
    return head + "\n".join(b for b in blocks if b)
