"""The table clause -> facts (issue 33): what each clause of the case states that no fact aligned
with its sentence states (:class:`Item`), clause by clause (:func:`accounting`), and what each
event of a sentence lacks (:func:`_event_items`). See :mod:`taxlogic.kb.sara.checks.omissions`."""

from __future__ import annotations

import re
from typing import Sequence

from taxlogic.core import CaseInput
from taxlogic.kb.sara.checks.align import align
from taxlogic.kb.sara.reading.cues import _NEGATION, TYPE_KINDS, cue_table
from taxlogic.kb.sara.checks.direction import sentence_kinship
from taxlogic.kb.sara.checks.omissions.families import _family_items
from taxlogic.kb.sara.checks.omissions.model import ClauseRow, Item
from taxlogic.kb.sara.checks.omissions.reading import (_KIN, _ROLES, _atoms, _bare_names, _clause_dates, _clause_people, _clauses, _dates_of, _event_days,
                                                       _fact_lines, _kin_ties, _mask_terms, _val, _words_in, _years_of, case_people, clause_relatives,
                                                       co_subjects, narrative_years, owners, relative_constants)
from taxlogic.kb.sara.reading.names import person_key
from taxlogic.kb.sara.checks.omissions.years import year_items
from taxlogic.kb.sara.reading.text import (ISO, RELATIVE_WORDS, YEAR, citations, person_names, plain_number, query_atoms, sexes,
                                   text_amounts)
from taxlogic.kb.sara.reading.view import is_type
from taxlogic.tools.facts import Fact, Number


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
    relatives = relative_constants(every)
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
        from taxlogic.kb.sara.reading.schema import event_schema

        schema = event_schema(rules)
    # the question dates the event the query names when no sentence does ("… applies to the
    # payment of $12980 that Alice made in 2019"): its years, for the ids the query names
    asked = (case.question.strip(), set(query_atoms(case.query or ""))) if YEAR.search(case.question) else ("", set())
    narrative = narrative_years(sentences)
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
        conclusion = _cites_statutes(s.text, rules)  # states a legal conclusion: coverage_conclusion's
        listed: set[str] = set()  # the names of bare clauses before this one: "Alice, Bob and Charlie live …"
        heads: set[str] = set()  # and the name that ends the clause before them: "$6872 to Bob, Charlie and Dan respectively"
        for ci, clause in enumerate(clauses):
            row = ClauseRow(s.index, clause, facts_shown if ci == 0 else [])
            bare = _bare_names(clause, people)
            before, listed = listed, (listed | bare) if bare else set()
            head, heads = heads, (heads | bare) if bare and heads else (bare or _last_name(clause, people))
            if _NEGATION.search(clause) or conclusion:
                rows.append(row)
                continue
            joint = before | set(co_subjects(clause, s, people, sex))  # "the home where he and Charlie lived": he
            # and whom it names by a relation only, as the facts write them ("she and her daughter lived")
            joint |= {person_key(x) for x in clause_relatives(clause, relatives)}
            words = _mask_terms(clause, terms)
            dated = _clause_dates(clause, s)
            own = {n for n in person_names(clause) if n in people} | before
            each = bool(before) and bool(_RESPECTIVELY.search(clause))  # a list, one event each
            if each:
                own |= head
            for name, entry in table.predicates.items():
                if entry.kind not in TYPE_KINDS or not entry.cues:
                    continue
                cue, kinds = _own_cue(table, name, words)
                if cue is None:
                    continue
                if any(i.what == cue and i.kind == "kind" for i in row.items):
                    continue
                once = {k for k in kinds if table.predicates[k].parties or table.predicates[k].kind in ("kinship", "status")}
                # ^ a state of its parties: a birth, a marriage, a family tie, a status
                # a one-party event of a relative the clause names by a possessive ("until her husband
                # died"): about that relative, not about the case's person who owns the word
                kin = bool(once) and _RELATIVE_SUBJECT.search(words[:words.find(cue)]) is not None
                if set(kinds) & here_types:
                    lasting = all(table.predicates[k].durative and not table.predicates[k].parties for k in kinds)
                    # a lasting state is stated for each person it is about; an event, for each
                    # of a list it distributes over ("to Bob, Charlie and Dan respectively for work done …")
                    # and a state of one party (a citizenship, a migration), for each person the clause
                    # names but as an owner ("Bob is a Mexican citizen"; not Alice of "at Alice's place")
                    one = all(table.predicates[k].parties == 1 for k in kinds)
                    who = own if each else _residents(clause, s, people, joint) if lasting else \
                        set() if kin else (own - owners(clause)) if one else set()
                    of_kind = [g for g in here_groups if set(types_of.get(g, ())) & set(kinds)]
                    covered = set().union(*(people_of[g] for g in of_kind))
                    if who <= covered and (lasting or kin or _by_amount(clause, of_kind, groups, people_of)):
                        continue  # stated (a lasting state, living or working somewhere: for each person it is about)
                if own and any(own <= people_of[g] for g, ts in types_of.items() if set(ts) & once):
                    continue  # told again: a fact of the kind about the clause's people, stated elsewhere
                if all(table.predicates[k].durative and not table.predicates[k].parties for k in kinds) \
                        and _held_thing(clause, s, people, joint, kinds, here_atoms, types_of, people_of):
                    continue  # the thing of an event of the kind, stated elsewhere ("the costs of the house")
                by_date = [people_of[g] for g, fs in groups.items() if g in here_groups and dated & _dates_of(fs)
                           and _dates_for(types_of.get(g, ()), kinds, table)]
                lasting = all(table.predicates[k].durative and not table.predicates[k].parties for k in kinds)
                if by_date and (own <= set().union(*by_date) if each else
                                _residents(clause, s, people, joint) <= set().union(*by_date) if lasting else
                                any((own or s.names) & ps for ps in by_date)):
                    continue  # the event is a fact of the sentence by its date (a son_ from the birth: "born on …";
                    # each of a list; a lasting state, for each person it is about)
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
                for it in _event_items(g, groups[g], s, mine, schema, table, asked=asked,
                                       narrative=narrative.get(s.index)):
                    next((r for r in mine if r.clause == it.clause), mine[0]).items.append(it)
        for child, parent in sorted(kin_pairs) if not conclusion else ():
            if (child, parent) not in kin_tied and child in people and parent in people:
                target = next((r for r in rows if r.sentence == s.index and child in r.clause.lower()), None) \
                    or next(r for r in rows if r.sentence == s.index)
                target.items.append(Item("kinship", s.index, target.clause, f"{child} child of {parent}", _KIN))
    if schema is not None:  # a year of a span no event of a yearly family is of (:mod:`.years`)
        for it in year_items(_fact_lines(canonical), sentences, group_sentences, rows, table):
            next(r for r in rows if r.sentence == it.sentence and r.clause == it.clause).items.append(it)
    if schema is not None and trusted:
        for it in _family_items(_fact_lines(canonical), _fact_lines(trusted), schema, table, rows, rule_text):
            next(r for r in rows if r.sentence == it.sentence and r.clause == it.clause).items.append(it)
    return rows


#: The word by which a clause distributes over the names listed before it ("Bob, Charlie and Dan
#: respectively"): each has an event of their own.
_RESPECTIVELY = re.compile(r"\brespectively\b", re.I)


def _last_name(clause: str, people: set[str]) -> set[str]:
    """The person ``clause`` ends with ("$6872 to Bob": bob), as a set; empty otherwise."""
    m = re.search(r"\b([A-Za-z]+)\s*$", clause)
    return {m.group(1).lower()} if m and m.group(1).lower() in people else set()


def _cites_statutes(text: str, rules) -> bool:
    """Whether ``text`` cites a section of the statutes of ``rules`` (a legal conclusion: "a
    qualifying child of Bob under section 152(c)"), not a section of another law only ("admitted
    … pursuant to sections 214(c) and 101(a)(15)(H) of the Immigration and Nationality Act"); any
    citation without ``rules``."""
    cited = citations(text)
    if rules is None or not cited:
        return bool(cited)
    sections = {m.group(1) for n in rules.vocabulary.statute for m in [re.match(r"s(\d+)", n)] if m}
    return any(re.match(r"s(\d+)", c.section).group(1) in sections for c in cited if re.match(r"s(\d+)", c.section))


#: The words before an event's cue that make a relative its subject ("until her husband died").
_RELATIVE_SUBJECT = re.compile(rf"\b(?:her|his|their|[A-Z][a-z]+'s)\s+(?:{RELATIVE_WORDS})\s+$", re.I)


def _own_cue(table, name: str, words: str) -> tuple[str | None, tuple[str, ...]]:
    """The cue of type ``name`` that ``words`` write and the types it is a cue of, the word fewest
    types share first ("enrolled … and attending classes": "classes" is attending_classes_'s
    own word, "attending" also enrollment_'s); (None, ()) when ``words`` write none."""
    entry = table.predicates[name]
    best: tuple[str | None, tuple[str, ...]] = (None, ())
    for m in entry.pattern.finditer(words):
        cue = m.group()
        kinds = tuple(n for n, e in table.predicates.items()
                      if e.kind in TYPE_KINDS and e.cues and table.cue_in(n, cue) == cue)
        if best[0] is None or len(kinds) < len(best[1]):
            best = (cue, kinds)
    return best


def _residents(clause: str, s, people: set[str], before: set[str]) -> set[str]:
    """Whom a lasting state a clause states (living, working somewhere) is about: whom the clause
    is about (:func:`_clause_people`), whose place it names ("has lived at Alice's place": Alice
    too), and the joint subjects before it (``before``)."""
    return _clause_people(clause, s, people) | (owners(clause) & people) | before


def _by_amount(clause: str, of_kind: Sequence[str], groups: dict[str, list[Fact]], people_of: dict[str, set[str]]) -> bool:
    """Whether one of the events or entities ``of_kind`` (ids) is the one a clause that writes an
    amount states: it holds that amount, or is a value of the event that holds it, or holds that
    event ("$9832 into a retirement fund for Bob, and $5322 into health insurance for Bob": the
    second plan is the one the $5322 payment is paid into, not the first). True for a clause that
    writes no amount (nothing to tell them apart by)."""
    written = set(text_amounts(clause))
    if not written:
        return True
    paid = {g for g, fs in groups.items() for f in fs if f.name == "amount_" and len(f.args) == 2
            and isinstance(f.args[1], Number) and plain_number(Number(f.args[1].value).canonical) in written}
    return any(k in paid or any(k in people_of[g] for g in paid) or paid & people_of[k] for k in of_kind)


def _dates_for(types: Sequence[str], kinds: Sequence[str], table) -> bool:
    """Whether an event of ``types`` that a clause's date dates may be what the clause's cue of
    ``kinds`` states: one of those types, or a state (a family tie, a status) that the dated event
    starts ("born on …": the son_ from the birth); not an event of another kind (a payment to Dan
    dated the day the work "done from … to Sep 2nd" ends is not the work), and no family tie for a
    lasting state ("Alice and Charlie live in a home … since September 16th, 2017", the day Charlie
    was born: the birth is not where they live)."""
    lasting = all(table.entry(k) and table.entry(k).durative and not table.entry(k).parties for k in kinds)
    return not types or bool(set(types) & set(kinds)) or (not lasting and any(
        table.entry(t) and table.entry(t).kind in ("kinship", "status") for t in types))


def _held_thing(clause: str, s, people: set[str], before: set[str], kinds: Sequence[str], here_atoms: set[str],
                types_of: dict[str, list[str]], people_of: dict[str, set[str]]) -> bool:
    """Does the clause's cue word speak of a thing an event of ``kinds`` (a lasting state: living
    somewhere) stated elsewhere holds, about the clause's people? ("Alice shares a house with her father. Alice pays for 75% of the
    costs of the house": the payment's ``purpose_`` is the residence's place, and the residence
    is Alice's.) A thing (no person, no event id) that the sentence's facts and such an event
    both hold; the event's parties include whom the clause is about (so "Bob lived in Alice's
    house" is not Alice's residence in that house)."""
    who = _residents(clause, s, people, before)
    for g, ts in types_of.items():
        if not set(ts) & set(kinds):
            continue
        ids = {person_key(x) for x in types_of}
        things = {x for x in people_of[g] & here_atoms if person_key(x) not in people | ids and not ISO.match(x)}
        if things and who and who <= people_of[g]:
            return True
    return False


def _event_items(e: str, facts: Sequence[Fact], s, rows: Sequence[ClauseRow], schema, table,
                 asked: tuple[str, set[str]] = ("", set()), narrative: int | None = None) -> list[Item]:
    """What event ``e`` (its ``facts``), stated by sentence ``s``, lacks that its sentence may give,
    by what the statutes read of its type (``schema``: :class:`~taxlogic.kb.sara.reading.schema.EventSchema`):

    - a ``role``: none of an ``agent_``, ``patient_`` or ``beneficiary_`` that a way of reading its
      type has (:attr:`~taxlogic.kb.sara.reading.schema.EventSchema.ways`: a residence with no one living
      there, an employment with no employer), when the sentence names or refers to someone; the
      candidates fill it only with whom the event's clause names and no other event the clause
      states holds (:func:`candidates`);
    - a ``date``: an event or status (not a family tie: a state of its parties) with no
      ``start_`` while its clause, or the sentence's opening phrase ("In 2017, …"), gives a date
      or a year before its end (:func:`_event_days`), for a type a rule reads with a start; when
      its clause gives none, the first clause of the sentence that does and names one of its
      role fillers (an item of that clause); when no clause does and the query names the event,
      the question (``asked``: its text and the ids the query names) when it writes a year ("the
      payment of $12980 that Alice made in 2019": an item ``asked``, quoting the question).

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
    when = clause if _event_days(clause, s, narrative=narrative) else next(
        (r.clause for r in rows if _event_days(r.clause, s, narrative=narrative) and (any(_words_in(w, r.clause) for w in whom) or (
            _RESPECTIVELY.search(r.clause) and any(person_key(w) in s.names for w in whom)))), None)
    # ^ or the list clause of its sentence ("$6771, $6954, $6872 to Bob, Charlie and Dan respectively
    #   for work done from Feb 1st, 2017 to Sep 2nd, 2017")
    at = next((i for i, r in enumerate(rows) if r.clause == clause), None)
    if when is None and at is not None and at + 1 < len(rows) and _event_days(rows[at + 1].clause, s) \
            and re.search(rf"{re.escape(clause)}\s+and\s+{re.escape(rows[at + 1].clause)}", s.text):
        when = rows[at + 1].clause  # the clause its own goes on to after "and" ("Bob lived in the same
        # house as Alice and Charlie from September 16th, 2017 until October 10th, 2018")
    question, named = asked
    if "start_" not in props and reads_start and kinds & {"event", "status"}:
        if when:
            out.append(Item("date", s.index, when, "a start", ("start_",), event=e))
        elif question and e in named:
            out.append(Item("date", s.index, question, "a start", ("start_",), event=e, asked=True))
    return out
