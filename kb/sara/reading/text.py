"""What a SARA case's text, question and query state, read for the inspection checks.

Shapes: dollar amounts as plain numbers ("$1,200" -> ``"1200"``), dates as ISO strings
(``"YYYY-MM-DD"``), query constants as atoms. The patterns follow how SARA's cases (the 2020
release) write amounts ("$33200"), dates ("Feb 3rd, 1992", "May 5th 2019") and years.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from datetime import date
from functools import lru_cache

from taxlogic.core import CaseInput

_MONTHS = {m: i for i, m in enumerate(
    ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"), start=1)}
_MONTH_RE = r"(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?"
_AMOUNT = re.compile(r"\$\s?(\d[\d,]*(?:\.\d+)?)")
_DATE = re.compile(
    r"\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})\b", re.I)
_MONTH_DAY = re.compile(rf"\b{_MONTH_RE}\s+(\d{{1,2}})(?:st|nd|rd|th)?\b", re.I)
_MONTH_YEAR = re.compile(rf"\b{_MONTH_RE},?\s+(?:of\s+)?(\d{{4}})\b", re.I)
_DAY_MONTH = re.compile(rf"\b(\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?{_MONTH_RE}", re.I)
YEAR = re.compile(r"(?<![\d$])(?<!\d[.,])(1[6-9]\d\d|2[01]\d\d)(?!\d|[.,]\d)")
_TEXT_NUMBER = re.compile(r"\d[\d,]*(?:\.\d+)?")
NUMBER = re.compile(r"(?<![\w.])-?\d+(?:\.\d+)?(?![\w.])")
_ATOM_CONST = re.compile(r"^[a-z][A-Za-z0-9_]*$")
_SECTION = re.compile(r"\bsections?\s+\d+[A-Za-z]?(?:\s*\([0-9A-Za-z]+\))*", re.I)
_LABELS = r"\d+[A-Za-z]?(?:\s*\([0-9A-Za-z]+\))*"
#: A citation: "section 152(c)(1)", "sections 214(c) and 101(a)(15)(H)", "under 152(c)",
#: "according to section 68(b)", "63(f)(1)(A) and 63(f)(1)(B)" (a list after a citation).
_CITATION = re.compile(rf"\b(?:sections?|under|of|pursuant\s+to)\s+({_LABELS}(?:\s*(?:,|and|or|,\s*and)\s*{_LABELS})*)", re.I)
SENTENCE = re.compile(r"(?s)\S.*?(?:[.!?]+(?=\s|\Z)|\Z)")
"""A sentence: up to a final ``.``, ``!`` or ``?`` followed by a space or the end (so "D.C.," and
"$1.5" stay inside)."""
ISO = re.compile(r"(\d{4})-(\d{2})-(\d{2})\Z")
NAME = r"[A-Z][a-z]+"
"""A capitalised word: how a SARA case names a person ("Alice") or a place."""




def plain_number(number: str) -> str:
    """"1,200.50" -> "1200.5"; "0300" -> "300"."""
    v = number.replace(",", "").rstrip(".")
    if "." in v:
        v = v.rstrip("0").rstrip(".")
    return v.lstrip("0") or "0"


def text_amounts(text: str) -> list[str]:
    """Dollar amounts written in ``text`` as plain numbers: "$1,200" -> "1200"; in order, once each."""
    out: list[str] = []
    for m in _AMOUNT.finditer(text):
        v = plain_number(m.group(1))
        if v not in out:
            out.append(v)
    return out


_PERCENT = re.compile(r"(\d+(?:\.\d+)?)\s*(?:%|percent\b)", re.I)
_REMAINDER = re.compile(r"\bthe\s+(?:remaining|rest|remainder)\b", re.I)


def remainder_shares(text: str) -> set[str]:
    """Shares ``text`` states as what is left of the percentages before them in a sentence ("Bob
    furnished 40% of the costs, and Alice furnished the remaining costs": "60"), as plain numbers;
    none where those percentages add up to 100 or more, or no percentage comes first."""
    out: set[str] = set()
    for s in sentences(text):
        for m in _REMAINDER.finditer(s):
            given = sum(float(p) for p in _PERCENT.findall(s[:m.start()]))
            if 0 < given < 100:
                out.add(plain_number(f"{100 - given:g}"))
    return out


def written_date(m: re.Match) -> str | None:
    """The date a :data:`_DATE` match writes ("Feb 3rd, 1992") as "YYYY-MM-DD"; None for a day past 31."""
    month, day, year = _MONTHS[m.group(1).lower()[:3]], int(m.group(2)), int(m.group(3))
    return f"{year:04d}-{month:02d}-{day:02d}" if 1 <= day <= 31 else None


def text_dates(text: str) -> list[str]:
    """Full calendar dates in ``text`` ("Feb 3rd, 1992", "May 5th 2019") as "YYYY-MM-DD", once each."""
    out: list[str] = []
    for m in _DATE.finditer(text):
        d = written_date(m)
        if d is not None and d not in out:
            out.append(d)
    return out


def yearless_days(text: str, year: int | None) -> list[str]:
    """The days ``text`` writes by month and day only ("On November 25th"), as ISO dates of
    ``year`` (the year the narrative is in); [] when ``year`` is None or the text writes a year
    (its dates are then full: :func:`text_dates`)."""
    if year is None or YEAR.search(text):
        return []
    out = []
    for m in _MONTH_DAY.finditer(text):
        month, day = _MONTHS[m.group(1).lower()[:3]], int(m.group(2))
        if 1 <= day <= 31:
            out.append(f"{year:04d}-{month:02d}-{day:02d}")
    return out


def query_atoms(query: str) -> list[str]:
    """Atom constants of a query (people, entities): ``s151_c(alice,_,2000,2015)`` -> ``['alice']``."""
    from taxlogic.prompts import query_constants

    return [c for c in query_constants(query) if _ATOM_CONST.match(c)]


def _query_numbers(query: str) -> set[str]:
    from taxlogic.prompts import query_constants

    return {plain_number(c) for c in query_constants(query) if re.fullmatch(r"-?\d+(?:\.\d+)?", c)}


def conclusion_amounts(text: str) -> set[str]:
    """Dollar amounts stated in a sentence that cites a section ("… of $600 under section
    63(f)(1)(A)"): legal conclusions, the statutes' output rather than an event's amount."""
    out: set[str] = set()
    for s in SENTENCE.finditer(text):
        if _SECTION.search(s.group()):
            out.update(text_amounts(s.group()))
    return out



@dataclass(frozen=True)
class Citation:
    """A section the text cites: ``section`` as a predicate name (``"s152_c_1"`` for "152(c)(1)"),
    ``written`` as in the text, ``start``/``end`` offsets in the text it was found in."""

    section: str
    written: str
    start: int
    end: int


def section_name(cited: str) -> str:
    """"152(c)(1)" -> ``"s152_c_1"``."""
    return "s" + re.sub(r"\s*\(([0-9A-Za-z]+)\)", r"_\1", cited.strip())


def citations(text: str) -> list[Citation]:
    """Every section ``text`` cites, in order. "under 65" or "of 2017" (no parenthesised part after
    "under"/"of") is not a citation."""
    out = []
    for m in _CITATION.finditer(text):
        if m.group(0).lower().startswith(("under", "of")) and "(" not in m.group(1):
            continue
        for part in re.finditer(_LABELS, m.group(1)):
            out.append(Citation(section_name(part.group()), part.group(), m.start(1) + part.start(), m.start(1) + part.end()))
    return out


def sentence_spans(text: str) -> list[tuple[int, int]]:
    """Start and end offsets of the sentences of ``text`` (:data:`SENTENCE`), in order."""
    return [m.span() for m in SENTENCE.finditer(text)]


def sentences(text: str) -> list[str]:
    """The sentences of ``text`` (:data:`SENTENCE`), in order."""
    return [m.group() for m in SENTENCE.finditer(text)]


PRONOUN = re.compile(r"\b(?:she|he|her|his|him|herself|himself|they|their|them)\b", re.I)
_YEAR_RANGE = re.compile(rf"{YEAR.pattern}\s*(?:to|until|through|-|\u2013|and)\s*(?:the\s+end\s+of\s+)?{YEAR.pattern}", re.I)
_SPAN_WORDS = re.compile(r"\b(?:from|between|to|until|through)\b", re.I)
#: a span of years written as one: "2015 to 2019", "2015-2019", "between 2015 and 2019", "from
#: September 1st, 2015 to November 3rd, 2019"
_SPAN_DAY = rf"(?:{_MONTH_RE}\s+\d{{1,2}}(?:st|nd|rd|th)?,?\s+|\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?{_MONTH_RE},?\s+)?"
_YEAR_SPAN = re.compile(rf"(?:\bbetween\s+{_SPAN_DAY}{YEAR.pattern}\s*,?\s+and\s+"
                        rf"|(?:\bfrom\s+{_SPAN_DAY})?{YEAR.pattern}\s*,?\s*(?:to|until|through|-|\u2013)\s*)"
                        rf"(?:the\s+end\s+of\s+)?{_SPAN_DAY}{YEAR.pattern}", re.I)
_SINCE = re.compile(rf"\bsince\s+(?:{_MONTH_RE}\s+\d{{1,2}}(?:st|nd|rd|th)?,?\s+|\d{{1,2}}(?:st|nd|rd|th)?\s+{_MONTH_RE},?\s+)?{YEAR.pattern}", re.I)
_AGE = re.compile(rf"\b(\d{{1,3}})\s+years?\s+old\s+(?:in|at\s+the\s+end\s+of)\s+{YEAR.pattern}", re.I)
_DAY_MONTH_YEAR = re.compile(rf"\b(\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?{_MONTH_RE},?\s+(\d{{4}})\b", re.I)


def span_years(text: str) -> set[int]:
    """The years ``text`` names, and every year of a span it writes as one ("every year from 2015
    to 2019", "2015-2019", "between 2015 and 2019": 2015, 2016, 2017, 2018, 2019). Two years a
    span does not join ("in 2015 and in 2019", "paid in 2015 to Bob ... 2019") stay two years."""
    years = {int(y) for y in YEAR.findall(text)}
    for m in _YEAR_SPAN.finditer(text):
        ends = YEAR.findall(m.group())
        a, b = int(ends[0]), int(ends[-1])
        if a <= b:
            years |= set(range(a, b + 1))
    return years


@dataclass(frozen=True)
class Sentence:
    """What one sentence of a case states: ``names`` (capitalised words, lower-cased: the people
    and places it names), ``numbers`` (every number
    written, plain), ``dates`` (full dates, ISO), ``years`` (years named, the years of a "from 2015 to
    2019" span included) and ``month_days`` ((month, day) written without a year)."""

    index: int
    start: int
    end: int
    text: str
    names: frozenset[str]
    numbers: frozenset[str]
    dates: frozenset[str]
    years: frozenset[int]
    month_days: frozenset[tuple[int, int]]

    since: int | None = None

    @classmethod
    def read(cls, index: int, start: int, end: int, text: str) -> "Sentence":
        named = [int(y) for y in YEAR.findall(text)]
        years = set(named)
        for m in _YEAR_RANGE.finditer(text):
            a, b = int(m.group(1)), int(m.group(2))
            if a <= b:
                years |= set(range(a, b + 1))
        if len(named) >= 2 and _SPAN_WORDS.search(text):  # "from September 1st, 2015 to November 3rd, 2019"
            years |= set(range(min(named), max(named) + 1))
        for m in _AGE.finditer(text):  # "Alice is 67 years old in 2017": born in 1950 or 1949
            age, year = int(m.group(1)), int(m.group(2))
            years |= {year - age, year - age - 1}
        since = _SINCE.search(text)
        dates = set(text_dates(text))
        for m in _DAY_MONTH_YEAR.finditer(text):
            day, month, year = int(m.group(1)), _MONTHS[m.group(2).lower()[:3]], int(m.group(3))
            if 1 <= day <= 31:
                dates.add(f"{year:04d}-{month:02d}-{day:02d}")
        md = {(_MONTHS[m.group(1).lower()[:3]], int(m.group(2))) for m in _MONTH_DAY.finditer(text)}
        md |= {(_MONTHS[m.group(2).lower()[:3]], int(m.group(1))) for m in _DAY_MONTH.finditer(text)}
        return cls(index, start, end, text, frozenset(n.lower() for n in re.findall(rf"\b{NAME}\b", text)),
                   frozenset(plain_number(n) for n in _TEXT_NUMBER.findall(text)),
                   frozenset(dates), frozenset(years), frozenset(md), int(since.groups()[-1]) if since else None)

    def covers_year(self, year: int) -> bool:
        """The sentence names ``year``, or it is in a span the sentence gives ("since 2014" covers
        every later year)."""
        return year in self.years or (self.since is not None and year >= self.since)

    referents: frozenset[str] = frozenset()

    def mentions(self, person: str) -> bool:
        """The sentence names ``person`` (lower-case), or refers to them (:attr:`referents`): by a
        pronoun with no name of the same sex before it in the sentence, the first person of that
        sex the sentence before names or refers to ("they": all of them); by "her husband", "his
        wife", "her spouse", the person a sentence about a marriage pairs with one it names."""
        return person in self.names or person in self.referents


#: Capitalised words that begin a sentence or name a month, not a person.
_NOT_PEOPLE = frozenset({"in", "on", "from", "since", "for", "during", "over", "until", "after", "before", "at",
                         "the", "a", "an", "both", "while", "section", "sections", "when", "each", "every",
                         "she", "he", "they", "her", "his", "their", "it", "we", "no", "neither", "over"})
_PLURAL = re.compile(r"\b(?:they|their|them|both)\b", re.I)


#: The sex a pronoun excludes ("she", "her": not a son or a brother); "they" and "their" exclude none.
PRONOUN_EXCLUDES = {"she": "m", "her": "m", "herself": "m", "he": "f", "him": "f", "his": "f", "himself": "f"}


def pronoun_fits(pronoun: str, name: str, sex: dict[str, str]) -> bool:
    """Whether ``pronoun`` may stand for ``name``: unless ``sex`` (:func:`sexes`) gives them the sex
    the pronoun excludes (:data:`PRONOUN_EXCLUDES`)."""
    other = PRONOUN_EXCLUDES.get(pronoun.lower())
    return other is None or sex.get(name) != other


_MALE_W, _FEMALE_W = r"son|father|brother|husband", r"daughter|mother|sister|wife"
_SPOUSE = re.compile(r"\b(?:husband|wife|spouse)\b", re.I)
#: The words by which a text names a person by their relation to another ("her husband", "Bob's
#: daughter").
RELATIVE_WORDS = rf"{_MALE_W}|{_FEMALE_W}|spouse|child|parent"
_MARRIED = re.compile(r"\b(?:marri|marry|wed\b|husband|wife|spouse)", re.I)


def sexes(text: str) -> dict[str, str]:
    """``"m"`` or ``"f"`` for the people ``text`` calls a son, father, brother, husband … or a
    daughter, mother, sister, wife ("Alice has a son, Bob", "Bob, the son of …", "her father
    Charlie", "Charlie is Alice's father"); others are unknown."""
    out: dict[str, str] = {}
    for sex, words in (("m", _MALE_W), ("f", _FEMALE_W)):
        for pat in (rf"\b(?:{words}),?\s+({NAME})\b", rf"\b({NAME}),\s+(?:the|her|his|their|{NAME}'s)\s+(?:{words})\b",
                    rf"\b({NAME})\s+(?:is|was)\s+(?:the\s+)?(?:{NAME}'s\s+)?(?:{words})\b"):
            for m in re.finditer(pat, text):
                out.setdefault(m.group(1).lower(), sex)
    return out


def _referents(sentence: str, prev: "Sentence | None", sex: dict[str, str], spouses: dict[str, set[str]]) -> frozenset[str]:
    """Whom a pronoun of ``sentence`` may refer to (see :meth:`Sentence.mentions`)."""
    out: set[str] = set()
    if _SPOUSE.search(sentence):  # "Alice files a joint return with her husband"
        for n in person_names(sentence):
            out |= spouses.get(n, set())
    m = PRONOUN.search(sentence) or _PLURAL.search(sentence)
    if m is None or prev is None:
        return frozenset(out)
    if _PLURAL.match(m.group()):
        return frozenset(out | (set(person_names(prev.text)) or set(prev.referents)))
    if [n for n in person_names(sentence[:m.start()]) if pronoun_fits(m.group(), n, sex)]:
        return frozenset(out)  # a name before it: the pronoun refers back within the sentence
    before = [n for n in person_names(prev.text) if pronoun_fits(m.group(), n, sex)] or \
        [n for n in sorted(prev.referents) if pronoun_fits(m.group(), n, sex)]
    return frozenset(out | set(before[:1]))


def person_names(text: str) -> list[str]:
    """Capitalised words of ``text`` that may name a person (not a month, a pronoun or a word
    that begins a sentence such as "In"), lower-cased, in order, once each."""
    out = []
    for w in re.findall(rf"\b{NAME}\b", text):
        w = w.lower()
        if w not in _NOT_PEOPLE and w[:3] not in _MONTHS and w not in out:
            out.append(w)
    return out


_STARTS = re.compile(r"\b(?:since|from|starting(?:\s+on)?|beginning(?:\s+on)?|between)\s*$", re.I)
_ENDING = re.compile(r"\b(?:died|dies|divorced|separated|left|ended|ends|terminated|retired|quit|stopped|moved\s+out)\b[^.;]*$",
                     re.I)
_ENDS = re.compile(r"\b(?:to|until|till|through|up\s+to|ending(?:\s+on)?)\s+(?:the\s+end\s+of\s+)?$", re.I)


def date_roles(sentence: str, iso: str) -> set[str]:
    """How ``sentence`` places the date ``iso`` ("YYYY-MM-DD"): ``"start"`` where it follows
    "since", "from", "between"; ``"end"`` where it follows "to", "until", "through", or a verb that
    ends something ("died on", "divorced on", "retired on"); ``"other"`` for a full date anywhere
    else ("married on July 9th, 2014"), ``"year"`` for a bare year ("in 2017"). Matched as a full date, or as a bare year when ``iso`` is
    its first or last day (how "from 2004 to 2019" is dated). Empty if the sentence does not
    write it."""
    out: set[str] = set()
    spans = []
    for m in _DATE.finditer(sentence):
        month, day, year = _MONTHS[m.group(1).lower()[:3]], int(m.group(2)), int(m.group(3))
        spans.append((m.start(), m.end(), f"{year:04d}-{month:02d}-{day:02d}"))
    for m in _DAY_MONTH_YEAR.finditer(sentence):
        day, month, year = int(m.group(1)), _MONTHS[m.group(2).lower()[:3]], int(m.group(3))
        spans.append((m.start(), m.end(), f"{year:04d}-{month:02d}-{day:02d}"))
    bound = iso[5:] in ("01-01", "12-31")
    for m in YEAR.finditer(sentence):
        if bound and not any(a <= m.start() < b for a, b, _ in spans):
            spans.append((m.start(), m.end(), m.group(1)))
    for a, _, value in spans:
        if value == iso or (len(value) == 4 and value == iso[:4]):
            before = sentence[max(0, a - 24):a]
            out.add("start" if _STARTS.search(before) else "end" if _ENDS.search(before) or
                    _ENDING.search(sentence[max(0, a - 40):a]) else "other" if len(value) > 4 else "year")
    return out


@lru_cache(maxsize=64)
def read_sentences(text: str) -> tuple[Sentence, ...]:
    """The sentences of ``text`` (:data:`SENTENCE`) with what each states (:class:`Sentence`)."""
    spans = sentence_spans(text)
    sex = sexes(text)
    spouses: dict[str, set[str]] = {}
    for a, b in spans:  # couples: the two people a sentence about a marriage names
        names = person_names(text[a:b])
        if _MARRIED.search(text[a:b]) and len(names) == 2:
            spouses.setdefault(names[0], set()).add(names[1])
            spouses.setdefault(names[1], set()).add(names[0])
    out: list[Sentence] = []
    for i, (a, b) in enumerate(spans):
        sent = Sentence.read(i, a, b, text[a:b])
        out.append(replace(sent, referents=_referents(sent.text, out[-1] if out else None, sex, spouses)))
    return tuple(out)


@dataclass
class TextView:
    """What the case text, question and query state (for the grounding checks)."""

    text: str
    numbers: set[str]
    dates: set[str]
    month_days: set[tuple[int, int]]
    months: set[tuple[int, int]]
    years: set[int]
    sentences: list[str]

    @classmethod
    def of(cls, case: CaseInput, query: str | None) -> "TextView":
        full = f"{case.text} {case.question}"
        numbers = {plain_number(n) for n in _TEXT_NUMBER.findall(full)} | _query_numbers(query or "")
        md = {(_MONTHS[m.group(1).lower()[:3]], int(m.group(2))) for m in _MONTH_DAY.finditer(full)}
        md |= {(_MONTHS[m.group(2).lower()[:3]], int(m.group(1))) for m in _DAY_MONTH.finditer(full)}
        years = {int(y) for y in YEAR.findall(full)} | {int(n) for n in _query_numbers(query or "")
                                                          if re.fullmatch(r"1[6-9]\d\d|2[01]\d\d", n)}
        for sent in SENTENCE.finditer(full):  # "from 2015 to 2019": the years between are named too
            ys = [int(y) for y in YEAR.findall(sent.group())]
            if len(ys) >= 2 and re.search(r"\b(?:from|between|to|until|through)\b", sent.group(), re.I):
                years |= set(range(min(ys), max(ys) + 1))
        months = {(int(m.group(2)), _MONTHS[m.group(1).lower()[:3]]) for m in _MONTH_YEAR.finditer(full)}
        return cls(case.text, numbers, set(text_dates(full)), md, months, years,
                   [s.group() for s in SENTENCE.finditer(case.text)])

    def year_bounds(self) -> list[date]:
        """January 1st and December 31st of every year the text names."""
        return [date(y, m, d) for y in sorted(self.years) for m, d in ((1, 1), (12, 31))]

    def supports(self, iso: str) -> bool:
        """A date the text supports: written in it; a month and day it writes, in a year it names;
        the first or last day of a year it names (how a translation dates "in 2017") or of a month
        it names with its year ("in March 2017")."""
        m = ISO.match(iso)
        if not m:
            return True
        y, mo, d = map(int, m.groups())
        if iso in self.dates or (y in self.years and ((mo, d) in self.month_days or (mo, d) in ((1, 1), (12, 31)))):
            return True
        last = (date(y + mo // 12, mo % 12 + 1, 1) - date.resolution).day if 1 <= mo <= 12 else 0
        return (y, mo) in self.months and d in (1, last)



def iso_date(iso: str) -> date | None:
    """``"2017-12-31"`` (quotes allowed) as a date; None if it is not a valid ISO date."""
    m = ISO.match(iso.strip('"'))
    if not m:
        return None
    try:
        return date(*map(int, m.groups()))
    except ValueError:
        return None

