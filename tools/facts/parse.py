"""Parsing untrusted text into facts, without any vocabulary check (:func:`parse_facts`): size
and encoding checks, Markdown fences blanked, tokens, clauses, anchors, then the shape of each
fact (no nested terms, no named variables)."""

from __future__ import annotations

import re
from functools import lru_cache

from taxlogic.tools.facts.anchors import _anchored, _anchors
from taxlogic.tools.facts.syntax import _Nested, _Parser, _Raw, _Var
from taxlogic.tools.facts.terms import MAX_PROBLEMS, Fact, PList, Problem
from taxlogic.tools.facts.tokens import _FENCE, _Lines, _Tokenizer


def _decode(text: str | bytes, max_bytes: int) -> tuple[str | None, list[Problem]]:
    """Size and encoding checks on the whole input; returns the text to parse or problems."""
    if isinstance(text, str):
        # UTF-8 needs at least one byte per character: only encode what might fit.
        try:
            size = len(text) if len(text) > max_bytes else len(text.encode("utf-8"))
        except UnicodeEncodeError as exc:
            return None, [Problem(0, "encoding", f"the text contains an unpaired surrogate at character {exc.start}; "
                                  "send valid UTF-8 text")]
    else:
        size = len(text)
    if size > max_bytes:
        return None, [Problem(0, "size", f"input is at least {size} bytes, more than the limit of {max_bytes}; "
                              "it was not parsed (write only the facts of this case)")]
    if isinstance(text, str):
        return text, []
    try:
        return text.decode("utf-8"), []
    except UnicodeDecodeError as exc:
        bad = exc.start
    invalid = len(re.findall("[\udc80-\udcff]", text.decode("utf-8", "surrogateescape")))
    more = f" ({invalid} invalid bytes in all)" if invalid > 1 else ""
    return None, [Problem(text.count(b"\n", 0, bad) + 1, "encoding", f"input is not UTF-8: invalid byte "
                          f"0x{text[bad]:02x} at byte offset {bad}{more}; send UTF-8 text")]


def _parse(text: str | bytes, max_bytes: int, max_facts: int) -> tuple[list[_Raw], list[Problem]]:
    """The clauses of ``text`` and its problems (new lists each call: callers add to them). A
    round parses the same facts several times (validation, the domain's checks, the aligner),
    so the last texts' parses are kept (their items are frozen; texts over 32 KB are not kept)."""
    if len(text) > 32_768:
        return _parse_text(text, max_bytes, max_facts)
    raws, problems = _parsed(text, max_bytes, max_facts)
    return list(raws), list(problems)


@lru_cache(maxsize=256)
def _parsed(text: str | bytes, max_bytes: int, max_facts: int) -> tuple[tuple[_Raw, ...], tuple[Problem, ...]]:
    raws, problems = _parse_text(text, max_bytes, max_facts)
    return tuple(raws), tuple(problems)


def _parse_text(text: str | bytes, max_bytes: int, max_facts: int) -> tuple[list[_Raw], list[Problem]]:
    decoded, problems = _decode(text, max_bytes)
    if decoded is None:
        return [], problems
    if decoded.startswith("\ufeff"):
        decoded = " " + decoded[1:]
    decoded = _FENCE.sub(lambda m: " " * len(m.group()), decoded)  # keeps offsets and lines
    lines = _Lines(decoded)
    tokenizer = _Tokenizer(decoded, lines)
    toks = tokenizer.run()
    raws, problems = _Parser(decoded, toks, lines).clauses(max_facts)
    return _anchored(raws, _anchors(tokenizer.comments)), problems


def _shape(raw: _Raw) -> Fact | Problem:
    """Turn a parsed clause into a :class:`Fact`, or reject nested terms and named variables."""
    names: list[str] = []
    for n, arg in enumerate(raw.args, 1):
        for item in arg.items if isinstance(arg, PList) else (arg,):
            if isinstance(item, _Nested):
                what = "a nested list" if item.text.startswith("[") else "a compound term"
                return Problem(raw.line, "not_a_fact", f"argument {n} of {raw.name}/{len(raw.args)} is {what} "
                               f"{item.text!r}: arguments are atoms, numbers, quoted strings, _ or lists of those")
            if isinstance(item, _Var) and item.name not in names:
                names.append(item.name)
    if names:
        shown = ", ".join(names)
        return Problem(raw.line, "variable", f"named variable{'s' if len(names) > 1 else ''} {shown} in "
                       f"{raw.name}/{len(raw.args)} would make the fact true for every value: use constants "
                       "(lowercase atoms, numbers, quoted strings), or _ for an unknown value")
    return Fact(raw.line, raw.name, raw.args, raw.anchor)


def _finish(problems: list[Problem]) -> list[Problem]:
    problems = sorted(problems, key=lambda p: p.line)
    if len(problems) <= MAX_PROBLEMS:
        return problems
    more = len(problems) - MAX_PROBLEMS
    return problems[:MAX_PROBLEMS] + [
        Problem(0, "size", f"{more} more problem{'s' if more > 1 else ''} not shown; fix the ones above first")
    ]


def parse_facts(
    text: str | bytes, *, max_bytes: int = 200_000, max_facts: int = 5_000
) -> tuple[list[Fact], list[Problem]]:
    """Parse ``text`` (str, or bytes that must be UTF-8) into facts, without any vocabulary check.

    Returns ``(facts, problems)``: facts in input order (each :class:`Fact` with its 1-based
    line) and problems sorted by line (see :class:`Problem`; at most :data:`MAX_PROBLEMS` plus
    one "N more problems" entry). Never raises on bad input. Enforces the syntactic half of the
    output rules of "Reasoners or Translators?" (appendix A.1.4): only facts, so directives,
    rules, DCG rules, queries and operator terms are ``not_a_fact``; named variables are
    ``variable``; nested compound terms are ``not_a_fact``; unbalanced brackets or quotes and
    unterminated clauses are ``syntax``; non-UTF-8 bytes and control characters are
    ``encoding``; input over ``max_bytes`` bytes (not parsed) or with more than ``max_facts``
    facts is ``size``. After a problem, parsing resumes after the next clause-ending period.

    The facts are not yet safe to load: a predicate such as ``term_expansion/2`` is only
    rejected by the vocabulary check of :func:`check_facts`.
    """
    raws, problems = _parse(text, max_bytes, max_facts)
    facts = []
    for raw in raws:
        shaped = _shape(raw)
        (facts if isinstance(shaped, Fact) else problems).append(shaped)
    return facts, _finish(problems)
