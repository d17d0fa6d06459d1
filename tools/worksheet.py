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

from taxlogic.tools.explain import Amount, Explanation, Node, prune, tree_markdown, tree_rich
from taxlogic.tools.wording import (Words, called, as_number, goal_words, money, name_words, number_of, plain,
                                    term_words, title)

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
    (default: the query's), not repeated in the references to sub-sections; the chain keeps
    every amount the proof computed (a spouse's $0 gross income too, in both SARA releases)."""
    ws = Worksheet(holds=expl.holds)
    if expl.root is None:
        return ws
    people = people if people is not None else query_atoms(expl.query)
    say = Words(None, None, expl.names, expl.happened)
    ws.chain = list(expl.chain)  # every amount the proof computed: a spouse's $0 gross income too (SARA 2020 as v2)
    steps: dict[str, Step] = {}          # section key -> its step
    done: set[str] = set()               # goals written
    order: list[str] = []

    def key(n: Node) -> str:  # a section is one step (its predicates' clauses read together), an amount one per label
        what = n.label or (n.predicate or n.goal) if not n.citation or n.label else ""
        return (n.citation.section if n.citation else "") + "|" + what + "|" + str(n.holds)

    def visit(n: Node) -> None:
        k = key(n)
        if n.goal in done:
            return
        done.add(n.goal)
        if k in steps:
            steps[k].repeats += 1
            return
        step = Step(section=n.citation.section if n.citation else None, title=_title(n, say), goal=n.goal,
                    holds=n.holds, amount=as_number(n.amount))
        steps[k] = step
        subs: list[Node] = []
        conds = list(_conditions(n, subs, people, say))
        step.conditions = conds[:MAX_CONDITIONS]
        step.more = len(conds) - len(step.conditions)
        if not order or not n.holds or any(c.section is None and not c.absent for c in conds):
            order.append(k)  # a section that only passes on to others (or an amount of the chain) is seen in its references
        for s in subs:
            visit(s)

    if expl.holds is False:
        ws.deciding, ws.other_routes = _deciding(expl.root, say)
    visit(expl.root) if _is_step(expl.root) else [visit(s) for s in _top_steps(expl.root, say)]
    ws.steps = [steps[k] for k in order[:MAX_STEPS]]
    ws.more_steps = max(0, len(order) - MAX_STEPS)
    return ws


def _top_steps(root: Node, say: Words) -> list[Node]:
    subs: list[Node] = []
    list(_conditions(root, subs, set(), say))
    return subs


def _conditions(n: Node, subs: list[Node], people: set[str], say: Words) -> Iterator[Condition]:
    """The conditions of step ``n`` (its frontier below plumbing), appending the sub-steps to
    ``subs`` (each referenced here, explained in its own step); ``say``: the case's constants in
    its words."""
    facts: dict[str, list[str]] = {}     # sentence -> fact predicates, written once per step

    def fact_line(c: Node) -> Condition | None:
        if c.sentence:
            names = facts.setdefault(c.sentence, [])
            if names:
                return None
            names.append(c.name or "")
            return Condition(holds=c.holds, text=f"case: “{c.sentence}”", sentence=c.sentence)
        return Condition(holds=c.holds, text=("case fact: " if c.source != "kb" else "fact: ") + (c.words or goal_words(c.goal, say))
                         + (f" ({_note(c.note)})" if c.note and not c.holds else ""))

    def walk(c: Node, first: bool) -> Iterator[Condition]:
        if c.kind == "more":
            return
        if not first and _is_step(c) and not (c.citation and n.citation and not c.label and not n.label
                                                and c.citation.section == n.citation.section):
            if (c.holds and c.citation and not c.label and c.args and number_of(c.args[-1]) == 0
                    and not any(d.kind == "fact" or (d is not c and _is_step(d)) for d in c.walk())):
                # a section that computes nothing here (no one is blind: 0) is not ticked as applying
                yield Condition(holds=True, absent=True, section=c.citation.section,
                                text=f"{c.citation.section} {title(c.citation)}: 0 here, it adds nothing")
                return
            subs.append(c)
            yield Condition(holds=c.holds, text=_ref(c, people, say), section=c.citation.section if c.citation else None)
            return
        if c.kind == "fact" and not first:
            line = fact_line(c)
            if line:
                yield line
            return
        if c.kind == "call" and not c.holds and c.words and not first:  # a failed date condition, in the statute's direction
            yield Condition(holds=False, text=c.words)
            return
        if c.kind in ("compare", "arith", "builtin") and not first:
            if c.words and not (c.kind == "arith" and c.holds and _restates(c.words)):
                yield Condition(holds=c.holds, text=c.words)
                floor = _floor(n, c)
                if floor:
                    yield floor
            elif not c.holds:
                yield Condition(holds=False, text="a condition fails: " + goal_words(c.goal, say))
            return
        if c.kind == "negation" and not first:
            if c.holds:
                if c.citation:
                    absent.append(c.citation.section)
                elif any(x.endswith("_") for x in called(c.goal)):  # the case's facts: what it does not state
                    unstated.append(absence(c.goal, say))
                else:
                    absent.extend(name_words(x) for x in called(c.goal) if _SECTION.match(x))
                return
            yield Condition(holds=c.holds, text=_negation(c, say))
            for k in c.children:  # what holds, so the negation fails
                yield from walk(k, False)
            return
        if c.kind == "aggregate" and not first:
            if c.holds and (not c.count or not called(c.goal)):
                return  # nothing found, or a list handled in memory: the values appear where used
            yield Condition(holds=c.holds, text=c.words or goal_words(c.goal, say))
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
    unstated: list[str] = []
    yield from walk(n, True)
    absent = [a for a in dict.fromkeys(absent) if a]
    if absent:
        yield Condition(text=_joined(absent) + (" do not apply" if len(absent) > 1 else " does not apply"), absent=True)
    unstated = [a for a in dict.fromkeys(unstated) if a]
    if unstated:
        yield Condition(text="the case states " + _joined(["no " + u for u in unstated]), absent=True)


_SECTION = re.compile(r"^s\d+")


def _joined(items: list[str], word: str = "and") -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + f" {word} " + items[-1]


def absence(goal: str, say: Words) -> str:
    """What a negation of the case's facts says is not stated, in words: ``\\+ end_(m, _)`` ->
    "end of the marriage of Alice and Bob"; ``\\+ (blindness_(E), agent_(E, alice))`` ->
    "blindness of Alice" (the event's kind, then the constants its roles name)."""
    calls = re.findall(r"([a-z][a-zA-Z0-9_]*)\(((?:[^()]|\([^()]*\))*)\)", plain(goal))
    calls = [(p, [a.strip() for a in args.split(",")]) for p, args in calls if p not in ("nonvar", "var")]
    kinds = [p for p, args in calls if p.endswith("_") and len(args) == 1 and not say.constant(args[0])]
    consts = [say.constant(a) or term_words(a, say) for p, args in calls for a in args
              if not re.fullmatch(r"_?[A-Z_][A-Za-z0-9_]*|_", a) and (say.constant(a) or not re.fullmatch(r"[\d.\"\-]+", a))]
    first = kinds[0] if kinds else calls[0][0] if calls else ""
    what = name_words(first) if first else plain(goal)
    return what + (" of " + _joined(list(dict.fromkeys(consts))) if consts else "")


def _floor(step: Node, c: Node) -> Condition | None:
    """The step that follows a computation below zero when the section's amount is zero: the
    statute's floor ("if zero or less, 0"), said with the section that applies it."""
    m = re.match(r"^(.*?) is ", c.goal)
    r = number_of(m.group(1)) if m and c.holds else None
    if r is None or r >= 0 or step.amount is None or as_number(step.amount) != 0:
        return None
    where = f": {step.citation.section}" if step.citation else ""
    return Condition(text=f"{money(r)} is zero or less, so {step.label or 'the amount'} is $0 (if zero or less, 0{where})")


def _restates(words: str) -> bool:
    """"X = Y" where Y is a single value (an assignment, not a computation)."""
    rhs = words.rsplit(" = ", 1)[-1]
    return not re.search(r"[-+×/]|max|min|rounded", rhs)


def _deciding(root: Node, say: Words) -> tuple[list[Condition], int]:
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
        text = _negation(n, say)
    elif n.kind in ("rule", "call") and (n.citation or n.label):
        text = _ref(n, say=say) + (f" ({n.note})" if n.note else "")
    elif n.kind == "fact":
        text = "no fact of the case states " + goal_words(n.goal, say)
    else:
        text = n.words or ("fails: " + goal_words(n.goal, say) + (f" ({_note(n.note, say)})" if n.note else ""))
    return [Condition(holds=False, text=where + text, section=cite.section if cite else None)], others


# ---------------------------------------------------------------------------------- words


def _title(n: Node, say: Words | None = None) -> str:
    if n.label:
        return n.label
    return title(n.citation) if n.citation else goal_words(n.goal, say)


def _ref(n: Node, people: set[str] | frozenset = frozenset(), say: Words | None = None) -> str:
    """A sub-step as a condition: section, its amount or heading, the arguments it holds for."""
    sec = n.citation.section + " " if n.citation else ""
    if n.label and n.amount is not None:
        return f"{sec}{n.label}: {money(n.amount)}"
    what = title(n.citation) if n.citation else goal_words(n.goal, say)
    args = ", ".join(term_words(a, say) for a in n.args if a != "_" and a not in people and re.fullmatch(r"[a-z][a-zA-Z0-9_]*", a))
    return f"{sec}{what}" + (f" ({args})" if args and n.citation else "")


def _negation(n: Node, say: Words | None = None) -> str:
    """``\\+ G`` in words: a cited G "does not apply", else "no evidence that …"."""
    if n.citation:
        h = title(n.citation)
        return (f"{n.citation.section} does not apply ({h})" if n.holds
                else f"{n.citation.section} applies ({h}), so this condition fails")
    sections = [name_words(x) for x in called(n.goal) if _SECTION.match(x)]
    if sections and not any(x.endswith("_") for x in called(n.goal)):
        what = _joined(list(dict.fromkeys(sections)))
        return f"{what} does not apply" if n.holds else f"{what} applies, so this condition fails"
    what = absence(n.goal, say or Words())
    return f"the case states no {what}" if n.holds else f"the case states {what}, so this condition fails"


def _arg(text: str, say: Words | None = None) -> str:
    """A statute predicate's argument in the headline: a whole number from $1,000 up that is not
    a year (1900-2100) as money (SARA's amounts: "for Alice, $6,000, 2015"), else in words."""
    n = as_number(text.strip())
    if isinstance(n, int) and abs(n) >= 1000 and not 1900 <= n <= 2100:
        return money(n)
    return term_words(text, say)


def _note(note: str, say: Words | None = None) -> str:
    """A recorder's note about a goal, with any Prolog goal in it in words."""
    return re.sub(r"[a-z][a-zA-Z0-9_]*\([^()]*\)", lambda m: goal_words(m.group(0), say), note)


def query_atoms(query: str) -> set[str]:
    """The atoms a query names (``tax(alice,2017,Tax)`` -> {alice}): the people of the question."""
    return {a for a in re.findall(r"(?<![A-Za-z0-9_])([a-z][a-zA-Z0-9_]*)(?!\s*\()", query)}


# ------------------------------------------------------------------------------- rendering


def step_head(s: Step, width: int = 76) -> str:
    """A step's first line: section, title (whole: a long one wraps, never cut mid-phrase),
    amount, repeats. ``width`` is kept for callers; wrapping is :func:`lines`' job."""
    tail = f" = {money(s.amount)}" if s.amount is not None else ""
    if s.repeats:
        tail += f" (+{s.repeats} more with other values)"
    sec = f"{s.section} " if s.section else ""
    return sec + s.title + tail



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
            mark = "–" if c.absent else "✓" if c.holds else "✗"
            put("case" if c.sentence else ("ok" if c.holds else "fail"), f"{mark} {c.text}", 2)
        if s.more:
            put("dim", f"… {s.more} more condition{'s' if s.more != 1 else ''} (--full)", 2)
    if ws.more_steps + left:
        k = ws.more_steps + left
        put("dim", f"… {k} more section{'s' if k != 1 else ''} (--full shows the proof)", 0)
    return out




# ------------------------------------------------------------------------------- views

SCREEN_LINES = 58
"""The default view fits this many lines (the sections past it are counted; ``--full`` has all)."""


def headline(expl: Explanation) -> str:
    """The answer in the law's words: the domain's verdict when it has one ("Alice owes $116,066
    in tax for 2017"); a statute's claim as "Yes: §7703(a)(1) applies to Alice in 2012" / "No:
    §151(a) does not apply to Alice in 2015, for $6,000 (it applies with $4,000 in place of
    $6,000)" (constants in the case's words, a year as "in", amounts as money); an amount as
    "total cost: $2,207"."""
    if expl.verdict:
        return expl.verdict
    say = Words(None, None, expl.names, expl.happened)
    r = expl.root
    if r is not None and r.label and expl.holds and expl.value is not None:
        return f"{r.label}: {money(expl.value)}"
    if r is not None and r.citation:
        who, years, other = [], [], []
        for a in r.args:
            n = as_number(a.strip())
            if a.strip() in ("_", "") or re.fullmatch(r"_?[A-Z_][A-Za-z0-9_]*", a.strip()):
                continue
            if isinstance(n, int) and 1900 <= n <= 2100:
                years.append(str(n))
            elif n is not None:
                other.append(_arg(a, say))
            else:
                who.append(term_words(a, say))
        instead = "; ".join(f"it applies with {_arg(a.value, say)} in place of {_arg(r.args[a.position - 1], say)}"
                            for a in r.actual if 0 < a.position <= len(r.args))
        verb = "applies" if expl.holds else "does not apply"
        return (f"{'Yes' if expl.holds else 'No'}: {r.citation.section} {verb}"
                + (f" to {_joined(who)}" if who else "") + (f" in {_joined(years)}" if years else "")
                + (f", for {_joined(other)}" if other else "") + (f" ({instead})" if instead and not expl.holds else ""))
    verdict = "holds" if expl.holds else "does not hold"
    value = f": {money(expl.value) if expl.chain else expl.value}" if expl.value is not None and expl.holds else ""
    return f"{goal_words(expl.query, say)} {verdict}{value}"


def _chain_rows(ws) -> list[tuple[str, str, str]]:
    return [(a.label, money(a.value), a.citation.section if a.citation else "–") for a in ws.chain]


def to_rich(expl: Explanation, full: bool = False, title: str | None = None, width: int | None = None):
    """The explanation for a terminal (a :class:`rich.console.Group`). Default: the answer, the
    chain of amounts (numeric answers) or the deciding condition (a claim that fails), then
    section by section the conditions that held or failed, in words with their values
    (:mod:`taxlogic.tools.worksheet`), about one screen. ``full``: the Prolog proof tree."""
    from rich import box
    from rich.console import Group
    from rich.markup import escape
    from rich.table import Table
    from rich.text import Text


    if full or expl.root is None:
        return tree_rich(expl, full, title)
    ws = build(expl)
    head = headline(expl)
    said = "does not hold" in head or "does not apply" in head or head.startswith("No:")
    parts: list[Any] = [Text.from_markup((f"[bold]{escape(title)}[/]: " if title else "") + f"[bold]{escape(head)}[/]"
                                         + ("" if expl.holds or said else " [red](does not hold)[/]"))]
    for c in ws.deciding:
        parts.append(Text.from_markup(f"[red]✗ deciding condition[/]: {escape(c.text)}"))
    if ws.other_routes:
        parts.append(Text(f"  ({ws.other_routes} other route{'s' if ws.other_routes != 1 else ''} failed too; --full shows {'them' if ws.other_routes != 1 else 'it'})",
                          style="dim"))
    if ws.chain:
        table = Table(title="chain of amounts", title_justify="left", box=box.SIMPLE_HEAD, padding=(0, 1), pad_edge=False)
        table.add_column("step", overflow="fold")
        table.add_column("amount", justify="right", no_wrap=True)
        table.add_column("section", no_wrap=True)
        for row in _chain_rows(ws):
            table.add_row(*(escape(x) for x in row))
        parts.append(table)
    styles = {"head": "bold", "fail": "bold red", "ok": "", "case": "green", "dim": "dim"}
    if ws.steps:
        parts.append(Text("section by section", style="bold underline"))
        used = len(parts) + (len(ws.chain) + 4 if ws.chain else 0) + 2
        for style, line in lines(ws, (width or 80) - 1, max_lines=max(12, SCREEN_LINES - used)):
            parts.append(Text(line, style=styles.get(style, "")))
    parts.append(Text(f"--full: the Prolog proof ({expl.nodes} nodes)", style="dim"))
    return Group(*parts)


def to_markdown(expl: Explanation, full: bool = False, title: str | None = None) -> str:
    """The explanation as Markdown: a heading in words, the chain of amounts as a table or the
    deciding condition, the sections with their conditions as nested bullets; ``full``: the
    proof tree as nested bullets."""
    if full or expl.root is None:
        return tree_markdown(expl, full, title)
    ws = build(expl)
    out = [f"### {title or 'Why'}: {headline(expl)}", ""]
    for c in ws.deciding:
        out += [f"**Deciding condition** (failed): {c.text}", ""]
    if ws.other_routes:
        out += [f"_{ws.other_routes} other route(s) failed too (the full proof shows them)._", ""]
    if ws.chain:
        out += ["| step | amount | section |", "| --- | ---: | --- |"]
        out += ["| " + " | ".join(x.replace("|", "\\|") for x in row) + " |" for row in _chain_rows(ws)]
        out.append("")
    if ws.steps:
        out += ["#### Section by section", ""]
    for s in ws.steps:
        head = (f"{s.section} " if s.section else "") + s.title
        if s.amount is not None and not s.title.endswith(money(s.amount)):
            head += f" = {money(s.amount)}"
        if s.repeats:
            head += f" (and {s.repeats} more time(s), other values)"
        out.append(f"- {'✗ ' if not s.holds else ''}**{head}**")
        for c in s.conditions:
            out.append(f"  - {'✓' if c.holds else '✗'} {c.text}")
        if s.more:
            out.append(f"  - … {s.more} more condition(s)")
    if ws.more_steps:
        out.append(f"- … {ws.more_steps} more section(s) (the full proof shows them)")
    return "\n".join(out) + "\n"



def dump(expl: Explanation, full: bool = True) -> dict:
    """JSON-ready dict of an explanation at a level: ``full``, the whole proof tree
    (:meth:`Explanation.dump`); else the default level: the worksheet (chain, deciding condition,
    sections with their conditions in words) and the pruned tree."""
    if full or expl.root is None:
        return expl.dump()
    short = expl.model_copy(update={"root": prune(expl.root), "level": "default",
                                    "worksheet": build(expl).model_dump(mode="json", exclude_defaults=True)})
    return short.dump()
