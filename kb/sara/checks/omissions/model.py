"""The omission check's records (issue 33): a clause's row of the table clause -> facts
(:class:`ClauseRow`), what a clause states that no fact states (:class:`Item`), the facts one
could add for it (:class:`Candidate`), what the counterfactual runs decided (:class:`Verdict`),
and the limits of those runs."""

from __future__ import annotations

from dataclasses import dataclass, field

from taxlogic.tools.limits import CANDIDATE_FLOOR, CANDIDATE_TIMES


@dataclass(frozen=True)
class Item:
    """One thing a clause states that no fact aligned with its sentence states: ``kind``
    (``kind``, ``person``, ``date``, ``kinship``, ``role``, ``rule``, ``year``), the sentence's
    index, the clause, what (a cue word, a name, a date or year, a child-parent pair, an event id)
    and the predicates it speaks of. ``event``: for what one event of the sentence lacks (``role``: a role the statutes
    read of its type more often than it has it; ``date``: a start the sentence's dates may give),
    its id: the candidates complete that event only. ``family``: for what the events a trusted
    rule derives lack (``kind`` ``rule``, :func:`_family_items`), their ids: the candidates complete
    every one of them; for a year of a span no event of a yearly family is of (``kind`` ``year``,
    :func:`~.years.year_items`), the family's ids, one of which its candidates copy. ``asked``:
    ``clause`` is the question's, which writes the date of the event the query names when no
    sentence does ("the payment of $12980 that Alice made in 2019")."""

    kind: str
    sentence: int
    clause: str
    what: str
    predicates: tuple[str, ...]
    event: str = ""
    family: tuple[str, ...] = ()
    asked: bool = False


@dataclass
class ClauseRow:
    """One clause of the case: the sentence, the clause, the facts aligned with its sentence
    (canonical text) and what it states that they do not (:class:`Item`)."""

    sentence: int
    clause: str
    facts: list[str]
    items: list[Item] = field(default_factory=list)


#: Candidate facts tried per unstated item at most, and per type the item's word is a cue of.
MAX_CANDIDATES = 48


PER_TYPE = 16


#: The amount of a candidate event whose clause writes none ("a house that she maintains"): a
#: probe of "some amount". A clause that writes amounts that facts hold already gives none to a
#: new event ("receives a deduction of $25000": the deduction holds it).
PROBE_AMOUNT = "1"


@dataclass
class Candidate:
    """Facts one could add for an item (canonical fact text, one fact a line)."""

    item: Item
    facts: str


#: Inferences a candidate's run may take at least, and as a multiple of the facts' own run's
#: (:data:`taxlogic.tools.limits.CANDIDATE_FLOOR`, :data:`~taxlogic.tools.limits.CANDIDATE_TIMES`): a
#: candidate that makes the rules loop (a child made their own grandparent) decides nothing, and
#: must not cost the job's whole budget. Inferences, not CPU seconds (issue 48): what a candidate
#: decides is the same on any machine under any load (it was "max(2 s, 5x the facts' own run)").
CANDIDATE_BUDGET = (CANDIDATE_FLOOR, CANDIDATE_TIMES)


@dataclass
class Verdict:
    """What the counterfactual runs decided for one item: ``relevant`` (a candidate changed the
    answer: ``changed`` holds it), else the ``reason`` it makes no difference; ``undecided``: the
    runs decided nothing, for the query asks about a constant no fact names (issue 50: the facts
    and the query do not meet, so no candidate can reach the answer), and the item is not shown
    irrelevant."""

    item: Item
    relevant: bool
    reason: str
    changed: str = ""
    undecided: bool = False
