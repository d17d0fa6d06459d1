"""An NBA answer explained in words: each operation of the problem (its own sentence), the rules it
broke with the CBA's words (:mod:`taxlogic.kb.nba.explain.citations`: section and a verbatim quote of
``reference_rules.txt``), the team, and the amounts that decided it as money.

It reads the KB's ``violation_detail/4`` (:data:`taxlogic.kb.nba.DETAILS_QUERY`): ``v(Letter,
Team, Rule, Detail)``, the detail a term such as ``no_room_for_offer_sheet(134500000.0, 30000000,
140588000)``; :func:`detail_words` writes any detail in words (known shapes in sentences, any
other as its name with its amounts), so no Prolog term reaches the reader.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

__all__ = ["Violation", "OperationWhy", "detail_words", "explain_operations", "parse_term", "violations_of"]

#: Details in words: functor -> a template over the arguments' words (``{0}``, ``{1}`` …).
_DETAILS = {
    "above": "{0} is above {1}",
    "above_amount": "{0} is above the exception's {1}",
    "above_apron": "team salary {0} would be above the apron of {1}",
    "no_room": "room of {0} is less than the {1} needed",
    "over_cap": "team salary {0} plus the contract's {1} is over the Salary Cap of {2}",
    "not_below_cap": "team salary {0} is not below the Salary Cap of {1}",
    "no_room_for_offer_sheet": "team salary {0} plus the offer sheet's {1} is over the Salary Cap of {2}",
    "too_long": "{0} seasons, more than the {1} allowed",
    "not_prior_team": "not the player's prior team",
    "not_minimum": "not a minimum-salary contract",
    "no_exception": "team salary {0} with the contract's {1}, and no exception fits: {2}",
    "no_traded_player_exception": ("team salary {0}; outgoing salary {1} ({2} counted for the exception), incoming "
                                   "{3}, team salary after the trade {4}; no traded player exception fits: {5}"),
}


def parse_term(text: str):
    """A Prolog term's text as Python: an atom or number as a string, a compound as (name,
    [args]), a list as a Python list."""
    pos = 0
    text = text.strip()

    def seq(close: str) -> list:
        nonlocal pos
        pos += 1
        items = []
        while text[pos] != close:
            items.append(term())
            if text[pos] == ",":
                pos += 1
        pos += 1
        return items

    def term():
        nonlocal pos
        while pos < len(text) and text[pos] == " ":
            pos += 1
        if text[pos] == "[":
            return seq("]")
        m = re.compile(r"'(?:[^']|'')*'|\"[^\"]*\"|[A-Za-z0-9_.+*/-]+").match(text, pos)
        if not m:
            raise ValueError(f"not a term at {pos}: {text[pos:pos + 20]!r}")
        pos = m.end()
        name = m.group(0)
        if pos < len(text) and text[pos] == "(":
            return (name, seq(")"))
        return name.strip("'\"")

    return term()


def _words(name: str) -> str:
    return name.replace("_", " ")


def _value(t) -> str:
    """A detail's argument: an amount (a number from $10,000 up) as whole dollars, a small number
    as itself, an atom in words, a list item by item."""
    if isinstance(t, list):
        return "; ".join(_value(x) for x in t) or "none"
    if isinstance(t, tuple):
        return detail_words(t)
    try:
        n = float(t)
    except ValueError:
        if not re.fullmatch(r"[\d.]+(?:[*/][\d.]+)+", t):  # an amount the KB left as a product (1.05*12821625.6)
            return _words(t)
        n = 1.0
        for op, x in re.findall(r"(^|[*/])([\d.]+)", t):
            n = n / float(x) if op == "/" else n * float(x)
    if abs(n) >= 10_000:
        return f"${round(n):,}"
    return f"{n:g}"


def detail_words(term) -> str:
    """A violation's detail (text or parsed) in words: a known shape as a sentence with its
    amounts as money, a why-not list ("why_not(room, Rule, Reason)") as "room: reason", any
    other as its name in words with its values."""
    t = parse_term(term) if isinstance(term, str) else term
    if isinstance(t, str) and t in _DETAILS:
        return _DETAILS[t]
    if not isinstance(t, tuple):
        return _value(t)
    name, args = t
    if name in ("why_not", "fail") and len(args) == 3:
        return f"{_words(args[0])}: {detail_words(args[2])}"
    said = [_value(a) for a in args]
    if name in _DETAILS:
        try:
            return _DETAILS[name].format(*said)
        except IndexError:
            pass
    return _words(name) + (f" ({', '.join(said)})" if said else "")


@dataclass
class Violation:
    """One rule an operation breaks: the operation's ``letter``, the ``team`` (letter), the
    canonical ``rule`` name, its CBA ``section`` and ``quote``, and the ``detail`` in words."""

    letter: str
    team: str
    rule: str
    section: str
    quote: str
    detail: str


@dataclass
class OperationWhy:
    """One operation of a problem: its ``letter``, its sentence, and the rules it breaks."""

    letter: str
    sentence: str
    violations: list[Violation] = field(default_factory=list)


def violations_of(details: str) -> list[Violation]:
    """The KB's ``findall(v(L, T, R, D), violation_detail(L, T, R, D), X)`` binding in words.
    Raises ValueError for a binding that is not such a list."""
    from taxlogic.kb.nba.explain.citations import citation

    out = []
    for v in parse_term(details):
        if not (isinstance(v, tuple) and v[0] == "v" and len(v[1]) == 4):
            raise ValueError(f"not a violation: {v!r}")
        letter, team, rule, detail = v[1]
        try:
            c = citation(rule)
            section, quote = c.section, c.quote
        except KeyError:
            section, quote = "", ""
        out.append(Violation(letter=str(letter).upper(), team=str(team).removeprefix("team_").upper(), rule=rule,
                             section=section, quote=quote, detail=detail_words(detail)))
    return out


def explain_operations(operations: list[str] | tuple[str, ...], details: str) -> list[OperationWhy]:
    """Each operation sentence of a problem ("A. Team B provides …") with the violations of its
    letter, in the problem's order."""
    found = violations_of(details)
    out = []
    for sentence in operations:
        m = re.match(r"\s*([A-Z])\.\s*", sentence)
        letter = m.group(1) if m else ""
        out.append(OperationWhy(letter=letter, sentence=sentence[m.end():] if m else sentence,
                                violations=[v for v in found if v.letter == letter]))
    return out
