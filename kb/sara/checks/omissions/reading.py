"""What the omission check reads of the text and the facts (issue 33): a sentence's clauses and whom
each is about, the dates, years and constants facts hold, names as the text writes them
(:func:`person_key`, :func:`spellings`, :func:`respell` for SARA v2's strings), the days an
event may start on."""

from __future__ import annotations

import re
from typing import Sequence

from taxlogic.core import CaseInput
from taxlogic.kb.sara.reading.text import ISO, RELATIVE_WORDS, YEAR, person_names, pronoun_fits, yearless_days
from taxlogic.kb.sara.reading.names import person_key
from taxlogic.kb.sara.reading.view import fact_args, is_type
from taxlogic.tools.facts import Atom, Fact, Number, Str, Term, parse_facts


_ROLES = ("agent_", "patient_", "beneficiary_")


_KIN = ("son_", "daughter_", "father_", "mother_")


#: Where a sentence splits into clauses: a semicolon, a comma (not the one before a year: "July
#: 5th, 2015", nor a thousands separator: "$50,000"), and, but, while, whereas, although.
_SPLIT = re.compile(r";|,(?!\s*\d{4}\b)(?!\d)|\b(?:and|but|while|whereas|although)\b", re.I)


def _clauses(sentence: str) -> list[str]:
    parts = [p.strip(" .") for p in _SPLIT.split(sentence)]
    return [p for p in parts if p]


_SUBJECT_PRONOUN = re.compile(r"\b(?:she|he|they)\b", re.I)


_INTRO = re.compile(r"^\s*(?:(?:In|On|From|Since|During|Until|After|Before|While)\b[^,]*,\s*)+")


def _clause_people(clause: str, s, people: set[str]) -> set[str]:
    """Whom a clause is about: the case's people it names (not as an owner: "at Alice's place"),
    or whom its subject pronoun (she, he, they) refers to; a clause with neither is about the name
    a relative "who" before it follows, else the sentence's subject (its first name after an
    opening "In 2023," …: "In 2023, Bob, the son of …, lives at her place")."""
    named = {n for n in _standalone_names(clause) if n in people} - owners(clause)
    if _SUBJECT_PRONOUN.search(clause):
        named |= {r for r in s.referents if r in people}
    if named:
        return named
    # a relative clause, and the clauses that go on from it, are about the name before its "who"
    # ("Alice has a son, Bob, who was born …, and has lived at Alice's place since then": Bob)
    at = s.text.find(clause)
    who = list(re.finditer(r"\b([A-Z][a-z]+),?\s+who\b", s.text[:at if at >= 0 else len(s.text)]))
    if who and who[-1].group(1).lower() in people:
        return {who[-1].group(1).lower()}
    return set(sentence_subject(s, people))


def owners(clause: str) -> set[str]:
    """The names ``clause`` writes as an owner ("Alice's place": alice), lower case: not whom it
    is about."""
    return {m.group(1).lower() for m in re.finditer(r"\b([A-Z][a-z]+)'s\b", clause)}


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
    """:func:`~taxlogic.kb.sara.reading.text.person_names` of ``text`` that stand alone: not a word of a
    run of capitalised words ("the United States Government" names no person)."""
    runs = {w.lower() for m in re.finditer(r"\b[A-Z][a-z]+(?:\s+(?:of\s+)?[A-Z][a-z]+)+", text) for w in m.group().split()}
    return [n for n in person_names(text) if n not in runs]


def _mask_terms(clause: str, terms: dict | None) -> str:
    """``clause`` with the terms of two or more words the statutes define blanked out ("takes the
    standard deduction": the statutes compute it, it is no event of the case; a one-word term,
    "wages", "employment", is also the ordinary word for the event and stays). A term that ends
    in a relation word, written after a possessive, keeps that word ("Charlie, Bob's surviving
    spouse": Bob's spouse; the statutes' term is a status of the taxpayer, section 2(a), not a
    relation to another person, so the words state the relation as ordinary English does)."""
    for term in sorted(terms or {}, key=len, reverse=True):
        if " " in term:
            words = term.split()
            spelled = r"\s+".join(re.escape(w) for w in words)
            if re.fullmatch(RELATIVE_WORDS, words[-1], re.I):
                clause = re.sub(rf"({_POSSESSIVE}\s+){spelled}\b", rf"\g<1>{words[-1]}", clause, flags=re.I)
            clause = re.sub(rf"\b{spelled}\b", " ", clause, flags=re.I)
    return clause


#: A possessive before a noun: "Bob's", "her", "his", "their" (case-sensitive inside a case-blind pattern).
_POSSESSIVE = r"\b(?-i:[Hh]er|[Hh]is|[Tt]heir|[A-Z][a-z]+'s)"


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
    """The constants of ``facts``, each also as the text's names are compared (:func:`person_key`:
    SARA v2's ``"Alice"`` is the text's ``alice``, as SARA 2020's atom ``alice`` is)."""
    values = {a.value for f in facts for a in fact_args(f) if isinstance(a, (Atom, Str))}
    return values | {person_key(v) for v in values}


def spellings(facts: Sequence[Fact]) -> dict[str, Term]:
    """How ``facts`` write each constant that is not the plain atom of its :func:`person_key`
    (SARA v2's strings: ``"Alice"`` for ``alice``, ``"married"`` for ``married``; none for SARA
    2020's atoms), by that key: the term a candidate fact must use for a name or an event id to
    be the same constant as the facts' (:func:`respell`). A key two constants share is left out
    (ambiguous)."""
    seen: dict[str, set] = {}
    for f in facts:
        for a in fact_args(f):
            if isinstance(a, (Atom, Str)) and not ISO.match(a.value):
                seen.setdefault(person_key(a.value), set()).add(a)
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


#: A sentence's opening phrase of time, its year included ("On January 20th, 2020, …").
_OPENING = re.compile(r"^\s*(?:(?:In|On|From|Since|During|Until|After|Before|Over)\b[^,]*(?:,\s*\d{4})?,\s*)+")


def _event_days(clause: str, s, end: str | None = None, *, lasting: bool = True,
                narrative: int | None = None) -> list[str]:
    """The days an event stated by ``clause`` of sentence ``s`` may start on: the full dates
    written in the clause or the sentence's opening phrase ("In 2017, …"), else the first and last
    day of each year they name, else a day written without its year in the year the narrative is
    in (``narrative``: :func:`narrative_years`); only days before ``end`` (the event's end, ISO)
    when given, or on it for an event that does not last (``lasting`` False: a death starts and
    ends the same day; a status "until July 9th, 2014" does not start then)."""
    m = _OPENING.match(s.text)
    text = clause + " " + (m.group() if m else "")
    days = sorted(_clause_dates(text, s)) or [f"{int(y):04d}-{md}" for y in sorted(set(YEAR.findall(text)))
                                              for md in ("01-01", "12-31")] or yearless_days(text, narrative)
    return [d for d in dict.fromkeys(days) if end is None or d < end or (d == end and not lasting)]


def narrative_years(sentences) -> dict[int, int]:
    """For each sentence (by index) that writes no year, the last year written before it: the year
    the narrative is in ("… to November 19th, 2019. On November 25th, Bob died": 2019)."""
    out: dict[int, int] = {}
    last: int | None = None
    for s in sentences:
        written = [int(y) for y in YEAR.findall(s.text)]
        if written:
            last = written[-1]
        elif last is not None:
            out[s.index] = last
    return out


def _clause_dates(clause: str, s) -> set[str]:
    """The full dates of sentence ``s`` written in ``clause``."""
    from taxlogic.kb.sara.reading.text import text_dates

    return {d for d in text_dates(clause)} & set(s.dates) if s.dates else set()


def _val(arg) -> str:
    return str(getattr(arg, "value", arg))


def _kin_ties(facts: Sequence[Fact]) -> set[tuple[str, str]]:
    """(child, parent) pairs the facts tie by a family fact (either way round, any type)."""
    kin = {_val(f.args[0]) for f in facts if f.name in _KIN and is_type(f)}
    roles: dict[str, dict[str, list[str]]] = {}
    for f in facts:
        if f.name in ("agent_", "patient_") and len(f.args) == 2 and _val(f.args[0]) in kin:
            roles.setdefault(_val(f.args[0]), {}).setdefault(f.name, []).append(person_key(_val(f.args[1])))
    out = set()
    for r in roles.values():
        for x in r.get("agent_", []):
            for y in r.get("patient_", []):
                out |= {(x, y), (y, x)}
    return out


def case_people(case: CaseInput, facts: Sequence[Fact]) -> set[str]:
    """The case's people: names the text writes that a fact or the query uses as a constant
    ("United States Government" is no person unless a fact makes it one). A string of the query
    is one constant ("johns hopkins university" makes no person "johns")."""
    query = case.query or ""
    used = _atoms(facts) | set(re.findall(r"[a-z][A-Za-z0-9_]*", re.sub(r'"[^"]*"', " ", query))) \
        | {person_key(x) for x in re.findall(r'"([^"]*)"', query)}
    return {n for n in person_names(case.text) if n in used}


def _quote(value: str) -> str:
    return value if re.fullmatch(r"[a-z][A-Za-z0-9_]*", value) else '"' + value.replace('"', "") + '"'


def _query_years(query: str | None) -> list[int]:
    return sorted({int(y) for y in re.findall(r"(?<![\w\"-])(1[6-9]\d\d|2[01]\d\d)(?![\w\"-])", query or "")})


def _entity_runs(text: str) -> list[str]:
    """Runs of capitalised words of ``text`` (lower case: "the United States Government":
    ``united states government``), the names an organisation or a place a role may take."""
    return list(dict.fromkeys(m.group().lower() for m in re.finditer(r"\b[A-Z][a-z]+(?:\s+(?:of\s+)?[A-Z][a-z]+)+", text)))




def pronoun_people(pronoun: str, s, people: set[str], sex: dict[str, str]) -> list[str]:
    """Whom ``pronoun`` of sentence ``s`` may stand for: the sentence's referents (a pronoun of a
    sentence that names no one refers back), else the people it names whom the pronoun's sex
    allows (``sex``: :func:`~taxlogic.kb.sara.reading.text.sexes`; "she" is no son or brother, "they" any).
    Sorted, of ``people`` only."""
    return sorted(r for r in s.referents if r in people) or \
        sorted(n for n in s.names if n in people and pronoun_fits(pronoun, n, sex))


def sentence_subject(s, people: set[str]) -> list[str]:
    """The subject of sentence ``s``: its first name after an opening phrase of time ("In 2023,
    Bob, the son of …" -> bob); ``[]`` when it names none of ``people``."""
    return [n for n in _standalone_names(_INTRO.sub("", s.text)) if n in people][:1]


def co_subjects(clause: str, s, people: set[str], sex: dict[str, str]) -> list[str]:
    """Whom ``clause`` of sentence ``s`` shares its subject with, written before it and joined by
    "and" (:func:`_clauses` splits there): the names of the bare clauses right before it ("Alice"
    of "Alice and Bob lived in the same home"), else a name or subject pronoun that ends the
    clause before it ("the home where he and Charlie lived": he, :func:`pronoun_people`)."""
    parts = _clauses(s.text)
    at = parts.index(clause) if clause in parts else -1
    if at <= 0:
        return []
    out: list[str] = []
    for p in reversed(parts[:at]):
        if not _bare_names(p, people):
            break
        out += sorted(_bare_names(p, people))
    if out:
        return out
    last = re.search(r"\b([A-Za-z]+)\s*$", parts[at - 1])
    if not last or not re.search(rf"\b{re.escape(last.group(1))}\s+and\s+{re.escape(clause)}", s.text):
        return []
    w = last.group(1).lower()
    if w in people:
        return [w]
    if not _SUBJECT_PRONOUN.fullmatch(w):
        return []
    # the pronoun of a clause that names its subject is that subject ("Bob furnished the costs of
    # maintaining the home where he": Bob)
    subject = [n for n in _standalone_names(parts[at - 1]) if n in people and n not in owners(parts[at - 1])][:1]
    return subject or pronoun_people(w, s, people, sex)



#: A lasting state shared with someone the clause names after "with" ("Bob has lived with Alice", "Alice
#: shares a house with her father Bob"), a relation noun between.
_WITH = re.compile(rf"\bwith\s+(?:(?:her|his|their)\s+(?:{RELATIVE_WORDS})\s*,?\s+)?([A-Z][a-z]+)\b")


def partners(clause: str, people: set[str]) -> list[str]:
    """The people ``clause`` shares its state with: each of ``people`` it names right after "with"
    ("Bob has lived with Alice since": alice; "with her father Bob": bob), lower case, in order."""
    return list(dict.fromkeys(m.group(1).lower() for m in _WITH.finditer(clause) if m.group(1).lower() in people))


#: A person the text knows only by their relation to someone (a possessive and a relation noun, no
#: name after it: "her daughter", "his son", "Alice's husband"; not "her father Bob", who is Bob).
_POSSESSIVE_RELATIVE = re.compile(rf"{_POSSESSIVE}\s+({RELATIVE_WORDS})\b(?!,?\s+[A-Z][a-z]+\b)")


def possessive_relatives(clause: str) -> list[str]:
    """The relation nouns of the people ``clause`` names by a possessive and no name ("she and her
    daughter lived": ``['daughter']``), in order."""
    return list(dict.fromkeys(m.group(1) for m in _POSSESSIVE_RELATIVE.finditer(clause)))


def relative_constants(facts: Sequence[Fact]) -> dict[str, list[str]]:
    """For each relation noun, the constants ``facts`` may write that relative as: a role's value
    (not a date) whose words hold the noun (SARA 2020's ``unnamed_daughter``, SARA v2's ``"her
    daughter"``), or the ``agent_`` of a family fact of the noun's own type (``daughter_``: the
    daughter). As the facts write them, in order."""
    out: dict[str, list[str]] = {}
    types = {_val(f.args[0]): f.name for f in facts if is_type(f) and f.args}
    for f in facts:
        if f.name not in _ROLES or len(f.args) != 2 or not isinstance(f.args[1], (Atom, Str)) or ISO.match(f.args[1].value):
            continue
        v = f.args[1].value
        for w in re.split(r"[_\s]+", person_key(v)):
            if re.fullmatch(RELATIVE_WORDS, w):
                out.setdefault(w, []).append(v)
        kind = types.get(_val(f.args[0]), "")
        if f.name == "agent_" and kind.endswith("_") and re.fullmatch(RELATIVE_WORDS, kind[:-1]):
            out.setdefault(kind[:-1], []).append(v)
    return {w: list(dict.fromkeys(vs)) for w, vs in out.items()}


def clause_relatives(clause: str, kin: dict[str, list[str]]) -> list[str]:
    """The constants (``kin``: :func:`relative_constants`) of the people ``clause`` names by a
    possessive relation only (:func:`possessive_relatives`): whom "her daughter lived" is about,
    when the facts write her at all; ``[]`` otherwise (the check asks no fact of a relative the
    facts never write)."""
    return list(dict.fromkeys(x for w in possessive_relatives(clause) for x in kin.get(w, ())))
