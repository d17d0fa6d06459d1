"""Corrupt an NBA fact program the way a translator gets one wrong, one class at a time.

Each operator takes a program (gold facts with anchor comments) and returns the corrupted text,
or None when the program has nothing it applies to. Classes (:data:`OPERATORS`):

- ``amount``: one dollar amount of a fact (a salary, a team salary, cash in a trade) changed by
  +10% (rounded to $100,000, at least $100,000 more);
- ``year``: one year of a fact (a draft, a contract's signing, a season, a pick's draft) one later;
- ``drop_operation``: every fact of one operation removed (its ``operation/2`` and steps);
- ``reorder_operations``: the positions of two operations swapped (``operation(a, 1)`` and
  ``operation(b, 2)`` become ``operation(a, 2)`` and ``operation(b, 1)``);
- ``wrong_team``: a player given to the wrong team: a traded player sent the other way
  (``trade_player(L, From, To, P)`` -> ``trade_player(L, To, From, P)``), else a contract's
  team replaced by another team of the problem;
- ``third_team``: a traded player sent to, or taken from, another team of the problem than the
  sentence says (``trade_player(L, From, To, P)`` with its To, then its From, replaced by a team
  of the problem that is neither): places go over the trades first, then the other teams;
- ``asset_direction``: a traded pick or cash sent the other way (``trade_pick`` or ``trade_cash``
  with From and To swapped);
- ``pick_owner``: a traded pick made another team's pick (``trade_pick(L, From, To, R, Original,
  Y)`` with Original the other team of the trade: From's own pick becomes To's, any other From's).

Omissions (issue 33), a translator that leaves something out; anchor comments are kept unless
said (a group left with no fact leaves its anchor quoting nothing):

- ``omit_operation``: one operation left out whole, its facts and its anchor comment (the
  sentence skipped);
- ``omit_step``: one fact of one operation left out, other than its ``operation/2`` (a traded
  player, pick or cash, a signing, a salary of a later season, a date);
- ``omit_player_fact``: one fact of the player situations left out (a contract, a draft, an
  option, a past trade, an award);
- ``omit_team_fact``: one fact of the team situations left out (a team salary, a pick held or
  missing, an exception used).

``which`` picks among the places an operator applies to (modulo their number), so a test can
try several. Used by the NBA corruption tests (tests/test_nba_agent.py).
"""

from __future__ import annotations

import re
from typing import Callable, Optional

_FACT = re.compile(r"^([a-z_]+)\((.*)\)\.(\s*(?:%.*)?)$")
_AMOUNT_ARGS = {"team_salary": (1,), "contract": (5,), "sign": (4,), "offer_sheet": (4,), "salary_in_year": (3,),
                "trade_cash": (3,), "traded_player_exception": (1,), "minimum_plus": (2,)}
_YEAR_ARGS = {"drafted": (4,), "contract": (2,), "traded": (3,), "award": (1,), "trade_pick": (5,),
              "lacks_own_first_round_pick": (1,), "holds_first_round_pick": (2,), "traded_player_exception": (2,),
              "used_exception": (2,)}


def _lines(program: str) -> list[str]:
    return program.split("\n")


def _parsed(line: str) -> Optional[tuple[str, list[str], str]]:
    m = _FACT.match(line.strip())
    if not m:
        return None
    return m[1], [a.strip() for a in m[2].split(",")], m[3]


def _write(name: str, args: list[str], rest: str) -> str:
    return f"{name}({', '.join(args)}).{rest}"


def _places(program: str, table: dict[str, tuple[int, ...]]) -> list[tuple[int, int]]:
    out = []
    for i, line in enumerate(_lines(program)):
        p = _parsed(line)
        if p and p[0] in table:
            out += [(i, k) for k in table[p[0]] if k < len(p[1]) and re.fullmatch(r"\d+", p[1][k])]
    return out


def _change(program: str, table: dict[str, tuple[int, ...]], which: int, new: Callable[[int], int]) -> Optional[str]:
    places = _places(program, table)
    if not places:
        return None
    i, k = places[which % len(places)]
    lines = _lines(program)
    name, args, rest = _parsed(lines[i])  # type: ignore[misc]
    args[k] = str(new(int(args[k])))
    lines[i] = _write(name, args, rest)
    return "\n".join(lines)


def amount(program: str, which: int = 0) -> Optional[str]:
    return _change(program, _AMOUNT_ARGS, which, lambda v: max(v + 100_000, round(v * 1.1 / 100_000) * 100_000))


def year(program: str, which: int = 0) -> Optional[str]:
    return _change(program, _YEAR_ARGS, which, lambda v: v + 1)


def _operations(program: str) -> list[tuple[str, int]]:
    out = []
    for line in _lines(program):
        p = _parsed(line)
        if p and p[0] == "operation" and len(p[1]) == 2:
            out.append((p[1][0], int(p[1][1])))
    return sorted(out, key=lambda x: x[1])


def drop_operation(program: str, which: int = 0) -> Optional[str]:
    ops = _operations(program)
    if not ops:
        return None
    letter = ops[which % len(ops)][0]
    kept = []
    for line in _lines(program):
        p = _parsed(line)
        if p and p[1] and p[1][0] == letter and p[0] in ("operation", "sign", "offer_sheet", "qualifying_offer",
                                                          "match_offer_sheet", "trade_player", "trade_cash", "trade_pick",
                                                          "salary_in_year", "raise_until", "minimum_plus", "salary_cap_pct",
                                                          "sign_exception", "operation_date"):
            continue
        kept.append(line)
    return "\n".join(kept)


def reorder_operations(program: str, which: int = 0) -> Optional[str]:
    ops = _operations(program)
    if len(ops) < 2:
        return None
    k = which % (len(ops) - 1)
    (a, ia), (b, ib) = ops[k], ops[k + 1]
    swap = {a: ib, b: ia}
    lines = _lines(program)
    for i, line in enumerate(lines):
        p = _parsed(line)
        if p and p[0] == "operation" and p[1][0] in swap:
            lines[i] = _write("operation", [p[1][0], str(swap[p[1][0]])], p[2])
    return "\n".join(lines)


def wrong_team(program: str, which: int = 0) -> Optional[str]:
    lines = _lines(program)
    trades = [i for i, line in enumerate(lines) if (p := _parsed(line)) and p[0] == "trade_player"]
    if trades:
        i = trades[which % len(trades)]
        name, args, rest = _parsed(lines[i])  # type: ignore[misc]
        args[1], args[2] = args[2], args[1]
        lines[i] = _write(name, args, rest)
        return "\n".join(lines)
    teams = sorted({a for line in lines if (p := _parsed(line)) for a in p[1] if re.fullmatch(r"team_[a-z]", a)})
    contracts = [i for i, line in enumerate(lines) if (p := _parsed(line)) and p[0] == "contract"]
    if not contracts or len(teams) < 2:
        return None
    i = contracts[which % len(contracts)]
    name, args, rest = _parsed(lines[i])  # type: ignore[misc]
    others = [t for t in teams if t != args[1]]
    args[1] = others[which % len(others)]
    lines[i] = _write(name, args, rest)
    return "\n".join(lines)


def third_team(program: str, which: int = 0) -> Optional[str]:
    lines = _lines(program)
    teams = sorted({a for line in lines if (p := _parsed(line)) for a in p[1] if re.fullmatch(r"team_[a-z]", a)})
    places = []
    for i, line in enumerate(lines):
        p = _parsed(line)
        if p and p[0] == "trade_player" and len(p[1]) == 4:
            others = [t for t in teams if t not in p[1][1:3]]
            places += [(rank, i, k, pos, t) for rank, t in enumerate(others) for k, pos in enumerate((2, 1))]
    if not places:
        return None
    _, i, _, pos, team = sorted(places)[which % len(places)]
    name, args, rest = _parsed(lines[i])  # type: ignore[misc]
    args[pos] = team
    lines[i] = _write(name, args, rest)
    return "\n".join(lines)


def asset_direction(program: str, which: int = 0) -> Optional[str]:
    lines = _lines(program)
    moves = [i for i, line in enumerate(lines) if (p := _parsed(line)) and p[0] in ("trade_pick", "trade_cash")]
    if not moves:
        return None
    i = moves[which % len(moves)]
    name, args, rest = _parsed(lines[i])  # type: ignore[misc]
    args[1], args[2] = args[2], args[1]
    lines[i] = _write(name, args, rest)
    return "\n".join(lines)


def pick_owner(program: str, which: int = 0) -> Optional[str]:
    lines = _lines(program)
    picks = [i for i, line in enumerate(lines) if (p := _parsed(line)) and p[0] == "trade_pick" and len(p[1]) == 6]
    if not picks:
        return None
    i = picks[which % len(picks)]
    name, args, rest = _parsed(lines[i])  # type: ignore[misc]
    args[4] = args[2] if args[4] == args[1] else args[1]
    lines[i] = _write(name, args, rest)
    return "\n".join(lines)


def _first_role(line: str) -> Optional[str]:
    from taxlogic.kb.nba.reading.roles import ROLES

    p = _parsed(line)
    roles = ROLES.get(p[0]) if p else None
    return roles[0] if roles and p and len(roles) == len(p[1]) else None


def _omit_line(program: str, which: int, keep: Callable[[str], bool]) -> Optional[str]:
    """``program`` without the ``which``-th (modulo) fact line for which ``keep`` is False."""
    lines = _lines(program)
    places = [i for i, line in enumerate(lines) if _parsed(line) and not keep(line)]
    if not places:
        return None
    i = places[which % len(places)]
    return "\n".join(lines[:i] + lines[i + 1:])


def omit_operation(program: str, which: int = 0) -> Optional[str]:
    ops = _operations(program)
    if not ops:
        return None
    letter = ops[which % len(ops)][0]
    lines = _lines(program)
    out, dropping = [], False
    for line in lines:
        p = _parsed(line)
        if p and _first_role(line) == "letter":
            dropping = p[1][0] == letter
            if dropping:
                continue
        elif p:
            dropping = False
        elif dropping and line.lstrip().startswith("%"):
            dropping = False
            continue  # the operation's anchor comment
        out.append(line)
    return "\n".join(out)


def omit_step(program: str, which: int = 0) -> Optional[str]:
    return _omit_line(program, which, lambda line: _first_role(line) != "letter" or line.startswith("operation("))


def omit_player_fact(program: str, which: int = 0) -> Optional[str]:
    return _omit_line(program, which, lambda line: _first_role(line) != "player")


def omit_team_fact(program: str, which: int = 0) -> Optional[str]:
    return _omit_line(program, which, lambda line: _first_role(line) != "team")


#: The omission classes: decided by the counterfactual check (:mod:`taxlogic.kb.nba.checks.omissions`),
#: run by the agent after the static checks; the static checks alone catch only those that leave
#: a sentence or an operation with no fact.
OMISSIONS = ("omit_operation", "omit_step", "omit_player_fact", "omit_team_fact")

OPERATORS: dict[str, Callable[[str, int], Optional[str]]] = {
    "amount": amount, "year": year, "drop_operation": drop_operation, "reorder_operations": reorder_operations,
    "wrong_team": wrong_team, "third_team": third_team, "asset_direction": asset_direction,
    "pick_owner": pick_owner,
    "omit_operation": omit_operation, "omit_step": omit_step, "omit_player_fact": omit_player_fact,
    "omit_team_fact": omit_team_fact,
}
