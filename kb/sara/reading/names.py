"""Constants that are variants of each other (``alice_1`` of ``alice``, ``charie`` of ``charlie``).

Used by the event checks (a misspelt id) and the grounding checks (``name_near_miss``).
"""

from __future__ import annotations

import re


def person_key(canonical: str) -> str:
    """A role filler as the text's names compare with it (:func:`taxlogic.kb.sara.reading.text.person_names`,
    lower case): an atom as written (``bob``); a string, SARA v2's way of naming people
    (``"Bob"``), as the atom of the same name (``bob``)."""
    if len(canonical) >= 2 and canonical[0] == canonical[-1] == '"':
        return "_".join(canonical[1:-1].lower().split())
    return canonical


#: Parts of a constant that add no meaning: a numbering suffix or a function word.
_FILLER = frozenset({"a", "an", "and", "the", "of", "is", "to", "e", "ev", "event", "id", "x"})


def variant_of(a: str, b: str) -> bool:
    """Is constant ``a`` a variant of ``b``: other case or quotes, the same parts reordered, a
    filler part (a number, ``event``, ``and`` …) more or less, or one letter off?"""
    if a == b:
        return False
    x, y = a.lower(), b.lower()
    if x == y:
        return True
    pa, pb = [p for p in re.split(r"[_\s]+", x) if p], [p for p in re.split(r"[_\s]+", y) if p]
    if len(pa) > 1 and sorted(pa) == sorted(pb):
        return True
    short, long_ = sorted((pa, pb), key=len)
    if len(long_) == len(short) + 1 and short:
        for i, extra in enumerate(long_):
            if long_[:i] + long_[i + 1:] == short and (extra.isdigit() or extra in _FILLER):
                return True
    if len(pa) == len(pb) and len(pa) > 1:
        diff = [(p, q) for p, q in zip(pa, pb) if p != q]
        if len(diff) == 1 and min(len(diff[0][0]), len(diff[0][1])) >= 3 and edit1(*diff[0]):
            return True
    return min(len(x), len(y)) >= 4 and edit1(x, y)


def edit1(a: str, b: str) -> bool:
    if abs(len(a) - len(b)) > 1 or a == b:
        return False
    if len(a) == len(b):
        d = [i for i in range(len(a)) if a[i] != b[i]]
        return len(d) == 1 or (len(d) == 2 and d[1] == d[0] + 1 and a[d[0]] == b[d[1]] and a[d[1]] == b[d[0]])
    s, l = sorted((a, b), key=len)
    return any(l[:i] + l[i + 1:] == s for i in range(len(l)))
