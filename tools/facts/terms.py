"""The canonical form: the terms of an accepted fact (:class:`Atom`, :class:`Str`,
:class:`Number`, :class:`AnonVar`, :class:`PList`), :class:`Fact`, :class:`Problem` and
:class:`FactCheck`, and the pure-ASCII Prolog text we write for them (``canonical``), anchor
comments included (:func:`anchor_comment`)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Literal, Union

ProblemKind = Literal[
    "encoding", "size", "syntax", "not_a_fact", "unknown_predicate",
    "arity", "date", "amount", "variable", "utility_predicate",
]

#: At most this many problems are reported; a final ``size`` entry counts the others.
MAX_PROBLEMS = 50


_PLAIN_ATOM = re.compile(r"[a-z][a-zA-Z0-9_]*\Z")
_ESCAPES_OUT = {"\n": "\\n", "\t": "\\t", "\r": "\\r", "\a": "\\a", "\b": "\\b", "\f": "\\f", "\v": "\\v"}


def _quote(text: str, q: str) -> str:
    """``text`` as a Prolog quoted item (``q`` is ``'`` or ``"``), escaped to pure ASCII."""
    out = [q]
    for ch in text:
        if ch == q or ch == "\\":
            out.append("\\" + ch)
        elif ch in _ESCAPES_OUT:
            out.append(_ESCAPES_OUT[ch])
        elif " " <= ch <= "~":
            out.append(ch)
        else:
            out.append(f"\\x{ord(ch):x}\\")
    out.append(q)
    return "".join(out)


def _atom_text(name: str) -> str:
    return name if _PLAIN_ATOM.match(name) else _quote(name, "'")


@dataclass(frozen=True)
class Atom:
    """A Prolog atom: ``alice``, ``'Walter Brown'``."""

    value: str

    @property
    def canonical(self) -> str:
        return _atom_text(self.value)


@dataclass(frozen=True)
class Str:
    """A double-quoted Prolog string: ``"2017-01-05"``, ``"usa"``."""

    value: str

    @property
    def canonical(self) -> str:
        return _quote(self.value, '"')


@dataclass(frozen=True)
class Number:
    """An integer or a finite float, possibly negative."""

    value: int | float

    @property
    def canonical(self) -> str:
        if isinstance(self.value, int):
            return str(self.value)
        text = repr(self.value)  # shortest text that reads back identically
        if "e" in text and "." not in text:  # 1e+16 -> 1.0e+16 (ISO wants a fraction)
            text = text.replace("e", ".0e", 1)
        return text


@dataclass(frozen=True)
class AnonVar:
    """The anonymous variable ``_``."""

    @property
    def canonical(self) -> str:
        return "_"


@dataclass(frozen=True)
class PList:
    """A list of atoms, strings, numbers and ``_`` (no nesting, no ``[H|T]`` tail)."""

    items: tuple["Atom | Str | Number | AnonVar", ...] = ()

    @property
    def canonical(self) -> str:
        return "[" + ",".join(i.canonical for i in self.items) + "]"


Term = Union[Atom, Str, Number, AnonVar, PList]
_SCALARS = (Atom, Str, Number, AnonVar)


@dataclass(frozen=True)
class Fact:
    """One accepted fact: ``line`` (1-based, where it starts in the input), name and arguments;
    ``anchor``: the quoted spans of the anchor comment that closes its group (module doc), ``()``
    if none. Two facts that differ only in their anchor are equal."""

    line: int
    name: str
    args: tuple[Term, ...] = ()
    anchor: tuple[str, ...] = field(default=(), compare=False)

    @property
    def arity(self) -> int:
        return len(self.args)

    @property
    def indicator(self) -> str:
        return f"{self.name}/{self.arity}"

    @property
    def canonical(self) -> str:
        """Canonical Prolog text of the fact, ending in ``.``: ``agent_(e1,alice).``"""
        head = _atom_text(self.name)
        if not self.args:
            return head + "."
        return head + "(" + ",".join(a.canonical for a in self.args) + ")."

    def __str__(self) -> str:
        return self.canonical


@dataclass(frozen=True)
class Problem:
    """Why (part of) the input was rejected. ``line`` is 1-based (the start of the clause), 0 for
    whole-input problems."""

    line: int
    kind: ProblemKind
    message: str

    def __str__(self) -> str:
        where = f"line {self.line}" if self.line else "input"
        return f"{where}: {self.kind}: {self.message}"


@dataclass(frozen=True)
class FactCheck:
    """The outcome of :func:`check_facts`: accepted facts and the problems found."""

    facts: list[Fact] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems

    @property
    def canonical(self) -> str:
        """Accepted facts only, one per line, each ending in ``.`` and followed by its anchor
        comment when it has one (pure ASCII Prolog text; see :func:`anchor_comment`)."""
        return "".join(f.canonical + anchor_comment(f.anchor) + "\n" for f in self.facts)

    def format_problems(self) -> str:
        """Problems for a repair prompt, one per line: ``line N: kind: message``
        (``input: kind: message`` for whole-input problems); empty if ok."""
        return "\n".join(str(p) for p in self.problems)


def anchor_comment(spans: tuple[str, ...]) -> str:
    """The canonical anchor comment for ``spans`` (``'  % "span"'``; ``""`` if none): the spans
    as escaped, pure-ASCII Prolog strings that :func:`parse_facts` reads back identically."""
    return ("  % " + " ".join(_quote(sp, '"') for sp in spans)) if spans else ""


def _amount_fix(text: str) -> str:
    """The fix for an amount written as text (``"$50,000"``): ``write 50000``, its canonical number."""
    digits = re.sub(r"(?i)[\s$,_]|usd|dollars?", "", text)
    try:
        value = float(digits) if "." in digits else int(digits)
    except ValueError:
        return "write a plain number, e.g. 50000"
    return f"write {Number(value).canonical}"
