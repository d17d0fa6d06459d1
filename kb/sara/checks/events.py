"""SARA check: events against the statutes (``event_*``, ``predicate_unread``, ``role_clash``,
``role_link``).

``events.pl`` declares event types (unary) and their properties (binary); the rule bodies say how
they are read (:mod:`taxlogic.kb.sara.reading.schema`):

- ``event_undeclared``: a property describes an id that no type fact declares and no statute
  fact or trusted rule mentions: a broken link (``start_(alice_died, …)`` beside
  ``death_(alice_dies)``);
- ``event_undescribed``: a type fact whose id no other fact mentions;
- ``event_conflict``: one event with two different start dates, end dates or amounts, two
  types, or an end before its start;
- ``event_duplicate``: two ids with the same type and the same properties;
- ``predicate_unread``: a predicate no rule ever reads, one keystroke from one that is read
  (``patient/2`` for ``patient_/2``): the fact has no effect;
- ``role_clash``: a person the text names who fills two roles that no rule ever fills with one
  variable (a person as the home of a residence, after agent and patient were swapped). The
  role classes are the connected components of "one variable fills both" over every clause;
- ``role_link``: two linked events (``purpose_(Payment, Service)``) that share no party where
  some rule reads them as one (the payer of a payment for work is the employer, or its payee
  the worker);
- ``event_unusable``: a described event that meets none of the ways the rules read its type:
  for every way a clause body can succeed, the core properties (who, what for, when, how
  much) it reads of such an event (an income without an amount, a marriage with one spouse and
  no date).
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from typing import Iterable

from taxlogic.core import Issue
from taxlogic.kb.sara.reading.names import edit1, variant_of
from taxlogic.kb.sara.reading.schema import EventSchema, event_schema
from taxlogic.kb.sara.reading.text import ISO, iso_date
from taxlogic.kb.sara.reading.view import FactView, is_property, is_type
from taxlogic.tools.facts import Atom, Fact, Str


def _suggest(name: str, candidates: Iterable[str]) -> str:
    close = [c for c in sorted(candidates) if variant_of(name, c)]
    return f"; is it a misspelling of {close[0]}?" if close else ""


def event_issues(canonical: str, *, rules=None, trusted: str = "", schema: EventSchema | None = None,
                 text: str = "") -> list[Issue]:
    """The checks of the module doc. ``rules`` (or a ready ``schema``) for the checks that need the
    statutes; ``text``: the case text (the people it names, for ``role_clash``)."""
    v = FactView.of(canonical, trusted)
    if schema is None and rules is not None:
        schema = event_schema(rules)
    issues: list[Issue] = []
    declared = set(v.types) | v.statute_consts
    # broken links: properties of undeclared ids
    for e, props in v.own_props.items():
        if e in declared:
            continue
        first = min((l, f) for fs in props.values() for l, f in fs)
        issues.append(Issue(kind="event_undeclared", line=first[0], message=(
            f"{first[1]} describes {e}, but no fact says what {e} is (a type fact such as income_({e}) or "
            f"marriage_({e})){_suggest(e, declared)}; use one id per event, the same in every fact")))
    # type facts nobody describes
    for line, f in v.facts:
        if is_type(f) and v.mentions[f.args[0].value] <= 1 and f.args[0].value not in v.props:
            e = f.args[0].value
            issues.append(Issue(kind="event_undescribed", line=line, message=(
                f"{f} declares {e}, but no other fact mentions {e} (who, when, how much){_suggest(e, v.props)}")))
    # one value per event, one type per id; end not before start
    for e, props in v.own_props.items():
        for p in ("start_", "end_", "amount_"):
            values = sorted({f.args[1].canonical for _, f in props.get(p, [])})
            if len(values) > 1:
                issues.append(Issue(kind="event_conflict", line=props[p][1][0], message=(
                    f"{e} has {len(values)} different {p[:-1]} values ({', '.join(values[:4])}); an event has one "
                    f"{'amount' if p == 'amount_' else 'date'}: if these are separate events, give each its own id")))
        ctx_props = v.props.get(e, {})
        s, t = [iso_date(next(iter(ctx_props[p]))) if len(ctx_props.get(p, ())) == 1 else None for p in ("start_", "end_")]
        if s and t and t < s:
            issues.append(Issue(kind="event_conflict", line=(props.get("end_") or props.get("start_"))[0][0], message=(
                f"{e} ends ({t.isoformat()}) before it starts ({s.isoformat()}); check start_ and end_")))
    for e, types in v.own_types.items():
        if len(v.types.get(e, [])) > 1:
            issues.append(Issue(kind="event_conflict", line=v.type_lines.get(e), message=(
                f"{e} is declared as {' and '.join(t + '(' + e + ')' for t in v.types[e])}; one id names one event: "
                "give the other event its own id")))
    # the same event twice
    sigs: dict[tuple, list[str]] = defaultdict(list)
    for e, types in v.own_types.items():
        props = v.props.get(e, {})
        if sum(len(x) for x in props.values()) >= 2 and e in v.own_props:
            sigs[(tuple(sorted(types)), tuple(sorted((p, tuple(sorted(x))) for p, x in props.items())))].append(e)
    for (types, _), ids in sigs.items():
        if len(ids) > 1:
            issues.append(Issue(kind="event_duplicate", line=v.type_lines.get(ids[-1]), message=(
                f"{' and '.join(ids)} are the same {types[0][:-1]} (same type and the same properties): "
                "state each event once, unless the text describes two")))
    # predicates no rule reads, one keystroke from one that is read (patient/2 for patient_/2)
    if schema is not None and schema.reads:
        read_names = {r.rsplit("/", 1)[0] for r in schema.reads}
        for line, f in v.facts:
            if f.indicator not in schema.reads:
                close = sorted(n for n in read_names if f"{n}/{f.arity}" in schema.reads
                               and (edit1(n, f.name) or n.strip("_") == f.name.strip("_")))
                if close:
                    issues.append(Issue(kind="predicate_unread", line=line, message=(
                        f"no statute reads {f.indicator}, so {f} has no effect; did you mean {close[0]}/{f.arity}?")))
    # one kind of thing per constant: the statutes read each role and argument as one kind
    if schema is not None and schema.role_class:
        issues += _role_clashes(v, schema, {w.lower() for w in re.findall(r"\b[A-Z][a-z]+\b", text)})
    # linked events whose roles the statutes fill with one value (payer of a payment for a
    # service = the service's employer)
    if schema is not None and schema.same_roles:
        issues += _link_mismatches(v, schema)
    # events no statute can use
    if schema is not None:
        for e, types in v.own_types.items():
            props = v.props.get(e, {})
            if not props:  # an entity (a plan, a hospital) other facts refer to, or undescribed (above)
                continue
            for t in types:
                if not schema.usable(t, props):
                    has = ", ".join(f"{p}" + (f" x{len(x)}" if len(x) > 1 else "") for p, x in sorted(props.items())) or "no properties"
                    issues.append(Issue(kind="event_unusable", line=v.type_lines.get(e), message=(
                        f"{t}({e}) has {has}; the statutes read a {t[:-1]} event only with {schema.describe(t)}: "
                        "a role, date or amount is missing or attached to another id")))
    return issues


def _role_clashes(v: "FactView", schema: EventSchema, names: set[str]) -> list[Issue]:
    """A person the text names (``names``: its capitalised words, lower-cased) who fills roles
    that no statute rule ever fills with the same variable: a person where a home, a purpose or an
    institution belongs, e.g. after agent and patient were swapped. (Things the text does not name
    may legitimately fill roles the rules keep apart: a jail that employs, a house one pays for.)"""
    uses: dict[str, list[tuple[int, str, int | None, Fact]]] = defaultdict(list)  # const -> (class, node, line, fact)
    own = {f.canonical for _, f in v.facts}
    lines = {f.canonical: l for l, f in v.facts}
    for f in [f for _, f in v.facts] + v.context:
        if is_property(f) and isinstance(f.args[1], (Atom, Str)) and not ISO.match(str(f.args[1].value)):
            for t in v.types.get(f.args[0].value, []):
                node = f"{t}:{f.name}"
                if node in schema.role_class:
                    uses[f.args[1].canonical].append((schema.role_class[node], node, lines.get(f.canonical), f))
        elif not f.name.endswith("_"):
            for i, a in enumerate(f.args, 1):
                node = f"{f.name}/{f.arity}:{i}"
                if isinstance(a, (Atom, Str)) and not ISO.match(str(a.value)) and node in schema.role_class:
                    uses[a.canonical].append((schema.role_class[node], node, lines.get(f.canonical), f))
    issues = []
    for const, us in uses.items():
        if const.strip("'\"").lower() not in names:
            continue
        classes = Counter(k for k, _, _, _ in us)
        if len(classes) < 2:
            continue
        major = classes.most_common(1)[0][0]
        odd = [u for u in us if u[0] != major and u[3].canonical in own] or [u for u in us if u[3].canonical in own]
        if not odd:
            continue
        k, node, line, f = odd[0]
        other = next(u for u in us if u[0] != k)
        issues.append(Issue(kind="role_clash", line=line, message=(
            f"{f} makes {const} the {node.replace(':', ' ')} (a role the statutes fill with "
            f"{_kind_of(schema, k)}), but {other[3]} makes it the {other[1].replace(':', ' ')} "
            f"({_kind_of(schema, other[0])}); are agent_ and patient_ swapped, or two things given one name?")))
    return issues


def _link_mismatches(v: "FactView", schema: EventSchema) -> list[Issue]:
    """Two linked events (``purpose_(payment, service)``) that share no party in the roles the
    statutes read as one (the payer of a payment for work is the employer, or its payee is the
    worker; a survivor may be paid instead of the worker, so one shared party is enough)."""
    issues = []
    own = {f.canonical: l for l, f in v.facts}
    for f in [f for _, f in v.facts] + v.context:
        if not (is_property(f) and isinstance(f.args[1], Atom)):
            continue
        e1, e2 = f.args[0].value, f.args[1].value
        for t1 in v.types.get(e1, []):
            for t2 in v.types.get(e2, []):
                pairs = schema.same_roles.get(f"{t1}:{f.name}:{t2}", ())
                known = [(r1, r2, v.props.get(e1, {}).get(r1, set()), v.props.get(e2, {}).get(r2, set()))
                         for r1, r2 in pairs]
                known = [k for k in known if k[2] and k[3]]
                mine = f.canonical in own or e1 in v.own_props or e2 in v.own_props
                if known and mine and all(not (x & y) for _, _, x, y in known):
                    said = "; ".join(f"its {r1[:-1]} {', '.join(sorted(x))} is not the {t2[:-1]}'s {r2[:-1]} "
                                     f"{', '.join(sorted(y))}" for r1, r2, x, y in known)
                    issues.append(Issue(kind="role_link", line=own.get(f.canonical), message=(
                        f"{f} links {t1}({e1}) to {t2}({e2}), but they share no party where the statutes expect one: "
                        f"{said}; are agent_ and patient_ swapped?")))
    return issues


def _kind_of(schema: EventSchema, k: int) -> str:
    roles = [r for r in schema.class_roles.get(k, ()) if not r.endswith((":start_", ":end_"))]
    shown = ", ".join(r.replace(":", " ") for r in roles[:3])
    return f"what also fills {shown}" + (" …" if len(roles) > 3 else "") if shown else "dates"

