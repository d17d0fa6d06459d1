"""What a RuleArena NBA problem says, as plain records: the reader's intermediate form.

The reader (:mod:`taxlogic.kb.nba.reading.reader`) turns each sentence of a problem's text (team
situations, player situations, operations) into a list of these records; the renderer
(:mod:`taxlogic.kb.nba.reading.render`) writes them as Prolog facts in the KB's vocabulary
(``kb/nba/prolog/events.pl``). Keeping the two apart lets the reading be checked (and written by hand,
``hand_readings.json``) without any Prolog.

Conventions: teams and players are the letter the text gives them (``"A"`` for "Team A");
operations are their lower-case letter (``"b"``); amounts are whole dollars (int); a Season or
Salary Cap Year "2023-24" is its first calendar year (2023); percentages are numbers of percent
(5, 4.5; a decrease is negative); ``None`` is what the text does not state.

Every record is a frozen dataclass; :func:`to_json` / :func:`from_json` give the JSON form used
by ``hand_readings.json`` (``{"type": "Sign", ...}``, a salary as ``{"form": ..., "value": ...}``,
an asset as ``{"kind": ..., ...}``). :func:`from_json` raises ``ValueError`` on an unknown type
or field.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Literal, Optional, Union

#: The sections of a problem's text, in order (``Team Situations:``, ``Player Situations:``, ``Operations:``).
SECTIONS = ("team_situations", "player_situations", "operations")
SalaryForm = Literal["dollars", "minimum", "minimum_plus", "cap_pct", "non_taxpayer_mid_level"]
EXCEPTIONS = ("bi_annual", "non_taxpayer_mid_level", "taxpayer_mid_level", "room_mid_level", "minimum_salary", "traded_player")
AWARDS = ("all_nba_first", "all_nba_second", "all_nba_third", "all_defensive_first", "all_defensive_second",
          "mvp", "defensive_player_of_the_year")


@dataclass(frozen=True)
class Salary:
    """A contract's salary as the text gives it: ``dollars`` (value: dollars), ``minimum``,
    ``minimum_plus`` (value: dollars above the minimum), ``cap_pct`` (value: percent of the
    Salary Cap) or ``non_taxpayer_mid_level`` (the amount of that exception)."""

    form: SalaryForm
    value: Optional[float] = None


@dataclass(frozen=True)
class Asset:
    """What a trade moves: ``player`` (player letter), ``cash`` (dollars), ``pick`` (round 1 or
    2, the original team's letter, draft year)."""

    kind: Literal["player", "cash", "pick"]
    player: Optional[str] = None
    dollars: Optional[int] = None
    round: Optional[int] = None
    original: Optional[str] = None
    year: Optional[int] = None


# ---------------------------------------------------------------------------- team situations


@dataclass(frozen=True)
class TeamSalary:
    team: str
    dollars: int


@dataclass(frozen=True)
class OwnPicks:
    """The team holds its own first-round picks in the following ``years`` drafts."""

    team: str
    years: int


@dataclass(frozen=True)
class LacksPick:
    """The team does not hold its own first-round pick of ``year`` (an exception to OwnPicks)."""

    team: str
    year: int


@dataclass(frozen=True)
class HoldsPick:
    """The team holds ``original``'s first-round pick of ``year``."""

    team: str
    original: str
    year: int


@dataclass(frozen=True)
class TradedPlayerException:
    team: str
    dollars: int
    cap_year: int


@dataclass(frozen=True)
class UsedException:
    team: str
    exception: str
    cap_year: int


@dataclass(frozen=True)
class PlayersSigned:
    team: str
    count: int


# -------------------------------------------------------------------------- player situations


@dataclass(frozen=True)
class Drafted:
    player: str
    round: int
    pick: int
    team: str
    year: int
    age: int


@dataclass(frozen=True)
class Contract:
    """A past contract. ``period``: ``moratorium``, ``cap_year`` or None; ``options``: (season
    index, ``player``/``team``) pairs; ``exception``: the exception it was signed with."""

    player: str
    team: str
    signed_year: Optional[int]
    period: Optional[str]
    years: int
    salary: Salary
    raise_pct: Optional[float]
    options: tuple[tuple[int, str], ...] = ()
    exception: Optional[str] = None


@dataclass(frozen=True)
class DeclinedOption:
    player: str


@dataclass(frozen=True)
class Traded:
    """A past trade of ``player`` (``from_team`` None when not named) in ``season``'s
    ``period`` (``regular_season`` or ``moratorium``)."""

    player: str
    from_team: Optional[str]
    to_team: str
    season: int
    period: str


@dataclass(frozen=True)
class Award:
    player: str
    season: int
    award: str


# --------------------------------------------------------------------------------- operations


@dataclass(frozen=True)
class Operation:
    letter: str
    index: int


@dataclass(frozen=True)
class Sign:
    """A signing (``offer=False``) or an Offer Sheet (``offer=True``) in operation ``letter``.
    ``raise_until``: the last season the raise applies to; ``year_salaries``: (season index,
    salary) stated apart; ``exception``: the exception the text names."""

    letter: str
    team: str
    player: str
    years: Optional[int]
    salary: Salary
    raise_pct: Optional[float]
    offer: bool = False
    raise_until: Optional[int] = None
    year_salaries: tuple[tuple[int, Salary], ...] = ()
    exception: Optional[str] = None


@dataclass(frozen=True)
class QualifyingOffer:
    letter: str
    team: str
    player: str


@dataclass(frozen=True)
class MatchOffer:
    """``team`` matches the Offer Sheet of ``player`` (``player`` None until resolved from the
    offer-sheet operation of ``offering_team``)."""

    letter: str
    team: str
    player: Optional[str]
    offering_team: Optional[str] = None


@dataclass(frozen=True)
class TradeAsset:
    letter: str
    from_team: str
    to_team: str
    asset: Asset


@dataclass(frozen=True)
class OperationDate:
    letter: str
    year: int
    month: int
    day: Optional[int] = None


Record = Union[TeamSalary, OwnPicks, LacksPick, HoldsPick, TradedPlayerException, UsedException, PlayersSigned,
               Drafted, Contract, DeclinedOption, Traded, Award, Operation, Sign, QualifyingOffer, MatchOffer,
               TradeAsset, OperationDate]
TYPES: dict[str, type] = {t.__name__: t for t in Record.__args__}  # type: ignore[attr-defined]


def _plain(value: Any) -> Any:
    if isinstance(value, (Salary, Asset)):
        return {k: v for k, v in dataclasses.asdict(value).items() if v is not None}
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


def to_json(record: Record) -> dict[str, Any]:
    """``record`` as a JSON object (``type`` and its non-default fields)."""
    out: dict[str, Any] = {"type": type(record).__name__}
    for f in dataclasses.fields(record):
        value = getattr(record, f.name)
        if f.default is not dataclasses.MISSING and value == f.default:
            continue
        out[f.name] = _plain(value)
    return out


def from_json(obj: dict[str, Any]) -> Record:
    """The record of a JSON object written by :func:`to_json` (or by hand)."""
    obj = dict(obj)
    kind = obj.pop("type", None)
    cls = TYPES.get(kind)  # type: ignore[arg-type]
    if cls is None:
        raise ValueError(f"unknown record type {kind!r}")
    names = {f.name for f in dataclasses.fields(cls)}
    extra = set(obj) - names
    if extra:
        raise ValueError(f"{kind}: unknown field(s) {sorted(extra)}")
    for key, value in list(obj.items()):
        if key == "salary":
            obj[key] = Salary(**value)
        elif key == "asset":
            obj[key] = Asset(**value)
        elif key == "year_salaries":
            obj[key] = tuple((int(i), Salary(**s)) for i, s in value)
        elif key == "options":
            obj[key] = tuple((int(i), str(h)) for i, h in value)
    return cls(**obj)
