"""The phrases the NBA reader's sentence grammars share: team, player, money, percentage and
season patterns, the small readers of their matches, and :class:`Unread`.

Used by :mod:`taxlogic.kb.nba.reading.teams`, :mod:`~taxlogic.kb.nba.reading.players` and the
operation grammars (:mod:`~taxlogic.kb.nba.reading.operations`, :mod:`~taxlogic.kb.nba.reading.signings`,
:mod:`~taxlogic.kb.nba.reading.trades`).
"""

from __future__ import annotations

import re

ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "last": -1}

TEAM = r"[Tt]eam ([A-Z])\b"
PLAYER = r"[Pp]layer ([A-Z])\b"
MONEY = r"\$(\d{1,3}(?:,\d{3})+|\d+)"
PCT = r"(\d+(?:\.\d+)?)%"
SEASON = r"(\d{4})-(?:\d{4}|\d{2})"


class Unread(ValueError):
    """A sentence (or part of one) the grammar does not read; the message says which part."""


def money(text: str) -> int:
    """Dollars of a :data:`MONEY` match ("5,000,000")."""
    return int(text.replace(",", ""))


def num(text: str) -> float | int:
    """A number as written ("5", "7.5"): an int when whole."""
    value = float(text)
    return int(value) if value.is_integer() else value


def strip_end(text: str) -> str:
    """``text`` without its closing spaces, periods and semicolons."""
    return re.sub(r"[\s.;]+$", "", text)


def names(text: str, kind: str) -> list[str]:
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
