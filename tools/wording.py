"""Values and conditions in words, for explanations (:mod:`taxlogic.tools.explain`,
:mod:`taxlogic.tools.worksheet`): numbers from Prolog text, money, a section's heading, Prolog text
made readable, and :class:`Words`, which writes comparisons, computations, failing built-ins and
aggregates of a proof tree in words with their values (money as money, dates as dates, an amount
of the chain by its label). It works on any node with the fields of
:class:`taxlogic.tools.explain.Node` and on any domain law (its optional ``names``,
``value_text`` and ``money_args``)."""

from __future__ import annotations

import re
from typing import Any


def as_number(v) -> int | float | None:
    if v is None or isinstance(v, (int, float)):
        return v
    try:
        f = float(v)
    except (TypeError, ValueError):
        return None
    return int(f) if f.is_integer() else f


def money(v) -> str:
    """Dollars: 326332 -> "$326,332", 1.5 -> "$1.50", -20 -> "−$20"."""
    n = as_number(v)
    if n is None:
        return str(v)
    sign = "−" if n < 0 else ""
    n = abs(n)
    return f"{sign}${n:,}" if isinstance(n, int) else f"{sign}${n:,.2f}"


_CALL = re.compile(r"([a-z][a-zA-Z0-9_]*)\(")


def called(goal: str) -> list[str]:
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
    t = re.sub(r"\s*(?<![a-z_])rdiv\b\s*", " / ", t)
    t = re.sub(r"\(nonvar\([^()]*\);nonvar\([^()]*\)\),?", "", t)
    t = re.sub(r"\bnonvar\([^()]*\),?", "", t)
    t = re.sub(r",(?! )", ", ", t)
    return t


def heading(c: Any, width: int = 70) -> str:
    """A section's words, cut to ``width``: its heading and the start of its first paragraph."""
    q = " ".join((c.quote or "").split()).strip("“”\"")
    if q.startswith("§"):  # "§7703. Determination of marital status"
        q = q.split(". ", 1)[-1]
    return q if len(q) <= width else q[: width - 1].rsplit(" ", 1)[0].rstrip(",;:-") + " …"


def title(c: Any) -> str:
    """A section's heading, whole (never cut mid-phrase): the title before its first paragraph
    ("Allowance of deductions"), or for a subsection without a title its first clause, up to
    the first semicolon ("the determination of whether an individual is married shall be made as
    of the close of his taxable year"), and past :data:`TITLE_ROOM` characters up to its first
    list or clause ("who maintains as his home a household which … of a dependent", before
    "(i) who"): a phrase that reads whole, never cut inside one; a trailing "and" / "or" dropped."""
    q = " ".join((c.quote or "").split()).strip("“”\"")
    if q.startswith("§"):
        q = q.split(". ", 1)[-1]
    head, sep, _ = q.partition(": ")
    if sep and len(head) <= 80:
        q = head
    q = q.split("; ", 1)[0]
    if len(q) > TITLE_ROOM:  # a long rule: its first sentence, then its phrase before a list or a clause
        q = q.split(". ", 1)[0]
        m = re.search(r"\s\((?:i|1|A)\)\s|,\s(?:and|or|if|except|unless|but|provided)\b|\.\s", q[40:])
        if len(q) > TITLE_ROOM and m:
            q = q[:40 + m.start()]
    q = re.sub(r"[,;]?\s+(?:and|or)$", "", q.rstrip()).rstrip(",;:. ")
    return q


TITLE_ROOM = 110
"""A subsection without a title longer than this is named by its first phrase (:func:`title`)."""


# ------------------------------------------------------------------ conditions in words


_NUMBER = re.compile(r"(?<![\w.\"'])-?\d+(?:\.\d+)?(?:r\d+)?(?![\w\"'])")
_DURATION = re.compile(r"^-?[\d,.]+ (?:days?|years?)$")
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
        return as_number(int(m.group(1)) / int(m.group(2)))
    return as_number(text) if re.fullmatch(r"-?\d+(?:\.\d+)?(?:e[+-]?\d+)?", text) else None


class Words:
    """Writes conditions in words for one tree: values named by the law (dates, durations),
    amounts as money, an amount of the chain by its label ("gross income of alice ($326,332)")."""

    def __init__(self, root: Any = None, law=None, names: dict[str, str] | None = None,
                 happened: dict[str, str] | None = None):
        self.law = law
        self.names = names or {}
        self.happened = happened or {}
        self.money: dict[float, str | None] = {}
        self.named: dict[str, str] = {}
        self.origin: dict[str, tuple[str, str]] = {}
        nodes = list(root.walk()) if root is not None else []
        for n in reversed(nodes):  # the innermost computation names a value first
            if n.label and n.amount is not None and n.holds:
                v = number_of(str(n.amount))
                if v not in (None, 0):
                    self.money.setdefault(v, n.label)
        for n in nodes:  # then the other dollar amounts (a case's amount_ facts …), unnamed
            if law is not None and n.predicate:
                for v in (getattr(law, "money_args", lambda p, a: [])(n.predicate, n.args) or []):
                    x = number_of(v)
                    if x not in (None, 0):
                        self.money.setdefault(x, None)
                self.named.update(getattr(law, "names", lambda p, a: {})(n.predicate, n.args) or {})
                self.origin.update(getattr(law, "date_origins", lambda p, a: {})(n.predicate, n.args) or {})

    def atom(self, name: str) -> str:
        """An atom the case's facts do not name directly (one a rule of a gold program makes:
        ``bob_maintains_household_2016``) in words, its people as the case writes them ("Bob
        maintains household 2016")."""
        words = name_words(name)
        for key, written in self.names.items():
            k = key.strip('"')
            if written[:1].isupper() and k.lower() == written.lower() and re.fullmatch(r"[A-Za-z]+", written):
                words = re.sub(rf"\b{re.escape(written.lower())}\b", written, words)
        return words

    def constant(self, text: str) -> str | None:
        """A constant of the case (an atom, a quoted string) in the case's words, if named."""
        return self.names.get(text.strip())

    def value(self, text: str, label: bool = False) -> tuple[str, str]:
        """(kind, words) of a value: kind "date", "money", "number" or "term"."""
        text = text.strip()
        if text in self.named:
            return "date", self.named[text]
        n = number_of(text)
        if n is None:
            if text.startswith("(") and text.endswith(")") and self.names:  # a tuple: (bob, 1760) -> Bob ($1,760)
                items = [self.value(x, label) for x in split_args(text[1:-1])]
                if len(items) > 1 and items[0][0] == "term":
                    return "term", f"{items[0][1]} ({', '.join(w for _, w in items[1:])})"
                return "term", "(" + ", ".join(w for _, w in items) + ")"
            return "term", self.names.get(text) or plain(text)
        described = getattr(self.law, "value_text", lambda v: None)(text) if self.law is not None else None
        if described:
            return "date", described
        if n in self.money:
            who = self.money[n]
            return "money", (f"{who} ({money(n)})" if label and who else money(n))
        return "number", (f"{n:,}" if isinstance(n, float) or abs(n) >= 10000 else str(n))

    def duration(self, text: str) -> str | None:
        """A number of seconds as the law words a duration ("182.5 days"), or None."""
        n = number_of(text)
        if n is None or self.law is None:
            return None
        return getattr(self.law, "value_text", lambda v: None)(repr(float(n)))

    def expr(self, text: str) -> str:
        """An arithmetic expression with its numbers as values, the solver's conversions dropped."""
        t = plain(text)
        t = re.sub(r"\bround\((.*)\)$", r"\1, rounded", t)
        t = _NUMBER.sub(lambda m: self.value(m.group(0))[1], t)
        t = re.sub(r"(?<=[\w)])([+*]|-(?!\d))(?=[\w$(−])|(?<=[\w)])-(?=[\d$])", lambda m: f" {m.group(0)} ", t)
        return re.sub(r"\s+", " ", t.replace("*", "×"))

    def money_expr(self, text: str) -> bool:
        return any(number_of(m.group(0)) in self.money for m in _NUMBER.finditer(text))

    def compare(self, n: Any) -> str | None:
        m = _COMPARE.match(n.goal)
        if not m:
            return None
        a, op, b = (re.sub(r"^\s*rational\((.*)\)\s*$", r"\1", x) for x in m.groups())
        (ka, wa), (kb, wb) = self.value(a, True), self.value(b, True)
        if ka == "term":
            wa = self.expr(a)
        if kb == "term":
            wb = self.expr(b)
        # one unit on both sides: a duration ("365 days") against a bare number of seconds
        # (15768000, half a year) is written as a duration too, never days against seconds
        if _DURATION.match(wa) and kb == "number":
            wb = self.duration(b) or wb
        elif _DURATION.match(wb) and ka == "number":
            wa = self.duration(a) or wa
        # money against a bare number: a whole number is a dollar threshold (a bracket's top); a
        # fraction below one is a share (one-half of the support), so the other side is a share too
        elif {ka, kb} == {"money", "number"}:
            (ma, na), (ws_money, ws_num) = ((a, b), (wa, wb)) if ka == "money" else ((b, a), (wb, wa))
            x = number_of(na)
            if isinstance(x, int):
                ws_num = money(x)
            elif x is not None and abs(x) < 1:
                ws_money = str(number_of(ma))
            wa, wb = (ws_money, ws_num) if ka == "money" else (ws_num, ws_money)
        durations = bool(_DURATION.match(wa)) and bool(_DURATION.match(wb))  # "121 days is less than 182 days"
        table = _SAYS_DATES if "date" in (ka, kb) and op in _SAYS_DATES and not durations else _SAYS
        return f"{wa} {table[op][0 if n.holds else 1]} {wb}"

    def arith(self, n: Any, owner: Any = None) -> str | None:
        """``R is E`` as "R = E" when it computes money or a date (plumbing otherwise: None).
        ``owner``: the nearest labelled node above; when it computes R, R is named by its label."""
        m = re.match(r"^(.*?) is (.*)$", n.goal, re.S)
        if not m:
            return None
        r, e = m.groups()
        kr, wr = self.value(r, True)
        if owner is not None and owner.amount is not None and number_of(r) == owner.amount and kr == "money":
            wr = f"{owner.label} ({money(owner.amount)})"
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

    def builtin(self, n: Any) -> str | None:
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
            what = ", ".join(dict.fromkeys(name_words(x) for x in called(n.args[1]))) if len(n.args) > 2 else ""
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

    def point(self, text: str, before: bool = False) -> str:
        """A date of a proof named by where it comes from (:meth:`date_origins` of the law): the
        start of a year ("the start of 2019"; just ``before`` it: "the close of 2018"), the close
        of a year, the start or end of an event of the case ("the death of Bob, 16 Sep 2017")."""
        day = self.value(text)[1] if self.value(text)[0] != "term" else term_words(text)
        kind, what = self.origin.get(text.strip(), ("", ""))
        if kind == "year_start" and what.isdigit():
            return f"the close of {int(what) - 1}" if before else f"the start of {what} ({day})"
        if kind == "year_end":
            return f"the close of {what}"
        if kind == "start" and what in self.names:  # an event's start is the event: "the marriage of Alice and Bob"
            return f"{self.names[what]} ({day})"
        if kind == "end" and what in self.names:
            return f"the end of {self.names[what]} ({day})"
        return day

    def _day(self, text: str) -> str:
        kind, words = self.value(text)
        return words if kind != "term" else term_words(text)

    def relation(self, n: Any) -> str | None:
        """A failing comparison of dates (``is_before(A, B)``: A is on or before B) read in the
        statute's direction, what is true instead: "Bob died on 16 Sep 2017, before the close of
        2018", never "1 Jan 2019 is before 16 Sep 2017" marked as failing."""
        name = (n.predicate or "").rsplit("/", 1)[0]
        if n.holds or name not in ("is_before", "is_after") or len(n.args) != 2:
            return None
        a, b = n.args if name == "is_before" else reversed(n.args)  # fails: b is strictly before a
        kb, eb = self.origin.get(b.strip(), ("", ""))
        ka, ea = self.origin.get(a.strip(), ("", ""))
        if kb == "start" and eb in self.happened:  # what happened is the subject: "Bob died on …, before …"
            other = (f"{self.happened[ea]} on {self._day(a)}" if ka == "start" and ea in self.happened
                     else self.point(a, before=True))
            return f"{self.happened[eb]} on {self._day(b)}, before {other}"
        if ka == "start" and ea in self.happened:
            return f"{self.happened[ea]} on {self._day(a)}, after {self.point(b)}"
        return f"{self.point(b)} is before {self.point(a, before=True)}"

    def aggregate(self, n: Any) -> str:
        """"3 results: $1,000, $2,000, $3,000" (the first values; "… k more")."""
        items = _split_list(n.value or "")
        count = n.count if n.count is not None else len(items)
        shown = [self.value(x)[1] for x in items[:3]]
        goal = n.goal.split(",[", 1)[0] if n.goal.startswith("findall") else n.goal
        found = called(goal)
        kinds = [name_words(k) for k in re.findall(r"\b([a-z][a-zA-Z0-9_]*_)\(\s*[^,()]*\)", plain(goal))]
        sections = list(dict.fromkeys(name_words(x) for x in found if _SECTION_NAME.match(x)))
        if kinds:  # what was found is the event the goal looks for: "1 payment found"
            noun = kinds[0]
            head = f"{count} {noun}{'' if count == 1 or noun.endswith('s') else 's'} found"
            if not items:
                return head if count else f"no {noun} found"
        else:
            what = ", ".join(sections)
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


def add_words(root: Any, law=None, names: dict[str, str] | None = None, happened: dict[str, str] | None = None) -> None:
    """Set ``words`` on the comparisons, computations, failing built-ins and aggregates of a tree
    (children first, so computed amounts are money for their parents); ``names``: the case's
    constants in its words (:class:`Words`)."""
    w = Words(root, law, names, happened)
    nodes = list(root.walk())
    owner: dict[int, Any] = {}  # id(node) -> nearest labelled ancestor
    for n in nodes:
        mine = n if n.label and n.amount is not None else owner.get(id(n))
        for c in n.children:
            owner[id(c)] = mine
    for n in reversed(nodes):
        if n.kind == "arith":
            n.words = w.arith(n, owner.get(id(n)))
    for n in nodes:  # a case's facts in words, amounts as money (the worksheet's "case fact" lines)
        if n.kind == "fact" and n.words is None:
            n.words = goal_words(n.goal, w)
    for n in reversed(nodes):
        if n.kind == "compare":
            n.words = w.compare(n)
        elif n.kind == "builtin":
            n.words = w.builtin(n)
        elif n.kind == "call" and not n.holds:
            n.words = w.relation(n)
        elif n.kind == "aggregate":
            n.words = w.aggregate(n)


# ------------------------------------------------------------------ goals in words

_MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
_ISO_DAY = re.compile(r'^"?(\d{4})-(\d{2})-(\d{2})"?$')
_SECTION_NAME = re.compile(r"^s(\d+[A-Z]?)((?:_[A-Za-z0-9]{1,4})*)(?:_([a-z][a-z_]*))?$")
#: Utility predicates of two arguments read as "A <words> B" (dates compared, kinship).
_RELATIONS = {"is_before": "is before", "is_after": "is after", "is_before_or_same": "is on or before",
              "is_after_or_same": "is on or after", "same_day": "is the same day as"}


def name_words(name: str) -> str:
    """A predicate or atom name in words: ``marriage_`` -> "marriage", ``joint_return_`` ->
    "joint return", ``s151_b_applies`` -> "§151(b) applies", ``s7703`` -> "§7703",
    ``bob_s_house`` -> "bob's house"."""
    m = _SECTION_NAME.match(name)
    if m:
        parts = "".join(f"({p})" for p in m.group(2).split("_") if p)
        return f"§{m.group(1)}{parts}" + (f" {m.group(3).replace('_', ' ')}" if m.group(3) else "")
    words = name.strip("_").replace("_s_", "'s ").replace("_", " ")
    return words or name


def split_args(text: str) -> list[str]:
    """The top-level, comma-separated arguments of a Prolog term's argument text (``a, f(b, c), "x, y"``
    -> ``["a", "f(b, c)", '"x, y"']``): commas inside brackets, braces or quotes do not split."""
    out, depth, cur, quote = [], 0, "", None
    for ch in text:
        if quote:
            cur += ch
            if ch == quote:
                quote = None
            continue
        if ch in "\"'":
            quote = ch
        elif ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        out.append(cur.strip())
    return out


def term_words(text: str, value=None) -> str:
    """One Prolog argument in words: an atom's underscores as spaces, a date as "3 Feb 2017",
    a variable as "someone", a list item by item, a compound by :func:`goal_words`; ``value``
    (a :class:`Words` or None) writes numbers (money as money, durations, dates)."""
    t = text.strip()
    named = getattr(value, "names", {}).get(t)
    if named:
        return named
    if not t or re.fullmatch(r"_[A-Z0-9_]*[0-9]*", t):
        return "someone"
    if re.fullmatch(r"_?[A-Z][A-Za-z0-9_]*", t):  # a named variable: its name ("Gross_income": the gross income)
        return "the " + t.strip("_").replace("_", " ").lower()
    m = _ISO_DAY.match(t)
    if m and 1 <= int(m.group(2)) <= 12:
        return f"{int(m.group(3))} {_MONTHS[int(m.group(2)) - 1]} {m.group(1)}"
    if number_of(t) is not None:
        return value.value(t, True)[1] if value is not None else t
    if t.startswith("[") and t.endswith("]"):
        items = [term_words(x, value) for x in _split_list(t)]
        return ", ".join(items) if items else "nothing"
    if t[0] in "\"'" and t[-1] == t[0]:
        return t[1:-1]
    if re.fullmatch(r"[a-z][a-zA-Z0-9_]*\(.*\)", t, re.S):
        return goal_words(t, value)
    if re.fullmatch(r"[a-z][a-zA-Z0-9_]*", t):
        return value.atom(t) if hasattr(value, "atom") else name_words(t)
    return plain(t)


def goal_words(goal: str, value=None) -> str:
    """A Prolog goal in words, with no predicate-shaped token left: an event of a case
    (``marriage_(_)`` -> "a marriage"; ``payment_(p1)`` -> "p1 is a payment"), a role or property
    of one (``agent_(p1, bob)`` -> "the agent of p1 is bob"; dates and amounts as values), a
    statute's predicate (``s151_b_applies(alice, 2016)`` -> "§151(b) applies (alice, 2016)"), a
    comparison of dates (``is_before("2019-01-01", "2017-09-16")`` -> "1 Jan 2019 is before 16
    Sep 2017"), any other call as its name in words with its arguments. ``value``: a
    :class:`Words` for the numbers (money, durations), or None."""
    g = plain(goal).strip().rstrip(".")
    parts = split_args(g)
    if len(parts) > 1:  # a conjunction: each goal in words
        return "; ".join(goal_words(p, value) for p in parts)
    neg = g.startswith("\\+")
    if neg:
        g = g[2:].strip().strip("()")
    m = re.fullmatch(r"([a-z][a-zA-Z0-9_]*)\((.*)\)", g, re.S)
    if not m:
        words = name_words(g) if re.fullmatch(r"[a-z][a-zA-Z0-9_]*", g) else plain(g)
        return f"not: {words}" if neg else words
    name, args = m.group(1), split_args(m.group(2))
    said = [term_words(a, value) for a in args]
    what = name_words(name)
    if name in _RELATIONS and len(said) == 2:
        out = f"{said[0]} {_RELATIONS[name]} {said[1]}"
    elif name.endswith("_") and len(said) == 1:
        out = (f"a {what}" if said[0] == "someone" else said[0] if said[0].startswith(f"the {what}")
               else f"{said[0]} is a {what}")
    elif name.endswith("_") and len(said) == 2:
        out = (f"a {what} of {said[0]}" if said[1] == "someone" else f"the {what} of {said[0]} is {said[1]}")
    else:
        out = f"{what} ({', '.join(said)})" if said else what
    return f"not: {out}" if neg else out
