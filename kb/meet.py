"""The facts and the query must meet (issue 50): a check every domain shares.

Prolog answers a query only about the constants the facts name, in the exact spelling they name
them: ``tax("Alice",2017,Tax)`` asks nothing of facts about ``alice`` (an atom is not a string,
and ``"alice"`` is not ``"Alice"``); the rules find no income, and the answer is $0, computed,
checked and wrong. A translation may write either spelling (SARA 2020's release writes people as
atoms, ``alice``; SARA v2's as the case's words in strings, ``"Alice"``), so every check that
compares the facts with the text passes. This module compares them with the query and the rules:

- :func:`unmet_constants`: every constant the query names (a person, an entity, an event it asks
  about; quoted or not) is a constant of the facts in the query's spelling, the spelling the
  rules read. What is not is *unmet*, with the facts' spellings of the same name
  (:func:`name_key`: letters and digits, case ignored; ``alice``, ``"Alice"``, ``'Alice'`` are
  one name). Numbers (years) are not held to the facts: the rules compare a year with dates by
  arithmetic, and a correct fact set may date nothing in the year asked about (38 of SARA 2020's
  376 gold sets, 1 of SARA v2's 100);
- :func:`rule_spellings`: every string of the facts that names a string the rules compare facts
  with (SARA v2: ``"USA"``, ``"United States Government"``; 2020: ``"usa"``) in another spelling
  (``"usa"`` under v2) is a constant the rules never see. Atoms are left alone: SARA 2020's own
  gold facts write the atom ``usa`` where its rules compare with the string ``"usa"`` (18 of its
  376 gold sets), and the answers it documents are those facts' answers (in 15 the answer is the same
  in the rules' spelling; in 3 it is not, and those are documented errata of class ``spelling``,
  :mod:`taxlogic.kb.sara.data.errata`);
- :func:`meet_issues`: both as issues (``coverage_person``, ``rule_spelling``) whose message says
  what the query asks, what the facts wrote and exactly what to rewrite. Nothing is ever
  rewritten: the translator rewrites it, and the checks run again.

Constants are read by :func:`constants` (a tokenizer, not a parser: strings, quoted atoms, plain
atoms that are not functors, numbers; ``%`` comments, hence anchors quoting the text, skipped).
Queries with no constants (NBA's ``nba_answer(X)``, Form 1040's ``amount_owed(X)``) meet any facts.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

from taxlogic.core import Issue
from taxlogic.tables import shared_table

_TOKEN = re.compile(
    r'"(?:[^"\\\n]|\\.)*"'          # string
    r"|'(?:[^'\\\n]|\\.)*'"         # quoted atom
    r"|%[^\n]*"                     # comment (anchors quote the text: never constants)
    r"|[A-Za-z_][A-Za-z0-9_]*\(?"   # atom or functor (ends in "(") or variable
    r"|\d+(?:\.\d+)?"               # number
)
_PLAIN = re.compile(r"[a-z][A-Za-z0-9_]*\Z")


def _spelled(token: str) -> str | None:
    """A token as a constant, in canonical spelling (``'alice'`` -> ``alice``), or None for a
    functor, a variable or a comment."""
    if token.startswith("%") or token.endswith("(") or token[0].isupper() or token[0] == "_":
        return None
    if token.startswith("'") and _PLAIN.match(token[1:-1]):
        return token[1:-1]
    return token


def constants(text: str) -> list[str]:
    """The constants of Prolog text (a goal, facts, rules) in order, without repeats, as they are
    spelled (strings with their quotes, plain atoms bare, numbers as digits); functors, variables
    and ``%`` comments are skipped. ``'agent_(e1,"Alice"). % "Alice is paid"'`` -> ``['e1', '"Alice"']``."""
    out: dict[str, None] = {}
    for m in _TOKEN.finditer(text):
        c = _spelled(m.group())
        if c is not None:
            out.setdefault(c, None)
    return list(out)


def name_key(constant: str) -> str:
    """What two spellings of one name share: the letters and digits, lower case (``"Alice"``,
    ``alice`` and ``'Alice'`` -> ``alice``; ``'Walter Brown'`` and ``walter_brown`` -> ``walterbrown``)."""
    return re.sub(r"[^0-9a-z]", "", constant.lower())


def _is_number(c: str) -> bool:
    return c[0].isdigit()


@dataclass(frozen=True)
class Unmet:
    """A constant of the query the facts do not name: ``constant`` as the query spells it,
    ``spellings``: the facts' constants with the same :func:`name_key` (empty: the facts never
    speak of it in any spelling)."""

    constant: str
    spellings: tuple[str, ...] = ()


def unmet_constants(query: str | None, facts: str, trusted: str = "") -> list[Unmet]:
    """The constants of ``query`` (a Prolog goal) that ``facts`` (and ``trusted``, Prolog text a
    trusted rule program adds: its rules and derived facts) never name in the query's spelling
    (numbers are not held to the facts: module doc). Empty when the query is None or names no
    constant but numbers."""
    if not query:
        return []
    have = constants(facts + "\n" + trusted)
    present = set(have)
    by_key: dict[str, list[str]] = {}
    for c in have:
        if not _is_number(c):
            by_key.setdefault(name_key(c), []).append(c)
    out = []
    for c in constants(query):
        if not _is_number(c) and c not in present:
            out.append(Unmet(c, tuple(s for s in by_key.get(name_key(c), ()) if s != c)))
    return out


@shared_table(maxsize=8)
def _rule_strings(prolog_dir: str) -> tuple[str, ...]:
    """The strings (with quotes) the rule files compare with, of at least two letters."""
    out: dict[str, None] = {}
    for f in sorted(Path(prolog_dir).glob("*.pl")):
        for m in re.finditer(r'"(?:[^"\\\n]|\\.)*"', re.sub(r"(?m)%.*$", "", f.read_text(errors="replace"))):
            if len(re.sub(r"[^A-Za-z]", "", m.group())) >= 2 and "%" not in m.group():
                out.setdefault(m.group(), None)
    return tuple(out)


def rule_spellings(facts: str, rules) -> list[tuple[str, str]]:
    """(the facts' string, the rules' string) for each string of ``facts`` that names a string
    the rules of ``rules`` (a :class:`~taxlogic.kb.rules.RuleSet`) compare with, spelled another
    way (``"usa"`` where the rules read ``"USA"``): the rules never see it. Atoms are not
    judged (module doc)."""
    prolog_dir = getattr(rules, "prolog_dir", None)
    if prolog_dir is None:
        return []
    by_key = {name_key(s): s for s in _rule_strings(str(prolog_dir))}
    out = []
    for c in constants(facts):
        if not c.startswith('"'):
            continue
        s = by_key.get(name_key(c))
        if s is not None and s != c:
            out.append((c, s))
    return out


def _or(items: Iterable[str]) -> str:
    items = list(items)
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]


def query_issues(query: str | None, facts: str, trusted: str = "") -> list[Issue]:
    """A ``coverage_person`` issue for each constant of ``query`` the facts do not meet
    (:func:`unmet_constants`): with the facts' spellings of the name, the rewrite to make
    ("the question asks about "Alice" …; the facts speak of alice … rewrite alice as "Alice" in
    every fact"); with none, that no fact mentions it. ``facts``: the canonical facts;
    ``trusted``: see :func:`unmet_constants`."""
    issues = []
    for u in unmet_constants(query, facts, trusted):
        if u.spellings:
            issues.append(Issue(kind="coverage_person", message=(
                f"the question asks about {u.constant} (the query {query}); the facts speak of {_or(u.spellings)}, "
                f"which the rules read as another constant, so no fact is about {u.constant}: rewrite "
                f"{_or(u.spellings)} as {u.constant} in every fact")))
        else:
            issues.append(Issue(kind="coverage_person", message=(
                f"the query names {u.constant}, but no fact mentions {u.constant}; use exactly this constant for the "
                "same person or entity")))
    return issues


def rule_spelling_issues(facts: str, rules) -> list[Issue]:
    """A ``rule_spelling`` issue for each string of ``facts`` the rules of ``rules`` compare
    with in another spelling (:func:`rule_spellings`), saying what to rewrite."""
    return [Issue(kind="rule_spelling", message=(
        f"the facts write {c}, but the rules compare with {s}, so they never read it: rewrite {c} as {s} in every fact"))
        for c, s in rule_spellings(facts, rules)]


def meet_issues(query: str | None, facts: str, trusted: str = "", *, rules=None) -> list[Issue]:
    """:func:`query_issues`, then, with ``rules``, :func:`rule_spelling_issues`: the whole check
    of the module doc."""
    return query_issues(query, facts, trusted) + (rule_spelling_issues(facts, rules) if rules is not None else [])
