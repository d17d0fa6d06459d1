"""SARA check: no conclusions as facts (``premise_unstated``).

A statute predicate (one the ``section*.pl`` files define: ``s151_c/4``, ``s63/3``, ``tax/3`` …)
is what the rules compute. A fact pattern may state one as a premise only when its text states
that conclusion (paper, appendix A.1.4): SARA's gold facts hold such premises, e.g.
``s152_c_1(bob,alice,2015)`` for "Bob counts as Alice's dependent under section 152(c)(1) for
2015" (s151_c_pos). A statute fact is accepted only when a sentence of the text

- **cites its section**: "under section 152(c)(1)", "according to section 68(b)", "section
  63(f)(1)(A) and 63(f)(1)(B)" (the fact's predicate, less a non-label suffix such as
  ``_applies`` or ``_is_wages``, is the cited section); or
- **uses the term the section defines**, in a clause that cites no section and is not negated:
  "a head of household" (section 2(b)), "taxable income … is $17330" (section 63(a), stated by
  ``s63``), "wages" (section 3306(b)); the terms are read from the statutes
  (:func:`taxlogic.kb.sara.checks.coverage.legal_terms`), with the few extra words of
  ``cues.json``'s ``premise_terms``;

and every value of the fact agrees with that sentence: the people it names (by name, or by a
pronoun that refers to them), its amounts and its years ("for the years 2015 to 2020" covers
2015 … 2020); the fact names every person of the facts that the sentence names (unless the
sentence distributes a list, "… to Bob, Charlie and Dan respectively"), in the order the clause
stating it names them ("Bob counts as Alice's dependent": ``s152_c_1(bob,alice,…)``); a
conclusion about one person is about the clause's subject ("Alice is entitled to … for herself
and for Bob, under section 63(f)(1)(A) and 63(f)(1)(B), respectively": both Alice's). A negated clause states nothing ("Alice is not married under section
7703"), except a zero ("no deduction under section 151" is ``s151(alice,0,…)``).

So the question's own claim (``s1_a(alice,2017,_,2600)`` when the text only gives the taxable
income and the filing status) is never accepted as a fact, whichever way it comes in: the agent,
``taxlogic run --facts``, ``taxlogic inspect --facts``, a chat edit (whose change is read with
the fact pattern it changes: :attr:`taxlogic.core.CaseInput.background`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable

from taxlogic.core import CaseInput, Issue
from taxlogic.kb.sara.checks.coverage import NEGATED
from taxlogic.kb.sara.reading.cues import cue_table
from taxlogic.kb.sara.reading.text import citations, iso_date, person_names, plain_number, read_sentences, sentences
from taxlogic.kb.sara.reading.view import FactView, fact_args
from taxlogic.tools.facts import Atom, Fact, Number, Str

_LABEL = re.compile(r"\d+|[a-z]|[A-Z]|[ivx]+|[IVX]+")
_RESPECTIVELY = re.compile(r"\brespectively\b", re.I)
_CLAUSE_SPLIT = re.compile(r",\s*(?:and|but|while)\s+|;\s*|,\s*(?=(?:who|which)\b)")


def section_path(name: str) -> str | None:
    """The section a statute predicate belongs to: ``s152_c_1`` -> ``s152_c_1``,
    ``s151_b_applies`` -> ``s151_b``, ``s3306_a_1_is_wages`` -> ``s3306_a_1``; None for a
    predicate not named after a section (``tax``, ``total_wages_employer``)."""
    m = re.fullmatch(r"s(\d+)((?:_[A-Za-z0-9]+)*)", name)
    if not m:
        return None
    out = "s" + m.group(1)
    for part in m.group(2).split("_")[1:]:
        if not _LABEL.fullmatch(part):
            break
        out += "_" + part
    return out


def pretty_section(path: str) -> str:
    """``s152_c_1`` -> "152(c)(1)"."""
    head, *labels = path[1:].split("_")
    return head + "".join(f"({x})" for x in labels)


@dataclass(frozen=True)
class Licence:
    """Where the text states a statute fact: the sentence and how (a citation or a term)."""

    sentence: str
    how: str


class _Text:
    """The sentences of a case text (:func:`~taxlogic.kb.sara.reading.text.read_sentences`) and the
    people the facts talk about (``persons``: the constants the text also names)."""

    def __init__(self, text: str, persons: set[str] = frozenset()):
        self.sentences = read_sentences(text)
        self.all_persons = set(persons) & set().union(*(s.names for s in self.sentences))
        self.all_years = set().union(*(s.years for s in self.sentences))

    def person_ok(self, person: str, i: int) -> bool:
        """``person`` is named in sentence ``i``, or referred to there
        (:meth:`~taxlogic.kb.sara.reading.text.Sentence.mentions`), or sentence ``i`` names no one."""
        s = self.sentences[i]
        if s.mentions(person):
            return True
        return not (s.names & self.all_persons) and not s.referents  # a sentence about no one in particular

    def values_agree(self, f: Fact, i: int) -> str | None:
        """None if every value of ``f`` agrees with sentence ``i``, else what does not."""
        s = self.sentences[i]
        years = s.years or self.all_years
        for a in fact_args(f):
            if isinstance(a, Atom) and a.value in self.all_persons and not self.person_ok(a.value, i):
                return f"it does not name {a.value}"
            if isinstance(a, Number):
                n = plain_number(Number(a.value).canonical)
                if n == "0" or n in s.numbers:
                    continue
                if isinstance(a.value, int) and a.value in years:
                    continue
                return f"it does not state {n}"
            if isinstance(a, Str):
                d = iso_date(a.value)
                if d is not None and d.year not in years:
                    return f"it does not name the year {d.year}"
        named = {a.value for a in fact_args(f) if isinstance(a, Atom)}
        left_out = sorted((s.names & self.all_persons) - named)
        if left_out and not _RESPECTIVELY.search(s.text):  # "… to Bob, Charlie and Dan respectively"
            return f"it also names {left_out[0]}"
        return None


def persons_of(v: FactView) -> set[str]:
    """Constants of a fact set that fill a person's role (agent_, patient_, beneficiary_) or an
    argument of a statute fact: the people (and entities) the facts talk about."""
    out = {f.args[1].value for _, f in v.facts if f.name in ("agent_", "patient_", "beneficiary_") and f.arity == 2
           and isinstance(f.args[1], Atom)}
    return out | {a.value for _, f in v.facts if not f.name.endswith("_") for a in fact_args(f) if isinstance(a, Atom)}


def _zero_amounts(f: Fact) -> bool:
    nums = [a.value for a in fact_args(f) if isinstance(a, Number) and not (1900 <= a.value <= 2100)]
    return bool(nums) and all(n == 0 for n in nums)


def premise_licence(f: Fact, text: str, terms: dict[str, str], _view: _Text | None = None, *,
                    values: bool = True) -> Licence | None:
    """The sentence of ``text`` that states statute fact ``f`` (module doc), or None.
    ``terms``: the statutes' defined terms (term -> section predicate); ``values``: the fact's
    people, amounts and years must agree with the sentence (False: only its predicate)."""
    if _view is None:  # the people: the fact's, and who each sentence is about (its first name)
        people = {a.value for a in fact_args(f) if isinstance(a, Atom)}
        people |= {n[0] for n in (person_names(s) for s in sentences(text)) if n}
        _view = _Text(text, people)
    view = _view
    path = section_path(f.name)
    table = cue_table()
    for i, sent in enumerate(view.sentences):
        sentence = sent.text
        licences: list[tuple[str, str]] = []  # (how, clause)
        for clause in _CLAUSE_SPLIT.split(sentence):
            negated = bool(NEGATED.search(clause))
            cited = citations(clause)
            for c in cited:
                if path is not None and c.section == path and (not negated or _zero_amounts(f)):
                    licences.append((f"cites section {c.written}", clause))
            if cited or negated:
                continue
            low = " " + " ".join(clause.lower().split()) + " "
            for term, sec in terms.items():
                if path is not None and (sec == path or sec.startswith(path + "_")) and \
                        re.search(rf"\b{re.escape(term)}\b", low):
                    licences.append((f'uses the term "{term}" (section {pretty_section(sec)})', clause))
            said = table.premise_term_in(f.name, clause)
            if said:
                licences.append((f'says "{said}"', clause))
        for how, clause in licences:
            if not values or (view.values_agree(f, i) is None and _in_order(f, clause)
                              and _of_subject(f, clause, view.all_persons)):
                return Licence(sentence.strip(), how)
    return None


def _in_order(f: Fact, clause: str) -> bool:
    """The fact's people come in the order its clause names them ("Bob counts as Alice's
    dependent": ``s152_c_1(bob,alice,…)``), where the clause names more than one of them."""
    at = []
    for a in fact_args(f):
        m = re.search(rf"\b{re.escape(a.value)}\b", clause, re.I) if isinstance(a, Atom) else None
        if m and m.start() not in at:
            at.append(m.start())
    return at == sorted(at)


#: A clause led by a name and its verb, after an opening phrase ("Under section 63(f), Alice is …").
_LED_BY = re.compile(r"\s*(?:(?:In|On|Under|For|From|Since|During|After|Before)\b[^,]*,\s*)?"
                     r"(?P<n>[A-Z][a-z]+)\s+(?!(?:the|a|an|and|or|nor)\b)[a-z]+")


def _of_subject(f: Fact, clause: str, persons: set[str]) -> bool:
    """A conclusion about one person is about the subject of the clause that states it: "Alice is
    entitled to an additional standard deduction of $600 each for herself and for Bob, under section
    63(f)(1)(A) and 63(f)(1)(B), respectively" states ``s63_f_1_B(alice,…)`` (Alice's deduction for
    her spouse), not one of Bob's. False when ``f`` names one person of ``persons`` (the facts'
    people the text names) and the clause is led by another of them; True when the fact names
    none or several, or the clause is led by no such name ("Alice and Bob …", "She …")."""
    named = {a.value for a in fact_args(f) if isinstance(a, Atom) and a.value in persons}
    lead = _LED_BY.match(clause)
    subject = lead.group("n").lower() if lead else None
    return len(named) != 1 or subject not in persons or subject in named


def _terms_of(path: str | None, name: str, terms: dict[str, str]) -> list[str]:
    out = [t for t, sec in terms.items() if path is not None and (sec == path or sec.startswith(path + "_"))]
    return out + [w.replace("\\b", "").replace("\\s+", " ") for w in cue_table().premise_terms.get(name, ())[:1]]


def premise_issues(case: CaseInput, canonical: str, *, statutes: Iterable[str], terms: dict[str, str],
                   trusted: str = "") -> list[Issue]:
    """Statute facts of ``canonical`` (not of ``trusted`` context) that the case text does not state
    as premises (module doc). ``statutes``: the KB's statute predicate names; ``terms``: its
    defined terms (:func:`taxlogic.kb.sara.checks.coverage.legal_terms`). The text read is
    ``case.text`` with ``case.background`` (a what-if's fact pattern)."""
    statutes = set(statutes)
    v = FactView.of(canonical, trusted)
    own = [(line, f) for line, f in v.facts if f.name in statutes]
    if not own:
        return []
    text = " ".join(t for t in (case.background, case.text) if t)
    view = _Text(text, persons_of(v))
    issues = []
    for line, f in own:
        if premise_licence(f, text, terms, view) is not None:
            continue
        path = section_path(f.name)
        where = f"section {pretty_section(path)}" if path else f"the statutes ({f.name})"
        named = _terms_of(path, f.name, terms)
        said = f" or uses a term it defines ({', '.join(named)})" if named else ""
        near = _stated_otherwise(f, text, terms, view)
        why = (f'the text states it only for other values ("{near}")' if near else
               f"no sentence cites {where}{said}")
        issues.append(Issue(kind="premise_unstated", line=line, message=(
            f"{f} asserts a conclusion of {where}, which the rules derive; the text never states it: {why}. "
            "Remove it and state only what the text gives (events, people, dates, amounts): the statutes "
            "draw the conclusion")))
    return issues


def _stated_otherwise(f: Fact, text: str, terms: dict[str, str], view: _Text) -> str | None:
    """A sentence that states ``f``'s predicate, though with other people, amounts or years."""
    lic = premise_licence(f, text, terms, view, values=False)
    return lic.sentence if lic else None
