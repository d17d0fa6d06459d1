"""Live trace of the agent's steps in the terminal (rich), and the JSONL trace file.

Each step prints one line (round, node, seconds, tokens, detail). A translation (``generate``)
or a change of the facts (``repair``, chat's ``edit``) is followed by the facts the model wrote,
once the round's checks are known: every issue that names a line is marked under that line, the
others are listed under their step. A translation shows its facts; a repair or edit its diff
against the facts before it ("unchanged" when the model returned the same facts) and the lines
with issues. By default long fact sets are shown compactly (the first lines and the lines with
issues, with one line of context); ``verbose`` shows every line. The abstention's reason is
printed once, by :func:`print_result`.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import IO

from rich.console import Console
from rich.markup import escape
from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

from taxlogic.agent.state import AgentResult, Issue, TraceEvent

_STYLE = {"generate": "cyan", "repair": "magenta", "edit": "magenta", "validate": "blue", "execute": "yellow",
          "inspect": "blue", "unchanged": "dim", "answer": "bold green", "abstain": "bold red", "write_query": "cyan"}

#: Steps that bring new facts from the model, and the steps that check them in the same round.
FACT_STEPS = ("generate", "repair", "edit")
CHECK_STEPS = ("validate", "execute", "inspect")

#: An issue kind met this many times in one step is shown as one line (what, how many, which
#: predicates, which lines) instead of once per fact.
GROUP_AT = 4
#: How a group of issues of a kind reads ("50 facts use predicates the knowledge base does not have").
GROUP_WORDS = {
    "unknown_predicate": "facts use predicates the knowledge base does not have",
    "utility_predicate": "facts assert predicates that utils.pl computes",
    "arity": "facts have the wrong number of arguments",
    "date": "facts have dates that are not valid",
    "amount": "facts have amounts that are not plain numbers",
    "variable": "facts have named variables",
    "syntax": "lines are not valid Prolog",
    "not_a_fact": "lines are not facts",
}
_INDICATOR = re.compile(r"\b([a-z][A-Za-z0-9_]*/\d+)")
_NOT_LISTED = re.compile(r"^(\d+) more problems? not shown")


def _ranges(lines: list[int]) -> str:
    """[1, 2, 3, 7] -> "1–3, 7"."""
    out: list[str] = []
    for n in sorted(set(lines)):
        if out and out[-1].split("–")[-1] == str(n - 1):
            out[-1] = out[-1].split("–")[0] + f"–{n}"
        else:
            out.append(str(n))
    return ", ".join(out[:6]) + (", …" if len(out) > 6 else "")


def group_issues(issues: list[Issue]) -> tuple[list[Issue], list[str], int]:
    """(issues shown one by one, one line per kind met :data:`GROUP_AT` times or more, the number
    of problems the validator found but did not list: its ``size`` note "N more problems not
    shown")."""
    hidden = 0
    rest: list[Issue] = []
    for i in issues:
        m = _NOT_LISTED.match(i.message) if i.kind == "size" else None
        if m:
            hidden += int(m.group(1))
        else:
            rest.append(i)
    by_kind: dict[str, list[Issue]] = {}
    for i in rest:
        by_kind.setdefault(i.kind, []).append(i)
    singles, groups = [], []
    for i in rest:
        if len(by_kind[i.kind]) < GROUP_AT:
            singles.append(i)
    for kind, group in by_kind.items():
        if len(group) < GROUP_AT:
            continue
        names = list(dict.fromkeys(m for i in group for m in _INDICATOR.findall(i.message)))
        what = GROUP_WORDS.get(kind, f"issues of kind {kind}")
        line = f"{len(group)} {what}" + (": " + ", ".join(names[:5]) + (", …" if len(names) > 5 else "") if names else
                                         f": {group[0].message}, …")
        lines = [i.line for i in group if i.line]
        groups.append(line + (f" (line{'s' if len(lines) > 1 else ''} {_ranges(lines)})" if lines else ""))
    return singles, groups, hidden


#: Compact view: facts of at most this many lines are shown whole; longer ones by their first
#: ``HEAD`` lines and the lines with issues (with ``CONTEXT`` lines either side).
SHORT, HEAD, CONTEXT, MAX_DIFF = 15, 5, 1, 12


def shown_lines(n_lines: int, marked: set[int], verbose: bool) -> list[int]:
    """The 1-based line numbers of an ``n_lines``-line fact set to show: all when ``verbose`` or
    the set is short, else the first :data:`HEAD` lines and each line in ``marked`` with
    :data:`CONTEXT` lines either side."""
    if verbose or n_lines <= SHORT:
        return list(range(1, n_lines + 1))
    keep = set(range(1, min(HEAD, n_lines) + 1))
    for line in marked:
        keep.update(range(max(1, line - CONTEXT), min(n_lines, line + CONTEXT) + 1))
    return sorted(keep)


#: Where a fact (or a sentence) ends: a period and the spaces after it.
_END = re.compile(r"(?<=\.)\s+")
#: Where a fact longer than a line may be cut: after a run of spaces or after a comma (between
#: arguments, or words of a quoted sentence).
_CUT = re.compile(r"[^\s,]*(?:,\s*|\s+)|[^\s,]+")


def _fill(pieces: list[str], room: int) -> list[str]:
    lines, cur = [], ""
    for piece in pieces:
        if cur and len(cur) + len(piece.rstrip()) > room:
            lines.append(cur.rstrip())
            cur = ""
        cur += piece
    if cur.strip() or not lines:
        lines.append(cur.rstrip())
    return lines


def wrap_code(text: str, room: int | None) -> list[str]:
    """``text`` (a line of facts, a diff line, an issue) as lines of at most ``room`` cells: cut
    between facts (after a period and its spaces); a fact longer than ``room`` alone is cut
    between its arguments or words (:data:`_CUT`); never inside a name, a number or a word (issue
    51: a trace at 80 columns broke "incom" / "e_(e)"). A piece longer than ``room`` with no
    place to cut stays whole. ``room`` None or below 8: ``[text]``."""
    if room is None or room < 8 or len(text) <= room:
        return [text]
    units: list[str] = []
    pos = 0
    for m in _END.finditer(text):
        units.append(text[pos:m.end()])
        pos = m.end()
    if pos < len(text):
        units.append(text[pos:])
    lines: list[str] = []
    for unit in _fill(units, room):
        lines += _fill(_CUT.findall(unit), room) if len(unit) > room else [unit]
    return lines


def render_facts(facts: str, issues: list[Issue], *, verbose: bool = False, only_marked: bool = False,
                 width: int | None = None) -> list[str]:
    """Rich-markup lines showing ``facts`` numbered, each issue with a line under the line it
    names, elided runs as "… k lines". ``only_marked``: just the lines with issues. ``width``
    (the terminal's columns): a longer line continues on the next under its text, cut between
    facts or arguments (:func:`wrap_code`), never inside one."""
    lines = facts.splitlines()
    by_line: dict[int, list[Issue]] = {}
    for issue in issues:
        if issue.line and 1 <= issue.line <= len(lines):
            by_line.setdefault(issue.line, []).append(issue)
    numbers = sorted(by_line) if only_marked else shown_lines(len(lines), set(by_line), verbose)
    columns = width
    width = len(str(len(lines) or 1))

    def room(gutter: int) -> int | None:
        return None if columns is None else columns - gutter
    out, last = [], 0
    for n in numbers:
        if not only_marked and n > last + 1:
            out.append(f"      [dim]{'…':>{width}}   {n - last - 1} more line{'s' if n - last - 1 != 1 else ''}[/]")
        mark = "[red]✗[/]" if n in by_line else " "
        gutter = 9 + width  # "    ✗ 12 │ "
        for k, part in enumerate(wrap_code(lines[n - 1], room(gutter))):
            out.append(f"    {mark if k == 0 else ' '} [dim]{n if k == 0 else '':>{width}} │[/] {escape(part)}")
        for issue in by_line.get(n, []):
            for k, part in enumerate(wrap_code(f"{issue.kind}: {issue.message}", room(gutter + 2))):  # "↑ " too
                out.append(f"      {' ' * width}   [red]{'↑' if k == 0 else ' '} {escape(part)}[/]")
        last = n
    if not only_marked and numbers and last < len(lines):
        rest = len(lines) - last
        out.append(f"      [dim]{'…':>{width}}   {rest} more line{'s' if rest != 1 else ''}[/]")
    return out


def render_diff(diff: list[str], verbose: bool = False, width: int | None = None) -> list[str]:
    """The repair's diff lines (``+`` green, ``-`` red), at most :data:`MAX_DIFF` unless ``verbose``;
    ``width``: a longer line continues under its text, cut between facts (:func:`wrap_code`)."""
    if not diff:
        return ["      [dim]unchanged: the model returned the same facts[/]"]
    shown = diff if verbose else diff[:MAX_DIFF]
    out = []
    for l in shown:
        style = "green" if l.startswith("+") else "red"
        parts = wrap_code(l[1:], None if width is None else width - 7)
        out += [f"      [{style}]{l[0] if k == 0 else ' '}{escape(p)}[/]" for k, p in enumerate(parts)]
    if len(diff) > len(shown):
        out.append(f"      [dim]… {len(diff) - len(shown)} more changed lines (--verbose shows all)[/]")
    return out


class Tracer:
    """Callable ``on_event`` for :func:`taxlogic.agent.solve.solve`: prints each step live (see
    the module doc) and appends it to ``jsonl`` if given (one :class:`TraceEvent` per line, with
    the facts the model wrote, its issues and diff). Raises OSError if ``jsonl`` cannot be opened."""

    def __init__(self, console: Console, jsonl: Path | None = None, *, show: bool = True, verbose: bool = False):
        self.console, self.show, self.verbose = console, show, verbose
        self.fh: IO[str] | None = open(jsonl, "a", encoding="utf-8") if jsonl else None
        self._pending: TraceEvent | None = None   # the last facts from the model, awaiting their round's issues
        self._issues: list[Issue] = []
        self._grouped: set[int] = set()           # lines of the pending facts with issues shown in groups

    def __call__(self, ev: TraceEvent) -> None:
        if self.fh:
            self.fh.write(ev.model_dump_json() + "\n")
            self.fh.flush()
        if not self.show:
            return
        if ev.node not in CHECK_STEPS:
            self.flush()
        tokens = f"  {ev.input_tokens}→{ev.output_tokens} tok" if ev.input_tokens or ev.output_tokens else ""
        detail = "" if ev.node == "abstain" else ev.detail  # the reason is printed once, with the result
        singles, groups, hidden = group_issues(ev.issues)
        if ev.issues and (groups or hidden):  # the count of what the checks found, listed or not
            total = len(ev.issues) - sum(1 for i in ev.issues if i.kind == "size" and _NOT_LISTED.match(i.message)) + hidden
            detail = re.sub(r"^\d+ ", f"{total} ", detail)
        style = _STYLE.get(ev.node, "white")
        self._print(f"[dim]r{ev.round}[/] [{style}]{ev.node:<11}[/] {ev.seconds:6.2f} s{tokens}  {escape(detail)}")
        for line in groups:
            self._print_problem(line)
        if hidden:
            self._print_problem(f"{hidden} more problem{'s' if hidden != 1 else ''} the validator did not list "
                                "(it lists the first ones; fix these first)")
        lines_known = self._pending is not None and ev.node in CHECK_STEPS
        if lines_known:
            self._grouped |= {i.line for i in ev.issues if i.line and i not in singles}
        for issue in singles:
            if lines_known and issue.line:
                if issue not in self._issues:  # inspect repeats what validate found
                    self._issues.append(issue)
            else:
                self._print_problem(issue.render())
        if ev.node in FACT_STEPS and ev.facts:
            self._pending, self._issues, self._grouped = ev, [], set()

    def flush(self) -> None:
        """Print the pending facts (the last translation, repair or edit) with the issues found on
        their lines; a no-op when nothing is pending."""
        ev, issues, grouped = self._pending, self._issues, self._grouped
        self._pending, self._issues, self._grouped = None, [], set()
        if ev is None:
            return
        n = len(ev.facts.splitlines())
        marked = len({i.line for i in issues} | grouped)
        head = f"facts r{ev.round}: {n} line{'s' if n != 1 else ''}" + (f", {marked} with issues" if marked else "")
        self._print(f"    [bold]{head}[/]")
        w = self.console.width
        if ev.node == "generate":
            body = render_facts(ev.facts, issues, verbose=self.verbose, width=w)
        else:
            body = render_diff(ev.facts_diff, self.verbose, width=w)
            if self.verbose:
                body += render_facts(ev.facts, issues, verbose=True, width=w)
            elif issues:
                body += render_facts(ev.facts, issues, only_marked=True, width=w)
        for line in body:
            self._print(line)

    def _print(self, markup: str) -> None:
        """One line of the trace; a line longer than the terminal wraps between words (the facts'
        lines are cut between facts beforehand: :func:`render_facts`), never inside one, nor
        between a number and its unit (:func:`taxlogic.cli.common.print_kept`)."""
        from taxlogic.cli.common import print_kept

        print_kept(self.console, markup)

    def _print_problem(self, text: str) -> None:
        """A problem under its step, "      ✗ text": a longer one continues under its text, cut
        between words (:func:`wrap_code`), never back at the margin."""
        lead = "      ✗ "
        for k, part in enumerate(wrap_code(text, self.console.width - len(lead))):
            self._print(f"[red]{lead if k == 0 else ' ' * len(lead)}{escape(part)}[/]")

    def close(self) -> None:
        self.flush()
        if self.fh:
            self.fh.close()


def trace_gold(tracer: "Tracer | None", facts, outcome, answer, reason: str | None = None,
               source: str = "the case's gold facts") -> None:
    """Write what ``--translator gold`` ran to ``tracer``'s JSONL file, in the agent's shape
    (:class:`TraceEvent` per line): ``gold`` (the facts, as ``generate`` carries the model's;
    no model, no tokens), ``execute`` (the engine's outcome and seconds), then ``answer`` or
    ``abstain``; then close it. ``facts``: text or a trusted program (its ``text``). None: no-op
    (no ``--trace`` given)."""
    if tracer is None:
        return
    text = facts if isinstance(facts, str) else getattr(facts, "text", str(facts))
    try:
        tracer(TraceEvent(node="gold", round=0, seconds=0, facts=text,
                          detail=f"{source}, run as written (no model)"))
        tracer(TraceEvent(node="execute", round=0, seconds=outcome.seconds,
                          detail=f"{outcome.summary()} ({outcome.inferences:,} inferences)"))
        if answer is None:
            tracer(TraceEvent(node="abstain", round=0, seconds=0, detail=reason or "the facts give no answer"))
        else:
            tracer(TraceEvent(node="answer", round=0, seconds=0, detail=str(answer)))
    finally:
        tracer.close()


class Spinner:
    """While the agent works: a spinner, the elapsed time and the tokens so far (rich, transient;
    the trace prints above it). ``wrap(on_event)`` returns an ``on_event`` that also counts tokens."""

    def __init__(self, console: Console):
        self.progress = Progress(SpinnerColumn(), TextColumn("{task.description}"), TimeElapsedColumn(),
                                 TextColumn("[dim]{task.fields[tokens]}[/]"), console=console, transient=True)
        self.task = self.progress.add_task("working", total=None, tokens="")
        self.tokens = [0, 0]

    def __enter__(self) -> "Spinner":
        self.progress.start()
        return self

    def __exit__(self, *exc) -> None:
        self.progress.stop()

    def wrap(self, on_event):
        def both(ev: TraceEvent) -> None:
            on_event(ev)
            self.tokens[0] += ev.input_tokens
            self.tokens[1] += ev.output_tokens
            self.progress.update(self.task, description=f"working (after r{ev.round} {ev.node})",
                                 tokens=f"{self.tokens[0]}→{self.tokens[1]} tok")
        return both


def model_label(model) -> str:
    """The name a chat model is shown by: its ``model_name``, else its class name."""
    return str(getattr(model, "model_name", None) or type(model).__name__)


def answering_model(model, settings=None, *, chosen: bool = False) -> str:
    """What the trace's header names as the translator: the model's name (:func:`model_label`),
    as it is when the user named it (``--model``, ``chosen``; ``TAXLOGIC_LLM_MODEL``), when it is
    the embedded server (it serves under that name) or a scripted model. Otherwise the name is the
    settings' default, sent to an endpoint that ignores it (issue 51: the offline fixture endpoint
    was shown as "smollm2-135m"): the endpoint says what it serves (``GET /models``), shown as
    "<served> at <base_url>"; an endpoint that does not say: "the model at <base_url> (unnamed: …)"."""
    name = model_label(model)
    base = getattr(model, "openai_api_base", None)
    if not base:
        return name
    from taxlogic import llm_server
    from taxlogic.settings import get_settings

    s = settings or get_settings()
    if chosen or "llm_model" in s.model_fields_set:
        return name
    try:
        embedded = llm_server.base_url(s)
    except llm_server.ServerError:
        embedded = None
    if embedded is not None and base.rstrip("/") == embedded.rstrip("/"):
        return name
    served = llm_server.list_models(base, timeout=1.0)
    if served:
        return f"{', '.join(served[:2])}{', …' if len(served) > 2 else ''} at {base}"
    return f"the model at {base} (unnamed: TAXLOGIC_LLM_MODEL not set)"


def print_result(console: Console, result: AgentResult, expected=None, kind: str | None = None) -> None:
    """The final line(s): answer or abstention (with its reason), cost in tokens and seconds, and
    correctness if known. Amounts are money (:func:`taxlogic.cli.common.answer_text`; ``kind``
    ``tax``: owed or overpaid)."""
    from taxlogic.cli.common import answer_text, print_kept

    cost = f"{len(result.rounds)} round(s), {result.input_tokens}→{result.output_tokens} tokens, {result.seconds:.1f} s"
    if result.abstained:
        from taxlogic.agent.finish import abstention_words

        last = result.rounds[-1].issues if result.rounds else []
        print_kept(console, f"[bold red]abstained[/]: {escape(abstention_words(result.reason, last, len(result.rounds)))}  ({cost})")
    else:  # each number with its unit on one line (print_kept)
        print_kept(console, f"[bold green]answer[/]: {escape(answer_text(result.answer, kind))}  ({cost})")
    if expected is not None:
        verdict = "[green]correct[/]" if result.answer == expected else ("[yellow]abstained[/]" if result.abstained else "[red]wrong[/]")
        console.print(f"expected: {escape(answer_text(expected, kind))}  {verdict}", highlight=False)
