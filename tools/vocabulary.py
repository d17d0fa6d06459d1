"""A knowledge base's predicate vocabulary as data: what a fact may use, per group.

Three groups (name -> allowed arities): ``base``, the event and property predicates a fact
pattern is written in (SARA: declared in ``events.pl``: ``income_/1``, ``agent_/2`` …);
``statute``, predicates the rules compute (``s151_c/4``, ``tax/3``), which a case may state only
when its text states that legal conclusion (paper, appendix A.1.4); ``utility``, helpers that
are never facts (``utils.pl``). How a domain reads its vocabulary from its Prolog files is the
knowledge base's (:func:`taxlogic.kb.vocabulary.load_vocabulary`); the fact checker
(:func:`taxlogic.tools.facts.check_facts`) takes the result.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Vocabulary:
    """Predicate name -> allowed arities, per group. All fields are immutable mappings."""

    base: dict[str, frozenset[int]] = field(default_factory=dict)
    statute: dict[str, frozenset[int]] = field(default_factory=dict)
    utility: dict[str, frozenset[int]] = field(default_factory=dict)

    @property
    def event_types(self) -> frozenset[str]:
        """Unary base predicates: event or entity types (``income_``, ``marriage_`` …)."""
        return frozenset(n for n, a in self.base.items() if a == {1})

    @property
    def properties(self) -> frozenset[str]:
        """Binary base predicates ending in ``_``: event properties (``agent_``, ``amount_`` …)."""
        return frozenset(n for n, a in self.base.items() if 2 in a and n.endswith("_"))

    def assertable(self) -> dict[str, frozenset[int]]:
        """What a fact may use: base and statute predicates (not utilities)."""
        out = dict(self.statute)
        for n, a in self.base.items():
            out[n] = out.get(n, frozenset()) | a
        return out

    def arities(self, name: str) -> frozenset[int]:
        """All known arities of ``name`` in any group (empty if unknown)."""
        return self.base.get(name, frozenset()) | self.statute.get(name, frozenset()) | self.utility.get(name, frozenset())
