"""Words of a text, and whether a constant of a program is found among them.

A program's constants are Prolog atoms and numbers (``municipal_court``, ``mich_comp_laws_600_5704``,
``30``). Their words are the atom's parts (split at ``_`` and between letters and digits);
a text's words are its lowercase alphanumeric runs, split the same way, and the numbers its
number words say (``thirty`` -> ``30``). A word is found when the text has it, or, for words of
four letters or more, a word sharing its stem (a common prefix of five letters, or the whole
shorter word of four letters or more with at most three letters more: ``recovery`` /
``recover``, ``proceedings`` / ``proceeding``). Numbers are found only exactly.
"""

from __future__ import annotations

import re
from functools import lru_cache

#: Words that say nothing of the law's content: articles, prepositions, modal and linking verbs,
#: Prolog's truth values. A constant's other words are its content words.
FUNCTION_WORDS = frozenset("""
a an the of to in on for by and or not no nor is are be been being was were with at as from that
this these those any its it if under than into per upon via has have had do does did can could may
might must shall should will would allow allows allowed state states law laws true false none yes
""".split())

_NUMBER_WORDS = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14,
    "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20,
    "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90,
    "hundred": 100,
}


_MONTHS = {m: i for i, m in enumerate(("january february march april may june july august september october "
                                       "november december").split(), start=1)}


def parts(text: str) -> list[str]:
    """Lowercase words of ``text`` split at non-alphanumerics and between letters and digits
    (``mich_comp_laws_600_5704`` -> mich, comp, laws, 600, 5704; ``eb2`` -> eb, 2)."""
    return re.findall(r"[a-z]+|[0-9]+", text.lower())


def content_words(text: str) -> list[str]:
    """:func:`parts` less :data:`FUNCTION_WORDS`."""
    return [w for w in parts(text) if w not in FUNCTION_WORDS]


@lru_cache(maxsize=256)
def vocabulary(text: str) -> frozenset[str]:
    """The words of ``text`` (:func:`parts`, leading zeros of numbers dropped as well) and the
    numbers its number words say (``thirty`` -> ``30``, ``thirty-five`` -> ``35``), and the numbers of
    month names (``November`` -> ``11``, ``11``), so that a date in words is found too; a hyphenated
    word joined as well (``non-payment`` -> ``nonpayment``)."""
    words = set(parts(text))
    words |= {w.lstrip("0") or "0" for w in words if w.isdigit()}
    low = text.lower()
    words |= {a + b for a, b in re.findall(r"\b([a-z]+)-([a-z]+)\b", low)}  # non-payment -> nonpayment
    for m in re.finditer(r"\b(twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)[- ](one|two|three|four|five|six|seven|eight|nine)\b", low):
        words.add(str(_NUMBER_WORDS[m[1]] + _NUMBER_WORDS[m[2]]))
    for w in re.findall(r"[a-z]+", low):
        if w in _NUMBER_WORDS:
            words.add(str(_NUMBER_WORDS[w]))
    for w in re.findall(r"[a-z]+", low):  # November 21, 2018 -> 11 (a date written as text)
        if w in _MONTHS:
            words.add(str(_MONTHS[w]))
            words.add(f"{_MONTHS[w]:02d}")
    for m in re.finditer(r"\d[\d,]*(?:\.\d+)?", text):  # $1,500.00 -> 1500; 17.00 -> 17
        num = m[0].replace(",", "")
        words.add(num)
        if "." in num:
            whole, frac = num.split(".", 1)
            if set(frac) <= {"0"}:
                words.add(whole)
    return frozenset(words)


def found(word: str, vocab: frozenset[str]) -> bool:
    """Is ``word`` (one of :func:`parts`) found in ``vocab`` (module doc)?"""
    if word in vocab:
        return True
    if word.isdigit():
        return (word.lstrip("0") or "0") in vocab
    if len(word) < 4:
        return False
    for t in vocab:
        if t[:1] != word[:1] or t.isdigit():
            continue
        n = 0
        for a, b in zip(word, t):
            if a != b:
                break
            n += 1
        if n >= 5 or (n == min(len(word), len(t)) and n >= 4 and abs(len(word) - len(t)) <= 3):
            return True
    return False


def number_text(text: str) -> str | None:
    """A Prolog number's text as a word (``17.0`` -> ``17``, ``2.5`` -> ``2.5``), None if it is
    not a number."""
    try:
        value = float(text)
    except ValueError:
        return None
    return str(int(value)) if value.is_integer() else text
