"""The candidate facts a translation could have written for each unstated item (issue 33), built
only from the KB's vocabulary and the clause's own names, dates and amounts, never the gold
facts (:func:`candidates`)."""

from __future__ import annotations

import itertools
import re
from typing import Collection, Sequence

from taxlogic.core import CaseInput
from taxlogic.kb.sara.checks.align import align
from taxlogic.kb.sara.reading.cues import cue_table
from taxlogic.kb.sara.checks.omissions.families import _family_candidates
from taxlogic.kb.sara.checks.omissions.model import MAX_CANDIDATES, PER_TYPE, PROBE_AMOUNT, Candidate, ClauseRow, Item
from taxlogic.kb.sara.checks.omissions.reading import (_OPENING, _ROLES, _SUBJECT_PRONOUN, _bare_names, _clause_dates, _entity_runs, _event_days,
                                                       _fact_lines, _query_years, _quote, _standalone_names, _val, _words_in, case_people,
                                                       clause_relatives, co_subjects, narrative_years, partners, pronoun_people, relative_constants,
                                                       respell, sentence_subject, spellings)
from taxlogic.kb.sara.reading.names import person_key
from taxlogic.kb.sara.checks.omissions.years import year_candidates
from taxlogic.kb.sara.reading.text import (ISO, PRONOUN, YEAR, person_names, plain_number, read_sentences, sexes, text_amounts,
                                   yearless_days)
from taxlogic.kb.sara.reading.view import fact_args, is_type
from taxlogic.tools.facts import Atom, Fact, Number, Str


def _spans(clause: str, s, query: str | None, narrative: int | None = None) -> list[tuple[str | None, str | None]]:
    """(start, end) pairs a candidate may take: the clause's full dates, else its years (a year's
    first and last day: "they file a joint return for 2017", not the marriage's date of the
    clause before), else the sentence's dates, its years, else the question's year; an age in a
    year ("67 years old in 2017") gives the first day of the year of birth; for years that span
    more than one, also the question's year among them. A day the clause writes without its year
    ("On November 25th"; else one its sentence writes) in a sentence that writes no year is that
    day of the year the narrative is in (``narrative``: :func:`~taxlogic.kb.sara.checks.omissions.reading.narrative_years`)."""
    own_years = sorted({int(y) for y in YEAR.findall(clause)})
    age = re.search(r"\b(\d{1,3})\s+years?\s+old\b", clause)
    if age and (own_years or _query_years(query)):  # "Alice is 67 years old in 2017": born in 1950
        born = f"{(own_years or _query_years(query))[0] - int(age.group(1)):04d}-01-01"
        return [(born, born)]
    dates = sorted(_clause_dates(clause, s)) or ([] if own_years else sorted(s.dates))
    if dates:
        # a state "since" a day lasts into the question's year: that year's own event too ("a home
        # maintained by Alice since September 16th, 2017": her payments for 2018)
        # and so does a span between two days ("From September 1st, 2015 to November 3rd, 2019 …,
        # maintained by Alice": her payments for 2018)
        since = [(f"{y:04d}-01-01", f"{y:04d}-12-31") for y in _query_years(query)
                 if y > int(dates[0][:4]) and (_SINCE.search(clause) or len(dates) > 1 and y <= int(dates[-1][:4]))]
        return [(dates[0], dates[-1] if len(dates) > 1 else None)] + since[:1]
    days = (yearless_days(clause, narrative) or yearless_days(s.text, narrative)) if not s.years else []
    if days:
        return [(days[0], days[-1] if len(days) > 1 else days[0])]
    years = own_years or sorted(s.years) or _query_years(query)
    if years:
        whole = (f"{years[0]:04d}-01-01", f"{years[-1]:04d}-12-31")
        # a span of years also read year by year: the question's year's own event ("From 2004
        # to 2019, Bob furnished the costs": the rules read a payment of each year); and a state
        # since a year, as since a day ("Since 2014, Alice maintains a house": her payment of 2017)
        opening = _OPENING.match(s.text)
        since = bool(_SINCE.search(clause) or opening and _SINCE.search(opening.group()))
        each = [(f"{y:04d}-01-01", f"{y:04d}-12-31") for y in _query_years(query)
                if years[0] <= y <= years[-1] and years[0] < years[-1] or since and y > years[-1]]
        return [whole] + each[:1]
    return [(None, None)]


#: The word by which a clause states a state that lasts from a day on ("since September 16th, 2017").
_SINCE = re.compile(r"\bsince\b", re.I)


def candidates(case: CaseInput, query: str | None, canonical: str, rows: Sequence[ClauseRow], rules, *,
               trusted: str = "") -> list[Candidate]:
    """For every item of ``rows`` (:func:`accounting`), the candidate facts of the module doc, at
    most :data:`MAX_CANDIDATES` each. Built from the rule set's vocabulary and event schema and
    the clause's own words; the facts are used only for the event ids and entities already
    placed in the clause's sentence (a role, a date added to them) and to know which amounts
    are stated already (an amount one fact holds is not given to a new event).

    - a ``kind``: a new event of each type the word is a cue of, with the properties of each way
      a rule body reads it (:attr:`~taxlogic.kb.sara.reading.schema.EventSchema.ways`, largest first):
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

    from taxlogic.kb.sara.reading.schema import event_schema

    schema = event_schema(rules)
    sentences = read_sentences(case.text)
    narrative = narrative_years(sentences)
    derived = "".join(f.canonical + "\n" for f in _fact_lines(trusted))
    a = align(case.text, canonical + derived, anchors=False)
    every = [sup.fact for sup in a.supports]
    people = case_people(case, every)
    named = person_names(case.text)
    spelling = spellings(every)
    sex = sexes(case.text)
    relatives = relative_constants(every)
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
    # a thing written as the id of the event or entity that introduces it, a role of its own (SARA v2:
    # residence_("Alice's place"), patient_("Alice's place","Alice's place"): her residence and the place)
    things = {g for g, fs in groups.items() for f in fs if f.name in _ROLES and len(f.args) == 2 and _val(f.args[1]) == g}
    for sup in a.supports:
        for i in sup.sentences:
            if sup.group in event_ids and sup.group not in events_in.setdefault(i, []):
                events_in[i].append(sup.group)
            for arg in fact_args(sup.fact):
                v = arg.value if isinstance(arg, (Atom, Str)) else None
                if v and (v not in event_ids or v in things) and person_key(v) not in named and not ISO.match(v) \
                        and v not in entities_in.setdefault(i, []):
                    entities_in[i].append(v)
    # the things the facts hold anywhere, for a clause that names one by its words ("Alice shares a
    # house with her father": the house her upkeep of the next sentence is for)
    held_things = list(dict.fromkeys(x for ents in entities_in.values() for x in ents))
    role_fillers = sorted({_val(f.args[1]) for f in every if f.name in _ROLES and len(f.args) == 2
                           and isinstance(f.args[1], (Atom, Str) if by_strings else Atom) and not ISO.match(f.args[1].value)
                           and f.args[1].value not in event_ids and person_key(f.args[1].value) not in named})
    # things a role names that no type fact introduces (an entity whose type fact was left out)
    unnamed = {x for x in role_fillers if x not in people} - event_ids
    # an event the query or a link names that no type fact introduces: the id a left-out event had
    links = [_val(f.args[1]) for f in every if cue_table().entry(f.name) and cue_table().entry(f.name).kind == "link"
             and len(f.args) == 2]
    linked = re.findall(r"(?<![\w\"])([a-z][A-Za-z0-9_]*)(?![\w(])", query or "") + links
    # (an id: SARA 2020's atoms join words with "_"; SARA v2 writes an id as the text's words, a
    # string: purpose_(…,"work"), none of the constants the statutes read)
    read = {c.strip('"') for ps in schema.constants.values() for vs in ps.values() for c in vs}
    untyped = [x for x in dict.fromkeys(linked) if x not in event_ids and x not in named and x not in people
               and x not in role_fillers and ("_" in x or by_strings and x in links and x not in read
                                              and _words_in(x, case.text))]
    held = {plain_number(Number(x.value).canonical) for f in every for x in fact_args(f) if isinstance(x, Number)}
    agents = {_val(f.args[1]) for f in every if f.name == "agent_" and len(f.args) == 2}  # people who act
    stated = {x.value for f in every for x in fact_args(f) if isinstance(x, Str)}  # the constants facts state
    out: list[Candidate] = []
    counter = itertools.count(1)
    for row in rows:
        for item in row.items:
            s = sentences[item.sentence]
            spans = _spans(item.clause, s, query, narrative.get(item.sentence))
            own = [n for n in _standalone_names(item.clause) if n in named or n in people]
            co = co_subjects(item.clause, s, people, sex)  # "Alice and Bob lived …": Alice too
            own += [n for n in co if n not in own]
            for m in PRONOUN.finditer(item.clause):  # "a house that she maintains": whom the pronoun stands for
                own += [r for r in pronoun_people(m.group(), s, people, sex) if r not in own]
            own += [x for x in role_fillers if x not in own and _words_in(x, item.clause)]  # "her spouse": spouse
            own += [x for x in clause_relatives(item.clause, relatives) if x not in own]  # "her daughter": unnamed_daughter
            pool = list(dict.fromkeys(own + [n for n in _standalone_names(s.text) if n in named] + sorted(people)
                                      + role_fillers))
            ents = entities_in.get(item.sentence, [])
            ents = [x for x in held_things if _words_in(x, item.clause)] + [x for x in ents if not _words_in(x, item.clause)]
            here_events = events_in.get(item.sentence, [])
            written = text_amounts(item.clause)
            free = [x for x in written if x not in held] if written else [PROBE_AMOUNT]
            made: list[str] = []
            if item.kind in ("kind", "kinship"):
                for t in item.predicates:
                    known = schema.ways.get(t) or schema.needs.get(t) or ()
                    ways = [w for w in known if not w.get("amount_") or free]
                    if known and not ways:
                        continue  # every way needs an amount the clause does not give
                    mine: list[str] = []
                    # an entity's id: a thing an event of the sentence names that no type fact
                    # introduces ("$5322 into health insurance": the payment's patient_)
                    entity = cue_table().entry(t) is not None and cue_table().entry(t).kind == "entity"
                    said = _distinct_words(item.clause)
                    things = [x for x in ents if x in unnamed] if entity else []
                    things.sort(key=lambda x: not _distinct_words(x) & said)
                    # ^ the thing the clause's own words name first ("life insurance": life_insurance_fund)
                    unworded = bool(things) and bool(_distinct_words(things[0]) & said) \
                        and not any(_distinct_words(v) <= said for v in stated if _distinct_words(v))
                    # ^ a thing the clause names whose kind no constant it writes tells: each constant the statutes read
                    for way in sorted(ways, key=lambda w: (-sum(w.values()), sorted(w.items()))) or [None]:
                        for eid in list(dict.fromkeys(things[:1] + untyped[:1])) + [f"tl_unstated_{next(counter)}"]:
                            mine += _fill(t, way, pool, len(own), ents, here_events, spans, free, item, eid,
                                          agents=agents)
                    if (co or partners(item.clause, people)) and cue_table().durative(t) and not cue_table().parties(t):
                        # a state the clause gives its joint subjects ("he and Charlie lived"), or shares with
                        # someone ("Bob has lived with Alice"): one event, each an agent
                        joint = [c for c in (_joint(m, [n for n in own if n in people]) for m in mine) if c]
                        mine = joint + mine
                    # a property besides the core one a statute reads of the type, valued by a thing
                    # of the sentence ("attending classes" at the university: location_)
                    mine = [c + f"{q}({c[len(t) + 1:c.index(')')]},{_quote(x)}).\n" for q in sorted(schema.qualifiers.get(t, ()))
                            for c in mine[:2] for x in ents[:2]] + mine
                    mine = _with_constants(mine[:2], t, schema, item.clause, named_thing=unworded) + mine
                    made += list(dict.fromkeys(mine))[:PER_TYPE]  # each type the word is a cue of gets its share
                    # and the event a link of an event of the sentence is for ("paid … for work done
                    # in 2015": the work each payment is for, its parties the payment's), beyond the share
                    made += _tied(t, f"tl_unstated_{next(counter)}", here_events, groups, schema, spans, event_ids)
            elif item.kind == "rule":
                made += _family_candidates(item, _fact_lines(canonical) + _fact_lines(trusted), own, query,
                                           sentence=s, schema=schema, rules=rules)
            elif item.kind == "year":
                made += year_candidates(item, _fact_lines(canonical))
            elif item.kind == "role" and item.event:
                made += _role_candidates(item, s, groups, here_events, people, ents, sex)
            elif item.kind == "date" and item.event:
                facts = groups.get(item.event, [])
                ends = [_val(f.args[1]) for f in facts if f.name == "end_" and len(f.args) == 2]
                lasting = any(cue_table().durative(f.name) for f in facts if is_type(f))
                days = _event_days(item.clause, s, min(ends) if ends else None, lasting=lasting,
                                   narrative=narrative.get(item.sentence))
                if days and _SINCE.search(s.text):  # "Since 2014, Alice maintains a house": this year's too
                    days += [f"{y:04d}-01-01" for y in _query_years(query) if y > int(days[0][:4])
                             and (not ends or f"{y:04d}-01-01" < min(ends))][:1]
                made += [f'start_({_quote(item.event)},"{d}").\n' for d in days]
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
                             and any(f.name == r and len(f.args) == 2 and person_key(_val(f.args[1])) in people for f in facts)]
            elif item.kind == "date":
                d = item.what
                for e in here_events:
                    for prop in ("start_", "end_"):
                        day = d if len(d) > 4 else (f"{d}-01-01" if prop == "start_" else f"{d}-12-31")
                        made.append(f'{prop}({_quote(e)},"{day}").\n')
            for facts in list(dict.fromkeys(made))[:MAX_CANDIDATES]:
                out.append(Candidate(item, respell(facts, spelling)))
    return out


def _with_constants(cands: Sequence[str], t: str, schema, clause: str, *, named_thing: bool = False) -> list[str]:
    """Each of ``cands`` (one new event of type ``t`` each) with the constants the statutes read as
    its properties (:attr:`~taxlogic.kb.sara.reading.schema.EventSchema.constants`: a migration's
    destination ``"usa"`` and purpose ``"agricultural labor"``, a plan's purpose ``"make provisions
    for employees or dependents"``): once with every constant read of the type, then one property
    at a time with each constant read of it, or read of an event of no type whose telling words the
    clause writes (``"… in case of sickness"`` only for a clause that says "sickness"); a constant
    replaces the property's other values.

    With ``named_thing`` (the clause names a thing a role holds that no type fact introduces:
    "$5322 into health insurance", the payment's patient, and writes the words of no constant a
    fact states: not "a retirement fund" beside a purpose "… in case of retirement"), every constant
    read of an event of no type is tried too: the thing is stated, only its kind was left out, and
    the text may call it by words no constant shares ("health insurance" for the statutes' "in case
    of sickness"); the counterfactual runs decide which kind matters."""
    typed = schema.constants.get(t, {})
    loose = schema.constants.get("*", {})
    out: list[str] = []
    for c in cands:
        lines = c.splitlines()
        eid = lines[0][len(t) + 1:lines[0].index(")")]

        def put(props: dict[str, str]) -> str:
            kept = [l for l in lines if not l.startswith(tuple(f"{p}(" for p in props))]
            return "".join(l + "\n" for l in kept + [f"{p}({eid},{v})." for p, v in props.items()])
        if typed:
            out.append(put({p: vs[0] for p, vs in typed.items()}))
        read = {p for p in schema.qualifiers.get(t, ())} | {l.split("(", 1)[0] for l in lines[1:]}
        for p in sorted(set(typed) | (set(loose) & read)):
            worded = tuple(v for v in loose.get(p, ()) if named_thing or _distinct_words(v) <= _distinct_words(clause))
            out += [put({p: v}) for v in typed.get(p, ()) + worded]
    return list(dict.fromkeys(out))


def _tied(t: str, eid: str, events: Sequence[str], groups: dict[str, list[Fact]], schema, spans,
          event_ids: Collection[str]) -> list[str]:
    """Candidate fact texts for a new event ``eid`` of type ``t`` that an event of the sentence
    (``events``) links to, as the statutes read the link (``schema.same_roles``:
    ``"payment_:purpose_:service_"``: a payment for work, whose payer is the work's ``patient_`` and
    whose payee its ``agent_``; section 3306(b)): the link fact, the type fact, the roles the link
    carries over, and the span's dates a way of ``t`` reads (one day: its end too, when a way
    reads only the end). Only for an event whose own link
    names no event (the event it was for was left out, or the rules that make it). At most two."""
    out = []
    dated = {p for w in schema.ways.get(t, ()) for p in ("start_", "end_") if w.get(p)}
    start, end = spans[0] if spans else (None, None)
    for e in events:
        facts = groups.get(e, [])
        for key, pairs in schema.same_roles.items():
            src, link, dst = key.split(":")
            if dst != t or not any(f.name == src and is_type(f) for f in facts):
                continue
            if any(f.name == link and len(f.args) == 2 and _val(f.args[1]) in event_ids for f in facts):
                continue  # its link names an event already
            lines = [f"{t}({_quote(eid)}).\n", f"{link}({_quote(e)},{_quote(eid)}).\n"]
            for mine, theirs in pairs:
                lines += [f"{theirs}({_quote(eid)},{_quote(_val(f.args[1]))}).\n" for f in facts
                          if f.name == mine and len(f.args) == 2]
            lines += [f'{p}({_quote(eid)},"{d}").\n' for p, d in (("start_", start), ("end_", end or start)) if p in dated and d]
            out.append("".join(dict.fromkeys(lines)))
    return out[:2]


def _distinct_words(text: str) -> set[str]:
    """The words of ``text`` that tell one constant from another: "sickness" of "make provisions
    for employees in case of sickness" (words of four letters or more, lower case, less the ones
    every such constant shares: :data:`_COMMON_WORDS`)."""
    return {w for w in re.findall(r"[a-z]{4,}", text.lower())} - _COMMON_WORDS


#: Words the statutes' constants share that say nothing of which one a clause states.
_COMMON_WORDS = frozenset({"make", "provisions", "employees", "case", "dependents"})


def _joint(facts: str, subjects: Sequence[str]) -> str | None:
    """Candidate ``facts`` (one new event) with every one of ``subjects`` as its ``agent_``: None
    when it has no agent, or gives one of them another role."""
    lines = facts.splitlines()
    agents = [l for l in lines if l.startswith("agent_(")]
    if not agents:
        return None
    eid = agents[0][len("agent_("):].rsplit(",", 1)[0]
    values = {l.rsplit(",", 1)[1][:-2] for l in lines if l.startswith(_ROLES)}
    named = {l.rsplit(",", 1)[1][:-2] for l in agents}
    if any(_quote(x) in values - named for x in subjects):
        return None
    if all(_quote(x) in named for x in subjects):
        return None
    # one text whatever the order the candidate named them in: each subject, then any other agent
    mine = [f"agent_({eid},{_quote(x)})." for x in subjects] + [l for l in agents if l.rsplit(",", 1)[1][:-2]
                                                                 not in {_quote(x) for x in subjects}]
    return "".join(l + "\n" for l in lines[:1] + mine + [l for l in lines[1:] if not l.startswith("agent_(")])


def _role_candidates(item: Item, s, groups: dict[str, list[Fact]], here_events: list[str], people: set[str],
                     ents: list[str], sex: dict[str, str]) -> list[str]:
    """Candidate facts for a ``role`` item: each role it names filled by whom the event's clause
    names (its people, the names listed in bare clauses before it, whom its pronouns refer to, the
    organisations and entities it writes), except who already holds a role of the event, and who
    holds a role of another event the clause states (a cue of its type in the clause; an entity's
    type fact, "the International Monetary Fund" an international organisation, is none) that is
    not linked to this one by ``purpose_`` ("Bob lived in a house that Alice maintained": Bob is the
    one who lived, not the payee of the upkeep; a payment for work has the work's parties), and
    whose amount, if it has one, is one the clause writes (a payment of $298 to Bob that another
    sentence tells is not what "paying him $1513" states)."""
    table = cue_table()
    e, clause = item.event, item.clause
    facts = groups.get(e, [])
    filled = {k for f in facts if f.name in _ROLES and len(f.args) == 2 for k in (_val(f.args[1]), person_key(_val(f.args[1])))}
    linked = {e} | {_val(f.args[1]) for f in facts if f.name == "purpose_" and len(f.args) == 2}
    linked |= {g for g, fs in groups.items() if any(f.name == "purpose_" and _val(f.args[-1]) == e for f in fs)}
    written = set(text_amounts(clause))

    def other_amount(g: str) -> bool:  # an event whose amount is not the one the clause writes
        mine = {plain_number(Number(f.args[1].value).canonical) for f in groups.get(g, [])
                if f.name == "amount_" and len(f.args) == 2 and isinstance(f.args[1], Number)}
        return bool(written and mine) and not written & mine

    held = {k for g in here_events if g not in linked and not other_amount(g)
            if any(is_type(f) and table.cue_in(f.name, clause) and table.entry(f.name).kind != "entity"
                   for f in groups.get(g, []))
            for f in groups.get(g, []) if f.name in _ROLES and len(f.args) == 2
            for k in (_val(f.args[1]), person_key(_val(f.args[1])))}
    names = [n for n in _standalone_names(clause) if n in people] + co_subjects(clause, s, people, sex)
    for m in PRONOUN.finditer(clause):
        names += pronoun_people(m.group(), s, people, sex)
    names += _entity_runs(clause) + [x for x in ents if _words_in(x, clause)]
    fillers = [x for x in dict.fromkeys(names) if x not in filled and x not in held]
    out = [f"{r}({_quote(e)},{_quote(x)}).\n" for r in item.predicates for x in fillers]
    # the doer the clause writes as the subject of the event's own word ("a house that she
    # maintains", "which Alice maintained"): its agent, though they hold a role of another event
    # the clause states (she lives there too)
    cues = [c for f in facts if is_type(f) for c in [table.cue_in(f.name, clause)] if c]
    if "agent_" in item.predicates:
        out += [f"agent_({_quote(e)},{_quote(x)}).\n" for x in _subjects(clause, cues, s, people, sex) if x not in filled]
    return list(dict.fromkeys(out))


def _subjects(clause: str, cues: Sequence[str], s, people: set[str], sex: dict[str, str]) -> list[str]:
    """Whom ``clause`` writes as the subject of one of the ``cues`` (the event's own words): the
    person named, or referred to by a subject pronoun (:func:`pronoun_people`), right before it
    ("she maintains", "Alice maintained", "he also paid"; "who was admitted": the name before
    "who"); for a clause that opens with it (a participle: "Alice employed Bob …, paying him
    $1513"), the sentence's subject."""
    out: list[str] = []
    for cue in cues:
        if re.match(rf"\s*{re.escape(cue)}", clause, re.I):
            out += sentence_subject(s, people)
        for m in re.finditer(rf"\b([A-Za-z]+)\s+(?:(?:also|then|still|was|were|is|are|has|had|have|been)\s+){{0,3}}"
                             rf"{re.escape(cue)}", clause):
            w = m.group(1).lower()
            if w in people:
                out.append(w)
            elif _SUBJECT_PRONOUN.fullmatch(w):
                out += pronoun_people(w, s, people, sex)
            elif w == "who":  # "Bob is a Mexican citizen who was admitted": the last name before it
                out += [n for n in _standalone_names(clause[:m.start()]) if n in people][-1:]
    return list(dict.fromkeys(out))


def _fill(t: str, way, pool: list[str], own: int, ents: list[str], events: list[str], spans, amounts: list[str],
          item: Item, eid: str, *, agents: Collection[str] = ()) -> list[str]:
    """Candidate fact texts for one new event of type ``t`` with the properties of ``way`` (a
    Counter of property -> count, from the schema; None: the type alone with an agent).
    ``pool``: the people to fill roles with, the clause's own ``own`` first (the others only
    when the clause names fewer than the roles). A purpose is the first thing or event of the
    sentence (``ents``, ``events``) that fills no role of it and is none of ``agents`` (the
    agent of an event is a person, no purpose: an employee a rule names, not the work paid for)."""
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
        e = _quote(eid)
        lines = [f"{t}({e}).\n"]
        lines += [f"{r}({e},{_quote(v)}).\n" for r, v in zip(role_slots, fill)]
        if way.get("start_") and start:
            lines.append(f'start_({e},"{start}").\n')
        if way.get("end_") and end:
            lines.append(f'end_({e},"{end}").\n')
        if way.get("amount_") and amounts:
            lines.append(f"amount_({e},{amounts[0]}).\n")
        if way.get("purpose_"):
            targets = [x for x in ents + events if x not in fill and x not in agents][:1]
            lines += [f"purpose_({e},{_quote(x)}).\n" for x in targets]
        out.append("".join(lines))
    return out
