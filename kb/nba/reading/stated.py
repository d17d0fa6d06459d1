"""What a span of an NBA problem's text states: the values and names the grounding checks look for
(not to be confused with :mod:`taxlogic.spans`, the timing spans).

Each function takes a span (an anchor, a part of a sentence, or the whole text) and returns the
values of one class it states (:mod:`taxlogic.kb.nba.checks.grounding`, :mod:`taxlogic.kb.nba.checks.trades`).
Results are cached (spans repeat across a problem's facts and across problems).
"""

from __future__ import annotations

import re
from functools import lru_cache

_NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}


@lru_cache(maxsize=4096)
def norm_cached(text: str) -> str:
    """:func:`norm`, cached (for spans that repeat, such as anchors)."""
    return norm(text)


def norm(text: str) -> str:
    """``text`` with curly quotes made straight, spacing collapsed, lower case (how anchors are compared)."""
    text = text.replace("\u201c", '"').replace("\u201d", '"').replace("\u2019", "'").replace("\u2018", "'")
    return re.sub(r"\s+", " ", text).strip().lower()


@lru_cache(maxsize=4096)
def amounts(span: str) -> frozenset[int]:
    return {int(m.replace(",", "")) for m in re.findall(r"\$(\d{1,3}(?:,\d{3})+|\d+)", span)}


@lru_cache(maxsize=4096)
def years(span: str) -> set[int]:
    """Years a span states: standalone four-digit years and the first year of a season span."""
    return {int(m[1]) for m in re.finditer(r"(?<![\d,$.])(\d{4})(?:-(?:\d{4}|\d{2}))?(?!\d)", span) if 1900 <= int(m[1]) <= 2100}


@lru_cache(maxsize=4096)
def picks(span: str) -> set[int]:
    return {int(m) for m in re.findall(r"\b(\d+)(?:st|nd|rd|th)\b", span)}


@lru_cache(maxsize=4096)
def ages(span: str) -> set[int]:
    return {int(m) for m in re.findall(r"\b(\d+) years? old", span)}


@lru_cache(maxsize=4096)
def percents(span: str) -> set[float]:
    return {float(m) for m in re.findall(r"(\d+(?:\.\d+)?)\s*%", span)}


@lru_cache(maxsize=4096)
def counts(span: str) -> set[int]:
    out = {int(m) for m in re.findall(r"(?<![\d,$.])(\d{1,2})(?![\d,%])", span)}
    out |= {v for w, v in _NUMBER_WORDS.items() if re.search(rf"\b{w}\b", span, re.I)}
    return out


@lru_cache(maxsize=4096)
def named(text: str, kind: str) -> set[str]:
    """Letters of the teams (``kind`` "team") or players a text names, lists included ("Player C
    and D", "Team A, Team B, and Team C", "player B")."""
    word = "[Tt]eams?" if kind == "team" else "[Pp]layers?"
    out: set[str] = set()
    for m in re.finditer(rf"\b{word}\s+([A-Z])\b((?:(?:\s*,\s*(?:and\s+)?|\s+and\s+|\s+with\s+)(?:{word}\s+)?[A-Z]\b(?!'))*)", text):
        out.add(m[1])
        out |= set(re.findall(r"\b([A-Z])\b", re.sub(rf"{word}", "", m[2])))
    return out
