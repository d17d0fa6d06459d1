"""Events a trusted rule derives (household maintenance year by year), held to what the statutes
read of their type family by family (issue 33: a rule group left out): the items
(:func:`_family_items`) and their candidates (:func:`_family_candidates`)."""

from __future__ import annotations

import re
from typing import Sequence

from taxlogic.kb.sara.cues import TYPE_KINDS
from taxlogic.kb.sara.omissions.model import PROBE_AMOUNT, ClauseRow, Item
from taxlogic.kb.sara.omissions.reading import _ROLES, _query_years, _quote, _val, _words_in
from taxlogic.kb.sara.text import ISO
from taxlogic.kb.sara.view import is_type
from taxlogic.tools.facts import Atom, Fact, Str


def _families(stated: Sequence[Fact], derived: Sequence[Fact]) -> dict[tuple, list[str]]:
    """The events a trusted rule derives (ids in ``derived`` that no ``stated`` fact introduces),
    grouped into families: one rule's events, year by year (``bob_maintains_household_2015``,
    ``…_2016``), alike in id less its digits, type facts and property names. Key: (stem, types,
    properties); value: the ids in order. Ids with properties and no type fact form families too
    (types ``()``: the rule that gives the type was left out)."""
    own = {_val(f.args[0]) for f in stated if f.args}
    about: dict[str, list[Fact]] = {}
    for f in derived:
        if f.args and isinstance(f.args[0], (Atom, Str)) and _val(f.args[0]) not in own:
            if is_type(f) or (f.name in CORE_PROPERTIES and len(f.args) == 2):
                about.setdefault(_val(f.args[0]), []).append(f)
    out: dict[tuple, list[str]] = {}
    for e, fs in about.items():
        key = (re.sub(r"\d+", "#", e), tuple(sorted({f.name for f in fs if is_type(f)})),
               frozenset(f.name for f in fs if not is_type(f)))
        out.setdefault(key, []).append(e)
    return out


#: The properties an event's family is held to (:data:`taxlogic.kb.sara.schema.CORE`).
CORE_PROPERTIES = ("agent_", "patient_", "beneficiary_", "purpose_", "start_", "end_", "amount_")


def _family_items(stated: Sequence[Fact], derived: Sequence[Fact], schema, table,
                  rows: Sequence[ClauseRow]) -> list[Item]:
    """What the events a trusted rule derives lack (:func:`_families`), the mirror of
    :func:`_event_items` for a clause stated by a rule (household maintenance year by year): the
    rule states the clause only as fully as its events hold it. For each family:

    - a property (a role, a date, an amount, a purpose) that would complete a way the statutes
      read its type (:attr:`~taxlogic.kb.sara.schema.EventSchema.ways`) of which the family has
      every other property: one ``rule`` item per such property; a role only when the family has
      none (the gold rules give household payments a payer and no payee: a role may be left
      unsaid, an event with no one in it is not stated);
    - no type fact (the rule that gives it left out): one ``rule`` item naming the types of the
      KB whose cue the text uses and one of whose ways the family's properties hold.

    Each is an item of the clause that writes a cue of the type and most words of the values the
    family holds ("for which Bob furnished all costs" for Bob's payments for his house; else the text's
    first clause), ``family`` the events' ids; decided like every other by counterfactual runs."""
    fams = _families(stated, derived)
    if not fams or not rows:
        return []
    out: list[Item] = []
    for (stem, types, props), ids in fams.items():
        if types:
            lacks: set[str] = set()
            for t in types:
                for w in schema.ways.get(t, ()):
                    short = {p for p in w if p in CORE_PROPERTIES} - props
                    if len(short) == 1:
                        lacks |= short
            if props & set(_ROLES):  # a role the statutes may read with another is not missing:
                lacks -= set(_ROLES)  # the household payments Bob makes have no payee
            preds = [(p,) for p in sorted(lacks)]
            kinds = types
        else:
            kinds = tuple(t for t, ws in schema.ways.items() if table.entry(t) and table.entry(t).kind in TYPE_KINDS
                          and any(set(w) <= props for w in ws if w)
                          and any(table.cue_in(t, r.clause) for r in rows))
            preds = [kinds] if kinds else []
        if not preds:
            continue
        held = {_val(f.args[1]) for f in derived if f.args and _val(f.args[0]) in ids and len(f.args) == 2
                and not is_type(f) and isinstance(f.args[1], (Atom, Str)) and not ISO.match(f.args[1].value)}
        cued = [r for r in rows if any(table.cue_in(t, r.clause) for t in kinds)] or list(rows[:1])
        words = {w for v in held for w in re.split(r"[_\s]+", v.lower()) if len(w) > 2}
        row = max(cued, key=lambda r: sum(_words_in(w, r.clause) for w in words))  # the first that writes most of them
        for p in preds:
            out.append(Item("rule", row.sentence, row.clause, stem, p, family=tuple(ids)))
    return out


def _family_candidates(item: Item, facts: Sequence[Fact], people: Sequence[str], query: str | None) -> list[str]:
    """Candidate fact sets for a ``rule`` item (:func:`_family_items`): the property it names
    added to every event of the family at once, with each value the case allows: a role filled
    by each of ``people`` (whom the item's clause names or refers to) that holds no role of the
    family already (Bob who pays for the house is not its payee too); a purpose by each constant a role of an event holds that is no
    person (a home); an amount :data:`PROBE_AMOUNT`; a start (an end) the first (last) day of the
    year the event's end (start) or id gives, else the question's; a type fact of each type."""
    ids = item.family
    props: dict[str, dict[str, str]] = {}
    for f in facts:
        if f.name in ("start_", "end_") and len(f.args) == 2 and isinstance(f.args[1], Str) and ISO.match(f.args[1].value):
            props.setdefault(_val(f.args[0]), {})[f.name] = f.args[1].value
    events = {_val(f.args[0]) for f in facts if is_type(f) and f.args}

    def year(e: str, other: str) -> str | None:
        d = props.get(e, {}).get(other)
        ys = [d[:4]] if d else re.findall(r"(?<!\d)(1[6-9]\d\d|2[01]\d\d)(?!\d)", e) or [str(y) for y in _query_years(query)]
        return ys[0] if ys else None

    (p, *more) = item.predicates
    if more or p not in CORE_PROPERTIES:  # the type left out: each type it may have
        return ["".join(f"{t}({_quote(e)}).\n" for e in ids) for t in item.predicates]
    if p in _ROLES:
        held = {_val(f.args[1]) for f in facts if f.name in _ROLES and len(f.args) == 2 and _val(f.args[0]) in ids}
        values = [x for x in people if x not in held]
    elif p == "purpose_":
        values = sorted({_val(f.args[1]) for f in facts if f.name in _ROLES and len(f.args) == 2
                         and isinstance(f.args[1], Atom) and f.args[1].value not in people
                         and f.args[1].value not in events})
    elif p == "amount_":
        return ["".join(f"amount_({_quote(e)},{PROBE_AMOUNT}).\n" for e in ids)]
    else:
        other, md = ("end_", "01-01") if p == "start_" else ("start_", "12-31")
        lines = [f'{p}({_quote(e)},"{year(e, other)}-{md}").\n' for e in ids if year(e, other)]
        return ["".join(lines)] if lines else []
    return ["".join(f"{p}({_quote(e)},{_quote(v)}).\n" for e in ids) for v in values]
