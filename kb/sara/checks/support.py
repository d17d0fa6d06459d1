"""SARA check: every fact against the sentence it comes from (``unsupported_fact``,
``open_period``).

Each fact is judged against the sentences the aligner finds for its group in the whole text,
whatever its anchor says (:mod:`taxlogic.kb.sara.checks.align`: an anchor is evidence, not a
constraint; one pointing elsewhere is re-anchored, never a reason to change a correct fact).
Then:

- ``unsupported_fact``, a fact no sentence supports:
  - a group (an event and its properties) that no sentence shares anything with;
  - a type or status fact whose sentence holds none of its cues (``cues.json``: a joint return
    needs "joint", blindness "blind", a marriage "married", "wife" …), said in two ways: the
    text never speaks of it at all, or not in the sentence its group comes from;
  - a person in a role (``agent_``, ``patient_``, ``beneficiary_``) or an amount that its
    sentence does not name (a pronoun counts for the people of the two sentences before);
  - roles by clause: in a sentence of clauses about different people ("Alice was paid $39212,
    and Bob had no income"), a person in a role of an event whose amount another person's
    clause states; or whose amount or date a clause states that is led by a pronoun that can
    only mean someone the text knows by a relation and no name ("Her husband's income … and he
    takes itemized deductions of $4421": the husband's deduction, not Alice's);
  - a marriage or family tie its sentence states as someone's relation ("Bob's surviving
    spouse", "Dorothy's son") without that person in its roles; an id that quotes a person's
    possessive (SARA v2's ``"Alice's gross income"``) whose roles hold others and not them; a
    SARA v2 role string (the text's words, "decree of divorce") that another sentence writes and
    the fact's does not;
  - a date whose year its sentences do not name, when they name years (a sentence that names
    none takes the years of the text); for a lasting event, a start its sentence gives as an end
    ("until …") or an end it gives as a start ("since …", "from …"):
    :func:`taxlogic.kb.sara.reading.text.date_roles`;
  - an amount the text states once, on two events (one sum counted twice), unless its sentence
    gives it to each of several ("paid them $5012 each", "paid each of her 87 employees $5207",
    "earned $304598 every year");
- ``open_period``: a durative event (``cues.json``: employment, residence, marriage …) without
  ``end_`` although its sentence gives it an end ("from May 5th 2019 to Dec 31st 2019", "until
  July 9th, 2014", "from 2004 to 2019"; or the year it starts on the first day of: "work done in
  the year 2017"), unless the sentence is about someone else's span.

Skipped when the text is a what-if change (as in chat), like :mod:`taxlogic.kb.sara.checks.grounding`.
Every message quotes the fact, its anchor if any, and the sentence, so that the repair prompt
holds the evidence.
"""

from __future__ import annotations

import re
from datetime import date

from taxlogic.core import CaseInput, Issue, is_what_if
from taxlogic.kb.sara.checks.align import Alignment, Support, align, resolve
from taxlogic.kb.sara.reading.cues import cue_table
from taxlogic.kb.sara.reading.names import person_key
from taxlogic.kb.sara.reading.text import (_DATE, _FEMALE_W, _MALE_W, _MONTH_RE, _MONTHS, _TEXT_NUMBER, NAME, RELATIVE_WORDS,
                                   YEAR, date_roles, iso_date, person_names, plain_number, pronoun_fits, sexes,
                                   written_date)
from taxlogic.kb.sara.reading.view import FactView, is_type
from taxlogic.tools.facts import Atom, Number, Str

_ROLES = ("agent_", "patient_", "beneficiary_")
#: "from … to <end>", "until <end>", "through <end>", "to <end>" after a "from": the end a sentence gives.
_END = re.compile(rf"\b(?:until|till|through|to)\s+(?:the\s+end\s+of\s+)?(?:(?P<md>{_MONTH_RE}\s+\d{{1,2}})(?:st|nd|rd|th)?,?\s+)?"
                  rf"(?P<y>{YEAR.pattern})", re.I)
_FROM = re.compile(r"\bfrom\b|\bbetween\b|\bsince\b", re.I)


def _where(a: Alignment, s: Support, resolved: Support | None = None) -> str:
    """Where the fact comes from, for a message: the aligner's sentence, and what its anchor says."""
    if resolved is not None and resolved.source == "anchor":
        return f'its anchor "{" ".join(resolved.anchor)}" is in the sentence "{a.text_of(s).strip()}"'
    if resolved is not None and resolved.source == "reanchored":
        return (f'it comes from the sentence "{a.text_of(s).strip()}" (its anchor "{" ".join(resolved.anchor)}" '
                "points elsewhere)")
    return f'it comes from the sentence "{a.text_of(s).strip()}"'


def support_issues(case: CaseInput, canonical: str, trusted: str = "", *, terms: dict[str, str] | None = None
                   ) -> list[Issue]:
    """The checks of the module doc on the facts of ``canonical`` (not on ``trusted`` context)."""
    if is_what_if(case.text):
        return []
    a = align(case.text, canonical, trusted, terms=terms, anchors=False)
    r = resolve(case.text, canonical, trusted, terms=terms).by_line()

    def where(s: Support) -> str:
        return _where(a, s, r.get(s.line))

    v = FactView.of(canonical, trusted)
    table = cue_table()
    text_years = set().union(*(s.years for s in a.sentences)) if a.sentences else set()
    people = set().union(*(s.names for s in a.sentences)) if a.sentences else set()
    issues: list[Issue] = []
    reported: set[str] = set()
    roles_people = {_person(f.args[1]) for _, f in v.facts if f.name in _ROLES and f.arity == 2} - {None}
    relatives = _relatives(v, people, table)
    sex = sexes(case.text)
    for s in a.supports:
        f = s.fact
        if not f.name.endswith("_"):
            continue  # statute facts: kb.sara.premises
        if s.source == "none":
            if s.group not in reported:
                reported.add(s.group)
                issues.append(Issue(kind="unsupported_fact", line=s.line, message=(
                    f"no sentence of the text supports {s.group} ({f}): none names its people, amounts, dates "
                    "or what it is; state only what the text says")))
            continue
        sents = [a.sentences[i] for i in s.sentences]
        if is_type(f) and table.needs_cue(f.name):
            if not any(table.affirmed_cue_in(f.name, x.text) for x in sents):
                elsewhere = [x for x in a.sentences if table.affirmed_cue_in(f.name, x.text)]
                what = f.name[:-1].replace("_", " ")
                if not elsewhere:
                    msg = (f"{f}: no sentence of the text speaks of a {what} (it never says {table.cue_words(f.name)}); "
                           f"{where(s)}: remove it unless the text states it")
                else:
                    msg = (f"{f}: {where(s)}, which does not speak of a {what}; the text does in "
                           f'"{elsewhere[0].text.strip()}": is the event, its id or its type wrong?')
                issues.append(Issue(kind="unsupported_fact", line=s.line, message=msg))
            continue
        if f.arity != 2 or not isinstance(f.args[0], (Atom, Str)):
            continue
        value = f.args[1]
        p = _person(value)
        if f.name in _ROLES and p in people:
            if not any(x.mentions(p) for x in sents):
                issues.append(Issue(kind="unsupported_fact", line=s.line, message=(
                    f"{f}: {where(s)}, which does not name {p.capitalize()}: is {p} the right person "
                    f"for the {f.name[:-1]} of {f.args[0].value}?")))
            elif s.primary is not None:
                props = v.props.get(f.args[0].value, {})
                amounts = {plain_number(x) for x in props.get("amount_", set())} - {"0", "1"}
                dates = {x.strip('"') for d in ("start_", "end_") for x in props.get(d, set())}
                cues = [table.entry(t).pattern for t in v.types.get(f.args[0].value, ())
                        if f.name == "agent_" and table.parties(t) == 1 and table.entry(t).pattern is not None]
                clause = _clause_of_values(a.sentences[s.primary], amounts, dates, p, people & roles_people, cues)
                meant = _pronoun_for_relative(a.sentences[s.primary].text, amounts, dates, relatives, table,
                                              sex) if clause is None else None
                if meant is not None:
                    said, pronoun, phrase, who = meant
                    issues.append(Issue(kind="unsupported_fact", line=s.line, message=(
                        f"{f}: {where(s)}, where the clause \"{said}\" states the "
                        f"{'amount' if amounts else 'date'} of {f.args[0].value} and its \"{pronoun}\" can only be "
                        f"\"{phrase}\" ({', '.join(who)}: the text knows them only by that relation), not "
                        f"{p.capitalize()}: is {p} the right person for the {f.name[:-1]}?")))
                elif clause is not None:
                    said, named, what = clause
                    issues.append(Issue(kind="unsupported_fact", line=s.line, message=(
                        f"{f}: {where(s)}, where the clause \"{said}\" states the {what} of {f.args[0].value} "
                        f"and names {', '.join(n.capitalize() for n in named)}, not {p.capitalize()}: "
                        f"is {p} the right person for the {f.name[:-1]}?")))
        elif f.name in _ROLES and p in relatives:
            named = sorted({n for x in sents for n in person_names(x.text)} & people)
            if named and not any(_refers_to_relative(x.text, relatives[p], table) for x in sents):
                issues.append(Issue(kind="unsupported_fact", line=s.line, message=(
                    f"{f}: {where(s)}, which names {', '.join(n.capitalize() for n in named)} and neither "
                    f"{value.value} (whom the text names only by a relation: {', '.join(t[:-1] for t in sorted(relatives[p]))}) "
                    f"nor a pronoun: is {value.value} the right person for the {f.name[:-1]} of {f.args[0].value}?")))
        elif f.name in _ROLES and isinstance(value, Str) and value.value not in v.types \
                and _quoted_elsewhere(value.value, sents, a.sentences):
            issues.append(Issue(kind="unsupported_fact", line=s.line, message=(
                f'{f}: {where(s)}, which does not write "{value.value}" (another sentence does): is it '
                f"the right {f.name[:-1]} of {f.args[0].value}?")))
        elif not isinstance(f.args[0], Atom):
            continue  # SARA v2's string ids: only the people of its roles are judged here
        elif f.name == "amount_" and isinstance(value, Number):
            n = plain_number(Number(value.value).canonical)
            if n not in ("0", "1") and not any(n in x.numbers for x in sents) and any(n in x.numbers for x in a.sentences):
                issues.append(Issue(kind="unsupported_fact", line=s.line, message=(
                    f"{f}: {where(s)}, which does not state {n}: is the amount attached to the right event?")))
        elif f.name in ("start_", "end_") and isinstance(value, Str):
            lasting = any(table.durative(t) for t in v.types.get(f.args[0].value, ()))
            roles = set().union(*(date_roles(x.text, value.value) for x in sents)) if lasting else set()
            # a lasting event's span read the other way round: an end the sentence gives as its start
            # (or as the day it happens: "married on …"), a start it gives as its end
            if roles and (roles <= {"start", "other"} if f.name == "end_" else roles == {"end"}):
                issues.append(Issue(kind="unsupported_fact", line=s.line, message=(
                    f"{f}: {where(s)}, where {value.value} is when it "
                    f"{'starts' if f.name == 'end_' else 'ends'}: use {'start_' if f.name == 'end_' else 'end_'}")))
                continue
            d = iso_date(value.value)
            if d is None or any(value.value in x.dates for x in sents):
                continue
            dated = [x for x in sents if x.years or x.since]  # else the years of the whole text count
            if not (any(x.covers_year(d.year) for x in dated) if dated else d.year in text_years or not text_years):
                years = set().union(*(x.years for x in dated)) or text_years
                issues.append(Issue(kind="unsupported_fact", line=s.line, message=(
                    f"{f}: {where(s)}, which names {', '.join(map(str, sorted(years)[:6]))}, not {d.year}")))
    issues += _possessive_relations(a, v, table, people, where)
    issues += _possessive_ids(v, people, set(relatives))
    issues += _open_periods(a, v, where)
    issues += _counted_twice(case.text, v)
    return issues


#: A name in the possessive and up to two words before a noun ("Bob's surviving spouse", "Alice's son").
_POSSESSOR = re.compile(r"\b([A-Z][a-z]+)'s\s+((?:[a-z]+\s+){0,2})")


def _quoted_elsewhere(words: str, sents, sentences) -> bool:
    """Whether ``words`` (a SARA v2 string in a role: the text's own words, "decree of divorce")
    stand in a sentence of the text but in none of ``sents`` (the fact's)."""
    pat = re.compile(r"(?<!\w)" + r"\s+".join(map(re.escape, words.split())) + r"(?!\w)", re.I)
    return bool(words.strip()) and not any(pat.search(x.text) for x in sents) \
        and any(pat.search(x.text) for x in sentences)


def _possessive_ids(v: FactView, people: set[str], relatives: set[str] = frozenset()) -> list[Issue]:
    """An event whose id quotes the text's words with a person's possessive (SARA v2's
    ``"Alice's gross income"``, ``"Bob's house"``) is that person's: they hold one of its roles.
    One issue per such event whose roles hold other people (of the text, or ``relatives``: known
    only by a relation, "Her husband") and not them (its first role fact); ids that are no quote
    of a possessive are not judged here."""
    issues = []
    for e, props in v.own_props.items():
        m = re.match(r"([A-Z][a-z]+)'s\b", e)
        if not m or m.group(1).lower() not in people:
            continue
        held = [(line, f) for r in _ROLES for line, f in props.get(r, [])]
        parties = {_person(f.args[1]) for _, f in held}
        owner = m.group(1).lower()
        if held and owner not in parties and parties & (people | relatives):
            line, f = held[0]
            issues.append(Issue(kind="unsupported_fact", line=line, message=(
                f"{f}: the id \"{e}\" is the text's words for something of {owner.capitalize()}'s, but "
                f"{owner.capitalize()} holds none of its roles (its people: {', '.join(sorted(parties - {None}))}): "
                f"is the right person in its roles?")))
    return issues


def _possessive_relations(a: Alignment, v: FactView, table, people: set[str], where) -> list[Issue]:
    """A family tie or marriage whose sentence states it only as someone's relation ("Alice paid
    Charlie, Bob's surviving spouse": a marriage of Bob) must have that person among its parties
    (the people of its roles). One issue per event whose supporting sentences' possessive
    phrases of its kind (a name's, then a cue of ``cues.json``: "spouse", "son") all name people
    of the text who hold none of its roles; none when no such phrase is written ("Alice and Bob
    married": the roles are judged by the other checks)."""
    issues = []
    for s in a.supports:
        f = s.fact
        if not is_type(f) or not f.args or s.source == "none":
            continue
        entry = table.entry(f.name)
        if entry is None or entry.pattern is None or not (f.name == "marriage_" or entry.kind == "kinship"):
            continue
        e = f.args[0].value
        parties = {person_key(x) for r in _ROLES for x in v.props.get(e, {}).get(r, set())}
        owners = set()
        for i in s.sentences:
            text = a.sentences[i].text
            for m in _POSSESSOR.finditer(text):
                words = [m.start(2) + w.start() for w in re.finditer(r"[a-z]+", m.group(2))] + [m.end()]
                if m.group(1).lower() in people and any(entry.pattern.match(text, at) for at in words):
                    owners.add(m.group(1).lower())
        if owners and parties and not owners & parties:
            who = ", ".join(sorted(o.capitalize() for o in owners))
            issues.append(Issue(kind="unsupported_fact", line=s.line, message=(
                f"{f}: {where(s)}, which states it as {who}'s relation, but {who} holds no role of "
                f"{e} (its people: {', '.join(sorted(parties))}): is the right person in its roles?")))
    return issues


#: Where a sentence splits into clauses about different people: ", and", ", but", ", while",
#: ", whereas", ";".
_CLAUSES = re.compile(r",\s*(?:and|but|while|whereas)\s+|;\s*")
_PRONOUN = re.compile(r"\b(?:she|he|her|his|him|they|their|them|both|each)\b", re.I)


#: A clause led by its own subject and verb ("Alice was born …"; not "Bob the remaining 60%, since …",
#: whose date may belong to the whole sentence).
_SUBJECT = re.compile(rf"\s*(?:(?:In|On|From|Since|During|After|Before|Until)\b[^,]*,\s*)?{NAME}\s+(?!(?:the|a|an)\b)[a-z]+")
#: "Alice was born March 2nd, 1950 and Bob was born March 3rd, 1955", "… is $56298 and he takes
#: itemized deductions of $4421": a clause that ends with a date or an amount, then "and" and a name
#: or "he"/"she" (its own subject), splits there too.
_AND_NAME = re.compile(rf"(?<=\d)(?:st|nd|rd|th)?\s+and\s+(?=(?:{NAME}|he|she)\s+[a-z])")
#: "Bob is an American citizen and Alice is an American employer": "and", a name and its verb (a
#: word ending as a verb does, not "his", "as" …) after a clause led by its own subject.
_AND_SUBJECT = re.compile(rf"\s+and\s+(?={NAME}\s+(?:also\s+)?(?!(?:his|its|as|us|plus|thus|across|less|unless)\b)"
                          r"(?:is|was|are|were|has|had|[a-z]+(?:ed|id|s))\b)")


def _clause_spans(text: str) -> list[tuple[int, int]]:
    """Where the clauses of a sentence are, for roles by clause ((start, end) offsets): cut at ",
    and", ", but", ";" (:data:`_CLAUSES`), at "and" after a date or an amount (:data:`_AND_NAME`),
    and at "and" before a name and its verb when the clause before is led by its own subject
    (:data:`_AND_SUBJECT`)."""
    cuts = sorted({m.span() for pat in (_CLAUSES, _AND_NAME) for m in pat.finditer(text)})
    spans, start = [], 0
    for a, b in cuts + [(len(text), len(text))]:
        if a < start:
            continue
        piece_cut = start
        for m in _AND_SUBJECT.finditer(text, start, a):
            if _SUBJECT.match(text[piece_cut:m.start()]):
                spans.append((piece_cut, m.start()))
                piece_cut = m.end()
        spans.append((piece_cut, a))
        start = b
    return spans


def _split_clauses(text: str) -> list[str]:
    """The clauses of a sentence (:func:`_clause_spans`)."""
    return [text[a:b] for a, b in _clause_spans(text)]


def _clause_of_values(sentence, amounts: set[str], dates: set[str], person: str, people: set[str],
                      cues: list[re.Pattern] = ()) -> tuple[str, list[str], str] | None:
    """Roles by clause: (the clause, the people it names, "amount", "date" or "kind") when the
    clause of ``sentence`` that states one of the event's ``amounts``, ``dates`` (ISO) or, for a
    one-person event, the words of its kind (``cues``: ``cues.json`` patterns, "admitted",
    "born"; words no other clause has) names other people of the facts and not ``person`` (nor
    refers to anyone by a pronoun), while another clause of the sentence names ``person`` ("Alice
    was paid $39212, and Bob had no income" for an income of Bob's; "Alice was born March 2nd,
    1950 and Bob was born March 3rd, 1955" for Bob's birth on 1950-03-02; "Alice is an american
    citizen, and Bob is a Mexican citizen who was admitted to the USA" for Alice's migration). A
    date or a kind decides only in a clause led by its own subject and verb; None otherwise."""
    if not (amounts or dates or cues) or re.search(r"\brespectively\b", sentence.text, re.I):
        return None
    clauses = _split_clauses(sentence.text)
    if len(clauses) < 2:
        return None
    for clause in clauses:
        at = sorted([(m.start(), "date") for m in _DATE.finditer(clause) if written_date(m) in dates] +
                    [(m.start(), "amount") for m in _TEXT_NUMBER.finditer(clause) if plain_number(m.group()) in amounts] +
                    [(m.start(), "kind") for c in cues if not _in_other_clauses(c, clause, clauses)
                     for m in c.finditer(clause)])
        if not at:
            continue
        # the clause's own subject: the people it names before the value (an elided subject,
        # "…, and $5322 into health insurance for Bob", is the previous clause's)
        named = [n for n in person_names(clause[:at[0][0]]) if n in people]
        if at[0][1] in ("date", "kind") and not _SUBJECT.match(clause):
            continue  # a date may stand anywhere ("and have a son Charlie, born April 1st, 1999"): only a clause led by its subject
        if named and person not in named and not _PRONOUN.search(clause) and \
                any(person in person_names(c) for c in clauses if c is not clause):
            return clause.strip(), named, at[0][1]
    return None


_PRONOUN_SUBJECT = re.compile(r"\s*(?P<p>[Hh]e|[Ss]he)\s+(?:also\s+)?[a-z]+")
#: Someone the sentence speaks of by a relation and no name ("Her husband", "his wife", "Alice's
#: son"; not "her husband Bob", "her son, Charlie"), and a possessive pronoun ("her", "his").
_RELATION = re.compile(rf"\b(?:[Hh]er|[Hh]is|[Tt]heir|{NAME}'s)\s+(?P<w>{RELATIVE_WORDS})\b(?!,?\s+{NAME}\b)")
_POSSESSIVE_PRONOUN = re.compile(r"\b(?P<p>[Hh]er|[Hh]is)\b")


def _pronoun_for_relative(text: str, amounts: set[str], dates: set[str], relatives: dict[str, set[str]], table,
                          sex: dict[str, str]) -> tuple[str, str, str, list[str]] | None:
    """Roles by clause, a pronoun's: (the clause, its pronoun, the relation phrase, the relatives it
    may be) when the clause of ``text`` (one sentence) that states one of an event's ``amounts`` or
    ``dates`` (ISO) is led by "he" or "she", and the only ones the sentence speaks of before it whom
    that pronoun can mean are people known by a relation and no name ("Her husband's income in 2016
    is $56298 and he takes itemized deductions of $4421": the husband's deduction), of whom the
    facts hold such a person (``relatives``: :func:`_relatives`, the relation's event types, whose
    cue the word is). Candidates are the names before the clause whom ``sex`` (:func:`sexes` of the
    whole text) does not give the other sex, the relation words of the pronoun's sex or none
    ("spouse"), and a possessive "her"/"his" of its sex (someone named elsewhere); None when any
    other than such a relation could be meant, or no such clause."""
    if not (amounts or dates) or not relatives:
        return None
    for start, end in _clause_spans(text):
        clause = text[start:end]
        lead = _PRONOUN_SUBJECT.match(clause)
        if lead is None or not (any(written_date(m) in dates for m in _DATE.finditer(clause)) or
                                any(plain_number(m.group()) in amounts for m in _TEXT_NUMBER.finditer(clause))):
            continue
        he = lead.group("p").lower() == "he"
        before = text[:start]
        if any(pronoun_fits(lead.group("p"), n, sex) for n in person_names(before)) or \
                any((m.group("p").lower() == "his") == he for m in _POSSESSIVE_PRONOUN.finditer(before)):
            return None
        phrases = [m for m in _RELATION.finditer(before)
                   if not re.fullmatch(_FEMALE_W if he else _MALE_W, m.group("w").lower())]
        if not phrases:
            return None
        who = sorted(r for r, kin in relatives.items() if any(table.cue_in(t, m.group("w")) for t in kin for m in phrases))
        if who:
            return clause.strip(), lead.group("p"), phrases[-1].group().strip(), who
    return None


def _in_other_clauses(cue: re.Pattern, clause: str, clauses: list[str]) -> bool:
    """A one-person event's words stand in another clause too ("Bob is an American citizen and
    Alice is an American employer"): then no clause alone says whose it is."""
    return any(cue.search(c) for c in clauses if c is not clause)


def _person(value) -> str | None:
    """A role filler as the text's names compare with it (:func:`~taxlogic.kb.sara.reading.names.person_key`);
    None for a number."""
    return person_key(value.canonical) if isinstance(value, (Atom, Str)) else None


_ATOM_WORD = re.compile(r"^[a-z][a-z0-9_]*$")


def _relatives(v: FactView, people: set[str], table) -> dict[str, set[str]]:
    """People of the facts the text never names, known only by a relation ("her spouse", "her
    son"): each constant in a role of a kinship or marriage event (``cues.json`` kinds) that is
    not a name of the text, with the types of those events; keys as :func:`_person` gives them
    (SARA v2's ``"her spouse"``: ``her_spouse``)."""
    out: dict[str, set[str]] = {}
    for e, types in v.types.items():
        kin = {t for t in types if (t == "marriage_" or (table.entry(t) is not None and table.entry(t).kind == "kinship"))}
        if not kin:
            continue
        for role in _ROLES:
            for x in map(person_key, v.props.get(e, {}).get(role, set())):
                if x not in people and _ATOM_WORD.match(x):  # SARA v2's "her spouse": her_spouse
                    out.setdefault(x, set()).update(kin)
    return out



def _refers_to_relative(sentence: str, kin: set[str], table) -> bool:
    """``sentence`` may speak of a person known by the relations ``kin`` (event types): a cue of
    one of them ("husband", "son"), or a pronoun."""
    return bool(_PRONOUN.search(sentence) or any(table.cue_in(t, sentence) for t in kin))


#: Words that give one amount to each of several payees, periods or events.
_EACH = re.compile(r"\b(?:each|every|apiece|per)\b", re.I)


def _sentence_at(text: str, at: int) -> str:
    """The sentence of ``text`` around offset ``at`` (between full stops not inside a number)."""
    start = max((m.end() for m in re.finditer(r"\.(?!\d)", text[:at])), default=0)
    end = re.search(r"\.(?!\d)", text[at:])
    return text[start:at + end.start() if end else len(text)]


def _counted_twice(text: str, v: FactView) -> list[Issue]:
    """An amount the text states once, on two events: one sum counted twice."""
    by_amount: dict[str, list[tuple[int, str]]] = {}
    for e, props in v.own_props.items():
        for line, f in props.get("amount_", []):
            n = plain_number(f.args[1].canonical)
            if n not in ("0", "1"):
                by_amount.setdefault(n, []).append((line, e))
    out = []
    for n, uses in by_amount.items():
        mentions = list(re.finditer(rf"\$\s?{re.escape(n)}(?![\d,])|\$\s?{n[:-3]},{n[-3:]}(?!\d)" if len(n) > 3 else
                                    rf"\$\s?{re.escape(n)}(?![\d,])", text))
        stated = len(mentions)
        if any(_EACH.search(_sentence_at(text, m.start())) for m in mentions):
            continue  # one amount for each of several: several events may carry it
        if stated and len(uses) > stated:
            (_, first), *rest = sorted(uses)
            for line, e in rest:
                out.append(Issue(kind="unsupported_fact", line=line, message=(
                    f"amount_({e},{n}): the text states ${n} {'once' if stated == 1 else f'{stated} times'}, but "
                    f"{first} has it too: is {e} the same event counted twice?")))
    return out


def _open_periods(a: Alignment, v: FactView, where) -> list[Issue]:
    """Durative events without an end that their sentence gives (module doc)."""
    table = cue_table()
    people = {x for props in v.props.values() for p in ("agent_", "patient_") for x in props.get(p, ())}
    out = []
    first: dict[str, Support] = {}
    for s in a.supports:
        first.setdefault(s.group, s)
    for e, types in v.own_types.items():
        durative = [t for t in types if table.durative(t)]
        s = first.get(e)
        props = v.props.get(e, {})
        if not durative or props.get("end_") or s is None or s.primary is None:
            continue
        sentence = a.sentences[s.primary].text
        end, said = _end_of(sentence, props.get("start_", set()))
        if end is None:
            continue
        subject = _first_person(sentence, people)
        if subject is not None and subject not in {x.strip("'") for x in props.get("agent_", set()) | props.get("patient_", set())}:
            continue  # the sentence tells of someone else's span ("Bob lived with Alice until …")
        out.append(Issue(kind="open_period", line=v.type_lines.get(e), message=(
            f'{durative[0]}({e}) has no end_, but {where(s)} says it lasts {said}: add end_({e},"{end.isoformat()}")')))
    return out


def _end_of(sentence: str, starts: set[str]) -> tuple[date | None, str]:
    """The end a sentence gives a lasting event: "to/until <date or year>" after a "from", or
    "until …"; or the last day of the year when the event starts on its first day and the
    sentence bounds it by that year ("work done in the year 2017", "over the year 2018")."""
    m = _END.search(sentence) if _FROM.search(sentence) or re.search(r"\b(?:until|till)\b", sentence, re.I) else None
    if m:
        return _end_date(m), m.group().split(None, 1)[0] + " " + m.group().split(None, 1)[1]
    if re.search(r"\b(?:since|from|until|till)\b", sentence, re.I):
        return None, ""
    for y in (int(x.strip('"')[:4]) for x in starts if x.strip('"')[5:] == "01-01"):
        b = re.search(rf"\b(?:in|during|over|throughout|for)\s+(?:the\s+(?:whole\s+)?(?:year\s+)?)?(?:of\s+)?{y}\b", sentence, re.I)
        if b:
            return date(y, 12, 31), f"{b.group()} (to its end)"
    return None, ""


def _first_person(sentence: str, people: set[str]) -> str | None:
    """The person of ``people`` the sentence names first: who it is about."""
    at = [(m.start(), p) for p in people for m in [re.search(rf"\b{re.escape(p)}\b", sentence, re.I)] if m]
    return min(at)[1] if at else None


def _end_date(m: re.Match) -> date | None:
    year = int(m.group("y"))
    if m.group("md"):
        parts = m.group("md").split()
        try:
            return date(year, _MONTHS[parts[0].lower()[:3]], int(parts[1]))
        except (ValueError, KeyError):
            return None
    return date(year, 12, 31)
