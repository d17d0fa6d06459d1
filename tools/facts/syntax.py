"""The parser of the fact language: clause by clause, from tokens to raw facts (:class:`_Raw`),
rejecting rules, directives, operator terms, unbalanced brackets and unterminated clauses with a
message that names the fix, and resynchronising at the next clause-ending period."""

from __future__ import annotations

from dataclasses import dataclass

from taxlogic.tools.facts.terms import AnonVar, Atom, Number, PList, Problem, ProblemKind, Str, _amount_fix
from taxlogic.tools.facts.tokens import _Lines, _Tok

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
