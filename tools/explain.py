"""Explanations: the derivation of an answer as a tree, tied to the law and to the case.

The recorder (``explain.pl``) runs in the engine's workers (a job of mode ``explain``,
:class:`~taxlogic.tools.engine.Job`) and returns the tree as JSON in
:attr:`~taxlogic.tools.engine.Outcome.tree`; this module gives it a versioned schema
(:class:`Explanation`, :data:`SCHEMA_VERSION`), ties it to the law (:func:`annotate`, with a
domain's :class:`Law`: predicate -> citation and quote, which predicates compute which amounts)
and to the case (fact text -> the sentence stating it), prunes it (:func:`prune`: the default view
keeps statute sections, amounts and case facts; ``full`` keeps every goal) and renders it
(:func:`to_rich`, :func:`to_markdown`).

A proof tree has one node per call of a knowledge-base predicate (kind ``rule``) with its
arguments as bound, arithmetic (``arith``) and comparisons (``compare``) as leaves with their
values, aggregates (``aggregate``: findall, foldl, aggregate_all, bagof/setof) whose children are the contributing
``solution`` s, negations (``negation``: "no evidence that G"), case facts (``fact``) and other
calls (``builtin``, ``call``: helpers called directly, ``more``: past the size limit). A why-not
tree (the query fails, ``holds`` false) has, under each failing predicate, one ``alternative``
per clause (or top-level branch) tried, holding the sub-goals that held, as bound, and the first
that failed, explained in turn.
"""

from __future__ import annotations

import re
from typing import Any, Iterator, Literal, Protocol

from pydantic import BaseModel, Field, model_validator

SCHEMA_VERSION = "2.1"
"""2.0: typed values (``value``, amounts: numbers), ``words`` on conditions, the worksheet layer
(``worksheet``), ``level`` (the default view keeps a pruned tree; ``full`` the whole proof).
2.1 (issue 51): ``verdict`` (the answer in the law's words), ``names`` and ``happened`` (the
case's constants in its words); amount labels name people as the case does ("Alice")."""

NodeKind = Literal["query", "rule", "fact", "arith", "compare", "aggregate", "solution", "negation",
                   "builtin", "call", "more", "alternative"]


class ExplainOptions(BaseModel):
    """Bounds and granularity of the recorder (sent to Prolog as ``Job.explain``).

    ``max_nodes``: tree size (past it goals run directly, shown as ``more`` leaves);
    ``max_depth``: nesting of knowledge-base predicates; ``max_solutions``: solutions of one
    aggregate recorded with their trees (the rest computed directly and counted);
    ``whynot_depth`` / ``whynot_clauses``: how deep a why-not tree goes and how many clauses or
    branches it shows per predicate; ``opaque``: ``name/arity`` of helpers called directly and
    shown as leaves with their values (a domain's date utilities, say)."""

    max_nodes: int = Field(3000, ge=10)
    max_depth: int = Field(40, ge=1)
    max_solutions: int = Field(25, ge=1)
    whynot_depth: int = Field(8, ge=1)
    whynot_clauses: int = Field(6, ge=1)
    opaque: list[str] = Field(default_factory=list)


class Citation(BaseModel):
    """Where a predicate comes from in the law: ``section`` as cited ("§2(b)(1)(A)"), a short
    ``quote`` of that subsection, and whether the statute text holds it (``exists``)."""

    section: str
    quote: str | None = None
    exists: bool = True


class Actual(BaseModel):
    """Why-not root: with argument ``position`` (1-based) left open the goal holds, with ``value``."""

    position: int
    value: str


class Node(BaseModel):
    """One node of an explanation tree (see the module doc for the kinds). ``goal`` is Prolog text
    with the values bound at the end of the proof; ``holds`` is false on a why-not path.
    ``clause`` / ``branch``: which clause or branch an ``alternative`` is (why-not trees).
    ``citation``, ``label`` (the amount the node computes, e.g. "taxable income") and ``amount``
    come from the domain (:func:`annotate`); ``sentence`` is the sentence of the case that states
    a fact, when anchors were given."""

    kind: NodeKind
    goal: str = ""
    predicate: str | None = None
    args: list[str] = Field(default_factory=list)
    holds: bool = True
    value: str | None = None
    count: int | None = None
    note: str | None = None
    source: Literal["case", "kb"] | None = None
    clause: int | None = None
    branch: str | None = None
    actual: list[Actual] = Field(default_factory=list)
    citation: Citation | None = None
    label: str | None = None
    amount: int | float | None = None
    words: str | None = None
    sentence: str | None = None
    children: list["Node"] = Field(default_factory=list)

    @model_validator(mode="before")
    @classmethod
    def _goal_from_args(cls, data: Any) -> Any:
        """The recorder sends prefix-form calls as predicate + args only; write their goal."""
        if isinstance(data, dict) and not data.get("goal") and data.get("predicate"):
            name = data["predicate"].rsplit("/", 1)[0]
            args = data.get("args") or []
            data = {**data, "goal": f"{name}({','.join(args)})" if args else name}
        return data

    @property
    def name(self) -> str | None:
        """Predicate name ("s63"), if the node is a call."""
        return self.predicate.rsplit("/", 1)[0] if self.predicate else None

    def walk(self) -> Iterator["Node"]:
        """This node and its descendants, depth first, parents before children."""
        stack = [self]
        while stack:
            n = stack.pop()
            yield n
            stack.extend(reversed(n.children))

    def size(self) -> int:
        return sum(1 for _ in self.walk())


def typed(v: Any) -> Any:
    """A value from Prolog text as a number when it is one ("326332" -> 326332, "3r2" -> 1.5)."""
    if isinstance(v, str):
        from taxlogic.tools.wording import number_of

        n = number_of(v)
        return v if n is None else n
    return v


class Amount(BaseModel):
    """One step of a numeric answer's chain: what (``label``), how much (``value``, a number:
    dollars in the tax and fee domains), which predicate computed it (``goal`` as bound) and its
    citation."""

    label: str
    value: int | float | str
    predicate: str
    goal: str = ""
    citation: Citation | None = None


Status = Literal["explained", "time_limit", "inference_limit", "error"]


class Explanation(BaseModel):
    """The explanation of one query's answer (JSON schema: ``Explanation.model_json_schema()``).

    ``answer``: the answer the engine gave (label or whole dollars; set by the caller);
    ``holds``: the query was proved (a proof tree) or not (a why-not tree); ``value``: the
    answer variable's binding (numeric queries); ``root``: the tree (None unless ``status`` is
    ``explained``); ``nodes``: its size; ``chain``: the amounts computed on the way, in order
    (domain-defined, :func:`annotate`); ``verdict``: the answer in the law's words ("No: §7703(a)(1)
    does not apply to Alice in 2018", "Alice owes $116,066 in tax for 2017"; from the domain's law,
    None if it has none); ``names``: each constant of the case's facts -> its words in the case
    ("alice" -> "Alice"), ``happened``: an event -> what happened ("bob_dies" -> "Bob died");
    costs of recording (``cpu_seconds``, ``inferences``)
    and of the plain query (``query_cpu_seconds``, ``query_inferences``)."""

    schema_version: str = SCHEMA_VERSION
    case_id: str | None = None
    query: str
    answer: str | int | None = None
    status: Status
    holds: bool | None = None
    value: int | float | str | None = None
    level: Literal["default", "full"] = "full"
    worksheet: dict[str, Any] | None = None
    message: str | None = None
    root: Node | None = None
    nodes: int = 0
    chain: list[Amount] = Field(default_factory=list)
    verdict: str | None = None
    names: dict[str, str] = Field(default_factory=dict)
    happened: dict[str, str] = Field(default_factory=dict)
    cpu_seconds: float = 0.0
    inferences: int = 0
    query_cpu_seconds: float = 0.0
    query_inferences: int = 0

    @model_validator(mode="before")
    @classmethod
    def _typed_value(cls, data: Any) -> Any:
        if isinstance(data, dict) and isinstance(data.get("value"), str):
            data = {**data, "value": typed(data["value"])}
        return data

    def dump(self) -> dict[str, Any]:
        """JSON-ready dict without the fields left at their defaults (trees are large), but always
        with ``schema_version`` and ``level``; ``Explanation.model_validate`` reads it back
        unchanged. (The default level's JSON: :func:`taxlogic.tools.worksheet.dump`.)"""
        data = self.model_dump(mode="json", exclude_defaults=True)
        return {"schema_version": self.schema_version, "level": self.level, **data}

    @property
    def truncated(self) -> bool:
        """Parts of the tree past the size or depth limits were run without being recorded."""
        return self.root is not None and any(n.kind == "more" or (n.note or "").startswith("not expanded")
                                             for n in self.root.walk())

    def failed_conditions(self) -> list[tuple[Citation | None, Node]]:
        """Why-not trees: each condition that failed (a failing node with nothing under it) with
        the citation of the nearest section above it, in tree order, each (section, goal) once."""
        out: list[tuple[Citation | None, Node]] = []
        seen: set[tuple[str, str]] = set()

        def visit(n: Node, cite: Citation | None) -> None:
            cite = n.citation or cite
            key = (cite.section if cite else "", n.goal)
            if not n.holds and not n.children and n.kind != "alternative" and key not in seen:
                seen.add(key)
                out.append((cite, n))
            for c in n.children:
                visit(c, cite)

        if self.root is not None and not self.holds:
            visit(self.root, None)
        return out

    def sections(self) -> list[Citation]:
        """The distinct citations in the tree, in order of first appearance."""
        seen: dict[str, Citation] = {}
        for n in self.root.walk() if self.root else ():
            if n.citation and n.citation.section not in seen:
                seen[n.citation.section] = n.citation
        return list(seen.values())


def explanation_of(job_query: str, outcome: Any) -> Explanation | None:
    """The :class:`Explanation` in an outcome of an ``explain`` job (None if it has no tree:
    the query itself gave no answer, e.g. it hit a limit)."""
    tree = getattr(outcome, "tree", None)
    if not tree:
        return None
    return Explanation.model_validate(dict(
        query=job_query, status=tree.get("status", "error"), holds=tree.get("holds"),
        value=tree.get("value"), message=tree.get("message"), root=tree.get("root"), nodes=tree.get("nodes", 0),
        cpu_seconds=tree.get("cpu_seconds", 0.0), inferences=tree.get("inferences", 0),
        query_cpu_seconds=outcome.cpu_seconds, query_inferences=outcome.inferences,
    ))


# ------------------------------------------------------------------------------ the law


class Law(Protocol):
    """What a domain supplies to tie a tree to its law (``kb/<domain>/citations.py``)."""

    opaque: list[str]

    def cite(self, predicate: str) -> Citation | None:
        """Citation of ``name/arity`` (None for helpers that are not part of the law)."""

    def amount(self, predicate: str, args: list[str]) -> tuple[str, str] | None:
        """(label, value) if a call of ``name/arity`` with ``args`` (Prolog text, as bound)
        computes an amount of the chain, e.g. ("taxable income of alice", "322732")."""


def templated_amount(spec: tuple[str, int] | None, args: list[str]) -> tuple[str, str] | None:
    """A domain's amount table entry (label template, 0-based index of the amount) applied to a
    call's args: ("taxable income of {0}", 2) and ["alice", "2017", "322732"] give ("taxable
    income of alice", "322732"); None if the amount is not a number."""
    if spec is None or spec[1] >= len(args):
        return None
    from taxlogic.tools.engine import parse_number

    value = args[spec[1]]
    if parse_number(value) is None:
        return None
    return spec[0].format(*args), value


def fact_key(text: str) -> str:
    """Normal form of a fact's text for anchor lookup: no spaces, no final period."""
    return "".join(text.split()).rstrip(".")


def annotate(expl: Explanation, law: Law | None = None, anchors: dict[str, str] | None = None,
             names: dict[str, str] | None = None, happened: dict[str, str] | None = None) -> Explanation:
    """Add citations, amount labels and the chain of amounts (from ``law``) and the sentences of
    the case stating its facts (``anchors``: fact text -> sentence, e.g. from the grounding
    aligner; keys are compared without spaces or final period); ``names`` and ``happened``: the
    case's constants in its words (:attr:`Explanation.names`), used wherever a constant is
    written; the verdict from the law's optional ``verdict(expl, words)``. Returns ``expl``,
    modified."""
    if names is not None:
        expl.names = dict(names)
    if happened is not None:
        expl.happened = dict(happened)
    if expl.root is None:
        return expl
    keyed = {fact_key(k): v for k, v in (anchors or {}).items()}
    for n in expl.root.walk():
        if law is not None and n.predicate:
            n.citation = law.cite(n.predicate)
            said = [expl.names.get(a, a) for a in n.args]  # a label names people as the case does
            spec = law.amount(n.predicate, said) if n.kind in ("rule", "fact", "call") and n.holds else None
            if spec:
                n.label, n.amount = spec[0], typed(spec[1])
        if n.kind == "fact" and keyed:
            n.sentence = keyed.get(fact_key(n.goal))
    from taxlogic.tools.wording import add_words

    from taxlogic.tools.wording import Words

    add_words(expl.root, law, expl.names, expl.happened)
    expl.chain = chain_of(expl.root) if expl.holds else []
    verdict = getattr(law, "verdict", None)
    if verdict is not None:
        expl.verdict = verdict(expl, Words(None, law, expl.names, expl.happened))
    return expl


def chain_of(root: Node) -> list[Amount]:
    """The labelled amounts of a proof, in the order they were computed (children before parents),
    each (label, value) once: e.g. gross income, deductions, taxable income, tax."""
    out: list[Amount] = []
    seen: set[tuple[str, str]] = set()

    def post(n: Node) -> None:
        for c in n.children:
            post(c)
        if n.label and n.amount is not None and (n.label, n.amount) not in seen:
            seen.add((n.label, n.amount))
            out.append(Amount(label=n.label, value=n.amount, predicate=n.predicate or "", goal=n.goal,
                              citation=n.citation))

    post(root)
    return out


# ------------------------------------------------------------------------------- pruning


SHOWN_SOLUTIONS = 3
"""Default view: the solutions of an aggregate shown with their derivations (the rest by value)."""
SHOWN_FAILURES = 8
"""Why-not views list the first failed conditions (all are in the tree)."""


def prune(root: Node, full: bool = False) -> Node:
    """The tree to show. ``full``: every goal. Default: statute sections (cited nodes), amounts
    (labelled nodes; arithmetic that computes something and comparisons directly under a cited
    node), case facts, aggregates that hold any of those, and every node of a why-not path; other
    nodes are replaced by what they keep; a failing alternative keeps the sub-goals that held
    (with their values) before the one that failed; a rule tried with a single clause shows that
    clause's nodes directly; a cited goal proved again further down is shown once, then "as above";
    an aggregate shows how its first :data:`SHOWN_SOLUTIONS` solutions were found, the others by
    value."""
    if full:
        return root
    seen: set[str] = set()
    kids = _pruned_children(root, root.citation is not None, seen)
    return root.model_copy(update={"children": kids})


def _keep(n: Node, cited_parent: bool) -> bool:
    if n.kind == "more":
        return False
    if n.citation or n.label or n.kind == "fact" or not n.holds:
        return True
    if n.kind == "arith" and cited_parent:
        return not _constant(n)
    if n.kind in ("compare", "aggregate") and cited_parent:
        return True
    return False


def _constant(n: Node) -> bool:
    """``X is 2000``: an assignment, not a computation."""
    rhs = n.goal.split(" is ", 1)[-1]
    return rhs.lstrip("-").replace(".", "", 1).isdigit()


def _pruned_children(n: Node, cited_parent: bool, seen: set[str]) -> list[Node]:
    out: list[Node] = []
    if n.kind == "alternative" and not n.holds:  # why not: what held so far, and what failed
        return [c.model_copy(update={"children": _pruned_children(c, c.citation is not None, seen)})
                for c in n.children if c.kind != "more"]
    for i, c in enumerate(n.children):
        if n.kind == "aggregate" and c.kind == "solution" and i >= SHOWN_SOLUTIONS:
            out.append(c.model_copy(update={"children": []}))  # its value; the first ones show how
            continue
        repeat = c.kind == "rule" and c.citation is not None and c.holds and c.goal in seen
        if c.kind == "rule" and c.citation is not None and c.holds:
            seen.add(c.goal)
        if repeat:
            out.append(c.model_copy(update={"children": [], "note": "as above"}))
            continue
        kids = _pruned_children(c, c.citation is not None, seen)
        if c.kind == "alternative" and len(n.children) == 1 and n.kind == "rule":
            out.extend(kids)  # the only clause of a rule: its nodes belong to the rule
        elif _keep(c, cited_parent) or (c.kind in ("aggregate", "solution") and kids):
            out.append(c.model_copy(update={"children": kids}))
        else:
            out.extend(kids)
    return out


# ----------------------------------------------------------------------------- rendering


def describe(n: Node) -> str:
    """One line for a node (plain text): what it is, its citation and amount, its note. A comma
    between arguments is followed by a space, so long goals wrap between arguments, never inside
    an identifier."""
    goal = re.sub(r",(?=\S)", ", ", n.goal)
    if n.kind == "negation":
        text = f"no evidence that {goal}" if n.holds else f"{goal} holds"
    elif n.kind == "solution":
        text = f"solution {goal}"
    elif n.kind == "alternative":
        if n.clause is not None:
            text = f"clause {n.clause}"
        elif n.branch in ("then", "else"):
            text = f"{n.branch} branch"
        elif n.branch:
            text = f"alternative {n.branch}"
        else:
            text = "none of these alternatives holds" if not n.holds else "alternatives"
    elif n.kind == "aggregate":
        text = f"{goal}" + (f"  ({n.count} solution{'s' if n.count != 1 else ''})" if n.count is not None else "")
    elif n.kind == "fact":
        text = f"{'case fact' if n.source != 'kb' else 'fact'} {goal}"
    else:
        text = goal
    if n.citation:
        text = f"{n.citation.section} {text}"
    if n.label and n.amount is not None:
        text += f"  [{n.label} = {n.amount}]"
    if n.note:
        text += f"  ({n.note})"
    if n.actual:
        text += "  (holds with " + ", ".join(f"argument {a.position} = {a.value}" for a in n.actual) + ")"
    return text


def _where(cite: Citation | None, n: Node) -> str:
    """The section a failed condition belongs to, as a prefix (none if the node cites it itself)."""
    return f"{cite.section}: " if cite and not n.citation else ""


def _quote(c: Citation | None, quoted: set[str], width: int = 160) -> str | None:
    """The citation's quote, shortened to ``width``; only the first time a section is quoted."""
    if not c or not c.quote or c.section in quoted:
        return None
    quoted.add(c.section)
    q = " ".join(c.quote.split())
    return q if len(q) <= width else q[: width - 1].rstrip() + "…"


def tree_rich(expl: Explanation, full: bool = False, title: str | None = None):
    """The explanation tree for a terminal (a :class:`rich.console.Group`): the verdict,
    the chain of amounts as a table (numeric answers), and the tree: sections in bold with their
    quotes, amounts, case facts with the sentences stating them, failed conditions in red."""
    from rich.console import Group
    from rich.markup import escape
    from rich.table import Table
    from rich.tree import Tree

    head = title or f"why: {expl.query}"
    if expl.root is None:
        return Group(f"[bold]{escape(head)}[/]", f"[yellow]no explanation: {escape(expl.message or expl.status)}[/]")
    verdict = ("[green]holds[/]" if expl.holds else "[red]does not hold[/]") + (
        f", value [bold]{escape(str(expl.value))}[/]" if expl.value is not None else "")
    parts: list[Any] = [f"[bold]{escape(head)}[/]: {verdict}"]
    failed = expl.failed_conditions()
    for cite, n in failed[:SHOWN_FAILURES]:
        parts.append(f"[red]✗[/] {escape(_where(cite, n))}{escape(describe(n))}")
    if len(failed) > SHOWN_FAILURES:
        parts.append(f"[red]✗[/] … and {len(failed) - SHOWN_FAILURES} more conditions (in the tree)")
    if expl.chain:
        table = Table(title="chain of amounts", title_justify="left")
        for col, just in (("step", "left"), ("amount", "right"), ("section", "left")):
            table.add_column(col, justify=just)
        for a in expl.chain:
            table.add_row(escape(a.label), escape(str(a.value)), escape(a.citation.section) if a.citation else "–")
        parts.append(table)
    tree = Tree("[dim]derivation[/]" + (" [dim](every goal)[/]" if full else " [dim](sections, amounts, case facts)[/]"))
    quoted: set[str] = set()

    def add(parent, n: Node) -> None:
        text = escape(describe(n))
        if not n.holds:
            text = f"[red]✗ {text}[/]"
        elif n.citation:
            text = f"[bold]{text}[/]"
        elif n.kind == "fact":
            text = f"[cyan]{text}[/]"
        lines = [text]
        q = _quote(n.citation, quoted)
        if q:
            lines.append(f"[dim]“{escape(q)}”[/]")
        if n.sentence:
            lines.append(f"[green]case: “{escape(n.sentence)}”[/]")
        branch = parent.add("\n".join(lines))
        for c in n.children:
            add(branch, c)
        if n.kind == "aggregate" and n.count is not None and n.count > len(n.children):
            branch.add(f"[dim]… {n.count - len(n.children)} more (computed, not recorded)[/]")

    add(tree, prune(expl.root, full))
    parts.append(tree)
    if expl.truncated:
        parts.append(f"[dim]parts past the recorder's limits ran without being recorded ({expl.nodes} nodes)[/]")
    return Group(*parts)


def tree_markdown(expl: Explanation, full: bool = False, title: str | None = None) -> str:
    """The explanation tree as Markdown: a chain-of-amounts table for numeric answers, then
    the tree as nested bullets with quotes and case sentences."""
    lines = [f"### {title or 'Why: ' + expl.query}", ""]
    if expl.root is None:
        return "\n".join(lines + [f"No explanation: {expl.message or expl.status}.", ""])
    verdict = "holds" if expl.holds else "does not hold"
    lines.append(f"`{expl.query}` {verdict}" + (f"; value **{expl.value}**." if expl.value else "."))
    lines.append("")
    failed = expl.failed_conditions()
    if failed:
        lines += ["Conditions that failed:", ""]
        lines += [f"- {_where(cite, n)}`{describe(n)}`" for cite, n in failed[:SHOWN_FAILURES]]
        if len(failed) > SHOWN_FAILURES:
            lines.append(f"- … and {len(failed) - SHOWN_FAILURES} more (in the tree)")
        lines.append("")
    if expl.chain:
        lines += ["| step | amount | section |", "| --- | ---: | --- |"]
        lines += [f"| {a.label} | {a.value} | {a.citation.section if a.citation else '–'} |" for a in expl.chain]
        lines.append("")

    quoted: set[str] = set()

    def add(n: Node, depth: int) -> None:
        text = describe(n).replace("|", "\\|")
        text = f"✗ **{text}**" if not n.holds else f"**{text}**" if n.citation else f"`{text}`"
        lines.append("  " * depth + f"- {text}")
        q = _quote(n.citation, quoted)
        if q:
            lines.append("  " * depth + f"  > {q}")
        if n.sentence:
            lines.append("  " * depth + f"  — case: “{n.sentence}”")
        for c in n.children:
            add(c, depth + 1)
        if n.kind == "aggregate" and n.count is not None and n.count > len(n.children):
            lines.append("  " * (depth + 1) + f"- … {n.count - len(n.children)} more (computed, not recorded)")

    add(prune(expl.root, full), 0)
    if expl.truncated:
        lines += ["", f"_Parts of the derivation past the recorder's limits were run without being recorded ({expl.nodes} nodes)._"]
    return "\n".join(lines) + "\n"



# --------------------------------------------------------------------------------- running


def explain_job(job: Any, options: ExplainOptions | None = None, law: Law | None = None) -> Any:
    """``job`` (a :class:`~taxlogic.tools.engine.Job` that answers a query) as an ``explain``
    job: same facts, query, limits and answer variable; the query itself runs in the job's
    mode first. ``law.opaque`` joins the options' opaque helpers."""
    opts = (options or ExplainOptions()).model_copy()
    if law is not None:
        opts.opaque = sorted(set(opts.opaque) | set(law.opaque))
    var = job.var if job.mode != "prove" else None
    return job.model_copy(update={"mode": "explain", "var": var,
                                  "explain": {**opts.model_dump(), "query_mode": job.mode}})

