"""Which sentence of a SARA case each fact comes from: the fact's anchor when the translator gave
one, else the sentence an aligner finds.

Facts are aligned by group: an event (its type fact and every property fact of its id), or one
statute fact. A group's sentences are

- for an **anchored** fact (:attr:`taxlogic.tools.facts.Fact.anchor`): the sentences its anchor's
  spans fall in (matched after normalising case, whitespace and quotes: :func:`normalise`);
- otherwise the **best supporting sentence** of its group, scored by what the sentence shares
  with the group: first whether it affirms a cue of the event type (``cues.json``; a cue in a
  negated clause, "Bob had no income", does not count), then points: an amount it writes (6), a
  full date (3), a person it names (3; 1 by a pronoun that refers to them), the cue (3), a year it
  names for one of the dates (1), each word of an entity the facts name (``alice_house``: 2) and
  of the event's id (``alice_maintains_house``: 1); ties go to the sentence naming more of the
  group's people, then to the first; plus every other sentence that writes one of the group's
  amounts or full dates, affirms the cue and is about one of the group's people or no one (an
  event told in two sentences). A statute fact's sentence is the one that states it as a premise
  (:func:`taxlogic.kb.sara.checks.premises.premise_licence`) when there is one.

A group no sentence shares anything with has no sentence (:attr:`Support.source` ``"none"``).
:func:`align` is the whole alignment; :func:`supporting_sentences` the plain mapping
``{fact text: sentence}`` that other code (explanations, ``taxlogic inspect``) shows.

**An anchor is evidence, not a constraint** (issue 22). The checks judge every fact against the
sentences the aligner finds in the whole text (``align(..., anchors=False)``), whatever its anchor
says, so an anchor can neither cost a right answer (a correct fact anchored on the wrong sentence)
nor hide a wrong one (a whole-text anchor covers nothing: a quote of several sentences counts as
its sentences, and the aligner picks among all of them anyway). :func:`resolve` then says, for
each fact, which sentence it comes from: its anchor's when that is one of the aligner's sentences
for its group; otherwise the anchor points elsewhere and the fact is **re-anchored** to the
aligner's sentence (source ``"reanchored"``), without a model round; a fact without an anchor takes
the aligner's (``"aligned"``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import lru_cache

from taxlogic.kb.sara.reading.cues import cue_table
from taxlogic.kb.sara.reading.text import ISO, YEAR, Sentence, plain_number, read_sentences
from taxlogic.kb.sara.reading.view import FactView, fact_args, is_property, is_type
from taxlogic.tools.facts import Atom, Fact, Number, Str

_QUOTES = str.maketrans({"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"', "`": "'"})


def normalise(text: str) -> str:
    """Lower case, one space for any run of whitespace, straight quotes, no space before
    punctuation: what anchors and case texts are compared in."""
    text = " ".join(text.translate(_QUOTES).lower().split())
    return re.sub(r"\s+([.,;:!?])", r"\1", text)


@dataclass(frozen=True)
class Support:
    """Where one fact comes from: ``sentences`` (indexes into :attr:`Alignment.sentences`),
    ``source`` ``"anchor"`` (its anchor's sentences), ``"aligned"`` (the aligner's), or
    ``"none"`` (and ``"reanchored"`` in :func:`resolve`); ``anchor``: the anchor's spans, and ``missing``: the spans the text does not
    contain; ``primary``: the sentence that states the event itself (the anchor's first, or the
    aligner's best; the others only share a date or an amount with it)."""

    line: int
    fact: Fact
    group: str
    sentences: tuple[int, ...]
    source: str
    anchor: tuple[str, ...] = ()
    missing: tuple[str, ...] = ()
    primary: int | None = None


@dataclass
class Alignment:
    """Every fact of a fact set (not its trusted context) with its support, in order."""

    sentences: tuple[Sentence, ...]
    supports: list[Support]

    def text_of(self, support: Support) -> str:
        """The support's sentences as one quoted string for a message."""
        return " ".join(self.sentences[i].text for i in support.sentences)

    def by_line(self) -> dict[int, Support]:
        return {s.line: s for s in self.supports}


def group_key(f: Fact) -> str:
    """The group a fact is aligned with: its event id (first argument of a type or property
    fact), else the fact itself (a statute fact)."""
    if (is_type(f) or is_property(f)) and isinstance(f.args[0], Atom):
        return f.args[0].value
    if f.name.endswith("_") and f.args and isinstance(f.args[0], Str):
        return f.args[0].value  # country_("caracas, venezuela","venezuela")
    return f.canonical


def anchor_sentences(text: str, spans: tuple[str, ...], sentences: tuple[Sentence, ...]) -> tuple[tuple[int, ...], tuple[str, ...]]:
    """The sentences the anchor's spans fall in (in the order of the spans: the first states the
    event), and the spans not found in ``text``."""
    norm_text, offsets = _normalised_with_offsets(text)
    found: list[int] = []
    missing: list[str] = []
    for span in spans:
        needle = normalise(span).strip(" .")
        at = norm_text.find(needle) if needle else -1
        if at < 0:
            missing.append(span)
            continue
        a, b = offsets[at], offsets[min(at + len(needle), len(offsets)) - 1]
        found += [s.index for s in sentences if s.start <= b and s.end > a and s.index not in found]
    return tuple(found), tuple(missing)


@lru_cache(maxsize=64)
def _normalised_with_offsets(text: str) -> tuple[str, list[int]]:
    """``normalise(text)`` and, for each of its characters, the offset in ``text`` it comes from."""
    out, offsets = [], []
    space = False
    for i, ch in enumerate(text.translate(_QUOTES)):
        if ch.isspace():
            space = bool(out)
            continue
        if space and ch not in ".,;:!?":
            out.append(" ")
            offsets.append(i)
        space = False
        out.append(ch.lower())
        offsets.append(i)
    return "".join(out), offsets


def _people(v: FactView, sentences: tuple[Sentence, ...]) -> set[str]:
    named = set().union(*(s.names for s in sentences)) if sentences else set()
    return {a.value for _, f in v.facts for a in fact_args(f) if isinstance(a, Atom) and a.value in named}


_FILLER = frozenset({"the", "and", "for", "with", "from", "has", "had", "his", "her", "was", "are", "event", "who"})


def _words(constant: str) -> list[str]:
    """Content words of a constant, as stems (their first five letters): ``alice_maintains_house``
    -> ``['alice', 'maint', 'house']``."""
    return [w[:5] for w in re.findall(r"[a-z]{3,}", constant.lower()) if w not in _FILLER]


class _Scorer:
    """Scores sentences for a group of facts (module doc). ``groups``: the fact set's event ids."""

    def __init__(self, sentences: tuple[Sentence, ...], people: set[str], groups: set[str] = frozenset()):
        self.sentences = sentences
        self.people = people
        self.groups = groups
        self.table = cue_table()

    def keys(self, facts: list[Fact]) -> tuple[set[str], set[str]]:
        """The group's amounts and full dates: what ties it to a sentence for sure."""
        amounts, dates = set(), set()
        for f in facts:
            for a in fact_args(f):
                if isinstance(a, Number) and (f.name == "amount_" or not f.name.endswith("_")):
                    n = plain_number(Number(a.value).canonical)
                    if n not in ("0", "1"):
                        amounts.add(n)
                if isinstance(a, Str) and ISO.match(a.value):
                    dates.add(a.value)
        return amounts, dates

    def cue(self, facts: list[Fact], s: Sentence) -> bool:
        """Does ``s`` affirm a cue of one of the group's types (or does the group need none)?"""
        typed = [f for f in facts if is_type(f) and self.table.needs_cue(f.name)]
        return not typed or any(self.table.affirmed_cue_in(f.name, s.text) for f in typed)

    def score(self, facts: list[Fact], s: Sentence) -> tuple[int, int, int]:
        """(has a cue of the group's type, points, people named): compared in that order."""
        amounts, dates = self.keys(facts)
        points = 6 * len(amounts & s.numbers) + 3 * len(dates & s.dates)
        written = {int(y) for y in YEAR.findall(s.text)}
        # a first or last day of a year the sentence writes ("From 2015 to 2018": 2015-01-01,
        # 2018-12-31) is the written year as facts date it: as strong a tie as a full date
        points += sum(3 if int(d[:4]) in written and d[5:] in ("01-01", "12-31") else 1
                      for d in dates - s.dates if s.covers_year(int(d[:4])))
        cue = int(any(is_type(f) and self.table.affirmed_cue_in(f.name, s.text) for f in facts))
        points += 3 * cue
        named: set[str] = set()
        for f in facts:
            for a in fact_args(f) if not is_type(f) else ():
                if isinstance(a, Atom) and a.value in self.people:
                    if a.value in s.names:
                        named.add(a.value)
                    elif a.value in s.referents:
                        points += 1
                elif isinstance(a, Str) and not ISO.match(a.value) and a.value.strip():
                    words = _words(a.value)
                    if words and all(re.search(rf"\b{w}", s.text, re.I) for w in words):
                        points += 2
                elif isinstance(a, Atom) and a.value not in self.groups:  # an entity: alice_house
                    points += 2 * sum(1 for w in _words(a.value) if w not in self.people and re.search(rf"\b{w}", s.text, re.I))
        key = group_key(facts[0])
        if key in self.groups:  # an event id's own words: alice_maintains_house
            points += sum(1 for w in _words(key) if w not in self.people and re.search(rf"\b{w}", s.text, re.I))
        return cue, points + 3 * len(named), len(named)

    def best(self, facts: list[Fact]) -> tuple[tuple[int, ...], int | None]:
        """The group's sentences and the primary one among them (None if no sentence shares
        anything): the best scored, and the others that write one of its amounts or full dates,
        affirm its type's cue and are about one of its people (or no one)."""
        scores = [self.score(facts, s) for s in self.sentences]
        if not scores or max(x[1] for x in scores) <= 0:
            return (), None
        top = max(range(len(scores)), key=lambda i: (scores[i], -i))
        amounts, dates = self.keys(facts)
        people = {a.value for f in facts for a in fact_args(f) if isinstance(a, Atom) and a.value in self.people}
        more = [s.index for s in self.sentences if s.index != top and ((amounts & s.numbers) or (dates & s.dates))
                and self.cue(facts, s) and (any(s.mentions(p) for p in people) or not (s.names & self.people))]
        return tuple(sorted([top] + more)), top


def align(text: str, canonical: str, trusted: str = "", *, terms: dict[str, str] | None = None,
          anchors: bool = True) -> Alignment:
    """The support of every fact of ``canonical`` in ``text`` (module doc); cached.
    ``terms``: the statutes' defined terms, so that statute facts align with their premise
    sentence (:func:`taxlogic.kb.sara.checks.coverage.legal_terms`); ``anchors``: False to read every
    fact as if it had no anchor (the aligner's sentences only)."""
    if anchors and not any(f.anchor for _, f in FactView.of(canonical, trusted).facts):
        anchors = False  # nothing anchored: the same alignment, computed once
    return _align(text, canonical, trusted, tuple(sorted((terms or {}).items())), anchors)


@lru_cache(maxsize=64)
def _align(text: str, canonical: str, trusted: str, terms: tuple, anchors: bool = True) -> Alignment:
    from taxlogic.kb.sara.checks.premises import premise_licence

    sentences = read_sentences(text)
    v = FactView.of(canonical, trusted)
    groups: dict[str, list[Fact]] = {}
    for _, f in v.facts:
        groups.setdefault(group_key(f), []).append(f)
    scorer = _Scorer(sentences, _people(v, sentences), set(groups) | set(v.types))
    aligned: dict[str, tuple[tuple[int, ...], int | None]] = {}
    supports = []
    for line, f in v.facts:
        key = group_key(f)
        missing: tuple[str, ...] = ()
        if f.anchor and anchors:
            found, missing = anchor_sentences(text, f.anchor, sentences)
            if found:
                supports.append(Support(line, f, key, found, "anchor", f.anchor, missing, found[0]))
                continue
        if key not in aligned:
            aligned[key] = _group_sentences(groups[key], text, dict(terms), scorer, premise_licence)
        found, top = aligned[key]
        supports.append(Support(line, f, key, found, "aligned" if found else "none", f.anchor if anchors else (),
                                missing, top))
    return Alignment(sentences, supports)


def _group_sentences(facts: list[Fact], text: str, terms: dict[str, str], scorer: _Scorer, premise_licence
                     ) -> tuple[tuple[int, ...], int | None]:
    if len(facts) == 1 and not facts[0].name.endswith("_") and terms:
        lic = premise_licence(facts[0], text, terms)
        if lic is not None:
            found = tuple(s.index for s in scorer.sentences if s.text.strip() == lic.sentence)
            return found, (found[0] if found else None)
    return scorer.best(facts)


def resolve(text: str, canonical: str, trusted: str = "", *, terms: dict[str, str] | None = None) -> Alignment:
    """Where each fact comes from, its anchor taken as evidence (module doc): source ``"anchor"``
    (those of its anchor's sentences that the aligner also finds for its group: a quote of the
    whole text counts as the sentences that state the fact), ``"reanchored"``
    (its anchor points elsewhere: the aligner's sentences, :attr:`Support.anchor` keeps the quote),
    ``"aligned"`` (no anchor) or ``"none"`` (no sentence shares anything with its group)."""
    anchored = align(text, canonical, trusted, terms=terms)
    aligned = align(text, canonical, trusted, terms=terms, anchors=False).by_line()
    out = []
    for s in anchored.supports:
        own = aligned[s.line]
        if s.source != "anchor":
            out.append(own if not s.anchor else replace(own, anchor=s.anchor, missing=s.missing))
        elif own.source == "none":
            out.append(s)
        elif set(s.sentences) & set(own.sentences):  # an anchor of several sentences counts as those that state it
            kept = tuple(i for i in s.sentences if i in own.sentences)
            out.append(replace(s, sentences=kept, primary=own.primary if own.primary in kept else kept[0]))
        else:
            out.append(replace(own, source="reanchored", anchor=s.anchor, missing=s.missing))
    return Alignment(anchored.sentences, out)


def supporting_sentences(text: str, canonical: str, trusted: str = "", *, terms: dict[str, str] | None = None) -> dict[str, str]:
    """``{fact text: its sentence}`` for every fact of ``canonical`` that a sentence of ``text``
    supports (:func:`resolve`: the anchor's where it is one of the aligner's, else the aligner's;
    several sentences joined by a space). Facts no sentence supports are left out. The
    explanation of an answer cites these sentences."""
    a = resolve(text, canonical, trusted, terms=terms)
    return {s.fact.canonical: a.text_of(s) for s in a.supports if s.sentences}


def anchor_facts(text: str, fact_text: str, *, terms: dict[str, str] | None = None) -> str:
    """``fact_text`` written as an anchored translation: each run of facts of one group closed by
    an anchor line quoting the sentences the aligner finds for it (the format of
    :mod:`taxlogic.tools.facts`); facts no sentence supports come last, without an anchor.
    Used to show a translator the format (exemplars) and to script a perfect translator."""
    from taxlogic.tools.facts import anchor_comment, parse_facts

    facts = parse_facts(fact_text)[0]
    canonical = "".join(f.canonical + "\n" for f in facts)
    a = align(text, canonical, terms=terms)
    out: list[str] = []
    bare: list[str] = []
    run: list[Support] = []

    def close() -> None:
        if run:
            first = run[0]
            order = [first.primary] + [i for i in first.sentences if i != first.primary]
            spans = tuple(a.sentences[i].text.strip() for i in order if i is not None)
            out.extend(s.fact.canonical for s in run)
            out.append(anchor_comment(spans).strip())
            run.clear()

    for s in a.supports:
        if not s.sentences:
            bare.append(s.fact.canonical)
            continue
        if run and (s.group != run[0].group or s.sentences != run[0].sentences):
            close()
        run.append(s)
    close()
    return "\n".join(out + bare) + "\n"
