"""Untrusted Prolog facts: parse and check LLM output in pure Python, then re-serialise it.

An LLM translates a tax case into Prolog facts; that text is untrusted input. Nothing of it
reaches Prolog as written: this module tokenises and parses it with its own small parser for a
restricted fact language, checks every fact against the knowledge base's vocabulary
(:class:`taxlogic.tools.vocabulary.Vocabulary`) and, for accepted facts only, writes canonical
Prolog text that we control (:attr:`FactCheck.canonical`, pure ASCII).

The output rules are those of appendix A.1.4 of "Reasoners or Translators?": the translation
holds **only facts** (no rules, directives or queries), **dates are quoted strings
"YYYY-MM-DD"** and **amounts are plain integers without symbols** (``50000``, not
``"$50,000"``).

The fact language (a subset of Prolog syntax)::

    fact  ::= name "." | name "(" arg {"," arg} ")" "."
    arg   ::= atom | "string" | number | _ | "[" [item {"," item}] "]"
    item  ::= atom | "string" | number | _

``name`` and ``atom`` are lowercase atoms (``abc_1``) or quoted atoms (``'Foo bar'``, with the
escapes ``\\'``, ``''``, ``\\n``, ``\\\\``, ``\\xHH\\`` …); numbers are decimal integers or floats,
optionally negative (``-5``, ``1.5e3``); ``_`` is an anonymous variable (SARA gold writes
``s151_c(alice,_,2000,2015).``); lists of such items appear in one SARA gold fact
(``s151(alice,2000,[alice],_,2017).``), nested compound terms in none, so they are rejected.
``%`` and ``/* */`` comments and Markdown code-fence lines (```` ``` ````, ```` ```prolog ````)
are ignored by Prolog. A period ends a clause when followed by layout, ``%`` or the end of the input.

**Anchors.** A translator may cite, for a group of facts, the words of the case they come from: a
``%`` comment made of one or more double-quoted spans closes the group (the facts since the
previous anchor comment)::

    income_(alice_is_paid).
    agent_(alice_is_paid,alice).
    amount_(alice_is_paid,33200).
    % "In 2017, Alice was paid $33200."

Each accepted :class:`Fact` keeps its anchor (:attr:`Fact.anchor`, the spans); other comments are
ignored, as is anything the spans say (they are data for the checks, never Prolog). The canonical
text writes each anchored fact's anchor after it on its own line (``fact.  % "span"``), so
canonical text read again gives every fact the same anchor.
"""

from __future__ import annotations

import bisect
import difflib
import re
from dataclasses import dataclass, field, replace
from datetime import date
from functools import lru_cache
from typing import Literal, Union

from taxlogic.tools.vocabulary import Vocabulary

__all__ = [
    "Atom",
    "Str",
    "Number",
    "AnonVar",
    "PList",
    "Term",
    "Fact",
    "Problem",
    "ProblemKind",
    "FactCheck",
    "parse_facts",
    "check_facts",
    "check_safety",
    "SAFETY_KINDS",
    "Clause",
    "split_clauses",
    "facts_only",
    "anchor_comment",
    "MAX_PROBLEMS",
]

ProblemKind = Literal[
    "encoding", "size", "syntax", "not_a_fact", "unknown_predicate",
    "arity", "date", "amount", "variable", "utility_predicate",
]

#: At most this many problems are reported; a final ``size`` entry counts the others.
MAX_PROBLEMS = 50

# ------------------------------------------------------------------------------------ terms

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


# ---------------------------------------------------------------------------- raw terms
# What the parser builds before the shape check: named variables and nested terms are kept
# (as placeholders) so that check_facts can first judge the predicate, then the arguments.


@dataclass(frozen=True)
class _Var:
    name: str


@dataclass(frozen=True)
class _Nested:
    text: str  # a compound term or nested list, as written


@dataclass(frozen=True)
class _Raw:
    line: int
    name: str
    args: tuple
    end: int = 0  # offset just after the clause's final '.'
    anchor: tuple[str, ...] = ()


# ------------------------------------------------------------------------------- tokens

_NAME = re.compile(r"[a-z][A-Za-z0-9_]*")
_VAR = re.compile(r"[A-Z_][A-Za-z0-9_]*")
_NUMBER = re.compile(r"\d+(?:\.\d+)?(?:[eE][+-]?\d+)?")
_SYMBOLS = re.compile(r"(?:[#$&*+\-.:<=>?@^~\\]|/(?!\*))+")  # stops before a /* comment
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
_FENCE = re.compile(r"^[ \t]*(?:```|~~~)[ \t]*[A-Za-z0-9_+.-]*[ \t\r]*$", re.M)
_ESCAPES_IN = {
    "a": "\a", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t", "v": "\v", "e": "\x1b",
    "s": " ", "\\": "\\", "'": "'", '"': '"', "`": "`",
}
_CODE_ESCAPES = {  # escape letter -> (pattern of the code, base)
    "x": (re.compile(r"([0-9a-fA-F]+)\\?"), 16),
    "u": (re.compile(r"([0-9a-fA-F]{4})"), 16),
    "U": (re.compile(r"([0-9a-fA-F]{8})"), 16),
}
_WORD = re.compile(r"[\w']*")
_OCTAL = re.compile(r"([0-7]+)\\?")
_CONTROL_NAMES = {0: "NUL", 8: "backspace", 0x1B: "ESC", 0x7F: "DEL"}
_PUNCT = "()[]{},|"
_QUOTED_WHAT = {"'": "quoted atom", '"': "string", "`": "back-quoted text"}


@dataclass
class _Tok:
    kind: str  # atom, var, anon, str, num, punct, sym, end, eof, error
    value: object
    pos: int
    end: int
    layout_before: bool = True
    quoted: bool = False
    error: tuple[ProblemKind, str] | None = None
    clause_error: bool = True  # error rejects its clause (False: a comment, reported alone)


class _Lines:
    def __init__(self, text: str):
        self.starts = [0] + [m.end() for m in re.finditer("\n", text)]

    def line(self, pos: int) -> int:
        return bisect.bisect_right(self.starts, pos)

    def where(self, pos: int) -> str:
        line = self.line(pos)
        return f"line {line}, column {pos - self.starts[line - 1] + 1}"


def _control_message(text: str, pos: int, lines: _Lines) -> str:
    code = ord(text[pos])
    name = _CONTROL_NAMES.get(code)
    label = f"U+{code:04X}" + (f" ({name})" if name else "")
    return f"control character {label} at {lines.where(pos)}; remove it (only tab and newline are allowed)"


class _Tokenizer:
    def __init__(self, text: str, lines: _Lines):
        self.text, self.lines, self.n = text, lines, len(text)
        self.toks: list[_Tok] = []
        self.anchors: list[tuple[int, tuple[str, ...]]] = []  # (offset of the comment, spans)

    def _error(self, pos: int, end: int, kind: ProblemKind, message: str, *, clause: bool = True) -> None:
        self.toks.append(_Tok("error", None, pos, end, error=(kind, message), clause_error=clause))

    def run(self) -> list[_Tok]:
        text, n, i, layout = self.text, self.n, 0, True
        while i < n:
            c = text[i]
            if _CONTROL.match(c):
                self._error(i, i + 1, "encoding", _control_message(text, i, self.lines))
                i += 1
                continue
            if c.isspace():
                i, layout = i + 1, True
                continue
            if c == "%" or text.startswith("/*", i):
                i = self._comment(i)
                layout = True
                continue
            start = len(self.toks)
            i = self._token(i)
            for tok in self.toks[start:]:
                tok.layout_before, layout = layout, False
        self.toks.append(_Tok("eof", None, n, n))
        return self.toks

    def _comment(self, i: int) -> int:
        text = self.text
        if text[i] == "%":
            end = text.find("\n", i)
            end = self.n if end < 0 else end
        else:
            close = text.find("*/", i + 2)
            if close < 0:
                self._error(i, self.n, "syntax", f"unterminated /* comment starting at {self.lines.where(i)}; close it with */")
                return self.n
            end = close + 2
        bad = _CONTROL.search(text, i, end)
        if bad:
            self._error(bad.start(), bad.end(), "encoding", _control_message(text, bad.start(), self.lines), clause=False)
        elif text[i] == "%":
            spans = _anchor_spans(text[i + 1:end])
            if spans:
                self.anchors.append((i, spans))
        return end

    def _token(self, i: int) -> int:
        text, c = self.text, self.text[i]
        if c.isascii() and c.islower():
            m = _NAME.match(text, i)
            self.toks.append(_Tok("atom", m.group(), i, m.end()))
            return m.end()
        if c.isascii() and (c.isupper() or c == "_"):
            m = _VAR.match(text, i)
            kind = "anon" if m.group() == "_" else "var"
            self.toks.append(_Tok(kind, m.group(), i, m.end()))
            return m.end()
        if c.isascii() and c.isdigit():
            return self._number(i)
        if c in "'\"`":
            return self._quoted(i)
        if c in _PUNCT:
            self.toks.append(_Tok("punct", c, i, i + 1))
            return i + 1
        if c in "!;":
            self.toks.append(_Tok("sym", c, i, i + 1))
            return i + 1
        m = _SYMBOLS.match(text, i)
        if m:
            run, end = m.group(), m.end()
            if run == "." and (end >= self.n or text[end].isspace() or text[end] == "%" or text.startswith("/*", end)):
                self.toks.append(_Tok("end", ".", i, end))
            else:
                self.toks.append(_Tok("sym", run, i, end))
            return end
        self._error(i, i + 1, "syntax", f"unexpected character {c!r} (U+{ord(c):04X}) at {self.lines.where(i)}; "
                    "unquoted atoms use a-z, A-Z, 0-9 and _ (quote others: 'Foo bar')")
        return i + 1

    def _number(self, i: int) -> int:
        text = self.text
        m = _NUMBER.match(text, i)
        end = m.end()
        if end < self.n and (text[end].isalnum() or text[end] in "_'"):
            bad = _WORD.match(text, end).end()
            if m.group() == "0" and text[end] == "'":
                bad = min(end + 2, self.n)
            self._error(i, bad, "syntax", f"malformed number {text[i:bad]!r} at {self.lines.where(i)}; "
                        "write plain decimal numbers such as 50000 or 0.5")
            return bad
        literal = m.group()
        try:
            value: int | float = float(literal) if ("." in literal or "e" in literal.lower()) else int(literal)
        except ValueError:  # more digits than Python converts
            value = float("inf")
        if value in (float("inf"), float("-inf")):
            self._error(i, end, "syntax", f"number {literal[:20]}... at {self.lines.where(i)} is out of range")
        else:
            self.toks.append(_Tok("num", value, i, end))
        return end

    def _quoted(self, i: int) -> int:
        """Scan a quoted item; quotes must close on the line where they open."""
        text, n, q = self.text, self.n, self.text[i]
        what = _QUOTED_WHAT[q]
        j, buf, err = i + 1, [], None
        while j < n and text[j] != "\n":
            ch = text[j]
            if ch == q:
                if j + 1 < n and text[j + 1] == q:
                    buf.append(q)
                    j += 2
                    continue
                if err:
                    self._error(i, j + 1, *err)
                elif q == "`":
                    self._error(i, j + 1, "syntax", f"back-quoted text at {self.lines.where(i)} is not allowed; "
                                'write strings in double quotes: "..."')
                else:
                    self.toks.append(_Tok("atom" if q == "'" else "str", "".join(buf), i, j + 1, quoted=True))
                return j + 1
            if ch == "\\":
                j, piece, problem = self._escape(j)
                err = err or problem
                buf.append(piece)
                continue
            if _CONTROL.match(ch):
                err = err or ("encoding", _control_message(text, j, self.lines))
            buf.append(ch)
            j += 1
        self._error(i, j, "syntax", f"unterminated {what} starting at {self.lines.where(i)}: "
                    f"close it with {q} on the same line")
        self.toks.append(_Tok("end", ".", j, j))  # resynchronise at the end of the line
        return j

    def _escape(self, j: int) -> tuple[int, str, tuple[ProblemKind, str] | None]:
        """Read the escape sequence at ``text[j] == '\\'``: (next index, text, problem)."""
        text = self.text
        e = text[j + 1] if j + 1 < self.n else ""
        if e in _ESCAPES_IN:
            return j + 2, _ESCAPES_IN[e], None
        if e == "\n":
            return j + 2, "", None
        if text.startswith("\r\n", j + 1):
            return j + 3, "", None
        m, base = None, 8
        if e in _CODE_ESCAPES:
            pattern, base = _CODE_ESCAPES[e]
            m = pattern.match(text, j + 2)
        elif e in "01234567" and e:
            m = _OCTAL.match(text, j + 1)
        if m:
            code = int(m.group(1), base)
            if code <= 0x10FFFF and not 0xD800 <= code <= 0xDFFF:
                return m.end(), chr(code), None
            return m.end(), "", ("syntax", f"escape {text[j:m.end()]!r} at {self.lines.where(j)} is not a Unicode character")
        shown = text[j:j + 2] if e and e != "\n" else "\\"
        return j + 1 + bool(e), "", ("syntax", f"undefined escape sequence {shown!r} at {self.lines.where(j)}; "
                                     "write \\\\ for a backslash")


# ----------------------------------------------------------------- trusted text, clause by clause


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


# ------------------------------------------------------------------------------- parser

_ALPHA_OPERATORS = {"is", "mod", "rem", "xor", "div", "rdiv", "as", "dynamic", "discontiguous", "initialization",
                    "table", "multifile", "module_transparent", "meta_predicate"}
_CLOSE = {"(": ")", "[": "]", "{": "}"}
_RULE_HEADS = {":-", "?-", "-->"}


class _Reject(Exception):
    """A clause is rejected: problem at token ``index``; ``skip``: resynchronise at the next '.'."""

    def __init__(self, index: int, kind: ProblemKind, message: str, *, skip: bool = True):
        super().__init__(message)
        self.index, self.kind, self.message, self.skip = index, kind, message, skip


class _Parser:
    def __init__(self, text: str, toks: list[_Tok], lines: _Lines):
        self.text, self.toks, self.lines = text, toks, lines
        self.start = 0  # token index where the current clause starts

    # --- helpers
    def _snippet(self, first: int, last: int | None = None, limit: int = 60) -> str:
        """Source text of tokens ``first..last`` (default: to the end of the clause), one line."""
        if last is None:  # (at most `limit` tokens: enough to fill the snippet)
            last = first
            while self.toks[last].kind not in ("end", "eof") and last - first < limit:
                last += 1
            last -= self.toks[last].kind in ("end", "eof")
        if last < first:
            return ""
        parts = []
        for k in range(first, last + 1):
            tok = self.toks[k]
            parts.append((" " if tok.layout_before and k > first else "") + self.text[tok.pos:tok.end])
        raw = " ".join("".join(parts).split())  # comments dropped, layout collapsed
        return raw if len(raw) <= limit else raw[: limit - 3] + "..."

    def _show(self, tok: _Tok) -> str:
        return {"end": "the final '.'", "eof": "the end of the input"}.get(tok.kind, repr(self.text[tok.pos:tok.end]))

    def _adjacent_paren(self, i: int) -> bool:
        nxt = self.toks[i + 1]
        return nxt.kind == "punct" and nxt.value == "(" and not nxt.layout_before

    def _fail_on(self, i: int, context: str):
        """Raise for an unexpected token ``i`` (error tokens carry their own problem)."""
        tok = self.toks[i]
        if tok.kind == "error":
            raise _Reject(i, *tok.error)
        if tok.kind == "eof":
            raise _Reject(i, "syntax", f"unterminated clause at the end of the input: {context}; "
                          "end every fact with '.'")
        raise _Reject(i, "syntax", f"unexpected {self._show(tok)} at {self.lines.where(tok.pos)}: {context}")

    def _skip_balanced(self, i: int) -> int:
        """``toks[i]`` opens a bracket: index after its match (nested terms are not built)."""
        stack = [i]
        j = i + 1
        while stack:
            tok = self.toks[j]
            if tok.kind == "punct" and tok.value in _CLOSE:
                stack.append(j)
            elif tok.kind == "punct" and tok.value in ")]}":
                opener = self.toks[stack[-1]]
                if _CLOSE[opener.value] != tok.value:
                    self._unbalanced(j, stack[-1])
                stack.pop()
            elif tok.kind in ("end", "eof", "error"):
                self._unbalanced(j, stack[-1])
            j += 1
        return j

    def _unbalanced(self, i: int, opener: int):
        tok, op = self.toks[i], self.toks[opener]
        if tok.kind == "error":
            raise _Reject(i, *tok.error)
        opened = f"{op.value!r} opened at {self.lines.where(op.pos)}"
        if tok.kind == "eof":
            raise _Reject(i, "syntax", f"unterminated clause at the end of the input: {opened} is never closed "
                          "and the fact has no final '.'")
        if tok.kind == "end":
            raise _Reject(i, "syntax", f"unbalanced brackets: {opened} is not closed before the '.'")
        raise _Reject(i, "syntax", f"unbalanced brackets: {opened} is closed by {tok.value!r} at "
                      f"{self.lines.where(tok.pos)}")

    # --- grammar
    def clauses(self, max_facts: int) -> tuple[list[_Raw], list[Problem]]:
        raws: list[_Raw] = []
        problems: list[Problem] = []
        i = 0
        while self.toks[i].kind != "eof":
            tok = self.toks[i]
            if tok.kind == "error" and not tok.clause_error:
                problems.append(Problem(self.lines.line(tok.pos), *tok.error))
                i += 1
                continue
            if tok.kind == "end":
                if tok.end > tok.pos:  # (synthetic ends after an unterminated quote are empty)
                    problems.append(Problem(self.lines.line(tok.pos), "syntax",
                                            f"stray '.' at {self.lines.where(tok.pos)} with no fact before it"))
                i += 1
                continue
            self.start = i
            line = self.lines.line(tok.pos)
            try:
                raw, i = self._clause(i, line)
            except _Reject as r:
                problems.append(Problem(line, r.kind, r.message))
                i = self._resync(r.index) if r.skip else r.index
                continue
            if len(raws) == max_facts:
                problems.append(Problem(0, "size", f"more than {max_facts} facts (the rest was not checked); "
                                        "a case needs far fewer: state each fact once"))
                break
            raws.append(raw)
        return raws, problems

    def _resync(self, i: int) -> int:
        while self.toks[i].kind not in ("end", "eof"):
            i += 1
        return i + 1 if self.toks[i].kind == "end" else i

    def _clause(self, i: int, line: int) -> tuple[_Raw, int]:
        tok = self.toks[i]
        head_ok = tok.kind == "atom" or (tok.kind == "sym" and self._adjacent_paren(i) and tok.value not in _RULE_HEADS)
        if not head_ok:
            self._not_a_fact_start(i)
        name = tok.value
        if name in _RULE_HEADS:
            raise _Reject(i, "not_a_fact", f"'{name}'(...) is a rule or directive in disguise: write only facts")
        j = i + 1
        args: tuple = ()
        if self._adjacent_paren(i):
            args, j = self._args(i + 1, "(", ")")
            if not args:
                raise _Reject(j, "syntax", f"empty argument list {name}(): write {name} without parentheses")
        nxt = self.toks[j]
        if nxt.kind == "end":
            return _Raw(line, name, args, nxt.end), j + 1
        self._after_clause(j, i)
        raise AssertionError("unreachable")

    def _not_a_fact_start(self, i: int):
        tok, snippet = self.toks[i], self._snippet(i)
        if tok.kind == "error":
            raise _Reject(i, *tok.error)
        if tok.kind == "sym" and tok.value in (":-", "?-"):
            raise _Reject(i, "not_a_fact", f"directive {snippet!r} is not allowed: write only facts "
                          "(no directives, queries or rules)")
        if tok.kind == "sym" and tok.value == "\\+":
            raise _Reject(i, "not_a_fact", f"negation {snippet!r} is not a fact: state only what is true "
                          "and leave out what is false")
        if tok.kind in ("var", "anon"):
            nxt = self.toks[i + 1]
            if nxt.kind in ("end", "eof") or self._adjacent_paren(i):
                raise _Reject(i, "not_a_fact", f"{snippet!r} starts with the variable {tok.value}: predicate names "
                              f"start with a lowercase letter (e.g. {tok.value.lstrip('_').lower() or 'name'}(...))")
            if nxt.kind == "sym" or (nxt.kind == "atom" and nxt.value in _ALPHA_OPERATORS):
                raise _Reject(i, "not_a_fact", f"operator term {snippet!r} is not a fact: write facts as "
                              "name(arg, ...)")
            raise _Reject(i, "not_a_fact", f"{snippet!r} is not a Prolog fact: write only facts, "
                          "such as name(arg, ...). and no prose")
        if tok.kind == "punct" and tok.value == "[":
            raise _Reject(i, "not_a_fact", f"a list {snippet!r} at the top of a clause loads files in Prolog; "
                          "write only facts")
        if tok.kind == "sym":
            raise _Reject(i, "not_a_fact", f"operator term {snippet!r} is not a fact: write facts as name(arg, ...)")
        if tok.kind in ("num", "str"):
            raise _Reject(i, "not_a_fact", f"{snippet!r} does not start with a predicate name: write facts as "
                          "name(arg, ...)")
        self._fail_on(i, "a fact starts with a predicate name")

    def _after_clause(self, j: int, head: int):
        """The head ``toks[head..j-1]`` is a complete term but ``toks[j]`` is not the final '.'."""
        tok, snippet = self.toks[j], self._snippet(self.start)
        op = tok.value if tok.kind in ("sym", "punct") else None
        if op == ":-":
            raise _Reject(j, "not_a_fact", f"rule {snippet!r} is not allowed: write only facts, stating what the "
                          "rule would conclude for this case as plain facts")
        if op == "-->":
            raise _Reject(j, "not_a_fact", f"grammar rule {snippet!r} is not allowed: write only facts")
        if op == ",":
            raise _Reject(j, "not_a_fact", f"conjunction {snippet!r} at the top level is not a fact: "
                          "end each fact with '.' (write 'a. b.' not 'a, b.')")
        if op in (";", "|", "->", "*->"):
            raise _Reject(j, "not_a_fact", f"disjunction or condition {snippet!r} is not a fact: "
                          "state one fact per clause, only what is true")
        if tok.kind == "sym" or (tok.kind == "atom" and not tok.quoted and tok.value in _ALPHA_OPERATORS):
            raise _Reject(j, "not_a_fact", f"operator term {snippet!r} is not a fact: write facts as name(arg, ...)")
        prev = self.toks[j - 1]
        fact = self._snippet(head, j - 1)
        if op in (")", "]", "}"):
            raise _Reject(j, "syntax", f"unbalanced brackets: unexpected {op!r} after {fact!r} at "
                          f"{self.lines.where(tok.pos)}")
        if tok.kind == "eof":
            raise _Reject(j, "syntax", f"unterminated clause at the end of the input: add '.' after {fact!r}")
        if tok.kind in ("atom", "var") and self.lines.line(tok.pos) > self.lines.line(prev.end - 1):
            raise _Reject(j, "syntax", f"missing '.' after {fact!r} at the end of line "
                          f"{self.lines.line(prev.end - 1)}", skip=False)
        self._fail_on(j, f"missing '.' after {fact!r}? end each fact with '.'")

    def _args(self, i: int, open_: str, close: str) -> tuple[tuple, int]:
        """``toks[i]`` is ``open_``: the items up to the matching ``close`` and the index after it."""
        items: list = []
        j = i + 1
        tok = self.toks[j]
        if tok.kind == "punct" and tok.value == close:
            return (), j + 1
        while True:
            term, j = self._arg(j, inside_list=open_ == "[")
            items.append(term)
            tok = self.toks[j]
            if tok.kind == "punct" and tok.value == ",":
                j += 1
                continue
            if tok.kind == "punct" and tok.value == close:
                return tuple(items), j + 1
            self._after_arg(j, i)

    def _arg(self, j: int, inside_list: bool) -> tuple[object, int]:
        tok = self.toks[j]
        kind, value = tok.kind, tok.value
        if kind in ("atom", "sym") and self._adjacent_paren(j):
            end = self._skip_balanced(j + 1)
            return _Nested(self._snippet(j, end - 1)), end
        if kind == "sym" and value == "-" and self.toks[j + 1].kind == "num" and not self.toks[j + 1].layout_before:
            return Number(-self.toks[j + 1].value), j + 2
        if kind in ("atom", "sym"):
            return Atom(value), j + 1
        if kind == "str":
            return Str(value), j + 1
        if kind == "num":
            return Number(value), j + 1
        if kind == "anon":
            return AnonVar(), j + 1
        if kind == "var":
            return _Var(value), j + 1
        if kind == "punct" and value == "[":
            if inside_list:
                end = self._skip_balanced(j)
                return _Nested(self._snippet(j, end - 1)), end
            items, end = self._args(j, "[", "]")
            return PList(items), end
        if kind == "punct" and value in "({":
            self._skip_balanced(j)  # reports unbalanced brackets first
            raise _Reject(j, "syntax", f"unexpected {value!r} at {self.lines.where(tok.pos)}: arguments are atoms, "
                          "numbers, quoted strings, _ or lists, not parenthesised or {} terms")
        self._fail_on(j, "expected an argument (an atom, number, quoted string, _ or list)")

    def _after_arg(self, j: int, opener: int):
        """``toks[j]`` follows an argument but is neither ',' nor the closing bracket."""
        tok = self.toks[j]
        if tok.kind in ("end", "eof") or (tok.kind == "punct" and tok.value in ")]}"):
            self._unbalanced(j, opener)
        if tok.kind == "punct" and tok.value == "|":
            raise _Reject(j, "syntax", f"list tails [H|T] are not allowed (at {self.lines.where(tok.pos)}): "
                          "write every item, e.g. [alice,bob]")
        if self.toks[j - 1].kind == "sym" and "$" in self.toks[j - 1].value:
            k = j
            while not (self.toks[k].kind in ("end", "eof") or self.toks[k].value in (")", "]")):
                k += 1
            written = self._snippet(j - 1, k - 1)
            raise _Reject(j, "amount", f"amount {written} at {self.lines.where(tok.pos)}: amounts are plain numbers "
                          f"without symbols or separators; {_amount_fix(written)}")
        date_like = self._unquoted_date(j)
        if date_like:
            raise _Reject(j, "date", f"unquoted date {date_like}: dates must be quoted strings \"YYYY-MM-DD\"")
        if tok.kind == "sym" or (tok.kind == "atom" and tok.value in _ALPHA_OPERATORS):
            expr = self._snippet(j - 1, j + 1)
            raise _Reject(j, "syntax", f"operator expression {expr!r} at {self.lines.where(tok.pos)} is not allowed "
                          "in an argument: write the value itself")
        if tok.kind in ("atom", "var", "anon", "num", "str"):
            prev_line = self.lines.line(self.toks[j - 1].end - 1)
            if self.lines.line(tok.pos) > prev_line:  # the fact was cut short: resume on the next line
                op = self.toks[opener]
                raise _Reject(j, "syntax", f"{op.value!r} opened at {self.lines.where(op.pos)} is not closed at the "
                              f"end of line {prev_line}: missing {_CLOSE[op.value]!r} and '.'?", skip=False)
            raise _Reject(j, "syntax", f"missing ',' before {self._show(tok)} at {self.lines.where(tok.pos)}")
        self._fail_on(j, "expected ',' or a closing bracket")

    def _unquoted_date(self, j: int) -> str | None:
        """``toks[j-1..j+3]`` read like 2017-01-05 or 01/05/2017 written without quotes."""
        window = self.toks[j - 1:j + 4]
        if len(window) == 5 and [t.kind for t in window] == ["num", "sym", "num", "sym", "num"] \
                and window[1].value == window[3].value and window[1].value in ("-", "/"):
            return self.text[window[0].pos:window[4].end]
        return None


# ------------------------------------------------------------------------ input handling


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
    return _anchored(raws, tokenizer.anchors), problems


def _anchored(raws: list[_Raw], anchors: list[tuple[int, tuple[str, ...]]]) -> list[_Raw]:
    """Each clause with the anchor that closes its group: the first anchor comment after it."""
    if not anchors:
        return raws
    at = [pos for pos, _ in anchors]
    out = []
    for raw in raws:
        k = bisect.bisect_left(at, raw.end)
        out.append(replace(raw, anchor=anchors[k][1]) if k < len(anchors) else raw)
    return out


#: Typographic quotes a model may write around an anchor's span.
_CURLY = str.maketrans({"\u201c": '"', "\u201d": '"', "\u201e": '"', "\u00ab": '"', "\u00bb": '"'})
_ANCHOR_HEAD = re.compile(r'\s*(?:anchor\s*:\s*)?"', re.I)


def _anchor_spans(comment: str) -> tuple[str, ...]:
    """The quoted spans of a ``%`` comment that is an anchor (its text, after an optional
    ``anchor:``, starts with a double quote); ``()`` for any other comment. Spans are read as
    Prolog strings (same escapes); empty spans are dropped."""
    comment = comment.translate(_CURLY)
    if not _ANCHOR_HEAD.match(comment):
        return ()
    inner = _Lines(comment)
    spans = tuple(t.value for t in _Tokenizer(comment, inner).run() if t.kind == "str" and str(t.value).strip())
    return spans


def anchor_comment(spans: tuple[str, ...]) -> str:
    """The canonical anchor comment for ``spans`` (``'  % "span"'``; ``""`` if none): the spans
    as escaped, pure-ASCII Prolog strings that :func:`parse_facts` reads back identically."""
    return ("  % " + " ".join(_quote(sp, '"') for sp in spans)) if spans else ""


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


# ------------------------------------------------------------------------- vocabulary


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


def _amount_fix(text: str) -> str:
    digits = re.sub(r"(?i)[\s$,_]|usd|dollars?", "", text)
    try:
        value = float(digits) if "." in digits else int(digits)
    except ValueError:
        return "write a plain number, e.g. 50000"
    return f"write {Number(value).canonical}"


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
