"""A view of a SARA fact set for the inspection checks: event types, properties, mentions.

SARA's facts (``events.pl`` of the 2020 release) describe events: a type fact ``income_(e)``
(unary, name ending in ``_``) declares an event id, property facts ``agent_(e, alice)``,
``amount_(e, 33200)`` (binary, name ending in ``_``) describe it; other predicates are statute
facts (``s152_c_1(bob, alice, 2015)``). :class:`FactView` indexes one fact set (with its
canonical line numbers) and the trusted context it may rely on.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache

from taxlogic.tools.facts import Atom, Fact, PList, Str, parse_facts


@dataclass
class FactView:
    """The facts under inspection (``facts``, with their canonical line) and trusted context."""

    facts: list[tuple[int, Fact]]
    context: list[Fact]
    trusted_text: str
    types: dict[str, list[str]] = field(default_factory=dict)
    props: dict[str, dict[str, set[str]]] = field(default_factory=dict)
    own_types: dict[str, list[str]] = field(default_factory=dict)
    type_lines: dict[str, int] = field(default_factory=dict)
    own_props: dict[str, dict[str, list[tuple[int, Fact]]]] = field(default_factory=dict)
    mentions: Counter = field(default_factory=Counter)
    statute_consts: set[str] = field(default_factory=set)

    @classmethod
    def of(cls, canonical: str, trusted: str = "") -> "FactView":
        """The view of ``canonical`` (with ``trusted`` context); cached, never modified after."""
        return _facts_view(canonical, trusted)

    @classmethod
    def build(cls, canonical: str, trusted: str = "") -> "FactView":
        facts = parse_facts(canonical)[0]
        own = {f.canonical for f in facts}
        parsed = parse_facts(trusted)[0] if trusted else []
        # trusted facts the translation does not already hold (a rule program's derived events)
        context = [f for f in parsed if f.canonical not in own]
        at = {f.line for f in parsed}
        rule_text = "\n".join(l for i, l in enumerate(trusted.splitlines(), 1) if i not in at)
        rule_tokens = Counter(re.findall(r"[a-z][A-Za-z0-9_]*", rule_text))
        v = cls([(f.line, f) for f in facts], context, trusted)
        for f in facts + context:
            if is_type(f):
                v.types.setdefault(f.args[0].value, [])
                if f.name not in v.types[f.args[0].value]:
                    v.types[f.args[0].value].append(f.name)
            elif is_property(f):
                v.props.setdefault(f.args[0].value, {}).setdefault(f.name, set()).add(f.args[1].canonical)
            elif not f.name.endswith("_"):
                v.statute_consts.update(a.value for a in fact_args(f) if isinstance(a, Atom))
        for f in facts:
            if is_type(f):
                v.type_lines.setdefault(f.args[0].value, f.line)
                v.own_types.setdefault(f.args[0].value, [])
                if f.name not in v.own_types[f.args[0].value]:
                    v.own_types[f.args[0].value].append(f.name)
            elif is_property(f):
                v.own_props.setdefault(f.args[0].value, {}).setdefault(f.name, []).append((f.line, f))
        for f in facts + context:
            for a in {a.value for a in fact_args(f) if isinstance(a, (Atom, Str))}:  # Str: SARA v2's string ids
                v.mentions[a] += 1
        v.mentions.update(rule_tokens)
        # ids a trusted rule declares: the head of a type rule, or of a statute rule
        for m in re.finditer(r"(?m)^\s*([a-z]\w*)\(([^()]*)\)\s*:-", rule_text):
            if not m.group(1).endswith("_") or m.group(2).count(",") == 0:
                v.statute_consts |= set(re.findall(r"(?<![A-Za-z0-9_])[a-z][A-Za-z0-9_]*", m.group(2)))
        return v


@lru_cache(maxsize=16)
def _facts_view(canonical: str, trusted: str) -> FactView:
    return FactView.build(canonical, trusted)


def fact_args(f: Fact):
    for a in f.args:
        if isinstance(a, PList):
            yield from a.items
        else:
            yield a


#: Properties of a place, not of an event: ``country_("Caracas, Venezuela","Venezuela")`` (both releases).
_PLACE_PROPERTIES = frozenset({"country_"})


def is_type(f: Fact) -> bool:
    """``income_(e)``: an event type fact; its id an atom (SARA 2020) or a string (SARA v2: ``income_("gross income")``)."""
    return f.arity == 1 and f.name.endswith("_") and isinstance(f.args[0], (Atom, Str))


def is_property(f: Fact) -> bool:
    """``agent_(e, x)``: a property of an event; its id an atom or a string (SARA v2), not a place's
    (:data:`_PLACE_PROPERTIES`, whose first argument is a place string in both releases)."""
    return (f.arity == 2 and f.name.endswith("_") and
            (isinstance(f.args[0], Atom) or (isinstance(f.args[0], Str) and f.name not in _PLACE_PROPERTIES)))

