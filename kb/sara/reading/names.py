"""Constants that are variants of each other (``alice_1`` of ``alice``, ``charie`` of ``charlie``).

Used by the event checks (a misspelt id) and the grounding checks (``name_near_miss``).
"""

from __future__ import annotations

import re


def person_key(value: str) -> str:
    """The one key of a person (or any constant) as the text's names compare with it
    (:func:`taxlogic.kb.sara.reading.text.person_names`): lower case, words joined by ``_``.
    ``value``: a constant's value (``alice``; SARA v2's ``Alice``, ``her spouse``) or its
    canonical Prolog text (``"Bob"``, quotes stripped). SARA 2020 writes people as atoms
    (``alice``), SARA v2 as strings in the case's own spelling, so ``alice``, ``Alice`` and
    ``"Alice"`` share the key ``alice``, and ``her_spouse`` and ``"her spouse"`` the key ``her_spouse``."""
    if len(value) >= 2 and value[0] == value[-1] == '"':
        value = value[1:-1]
    return "_".join(value.lower().split())


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
