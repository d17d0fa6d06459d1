"""SARA check: coverage of the text and query (``coverage_person``, ``coverage_amount``,
``coverage_date``, ``coverage_conclusion``).

Every constant of the query is a constant of the facts, in the query's spelling (``coverage_person``:
:func:`taxlogic.kb.meet.query_issues`, issue 50); every dollar amount and
full calendar date the text writes appears in them (``coverage_amount``, ``coverage_date``),
except amounts of a sentence that cites a section ("an additional standard deduction of $600
under section 63(f)"): legal conclusions are the statutes' output, not an event's amount; an
affirmative legal conclusion the text states about a section the KB defines ("Bob counts as
Alice's dependent under section 152(c)(1)") is a statute fact of that section
(``coverage_conclusion``; negated conclusions and computed values are not facts; paper, appendix
A.1.4: a case states a statute predicate only when its text states that conclusion).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Iterable

from taxlogic.core import CaseInput, Issue
from taxlogic.kb.meet import query_issues
from taxlogic.kb.sara.reading.text import (NAME, NUMBER, SENTENCE, citations, conclusion_amounts, plain_number,
                                  text_amounts, text_dates)
from taxlogic.tables import shared_table


def coverage_issues(case: CaseInput, query: str | None, canonical_facts: str, trusted: str = "",
                    statutes: Iterable[str] | None = None, terms: dict[str, str] | None = None) -> list[Issue]:
    """What the text or query names that the facts never mention.
    ``trusted``: further program text (trusted rules and the facts they derive) that counts too;
    ``statutes``: the KB's statute predicate names (for legal conclusions the text states);
    ``terms``: the statutes' defined terms (:func:`legal_terms`)."""
    issues: list[Issue] = []
    # the facts, not their anchors: a quote of the text is no fact (issue 22: a whole-text anchor
    # must not cover an amount or a date the facts leave out)
    facts = "\n".join("" if line.lstrip().startswith("%") else re.sub(r"(?<=\.)\s+%.*$", "", line)
                      for line in canonical_facts.splitlines())
    program = facts + "\n" + trusted
    numbers = {plain_number(n) for n in NUMBER.findall(program)}
    issues += query_issues(query, facts, trusted)  # the facts and the query must meet (issue 50)
    exempt = conclusion_amounts(case.text)
    for amount in text_amounts(case.text):
        if amount not in numbers and amount not in exempt:
            issues.append(Issue(kind="coverage_amount", message=(
                f"the text states ${amount}, but no fact has the number {amount}; attach it with amount_/2 to the event it belongs to")))
    for d in text_dates(case.text):
        if f'"{d}"' not in program:
            issues.append(Issue(kind="coverage_date", message=(
                f'the text states the date {d}, but no fact has "{d}"; attach it with start_/2 or end_/2')))
    if statutes is not None:
        issues += _conclusion_issues(case.text, program, set(statutes), terms or {})
    return issues


@shared_table(maxsize=8)
def _legal_terms(source_dir: str) -> dict[str, str]:
    out: dict[str, str] = {}
    if not Path(source_dir).is_dir():
        return out
    for path in sorted(Path(source_dir).glob("section*")):
        number = path.name.removeprefix("section")
        labels: list[tuple[int, str]] = []
        for line in path.read_text(errors="replace").splitlines():
            m = re.match(r"^(\s*)\(([0-9A-Za-z]+)\)\s+(.*)", line)
            if m:
                depth = len(m.group(1).expandtabs(4))
                labels = [(d, lab) for d, lab in labels if d < depth] + [(depth, m.group(2))]
                head = re.match(r"Definitions? of (.+)$", m.group(3).strip())
                if head:
                    out.setdefault(_term(head.group(1)), "s" + number + "".join("_" + lab for _, lab in labels))
            for t in re.findall(r'the term "([^"]+)" means', line):
                out.setdefault(_term(t), "s" + number + "".join("_" + lab for _, lab in labels))
    return out


def _term(words: str) -> str:
    return " ".join(w for w in words.lower().split() if w not in ("a", "an", "the"))


def legal_terms(rules) -> dict[str, str]:
    """Terms the statutes define, with the section that defines them ("surviving spouse" ->
    ``s2_a_1``, "head of household" -> ``s2_b``), read from the rule set's statute text
    (``(a) Definition of …`` headings and ``the term "…" means``)."""
    source = getattr(rules, "source_dir", None)
    return _legal_terms(str(source)) if source is not None else {}



NEGATED = re.compile(r"\b(?:not|no|never|neither|nor)\b|n't\b", re.I)
"""A negation word: a clause with one states what is not so."""

#: Where a sentence joins two clauses ("…, and she has paid $453009"; "…; …"): a conclusion is
#: judged in its own clause, the amounts and negations of the other not its.
_CLAUSES = re.compile(r",\s+and\s+(?=[A-Za-z])|;\s+")


def _conclusion_issues(text: str, program: str, statutes: set[str], terms: dict[str, str]) -> list[Issue]:
    """A legal conclusion the text states affirmatively ("Bob counts as Alice's dependent under
    section 152(c)(1) for 2015", "Alice is a surviving spouse for 2017", with a term the statutes
    define) must be a statute fact of that section (or of a part or a parent of it). Negated
    conclusions (the rules' closed world) and computed values ("… of $600 under section 63", "…
    is equal to 10%") are not facts; nor are sections the KB does not define. Each is judged in
    its clause (:data:`_CLAUSES`): "Alice is an employer under section 3306(a) for 2015, and she
    has paid $453009 in total wages" states a conclusion beside an amount."""
    asserted = set(re.findall(r"(?m)^\s*(s\d\w*)\(", program))
    issues = []
    for sentence in (c for m in SENTENCE.finditer(text) for c in _CLAUSES.split(m.group())):
        if NEGATED.search(sentence) or "$" in sentence or "%" in sentence:
            continue
        cited = citations(sentence)
        for term, sec in terms.items() if not cited else ():  # a cited section decides
            said = re.search(rf"\b{NAME}\s+(?:is|was|qualifies\s+as|counts\s+as)\s+(?:an?\s+|the\s+)?"
                             + r"\s+".join(re.escape(w) for w in term.split()) + r"\b", sentence)
            if said and not any(x == sec or x.startswith(sec + "_") or sec.startswith(x + "_") for x in asserted):
                issues.append(Issue(kind="coverage_conclusion", message=(
                    f'the text states "{said.group()}", a term section {sec[1:].replace("_", "(", 1)} defines, but no '
                    f"fact asserts {sec} or a part of it; state the conclusion with the statute predicate")))
        for c in cited:
            sec = c.section
            if not any(x == sec or x.startswith(sec + "_") for x in statutes):
                continue
            if not any(x == sec or x.startswith(sec + "_") or sec.startswith(x + "_") for x in asserted):
                issues.append(Issue(kind="coverage_conclusion", message=(
                    f'the text states a conclusion under section {c.written} ("{sentence.strip()}"), but no fact '
                    f"asserts {sec} or one of its parts; state it with the statute predicate")))
    return issues

