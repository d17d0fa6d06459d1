"""The NBA operation checks: every operation of the text is encoded once, in order, with steps.

Issue kinds ``operation_missing`` / ``operation_order`` / ``operation_unknown`` /
``operation_empty`` / ``operation_anchor``: every operation of the text ("B. Team A signs …")
has one ``operation(b, Index)`` with its position in the text, at least one step fact
(:data:`~taxlogic.kb.nba.reading.roles.STEPS`), and its step facts are anchored in its own sentence; no
operation the text does not have.
"""

from __future__ import annotations

import re

from taxlogic.core import Issue
from taxlogic.kb.nba.reading.roles import ROLES, STEPS, arg_value
from taxlogic.kb.nba.reading.stated import norm, norm_cached
from taxlogic.tools.facts import Fact


def operation_issues(facts: list[Fact], ops: list[str]) -> list[Issue]:
    """The checks of the module doc on ``facts`` against the operation sentences ``ops`` (in text order)."""
    letters = []
    for s in ops:
        m = re.match(r"([A-Z])\.\s", s.strip())
        letters.append(m[1].lower() if m else None)
    text_of = {letter: norm(s) for letter, s in zip(letters, ops) if letter}
    issues: list[Issue] = []
    numbered: dict[str, list[Fact]] = {}
    steps: dict[str, list[Fact]] = {}
    for f in facts:
        if not f.args or ROLES.get(f.name, ("",))[0] != "letter":
            continue
        letter = arg_value(f.args[0])
        if f.name == "operation":
            numbered.setdefault(letter, []).append(f)
        elif f.name in STEPS:
            steps.setdefault(letter, []).append(f)
        if letter not in text_of:
            issues.append(Issue(kind="operation_unknown", line=f.line, message=(
                f"{f.canonical}: the text has no operation {str(letter).upper()}. (operations: "
                f"{', '.join(x.upper() for x in letters if x)})")))
            continue
        if f.anchor and not any(norm_cached(p) in text_of[letter] for p in f.anchor):
            issues.append(Issue(kind="operation_anchor", line=f.line, message=(
                f"{f.canonical}: anchored to \"{' '.join(f.anchor)}\", not to operation {letter.upper()}'s sentence: "
                "each operation's facts carry its letter and quote its sentence")))
    for index, letter in enumerate(letters, 1):
        if letter is None:
            continue
        got = numbered.get(letter, [])
        if not got:
            issues.append(Issue(kind="operation_missing", message=(
                f"operation {letter.upper()} (the {index}{_th(index)} of the text) is not encoded: write operation({letter}, "
                f"{index}) and its steps")))
            continue
        wrong = [f for f in got if arg_value(f.args[1]) != index] if all(len(f.args) == 2 for f in got) else got
        if wrong or len(got) > 1:
            issues.append(Issue(kind="operation_order", line=got[0].line, message=(
                f"operation {letter.upper()} is the {index}{_th(index)} of the text: exactly one operation({letter}, {index})")))
        if not steps.get(letter):
            issues.append(Issue(kind="operation_empty", line=got[0].line, message=(
                f"operation {letter.upper()} has no step (sign, offer_sheet, qualifying_offer, match_offer_sheet, "
                "trade_player, trade_cash, trade_pick): encode what it does")))
    return issues


def _th(n: int) -> str:
    return "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
