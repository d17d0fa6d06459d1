"""Read a RuleArena NBA problem's text into records (:mod:`taxlogic.kb.nba.records`).

Only the text is read: ``team_situations``, ``player_situations`` and ``operations`` (never
``answer``, ``illegal_operation``, ``problematic_team`` or ``relevant_rules``). Each sentence is
read on its own by a small grammar of the phrasings RuleArena's problems use; a sentence is
*read* only when every part of it is understood, else it is *unread* and needs a hand reading
(``hand_readings.json``, :func:`hand_readings`): the reader never guesses. The texts' typos are
read as a person would ("signes", "traeds", "contrct", "proving" for "providing", "Salary year"
for "Salary Cap Year"): :data:`TYPOS`.

Two things are read from the problem as a whole, after the sentences (:func:`resolve`):
which team a trade's other side is when the sentence names none ("Team A trades Player A for
Player B": the team Player B plays for, by the player situations and the operations before),
and which player a matched Offer Sheet is for ("Team B matches the offer sheet from Team A": the
player of Team A's offer-sheet operation).

:func:`read_problem` returns a :class:`Reading`: per sentence its records (or None), in the
text's order.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field, replace
from importlib import resources
from typing import Any, Iterable, Optional

from taxlogic.kb.nba.records import (
    Asset, Award, Contract, DeclinedOption, Drafted, HoldsPick, LacksPick, MatchOffer, Operation,
    OperationDate, OwnPicks, PlayersSigned, QualifyingOffer, Record, Salary, Sign, TeamSalary, Traded,
    TradeAsset, TradedPlayerException, UsedException, from_json,
)
from taxlogic.tables import shared_table

#: Typos of the problem texts and what a reader reads there (whole words, case kept).
TYPOS: dict[str, str] = {
    "signes": "signs", "traeds": "trades", "contrct": "contract", "proving": "providing",
}

SECTIONS = ("team_situations", "player_situations", "operations")

_NUM_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7}
_ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "last": -1}
_MONTHS = {m: i for i, ms in enumerate((("january", "jan"), ("february", "feb"), ("march", "mar"), ("april", "apr"),
                                        ("may",), ("june", "jun"), ("july", "jul"), ("august", "aug"),
                                        ("september", "sep", "sept"), ("october", "oct"), ("november", "nov"),
                                        ("december", "dec")), 1) for m in ms}

_TEAM = r"[Tt]eam ([A-Z])\b"
_PLAYER = r"[Pp]layer ([A-Z])\b"
_MONEY = r"\$(\d{1,3}(?:,\d{3})+|\d+)"
_PCT = r"(\d+(?:\.\d+)?)%"
_SEASON = r"(\d{4})-(?:\d{4}|\d{2})"
_FIRST_YEAR = r"in the first (?:Salary )?Cap Year(?: \(2024-2025\))?"


class Unread(ValueError):
    """A sentence (or part of one) the grammar does not read; the message says which part."""


@dataclass
class Sentence:
    """One sentence of the problem: its section, its position there, the text as written, and its
    records (None when unread; ``why`` then says what was not understood)."""

    section: str
    position: int
    text: str
    records: Optional[list[Record]] = None
    why: str = ""
    by_hand: bool = False


@dataclass
class Reading:
    """A whole problem read: every sentence in the text's order (team situations, player
    situations, operations)."""

    sentences: list[Sentence] = field(default_factory=list)

    @property
    def complete(self) -> bool:
        return all(s.records is not None for s in self.sentences)

    @property
    def unread(self) -> list[Sentence]:
        return [s for s in self.sentences if s.records is None]

    def records(self) -> list[Record]:
        return [r for s in self.sentences for r in (s.records or [])]


# ------------------------------------------------------------------------------ small pieces


def _money(text: str) -> int:
    return int(text.replace(",", ""))


def _num(text: str) -> float | int:
    value = float(text)
    return int(value) if value.is_integer() else value


def _normalise(sentence: str) -> str:
    text = sentence.strip()
    for wrong, right in TYPOS.items():
        text = re.sub(rf"\b{wrong}\b", right, text)
    text = re.sub(r"\bSalary year\b", "Salary Cap Year", text)
    text = re.sub(r"\s+", " ", text)
    return text


def _strip_end(text: str) -> str:
    return re.sub(r"[\s.;]+$", "", text)


def _names(text: str, kind: str) -> list[str]:
    """Letters of a list of players or teams: "Player C and Player D", "Player B, D and E",
    "Player A with Player C and D". Raises Unread if anything else is in ``text``."""
    word = "[Pp]layer" if kind == "player" else "[Tt]eam"
    parts = re.split(r",\s*and\s+|\s*,\s*|\s+and\s+|\s+with\s+", text.strip())
    out = []
    for part in parts:
        m = re.fullmatch(rf"(?:{word}\s+)?([A-Z])", part.strip())
        if not m:
            raise Unread(f"not a {kind}: {part!r}")
        out.append(m[1])
    return out


# ---------------------------------------------------------------------------- team situations


def _team_sentence(text: str) -> list[Record]:
    body = _strip_end(text)
    m = re.fullmatch(rf"{_TEAM} has a team salary of {_MONEY}", body)
    if m:
        return [TeamSalary(m[1], _money(m[2]))]
    m = re.fullmatch(rf"{_TEAM} signs (\d+) players before the new season", body)
    if m:
        return [PlayersSigned(m[1], int(m[2]))]
    m = re.fullmatch(rf"{_TEAM} got a {_MONEY} Traded Player Exception during {_SEASON} Salary Cap Year", body)
    if m:
        return [TradedPlayerException(m[1], _money(m[2]), int(m[3]))]
    m = re.fullmatch(rf"{_TEAM} used its bi-annual exception to sign a player in the {_SEASON} Salary Cap Year", body)
    if m:
        return [UsedException(m[1], "bi_annual", int(m[2]))]
    m = re.fullmatch(r"((?:Team [A-Z], )*Team [A-Z],? and Team [A-Z]) have all their first-round draft picks in the following (\d+) years", body)
    if m:
        return [OwnPicks(t, int(m[2])) for t in _names(m[1], "team")]
    m = re.fullmatch(rf"{_TEAM} has all its first-round draft picks in the following (\d+) years(.*)", body)
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


# -------------------------------------------------------------------------- player situations

_DRAFT = re.compile(rf"(?:{_PLAYER} )?was the (\d+)(?:st|nd|rd|th) (first|second)-round pick of {_TEAM} in (\d{{4}}) NBA draft when he was (\d+) years old")


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
    t = re.search(rf"\bwith {_TEAM}", rest)
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
        m = re.fullmatch(rf"annual salary {_MONEY}(?: with bi-annual exception)?", part)
        if m and salary is None:
            salary = Salary("dollars", _money(m[1]))
            if "bi-annual" in part:
                exception = "bi_annual"
            continue
        if re.fullmatch(r"(?:the )?(?:minimum applicable player salary|minimum salary)", part) and salary is None:
            salary = Salary("minimum")
            continue
        m = re.fullmatch(rf"{_PCT} (increase|decrease) per year", part)
        if m and raise_pct is None:
            raise_pct = _num(m[1]) * (1 if m[2] == "increase" else -1)
            continue
        m = re.fullmatch(r"(?:with )?(last|second|first|third) (two )?years? (?:is|are|being) an? (player|team) options?|"
                         r"(?:with )?(last|second|first|third) (two )?years? (?:is|are|being) (player|team) options?", part)
        if m:
            which, two, holder = (m[1], m[2], m[3]) if m[1] else (m[4], m[5], m[6])
            n = 2 if two else 1
            first = years - n + 1 if which == "last" else _ORDINALS[which]
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


def _player_sentence(text: str) -> list[Record]:
    body = _strip_end(text)
    m = re.fullmatch(rf"In {_SEASON} Salary Cap Year {_PLAYER} was named to (?:the )?(.+)", body)
    if m:
        award = _AWARD_NAMES.get(m[3].lower())
        if award is None:
            raise Unread(f"award not known: {m[3]!r}")
        return [Award(m[2], int(m[1]), award)]
    m = re.fullmatch(rf"{_PLAYER} just decided not to exercise (?:the|his) player option(?: and tested free market)?", body)
    if m:
        return [DeclinedOption(m[1])]
    m = re.fullmatch(rf"{_PLAYER} was traded to {_TEAM} during (?:the )?{_SEASON} Regular Season", body)
    if m:
        return [Traded(m[1], None, m[2], int(m[3]), "regular_season")]
    m = re.fullmatch(rf"{_PLAYER} was traded (with (?:[Pp]layer [A-Z](?:,? and | and |, ))*[Pp]layer [A-Z] )?by {_TEAM} to {_TEAM} for (.+?) "
                     rf"during (?:the )?(?:{_SEASON} Regular Season|(\d{{4}}) Moratorium Period)", body)
    if m:
        movers = [m[1]] + (_names(m[2][5:], "player") if m[2] else [])
        back = _names(m[5], "player")
        season, period = (int(m[6]), "regular_season") if m[6] else (int(m[7]), "moratorium")
        return ([Traded(p, m[3], m[4], season, period) for p in movers]
                + [Traded(p, m[4], m[3], season, period) for p in back])
    m = re.match(rf"{_PLAYER} (?:and )?", body)
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


# --------------------------------------------------------------------------------- operations


def _salary_phrase(text: str) -> Salary:
    t = text.strip()
    m = re.fullmatch(rf"(?:annual salary |salary )?{_MONEY}", t)
    if m:
        return Salary("dollars", _money(m[1]))
    m = re.fullmatch(rf"(?:a |the )?minimum applicable annual salary plus {_MONEY}", t)
    if m:
        return Salary("minimum_plus", _money(m[1]))
    if re.fullmatch(r"(?:a |the )?(?:minimum applicable player salary|minimum applicable annual salary|minimum annual salary|"
                    r"minimum salary|minimal annual salary)", t):
        return Salary("minimum")
    m = re.fullmatch(r"annual salary equal to (\d+(?:\.\d+)?)% (?:of the Salary Cap|× Salary Cap)", t)
    if m:
        return Salary("cap_pct", _num(m[1]))
    if re.fullmatch(r"annual salary equal to the non-taxpayer mid-level exception", t):
        return Salary("non_taxpayer_mid_level")
    raise Unread(f"salary not read: {t!r}")


def _terms(text: str, years: Optional[int]) -> dict[str, Any]:
    """The terms of a new contract: first salary, raise, seasons stated apart."""
    t = _strip_end(text.strip())
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
        r = re.fullmatch(rf"{_PCT} (increase|decrease) per year(?: for the first (two|three) Salary Cap Years)?", part)
        if r and out["raise_pct"] is None:
            out["raise_pct"] = _num(r[1]) * (1 if r[2] == "increase" else -1)
            if r[3]:
                out["raise_until"] = _NUM_WORDS[r[3]]
            continue
        y = re.fullmatch(rf"(?:salary )?{_MONEY} (?:for|in) the (second|third|fourth|fifth|last) (?:Salary Cap )?Year", part)
        if y:
            index = _ORDINALS[y[2]]
            if index == -1:
                if years is None:
                    raise Unread("the last season of a contract of unstated length")
                index = years
            out["year_salaries"].append((index, Salary("dollars", _money(y[1]))))
            continue
        raise Unread(f"contract term not read: {part!r}")
    return out


_SIGN_HEAD = [
    re.compile(rf"^{_TEAM} signs (?:a )?(?:contract )?(\d+)-year contract with {_PLAYER}\s*(.*)$"),
    re.compile(rf"^{_TEAM} signs with {_PLAYER} with a (\d+)-year contract\s*(.*)$"),
]


def _sign_clause(letter: str, clause: str) -> Sign:
    for k, pat in enumerate(_SIGN_HEAD):
        m = pat.match(clause)
        if m:
            team, years, player, rest = (m[1], int(m[2]), m[3], m[4]) if k == 0 else (m[1], int(m[3]), m[2], m[4])
            terms = _terms(rest, years)
            return Sign(letter, team, player, years, terms["salary"], terms["raise_pct"], False, terms["raise_until"],
                        tuple(terms["year_salaries"]))
    raise Unread(f"signing not read: {clause!r}")


def _offer_clause(letter: str, clause: str) -> Sign:
    m = re.match(rf"^{_TEAM} provides an offer sheet for {_PLAYER} in a (\d+)-year contract (.*)$", clause)
    if not m:
        m = re.match(rf"^{_TEAM} provides {_PLAYER} with an offer sheet - a (\d+)-year contract (.*)$", clause)
    if not m:  # "Team A provides an offer sheet for Player A providing ...": length unstated
        m = re.match(rf"^{_TEAM} provides an offer sheet for {_PLAYER}()(?= providing )(.*)$", clause)
    if not m:
        raise Unread(f"offer sheet not read: {clause!r}")
    years = int(m[3]) if m[3] else None
    terms = _terms(m[4], years)
    return Sign(letter, m[1], m[2], years, terms["salary"], terms["raise_pct"], True, terms["raise_until"],
                tuple(terms["year_salaries"]))


def _assets(text: str, own: str, other: Optional[str]) -> list[tuple[Asset, Optional[str]]]:
    """Assets of one side of a trade: (asset, its original team for picks). "its" is ``own`` (the
    side that gives them). Players: "Player A with Player C and D", "Player B, Player C, and
    Player D"; picks: "its first-round draft picks in 2026 and 2028", "Team A's first-round draft
    pick in 2027", "first-round 2028"; cash: "$5,000,000"."""
    out: list[tuple[Asset, Optional[str]]] = []
    t = text.strip()
    # cut the side into items at " and " / ", " while keeping "picks in 2026 and 2028" and
    # "Player C and D" together
    tokens = re.split(r",\s+(?:and\s+)?|\s+and\s+|\s+with\s+", t)
    pending_pick: Optional[tuple[int, str]] = None
    last_kind = None
    for tok in (x.strip() for x in tokens if x.strip()):
        m = re.fullmatch(rf"(?:{_PLAYER}|([A-Z]))", tok)
        if m:
            if m[2] and last_kind != "player":
                raise Unread(f"a bare letter {tok!r} not after a player")
            out.append((Asset("player", player=m[1] or m[2]), None))
            last_kind = "player"
            continue
        m = re.fullmatch(_MONEY, tok)
        if m:
            out.append((Asset("cash", dollars=_money(m[1])), None))
            last_kind = "cash"
            continue
        m = re.fullmatch(r"(?:(its)|Team ([A-Z])'s)? ?(first|second)-round (?:draft picks?(?: in)? )?(\d{4})?", tok)
        if m:
            original = m[2] or own
            rnd = 1 if m[3] == "first" else 2
            if m[4]:
                out.append((Asset("pick", round=rnd, original=original, year=int(m[4])), original))
                pending_pick = None
            else:
                pending_pick = (rnd, original)
            last_kind = "pick"
            continue
        m = re.fullmatch(r"\d{4}", tok)
        if m and last_kind == "pick":
            prev = next((a for a, _ in reversed(out) if a.kind == "pick"), None)
            if pending_pick:
                out.append((Asset("pick", round=pending_pick[0], original=pending_pick[1], year=int(tok)), pending_pick[1]))
                # "its first-round draft pick and Team D's first-round draft pick in 2028": the year
                # closes every pick still waiting for one
                pending_pick = None
            elif prev is not None:
                out.append((Asset("pick", round=prev.round, original=prev.original, year=int(tok)), prev.original))
            continue
        raise Unread(f"trade asset not read: {tok!r}")
    if pending_pick:
        raise Unread(f"a pick without a year in {t!r}")
    return out


def _pick_waiters(text: str) -> str:
    """ "its first-round draft pick and Team D's first-round draft pick in 2028": both picks are
    of 2028; written out so that each pick has its year."""
    m = re.fullmatch(r"(.*?)(its|Team [A-Z]'s) (first|second)-round draft pick and (Team [A-Z]'s) (first|second)-round draft pick in (\d{4})(.*)", text)
    if not m:
        return text
    return (f"{m[1]}{m[2]} {m[3]}-round draft pick in {m[6]} and {m[4]} {m[5]}-round draft pick in {m[6]}{m[7]}")


def _trade_clause(letter: str, clause: str) -> tuple[list[TradeAsset], Optional[str]]:
    """One "Team A trades X to Team B for Y" clause. Returns the trade assets (the other team
    may be ``"?"``: named by no team in the sentence, resolved by :func:`resolve`) and that
    other team's letter or None."""
    m = re.match(rf"^{_TEAM} (?:immediately )?trades (.+)$", clause)
    if not m:
        raise Unread(f"trade not read: {clause!r}")
    team, rest = m[1], m[2]
    rest = re.sub(rf"\s+in {_TEAM}$", lambda x: f" @{x[1]}", rest)
    at = re.search(r" @([A-Z])$", rest)
    other_hint = None
    if at:
        other_hint = at[1]
        rest = rest[:at.start()]
    parts = re.fullmatch(rf"(.+?)(?: to {_TEAM})?(?: for (.+))?", rest)
    if not parts:
        raise Unread(f"trade not read: {clause!r}")
    give, other, get = parts[1], parts[2] or other_hint, parts[3]
    target = other or "?"
    out = [TradeAsset(letter, team, target, a) for a, _ in _assets(_pick_waiters(give), team, target)]
    if get:
        out += [TradeAsset(letter, target, team, a) for a, _ in _assets(_pick_waiters(get), target, team)]
    return out, other


_DATE = re.compile(r"(?:,? execute the transaction in)?\s+(?:in|on)\s+(?:([A-Z][a-z]+)(?:\s+(\d+)(?:st|nd|rd|th)?,?)?\s+(?:of\s+)?)(\d{4})$")


def _operation(letter: str, index: int, text: str) -> list[Record]:
    body = _strip_end(re.sub(r"^[A-Z]\.\s*", "", text))
    out: list[Record] = [Operation(letter, index)]
    date: Optional[OperationDate] = None
    d = _DATE.search(body)
    if d and d[1] and d[1].lower() in _MONTHS:
        date = OperationDate(letter, int(d[3]), _MONTHS[d[1].lower()], int(d[2]) if d[2] else None)
        body = body[:d.start()]
    body = re.sub(r"\s+in in\s+", " in ", body)
    m = re.fullmatch(rf"{_TEAM} provides a qualifying offer for {_PLAYER}", body)
    if m:
        out.append(QualifyingOffer(letter, m[1], m[2]))
    elif (m := re.fullmatch(rf"{_TEAM} matches the offer(?: sheet)?(?: (?:from|by) {_TEAM}| for {_PLAYER})", body)):
        out.append(MatchOffer(letter, m[1], m[3], m[2]))
    elif re.match(rf"{_TEAM} provides", body):
        out.append(_offer_clause(letter, body))
    elif re.match(rf"{_TEAM} (?:immediately )?trades ", body):
        trades, _ = _trade_clause(letter, body)
        out += trades
    elif re.match(rf"{_TEAM} signs ", body):
        team = body.split()[1]
        parts = re.split(r",? and (?:immediately |subsequently )?(?=trades |signs )", body)
        for k, part in enumerate(parts):
            clause = part if k == 0 else f"Team {team} {part}"
            if clause.startswith(f"Team {team} trades"):
                trades, _ = _trade_clause(letter, clause)
                out += trades
            else:
                out.append(_sign_clause(letter, clause))
    else:
        raise Unread("no operation phrasing matches")
    if date:
        out.append(date)
    return out


# ------------------------------------------------------------------------------------ reading


def read_sentence(section: str, position: int, text: str) -> list[Record]:
    """The records of one sentence. ``position``: 0-based within its section (an operation's
    index is ``position + 1``). Raises :class:`Unread` when the grammar does not read it."""
    norm = _normalise(text)
    if section == "team_situations":
        return _team_sentence(norm)
    if section == "player_situations":
        return _player_sentence(norm)
    if section == "operations":
        m = re.match(r"([A-Z])\.\s", norm)
        if not m:
            raise Unread("an operation must start with its letter (\"A. \")")
        return _operation(m[1].lower(), position + 1, norm)
    raise ValueError(f"unknown section {section!r}")


@shared_table(maxsize=1)
def hand_readings() -> dict[str, list[Record]]:
    """``hand_readings.json``: sentence text (as written) -> its records, for the sentences the
    grammar does not read. Each entry also has ``why``, the reader's own words for it."""
    raw = json.loads(resources.files("taxlogic.kb.nba").joinpath("hand_readings.json").read_text(encoding="utf-8"))
    return {entry["sentence"]: [from_json(r) for r in entry["records"]] for entry in raw["sentences"]}


def read_problem(problem: dict[str, Any], *, use_hand: bool = True) -> Reading:
    """Read the text of one annotated problem (a dict with ``team_situations``,
    ``player_situations`` and ``operations``); other keys are never looked at. With
    ``use_hand`` an unread sentence takes its hand reading when there is one. Then
    :func:`resolve` fills in what only the whole problem tells."""
    reading = Reading()
    hand = hand_readings() if use_hand else {}
    for section in SECTIONS:
        for position, text in enumerate(problem[section]):
            s = Sentence(section, position, text)
            try:
                s.records = read_sentence(section, position, text)
            except Unread as exc:
                s.why = str(exc)
                if text in hand:
                    s.records, s.by_hand = _reindex(hand[text], section, position), True
            reading.sentences.append(s)
    resolve(reading)
    return reading


def _reindex(records: list[Record], section: str, position: int) -> list[Record]:
    if section != "operations":
        return list(records)
    return [replace(r, index=position + 1) if isinstance(r, Operation) else r for r in records]


def holders(records: Iterable[Record]) -> dict[str, str]:
    """Which team each player is with after the player situations (the last contract or trade
    in time; a contract of unstated year counts before dated events), then after ``records``'
    operations in order (signings, trades)."""
    dated: list[tuple[tuple[int, int, int], str, str]] = []
    order = 0
    for r in records:
        order += 1
        if isinstance(r, Contract):
            key = (r.signed_year if r.signed_year is not None else 0, 0 if r.period == "moratorium" else 1, order)
            dated.append((key, r.player, r.team))
        elif isinstance(r, Traded):
            key = (r.season, 0 if r.period == "moratorium" else 1, order)
            dated.append((key, r.player, r.to_team))
    out: dict[str, str] = {}
    for _, player, team in sorted(dated):
        out[player] = team
    for r in records:
        if isinstance(r, Sign) and not r.offer:
            out[r.player] = r.team
        elif isinstance(r, TradeAsset) and r.asset.kind == "player" and r.to_team != "?":
            out[r.asset.player] = r.to_team  # type: ignore[index]
    return out


def resolve(reading: Reading) -> None:
    """Fill in, in place, what a sentence leaves to the whole problem: a trade's other team
    ("?": the team that holds the first player the trading team receives, by :func:`holders` of
    everything before the operation) and a matched Offer Sheet's player (the player of the
    offering team's offer-sheet operation, else of the only offer sheet). A sentence whose
    reference cannot be resolved becomes unread."""
    before: list[Record] = []
    for s in reading.sentences:
        if s.records is None:
            continue
        try:
            s.records = [_resolved(r, s.records, before) for r in s.records]
        except Unread as exc:
            s.records, s.why = None, str(exc)
            continue
        before += s.records


def _resolved(r: Record, sentence: list[Record], before: list[Record]) -> Record:
    if isinstance(r, TradeAsset) and "?" in (r.from_team, r.to_team):
        got = [x.asset.player for x in sentence if isinstance(x, TradeAsset) and x.to_team != "?" and x.from_team == "?"
               and x.asset.kind == "player"]
        held = holders(before)
        other = held.get(got[0]) if got else None  # type: ignore[arg-type]
        if other is None:
            raise Unread("the trade names no other team and no player of it")
        asset = r.asset
        if asset.kind == "pick" and asset.original == "?":
            asset = replace(asset, original=other)
        return replace(r, from_team=other if r.from_team == "?" else r.from_team,
                       to_team=other if r.to_team == "?" else r.to_team, asset=asset)
    if isinstance(r, MatchOffer) and r.player is None:
        offers = [x for x in before if isinstance(x, Sign) and x.offer]
        named = [x for x in offers if x.team == r.offering_team] if r.offering_team else offers
        if len(named) != 1:
            raise Unread(f"{len(named)} offer sheets the match can be of")
        return replace(r, player=named[0].player)
    return r
