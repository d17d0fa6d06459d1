"""The NBA trade checks: does each trade fact move its asset the way its sentence says?

Issue kinds (:mod:`taxlogic.kb.nba.checks` runs them with the others):

- ``trade_against_wording``: a trade fact (``trade_player``, ``trade_cash``, ``trade_pick``) that
  moves its asset the way no reading of its sentence does (:func:`move_readings`: "Team S trades
  P to Team R for Q" has S give P to R and get Q from R), whatever the situations say: several
  texts trade a player "for" from a team his contract does not name, and the operation's own
  sentence is what says who sends him; a traded pick whose original team is not the one its
  sentence says (:func:`pick_owners`: "its" is the giving team's own, "Team X's" is X's);
- ``player_not_on_team``: a trade whose sentence does not settle who sends the player (the
  three-team form, where "for Player B and Player C ... to Team C" may have S get C or send him
  to Team C; or "Team S trades P for Q", naming no partner team) and whose From team is not where the player is at that
  point, by the facts' contracts and past trades (the latest in time), then the operations
  before it (a signing puts the player on the signing team, a trade on the receiving team, in
  operation order): the situations decide what the words leave open;
- ``trade_parties``: a one-clause trade sentence ("Team S ... trades ... for ...", no "to Team X"
  after "for") whose trade facts involve more than two teams (S and its partner, named or not).
"""

from __future__ import annotations

import re
from typing import Optional

from taxlogic.core import Issue
from taxlogic.kb.nba.reading.roles import LETTER_ATOM, arg_value
from taxlogic.kb.nba.reading.stated import amounts, named, years
from taxlogic.tools.facts import Fact

_TRADES = re.compile(r"\btra(?:de|ed)s\b")  # "traeds": a typo of the texts
_TO_TEAM = re.compile(r"\bto [Tt]eam ([A-Z])\b")
_TRADE_MOVES = ("trade_player", "trade_cash", "trade_pick")


def trade_issues(facts: list[Fact]) -> list[Issue]:
    """The checks of the module doc on ``facts``: moves against the wording, then the parties of
    one-clause trades, then who holds a traded player."""
    op_index = {}
    for f in facts:
        if f.name == "operation" and len(f.args) == 2:
            op_index.setdefault(arg_value(f.args[0]), arg_value(f.args[1]))
    issues = _move_issues(facts)
    issues += _party_issues(facts)
    issues += _holders_issues(facts, {k: v for k, v in op_index.items() if isinstance(v, int)})
    return issues


Reading = tuple[Optional[str], Optional[str]]


def move_readings(fact: Fact) -> list[Reading]:
    """How a trade fact's sentence (its anchor) may move its asset: the (from team, to team) atoms
    of each reading of the first clause "Team S ... trades GIVE [to Team R] for GET" that mentions
    it (S is the last team named before "trades"; None where the clause names no team). An asset
    is a ``trade_player``'s player ("Player C", "Player B, C and D"), a ``trade_cash``'s "$N" or a
    ``trade_pick``'s round and year ("first-round draft pick in 2025"). Mentioned in GIVE (before
    "to Team R"): S gives it, (S, R). In GET: S gets it, (R, S); and when "to Team X" follows it
    in GET (the three-team form "... for Player B and Player C and its first-round draft pick in
    2025 to Team C. Simultaneously in this trade, ..."), also S gives it to X, (S, X): the words
    do not say which. Mentioned in both parts: both readings. Empty when no clause mentions it
    (or the fact is no trade move)."""
    return [(r[0], r[1]) for r in _fact_readings(fact)]


def _fact_readings(fact: Fact) -> list[tuple[Optional[str], Optional[str], str]]:
    v = [arg_value(a) for a in fact.args]
    if fact.name == "trade_player" and len(v) == 4 and (m := LETTER_ATOM.match(str(v[3]))) and m[1] == "player":
        letter = m[2].upper()
        return _readings(" ".join(fact.anchor), lambda part: letter in named(part, "player"))
    if fact.name == "trade_cash" and len(v) == 4 and isinstance(v[3], int):
        return _readings(" ".join(fact.anchor), lambda part: v[3] in amounts(part))
    if fact.name == "trade_pick" and len(v) == 6 and v[3] in (1, 2) and isinstance(v[5], int):
        word = "first-round" if v[3] == 1 else "second-round"
        return _readings(" ".join(fact.anchor), lambda part: word in part.lower() and v[5] in years(part))
    return []


def _readings(span: str, mentions) -> list[tuple[Optional[str], Optional[str], str]]:
    """:func:`move_readings` with, for each reading, the part of the clause that mentions the asset."""
    marks = list(_TRADES.finditer(span))
    for k, mark in enumerate(marks):
        before = re.findall(r"\b[Tt]eam ([A-Z])\b", span[:mark.start()])
        if not before:
            continue
        subject = f"team_{before[-1].lower()}"
        end = marks[k + 1].start() if k + 1 < len(marks) else len(span)
        give, _, get = span[mark.end():end].partition(" for ")
        to = _TO_TEAM.search(give)
        partner = f"team_{to[1].lower()}" if to else None
        onward = _TO_TEAM.search(get)
        out: list[tuple[Optional[str], Optional[str], str]] = []
        if mentions(part := give[:to.start()] if to else give):
            out.append((subject, partner, part))
        if mentions(part := get[:onward.start()] if onward else get):
            out += [(partner, subject, part)] + ([(subject, f"team_{onward[1].lower()}", part)] if onward else [])
        elif onward and mentions(part := get[onward.end():]):
            out.append((partner, subject, part))
        if out:
            return list(dict.fromkeys(out))
    return []


def pick_owners(part: str, year: int, giver: Optional[str]) -> Optional[set[str]]:
    """Whose pick a clause part says a pick of ``year`` is: "its" is the giving team's (``giver``;
    None: not known, then None), "Team X's" is X's; the owners named since the previous year
    ("its first-round draft pick and Team D's first-round draft pick in 2028": both), else the
    last one before it ("its first-round draft pick in 2025 and second-round draft pick in 2027"),
    else the giver's (a bare "first-round draft pick in 2025")."""
    at = re.search(rf"(?<!\d){year}(?!\d)", part)
    prior = part[:at.start()] if at else part
    since = prior[max((m.end() for m in re.finditer(r"\d{4}", prior)), default=0):]
    phrases = re.findall(r"\b(its|[Tt]eam [A-Z]'s)\s", since) or re.findall(r"\b(its|[Tt]eam [A-Z]'s)\s", prior)[-1:]
    owners = {f"team_{p[5].lower()}" if p != "its" else giver for p in phrases} or {giver}
    return None if None in owners else owners  # type: ignore[return-value]


def _party_issues(facts: list[Fact]) -> list[Issue]:
    """A one-clause trade sentence ("Team S ... trades GIVE [to Team R] for GET", no "to Team X"
    after GET) is between S and one other team: its trade facts move assets between those two."""
    by_letter: dict[str, list[Fact]] = {}
    for f in facts:
        if f.name in _TRADE_MOVES and len(f.args) >= 3 and f.anchor:
            by_letter.setdefault(arg_value(f.args[0]), []).append(f)
    issues = []
    for letter, moves in by_letter.items():
        span = " ".join(moves[0].anchor)
        marks = list(_TRADES.finditer(span))
        if len(marks) != 1 or _TO_TEAM.search(span[marks[0].end():].partition(" for ")[2]):
            continue
        teams = sorted({str(arg_value(a)) for f in moves for a in f.args[1:3]})
        if len(teams) > 2:
            issues.append(Issue(kind="trade_parties", line=moves[0].line, message=(
                f"operation {str(letter).upper()}'s sentence \"{span}\" is a trade between two teams, but its trade "
                f"facts move assets among {', '.join(teams)}: check which team sends and receives each asset")))
    return issues


def _move_issues(facts: list[Fact]) -> list[Issue]:
    """Trade facts that move their asset the way no reading of their sentence does (module doc)."""
    issues = []
    for f in facts:
        found = _fact_readings(f)
        readings = [(r[0], r[1]) for r in found]
        v = [arg_value(a) for a in f.args]
        if readings and not _fits(readings, v):
            issues.append(Issue(kind="trade_against_wording", line=f.line, message=(
                f"{f.canonical}: its sentence moves this {f.name[len('trade_'):]} {_said(readings)}, not {v[1]} -> {v[2]}: "
                "check which team sends which asset")))
        elif f.name == "trade_pick" and found:
            owners = [pick_owners(r[2], v[5], r[0]) for r in found if _fits([(r[0], r[1])], v)]
            if not any(o is None or v[4] in o for o in owners):
                said = " or ".join(sorted({t for o in owners for t in o}))  # type: ignore[union-attr]
                issues.append(Issue(kind="trade_against_wording", line=f.line, message=(
                    f"{f.canonical}: its sentence makes this the pick of {said}, not of {v[4]} (\"its\" is the giving "
                    "team's own pick, \"Team X's\" is Team X's)")))
    return issues


def _fits(readings: list[Reading], v: list) -> bool:
    return any(r[0] in (None, v[1]) and r[1] in (None, v[2]) for r in readings)


def _said(readings: list[Reading]) -> str:
    return " or ".join(f"{r[0] or 'the other team'} -> {r[1] or 'the other team'}" for r in readings)


def _holder_issue(fact: Fact, v: list, holder: Optional[str]) -> Optional[Issue]:
    """A ``trade_player(L, From, To, P)`` whose sentence does not say who sends P, from another team
    than the one P is with (module doc)."""
    readings = move_readings(fact)
    said_from = len(readings) == 1 and readings[0][0] is not None  # the words name who sends him
    if holder is None or holder == v[1] or said_from or (readings and not _fits(readings, v)):
        return None  # (a move against the wording is _move_issues')
    return Issue(kind="player_not_on_team", line=fact.line, message=(
        f"{fact.canonical}: {v[3]} is with {holder} at that point (by the contracts, past trades and earlier "
        f"operations), not {v[1]}, and the sentence's wording does not settle who sends him"
        f"{' (' + _said(readings) + ')' if readings else ''}: check which team sends which player"))


def _holders_issues(facts: list[Fact], op_index: dict[str, int]) -> list[Issue]:
    dated = []
    for k, f in enumerate(facts):
        v = [arg_value(a) for a in f.args]
        if f.name == "contract" and len(v) == 7:
            year = v[2] if isinstance(v[2], int) else 0
            dated.append(((year, 0 if v[3] == "moratorium" else 1, k), v[0], v[1]))
        elif f.name == "traded" and len(v) == 5 and isinstance(v[3], int):
            dated.append(((v[3], 0 if v[4] == "moratorium" else 1, k), v[0], v[2]))
    held: dict[str, str] = {}
    for _, who, team in sorted(dated, key=lambda x: x[0]):
        held[who] = team
    steps = [f for f in facts if f.name in ("sign", "trade_player") and f.args and arg_value(f.args[0]) in op_index]
    steps.sort(key=lambda f: (op_index[arg_value(f.args[0])], 0 if f.name == "sign" else 1, f.line))
    issues = []
    moves: dict[str, list[tuple[str, str]]] = {}
    for f in steps:
        v = [arg_value(a) for a in f.args]
        if f.name == "sign" and len(v) == 6:
            held[v[2]] = v[1]
        elif f.name == "trade_player" and len(v) == 4:
            moves.setdefault(v[0], []).append((v[3], v[2]))
            issue = _holder_issue(f, v, held.get(v[3]))
            if issue:
                issues.append(issue)
        # a trade's moves take effect after the whole operation (all its assets move at once)
        last = steps.index(f) == len(steps) - 1 or arg_value(steps[steps.index(f) + 1].args[0]) != v[0]
        if last:
            for who, team in moves.pop(v[0], []):
                held[who] = team
    return issues
