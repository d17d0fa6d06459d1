"""SARA check: every argument of every fact accounted for by the text (``unaccounted``).

Grounding by construction rather than by a list of mistakes: for each fact of a translation, each
argument must be given by the case, and :func:`provenance` says where:

- an **event id** (first argument of a type or property fact, or an argument that is an id) is
  introduced by its type fact (``income_(e)``), or by the trusted context (a gold rule program);
  an id written as a string (SARA v2: ``income_("gross income")``) likewise, whatever its words;
- a **person or entity** constant names someone or something the text, the question or the query
  names: every word of it is a name the text writes ("Alice" for ``alice``), a word of the text
  (``alice_house``: "Alice … house"; 5-letter stems for common nouns: ``employer`` for
  "employed"), a word for a party the text leaves unnamed (:data:`_PARTY_WORDS`: ``spouse`` where
  the text speaks of a marriage, ``home`` where it speaks of a house, an abode or living
  together), initials of people it names (``abc_home``), or filler (``s``, ``and``, ``unnamed``, a
  number). Pronouns and "her husband" resolve to the named person
  (:meth:`~taxlogic.kb.sara.reading.text.Sentence.mentions`), and the sentence shown is the one that
  refers to them. A capitalised word of a name must be written as a name: ``charles`` is not
  accounted for by "Charlie";
- an **amount** or other number is written in a sentence (or the question or the query), is 0 or
  1 ("no amount", SARA's nominal payment), is the rest of a share a sentence states ("40% of the
  costs, and Alice furnished the remaining costs": 60), or is a year a sentence names;
- a **date** is written in a sentence, or is derived from one by stated arithmetic: the first or
  last day of a year or month it names, a month and day it writes in a year the text names, a
  birth year from an age ("Alice is 67 years old in 2017": 1950 or 1949);
- a **string** (a place, a purpose) is made of words of the text; a place of a ``location_`` fact
  is accounted for by the text naming an institution or place there (world knowledge: Johns
  Hopkins University is in Baltimore, Maryland, USA).

Anything else is ``unaccounted``, whatever its kind: a person the text never names is flagged the
same way a mistyped amount is. ``taxlogic inspect`` shows the table (argument -> where the text
gives it). Skipped when the text is a what-if change (chat), like
:mod:`taxlogic.kb.sara.checks.grounding`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from taxlogic.core import CaseInput, Issue, is_what_if
from taxlogic.kb.sara.checks.coverage import legal_terms
from taxlogic.kb.sara.reading.text import (ISO, NAME, Sentence, TextView, iso_date, person_names, plain_number, query_atoms,
                                   read_sentences, remainder_shares)
from taxlogic.kb.sara.reading.view import FactView, fact_args, is_property, is_type
from taxlogic.tables import shared_table
from taxlogic.tools.facts import AnonVar, Atom, Fact, Number, PList, Str

#: Parts of a constant that carry no referent: possessive ``s``, function words, ``unnamed``.
_FILLER = frozenset({"s", "and", "of", "the", "a", "an", "unnamed", "her", "his", "their", "its", "my", "is", "to",
                     "with", "in", "at", "for", "x", "e"})
#: Words for parties and places a text speaks of without naming them: the constant's word ->
#: words of the text that speak of it ("her husband", "the house where they lived").
_PARTY_WORDS = {
    "spouse": r"spouse|married|marri|husband|wife|jointly|joint\s+return",
    "husband": r"husband|married|spouse", "wife": r"wife|married|spouse",
    "home": r"home|house|abode|place|apartment|household|dwelling|liv(?:e|es|ed|ing)\b",
    "house": r"home|house|abode|place|apartment|household|dwelling|liv(?:e|es|ed|ing)\b",
    "residence": r"home|house|abode|place|liv(?:e|es|ed|ing)\b",
    "parents": r"parents?|father|mother", "child": r"child|son|daughter", "kid": r"child|son|daughter",
    "employer": r"employ|hired|work", "employee": r"employ|hired|work",
    "usa": r"united\s+states|\bu\.?s\.?a?\b|america", "us": r"united\s+states|\bu\.?s\.?a?\b|america",
    # the statutes' word for what the text describes ("paid Bob with eggs": a payment in kind)
    "kind": r"in\s+kind|paid\s+\w+\s+with\b|paid\s+\$?[\d,]+\s+in\s+(?!cash)\w+|\bgive|\bgave|\bgiven",
    "goods": r"goods|\bgive|\bgave|\bgiven", "manufacturing": r"factory|manufactur|plant\b",
}
_ROLES = ("agent_", "patient_", "beneficiary_")
_PLACES = ("location_", "country_")
_INSTITUTION = frozenset({"university", "college", "school", "hospital", "inc", "company", "corporation", "county",
                          "city", "state", "government", "fund", "bank", "organization", "department"})


@dataclass(frozen=True)
class Source:
    """Where one argument of one fact comes from. ``line``: the fact's line; ``position``: the
    argument's index (items of a list counted on); ``kind``: event, person, entity, amount, year,
    number, date, string or variable; ``how``: how the text gives it ("" when it does not:
    unaccounted); ``sentence``: the sentence (or "the question", "the query") that gives it."""

    line: int
    fact: str
    position: int
    value: str
    kind: str
    how: str
    sentence: str | None = None

    @property
    def accounted(self) -> bool:
        return bool(self.how)


class _Text:
    """What a case's text, question and query give, for :func:`provenance`."""

    def __init__(self, case: CaseInput, query: str | None, statute_words: frozenset[str] = frozenset()):
        text = " ".join(t for t in (case.background, case.text) if t)
        case = CaseInput(text=text, question=case.question, kind=case.kind, query=query)
        self.statute_words = statute_words
        self.sentences: tuple[Sentence, ...] = read_sentences(text)
        self.question = case.question or ""
        self.view = TextView.of(case, query)
        self.query_atoms = set(query_atoms(query or ""))
        # the question's first word ("How", "Does") names no one
        self.names = set(person_names(text)) | set(person_names(re.sub(r"^\W*\w+", "", self.question)))
        full = f"{text} {self.question}"
        words = re.findall(r"[A-Za-z]+", full) + [m.replace(".", "") for m in re.findall(r"\b(?:[A-Z]\.){2,}", full)]
        self.low = {w.lower() for w in words}
        # stems match common words, and capitalised ones only as a people's adjective ("Mexican" for
        # mexico): a name is matched whole ("charles" is not "Charlie")
        caps = {w.lower() for w in words if not w.islower()}
        self.common = {w for w in self.low if w not in caps or re.search(r"(?:an|ese|ish)$", w)}
        self.initials = {n[0] for n in self.names}
        self.full = f"{text} {self.question}"

    prefer: tuple[int, ...] = ()

    def sentence_of(self, pred) -> str | None:
        """The first sentence that satisfies ``pred``: of :attr:`prefer` (the fact's own sentences,
        by the aligner) first, then of the text."""
        for i in self.prefer:
            if i < len(self.sentences) and pred(self.sentences[i]):
                return self.sentences[i].text.strip()
        for s in self.sentences:
            if pred(s):
                return s.text.strip()
        return None

    def part_ok(self, part: str) -> bool:
        return self.part_source(part) is not None

    def part_source(self, part: str) -> str | None:
        """How the text accounts for one word of a constant: ``filler``, ``text`` (a word of it, or
        a stem of a common word), ``party`` (:data:`_PARTY_WORDS`), ``initials`` (of people it
        names), ``statutes`` (a word the statutes read); None if it does not."""
        if part in _FILLER or part.isdigit():
            return "filler"
        if part in self.low or (part.endswith("s") and part[:-1] in self.low) or part + "s" in self.low:
            return "text"
        if len(part) >= 5 and any(w.startswith(part[:5]) for w in self.common):
            return "text"
        if part in _PARTY_WORDS and re.search(rf"\b(?:{_PARTY_WORDS[part]})", self.full, re.I):
            return "party"
        if 1 < len(part) <= len(self.initials) and set(part) <= self.initials and len(set(part)) == len(part):
            return "initials"
        if part in self.statute_words:
            return "statutes"
        return None

    def words(self, value: str) -> tuple[str, str | None]:
        """(how, sentence) for a constant or string made of accounted words; ("", None) if not."""
        parts = [p for p in re.split(r"[^a-z0-9]+", value.lower()) if p]
        tags = [self.part_source(p) for p in parts]
        if not parts or None in tags:
            return "", None
        for p, tag in zip(parts, tags):
            if tag in ("text", "party"):
                pat = _PARTY_WORDS[p] if tag == "party" else (re.escape(p[:5]) if len(p) >= 5 else rf"{re.escape(p)}\b")
                s = self.sentence_of(lambda x: re.search(rf"\b(?:{pat})", x.text, re.I) is not None)
                if s is not None:
                    break
        else:
            s = None
        how = "the statutes' words" if "statutes" in tags else "the text's words"
        return how, s

    def constant(self, value: str) -> tuple[str, str | None]:
        """(how, sentence) for a person or entity constant; ("", None) if the text does not give it."""
        if value in self.names or value in self.query_atoms:
            s = self.sentence_of(lambda x: value in x.names)
            if s is None:
                s = self.sentence_of(lambda x: x.mentions(value))
            if s is not None:
                return "named", s
            return ("named in the question", "the question") if value in self.names else ("in the query", "the query")
        return self.words(value)

    def number(self, n: str, year_ok: bool) -> tuple[str, str | None]:
        if n in ("0", "1"):
            return ("no amount" if n == "0" else "nominal amount"), None
        s = self.sentence_of(lambda x: n in x.numbers)
        if s is not None:
            return "stated", s
        if n in self.view.numbers:
            return "stated in the question or query", "the question"
        s = self.sentence_of(lambda x: n in remainder_shares(x.text))
        if s is not None:  # "40% of the costs, and Alice furnished the remaining costs": 60
            return "the rest of a share it states", s
        if year_ok and n.isdigit():
            s = self.sentence_of(lambda x: x.covers_year(int(n)))
            if s is not None:
                return "a year it names", s
        return "", None

    def date(self, iso: str) -> tuple[str, str | None]:
        d = iso_date(iso)
        if d is None:
            return "", None
        s = self.sentence_of(lambda x: iso in x.dates)
        if s is not None:
            return "stated", s
        if self.view.supports(iso):
            s = self.sentence_of(lambda x: d.year in x.years or (d.month, d.day) in x.month_days)
            return "a day of a year or month it names", s or "the question"
        s = self.sentence_of(lambda x: d.year in x.years and d.year not in {int(y) for y in re.findall(r"\d{4}", x.text)})
        if s is not None and ((d.month, d.day) in ((1, 1), (12, 31)) or (d.month, d.day) in self.view.month_days):
            return "derived (an age)", s
        return "", None


@lru_cache(maxsize=32)
def _provenance(text: str, question: str, kind: str, query: str | None, canonical: str, trusted: str,
                statute_words: frozenset[str], terms: tuple) -> tuple[Source, ...]:
    from taxlogic.kb.sara.checks.align import align

    v = FactView.of(canonical, trusted)
    t = _Text(CaseInput(text=text, question=question, kind=kind, query=query), query, statute_words)
    own = align(text, canonical, trusted, terms=dict(terms), anchors=False).by_line()
    ids = set(v.types) | v.statute_consts
    out: list[Source] = []
    for line, f in v.facts:
        t.prefer = own[line].sentences if line in own else ()
        for i, a in enumerate(fact_args(f)):
            out.append(_source(t, v, ids, line, f, i, a))
    return tuple(out)


def _source(t: _Text, v: FactView, ids: set[str], line: int, f: Fact, i: int, a) -> Source:
    def src(kind: str, how: str, sentence: str | None = None) -> Source:
        return Source(line, f.canonical, i, a.canonical if hasattr(a, "canonical") else str(a), kind, how, sentence)

    if isinstance(a, AnonVar) or isinstance(a, PList):
        return src("variable", "unknown (a variable)")
    if isinstance(a, Atom):
        if i == 0 and (is_type(f) or is_property(f)):
            if a.value in v.types:
                return src("event", "introduced by its type fact" if not is_type(f) else "declared here")
            if a.value in ids:
                return src("event", "a statute fact or the trusted rules")
            return src("event", "")  # an id no type fact introduces: event_undeclared says so
        if a.value in v.types:
            return src("event", "introduced by its type fact")
        how, s = t.constant(a.value)
        # a person: a name the text or the question gives (alice), whoever acts or benefits, and
        # the parties of a statute's conclusion; a patient no name gives is an entity (the place
        # of patient_(alice_residence, home), the thing paid for)
        named = a.value in t.names or a.value in t.query_atoms
        kind = "person" if named or f.name in ("agent_", "beneficiary_") or not f.name.endswith("_") else "entity"
        if not how and f.name in _PLACES and _named_place(t):
            how, s = "a place the text names an institution in", _named_place(t)
        if not how and re.search(rf"(?<![\w']){re.escape(a.value)}(?![\w'])", _rules_of(v.trusted_text)):
            how = "the trusted rules"
        return src(kind, how, s)
    if isinstance(a, Number):
        n = plain_number(Number(a.value).canonical)
        year_ok = isinstance(a.value, int) and 1600 <= a.value <= 2199
        how, s = t.number(n, year_ok)
        kind = "amount" if f.name == "amount_" or not year_ok or _as_money(n, s) else "year"
        return src(kind, how, s)
    if isinstance(a, Str):
        if (i == 0 and (is_type(f) or is_property(f))) or a.value in v.types:  # an id as a string (SARA v2: "paid")
            if a.value in v.types:
                return src("event", "declared here" if i == 0 and is_type(f) else "introduced by its type fact")
            return src("event", "")  # as for an atom id no type fact introduces: event_undeclared says so
        if ISO.match(a.value):
            how, s = t.date(a.value)
            return src("date", how, s)
        how, s = t.words(a.value)
        if how:
            return src("string", how, s)
        if f.name in _PLACES and _named_place(t):
            return src("string", "a place the text names an institution in", _named_place(t))
        return src("string", "")
    return src("other", "")


def _as_money(n: str, sentence: str | None) -> bool:
    """Whether ``sentence`` writes the number ``n`` as money ("an exemption of $2000", "$2,000"):
    then it is an amount, though it looks like a year."""
    return bool(sentence) and any(m.replace(",", "") == n for m in re.findall(r"\$\s?(\d[\d,]*)", sentence))


@lru_cache(maxsize=16)
def _rules_of(trusted: str) -> str:
    """The rules of trusted context, without its facts (a gold rule program's derived facts hold
    the facts under inspection too: they account for nothing)."""
    if not trusted:
        return ""
    from taxlogic.tools.facts import parse_facts

    at = {f.line for f in parse_facts(trusted)[0]}
    return "\n".join(line for i, line in enumerate(trusted.splitlines(), 1) if i not in at)


def _named_place(t: _Text) -> str | None:
    """A sentence naming an institution or place: a run of two or more capitalised words that are
    not all people the text names ("Johns Hopkins University")."""
    for s in t.sentences:
        for m in re.finditer(rf"\b{NAME}(?:\s+{NAME})+", s.text):
            if m.start() > 0 and any(w.lower() in _INSTITUTION for w in m.group().split()):
                return s.text.strip()
    return None


def provenance(case: CaseInput, query: str | None, canonical: str, trusted: str = "", rules=None) -> list[Source]:
    """Every argument of every fact of ``canonical`` (not of ``trusted`` context) with where the
    text gives it (module doc), in fact order; cached. ``rules``: the statutes, whose words
    account for a value they read (``"agricultural labor"``, ``"cash"``)."""
    text = " ".join(t for t in (case.background, case.text) if t)
    words = statute_words(str(rules.prolog_dir), str(rules.source_dir)) if rules is not None else frozenset()
    terms = tuple(sorted(legal_terms(rules).items())) if rules is not None else ()
    return list(_provenance(text, case.question, case.kind, query, canonical, trusted, words, terms))


@shared_table(maxsize=4)
def statute_words(prolog_dir: str, source_dir: str) -> frozenset[str]:
    """The words of the statutes' string literals (``"make provisions for employees in case of
    sickness"``) and of their text: values a fact may take because a rule reads them."""
    from pathlib import Path

    out: set[str] = set()
    for folder, pattern in ((prolog_dir, "*.pl"), (source_dir, "*")):
        for path in sorted(Path(folder).glob(pattern)):
            if path.is_file():
                body = path.read_text(errors="replace")
                if path.suffix == ".pl":
                    body = " ".join(re.findall(r'"([^"]*)"', body))
                out |= {w.lower() for w in re.findall(r"[A-Za-z]{2,}", body)}
    return frozenset(out)


def provenance_issues(case: CaseInput, query: str | None, canonical: str, trusted: str = "", rules=None) -> list[Issue]:
    """``unaccounted``: one issue per fact with arguments the text does not give (module doc)."""
    if is_what_if(case.text):
        return []
    by_line: dict[int, list[Source]] = {}
    for s in provenance(case, query, canonical, trusted, rules):
        if not s.accounted and s.kind != "event":
            by_line.setdefault(s.line, []).append(s)
    issues = []  # (an event id no type fact introduces is event_undeclared's: kb.sara.events)
    for line, sources in by_line.items():
        what = "; ".join(_why(s, case) for s in sources)
        issues.append(Issue(kind="unaccounted", line=line, message=(
            f"{sources[0].fact}: {what}. Every argument must come from the text: use the people, amounts and dates "
            "it gives, or leave the fact out")))
    return issues


def _why(s: Source, case: CaseInput) -> str:
    if s.kind in ("person", "entity"):
        named = person_names(f"{case.background} {case.text}")
        return (f"{s.value} names no one the text names (it names {', '.join(n.capitalize() for n in named[:6])})"
                if named else f"{s.value} names nothing the text names")
    if s.kind in ("amount", "number", "year"):
        return f"the text never states {s.value}"
    if s.kind == "date":
        return f"the text gives no date {s.value} (nor its year, month or day, nor an age it follows from)"
    return f"{s.value} is not in the text"
