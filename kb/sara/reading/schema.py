"""The statutes' event model: what SARA's rules read of each event type (:class:`EventSchema`).

Read once per rule-set folder by ``schema.pl`` (this package) in a ``swipl`` subprocess, from the
``:- discontiguous`` declarations of ``events.pl`` (event types, unary; properties, binary) and
the clause bodies of the other files (terms only, nothing runs). Used by the event checks
(:mod:`taxlogic.kb.sara.checks.events`).
"""

from __future__ import annotations

import subprocess
from collections import Counter, defaultdict
from dataclasses import dataclass, field, replace
from importlib import resources
from pathlib import Path
from typing import Iterable

from taxlogic.tables import shared_table


#: What an event is: who (roles), what for (``purpose_``: the link from a payment to the work or
#: the home it pays for), when (dates) and how much. Other properties (reason_, type_, means_,
#: location_ …) qualify an event and are often not stated: they are not required.
CORE = frozenset({"agent_", "patient_", "beneficiary_", "purpose_", "start_", "end_", "amount_"})


@dataclass(frozen=True)
class EventSchema:
    """For each event type, the property sets the statutes read of an event of that type, one
    per way a rule body can succeed (minimal sets only; counts matter: a marriage is read with
    two ``agent_``). An event is usable if it has (at least) one of them."""

    needs: dict[str, tuple[Counter, ...]] = field(default_factory=dict)
    reads: frozenset[str] = frozenset()  # name/arity of every predicate a rule body calls
    same_roles: dict[str, tuple[tuple[str, str], ...]] = field(default_factory=dict)  # "payment_:purpose_:service_" -> ((agent_, patient_), …)
    role_class: dict[str, int] = field(default_factory=dict)  # "residence_:agent_" -> class
    class_roles: dict[int, tuple[str, ...]] = field(default_factory=dict)
    ways: dict[str, tuple[Counter, ...]] = field(default_factory=dict)  # every way's core properties, not only the minimal
    qualifiers: dict[str, frozenset[str]] = field(default_factory=dict)  # other properties a way reads: "attending_classes_" -> {"location_"}
    constants: dict[str, dict[str, tuple[str, ...]]] = field(default_factory=dict)
    # ^ the constants a rule body reads as a property of the type, as Prolog writes them:
    #   "migration_" -> {"destination_": ('"usa"',), "purpose_": ('"agricultural labor"',)}

    def usable(self, etype: str, props: dict[str, set[str]]) -> bool:
        ways = self.needs.get(etype)
        if not ways:
            return True
        return any(all(len(props.get(p, ())) >= n for p, n in way.items()) for way in ways)

    @classmethod
    def core(cls, needs: dict[str, list[Counter]], reads: Iterable[str] = (),
             links: Iterable[tuple[str, str]] = (), same: Iterable[tuple[str, str, str]] = ()) -> "EventSchema":
        """Keep only the core properties (:data:`CORE`) of each way, then the minimal ways."""
        out, every = {}, {}
        qualifiers = {etype: frozenset(p for w in ws for p in w if p not in CORE) for etype, ws in needs.items()}
        for etype, ws in needs.items():
            ws = [Counter({p: n for p, n in w.items() if p in CORE}) for w in ws]
            every[etype] = tuple(dict((tuple(sorted(w.items())), w) for w in ws).values())
            minimal = [w for w in ws if not any(v != w and all(w[p] >= n for p, n in v.items()) for v in ws)]
            uniq: list[Counter] = []
            for w in sorted(minimal, key=lambda c: (sum(c.values()), sorted(c.items()))):
                if w not in uniq:
                    uniq.append(w)
            out[etype] = tuple(uniq)
        parent: dict[str, str] = {}

        def find(x: str) -> str:
            parent.setdefault(x, x)
            while parent[x] != x:
                parent[x] = parent[parent[x]]
                x = parent[x]
            return x
        for a, b in links:
            parent[find(a)] = find(b)
        roots: dict[str, int] = {}
        role_class = {}
        for node in sorted(parent):
            role_class[node] = roots.setdefault(find(node), len(roots))
        class_roles: dict[int, list[str]] = defaultdict(list)
        for node, k in role_class.items():
            if "/" not in node:
                class_roles[k].append(node)
        same_roles: dict[str, list[tuple[str, str]]] = defaultdict(list)
        for link, r1, r2 in same:
            same_roles[link].append((r1, r2))
        return cls(out, frozenset(reads), {k: tuple(v) for k, v in same_roles.items()}, role_class,
                   {k: tuple(v) for k, v in class_roles.items()}, every,
                   {k: v for k, v in qualifiers.items() if v})

    def describe(self, etype: str) -> str:
        ways = self.needs.get(etype, ())

        def one(w: Counter) -> str:
            return " + ".join(f"{n} {p}" if n > 1 else p for p, n in sorted(w.items())) or "nothing"
        return "; or ".join(one(w) for w in ways[:4]) + ("; …" if len(ways) > 4 else "")


def _schema_lines(prolog_dir: str) -> str | None:
    """``schema.pl``'s output on the statutes of ``prolog_dir``: read from the cache kept per
    content of the statute files (:func:`taxlogic.kb.datafiles.cached_reading`, ``schema``) or made
    by a ``swipl`` subprocess and kept there, so a one-case command reads the statutes' schema
    instead of starting ``swipl`` (issue 51's start-up). None when ``swipl`` is missing, times out
    or fails (nothing is kept then)."""
    from taxlogic.kb.datafiles import cached_reading

    script = resources.files("taxlogic.kb.sara").joinpath("prolog", "schema.pl")

    def make() -> str | None:
        try:
            proc = subprocess.run(["swipl", str(script), prolog_dir], capture_output=True, text=True, timeout=120)
        except (FileNotFoundError, subprocess.TimeoutExpired):
            return None
        return proc.stdout if proc.returncode == 0 and proc.stdout.strip() else None

    return cached_reading("schema", Path(str(script)), prolog_dir, make)


@shared_table(maxsize=8)
def _schema_for(prolog_dir: str) -> EventSchema:
    output = _schema_lines(prolog_dir)
    if output is None:
        return EventSchema()
    ways: dict[str, list[Counter]] = defaultdict(list)
    reads, links, same = [], [], []
    constants: dict[str, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
    negated: dict[str, list[Counter]] = defaultdict(list)
    for line in output.splitlines():
        etype, _, key = line.partition("\t")
        if etype == "neg":
            t, props = key.split("\t", 1)
            negated[t].append(Counter(p for p in props.split(",") if p))
        elif etype == "const":
            t, prop, value = key.split("\t", 2)
            constants[t][prop].append(value)
        elif etype == "read":
            reads.append(key)
        elif etype == "link":
            links.append(tuple(key.split("\t")))
        elif etype == "same":
            same.append(tuple(key.split("\t")))
        else:
            ways[etype].append(Counter(p for p in key.split(",") if p))
    schema = EventSchema.core(ways, reads, links, same)
    # what a negated condition reads: ways a candidate may take (the omission check), never what
    # an event needs (the event checks)
    every = dict(schema.ways)
    qualifiers = dict(schema.qualifiers)
    for t, ws in negated.items():
        core = [Counter({p: n for p, n in w.items() if p in CORE}) for w in ws]
        every[t] = tuple(dict((tuple(sorted(w.items())), w) for w in [*every.get(t, ()), *core]).values())
        extra = frozenset(p for w in ws for p in w if p not in CORE)
        if extra:
            qualifiers[t] = qualifiers.get(t, frozenset()) | extra
    return replace(schema, ways=every, qualifiers=qualifiers,
                   constants={t: {p: tuple(dict.fromkeys(vs)) for p, vs in ps.items()} for t, ps in constants.items()})


def event_schema(rules) -> EventSchema:
    """The event model of a rule set (:class:`taxlogic.kb.rules.RuleSet`), read from its statute
    files by ``schema.pl`` in a ``swipl`` subprocess (terms only, nothing runs; its output kept in
    the cache for the same files: :func:`_schema_lines`) once per folder
    (a :func:`~taxlogic.tables.shared_table`: cases inspected at once on many threads start one
    ``swipl``, not one each)."""
    return _schema_for(str(rules.prolog_dir))
