"""Trusted Prolog text (SARA gold programs, statutes) clause by clause, with the fact
language's tokenizer: nothing is checked."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from taxlogic.tools.facts.tokens import _Lines, _Tok, _Tokenizer


@dataclass(frozen=True)
class Clause:
    """One clause of a trusted program: its first line (1-based), text (ending in '.'), kind."""

    line: int
    text: str
    kind: Literal["fact", "rule", "directive"]


def split_clauses(text: str) -> list[Clause]:
    """Split **trusted** Prolog text (SARA gold programs, statutes) into clauses with this module's
    tokenizer: quotes, ``%`` and ``/* */`` comments respected, a clause ends at a '.' followed by
    layout, ``%`` or the end. ``:-`` first makes a directive, ``:-`` later a rule, else a fact;
    text after the last '.' is one more clause. Nothing is checked: lexical problems (a
    character outside the fact language, an unterminated quote) are passed over, so use
    :func:`parse_facts` for untrusted text."""
    lines = _Lines(text)
    out: list[Clause] = []
    first: _Tok | None = None
    neck = False
    for tok in _Tokenizer(text, lines).run():
        if tok.kind == "error":
            continue
        if tok.kind in ("end", "eof"):
            if first is not None:
                body = text[first.pos:tok.end].strip()
                kind = "directive" if first.kind == "sym" and first.value == ":-" else "rule" if neck else "fact"
                out.append(Clause(lines.line(first.pos), body, kind))
            first, neck = None, False
            continue
        if first is None:
            first = tok
        elif tok.kind == "sym" and tok.value == ":-":
            neck = True
    return out


def facts_only(program: str) -> str:
    """The fact clauses of a Prolog ``program`` (no directives, rules or comments), one per line,
    as written (paper appendix A.1.4: a translation holds "ONLY Prolog facts")."""
    return "".join(c.text + "\n" for c in split_clauses(program) if c.kind == "fact")
