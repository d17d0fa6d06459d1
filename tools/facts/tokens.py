"""The tokenizer of the fact language (and of trusted Prolog text, :mod:`.clauses`): atoms,
variables, numbers, quoted items with Prolog's escapes, punctuation, symbol runs and
clause-ending periods; comments skipped (line comments kept for the anchors), control
characters and malformed items turned into error tokens that name the line and column."""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass

from taxlogic.tools.facts.terms import ProblemKind

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
#: The items most text is made of, each read in one match exactly as :meth:`_Tokenizer._token`
#: reads it (the general path takes everything else: comments, escapes, control characters,
#: symbols, other numbers, errors): ASCII layout, a name, a variable, a plain integer (at most
#: 18 digits, not followed by what would make it a float or a malformed number), a string or
#: quoted atom with no escape, control character, doubled quote or line break, a punctuation
#: mark, and a clause-ending period followed by ASCII layout, a line comment or the end of the
#: text.
_FAST = re.compile(r"""(?P<layout>[ \t\n\r]+)|(?P<name>[a-z][A-Za-z0-9_]*)|(?P<var>[A-Z_][A-Za-z0-9_]*)"""
                   r"""|(?P<int>[0-9]{1,18}(?![\w']|\.\d))"""
                   r"""|(?P<str>"[^"\\\n\x00-\x1f\x7f-\x9f]*"(?!"))|(?P<qatom>'[^'\\\n\x00-\x1f\x7f-\x9f]*'(?!'))"""
                   r"""|(?P<punct>[()\[\]{},|])|(?P<end>\.(?=[ \t\n\r%]|\Z))""")
_FAST_KIND = {"str": "str", "qatom": "atom", "punct": "punct", "end": "end"}


@dataclass(slots=True)
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
    """``fast``: read the common items in one match each (:data:`_FAST`); False reads every item
    by the general path (the same tokens: ``tests/test_facts.py``)."""

    def __init__(self, text: str, lines: _Lines, *, fast: bool = True):
        self.text, self.lines, self.n, self.fast = text, lines, len(text), fast
        self.toks: list[_Tok] = []
        self.comments: list[tuple[int, str]] = []  # (offset, text after the %) of each line comment

    def _error(self, pos: int, end: int, kind: ProblemKind, message: str, *, clause: bool = True) -> None:
        self.toks.append(_Tok("error", None, pos, end, error=(kind, message), clause_error=clause))

    def run(self) -> list[_Tok]:
        text, n, i, layout = self.text, self.n, 0, True
        toks, fast = self.toks, _FAST.match if self.fast else None
        while i < n:
            m = fast(text, i) if fast is not None else None
            if m is not None:  # the common items, as the general path below reads them
                kind, end = m.lastgroup, m.end()
                if kind == "layout":
                    layout = True
                elif kind == "name":
                    toks.append(_Tok("atom", m.group(), i, end, layout))
                    layout = False
                elif kind == "var":
                    name = m.group()
                    toks.append(_Tok("anon" if name == "_" else "var", name, i, end, layout))
                    layout = False
                elif kind == "int":
                    toks.append(_Tok("num", int(m.group()), i, end, layout))
                    layout = False
                else:  # punct, end, str, qatom
                    value = text[i + 1:end - 1] if kind in ("str", "qatom") else text[i]
                    toks.append(_Tok(_FAST_KIND[kind], value, i, end, layout, kind in ("str", "qatom")))
                    layout = False
                i = end
                continue
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
            start = len(toks)
            i = self._token(i)
            for tok in toks[start:]:
                tok.layout_before, layout = layout, False
        toks.append(_Tok("eof", None, n, n))
        return toks

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
            self.comments.append((i, text[i + 1:end]))
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
