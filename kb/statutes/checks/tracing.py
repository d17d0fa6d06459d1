"""Every constant a clause uses is found in the words of the statute paragraph it encodes.

The prompt asks the model to head each group of rules with a comment citing its paragraph,
``% [2]`` (DeonticBench's housing excerpts are numbered so; USCIS prose is numbered by
:func:`taxlogic.kb.statutes.reading.paragraphs.paragraphs`). A comment citing ``[n]``, or
naming the section numbers of a paragraph's title (``% MICH. COMP. LAWS § 600.5704``), cites
that paragraph for the clauses after it, up to the next comment that cites. Then, for each
clause:

- a cited paragraph that does not exist is an issue;
- each constant (an atom or a number in an argument; not the predicate names, not what a goal
  only prints, not the answer values) is looked up in the *scope*: the cited paragraphs, the
  question, the case text and the case's setting (state, focus year) for a clause that cites; all
  the statutes with those for a clause that cites none. Numbers, and the numbers inside an atom
  (a section, an amount, a time limit: ``30``, ``tca_66_28_505``), must each be found exactly
  (numbers in the cited paragraph, section numbers anywhere); a name of an institution (an atom
  with a word such as ``court``, ``clerk``, ``sheriff``) must have every content word found
  (:mod:`taxlogic.kb.statutes.reading.words`: stems, number words, month names). A constant not
  found is an issue quoting the clause.

Other atoms name concepts in the program's own words (``summary_proceedings``, ``nonpayment``)
and are not judged: measured on the 78 DeonticBench housing hard reference programs, requiring
even one of their words in the text refused two correct programs (``under_certain_conditions``,
``nonpayment``: the reference author's paraphrases). An individual's coined name (``tenant1``,
``ss``) is not judged either.
"""

from __future__ import annotations

import re

from taxlogic.core import Issue
from taxlogic.kb.statutes.reading.paragraphs import Paragraph, paragraphs
from taxlogic.kb.statutes.reading.words import content_words, found, number_text, parts, vocabulary

#: Words that make an atom the name of an institution, whose every word must be found.
INSTITUTION_WORDS = frozenset("""court courts tribunal board commission department agency office officer clerk
sheriff marshal constable judge magistrate justice""".split())

_CITE = re.compile(r"\[(\d+)\]")


def _title_numbers(p: Paragraph) -> tuple[str, ...]:
    return tuple(w for w in parts(p.title) if w.isdigit())


def cited(comments: list[str], paras: list[Paragraph]) -> list[int] | None:
    """Paragraph numbers that ``comments`` cite (``[n]``, or every number of a paragraph's title
    in order, at least two of them); None if they cite none."""
    out: list[int] = []
    for c in comments:
        out += [int(n) for n in _CITE.findall(c)]
        nums = [w for w in parts(c) if w.isdigit()]
        for p in paras:
            t = _title_numbers(p)
            if len(t) >= 2 and any(nums[i:i + len(t)] == list(t) for i in range(len(nums))):
                out.append(p.number)
    return sorted(set(out)) if out else None


def constant_found(text: str, kind: str, vocab: frozenset[str]) -> tuple[bool, list[str]]:
    """Is the constant ``text`` (``kind`` atom|number|string) found in ``vocab`` (module doc)?
    Returns (found, the words not found)."""
    if kind == "number":
        word = number_text(text) or text
        return (word in vocab or text in vocab), ([] if word in vocab or text in vocab else [text])
    words = content_words(text)
    if not words:
        return True, []
    digits = [w for w in words if w.isdigit()]
    missing = [w for w in words if not found(w, vocab)]
    if digits or kind == "string":
        bad = [w for w in missing if w.isdigit()]
        if kind == "string" and len(missing) * 2 > len(words):
            return False, missing
        return not bad, bad
    if set(words) & INSTITUTION_WORDS:
        return not missing, missing
    return True, []  # a concept the program names (paraphrase-prone): not judged (module doc)


#: An individual's name the program coins (``tenant1``, ``l1``, ``ra2``, ``ss``, ``ground_a``): a
#: word of letters with a number or a one-character tag after it, or two letters or fewer. It
#: names a party or an item, not a term of the law.
_INDIVIDUAL = re.compile(r"^(?:[a-z]+_?[0-9]+|[a-z]+_[a-z0-9]|[a-z]{1,2})$")


def individual(text: str) -> bool:
    """Is the atom ``text`` an individual's coined name (:data:`_INDIVIDUAL`)?"""
    return bool(_INDIVIDUAL.match(text))


def tracing_issues(spec, case, program: dict) -> list[Issue]:
    """``untraced_constant`` and ``unknown_paragraph`` issues (module doc)."""
    paras = paragraphs(getattr(case, "statutes", "") or "")
    numbers = {p.number for p in paras}
    setting = " ".join([case.question, case.text, spec.setting_words])
    whole = vocabulary(" ".join([getattr(case, "statutes", ""), case.question, case.text, spec.setting_words]))
    issues, current = [], None
    untraced: dict[tuple[str, str], list] = {}  # (constant, where) -> [(clause, missing words)]
    for cl in program.get("clauses", []):
        c = cited(cl.get("comments", []), paras)
        if c is not None:
            current = c
        unknown = [n for n in (current or []) if n not in numbers]
        if c is not None and unknown:
            issues.append(Issue(kind="unknown_paragraph", line=cl["line"], message=(
                f"the comment cites paragraph {', '.join(f'[{n}]' for n in unknown)}, "
                f"but the statutes have {', '.join(f'[{n}]' for n in sorted(numbers)) or 'no numbered paragraphs'}")))
        known = [n for n in (current or []) if n in numbers]
        # numbers must be in the cited paragraph; words anywhere in the statutes, question or case
        narrow = vocabulary(" ".join([p.text for p in paras if p.number in known] + [setting])) if known else whole
        for k in cl.get("constants", []):
            if k["text"] in spec.answers or (k["type"] == "atom" and individual(k["text"])):
                continue
            vocab = narrow if k["type"] == "number" else whole
            ok, missing = constant_found(k["text"], k["type"], vocab)
            if not ok:
                where = (f"paragraph {', '.join(f'[{n}]' for n in known)} it cites" if known and vocab is narrow
                         else "statutes, the question or the case")
                untraced.setdefault((k["text"], where), []).append((cl, missing))
    for (const, where), uses in untraced.items():
        cl, missing = uses[0]
        more = f" (and {len(uses) - 1} more clause(s), lines {', '.join(str(c['line']) for c, _ in uses[1:6])})" if len(uses) > 1 else ""
        issues.append(Issue(kind="untraced_constant", line=cl["line"], message=(
            f"{cl['text'].splitlines()[0]} uses {const!r}{more}, but {', '.join(repr(m) for m in missing) or 'it'} "
            f"is not in the words of the {where}: use the statute's own terms and numbers, and cite the paragraph "
            "a rule encodes (% [n])")))
    return issues
