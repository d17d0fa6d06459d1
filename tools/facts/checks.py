"""Checks against the knowledge base's vocabulary and the output rules on values (dates
"YYYY-MM-DD", plain-number amounts): :func:`check_facts`, and :func:`check_safety` for the
single-shot baseline."""

from __future__ import annotations

import difflib
import re
from datetime import date
from functools import lru_cache

from taxlogic.tools.facts.parse import _finish, _parse, _shape, parse_facts
from taxlogic.tools.facts.syntax import _Raw
from taxlogic.tools.facts.terms import Atom, Fact, FactCheck, Number, PList, Problem, Str, _amount_fix, _atom_text
from taxlogic.tools.vocabulary import Vocabulary


def _arity_list(name: str, arities: frozenset[int]) -> str:
    return ", ".join(f"{name}/{a}" for a in sorted(arities))


@lru_cache(maxsize=1024)
def _close_matches(name: str, names: tuple[str, ...]) -> list[str]:
    return difflib.get_close_matches(name, names, n=3, cutoff=0.6)


def _vocabulary_problem(raw: _Raw, vocab: Vocabulary, assertable: dict[str, frozenset[int]]) -> Problem | None:
    name, arity = raw.name, len(raw.args)
    indicator = f"{_atom_text(name)}/{arity}"
    if arity in assertable.get(name, ()):
        return None
    if name in vocab.utility:
        return Problem(raw.line, "utility_predicate", f"{indicator} is computed by utils.pl, never asserted: "
                       "state the underlying facts (events, dates, amounts) instead")
    if name in assertable:
        allowed = sorted(assertable[name])
        counts = " or ".join(str(a) for a in allowed)
        hint = " (amounts are plain numbers without separators: write 50000, not 50,000)" \
            if name == "amount_" and arity > 2 else ""
        return Problem(raw.line, "arity", f"{indicator} has {arity} argument{'s' if arity != 1 else ''}, "
                       f"but {name} takes {counts} ({_arity_list(name, assertable[name])}){hint}")
    close = _close_matches(name, tuple(assertable))
    hint = ("; did you mean " + " or ".join(_arity_list(c, assertable[c]) for c in close) + "?") if close else \
        "; use only the event, property and statute predicates of the knowledge base"
    return Problem(raw.line, "unknown_predicate", f"unknown predicate {indicator}{hint}")


_ISO_DATE = re.compile(r"(\d{4})-(\d{2})-(\d{2})\Z")
_LOOSE_YMD = re.compile(r"(\d{4})-(\d{1,2})-(\d{1,2})\Z")
_MONTH = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?"
_DATE_LIKE = re.compile(
    r"\d{1,4}\s*[-/.]\s*\d{1,2}\s*[-/.]\s*\d{1,4}"
    r"|\d{4}-\d{1,2}-\d{1,2}[T ].*"
    rf"|{_MONTH}\s+\d{{1,2}}(?:st|nd|rd|th)?,?\s+\d{{4}}"
    rf"|\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?{_MONTH},?\s+\d{{4}}",
    re.I,
)


def _date_error(value: str) -> str | None:
    """Why the string ``value`` is not a valid "YYYY-MM-DD" date (None if it is)."""
    m = _ISO_DATE.match(value)
    if m:
        try:
            date(int(m[1]), int(m[2]), int(m[3]))
            return None
        except ValueError as exc:
            return f"{value} is not a calendar date ({exc})"
    m = _LOOSE_YMD.match(value)
    if m:
        fixed = f"{m[1]}-{int(m[2]):02d}-{int(m[3]):02d}"
        if _date_error(fixed) is None:
            return f'"{value}" is not in the form "YYYY-MM-DD": write "{fixed}"'
    return f'"{value}" is not in the form "YYYY-MM-DD": write dates as "YYYY-MM-DD", e.g. "2017-01-05"'


def _value_problems(fact: Fact) -> list[Problem]:
    """Date and amount checks (appendix A.1.4: dates "YYYY-MM-DD", amounts plain numbers)."""
    problems = []
    checked = None
    if fact.name in ("start_", "end_") and fact.arity == 2:
        checked, arg = 1, fact.args[1]
        where = f"argument 2 of {fact.indicator}"
        if not isinstance(arg, Str):
            problems.append(Problem(fact.line, "date", f"{where}: dates must be quoted strings \"YYYY-MM-DD\", "
                                    f"got {arg.canonical}"))
        elif (err := _date_error(arg.value)):
            problems.append(Problem(fact.line, "date", f"{where}: {err}"))
    if fact.name == "amount_" and fact.arity == 2:
        checked, arg = 1, fact.args[1]
        if not isinstance(arg, Number):
            fix = _amount_fix(arg.value) if isinstance(arg, (Str, Atom)) else "write a plain number, e.g. 50000"
            problems.append(Problem(fact.line, "amount", f"argument 2 of amount_/2: amounts must be plain numbers "
                                    f"without quotes, symbols or separators, got {arg.canonical}; {fix}"))
    for n, arg in enumerate(fact.args):
        for item in arg.items if isinstance(arg, PList) else (arg,):
            if n != checked and isinstance(item, Str) and _DATE_LIKE.fullmatch(item.value.strip()):
                err = _date_error(item.value)
                if err:
                    problems.append(Problem(fact.line, "date", f"argument {n + 1} of {fact.indicator}: {err}"))
    return problems


def check_facts(
    text: str | bytes, vocab: Vocabulary, *, max_bytes: int = 200_000, max_facts: int = 5_000
) -> FactCheck:
    """Parse untrusted ``text`` and check each fact against ``vocab``; never raises on bad input.

    On top of :func:`parse_facts` (syntax, encoding, size), each fact's predicate must be in
    ``vocab.assertable()`` with a matching arity: a utility of ``utils.pl`` is
    ``utility_predicate``, an unknown name ``unknown_predicate`` (with close matches), a known
    name with another arity ``arity``. Then the output rules of "Reasoners or Translators?"
    (appendix A.1.4) on values: the 2nd argument of ``start_/2`` and ``end_/2`` must be a
    quoted calendar date "YYYY-MM-DD" and any other date-like string must be one too
    (``date``); the 2nd argument of ``amount_/2`` must be a number, not ``"$50,000"`` or
    ``'50000'`` (``amount``; SARA's amounts are integers, a float such as ``0.5`` is let through).

    Returns a :class:`FactCheck` whose ``facts`` are the accepted facts (those without any
    problem, in input order) and whose ``canonical`` text (facts only, no directives) is the
    only thing that should be given to Prolog. ``ok`` is False as soon as anything was rejected.
    """
    raws, problems = _parse(text, max_bytes, max_facts)
    assertable = vocab.assertable()
    facts = []
    for raw in raws:
        problem = _vocabulary_problem(raw, vocab, assertable)
        shaped = problem or _shape(raw)
        if isinstance(shaped, Problem):
            problems.append(shaped)
            continue
        value_problems = _value_problems(shaped)
        if value_problems:
            problems.extend(value_problems)
        else:
            facts.append(shaped)
    return FactCheck(facts=facts, problems=_finish(problems))


#: Problem kinds that make a fact set unsafe to load (:func:`check_safety`): what is not a plain
#: fact, and any predicate name outside the knowledge base's vocabulary (a hook such as
#: ``term_expansion/2``, a built-in, a utility of ``utils.pl`` that a fact would redefine).
SAFETY_KINDS: frozenset[str] = frozenset(
    {"encoding", "size", "syntax", "not_a_fact", "variable", "unknown_predicate", "utility_predicate"})


def check_safety(text: str | bytes, vocab: Vocabulary, **limits) -> FactCheck:
    """Safety only, for the paper's single-shot Prolog baseline (Kordjamshidi et al. §4.2): the
    problems of :func:`check_facts` whose kind is in :data:`SAFETY_KINDS`, and when there are
    none, *every* parsed fact in ``facts``. A known predicate at another arity, a malformed date or
    an amount written as text is the translator's error, not a danger: such facts go to Prolog as
    written (re-serialised), and Prolog's answer is the baseline's answer. ``limits``:
    ``max_bytes``, ``max_facts`` as for :func:`check_facts`."""
    full = check_facts(text, vocab, **limits)
    unsafe = [p for p in full.problems if p.kind in SAFETY_KINDS]
    if unsafe:
        return FactCheck(facts=[], problems=unsafe)
    facts, _ = parse_facts(text, **limits)
    return FactCheck(facts=facts, problems=[])
