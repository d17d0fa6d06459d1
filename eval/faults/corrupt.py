"""Corruption operators: break a correct fact set the way LLM translators do.

Each operator takes the facts of one case (:class:`taxlogic.tools.facts.Fact`, in order) and a
``random.Random`` and returns a :class:`Corruption` (the new fact lines and what changed), or
None when it does not apply to these facts (e.g. no amount to change). :func:`corrupt` draws up
to ``k`` distinct variants per case and operator from ``random.Random(f"{seed}:{case}:{op}")``,
so one seed gives the same variants on every machine and in any order of cases. Operators
never look at the case text or its answer: they model what a translator gets wrong, not what
the inspector checks. Constants are written the set's way: atoms in SARA 2020, strings where the
event ids are strings (SARA v2: ``agent_("gross income","Alice")``; a renamed id there is
``"gross income 2"``, an invented person ``"Zelda"``), so every operator corrupts either release.
Examples below use the facts of ``tax_case_1``/``s2_a_1_A_pos``:

``drop_fact``
    one fact is left out: ``agent_(alice_dies,alice).`` is gone.
``change_amount``
    one amount (``amount_/2``, or a non-year number of a statute fact) is mistyped: a digit
    changed, dropped or doubled, two digits transposed, or another amount of the case used:
    ``amount_(alice_is_paid,1200)`` -> ``amount_(alice_is_paid,12000)``.
``shift_date``
    one date or year is off: year ±1, month ±1, day ±1, or day and month swapped
    (``"2014-07-09"`` -> ``"2014-09-07"``); a year argument of a statute fact ±1
    (``s152_c_1(bob,alice,2015)`` -> ``s152_c_1(bob,alice,2016)``).
``swap_roles``
    agent and patient of one event exchanged (``agent_(p,jail). patient_(p,alice).`` ->
    ``agent_(p,alice). patient_(p,jail).``), or the two people of a statute fact
    (``s152_c_1(bob,alice,2015)`` -> ``s152_c_1(alice,bob,2015)``).
``broken_link``
    an entity (event id or person) is renamed in one fact only, so that fact no longer links
    to the others: ``start_(alice_dies,"2014-07-09")`` -> ``start_(alice_died,"2014-07-09")``.
``near_synonym``
    a predicate replaced by a near-synonym: a neighbouring KB predicate (``son_`` ->
    ``daughter_``, ``income_`` -> ``payment_``, ``start_`` -> ``end_``, a sibling subsection
    ``s2_a`` -> ``s2_b`` of the same arity) or a name the KB lacks (``marriage_`` ->
    ``marriage``, ``married_``).
``wrong_arity``
    one argument too many or too few: ``s151_c(alice,bob,_,2015)`` -> ``s151_c(alice,bob,2015)``,
    ``agent_(alice_dies,alice)`` -> ``agent_(alice_dies)``.
``duplicate_event``
    an event stated twice under two ids (a double count): every fact of ``alice_is_paid`` is
    repeated for ``alice_is_paid_2``.
``merge_events``
    two events folded into one id (preferably two of the same type): the facts of
    ``alice_is_paid_out_of_jail`` now describe ``alice_is_paid``, which has two amounts and dates.
``spurious_fact``
    one fact the text never states: an extra role (``agent_(alice_dies,bob).``), an extra
    date (``end_(alice_and_bob,"2014-07-09").``) or an extra amount taken from another fact.
``date_format``
    a date written in a format other than "YYYY-MM-DD": ``"07/09/2014"``, ``"2014/07/09"``,
    ``"July 9, 2014"``, ``"2014-7-9"`` or unquoted ``2014-07-09``.

Grounding errors (issue 15: a fact no sentence supports, or one its sentence contradicts):

``wrong_person``
    an event or a statute fact given to another person of the case: ``agent_(alice_is_paid,alice)``
    -> ``agent_(alice_is_paid,bob)``; ``s152_c_1(bob,alice,2015)`` -> ``s152_c_1(charlie,alice,2015)``.
``unstated_status``
    a legal status the facts do not hold, added for a person of the case: a joint return (with
    another person of the case when there is one), blindness, nonresident alien status, a
    disability, dated with one of the case's dates: ``joint_return_(joint_return_1).
    agent_(joint_return_1,alice). agent_(joint_return_1,bob). start_(joint_return_1,"2017-01-01").``
``open_period``
    a lasting event (employment, residence, marriage, enrolment, incarceration, a hospital stay
    …) left open: its ``end_`` fact dropped.
``reversed_relation``
    a family relation written the other way round: ``son_``/``daughter_`` (agent: the child) for
    ``father_``/``mother_`` (agent: the parent) or back, with the same agent and patient; or the
    agent and patient of a family relation exchanged.
``unnamed_person``
    one role argument (an ``agent_``, ``patient_`` or ``beneficiary_`` value that is not an event
    id, or a person of a statute fact) replaced by a name no fact uses, drawn from
    :data:`UNNAMED`, names no SARA case uses (issue 22: a person the text never names):
    ``agent_(alice_is_paid,alice)`` -> ``agent_(alice_is_paid,zelda)``.
``invented_fact``
    an event the facts do not hold, invented outright for a person of the case with one of its
    dates and, for money, one of its amounts: an income, a payment, a death, a birth, a
    residence, a marriage or a deduction.

Omissions (issue 33: what the text states, left out):

``omit_event``
    one whole event left out: its type fact and every fact whose first argument it is
    (``joint_return_(j). agent_(j,alice). agent_(j,bob). start_(j,…). end_(j,…).`` all gone).
``omit_role``
    one role of an event left out: an ``agent_``, ``patient_`` or ``beneficiary_`` fact whose
    value is not an event id (``agent_(alice_and_bob,alice).`` gone).
``omit_date``
    one date left out: a ``start_`` or ``end_`` fact.
``omit_relation``
    one family tie left out, as a whole event: a ``son_``, ``daughter_``, ``father_``,
    ``mother_``, ``brother_``, ``sister_``, ``sibling_`` or ``marriage_`` (:data:`RELATIONS`).

A gold rule program's rule groups are left out by :func:`omit_rule_group` (``omit_rules`` in
:func:`taxlogic.eval.faults.verifier.run_verifier`).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Callable, Iterable, Sequence

from taxlogic.kb.sara.reading.view import is_property, is_type
from taxlogic.tools.facts import AnonVar, Atom, Fact, Number, Str, parse_facts

__all__ = ["Corruption", "ERROR_CLASSES", "OMISSIONS", "OPERATORS", "RELATIONS", "UNNAMED", "corrupt", "every_omission",
           "facts_of", "omit_rule_group", "render",
           "rule_groups"]

_ISO = re.compile(r"(\d{4})-(\d{2})-(\d{2})\Z")
_MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September",
           "October", "November", "December")


@dataclass(frozen=True)
class Corruption:
    """One corrupted fact set: ``lines`` (clauses, each ending in '.'), the operator and what it did."""

    op: str
    lines: tuple[str, ...]
    detail: str

    @property
    def text(self) -> str:
        return "".join(l + "\n" for l in self.lines)


def facts_of(text: str) -> list[Fact]:
    """Parse fact text (gold fact clauses) into facts; unparsable clauses are left out."""
    return parse_facts(text)[0]


def render(facts: Iterable[Fact]) -> tuple[str, ...]:
    return tuple(f.canonical for f in facts)


def _with_arg(f: Fact, i: int, value) -> Fact:
    args = list(f.args)
    args[i] = value
    return Fact(f.line, f.name, tuple(args))


def _is_statute(f: Fact) -> bool:
    return not f.name.endswith("_")


def _year_like(f: Fact, arg) -> bool:
    return _is_statute(f) and isinstance(arg, Number) and isinstance(arg.value, int) and 1900 <= arg.value <= 2100


def _events(facts: Sequence[Fact]) -> dict[str, list[str]]:
    """Event id -> its type predicates (unary facts), in order."""
    out: dict[str, list[str]] = {}
    for f in facts:
        if is_type(f):
            out.setdefault(f.args[0].value, []).append(f.name)
    return out


@dataclass(frozen=True)
class _Ids:
    """How a fact set writes its constants (event ids, people, places): as atoms (SARA 2020:
    ``agent_(alice_is_paid,alice)``) or, when its event ids are strings, as strings too (SARA v2:
    ``agent_("gross income","Alice")``; its dates are strings as well, so an ISO date is never a
    constant). Operators read and build constants through it, so they corrupt either release."""

    strings: bool

    @classmethod
    def of(cls, facts: Sequence[Fact]) -> "_Ids":
        ids = [f.args[0] for f in facts if is_type(f)]
        return cls(bool(ids) and all(isinstance(a, Str) for a in ids))

    def const(self, a) -> bool:
        """``a`` is a constant: an atom, or (string ids) a string that is no ISO date."""
        return isinstance(a, Atom) or (self.strings and isinstance(a, Str) and not _ISO.match(a.value))

    def make(self, value: str):
        """A constant written the set's way."""
        return Str(value) if self.strings else Atom(value)

    def join(self, *parts: str) -> str:
        """A new constant's name from parts: ``alice_income`` (atoms), ``Alice income`` (strings)."""
        return (" " if self.strings else "_").join(parts)


def _constants(f: Fact, ids: _Ids | None = None) -> list[tuple[int, str]]:
    ids = ids or _Ids(False)
    return [(i, a.value) for i, a in enumerate(f.args) if ids.const(a)]


# ----------------------------------------------------------------------------- operators

Operator = Callable[[list[Fact], random.Random], "Corruption | None"]


def drop_fact(facts: list[Fact], rng: random.Random) -> Corruption | None:
    if len(facts) < 2:
        return None
    i = rng.randrange(len(facts))
    return Corruption("drop_fact", render(facts[:i] + facts[i + 1:]), f"dropped {facts[i]}")


def _amount_slots(facts: Sequence[Fact]) -> list[tuple[int, int]]:
    slots = []
    for k, f in enumerate(facts):
        for i, a in enumerate(f.args):
            if isinstance(a, Number) and isinstance(a.value, int) and (f.name == "amount_" or
                                                                       (_is_statute(f) and not _year_like(f, a))):
                slots.append((k, i))
    return slots


def _mistype(value: int, others: list[int], rng: random.Random) -> int | None:
    s = str(abs(value))
    kinds = ["digit", "times10", "div10", "transpose", "other"]
    rng.shuffle(kinds)
    for kind in kinds:
        if kind == "digit":
            j = rng.randrange(len(s))
            d = rng.choice([c for c in "0123456789" if c != s[j] and not (j == 0 and c == "0")] or ["1"])
            new = int(s[:j] + d + s[j + 1:])
        elif kind == "times10":
            new = value * 10
        elif kind == "div10":
            new = value // 10 if len(s) > 1 else None
        elif kind == "transpose":
            pairs = [j for j in range(len(s) - 1) if s[j] != s[j + 1] and not (j == 0 and s[1] == "0")]
            if not pairs:
                continue
            j = rng.choice(pairs)
            new = int(s[:j] + s[j + 1] + s[j] + s[j + 2:])
        else:
            pool = [o for o in others if o != value]
            if not pool:
                continue
            new = rng.choice(pool)
        if new is not None and new != value and new > 0:
            return new
    return None


def change_amount(facts: list[Fact], rng: random.Random) -> Corruption | None:
    slots = _amount_slots(facts)
    if not slots:
        return None
    k, i = rng.choice(slots)
    old = facts[k].args[i].value
    others = sorted({facts[a].args[b].value for a, b in slots})
    new = _mistype(old, others, rng)
    if new is None:
        return None
    out = list(facts)
    out[k] = _with_arg(facts[k], i, Number(new))
    return Corruption("change_amount", render(out), f"{facts[k]} -> {out[k]}")


def _shifted(d: date, rng: random.Random) -> date | None:
    kinds = ["year", "month", "day", "swap"]
    rng.shuffle(kinds)
    for kind in kinds:
        try:
            if kind == "year":
                new = d.replace(year=d.year + rng.choice((-1, 1)))
            elif kind == "month":
                m = d.month + rng.choice((-1, 1))
                new = d.replace(year=d.year + (m - 1) // 12, month=(m - 1) % 12 + 1)
            elif kind == "day":
                new = d + timedelta(days=rng.choice((-1, 1)))
            else:
                new = d.replace(month=d.day, day=d.month)
        except ValueError:
            continue
        if new != d:
            return new
    return None


def _date_slots(facts: Sequence[Fact]) -> list[tuple[int, int]]:
    return [(k, i) for k, f in enumerate(facts) for i, a in enumerate(f.args)
            if isinstance(a, Str) and _ISO.match(a.value)]


def shift_date(facts: list[Fact], rng: random.Random) -> Corruption | None:
    slots = [(k, i, "date") for k, i in _date_slots(facts)]
    slots += [(k, i, "year") for k, f in enumerate(facts) for i, a in enumerate(f.args) if _year_like(f, a)]
    if not slots:
        return None
    k, i, kind = rng.choice(slots)
    f = facts[k]
    if kind == "year":
        new_arg = Number(f.args[i].value + rng.choice((-1, 1)))
    else:
        y, m, d = map(int, _ISO.match(f.args[i].value).groups())
        try:
            new = _shifted(date(y, m, d), rng)
        except ValueError:
            return None
        if new is None:
            return None
        new_arg = Str(new.isoformat())
    out = list(facts)
    out[k] = _with_arg(f, i, new_arg)
    return Corruption("shift_date", render(out), f"{f} -> {out[k]}")


def swap_roles(facts: list[Fact], rng: random.Random) -> Corruption | None:
    cands: list[tuple] = []
    ids = _Ids.of(facts)
    by_event: dict[str, dict[str, list[int]]] = {}
    for k, f in enumerate(facts):
        if f.name in ("agent_", "patient_") and f.arity == 2 and ids.const(f.args[1]):
            by_event.setdefault(f.args[0].value, {}).setdefault(f.name, []).append(k)
    for e, roles in by_event.items():
        for a in roles.get("agent_", []):
            for p in roles.get("patient_", []):
                if facts[a].args[1] != facts[p].args[1]:
                    cands.append(("event", a, p))
    for k, f in enumerate(facts):
        if _is_statute(f):
            atoms = _constants(f, ids)
            for x in range(len(atoms)):
                for y in range(x + 1, len(atoms)):
                    if atoms[x][1] != atoms[y][1]:
                        cands.append(("statute", k, atoms[x][0], atoms[y][0]))
    if not cands:
        return None
    c = rng.choice(cands)
    out = list(facts)
    if c[0] == "event":
        _, a, p = c
        out[a] = _with_arg(facts[a], 1, facts[p].args[1])
        out[p] = _with_arg(facts[p], 1, facts[a].args[1])
        return Corruption("swap_roles", render(out), f"{facts[a]} {facts[p]} -> {out[a]} {out[p]}")
    _, k, x, y = c
    f = facts[k]
    g = _with_arg(_with_arg(f, x, f.args[y]), y, f.args[x])
    out[k] = g
    return Corruption("swap_roles", render(out), f"{f} -> {g}")


def _variant(name: str, taken: set[str], rng: random.Random, sep: str = "_") -> str | None:
    """A name a translator might write for ``name`` in one place (a part dropped, parts reversed,
    a suffix, another case, a verb's tense); ``sep`` joins its parts ("_" for atoms, " " for
    SARA v2's strings)."""
    parts = name.split(sep)
    options = []
    if len(parts) > 1:
        options += [sep.join(parts[:j] + parts[j + 1:]) for j in range(len(parts)) if parts[j]]
        options += [sep.join(parts[::-1])]
    options += [name + sep + "1", name + sep + "event", name.capitalize() if not name[:1].isupper() else name.lower()]
    if name.endswith("s") and len(name) > 2:
        options.append(name[:-1])
    elif len(parts) > 1 and parts[-1] in ("dies", "pays", "is", "runs"):
        options.append(sep.join(parts[:-1] + [parts[-1][:-1] + "ed"]))
    options = [o for o in dict.fromkeys(options) if o and o != name and o not in taken]
    return rng.choice(options) if options else None


def broken_link(facts: list[Fact], rng: random.Random) -> Corruption | None:
    counts: dict[str, list[tuple[int, int]]] = {}
    ids = _Ids.of(facts)
    for k, f in enumerate(facts):
        for i, v in _constants(f, ids):
            counts.setdefault(v, []).append((k, i))
    linked = [v for v, occ in counts.items() if len({k for k, _ in occ}) >= 2]
    if not linked:
        return None
    v = rng.choice(sorted(linked))
    k, i = rng.choice(counts[v])
    new = _variant(v, set(counts), rng, " " if ids.strings else "_")
    if new is None:
        return None
    out = list(facts)
    out[k] = _with_arg(facts[k], i, ids.make(new))
    return Corruption("broken_link", render(out), f"{facts[k]} -> {out[k]}")


#: Neighbouring KB predicates a translator confuses (same arity), both ways.
_NEIGHBOURS = [
    ("son_", "daughter_"), ("father_", "mother_"), ("brother_", "sister_"), ("sibling_", "brother_"),
    ("income_", "payment_"), ("start_", "end_"), ("blindness_", "disability_"),
    ("hospital_", "medical_institution_"), ("service_", "business_"), ("residence_", "location_"),
    ("deduction_", "itemize_deductions_"), ("marriage_", "joint_return_"), ("death_", "termination_"),
    ("citizenship_", "residence_"), ("nonresident_alien_", "migration_"), ("purpose_", "reason_"),
    ("beneficiary_", "patient_"), ("educational_institution_", "enrollment_"),
]
_OUTSIDE = {"marriage_": "married_", "income_": "salary_", "payment_": "paid_", "agent_": "actor_",
            "patient_": "recipient_", "start_": "date_", "amount_": "value_", "death_": "died_",
            "son_": "child_", "daughter_": "child_", "residence_": "lives_in_", "service_": "employment_"}


def _sibling_sections(name: str, arity: int, statute: dict[str, frozenset[int]] | None) -> list[str]:
    """Statute predicates one subsection letter/number away: s2_a -> s2_b, s151_c -> s151_d."""
    if statute is None or "_" not in name:
        return []
    head, last = name.rsplit("_", 1)
    return [n for n in statute if n != name and arity in statute[n] and n.rsplit("_", 1)[0] == head
            and len(n.rsplit("_", 1)[-1]) == len(last)]


def near_synonym(facts: list[Fact], rng: random.Random, statute: dict[str, frozenset[int]] | None = None
                 ) -> Corruption | None:
    neighbours: dict[str, list[str]] = {}
    for a, b in _NEIGHBOURS:
        neighbours.setdefault(a, []).append(b)
        neighbours.setdefault(b, []).append(a)
    cands = []
    for k, f in enumerate(facts):
        for n in neighbours.get(f.name, []):
            cands.append((k, n, "neighbour"))
        if f.name in _OUTSIDE:
            cands.append((k, _OUTSIDE[f.name], "outside"))
        if f.name.endswith("_"):
            cands.append((k, f.name[:-1], "outside"))
        for n in _sibling_sections(f.name, f.arity, statute):
            cands.append((k, n, "sibling"))
    if not cands:
        return None
    k, n, kind = rng.choice(cands)
    out = list(facts)
    out[k] = Fact(facts[k].line, n, facts[k].args)
    return Corruption("near_synonym", render(out), f"{facts[k]} -> {out[k]} ({kind})")


def wrong_arity(facts: list[Fact], rng: random.Random) -> Corruption | None:
    if not facts:
        return None
    k = rng.randrange(len(facts))
    f = facts[k]
    args = list(f.args)
    if f.arity > 1 and rng.random() < 0.6:
        anon = [i for i, a in enumerate(args) if isinstance(a, AnonVar)]
        del args[rng.choice(anon) if anon else rng.randrange(1, len(args))]
    else:
        extra = AnonVar() if _is_statute(f) else next((a for a in f.args[::-1] if isinstance(a, Atom)), AnonVar())
        args.insert(rng.randrange(1, len(args) + 1) if args else 0, extra)
    out = list(facts)
    out[k] = Fact(f.line, f.name, tuple(args))
    return Corruption("wrong_arity", render(out), f"{f} -> {out[k]}")


def duplicate_event(facts: list[Fact], rng: random.Random) -> Corruption | None:
    events = _events(facts)
    if not events:
        return None
    e = rng.choice(sorted(events))
    ids = _Ids.of(facts)
    taken = {v for f in facts for _, v in _constants(f, ids)}
    new = next(ids.join(e, str(j)) for j in range(2, 100) if ids.join(e, str(j)) not in taken)
    copies = [Fact(f.line, f.name, (ids.make(new),) + f.args[1:]) for f in facts
              if f.args and f.args[0] == ids.make(e) and (is_type(f) or is_property(f))]
    return Corruption("duplicate_event", render(list(facts) + copies), f"{e} stated again as {new} ({len(copies)} facts)")


def merge_events(facts: list[Fact], rng: random.Random) -> Corruption | None:
    events = _events(facts)
    ids = sorted(events)
    same = [(a, b) for a in ids for b in ids if a < b and set(events[a]) & set(events[b])]
    pairs = same or [(a, b) for a in ids for b in ids if a < b]
    if not pairs:
        return None
    keep, gone = rng.choice(pairs)
    if rng.random() < 0.5:
        keep, gone = gone, keep
    out, seen = [], set()
    ids = _Ids.of(facts)
    for f in facts:
        g = Fact(f.line, f.name, tuple(ids.make(keep) if a == ids.make(gone) else a for a in f.args))
        if g.canonical not in seen:
            seen.add(g.canonical)
            out.append(g)
    return Corruption("merge_events", render(out), f"{gone} merged into {keep}")


def spurious_fact(facts: list[Fact], rng: random.Random) -> Corruption | None:
    events = _events(facts)
    ids = _Ids.of(facts)
    people = sorted({f.args[1].value for f in facts if f.name in ("agent_", "patient_") and f.arity == 2
                     and ids.const(f.args[1]) and f.args[1].value not in events})
    props: dict[str, set[str]] = {}
    has: set[tuple[str, str, str]] = set()
    for f in facts:
        if is_property(f):
            props.setdefault(f.args[0].value, set()).add(f.name)
            has.add((f.name, f.args[0].value, f.args[1].canonical))
    dates = sorted({a.value for f in facts for a in f.args if isinstance(a, Str) and _ISO.match(a.value)})
    amounts = sorted({a.value for f in facts if f.name == "amount_" for a in f.args[1:] if isinstance(a, Number)})
    cands: list[Fact] = []
    for e in sorted(events):
        for p in people:
            for role in ("agent_", "patient_"):
                if (role, e, ids.make(p).canonical) not in has:
                    cands.append(Fact(0, role, (ids.make(e), ids.make(p))))
        for d in dates:
            for role in ("start_", "end_"):
                if role not in props.get(e, set()):
                    cands.append(Fact(0, role, (ids.make(e), Str(d))))
        if "amount_" not in props.get(e, set()):
            cands += [Fact(0, "amount_", (ids.make(e), Number(a))) for a in amounts]
    if not cands:
        return None
    # one kind first (role, date, amount), then one fact of that kind: no kind dominates by number
    kinds: dict[str, list[Fact]] = {}
    for c in cands:
        kinds.setdefault("role" if c.name in ("agent_", "patient_") else "date" if c.name in ("start_", "end_") else "amount", []).append(c)
    pick = rng.choice(kinds[rng.choice(sorted(kinds))])
    at = rng.randrange(len(facts) + 1)
    out = list(facts[:at]) + [pick] + list(facts[at:])
    return Corruption("spurious_fact", render(out), f"added {pick}")


def _formats(d: date) -> list[str]:
    return [f'"{d.month:02d}/{d.day:02d}/{d.year}"', f'"{d.year}/{d.month:02d}/{d.day:02d}"',
            f'"{_MONTHS[d.month - 1]} {d.day}, {d.year}"', f'"{d.year}-{d.month}-{d.day}"',
            f"{d.year}-{d.month:02d}-{d.day:02d}"]


def date_format(facts: list[Fact], rng: random.Random) -> Corruption | None:
    slots = _date_slots(facts)
    if not slots:
        return None
    k, i = rng.choice(slots)
    f = facts[k]
    y, m, d = map(int, _ISO.match(f.args[i].value).groups())
    iso = f.args[i].canonical
    written = rng.choice([w for w in _formats(date(y, m, d)) if w != iso])
    args = [a.canonical for a in f.args]
    args[i] = written
    line = f"{f.name}({','.join(args)})."
    lines = list(render(facts))
    lines[k] = line
    return Corruption("date_format", tuple(lines), f"{f} -> {line}")


def _people(facts: Sequence[Fact]) -> list[str]:
    """The people (and organisations) of a fact set: constants that are the agent_ of an event,
    and no event id (a home or a fund is only ever a patient_ or a purpose_)."""
    events, ids = _events(facts), _Ids.of(facts)
    return sorted({f.args[1].value for f in facts if f.name == "agent_" and f.arity == 2
                   and ids.const(f.args[1]) and f.args[1].value not in events})


def _fresh(base: str, facts: Sequence[Fact]) -> str:
    """A new constant's name from ``base`` (its words joined the set's way) that no fact uses."""
    ids = _Ids.of(facts)
    base = ids.join(*base.split("_")) if ids.strings else base
    taken = {v for f in facts for _, v in _constants(f, ids)}
    return next(ids.join(base, str(j)) for j in range(1, 1000) if ids.join(base, str(j)) not in taken)


def wrong_person(facts: list[Fact], rng: random.Random) -> Corruption | None:
    people, ids = set(_people(facts)), _Ids.of(facts)
    slots = [(k, i) for k, f in enumerate(facts) for i, a in enumerate(f.args)
             if ids.const(a) and a.value in people and (f.name in ("agent_", "patient_", "beneficiary_") and i == 1
                                                               or _is_statute(f))]
    if not slots or len(people) < 2:
        return None
    k, i = rng.choice(slots)
    f = facts[k]
    other = rng.choice(sorted(people - {f.args[i].value}))
    out = list(facts)
    out[k] = _with_arg(f, i, ids.make(other))
    return Corruption("wrong_person", render(out), f"{f} -> {out[k]}")


_STATUSES = ("joint_return_", "blindness_", "nonresident_alien_", "disability_")


def unstated_status(facts: list[Fact], rng: random.Random) -> Corruption | None:
    people = _people(facts)
    held = {f.name for f in facts}
    options = [t for t in _STATUSES if t not in held]
    dates = sorted({a.value for f in facts for a in f.args if isinstance(a, Str) and _ISO.match(a.value)})
    if not people or not options:
        return None
    t = rng.choice(options)
    who = rng.choice(people)
    e = _fresh(t.rstrip("_"), facts)
    c = _Ids.of(facts).make
    new = [Fact(0, t, (c(e),)), Fact(0, "agent_", (c(e), c(who)))]
    if t == "joint_return_" and len(people) > 1:
        new.append(Fact(0, "agent_", (c(e), c(rng.choice([p for p in people if p != who])))))
    if dates:
        new.append(Fact(0, "start_", (c(e), Str(rng.choice(dates)))))
    return Corruption("unstated_status", render(list(facts) + new), f"added {' '.join(f.canonical for f in new)}")


#: Event types that last: a translator may leave them open.
_LASTING = ("residence_", "marriage_", "service_", "enrollment_", "attending_classes_", "incarceration_",
            "medical_patient_", "nonresident_alien_", "citizenship_", "business_", "disability_", "blindness_")


def open_period(facts: list[Fact], rng: random.Random) -> Corruption | None:
    events = _events(facts)
    lasting = {e for e, types in events.items() if set(types) & set(_LASTING)}
    ends = [k for k, f in enumerate(facts) if f.name == "end_" and f.arity == 2 and isinstance(f.args[0], (Atom, Str))
            and f.args[0].value in lasting]
    if not ends:
        return None
    k = rng.choice(ends)
    return Corruption("open_period", render(facts[:k] + facts[k + 1:]), f"dropped {facts[k]}")


_KIN_OTHER_WAY = {"son_": ("father_", "mother_"), "daughter_": ("father_", "mother_"),
                  "father_": ("son_", "daughter_"), "mother_": ("son_", "daughter_")}


def reversed_relation(facts: list[Fact], rng: random.Random) -> Corruption | None:
    kin = [k for k, f in enumerate(facts) if is_type(f) and f.name in _KIN_OTHER_WAY]
    if not kin:
        return None
    k = rng.choice(kin)
    e = facts[k].args[0]
    out = list(facts)
    if rng.random() < 0.5:
        new = rng.choice(_KIN_OTHER_WAY[facts[k].name])
        out[k] = Fact(facts[k].line, new, facts[k].args)
        return Corruption("reversed_relation", render(out), f"{facts[k]} -> {out[k]}")
    roles = [j for j, f in enumerate(facts) if f.name in ("agent_", "patient_") and f.arity == 2 and f.args[0] == e]
    if not any(facts[j].name == "agent_" for j in roles) or not any(facts[j].name == "patient_" for j in roles):
        return None
    for j in roles:
        out[j] = Fact(facts[j].line, "patient_" if facts[j].name == "agent_" else "agent_", facts[j].args)
    return Corruption("reversed_relation", render(out), f"agent_ and patient_ of {e.value} exchanged")


#: Names no SARA case (2020 release) uses, for :func:`unnamed_person`.
UNNAMED = ("zelda", "quincy", "ophelia", "percival", "winifred", "ignatius", "rosalind", "thaddeus", "yolanda",
           "barnaby", "clementine", "evander", "marisol", "leopold", "henrietta", "octavia", "severin", "ximena",
           "bartholomew", "imogen", "cornelius", "philippa", "lysander", "genevieve", "ulysses", "tabitha")


def unnamed_person(facts: list[Fact], rng: random.Random) -> Corruption | None:
    events, ids = set(_events(facts)), _Ids.of(facts)
    slots = [(k, i) for k, f in enumerate(facts) for i, a in enumerate(f.args)
             if ids.const(a) and a.value not in events and
             (f.name in ("agent_", "patient_", "beneficiary_") and f.arity == 2 and i == 1 or _is_statute(f))]
    if not slots:
        return None
    taken = {v.lower() for f in facts for _, v in _constants(f, ids)}
    k, i = rng.choice(slots)
    name = rng.choice([n for n in UNNAMED if n not in taken])
    out = list(facts)
    out[k] = _with_arg(facts[k], i, ids.make(name.capitalize() if ids.strings else name))  # v2 writes "Alice"
    return Corruption("unnamed_person", render(out), f"{facts[k]} -> {out[k]}")


_INVENTED = ("income_", "payment_", "death_", "birth_", "residence_", "marriage_", "deduction_")


def invented_fact(facts: list[Fact], rng: random.Random) -> Corruption | None:
    people = _people(facts)
    dates = sorted({a.value for f in facts for a in f.args if isinstance(a, Str) and _ISO.match(a.value)})
    amounts = sorted({a.value for f in facts if f.name == "amount_" for a in f.args[1:] if isinstance(a, Number)
                      and a.value not in (0, 1)})
    if not people or not dates:
        return None
    t = rng.choice(_INVENTED)
    who = rng.choice(people)
    e = _fresh(f"{who}_{t.rstrip('_')}", facts)
    c = _Ids.of(facts).make
    new = [Fact(0, t, (c(e),)), Fact(0, "agent_", (c(e), c(who)))]
    if t == "marriage_" and len(people) > 1:
        new.append(Fact(0, "agent_", (c(e), c(rng.choice([p for p in people if p != who])))))
    new.append(Fact(0, "start_", (c(e), Str(rng.choice(dates)))))
    if t in ("income_", "payment_", "deduction_") and amounts:
        new.append(Fact(0, "amount_", (c(e), Number(rng.choice(amounts)))))
    return Corruption("invented_fact", render(list(facts) + new), f"added {' '.join(f.canonical for f in new)}")



# ------------------------------------------------------------------ omissions (issue 33)

#: Family ties: the relations :func:`omit_relation` leaves out.
RELATIONS = ("son_", "daughter_", "father_", "mother_", "brother_", "sister_", "sibling_", "marriage_")


def _event_facts(facts: Sequence[Fact], e: str) -> list[int]:
    """Indexes of the facts about event ``e``: its type facts and every fact whose first argument it is."""
    return [j for j, f in enumerate(facts) if f.args and isinstance(f.args[0], (Atom, Str)) and f.args[0].value == e]


def _omission_slots(facts: Sequence[Fact], op: str) -> list[tuple[frozenset[int], str]]:
    """Every way the omission operator ``op`` (``omit_event``, ``omit_relation``, ``omit_role``,
    ``omit_date``) can leave something out of ``facts``: (indexes of the facts left out, what was
    left out), in the facts' order; ``[]`` when it does not apply (an event left out of a set
    with fewer than two events would leave nothing to check)."""
    if op in ("omit_event", "omit_relation"):
        evs = _events(facts)
        if len(evs) < 2:
            return []
        out = []
        for e, ts in evs.items():
            if op == "omit_relation" and not any(t in RELATIONS for t in ts):
                continue
            gone = frozenset(_event_facts(facts, e))
            out.append((gone, f"left out {e} ({', '.join(ts)}, {len(gone)} facts)"))
        return out
    if op == "omit_role":
        events, ids = set(_events(facts)), _Ids.of(facts)
        slots = [j for j, f in enumerate(facts) if f.name in ("agent_", "patient_", "beneficiary_") and f.arity == 2
                 and not (ids.const(f.args[1]) and f.args[1].value in events)]
    elif op == "omit_date":
        slots = [j for j, f in enumerate(facts) if f.name in ("start_", "end_") and f.arity == 2]
    else:
        raise KeyError(f"{op} is not an omission operator; known: {', '.join(OMISSIONS)}")
    return [(frozenset({j}), f"left out {facts[j]}") for j in slots]


def _left_out(facts: Sequence[Fact], op: str, slot: tuple[frozenset[int], str]) -> Corruption:
    gone, detail = slot
    return Corruption(op, render(f for j, f in enumerate(facts) if j not in gone), detail)


def _omit(facts: list[Fact], rng: random.Random, op: str) -> Corruption | None:
    slots = _omission_slots(facts, op)
    return _left_out(facts, op, rng.choice(slots)) if slots else None


def omit_event(facts: list[Fact], rng: random.Random) -> Corruption | None:
    return _omit(facts, rng, "omit_event")


def omit_relation(facts: list[Fact], rng: random.Random) -> Corruption | None:
    return _omit(facts, rng, "omit_relation")


def omit_role(facts: list[Fact], rng: random.Random) -> Corruption | None:
    return _omit(facts, rng, "omit_role")


def omit_date(facts: list[Fact], rng: random.Random) -> Corruption | None:
    return _omit(facts, rng, "omit_date")


#: The operators that leave out what the text states (issue 33), each enumerable whole
#: (:func:`every_omission`).
OMISSIONS = ("omit_event", "omit_role", "omit_date", "omit_relation")


def every_omission(facts: Sequence[Fact], op: str) -> list[Corruption]:
    """Every distinct corruption of ``facts`` by the omission operator ``op`` (one of
    :data:`OMISSIONS`), in the facts' order: not a sample (issue 33: "every omitted event, role,
    date or relation ... on every rule-free gold set"). Raises KeyError for another operator."""
    out, seen = [], {render(facts)}
    for slot in _omission_slots(facts, op):
        c = _left_out(facts, op, slot)
        if c.lines not in seen:
            seen.add(c.lines)
            out.append(c)
    return out


def rule_groups(rule_text: str) -> list[tuple[str, str]]:
    """Every variant of a trusted gold rule program with one rule group left out, in name order:
    (the new rule text, what was left out). A group is every clause whose head has one name, and
    every rule whose body calls it (``bob_household_maintenance/4`` and the ``payment_``,
    ``agent_`` … rules built on it); ``[]`` without rules."""
    from taxlogic.tools.facts import split_clauses

    clauses = [c.text for c in split_clauses(rule_text)]
    heads = [re.match(r"\s*([a-z]\w*)", c) for c in clauses]
    keys = [m.group(1) if m else "" for m in heads]
    out = []
    for name in sorted({k for k, c in zip(keys, clauses) if k and ":-" in c}):
        # the group: the rules of ``name`` and every rule whose body calls it (a recurring event's
        # generator and the facts it derives about each event)
        kept = [c for k, c in zip(keys, clauses) if k != name and not (":-" in c and re.search(
            rf"\b{re.escape(name)}\s*\(", c.split(":-", 1)[1]))]
        out.append(("".join(c + "\n" for c in kept), f"left out the rules of {name} ({len(clauses) - len(kept)} clauses)"))
    return out


def omit_rule_group(rule_text: str, rng: random.Random) -> tuple[str, str] | None:
    """One of :func:`rule_groups`, chosen by ``rng``; None without rules."""
    groups = rule_groups(rule_text)
    return rng.choice(groups) if groups else None


OPERATORS: dict[str, Operator] = {
    "drop_fact": drop_fact,
    "change_amount": change_amount,
    "shift_date": shift_date,
    "swap_roles": swap_roles,
    "broken_link": broken_link,
    "near_synonym": near_synonym,
    "wrong_arity": wrong_arity,
    "duplicate_event": duplicate_event,
    "merge_events": merge_events,
    "spurious_fact": spurious_fact,
    "date_format": date_format,
    "wrong_person": wrong_person,
    "unstated_status": unstated_status,
    "open_period": open_period,
    "reversed_relation": reversed_relation,
    "invented_fact": invented_fact,
    "unnamed_person": unnamed_person,
    "omit_event": omit_event,
    "omit_role": omit_role,
    "omit_date": omit_date,
    "omit_relation": omit_relation,
}

ERROR_CLASSES: dict[str, str] = {
    "change_amount": "values", "shift_date": "values", "date_format": "values",
    "drop_fact": "structure", "wrong_arity": "structure", "broken_link": "structure", "near_synonym": "structure",
    "duplicate_event": "structure", "merge_events": "structure",
    "swap_roles": "roles", "reversed_relation": "roles", "wrong_person": "roles",
    "spurious_fact": "grounding", "unstated_status": "grounding", "open_period": "grounding", "invented_fact": "grounding",
    "unnamed_person": "grounding",
    "omit_event": "omission", "omit_role": "omission", "omit_date": "omission", "omit_relation": "omission",
}
"""The error class of each operator: wrong values, a broken structure, wrong roles (who did what to
whom), facts the text does not ground (issue 15), or what the text states left out (issue 33; the
rule groups of a gold rule program: :func:`omit_rule_group`, ``omit_rules`` in the verifier)."""


def corrupt(facts: Sequence[Fact], op: str, *, seed: int, key: str, k: int = 3, tries: int = 20,
            statute: dict[str, frozenset[int]] | None = None) -> list[Corruption]:
    """Up to ``k`` distinct corruptions of ``facts`` by operator ``op``, deterministic in
    (``seed``, ``key``, ``op``); ``[]`` when the operator does not apply. ``statute``: the KB's
    statute predicates (name -> arities), for sibling-section synonyms."""
    fn = OPERATORS[op]
    rng = random.Random(f"{seed}:{key}:{op}")
    original = render(facts)
    out: list[Corruption] = []
    seen = {original}
    for _ in range(tries):
        if len(out) >= k:
            break
        c = fn(list(facts), rng, statute) if op == "near_synonym" else fn(list(facts), rng)
        if c is None or c.lines in seen:
            continue
        seen.add(c.lines)
        out.append(c)
    return out
