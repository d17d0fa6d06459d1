"""Explanations as a worksheet: the layers a reader of the law reads first.

An :class:`~taxlogic.tools.explain.Explanation` holds the whole proof tree (the third layer,
``--full``). This module reads two lighter layers out of it, domain-neutral (everything it says
comes from the citations, labels and words :func:`taxlogic.tools.explain.annotate` put on the
nodes):

1. the answer and the chain of amounts (numeric answers) or the deciding condition (a claim
   that fails): :attr:`Worksheet.chain`, :attr:`Worksheet.deciding`;
2. one :class:`Step` per section (a cited or labelled node), in the order the law applies them
   (top down), each with its :class:`Condition` s: the sub-sections it relies on (referenced:
   each has its own step, written once), comparisons and computations in words with their
   values (money as money, dates as dates), the case's sentences stating its facts, aggregates
   by count and first values. A section applied again with other arguments (wages of 50
   employees) is written once and counted (:attr:`Step.repeats`).

A why-not tree (the claim fails) is read along the path that got furthest: at each predicate
the clause or branch whose conditions held longest before one failed; the other alternatives are
counted, not listed (``--full`` shows them).
"""

from __future__ import annotations

import re
import textwrap
from typing import Iterator

from pydantic import BaseModel, Field

from taxlogic.tools.explain import Amount, Citation, Explanation, Node

#: Conditions listed per step before "… k more" (the tree holds all of them).
MAX_CONDITIONS = 8
#: Solutions of an aggregate whose derivations are read into the step (the others by value).
SHOWN_SOLUTIONS = 3
#: Steps written before "… k more sections (--full)".
MAX_STEPS = 24


class Condition(BaseModel):
    """One line under a step: ``text`` in words with formatted values; ``holds``; ``section``:
    the sub-section it refers to (its own step), ``sentence``: the case's sentence stating it."""

    holds: bool = True
    text: str
    section: str | None = None
    sentence: str | None = None
    absent: bool = False


class Step(BaseModel):
    """A section (or labelled amount) as applied: ``section`` as cited, ``title`` (the amount's
    label or the section's heading), ``amount`` (dollars, when it computes one), ``goal`` (the
    Prolog call, as bound), its ``conditions``, and ``repeats``: how many more times the same
    section was applied with other arguments (not written again)."""

    section: str | None = None
    title: str
    goal: str = ""
    holds: bool = True
    amount: int | float | None = None
    conditions: list[Condition] = Field(default_factory=list)
    more: int = 0
    repeats: int = 0


class Worksheet(BaseModel):
    """The first two layers of an explanation (see the module doc)."""

    holds: bool | None = None
    chain: list[Amount] = Field(default_factory=list)
    deciding: list[Condition] = Field(default_factory=list)
    other_routes: int = 0
    steps: list[Step] = Field(default_factory=list)
    more_steps: int = 0


# ------------------------------------------------------------------------------ building


def _is_step(n: Node) -> bool:
    return n.kind in ("rule", "call") and bool(n.citation or n.label)


def _progress(n: Node) -> int:
    """How far a failing alternative got: the nodes that held under it."""
    return sum(1 for m in n.walk() if m.holds and m is not n)


def _why_path(n: Node) -> list[Node]:
    """The children of a failing node to follow: alternatives reduced to the one that got
    furthest (ties: the first)."""
    alts = [c for c in n.children if c.kind == "alternative" and not c.holds]
    if len(alts) > 1:
        best = max(alts, key=_progress)
        return [c for c in n.children if c.kind != "alternative" or c is best]
    return n.children


def build(expl: Explanation, people: set[str] | None = None) -> Worksheet:
    """The worksheet of an (annotated) explanation. ``people``: the atoms of the question
    (default: the query's); chain rows about anyone else are left out unless non-zero."""
    ws = Worksheet(holds=expl.holds)
    if expl.root is None:
        return ws
    people = people if people is not None else query_atoms(expl.query)
    ws.chain = [a for a in expl.chain if _about(a, people)]
    steps: dict[str, Step] = {}          # section key -> its step
    done: set[str] = set()               # goals written
    order: list[str] = []

    def key(n: Node) -> str:
        return (n.citation.section if n.citation else "") + "|" + (n.predicate or n.goal) + "|" + str(n.holds)

    def visit(n: Node) -> None:
        k = key(n)
        if n.goal in done:
            return
        done.add(n.goal)
        if k in steps:
            steps[k].repeats += 1
            return
        step = Step(section=n.citation.section if n.citation else None, title=_title(n), goal=n.goal,
                    holds=n.holds, amount=_num(n.amount))
        steps[k] = step
        subs: list[Node] = []
        conds = list(_conditions(n, subs, people))
        step.conditions = conds[:MAX_CONDITIONS]
        step.more = len(conds) - len(step.conditions)
        if not n.holds or any(c.section is None and not c.absent for c in conds):
            order.append(k)  # a section that only passes on to others (or an amount of the chain) is seen in its references
        for s in subs:
            visit(s)

    if expl.holds is False:
        ws.deciding, ws.other_routes = _deciding(expl.root)
    visit(expl.root) if _is_step(expl.root) else [visit(s) for s in _top_steps(expl.root)]
    ws.steps = [steps[k] for k in order[:MAX_STEPS]]
    ws.more_steps = max(0, len(order) - MAX_STEPS)
    return ws


def _top_steps(root: Node) -> list[Node]:
    subs: list[Node] = []
    list(_conditions(root, subs, set()))
    return subs


def _conditions(n: Node, subs: list[Node], people: set[str]) -> Iterator[Condition]:
    """The conditions of step ``n`` (its frontier below plumbing), appending the sub-steps to
    ``subs`` (each referenced here, explained in its own step)."""
    facts: dict[str, list[str]] = {}     # sentence -> fact predicates, written once per step

    def fact_line(c: Node) -> Condition | None:
        if c.sentence:
            names = facts.setdefault(c.sentence, [])
            if names:
                return None
            names.append(c.name or "")
            return Condition(holds=c.holds, text=f"case: “{c.sentence}”", sentence=c.sentence)
        return Condition(holds=c.holds, text=("case fact " if c.source != "kb" else "fact ") + plain(c.goal)
                         + (f" ({c.note})" if c.note and not c.holds else ""))

    def walk(c: Node, first: bool) -> Iterator[Condition]:
        if c.kind == "more":
            return
        if not first and _is_step(c):
            subs.append(c)
            yield Condition(holds=c.holds, text=_ref(c, people), section=c.citation.section if c.citation else None)
            return
        if c.kind == "fact" and not first:
            line = fact_line(c)
            if line:
                yield line
            return
        if c.kind in ("compare", "arith", "builtin") and not first:
            if c.words and not (c.kind == "arith" and c.holds and _restates(c.words)):
                yield Condition(holds=c.holds, text=c.words)
            elif not c.holds:
                yield Condition(holds=False, text="a condition fails: " + plain(c.goal))
            return
        if c.kind == "negation" and not first:
            if c.holds:
                names = list(dict.fromkeys(_called(c.goal)))
                absent.append(c.citation.section if c.citation else (names[0] + (" …" if len(names) > 1 else "")) if names else "")
                return
            yield Condition(holds=c.holds, text=_negation(c))
            for k in c.children:  # what holds, so the negation fails
                yield from walk(k, False)
            return
        if c.kind == "aggregate" and not first:
            if c.holds and (not c.count or not _called(c.goal)):
                return  # nothing found, or a list handled in memory: the values appear where used
            yield Condition(holds=c.holds, text=c.words or plain(c.goal))
            for i, k in enumerate(c.children):
                if i < SHOWN_SOLUTIONS:
                    yield from walk(k, True)
            return
        kids = _why_path(c) if not c.holds else c.children
        for k in kids:
            if c.kind == "rule" and not c.holds and k.kind == "fact" and k.note and "other values" in k.note:
                continue  # the case's facts of a failing predicate: in --full
            yield from walk(k, False)

    absent: list[str] = []
    yield from walk(n, True)
    absent = [a for a in dict.fromkeys(absent) if a]
    if absent:
        yield Condition(text="does not apply, or no evidence of: " + ", ".join(absent), absent=True)


def _restates(words: str) -> bool:
    """"X = Y" where Y is a single value (an assignment, not a computation)."""
    rhs = words.rsplit(" = ", 1)[-1]
    return not re.search(r"[-+×/]|max|min|rounded", rhs)


def _deciding(root: Node) -> tuple[list[Condition], int]:
    """The condition that failed on the path that got furthest, and how many other routes
    (alternatives) failed on the way."""
    others = 0
    n = root
    cite = n.citation
    while True:
        alts = [c for c in n.children if c.kind == "alternative" and not c.holds]
        if len(alts) > 1:
            others += len(alts) - 1
        failing = [c for c in _why_path(n) if not c.holds and not (c.kind == "fact" and c.note and "other values" in c.note)]
        if not failing:
            break
        n = failing[-1]
        cite = n.citation or cite
        if n.kind == "negation":
            break
    where = f"{cite.section}: " if cite and not n.citation else ""
    if n.kind == "negation":
        text = _negation(n)
    elif n.kind in ("rule", "call") and (n.citation or n.label):
        text = _ref(n) + (f" ({n.note})" if n.note else "")
    elif n.kind == "fact":
        text = "no fact of the case states " + plain(n.goal)
    else:
        text = n.words or ("fails: " + plain(n.goal) + (f" ({n.note})" if n.note else ""))
    return [Condition(holds=False, text=where + text, section=cite.section if cite else None)], others


# ---------------------------------------------------------------------------------- words


def _title(n: Node) -> str:
    if n.label:
        return n.label
    return heading(n.citation) if n.citation else plain(n.goal)


def heading(c: Citation, width: int = 70) -> str:
    """A section's words, cut to ``width``: its heading and the start of its first paragraph."""
    q = " ".join((c.quote or "").split()).strip("“”\"")
    if q.startswith("§"):  # "§7703. Determination of marital status"
        q = q.split(". ", 1)[-1]
    return q if len(q) <= width else q[: width - 1].rsplit(" ", 1)[0].rstrip(",;:-") + " …"


def _ref(n: Node, people: set[str] | frozenset = frozenset()) -> str:
    """A sub-step as a condition: section, its amount or heading, the arguments it holds for."""
    sec = n.citation.section + " " if n.citation else ""
    if n.label and n.amount is not None:
        return f"{sec}{n.label}: {money(n.amount)}"
    what = heading(n.citation, 44) if n.citation else plain(n.goal)
    args = ", ".join(a for a in n.args if a != "_" and a not in people and re.fullmatch(r"[a-z][a-zA-Z0-9_]*", a))
    return f"{sec}{what}" + (f" ({plain(args)})" if args else "")


def _negation(n: Node) -> str:
    """``\\+ G`` in words: a cited G "does not apply", else "no evidence that …"."""
    if n.citation:
        h = heading(n.citation, 50)
        return (f"{n.citation.section} does not apply ({h})" if n.holds
                else f"{n.citation.section} applies ({h}), so this condition fails")
    what = ", ".join(dict.fromkeys(_called(n.goal))) or plain(n.goal)
    return (f"no evidence that {what} hold" if n.holds else f"{what} hold, so this condition fails")


_CALL = re.compile(r"([a-z][a-zA-Z0-9_]*)\(")


def _called(goal: str) -> list[str]:
    """The predicates a goal calls, without the solver's helpers."""
    return [m.group(1) for m in _CALL.finditer(goal) if m.group(1) not in _INTERNAL]


#: Built-ins a reader of the law never needs to see (they only move values around).
_INTERNAL = {"nonvar", "var", "findall", "list_to_set", "append", "member", "memberchk", "sum_list", "sumlist",
             "length", "rational", "rdiv", "round", "atom_concat", "between", "is_list", "msort", "sort",
             "nth0", "nth1", "last", "max_list", "min_list", "aggregate_all", "bagof", "setof", "forall",
             "atom_string", "string_concat", "number", "atom", "ground", "foldl", "call", "once", "ignore"}


def plain(text: str) -> str:
    """Prolog text made readable without changing what it says: anonymous variables and the
    solver's helpers dropped, a space after each comma (so lines break between arguments)."""
    t = re.sub(r"\brational\(([^()]*)\)", r"\1", text)
    t = re.sub(r"\s*\brdiv\b\s*", " / ", t)
    t = re.sub(r"\(nonvar\([^()]*\);nonvar\([^()]*\)\),?", "", t)
    t = re.sub(r"\bnonvar\([^()]*\),?", "", t)
    t = re.sub(r",(?! )", ", ", t)
    return t


def query_atoms(query: str) -> set[str]:
    """The atoms a query names (``tax(alice,2017,Tax)`` -> {alice}): the people of the question."""
    return {a for a in re.findall(r"(?<![A-Za-z0-9_])([a-z][a-zA-Z0-9_]*)(?!\s*\()", query)}


def _about(a: Amount, people: set[str]) -> bool:
    """A chain row is about the question's people, or about no one (a rate schedule), or
    non-zero (a spouse's income on a joint return)."""
    m = re.match(r"[a-z][a-zA-Z0-9_]*\((.*)\)$", a.goal or "")
    first = m.group(1).split(",")[0] if m else ""
    if not people or not re.fullmatch(r"[a-z][a-zA-Z0-9_]*", first) or first in people:
        return True
    return _num(a.value) not in (0, None)


def _num(v) -> int | float | None:
    if v is None or isinstance(v, (int, float)):
        return v
    try:
        f = float(v)
    except (TypeError, ValueError):
        return None
    return int(f) if f.is_integer() else f


def money(v) -> str:
    """Dollars: 326332 -> "$326,332", 1.5 -> "$1.50", -20 -> "−$20"."""
    n = _num(v)
    if n is None:
        return str(v)
    sign = "−" if n < 0 else ""
    n = abs(n)
    return f"{sign}${n:,}" if isinstance(n, int) else f"{sign}${n:,.2f}"


# ------------------------------------------------------------------------------- rendering


def step_head(s: Step, width: int = 76) -> str:
    """A step's first line: section, title (cut to fit one line), amount, repeats."""
    tail = f" = {money(s.amount)}" if s.amount is not None else ""
    if s.repeats:
        tail += f" (+{s.repeats} more with other values)"
    sec = f"{s.section} " if s.section else ""
    room = max(20, width - len(sec) - len(tail) - 2)
    title = s.title if len(s.title) <= room else s.title[: room - 1].rsplit(" ", 1)[0].rstrip(",;:-") + " …"
    return sec + title + tail



def lines(ws: Worksheet, width: int = 80, max_lines: int | None = None) -> list[tuple[str, str]]:
    """The worksheet's second layer as (style, text) lines wrapped at ``width`` at word
    boundaries (styles: "head", "ok", "fail", "case", "dim", ""); at most about ``max_lines``:
    the sections past it are counted ("… k more sections")."""
    out: list[tuple[str, str]] = []
    left = 0

    def put(style: str, text: str, indent: int) -> None:
        pad = " " * indent
        for i, line in enumerate(textwrap.wrap(text, width, initial_indent=pad, subsequent_indent=pad + "  ",
                                               break_long_words=False, break_on_hyphens=False) or [pad]):
            out.append((style, line))

    for i, s in enumerate(ws.steps):
        if max_lines is not None and len(out) + 2 + len(s.conditions) > max_lines - 1:
            left = len(ws.steps) - i
            break
        head = step_head(s)
        put("head" if s.holds else "fail", ("✗ " if not s.holds else "") + head, 0)
        for c in s.conditions:
            mark = "✓" if c.holds else "✗"
            put("case" if c.sentence else ("ok" if c.holds else "fail"), f"{mark} {c.text}", 2)
        if s.more:
            put("dim", f"… {s.more} more condition{'s' if s.more != 1 else ''} (--full)", 2)
    if ws.more_steps + left:
        k = ws.more_steps + left
        put("dim", f"… {k} more section{'s' if k != 1 else ''} (--full shows the proof)", 0)
    return out


# ------------------------------------------------------------------ conditions in words


_NUMBER = re.compile(r"(?<![\w.\"'])-?\d+(?:\.\d+)?(?:r\d+)?(?![\w\"'])")
_COMPARE = re.compile(r"^(.*?)(=<|>=|=:=|=\\=|<|>)(.*)$")
_SAYS = {">": ("exceeds", "does not exceed"), ">=": ("is at least", "is less than"),
         "<": ("is less than", "is not less than"), "=<": ("is at most", "exceeds"),
         "=:=": ("equals", "differs from"), "=\\=": ("differs from", "equals")}
_SAYS_DATES = {">": ("is after", "is not after"), ">=": ("is on or after", "is before"),
               "<": ("is before", "is not before"), "=<": ("is on or before", "is after")}
_AGGREGATE_OF = {"sum_list": "the sum", "sumlist": "the sum", "length": "the count", "max_list": "the largest",
                 "min_list": "the smallest"}


def number_of(text: str) -> int | float | None:
    """A Prolog number's text as a number (``3r2`` -> 1.5, ``4.0`` -> 4); None otherwise."""
    text = text.strip()
    m = re.fullmatch(r"(-?\d+)r(\d+)", text)
    if m:
        return _num(int(m.group(1)) / int(m.group(2)))
    return _num(text) if re.fullmatch(r"-?\d+(?:\.\d+)?(?:e[+-]?\d+)?", text) else None


class Words:
    """Writes conditions in words for one tree: values named by the law (dates, durations),
    amounts as money, an amount of the chain by its label ("gross income of alice ($326,332)")."""

    def __init__(self, root: Node, law=None):
        self.law = law
        self.money: dict[float, str | None] = {}
        self.named: dict[str, str] = {}
        for n in root.walk():
            if n.label and n.amount is not None and n.holds:
                v = number_of(str(n.amount))
                if v not in (None, 0):
                    self.money.setdefault(v, n.label)
            if law is not None and n.predicate:
                for v in (getattr(law, "money_args", lambda p, a: [])(n.predicate, n.args) or []):
                    x = number_of(v)
                    if x not in (None, 0):
                        self.money.setdefault(x, None)
                self.named.update(getattr(law, "names", lambda p, a: {})(n.predicate, n.args) or {})

    def value(self, text: str, label: bool = False) -> tuple[str, str]:
        """(kind, words) of a value: kind "date", "money", "number" or "term"."""
        text = text.strip()
        if text in self.named:
            return "date", self.named[text]
        n = number_of(text)
        if n is None:
            return "term", plain(text)
        described = getattr(self.law, "value_text", lambda v: None)(text) if self.law is not None else None
        if described:
            return "date", described
        if n in self.money:
            who = self.money[n]
            return "money", (f"{who} ({money(n)})" if label and who else money(n))
        return "number", (f"{n:,}" if isinstance(n, float) or abs(n) >= 10000 else str(n))

    def expr(self, text: str) -> str:
        """An arithmetic expression with its numbers as values, the solver's conversions dropped."""
        t = plain(text)
        t = re.sub(r"\bround\((.*)\)$", r"\1, rounded", t)
        t = _NUMBER.sub(lambda m: self.value(m.group(0))[1], t)
        t = re.sub(r"(?<=[\w)])([+*]|-(?!\d))(?=[\w$(−])|(?<=[\w)])-(?=[\d$])", lambda m: f" {m.group(0)} ", t)
        return re.sub(r"\s+", " ", t.replace("*", "×"))

    def money_expr(self, text: str) -> bool:
        return any(number_of(m.group(0)) in self.money for m in _NUMBER.finditer(text))

    def compare(self, n: Node) -> str | None:
        m = _COMPARE.match(n.goal)
        if not m:
            return None
        a, op, b = m.groups()
        (ka, wa), (kb, wb) = self.value(a, True), self.value(b, True)
        if ka == "term":
            wa = self.expr(a)
        if kb == "term":
            wb = self.expr(b)
        table = _SAYS_DATES if "date" in (ka, kb) and op in _SAYS_DATES else _SAYS
        return f"{wa} {table[op][0 if n.holds else 1]} {wb}"

    def arith(self, n: Node) -> str | None:
        """``R is E`` as "R = E" when it computes money or a date (plumbing otherwise: None)."""
        m = re.match(r"^(.*?) is (.*)$", n.goal, re.S)
        if not m:
            return None
        r, e = m.groups()
        kr, wr = self.value(r, True)
        if not n.holds:
            got = re.match(r"evaluates to (.+), not", n.note or "")
            return f"{self.expr(e)} is {self.value(got.group(1))[1] if got else 'something else'}, not {wr}"
        special = kr in ("money", "date") or self.money_expr(e) or any(
            self.value(x.group(0))[0] == "date" for x in _NUMBER.finditer(e))
        if not special:
            return None
        if kr != "money" and self.money_expr(e) and number_of(r) is not None and not re.search(r"/|ceil|floor", e):
            self.money.setdefault(number_of(r), None)
            wr = money(number_of(r))
        return f"{wr} = {self.expr(e)}"

    def builtin(self, n: Node) -> str | None:
        """A failing built-in in words: an aggregate (sum_list …) with what it gives instead, an
        (in)equality of terms, a collection that is not what was required; others None."""
        if n.holds:
            return None
        eq = re.match(r"^(.*?)(\\==|==|\\=|=)(.*)$", n.goal)
        if (n.predicate or "").rsplit("/", 1)[0] in ("\\==", "==", "\\=", "=") and eq:
            a, op, b = (plain(x).strip('"') for x in eq.groups())
            return f"{a} and {b} are the same, but must differ" if op.startswith("\\") else f"{a} is not {b}"
        if not n.predicate:
            return None
        f = n.predicate.rsplit("/", 1)[0]
        if f in ("findall", "aggregate_all", "bagof", "setof") and n.args:
            what = ", ".join(dict.fromkeys(_called(n.args[1]))) if len(n.args) > 2 else ""
            want = [self.value(x)[1] for x in _split_list(n.args[-1])]
            return f"the values found{' by ' + what if what else ''} are not {', '.join(want) or 'none'}"
        m = re.match(r"^\w+ gives (.+), not (.+)$", n.note or "")
        if f in _AGGREGATE_OF and m and n.args:
            values = [self.value(x) for x in _split_list(n.args[0])]
            as_money = f != "length" and any(k == "money" for k, _ in values)
            say = (lambda t: money(number_of(t)) if number_of(t) is not None else t) if as_money else (lambda t: self.value(t)[1])
            items = [w for _, w in values]
            return f"{_AGGREGATE_OF[f]} of {' + '.join(items) or 'nothing'} is {say(m.group(1))}, not {say(m.group(2))}"
        return None

    def aggregate(self, n: Node) -> str:
        """"3 results: $1,000, $2,000, $3,000" (the first values; "… k more")."""
        items = _split_list(n.value or "")
        count = n.count if n.count is not None else len(items)
        shown = [self.value(x)[1] for x in items[:3]]
        what = ", ".join(dict.fromkeys(_called(n.goal.split(",[", 1)[0] if n.goal.startswith("findall") else n.goal)))
        head = f"{count} result{'s' if count != 1 else ''}" + (f" of {what}" if what else "")
        if not items:
            return head if count else f"no results of {what}" if what else "no results"
        more = f", … {count - 3} more" if count > 3 else ""
        return f"{head}: {', '.join(shown)}{more}"


def _split_list(text: str) -> list[str]:
    """``[a,(b,c),d]`` -> ["a", "(b,c)", "d"] (top-level elements; not a list: [])."""
    text = text.strip()
    if not (text.startswith("[") and text.endswith("]")):
        return []
    out, depth, cur = [], 0, ""
    for ch in text[1:-1]:
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        if ch == "," and depth == 0:
            out.append(cur)
            cur = ""
        else:
            cur += ch
    if cur.strip():
        out.append(cur)
    return [x.strip() for x in out]


def add_words(root: Node, law=None) -> None:
    """Set ``words`` on the comparisons, computations, failing built-ins and aggregates of a tree
    (children first, so computed amounts are money for their parents)."""
    w = Words(root, law)
    nodes = list(root.walk())
    for n in reversed(nodes):
        if n.kind == "arith":
            n.words = w.arith(n)
    for n in reversed(nodes):
        if n.kind == "compare":
            n.words = w.compare(n)
        elif n.kind == "builtin":
            n.words = w.builtin(n)
        elif n.kind == "aggregate":
            n.words = w.aggregate(n)
