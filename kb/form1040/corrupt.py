"""Wrong first translations of a tax return, one operator per class of mistake the issue names:
an amount on the wrong line, a dropped line, a wrong filing status, a ``$TBD``/``[__]`` line
filled in (and a mistyped amount). Each takes correct facts and the return's text and gives
corrupted facts (None when the return offers nothing to corrupt), deterministically from
``rng``. Used by the tests and ``bench/form1040_agent.py`` to show the domain's checks
(:func:`taxlogic.kb.form1040.domain.return_issues`) catch every class.
"""

from __future__ import annotations

import random
import re
from typing import Callable

__all__ = ["OPERATORS", "corrupt"]

_LINE = re.compile(r"^form_line\((\w+), '([^']+)', ([^)]+)\)\.$")


def _lines(facts: str) -> list[tuple[int, str, str, str]]:
    out = []
    for i, f in enumerate(facts.splitlines()):
        m = _LINE.match(f.strip())
        if m:
            out.append((i, m[1], m[2], m[3]))
    return out


def _replace(facts: str, index: int, new: str | None) -> str:
    rows = facts.splitlines()
    if new is None:
        del rows[index]
    else:
        rows[index] = new
    return "\n".join(rows) + "\n"


def wrong_line(facts: str, text: str, rng: random.Random) -> str | None:
    """A nonzero amount moved to another printed line of the same form."""
    lines = [x for x in _lines(facts) if x[3] != "0"]
    if not lines:
        return None
    i, form, line, amount = rng.choice(lines)
    others = sorted({ln for _, f, ln, _ in _lines(facts) if f == form and ln != line})
    if not others:
        return None
    return _replace(facts, i, f"form_line({form}, '{rng.choice(others)}', {amount}).")


def dropped_line(facts: str, text: str, rng: random.Random) -> str | None:
    """One given line left out."""
    lines = [x for x in _lines(facts) if x[3] != "0"] or _lines(facts)
    if not lines:
        return None
    return _replace(facts, rng.choice(lines)[0], None)


def wrong_filing_status(facts: str, text: str, rng: random.Random) -> str | None:
    """Another filing status than the one printed."""
    from taxlogic.kb.form1040 import FILING_STATUSES

    m = re.search(r"^filing_status\((\w+)\)\.$", facts, re.M)
    if not m:
        return None
    other = rng.choice(sorted(set(FILING_STATUSES.values()) - {m[1]}))
    return facts.replace(m[0], f"filing_status({other}).")


def tbd_filled(facts: str, text: str, rng: random.Random) -> str | None:
    """A line the text marks [__] or $TBD stated with an amount."""
    from taxlogic.kb.form1040.reading import read_forms

    todo = [fl for fl in read_forms(text) if fl.entry in ("[__]", "$TBD") and fl.form != "f8863_part_iii"]
    if not todo:
        return None
    fl = rng.choice(todo)
    return facts + f"form_line({fl.form}, '{fl.line}', {rng.choice([0, 1000, 25000])}).\n"


def wrong_amount(facts: str, text: str, rng: random.Random) -> str | None:
    """One given amount mistyped (two digits swapped, or a digit dropped)."""
    lines = [x for x in _lines(facts) if len(x[3].lstrip("-")) >= 2 and x[3].isdigit()]
    if not lines:
        return None
    i, form, line, amount = rng.choice(lines)
    wrong = amount[:-1] if len(set(amount)) == 1 else amount[1] + amount[0] + amount[2:]
    if wrong == amount:
        wrong = amount[:-1]
    return _replace(facts, i, f"form_line({form}, '{line}', {wrong}).")


OPERATORS: dict[str, Callable[[str, str, random.Random], str | None]] = {
    "wrong_line": wrong_line, "dropped_line": dropped_line, "wrong_filing_status": wrong_filing_status,
    "tbd_filled": tbd_filled, "wrong_amount": wrong_amount,
}


def corrupt(kind: str, facts: str, text: str, seed: int = 0) -> str | None:
    """``OPERATORS[kind]`` applied with ``random.Random(seed)``. Raises KeyError for an unknown kind."""
    return OPERATORS[kind](facts, text, random.Random(seed))
