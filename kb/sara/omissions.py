"""SARA check: nothing the case states is left out (issue 33), the mirror of provenance.

Provenance (:mod:`taxlogic.kb.sara.provenance`) holds every argument of every fact to the text;
this module holds every clause of the text to the facts. A clause is **accounted for** when the
facts the aligner places in its sentence (:func:`taxlogic.kb.sara.align.align`, anchors as
evidence only) state what it says, item by item:

- ``kind``: each word of the clause that the KB's vocabulary documents (a cue of ``cues.json``:
  "married" for ``marriage_``, "joint" for ``joint_return_``, "employee" for ``service_``, "lives"
  for ``residence_``), in a clause that is not negated, is matched by a fact of one of the types
  it is a cue of;
- ``person``: each person the clause names is an argument of one of those facts;
- ``date``: each full date and each year the clause gives is a date of one of them;
- ``kinship``: each (child, parent) pair the sentence words
  (:func:`taxlogic.kb.sara.direction.sentence_kinship`) is tied by a family fact;
- each **event** the sentence states is complete as its clause states it
  (:func:`_event_items`, with the rule set's event schema): a role the statutes read of its type
  that no fact fills, a start its clause dates. This holds a fact left out when another fact of
  the sentence shares its date or person ("for work done from Feb 1st to Sep 2nd": the payment's
  date is the work's end) and the clause-level items above see it as accounted for.

- the **events a trusted rule derives** (household maintenance year by year) are held to what
  their type is read with, family by family (:func:`_family_items`): a property one short of a
  way the statutes read the type (a role only when the events hold none), or the type itself, is
  an item of the clause the rule states, its candidates added to every event of the family.

What no fact states is not an issue by itself (a clause may not matter to the question). Whether
it matters is decided by the rules: :func:`unstated` gives, for each item, the **candidate
facts** a translation could have written for it, built only from the KB's vocabulary (the types
whose cue the clause uses, the properties the statutes read of them: :mod:`.schema`) and the
clause's own names, dates, years and amounts (the case's people when a type needs more parties
than the clause names; the question's year when the clause gives none; never the gold facts).
:func:`counterfactual_jobs` runs the query once per candidate, added to the facts (the engine,
same limits, untrusted job: candidates are validated facts), and :func:`judge` compares answers:
an item whose candidate changes the answer is an issue (``unstated_clause``, quoting the clause
and naming the predicates); one whose candidates cannot change it is recorded as irrelevant,
with the reason, and costs no round. Facts a trusted rule program derives (``trusted``) count
like facts: a clause a gold rule states (household maintenance year by year) is accounted for.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, field
from typing import Callable, Sequence

from taxlogic.core import CaseInput, Issue
from taxlogic.kb.sara.align import align
from taxlogic.kb.sara.cues import _NEGATION, TYPE_KINDS, cue_table
from taxlogic.kb.sara.direction import sentence_kinship
from taxlogic.kb.sara.text import ISO, PRONOUN, YEAR, citations, plain_number, person_names, read_sentences, sexes
from taxlogic.kb.sara.view import fact_args, is_type
from taxlogic.tools.facts import Atom, Fact, Number, Str, Term, parse_facts

#: The rule sets the omission check does not run on (none). It was measured on SARA 2020's
#: representation first (issue 33: 0 false alarms on the 376 gold sets); on SARA v2's it raised
#: false alarms until names were compared as the text writes them (:func:`name_key`: v2 writes
#: people as strings in the case's spelling, ``"Alice"``, ``"her spouse"``), and now raises none
#: on v2's 100 correct fact sets (issue 35); the mechanism stays for a release not yet measured.
NOT_MEASURED_ON: frozenset[str] = frozenset()


def applies_to(rules) -> bool:
    """Whether the omission check runs for ``rules`` (a :class:`~taxlogic.kb.rules.RuleSet`):
    every rule set but those of :data:`NOT_MEASURED_ON`."""
    return getattr(rules, "name", None) not in NOT_MEASURED_ON


#: Candidate facts tried per unstated item at most, and per type the item's word is a cue of.
MAX_CANDIDATES = 48
PER_TYPE = 16

#: The amount of a candidate event whose clause writes none ("a house that she maintains"): a
#: probe of "some amount". A clause that writes amounts that facts hold already gives none to a
#: new event ("receives a deduction of $25000": the deduction holds it).
PROBE_AMOUNT = "1"

#: CPU seconds a candidate's run may take at least, and as a multiple of the facts' own run: a
#: candidate that makes the rules loop (a child made their own grandparent) decides nothing,
#: and must not cost the job's whole limit.
CANDIDATE_SECONDS = (2.0, 5.0)

_ROLES = ("agent_", "patient_", "beneficiary_")
_KIN = ("son_", "daughter_", "father_", "mother_")


@dataclass(frozen=True)
class Item:
    """One thing a clause states that no fact aligned with its sentence states: ``kind``
    (``kind``, ``person``, ``date``, ``kinship``, ``role``), the sentence's index, the clause, what
    (a cue word, a name, a date or year, a child-parent pair, an event id) and the predicates it
    speaks of. ``event``: for what one event of the sentence lacks (``role``: a role the statutes
    read of its type more often than it has it; ``date``: a start the sentence's dates may give),
    its id: the candidates complete that event only. ``family``: for what the events a trusted
    rule derives lack (``kind`` ``rule``, :func:`_family_items`), their ids: the candidates complete
    every one of them."""

    kind: str
    sentence: int
    clause: str
    what: str
    predicates: tuple[str, ...]
    event: str = ""
    family: tuple[str, ...] = ()


@dataclass
class ClauseRow:
    """One clause of the case: the sentence, the clause, the facts aligned with its sentence
    (canonical text) and what it states that they do not (:class:`Item`)."""

    sentence: int
    clause: str
    facts: list[str]
    items: list[Item] = field(default_factory=list)


@dataclass
class Candidate:
    """Facts one could add for an item (canonical fact text, one fact a line)."""

    item: Item
    facts: str


@dataclass
class Verdict:
    """What the counterfactual runs decided for one item: ``relevant`` (a candidate changed the
    answer: ``changed`` holds it), else the ``reason`` it makes no difference."""

    item: Item
    relevant: bool
    reason: str
    changed: str = ""


#: Where a sentence splits into clauses: a semicolon, a comma (not the one before a year: "July
#: 5th, 2015"), and, but, while, whereas, although.
_SPLIT = re.compile(r";|,(?!\s*\d{4}\b)|\b(?:and|but|while|whereas|although)\b", re.I)


def _clauses(sentence: str) -> list[str]:
    parts = [p.strip(" .") for p in _SPLIT.split(sentence)]
    return [p for p in parts if p]


_SUBJECT_PRONOUN = re.compile(r"\b(?:she|he|they)\b", re.I)
_INTRO = re.compile(r"^\s*(?:(?:In|On|From|Since|During|Until|After|Before|While)\b[^,]*,\s*)+")


def _clause_people(clause: str, s, people: set[str]) -> set[str]:
    """Whom a clause is about: the case's people it names, or whom its subject pronoun (she, he,
    they) refers to; a clause with neither is about the sentence's subject (its first name after an
    opening "In 2023," …: "In 2023, Bob, the son of …, lives at her place")."""
    named = {n for n in _standalone_names(clause) if n in people}
    if _SUBJECT_PRONOUN.search(clause):
        named |= {r for r in s.referents if r in people}
    if named:
        return named
    first = [n for n in _standalone_names(_INTRO.sub("", s.text)) if n in people][:1]
    return set(first)


def _bare_names(clause: str, people: set[str]) -> set[str]:
    """The people a clause that is only a name lists ("Alice" of "Alice and Bob lived in the same
    home", split at "and"): the subjects it shares with the clause after it; empty otherwise."""
    words = re.findall(r"[A-Za-z']+", clause)
    names = {w.lower() for w in words}
    return names if words and names <= people else set()


def _words_in(constant: str, clause: str) -> bool:
    """Does ``clause`` write every word of ``constant`` (``spouse``, ``alice_house``)?"""
    words = [w for w in re.split(r"[_\s]+", constant.lower()) if len(w) > 2]
    return bool(words) and all(re.search(rf"\b{re.escape(w)}", clause, re.I) for w in words)


def _standalone_names(text: str) -> list[str]:
    """:func:`~taxlogic.kb.sara.text.person_names` of ``text`` that stand alone: not a word of a
    run of capitalised words ("the United States Government" names no person)."""
    runs = {w.lower() for m in re.finditer(r"\b[A-Z][a-z]+(?:\s+(?:of\s+)?[A-Z][a-z]+)+", text) for w in m.group().split()}
    return [n for n in person_names(text) if n not in runs]


def _mask_terms(clause: str, terms: dict | None) -> str:
    """``clause`` with the terms of two or more words the statutes define blanked out ("takes the
    standard deduction": the statutes compute it, it is no event of the case; a one-word term,
    "wages", "employment", is also the ordinary word for the event and stays)."""
    for term in sorted(terms or {}, key=len, reverse=True):
        if " " in term:
            clause = re.sub(r"\b" + r"\s+".join(re.escape(w) for w in term.split()) + r"\b", " ", clause, flags=re.I)
    return clause


def _fact_lines(text: str) -> list[Fact]:
    """Facts of ``text`` (canonical facts, or a trusted program's derived facts; rules and
    clauses that do not parse are left out)."""
    lines = [l for l in text.splitlines() if l.strip() and ":-" not in l and not l.lstrip().startswith("%")]
    return parse_facts("\n".join(lines))[0]


def _dates_of(facts: Sequence[Fact]) -> set[str]:
    return {a.value for f in facts for a in fact_args(f) if isinstance(a, Str) and ISO.match(a.value)}


def _years_of(facts: Sequence[Fact]) -> set[int]:
    """Years the facts give: each date's, every year a start/end span covers, and years that are
    arguments of statute facts."""
    out = {int(d[:4]) for d in _dates_of(facts)}
    by_event: dict[str, dict[str, list[int]]] = {}
    for f in facts:
        if f.name in ("start_", "end_") and len(f.args) == 2 and isinstance(f.args[1], Str) and ISO.match(f.args[1].value):
            by_event.setdefault(_val(f.args[0]), {}).setdefault(f.name, []).append(int(f.args[1].value[:4]))
        if not f.name.endswith("_"):
            out |= {a.value for a in f.args if isinstance(a, Number) and isinstance(a.value, int) and 1600 <= a.value <= 2199}
    for spans in by_event.values():
        for s in spans.get("start_", []):
            for e in spans.get("end_", []):
                out |= set(range(s, e + 1))
    return out


def _atoms(facts: Sequence[Fact]) -> set[str]:
    """The constants of ``facts``, each also as the text's names are compared (:func:`name_key`:
    SARA v2's ``"Alice"`` is the text's ``alice``, as SARA 2020's atom ``alice`` is)."""
    values = {a.value for f in facts for a in fact_args(f) if isinstance(a, (Atom, Str))}
    return values | {name_key(v) for v in values}


def name_key(value: str) -> str:
    """A constant as :func:`~taxlogic.kb.sara.text.person_names` writes a name: lower case. SARA
    2020 writes people as atoms (``alice``), SARA v2 as strings in the case's own spelling
    (``"Alice"``, ``"her spouse"``); the omission check compares both with the text's names."""
    return value.lower()


def spellings(facts: Sequence[Fact]) -> dict[str, Term]:
    """How ``facts`` write each constant that is not the plain atom of its :func:`name_key`
    (SARA v2's strings: ``"Alice"`` for ``alice``, ``"married"`` for ``married``; none for SARA
    2020's atoms), by that key: the term a candidate fact must use for a name or an event id to
    be the same constant as the facts' (:func:`respell`). A key two constants share is left out
    (ambiguous)."""
    seen: dict[str, set] = {}
    for f in facts:
        for a in fact_args(f):
            if isinstance(a, (Atom, Str)) and not ISO.match(a.value):
                seen.setdefault(name_key(a.value), set()).add(a)
    return {k: next(iter(v)) for k, v in seen.items() if len(v) == 1 and next(iter(v)) != Atom(k)}


def respell(text: str, spelling: dict[str, Term]) -> str:
    """Candidate fact ``text`` (one fact a line) with each atom argument that :func:`spellings`
    knows written as the facts write it (``agent_(tl_unstated_1,alice).`` ->
    ``agent_(tl_unstated_1,"Alice").`` on SARA v2); unchanged when ``spelling`` is empty."""
    if not spelling:
        return text
    facts = parse_facts(text)[0]
    out = [Fact(f.line, f.name, tuple(spelling.get(a.value, a) if isinstance(a, Atom) else a for a in f.args))
           for f in facts]
    return "".join(f.canonical + "\n" for f in out)


def accounting(case: CaseInput, canonical: str, trusted: str = "", *, terms: dict | None = None,
               rules=None) -> list[ClauseRow]:
    """The table clause -> facts of the module doc, every clause of the case in order, with the
    items it states that no fact aligned with its sentence states. With ``rules`` (a
    :class:`~taxlogic.kb.rules.RuleSet`), also what each event of a sentence lacks
    (:func:`_event_items`: a role the statutes read of its type, a start date): a fact left out
    of an event the text states, whose date or person another fact of the sentence shares."""
    derived = "".join(f.canonical + "\n" for f in _fact_lines(trusted))
    rule_text = "\n".join(l for l in trusted.splitlines() if ":-" in l or l.startswith((" ", "\t")))  # a rule's text
    facts_text = canonical + derived
    a = align(case.text, facts_text, terms=terms, anchors=False)
    sentences = a.sentences
    by_sentence: dict[int, list[Fact]] = {s.index: [] for s in sentences}
    groups: dict[str, list[Fact]] = {}
    for s in a.supports:
        groups.setdefault(s.group, []).append(s.fact)
    group_sentences: dict[str, set[int]] = {}
    for s in a.supports:
        group_sentences.setdefault(s.group, set()).update(s.sentences)
    for g, idx in group_sentences.items():
        for i in idx:
            by_sentence[i].extend(groups[g])
    every = [s.fact for s in a.supports]
    table = cue_table()
    people = case_people(case, every)
    types_of = {g: [f.name for f in fs if is_type(f)] for g, fs in groups.items()}
    people_of = {g: _atoms(fs) for g, fs in groups.items()}
    sex = sexes(case.text)
    primary: dict[str, int] = {}
    for sup in a.supports:
        if sup.group not in primary and (sup.primary is not None or sup.sentences):
            primary[sup.group] = sup.primary if sup.primary is not None else sup.sentences[0]
    # events a trusted rule derives: what the rule states is accounted for (recurring events)
    # (the derived facts hold the stated ones too: only ids no stated type fact introduces)
    by_rule = {_val(f.args[0]) for f in _fact_lines(trusted) if is_type(f) and f.args} \
        - {_val(f.args[0]) for f in _fact_lines(canonical) if is_type(f) and f.args}
    schema = None
    if rules is not None:
        from taxlogic.kb.sara.schema import event_schema

        schema = event_schema(rules)
    rows: list[ClauseRow] = []
    for s in sentences:
        here = by_sentence[s.index]
        here_groups = {g for g, idx in group_sentences.items() if s.index in idx}
        here_types = {f.name for f in here if is_type(f)}
        here_atoms = _atoms(here)
        here_dates = _dates_of(here)
        here_years = _years_of(here)
        facts_shown = list(dict.fromkeys(f.canonical for f in here))
        kin_pairs = sentence_kinship(s.text, sentences[s.index - 1].text if s.index else None, sex)
        kin_tied = _kin_ties(every)
        clauses = _clauses(s.text) or [s.text.strip()]
        conclusion = bool(citations(s.text))  # states a legal conclusion: coverage_conclusion's
        listed: set[str] = set()  # the names of bare clauses before this one: "Alice, Bob and Charlie live …"
        for ci, clause in enumerate(clauses):
            row = ClauseRow(s.index, clause, facts_shown if ci == 0 else [])
            before, listed = listed, (listed | _bare_names(clause, people)) if _bare_names(clause, people) else set()
            if _NEGATION.search(clause) or conclusion:
                rows.append(row)
                continue
            words = _mask_terms(clause, terms)
            dated = _clause_dates(clause, s)
            own = {n for n in person_names(clause) if n in people} | before
            each = bool(before) and bool(_RESPECTIVELY.search(clause))  # a list, one event each
            for name, entry in table.predicates.items():
                if entry.kind not in TYPE_KINDS or not entry.cues:
                    continue
                cue = table.cue_in(name, words)
                if cue is None:
                    continue
                kinds = tuple(n for n, e in table.predicates.items()
                              if e.kind in TYPE_KINDS and e.cues and table.cue_in(n, cue) == cue)
                if any(i.what == cue and i.kind == "kind" for i in row.items):
                    continue
                once = {k for k in kinds if table.predicates[k].parties or table.predicates[k].kind in ("kinship", "status")}
                # ^ a state of its parties: a birth, a marriage, a family tie, a status
                if set(kinds) & here_types:
                    lasting = all(table.predicates[k].durative and not table.predicates[k].parties for k in kinds)
                    # a lasting state is stated for each person it is about; an event, for each
                    # of a list it distributes over ("to Bob, Charlie and Dan respectively for work done …")
                    who = (_clause_people(clause, s, people) | before) if lasting else (own if each else set())
                    covered = set().union(*(people_of[g] for g in here_groups if set(types_of.get(g, ())) & set(kinds)))
                    if who <= covered:
                        continue  # stated (a lasting state, living or working somewhere: for each person it is about)
                if own and any(own <= people_of[g] for g, ts in types_of.items() if set(ts) & once):
                    continue  # told again: a fact of the kind about the clause's people, stated elsewhere
                if all(table.predicates[k].durative and not table.predicates[k].parties for k in kinds) \
                        and _held_thing(clause, s, people, before, kinds, here_atoms, types_of, people_of):
                    continue  # the thing of an event of the kind, stated elsewhere ("the costs of the house")
                by_date = [people_of[g] for g, fs in groups.items() if g in here_groups and dated & _dates_of(fs)
                           and (not each or _dates_for(types_of.get(g, ()), kinds, table))]
                if by_date and (own <= set().union(*by_date) if each else
                                any((own or s.names) & ps for ps in by_date)):
                    continue  # the event is a fact of the sentence by its date (a son_ from the birth: "born on …"; each of a list)
                if any(re.search(rf"(?m)^\s*{k}\(", rule_text) for k in kinds):
                    continue  # a trusted rule defines events of the kind (recurring events, year by year)
                row.items.append(Item("kind", s.index, clause, cue, kinds))
            for n in person_names(clause):
                if n in people and n not in here_atoms and n in s.names and not re.search(rf"\b{n}\b", rule_text, re.I):
                    # ^ re.I: a trusted rule names the person as the facts do (SARA v2: "Alice")
                    row.items.append(Item("person", s.index, clause, n, _ROLES))
            for d in sorted(_clause_dates(clause, s)):
                if d not in here_dates and d not in rule_text:
                    row.items.append(Item("date", s.index, clause, d, ("start_", "end_")))
            for y in sorted({int(y) for y in YEAR.findall(clause)}):
                if re.search(rf"\b{y}\b", rule_text):
                    continue  # the year a trusted rule states
                if y not in here_years and not any(d.startswith(f"{y:04d}-") for d in _clause_dates(clause, s)):
                    row.items.append(Item("date", s.index, clause, str(y), ("start_", "end_")))
            rows.append(row)
        if schema is not None and not conclusion:
            mine = [r for r in rows if r.sentence == s.index]
            for g in [g for g, i in primary.items() if i == s.index and g not in by_rule]:
                for it in _event_items(g, groups[g], s, mine, schema, table):
                    next((r for r in mine if r.clause == it.clause), mine[0]).items.append(it)
        for child, parent in sorted(kin_pairs) if not conclusion else ():
            if (child, parent) not in kin_tied and child in people and parent in people:
                target = next((r for r in rows if r.sentence == s.index and child in r.clause.lower()), None) \
                    or next(r for r in rows if r.sentence == s.index)
                target.items.append(Item("kinship", s.index, target.clause, f"{child} child of {parent}", _KIN))
    if schema is not None and trusted:
        for it in _family_items(_fact_lines(canonical), _fact_lines(trusted), schema, table, rows):
            next(r for r in rows if r.sentence == it.sentence and r.clause == it.clause).items.append(it)
    return rows


#: The word by which a clause distributes over the names listed before it ("Bob, Charlie and Dan
#: respectively"): each has an event of their own.
_RESPECTIVELY = re.compile(r"\brespectively\b", re.I)


def _dates_for(types: Sequence[str], kinds: Sequence[str], table) -> bool:
    """Whether an event of ``types`` that a list clause's date dates may be what the clause's cue
    of ``kinds`` states for each person listed: one of those types, or a state (a family tie, a status) that the dated event
    starts ("born on …": the son_ from the birth); not an event of another kind (a payment to Dan
    dated the day the work "done from … to Sep 2nd" ends is not the work)."""
    return not types or bool(set(types) & set(kinds)) or any(
        table.entry(t) and table.entry(t).kind in ("kinship", "status") for t in types)


def _held_thing(clause: str, s, people: set[str], before: set[str], kinds: Sequence[str], here_atoms: set[str],
                types_of: dict[str, list[str]], people_of: dict[str, set[str]]) -> bool:
    """Does the clause's cue word speak of a thing an event of ``kinds`` (a lasting state: living
    somewhere) stated elsewhere holds, about the clause's people? ("Alice shares a house with her father. Alice pays for 75% of the
    costs of the house": the payment's ``purpose_`` is the residence's place, and the residence
    is Alice's.) A thing (no person, no event id) that the sentence's facts and such an event
    both hold; the event's parties include whom the clause is about (so "Bob lived in Alice's
    house" is not Alice's residence in that house)."""
    who = _clause_people(clause, s, people) | before
    for g, ts in types_of.items():
        if not set(ts) & set(kinds):
            continue
        ids = {name_key(x) for x in types_of}
        things = {x for x in people_of[g] & here_atoms if name_key(x) not in people | ids and not ISO.match(x)}
        if things and who and who <= people_of[g]:
            return True
    return False


def _event_items(e: str, facts: Sequence[Fact], s, rows: Sequence[ClauseRow], schema, table) -> list[Item]:
    """What event ``e`` (its ``facts``), stated by sentence ``s``, lacks that its sentence may give,
    by what the statutes read of its type (``schema``: :class:`~taxlogic.kb.sara.schema.EventSchema`):

    - a ``role``: none of an ``agent_``, ``patient_`` or ``beneficiary_`` that a way of reading its
      type has (:attr:`~taxlogic.kb.sara.schema.EventSchema.ways`: a residence with no one living
      there, an employment with no employer), when the sentence names or refers to someone; the
      candidates fill it only with whom the event's clause names and no other event the clause
      states holds (:func:`candidates`);
    - a ``date``: an event or status (not a family tie: a state of its parties) with no
      ``start_`` while its clause, or the sentence's opening phrase ("In 2017, …"), gives a date
      or a year before its end (:func:`_event_days`), for a type a rule reads with a start; when
      its clause gives none, the first clause of the sentence that does and names one of its
      role fillers (an item of that clause).

    Each is an item of the clause that states the event (a cue of its type; else the sentence's
    first clause), decided like every other by the counterfactual runs: the fact left out of an
    event whose person or date another fact of the sentence shares ("Alice and Bob lived in the
    same home": Alice's residence without its agent_)."""
    from collections import Counter

    types = [f.name for f in facts if is_type(f) and table.entry(f.name) and table.entry(f.name).kind != "entity"]
    if not types or not rows:
        return []
    clause = next((r.clause for t in types for r in rows if table.cue_in(t, r.clause)), rows[0].clause)
    kinds = {table.entry(t).kind for t in types}
    has = Counter(f.name for f in facts if f.name in _ROLES)
    most: Counter = Counter()
    for t in types:
        for w in schema.ways.get(t, ()):
            for r in _ROLES:
                most[r] = max(most[r], w.get(r, 0))
    out = []
    missing = tuple(r for r in _ROLES if not has[r] and most[r])
    if missing and (s.names or s.referents):
        out.append(Item("role", s.index, clause, e, missing, event=e))
    props = {f.name for f in facts}
    reads_start = any(w.get("start_") for t in types for w in schema.ways.get(t, ()))
    whom = {_val(f.args[1]) for f in facts if f.name in _ROLES and len(f.args) == 2}
    # the clause that dates it: its own, else one that names whom it is about ("… to Bob, Charlie
    # and Dan respectively for work done from Feb 1st, 2017 to Sep 2nd, 2017")
    when = clause if _event_days(clause, s) else next(
        (r.clause for r in rows if _event_days(r.clause, s) and any(_words_in(w, r.clause) for w in whom)), None)
    dated = kinds & {"event", "status"} and when
    if "start_" not in props and reads_start and dated:
        out.append(Item("date", s.index, when, "a start", ("start_",), event=e))
    return out


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


#: A sentence's opening phrase of time, its year included ("On January 20th, 2020, …").
_OPENING = re.compile(r"^\s*(?:(?:In|On|From|Since|During|Until|After|Before|Over)\b[^,]*(?:,\s*\d{4})?,\s*)+")


def _event_days(clause: str, s, end: str | None = None, *, lasting: bool = True) -> list[str]:
    """The days an event stated by ``clause`` of sentence ``s`` may start on: the full dates
    written in the clause or the sentence's opening phrase ("In 2017, …"), else the first and last
    day of each year they name; only days before ``end`` (the event's end, ISO) when given, or on
    it for an event that does not last (``lasting`` False: a death starts and ends the same day;
    a status "until July 9th, 2014" does not start then)."""
    m = _OPENING.match(s.text)
    text = clause + " " + (m.group() if m else "")
    days = sorted(_clause_dates(text, s)) or [f"{int(y):04d}-{md}" for y in sorted(set(YEAR.findall(text)))
                                              for md in ("01-01", "12-31")]
    return [d for d in dict.fromkeys(days) if end is None or d < end or (d == end and not lasting)]


def _clause_dates(clause: str, s) -> set[str]:
    """The full dates of sentence ``s`` written in ``clause``."""
    from taxlogic.kb.sara.text import text_dates

    return {d for d in text_dates(clause)} & set(s.dates) if s.dates else set()


def _val(arg) -> str:
    return str(getattr(arg, "value", arg))


def _kin_ties(facts: Sequence[Fact]) -> set[tuple[str, str]]:
    """(child, parent) pairs the facts tie by a family fact (either way round, any type)."""
    kin = {_val(f.args[0]) for f in facts if f.name in _KIN and is_type(f)}
    roles: dict[str, dict[str, list[str]]] = {}
    for f in facts:
        if f.name in ("agent_", "patient_") and len(f.args) == 2 and _val(f.args[0]) in kin:
            roles.setdefault(_val(f.args[0]), {}).setdefault(f.name, []).append(name_key(_val(f.args[1])))
    out = set()
    for r in roles.values():
        for x in r.get("agent_", []):
            for y in r.get("patient_", []):
                out |= {(x, y), (y, x)}
    return out


def case_people(case: CaseInput, facts: Sequence[Fact]) -> set[str]:
    """The case's people: names the text writes that a fact or the query uses as a constant
    ("United States Government" is no person unless a fact makes it one)."""
    used = _atoms(facts) | set(re.findall(r"[a-z][A-Za-z0-9_]*", case.query or ""))
    return {n for n in person_names(case.text) if n in used}


# ------------------------------------------------------------------------------ candidates


def _quote(value: str) -> str:
    return value if re.fullmatch(r"[a-z][A-Za-z0-9_]*", value) else '"' + value.replace('"', "") + '"'


def _query_years(query: str | None) -> list[int]:
    return sorted({int(y) for y in re.findall(r"(?<![\w\"-])(1[6-9]\d\d|2[01]\d\d)(?![\w\"-])", query or "")})


def _spans(clause: str, s, query: str | None) -> list[tuple[str | None, str | None]]:
    """(start, end) pairs a candidate may take: the clause's full dates, else its years (a year's
    first and last day: "they file a joint return for 2017", not the marriage's date of the
    clause before), else the sentence's dates, its years, else the question's year; an age in a
    year ("67 years old in 2017") gives the first day of the year of birth; for years that span
    more than one, also the question's year among them."""
    own_years = sorted({int(y) for y in YEAR.findall(clause)})
    age = re.search(r"\b(\d{1,3})\s+years?\s+old\b", clause)
    if age and (own_years or _query_years(query)):  # "Alice is 67 years old in 2017": born in 1950
        born = f"{(own_years or _query_years(query))[0] - int(age.group(1)):04d}-01-01"
        return [(born, born)]
    dates = sorted(_clause_dates(clause, s)) or ([] if own_years else sorted(s.dates))
    if dates:
        return [(dates[0], dates[-1] if len(dates) > 1 else None)]
    years = own_years or sorted(s.years) or _query_years(query)
    if years:
        whole = (f"{years[0]:04d}-01-01", f"{years[-1]:04d}-12-31")
        # a span of years also read year by year: the question's year's own event ("From 2004
        # to 2019, Bob furnished the costs": the rules read a payment of each year)
        each = [(f"{y:04d}-01-01", f"{y:04d}-12-31") for y in _query_years(query) if years[0] <= y <= years[-1]
                and years[0] < years[-1]]
        return [whole] + each[:1]
    return [(None, None)]


def candidates(case: CaseInput, query: str | None, canonical: str, rows: Sequence[ClauseRow], rules, *,
               trusted: str = "") -> list[Candidate]:
    """For every item of ``rows`` (:func:`accounting`), the candidate facts of the module doc, at
    most :data:`MAX_CANDIDATES` each. Built from the rule set's vocabulary and event schema and
    the clause's own words; the facts are used only for the event ids and entities already
    placed in the clause's sentence (a role, a date added to them) and to know which amounts
    are stated already (an amount one fact holds is not given to a new event).

    - a ``kind``: a new event of each type the word is a cue of, with the properties of each way
      a rule body reads it (:attr:`~taxlogic.kb.sara.schema.EventSchema.ways`, largest first):
      roles filled by the people the clause names or refers to by a pronoun (the sentence's, then
      the case's, only when the clause names fewer than the type has roles), dates by the clause's (a year's first and
      last day; else the sentence's, else the question's year), an amount by one the clause
      writes that no fact holds (none if every amount it writes is held: a way that needs one
      is not formed; :data:`PROBE_AMOUNT` if it writes none), a purpose by an entity or event of the sentence;
      The new event's id is a fresh one, and also the first constant the query or a link fact
      (``purpose_``) names that no type fact introduces (the id the left-out event had);
    - a ``kinship`` pair: a family fact of each family type, the pair either way round;
    - a ``person``: the person in a role an event of the sentence lacks (a role the statutes
      read of its type more often than the event has it), or, for a name a clause only lists,
      beside another person in a role the event gives them ("Alice and Bob lived in the same
      home");
    - a ``date``: the date (a year: its first day as a start, its last as an end) as the start
      or the end of an event of the sentence."""
    from collections import Counter

    from taxlogic.kb.sara.schema import event_schema

    schema = event_schema(rules)
    sentences = read_sentences(case.text)
    derived = "".join(f.canonical + "\n" for f in _fact_lines(trusted))
    a = align(case.text, canonical + derived, anchors=False)
    every = [sup.fact for sup in a.supports]
    people = case_people(case, every)
    named = person_names(case.text)
    spelling = spellings(every)
    # SARA v2 writes every person as a string ("Alice", "her spouse"); SARA 2020 as atoms (alice),
    # its strings are places and entities ("baltimore", "usa") a text may also capitalise
    by_strings = bool(people) and all(isinstance(spelling.get(p), Str) for p in people)
    spelling = spelling if by_strings else {}  # SARA 2020's atoms: candidates as written
    groups: dict[str, list[Fact]] = {}
    for sup in a.supports:
        groups.setdefault(sup.group, []).append(sup.fact)
    events_in: dict[int, list[str]] = {}
    entities_in: dict[int, list[str]] = {}
    event_ids = {g for g, fs in groups.items() if any(is_type(f) for f in fs)}
    for sup in a.supports:
        for i in sup.sentences:
            if sup.group in event_ids and sup.group not in events_in.setdefault(i, []):
                events_in[i].append(sup.group)
            for arg in fact_args(sup.fact):
                v = arg.value if isinstance(arg, (Atom, Str)) else None
                if v and v not in event_ids and name_key(v) not in named and not ISO.match(v) \
                        and v not in entities_in.setdefault(i, []):
                    entities_in[i].append(v)
    role_fillers = sorted({_val(f.args[1]) for f in every if f.name in _ROLES and len(f.args) == 2
                           and isinstance(f.args[1], (Atom, Str) if by_strings else Atom) and not ISO.match(f.args[1].value)
                           and f.args[1].value not in event_ids and name_key(f.args[1].value) not in named})
    # an event the query or a link names that no type fact introduces: the id a left-out event had
    linked = re.findall(r"(?<![\w\"])([a-z][A-Za-z0-9_]*)(?![\w(])", query or "") + [_val(f.args[1]) for f in every if cue_table().entry(f.name)
                                                                and cue_table().entry(f.name).kind == "link" and len(f.args) == 2]
    untyped = [x for x in dict.fromkeys(linked) if x not in event_ids and x not in named and x not in people
               and x not in role_fillers and "_" in x]
    held = {plain_number(Number(x.value).canonical) for f in every for x in fact_args(f) if isinstance(x, Number)}
    out: list[Candidate] = []
    counter = itertools.count(1)
    for row in rows:
        for item in row.items:
            s = sentences[item.sentence]
            spans = _spans(item.clause, s, query)
            own = [n for n in _standalone_names(item.clause) if n in named or n in people]
            if PRONOUN.search(item.clause):  # "a house that she maintains": whom the sentence's pronouns refer to
                own += sorted(r for r in s.referents if r in people and r not in own)
            own += [x for x in role_fillers if x not in own and _words_in(x, item.clause)]  # "her spouse": spouse
            pool = list(dict.fromkeys(own + [n for n in _standalone_names(s.text) if n in named] + sorted(people)
                                      + role_fillers))
            ents = entities_in.get(item.sentence, [])
            here_events = events_in.get(item.sentence, [])
            written = [plain_number(x) for x in re.findall(r"\$\s?(\d[\d,]*(?:\.\d+)?)", item.clause)]
            free = [x for x in written if x not in held] if written else [PROBE_AMOUNT]
            made: list[str] = []
            if item.kind in ("kind", "kinship"):
                for t in item.predicates:
                    known = schema.ways.get(t) or schema.needs.get(t) or ()
                    ways = [w for w in known if not w.get("amount_") or free]
                    if known and not ways:
                        continue  # every way needs an amount the clause does not give
                    mine: list[str] = []
                    for way in sorted(ways, key=lambda w: (-sum(w.values()), sorted(w.items()))) or [None]:
                        for eid in untyped[:1] + [f"tl_unstated_{next(counter)}"]:
                            mine += _fill(t, way, pool, len(own), ents, here_events, spans, free, item, eid)
                    made += list(dict.fromkeys(mine))[:PER_TYPE]  # each type the word is a cue of gets its share
            elif item.kind == "rule":
                made += _family_candidates(item, _fact_lines(canonical) + _fact_lines(trusted), own, query)
            elif item.kind == "role" and item.event:
                made += _role_candidates(item, s, groups, here_events, people, ents)
            elif item.kind == "date" and item.event:
                facts = groups.get(item.event, [])
                ends = [_val(f.args[1]) for f in facts if f.name == "end_" and len(f.args) == 2]
                lasting = any(cue_table().durative(f.name) for f in facts if is_type(f))
                made += [f'start_({_quote(item.event)},"{d}").\n'
                         for d in _event_days(item.clause, s, min(ends) if ends else None, lasting=lasting)]
            elif item.kind == "person":
                for e in here_events:
                    facts = groups.get(e, [])
                    has = Counter(f.name for f in facts if f.name in _ROLES)
                    for t in {f.name for f in facts if is_type(f)}:
                        most = Counter()
                        for w in schema.needs.get(t, ()):
                            for r in _ROLES:
                                most[r] = max(most[r], w.get(r, 0))
                        made += [f"{r}({_quote(e)},{_quote(item.what)}).\n" for r in _ROLES if has[r] < most[r]]
                    # a name a clause only lists, beside another of the case's people in a role they
                    # share ("Alice and Bob lived in the same home": one residence, two agents)
                    made += [f"{r}({_quote(e)},{_quote(item.what)}).\n" for r in _ROLES if _bare_names(item.clause, people)
                             and any(f.name == r and len(f.args) == 2 and _val(f.args[1]) in people for f in facts)]
            elif item.kind == "date":
                d = item.what
                for e in here_events:
                    for prop in ("start_", "end_"):
                        day = d if len(d) > 4 else (f"{d}-01-01" if prop == "start_" else f"{d}-12-31")
                        made.append(f'{prop}({_quote(e)},"{day}").\n')
            for facts in list(dict.fromkeys(made))[:MAX_CANDIDATES]:
                out.append(Candidate(item, respell(facts, spelling)))
    return out


def _role_candidates(item: Item, s, groups: dict[str, list[Fact]], here_events: list[str], people: set[str],
                     ents: list[str]) -> list[str]:
    """Candidate facts for a ``role`` item: each role it names filled by whom the event's clause
    names (its people, the names listed in bare clauses before it, whom its pronouns refer to, the
    organisations and entities it writes), except who already holds a role of the event, and who
    holds a role of another event the clause states (a cue of its type in the clause; an entity's
    type fact, "the International Monetary Fund" an international organisation, is none) that is
    not linked to this one by ``purpose_`` ("Bob lived in a house that Alice maintained": Bob is the
    one who lived, not the payee of the upkeep; a payment for work has the work's parties)."""
    table = cue_table()
    e, clause = item.event, item.clause
    facts = groups.get(e, [])
    filled = {k for f in facts if f.name in _ROLES and len(f.args) == 2 for k in (_val(f.args[1]), name_key(_val(f.args[1])))}
    linked = {e} | {_val(f.args[1]) for f in facts if f.name == "purpose_" and len(f.args) == 2}
    linked |= {g for g, fs in groups.items() if any(f.name == "purpose_" and _val(f.args[-1]) == e for f in fs)}
    held = {k for g in here_events if g not in linked
            if any(is_type(f) and table.cue_in(f.name, clause) and table.entry(f.name).kind != "entity"
                   for f in groups.get(g, []))
            for f in groups.get(g, []) if f.name in _ROLES and len(f.args) == 2
            for k in (_val(f.args[1]), name_key(_val(f.args[1])))}
    parts = _clauses(s.text)
    at = parts.index(clause) if clause in parts else 0
    listed: set[str] = set()
    for p in reversed(parts[:at]):
        if not _bare_names(p, people):
            break
        listed |= _bare_names(p, people)
    names = [n for n in _standalone_names(clause) if n in people] + sorted(listed)
    if PRONOUN.search(clause):
        names += sorted(r for r in s.referents if r in people)
    names += _entity_runs(clause) + [x for x in ents if _words_in(x, clause)]
    fillers = [x for x in dict.fromkeys(names) if x not in filled and x not in held]
    return [f"{r}({_quote(e)},{_quote(x)}).\n" for r in item.predicates for x in fillers]


def _entity_runs(text: str) -> list[str]:
    """Runs of capitalised words of ``text`` (lower case: "the United States Government":
    ``united states government``), the names an organisation or a place a role may take."""
    return list(dict.fromkeys(m.group().lower() for m in re.finditer(r"\b[A-Z][a-z]+(?:\s+(?:of\s+)?[A-Z][a-z]+)+", text)))


def _fill(t: str, way, pool: list[str], own: int, ents: list[str], events: list[str], spans, amounts: list[str],
          item: Item, eid: str) -> list[str]:
    """Candidate fact texts for one new event of type ``t`` with the properties of ``way`` (a
    Counter of property -> count, from the schema; None: the type alone with an agent).
    ``pool``: the people to fill roles with, the clause's own ``own`` first (the others only
    when the clause names fewer than the roles)."""
    from collections import Counter

    way = Counter(way or {"agent_": 1})
    role_slots = [r for r in _ROLES for _ in range(way.get(r, 0))]
    fillers = (pool[:own] if own >= len(role_slots) else pool[:len(role_slots) + 1]) + ents
    if item.kind == "kinship":  # the pair the sentence words: child, parent
        child, _, parent = item.what.partition(" child of ")
        fills = [(child, parent), (parent, child)] if len(role_slots) >= 2 else [(child,), (parent,)]
        fills = [f[:len(role_slots)] for f in fills]
    else:
        fills = list(itertools.permutations(fillers[:4], len(role_slots)))[:6]
    out = []
    for (start, end), fill in itertools.product(spans, fills or [()]):
        lines = [f"{t}({eid}).\n"]
        lines += [f"{r}({eid},{_quote(v)}).\n" for r, v in zip(role_slots, fill)]
        if way.get("start_") and start:
            lines.append(f'start_({eid},"{start}").\n')
        if way.get("end_") and end:
            lines.append(f'end_({eid},"{end}").\n')
        if way.get("amount_") and amounts:
            lines.append(f"amount_({eid},{amounts[0]}).\n")
        if way.get("purpose_"):
            targets = [x for x in ents + events if x not in fill][:1]
            lines += [f"purpose_({eid},{_quote(x)}).\n" for x in targets]
        out.append("".join(lines))
    return out


# ------------------------------------------------------------------------- counterfactuals


def judge(items: Sequence[Item], cands: Sequence[Candidate], base: object, answers: Sequence[object]) -> list[Verdict]:
    """Each item's verdict from the answers of its candidates' runs (``answers[i]`` for
    ``cands[i]``; None: no answer, e.g. an error or a limit, which decides nothing) against
    ``base``, the answer of the facts as they are."""
    out = []
    for item in items:
        mine = [(c, ans) for c, ans in zip(cands, answers) if c.item == item]
        if not mine:
            out.append(Verdict(item, False, "no event of its sentence to add it to" if item.kind in ("person", "date")
                               else "no fact of the kinds it speaks of can be formed from its words"))
            continue
        changed = next(((c, ans) for c, ans in mine if ans is not None and ans != base), None)
        if changed is not None:
            out.append(Verdict(item, True, f"adding it changes the answer from {base} to {changed[1]}", changed[0].facts))
        else:
            out.append(Verdict(item, False, f"none of {len(mine)} candidate fact set(s) changes the answer ({base})"))
    return out


def issues_of(verdicts: Sequence[Verdict]) -> list[Issue]:
    """One ``unstated_clause`` issue per relevant item (quoting the clause, naming the predicates
    and what to state; never the answer)."""
    out = []
    for v in verdicts:
        if not v.relevant:
            continue
        it = v.item
        what = {"kind": f'the word "{it.what}"', "person": it.what, "date": it.what,
                "kinship": it.what.replace(" child of ", " as the child of "),
                "role": f"who the {' or '.join(it.predicates)} of {it.event} is",
                "rule": f"the {' or '.join(it.predicates)} of the events {it.what} the rules derive"}[it.kind]
        if it.kind == "date" and it.event:
            what = f"when {it.event} starts"
        preds = ", ".join(sorted({p for p in it.predicates}))
        out.append(Issue(kind="unstated_clause", message=(
            f'the text states "{it.clause}", but no fact states {what} there, and the rules\' answer depends on it; '
            f"state it with {preds}")))
    return out


def answer_key(case, outcome) -> object:
    """The answer an engine outcome gives, as the check compares answers: the answer's value
    (:func:`taxlogic.kb.answers.answer_of`); for a numeric query that has no solution, ``"no
    solution"`` (a completed run whose answer differs); None for what decides nothing (an
    error, a limit, several values)."""
    from taxlogic.kb.answers import answer_of

    ans = answer_of(case, outcome)
    if ans.value is not None:
        return ans.value
    return "no solution" if outcome.status == "failed" else None


def candidate_limits(job, outcome) -> dict:
    """The limits of a candidate's run: the answer job's, with a CPU-time limit of at most
    :data:`CANDIDATE_SECONDS` (a floor, and a multiple of the facts' own run's CPU seconds;
    :meth:`taxlogic.tools.engine.Job.rerun_limits`)."""
    return job.rerun_limits(outcome, *CANDIDATE_SECONDS)


@dataclass
class OmissionCheck:
    """The whole check on one fact set: the table (:func:`accounting`), each unstated item's
    verdict, and the issues (relevant items only). ``runs``: counterfactual jobs run."""

    rows: list[ClauseRow]
    verdicts: list[Verdict]
    issues: list[Issue]
    runs: int = 0


def plan(case: CaseInput, query: str | None, canonical: str, rules, *, trusted: str = "",
         terms: dict | None = None) -> tuple[list[ClauseRow], list[Candidate]]:
    """The table and the candidates to run (pure Python; :func:`decide` finishes the check)."""
    rows = accounting(case, canonical, trusted, terms=terms, rules=rules)
    return rows, candidates(case, query, canonical, rows, rules, trusted=trusted)


def decide(rows: Sequence[ClauseRow], cands: Sequence[Candidate], base: object, answers: Sequence[object]) -> OmissionCheck:
    """Verdicts and issues from the candidates' answers (see :func:`judge`)."""
    items = [i for r in rows for i in r.items]
    verdicts = judge(items, cands, base, answers)
    return OmissionCheck(list(rows), verdicts, issues_of(verdicts), len(cands))


def clause_table(rows: Sequence[ClauseRow], verdicts: Sequence[Verdict] = ()) -> list[dict]:
    """The table clause -> facts as JSON-able rows (``taxlogic inspect``): sentence, clause, the
    facts aligned with its sentence (on its first clause), and each unstated item with its
    verdict (``issue``, ``irrelevant`` with the reason, or ``not run`` when another check
    flagged the facts first)."""
    by_item = {id(v.item): v for v in verdicts}
    by_key = {(v.item.kind, v.item.sentence, v.item.clause, v.item.what): v for v in verdicts}
    out = []
    for r in rows:
        items = []
        for i in r.items:
            v = by_item.get(id(i)) or by_key.get((i.kind, i.sentence, i.clause, i.what))
            items.append({"kind": i.kind, "what": i.what, "predicates": list(i.predicates),
                          "verdict": "not run" if v is None else "issue" if v.relevant else "irrelevant",
                          "reason": v.reason if v is not None else ""})
        out.append({"sentence": r.sentence, "clause": r.clause, "facts": list(r.facts), "items": items})
    return out


def omission_check(case: CaseInput, query: str | None, canonical: str, rules, base: object,
                   run: Callable[[list[str]], list[object]], *, trusted: str = "", terms: dict | None = None) -> OmissionCheck:
    """:func:`plan`, then ``run`` (the answers of the query with each candidate's facts added,
    in order; None where a run gives no answer), then :func:`decide`. ``base``: the answer of the
    facts as they are."""
    rows, cands = plan(case, query, canonical, rules, trusted=trusted, terms=terms)
    answers = run([c.facts for c in cands]) if cands else []
    return decide(rows, cands, base, answers)


def engine_check(case: CaseInput, query: str | None, canonical: str, rules, outcome, engine, job, *,
                 trusted: str = "", terms: dict | None = None) -> OmissionCheck:
    """:func:`omission_check` on the engine: ``job`` is the answer job of the facts (its facts
    the candidates are appended to, its limits kept), ``outcome`` its outcome; the candidates
    run as one batch (``engine.run_many``)."""
    limits = candidate_limits(job, outcome)

    def run(extras: list[str]) -> list[object]:
        jobs = [job.model_copy(update={"facts": job.facts + e, **limits}) for e in extras]
        return [answer_key(case, o) for o in engine.run_many(jobs)]

    return omission_check(case, query, canonical, rules, answer_key(case, outcome), run, trusted=trusted, terms=terms)
