"""Events a trusted rule derives (household maintenance year by year, a payment to each employee
and the work it pays for), held to what the statutes read of their type family by family
(issue 33: a rule group left out): the items (:func:`_family_items`) and their candidates
(:func:`_family_candidates`).

What a family may lack, each decided like every other item by counterfactual runs:

- a property one short of a way the statutes read its type (a role only when the family holds
  none, or when an event it is tied to by ``purpose_`` gives it: :func:`_linked`, the schema's
  ``same_roles``: a payment for work has the worker as its payee); the candidates add it to
  every event at once, and to the tied events that lack it too (one rule left out of both);
- its type (the rule that gives it left out);
- the rest of a **share** (:func:`_share`: "Bob furnished 40% of the costs" stated by payments of
  40 that no other payment completes; the statutes add amounts up).

A family is one rule's events, alike in type facts and property names whatever their ids (by
year, by person, by day). What the rules state of each event is read from the verifier's fact
view (``tl_case_view/1`` in tools/engine.pl, :data:`taxlogic.eval.faults.verifier.DERIVED_QUERY`):
the facts the engine's materialisation lists, and what rules it cannot list (rules that take an
event id apart with ``split_string``: SARA's tax_case_33) state of each event a type fact names,
asked per id (per pair of ids for a tie such as ``purpose_`` whose rule takes both apart); such a
family is held to the statutes like any other. Left to other checks or documented as not
catchable here (the closing note of issue 33, SARA 2020 and v2): a type whose events exist only
as ids another rule takes apart (tax_case_33's ``service_`` left out: no event to hold to
anything), and a property whose candidates restore the answer only after more CPU time than a
candidate's run is given (tax_case_33's ``patient_``: the rules that take ids apart are slow,
about 3 s for the whole program; its ``agent_`` candidate needed 1.7 s of the 2 s a candidate was
given, a verdict a loaded machine could tip before the candidate's budget counted inferences,
:data:`~taxlogic.kb.sara.checks.omissions.model.CANDIDATE_BUDGET`). A statute
conclusion a rule states directly (``s3306_a(alice,Year,_)``) is the text's own conclusion,
``coverage_conclusion``'s (:mod:`taxlogic.kb.sara.checks.coverage`)."""

from __future__ import annotations

import re
from typing import Sequence

from taxlogic.kb.sara.reading.cues import TYPE_KINDS
from taxlogic.kb.sara.checks.omissions.model import PROBE_AMOUNT, ClauseRow, Item
from taxlogic.kb.sara.checks.omissions.reading import _ROLES, _query_years, _quote, _val, _words_in
from taxlogic.kb.sara.reading.names import person_key
from taxlogic.kb.sara.reading.text import ISO, person_names
from taxlogic.kb.sara.reading.view import is_type
from taxlogic.tables import shared_table
from taxlogic.tools.facts import Atom, Fact, Number, Str


def _families(stated: Sequence[Fact], derived: Sequence[Fact]) -> dict[tuple, list[str]]:
    """The events a trusted rule derives (ids in ``derived`` that no ``stated`` fact introduces),
    grouped into families: one rule's events (``bob_maintains_household_2015``, ``…_2016``;
    ``alice_employs_bob``, ``alice_employs_cameron``), alike in type facts and property names,
    whatever their ids (a rule may name its events by year, by person or by day). Key: (stem,
    types, properties), the stem the first id less its digits; value: the ids in order. Ids with
    properties and no type fact form families too (types ``()``: the rule that gives the type
    was left out)."""
    own = {_val(f.args[0]) for f in stated if f.args}
    about: dict[str, list[Fact]] = {}
    for f in derived:
        if f.args and isinstance(f.args[0], (Atom, Str)) and _val(f.args[0]) not in own:
            if is_type(f) or (f.name in CORE_PROPERTIES and len(f.args) == 2):
                about.setdefault(_val(f.args[0]), []).append(f)
    alike: dict[tuple, list[str]] = {}
    for e, fs in about.items():
        alike.setdefault((tuple(sorted({f.name for f in fs if is_type(f)})),
                          frozenset(f.name for f in fs if not is_type(f))), []).append(e)
    return {(re.sub(r"\d+", "#", ids[0]), *key): ids for key, ids in alike.items()}


#: The properties an event's family is held to (:data:`taxlogic.kb.sara.reading.schema.CORE`).
CORE_PROPERTIES = ("agent_", "patient_", "beneficiary_", "purpose_", "start_", "end_", "amount_")


def _family_items(stated: Sequence[Fact], derived: Sequence[Fact], schema, table,
                  rows: Sequence[ClauseRow], rule_text: str = "") -> list[Item]:
    """What the events a trusted rule derives lack (:func:`_families`), the mirror of
    :func:`_event_items` for a clause stated by a rule (household maintenance year by year): the
    rule states the clause only as fully as its events hold it. For each family:

    - a property (a role, a date, an amount, a purpose) that would complete a way the statutes
      read its type (:attr:`~taxlogic.kb.sara.reading.schema.EventSchema.ways`) of which the family has
      every other property: one ``rule`` item per such property; a role only when the family has
      none (the gold rules give household payments a payer and no payee: a role may be left
      unsaid, an event with no one in it is not stated), or when an event the family is tied to
      by ``purpose_`` gives it (:func:`_linked`: the payee of a payment for work, the worker);
    - no type fact (the rule that gives it left out): one ``rule`` item naming the types of the
      KB whose cue the text uses and one of whose ways the family's properties hold;
    - a share of a whole no other event holds the rest of (:func:`_share`): one ``rule`` item
      naming the family's types and ``amount_``, of the clause that writes the percentage.

    Each is an item of the clause that writes a cue of the type and most words of the values the
    family holds ("for which Bob furnished all costs" for Bob's payments for his house; else the text's
    first clause), ``family`` the events' ids; decided like every other by counterfactual runs.

    ``rule_text``: the trusted rules. A predicate a rule of it still defines is never lacking:
    ``derived`` (the fact view, ``tl_case_view/1``) lists a rule's facts about each event a type
    fact names, but not those a rule gives only with more bound than the id (and, for a tie of
    two events, than both ids) or past the view's inference limit, nor any about an id no type
    fact names; adding them again would count them twice."""
    fams = _families(stated, derived)
    if not fams or not rows:
        return []
    ruled = set(re.findall(r"(?m)^\s*([a-z]\w*)\([^\n]*:-", rule_text))
    out: list[Item] = []
    for (stem, types, props), ids in fams.items():
        if types:
            lacks: set[str] = set()
            for t in types:
                for w in schema.ways.get(t, ()):
                    short = {p for p in w if p in CORE_PROPERTIES} - props
                    if len(short) == 1:
                        lacks |= short
            if props & set(_ROLES):  # a role the statutes may read with another is not missing
                # (the household payments Bob makes have no payee), unless an event the family is
                # tied to by purpose_ gives it (a payment for work: its payee the worker)
                lacks -= {r for r in _ROLES if not any(_linked(ids, r, derived, schema).values())}
            preds = [(p,) for p in sorted(lacks - ruled)]
            kinds = types
        else:
            kinds = tuple(t for t, ws in schema.ways.items() if t not in ruled and table.entry(t)
                          and table.entry(t).kind in TYPE_KINDS
                          and any(set(w) <= props for w in ws if w)
                          and any(table.cue_in(t, r.clause) for r in rows))
            preds = [kinds] if kinds else []
        if not preds:
            continue
        held = {_val(f.args[1]) for f in derived if f.args and _val(f.args[0]) in ids and len(f.args) == 2
                and not is_type(f) and isinstance(f.args[1], (Atom, Str)) and not ISO.match(f.args[1].value)}
        cued = [r for r in rows if any(table.cue_in(t, r.clause) for t in kinds)] or list(rows[:1])
        words = {w for v in held for w in re.split(r"[\W_]+", v.lower()) if len(w) > 2}  # "Bob's house": bob, house
        row = max(cued, key=lambda r: sum(_words_in(w, r.clause) for w in words))  # the first that writes most of them
        for p in preds:
            out.append(Item("rule", row.sentence, row.clause, stem, p, family=tuple(ids)))
    for (stem, types, props), ids in fams.items():
        shared = _share(ids, derived, rows) if types and "amount_" in props else None
        if shared is not None:
            row, n = shared
            out.append(Item("rule", row.sentence, row.clause, f"{stem} (a {n:g}% share, the rest paid by no one)",
                            (*types, "amount_"), family=tuple(ids)))
    return out


def _amounts(facts: Sequence[Fact]) -> dict[str, float]:
    """Each event id's amount (the first ``amount_`` a fact gives it)."""
    out: dict[str, float] = {}
    for f in facts:
        if f.name == "amount_" and len(f.args) == 2 and isinstance(f.args[1], Number):
            out.setdefault(_val(f.args[0]), float(f.args[1].value))
    return out


def _share(ids: Sequence[str], facts: Sequence[Fact], rows: Sequence[ClauseRow]) -> tuple[ClauseRow, float] | None:
    """The clause by which the events ``ids`` hold a **share** of a whole that no other event
    holds the rest of: every event's amount is one N below 100 that a clause writes as a
    percentage ("Bob furnished 40% of the costs of maintaining the home"), and the events with the
    same purpose and start (the same costs, the same year) hold less than 100 together. The
    statutes add amounts up (over half of the cost of maintaining a household, section 2(b)): a
    share stated alone reads as the whole (:func:`_family_candidates` adds the rest). Returns
    (the clause's row, N), or None."""
    amount = _amounts(facts)
    mine = {amount.get(e) for e in ids}
    if len(mine) != 1 or None in mine or not 0 < next(iter(mine)) < 100:
        return None
    n = next(iter(mine))
    written = re.compile(rf"(?<![\d.]){n:g}\s*(?:%|per\s*cent)", re.I)
    row = next((r for r in rows if written.search(r.clause)), None)
    if row is None:
        return None
    _, props = _links(facts)
    key = {e: (tuple(props.get(e, {}).get("purpose_", ())), tuple(props.get(e, {}).get("start_", ()))) for e in props}
    e = ids[0]
    total = sum(amount.get(x, 0) for x, k in key.items() if k == key.get(e) and k[0])
    return (row, n) if key.get(e, ((),))[0] and total < 100 else None


def _links(facts: Sequence[Fact]) -> tuple[dict[str, set[str]], dict[str, dict[str, list[str]]]]:
    """The types of each event id, and each id's properties' values (canonical text of atoms and
    strings, as :func:`_val` gives them)."""
    types: dict[str, set[str]] = {}
    props: dict[str, dict[str, list[str]]] = {}
    for f in facts:
        if not f.args:
            continue
        if is_type(f):
            types.setdefault(_val(f.args[0]), set()).add(f.name)
        elif len(f.args) == 2 and f.name in CORE_PROPERTIES:
            props.setdefault(_val(f.args[0]), {}).setdefault(f.name, []).append(_val(f.args[1]))
    return types, props


def _linked(ids: Sequence[str], prop: str, facts: Sequence[Fact], schema) -> dict[str, list[str]]:
    """For each event of ``ids``, the values of ``prop`` that the events it is tied to by
    ``purpose_`` give it, by what the statutes read of the tie
    (:attr:`~taxlogic.kb.sara.reading.schema.EventSchema.same_roles`: a payment whose purpose is a service
    has the service's agent as its patient and its patient as its agent), either way round (the
    service a payment pays for has the payment's patient as its agent). ``prop`` ``purpose_``:
    the events of a type the tie reads whose roles match the event's as the statutes read them
    (each payment to an employee: the employee's service). Empty lists where nothing gives it."""
    types, props = _links(facts)
    out: dict[str, list[str]] = {e: [] for e in ids}
    for e in ids:
        mine = props.get(e, {})
        for t in types.get(e, ()):
            for x in mine.get("purpose_", ()):  # e -> x: e's prop from x's
                for t2 in types.get(x, ()):
                    for r1, r2 in schema.same_roles.get(f"{t}:purpose_:{t2}", ()):
                        if r1 == prop:
                            out[e] += props.get(x, {}).get(r2, [])
            for y, yp in props.items():  # y -> e: e's prop from y's
                if e in yp.get("purpose_", ()):
                    for t0 in types.get(y, ()):
                        for r1, r2 in schema.same_roles.get(f"{t0}:purpose_:{t}", ()):
                            if r2 == prop:
                                out[e] += yp.get(r1, [])
            if prop == "purpose_":
                for link, pairs in schema.same_roles.items():
                    t1, p, t2 = link.split(":")
                    if t1 != t or p != "purpose_":
                        continue
                    out[e] += [x for x, ts in types.items() if t2 in ts and x != e and all(
                        mine.get(r1) and set(mine[r1]) & set(props.get(x, {}).get(r2, ())) for r1, r2 in pairs)][:1]
        out[e] = list(dict.fromkeys(out[e]))
    return out


def _family_candidates(item: Item, facts: Sequence[Fact], people: Sequence[str], query: str | None, *,
                       sentence=None, schema=None, rules=None) -> list[str]:
    """Candidate fact sets for a ``rule`` item (:func:`_family_items`): the property it names
    added to every event of the family at once, with each value the case allows: a role filled
    by each of ``people`` (whom the item's clause names or refers to) that holds no role of the
    family already (Bob who pays for the house is not its payee too); a purpose by each constant a role of an event holds that is no
    person (a home); an amount :data:`PROBE_AMOUNT`; a start (an end) the first (last) day of the
    year the event's end (start) or id gives, else the question's; a type fact of each type.

    With ``schema`` (:class:`~taxlogic.kb.sara.reading.schema.EventSchema`), first what the events the
    family is tied to by ``purpose_`` give each event (:func:`_linked`: a payment's payee, the
    worker of the service it pays for; the service itself as its purpose); a start (an end) also
    each event's own end (start: an event of one day, "on each occasion") and each full date of
    ``sentence`` (the item's, :class:`~taxlogic.kb.sara.reading.text.Sentence`), the same for every event;
    with ``rules``, a purpose also each string the statutes read as one whose words ``sentence``
    writes ("for agricultural labor": ``"agricultural labor"``, :func:`statute_purposes`)."""
    ids = item.family
    terms = {_val(a): a.canonical for f in facts for a in f.args if isinstance(a, (Atom, Str))}

    def q(value: str) -> str:  # as the facts write it (an atom with a hyphen stays an atom)
        return terms.get(value) or _quote(value)
    props: dict[str, dict[str, str]] = {}
    for f in facts:
        if f.name in ("start_", "end_") and len(f.args) == 2 and isinstance(f.args[1], Str) and ISO.match(f.args[1].value):
            props.setdefault(_val(f.args[0]), {})[f.name] = f.args[1].value

    def year(e: str, other: str) -> str | None:
        d = props.get(e, {}).get(other)
        ys = [d[:4]] if d else re.findall(r"(?<!\d)(1[6-9]\d\d|2[01]\d\d)(?!\d)", e) or [str(y) for y in _query_years(query)]
        return ys[0] if ys else None

    (p, *more) = item.predicates
    if more and item.predicates[-1] == "amount_":  # a share (:func:`_share`): the rest, paid by another
        return [_rest(item, facts, q)]
    if more or p not in CORE_PROPERTIES:  # the type left out: each type it may have
        return ["".join(f"{t}({q(e)}).\n" for e in ids) for t in item.predicates]
    first: list[str] = []  # what ties or the sentence give each event
    if schema is not None:
        # the events tied to the family's that lack the property too (one rule left out of both:
        # the payments and the work they pay for, each without its agent): completed at once
        _, vals = _links(facts)
        tied = [x for e in ids for x in vals.get(e, {}).get("purpose_", ())] \
            + [y for y, yp in vals.items() if set(yp.get("purpose_", ())) & set(ids)]
        tied = [x for x in dict.fromkeys(tied) if x not in ids and x in vals and p not in vals[x]]
        linked = _linked(list(ids) + tied, p, facts, schema)
        if any(linked[e] for e in ids):
            first.append("".join(f"{p}({q(e)},{q(linked[e][0])}).\n" for e in list(ids) + tied if linked[e]))
    if p in ("start_", "end_"):
        other = "end_" if p == "start_" else "start_"
        own = {e: props[e][other] for e in ids if other in props.get(e, {})}
        if own:
            first.append("".join(f'{p}({q(e)},"{d}").\n' for e, d in own.items()))
        first += ["".join(f'{p}({q(e)},"{d}").\n' for e in ids) for d in sorted(getattr(sentence, "dates", ()) or ())]
    if p == "purpose_" and rules is not None and sentence is not None:
        first += ["".join(f"{p}({q(e)},{q(v)}).\n" for e in ids)
                  for v in statute_purposes(str(rules.prolog_dir)) if _writes(sentence.text, v)]
    if p in _ROLES:
        held = {_val(f.args[1]) for f in facts if f.name in _ROLES and len(f.args) == 2 and _val(f.args[0]) in ids}
        values = [x for x in people if x not in held]
    elif p == "purpose_":
        # a thing a role holds and that is the agent of nothing (a person acts somewhere: SARA
        # v2's "Bob" is a spouse): an atom (SARA 2020: alice_s_house) or a string (v2: "a home",
        # "Bob's house", the place and the residence's id at once), no date, no one the sentence names
        agents = {_val(f.args[1]) for f in facts if f.name == "agent_" and len(f.args) == 2}
        named = {person_key(x) for x in person_names(sentence.text)} if sentence is not None else set()
        values = sorted({_val(f.args[1]) for f in facts if f.name in _ROLES and len(f.args) == 2
                         and isinstance(f.args[1], (Atom, Str)) and not ISO.match(f.args[1].value)
                         and f.args[1].value not in agents and person_key(f.args[1].value) not in named})
    elif p == "amount_":
        return first + ["".join(f"amount_({q(e)},{PROBE_AMOUNT}).\n" for e in ids)]
    else:
        other, md = ("end_", "01-01") if p == "start_" else ("start_", "12-31")
        lines = [f'{p}({q(e)},"{year(e, other)}-{md}").\n' for e in ids if year(e, other)]
        return list(dict.fromkeys(first + (["".join(lines)] if lines else [])))
    return list(dict.fromkeys(first + ["".join(f"{p}({q(e)},{q(v)}).\n" for e in ids) for v in values]))


def _rest(item: Item, facts: Sequence[Fact], q) -> str:
    """The candidate of a share (:func:`_share`): for each event of the family, one of its types
    and dates and purpose whose amount is the rest of 100, paid by someone the text does not
    name (a fresh constant: the text says only whose share the rest is not)."""
    amount = _amounts(facts)
    _, props = _links(facts)
    out = []
    for i, e in enumerate(item.family, 1):
        x = f"tl_rest_{i}"
        out += [f"{t}({x}).\n" for t in item.predicates[:-1]]
        out.append(f"agent_({x},tl_unstated_payer).\n")
        out += [f"{p}({x},{q(v)}).\n" for p in ("purpose_",) for v in props.get(e, {}).get(p, ())]
        out += [f'{p}({x},"{v}").\n' for p in ("start_", "end_") for v in props.get(e, {}).get(p, ())]
        out.append(f"amount_({x},{100 - amount[e]:g}).\n")
    return "".join(out)


def _writes(text: str, value: str) -> bool:
    """Whether ``text`` writes every word of ``value`` ("agricultural labor" in "for agricultural labor")."""
    words = [w for w in re.split(r"\W+", value.lower()) if w]
    return bool(words) and all(_words_in(w, text) for w in words)


@shared_table(maxsize=4)
def statute_purposes(prolog_dir: str) -> tuple[str, ...]:
    """The strings the statutes (the ``*.pl`` files of ``prolog_dir``) read as an event's
    ``purpose_`` (``purpose_(Service,"agricultural labor")``), in file order: the values a
    purpose the text words may take."""
    from pathlib import Path

    out: list[str] = []
    for path in sorted(Path(prolog_dir).glob("*.pl")):
        out += re.findall(r'\bpurpose_\(\s*\w+\s*,\s*"([^"]+)"', path.read_text(errors="replace"))
    return tuple(dict.fromkeys(out))
