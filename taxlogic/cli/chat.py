"""``taxlogic chat``: a REPL about one fact pattern: questions, what-if follow-ups, facts and trace.

Paste a fact pattern (it ends with an empty line), then ask questions ("How much tax does Alice
have to pay in 2017?") and follow-ups that change the case ("What if Alice earned $50,000
instead?"). Each step of the agent is traced live; commands show the facts, the query and the
last trace. Works with piped input too (``printf '...' | taxlogic chat``); EOF or ``/quit`` ends it.

The agent's context comes from :func:`make_context` in this module, so tests (or other front
ends) can patch it to inject a model.
"""

from __future__ import annotations

import re
import sys
import time
from pathlib import Path
from typing import Optional

import typer
from rich.console import Console
from rich.markup import escape

from taxlogic.cli.common import console, friendly_errors

#: /help: a paragraph (wrapped at the terminal's width, between words) and the commands.
HELP_INTRO = ('Ask a question about the fact pattern, e.g. "How much tax does Alice have to pay in 2017?" or a '
              'claim such as "Section 63(c)(5) applies to Alice in 2017." A line starting with "what if", '
              '"suppose", "assume" … (or containing "instead") changes the facts and answers the last question again.')
HELP_COMMANDS = (
    ("/facts", "the current facts, with line numbers (or those of the last attempt)"),
    ("/query", "the last question, its kind and its Prolog query"),
    ("/trace", "the steps of the last answer (or of the last attempt, even interrupted)"),
    ("/why", "why the last answer: the statute sections, amounts and facts that decided it (/why --full: the Prolog proof)"),
    ("/whynot", "the conditions that failed (a claim that does not hold, a tax with no value)"),
    ("/pattern", "the fact pattern (and the what-if changes applied)"),
    ("/new", "a new fact pattern"),
    ("/help", "this text"),
    ("/quit", "leave (so does end of input)"),
)
HELP = HELP_INTRO + "\n" + "\n".join(f"  {c:<9} {what}" for c, what in HELP_COMMANDS)
#: /help in a session whose rules the model writes (--case housing_..., --statutes FILE).
HELP_INTRO_STATUTES = ('Ask a question about the facts under the statutes given, e.g. "Was the eviction notice '
                       'lawful?" (housing: yes or no; uscis: Accepted or Dismissed). The model writes the rules and '
                       'the facts as one program for each question; /why cites the statute paragraph of each '
                       'condition. A what-if ("What if the notice came 20 days before instead?") edits the program\'s '
                       'facts and answers again; the statutes do not change, so every rule must stay as it was.')
_QUESTION = re.compile(r"^\s*(?:how|what|does|do|did|is|are|was|were|can|could|should|would|will|who|whom|when|"
                       r"which|why|may|must|has|have)\b", re.I)


def looks_like_question(text: str) -> bool:
    """A pasted "fact pattern" that reads as a question: one sentence ending in "?", or starting
    with a question word ("How much tax does Alice owe?")."""
    text = text.strip()
    sentences = [s for s in re.split(r"(?<=[.!?])\s+", text) if s.strip()]
    return len(sentences) == 1 and (text.endswith("?") or bool(_QUESTION.match(text)))


def print_help(out: Console, statutes: bool = False) -> None:
    """/help: the paragraph wraps between words at the terminal's width; commands in two columns.
    ``statutes``: the session's rules are the model's (:data:`HELP_INTRO_STATUTES`)."""
    from rich.table import Table

    out.print(escape(HELP_INTRO_STATUTES if statutes else HELP_INTRO), highlight=False)
    grid = Table.grid(padding=(0, 2))
    grid.add_column(no_wrap=True, style="bold")
    grid.add_column()
    for c, what in HELP_COMMANDS:
        grid.add_row(c, escape(what))
    out.print(grid)

_QUIT = ("/quit", "/exit", "/q")
_COMMANDS = ("/facts", "/query", "/trace", "/why", "/whynot", "/pattern", "/new", "/help", *_QUIT)


def make_context(rules, engine, **kwargs):
    """The agent's context (:func:`taxlogic.agent.context.make_context`); patch this to inject a model."""
    from taxlogic.agent.context import make_context as _make_context

    return _make_context(rules, engine, **kwargs)


def _numbered(text: str) -> str:
    lines = text.strip("\n").splitlines()
    width = len(str(len(lines)))
    return "\n".join(f"{i:>{width}}: {line}" for i, line in enumerate(lines, start=1))


class LineReader:
    """Reads the user's lines. On a terminal: prompt_toolkit (a line editor with history, pasted
    text kept whole however long, a multi-line paste as one entry); otherwise plain lines from
    stdin, echoed so a piped transcript reads like a session. ``read`` raises EOFError at the end
    of input and KeyboardInterrupt on Ctrl-C."""

    def __init__(self, out: Console, interactive: bool | None = None):
        self.out = out
        self.session = None
        if interactive if interactive is not None else (sys.stdin.isatty() and sys.stdout.isatty()):
            from prompt_toolkit import PromptSession
            from prompt_toolkit.history import InMemoryHistory

            self.session = PromptSession(history=InMemoryHistory())

    def read(self, prompt: str) -> str:
        if self.session is not None:
            from prompt_toolkit.formatted_text import ANSI

            with self.out.capture() as cap:
                self.out.print(prompt, end="")
            return self.session.prompt(ANSI(cap.get()))
        line = self.out.input(prompt)
        self.out.print(escape(line), highlight=False, soft_wrap=True)
        return line


def read_pattern(out: Console, reader: LineReader) -> str | None:
    """Read a multi-line fact pattern ending with an empty line; None at EOF (or /quit) before any
    text. A line starting with "/" before any text is a command, not the pattern's first line."""
    out.print("[bold]Fact pattern[/] (paste it; an empty line ends it):")
    lines: list[str] = []
    while True:
        try:
            line = reader.read("[dim]   …[/] " if lines else "[bold]pattern>[/] ")
        except EOFError:
            out.print()
            break
        except KeyboardInterrupt:
            lines = []
            out.print("[dim](cleared; /quit or end of input leaves)[/]")
            continue
        if not lines and line.strip().startswith("/"):
            cmd = line.split()[0].lower()
            if cmd in _QUIT:
                return None
            if cmd == "/help":
                print_help(out)
            else:
                out.print("no fact pattern yet: paste one first", highlight=False)
            continue
        if not line.strip():
            if lines:
                break
            continue
        lines.extend(l.rstrip() for l in line.splitlines())  # a multi-line paste comes as one entry
    return "\n".join(lines).strip("\n") or None


def _show_facts(out: Console, session) -> None:
    if session.facts:
        title = ("current program (rules and facts the model wrote)" if session.writes_rules else "current facts") + (
            f" (after {len(session.changes)} what-if change(s))" if session.changes else "")
        out.print(f"[bold]{title}[/]:")
        out.print(escape(_numbered(session.facts)), highlight=False)
    last = session.last
    if last is not None and last.facts and last.abstained and last.facts.strip() != session.facts.strip():
        out.print("[bold]facts of the last attempt[/] [yellow](not accepted: "
                  f"{escape(last.reason or 'abstained')}; see /trace)[/]:", highlight=False)
        out.print(escape(_numbered(last.facts)), highlight=False)
    elif not session.facts:
        out.print("no facts yet: ask a question first")


def _show_query(out: Console, session) -> None:
    if not session.question:
        out.print("no question yet")
        return
    out.print(f"[bold]question[/]: {escape(session.question)}  [dim]({session.kind})[/]", highlight=False)
    out.print(f"[bold]query[/]: {escape(session.query or '(none: the agent could not write one)')}", highlight=False)


def _show_pattern(out: Console, session) -> None:
    out.print(escape(session.pattern), highlight=False)
    for change in session.changes:
        out.print(f"[magenta]what-if[/]: {escape(change)}", highlight=False)


def _show_trace(out: Console, session) -> None:
    from taxlogic.cli.trace import Tracer, print_result

    if session.last is None:
        out.print("nothing yet: ask a question first")
        return
    kind, text = session.history[-1].kind, session.history[-1].text
    out.print(f"[bold]{'what-if' if kind == 'what_if' else 'question'}[/]: {escape(text)}", highlight=False)
    shower = Tracer(out)
    for ev in session.last.trace:
        shower(ev)
    print_result(out, session.last)


def _show_why(out: Console, session, failed_only: bool, full: bool = False) -> None:
    from taxlogic.agent.chat import ChatError
    from taxlogic.cli.explain import print_explanation

    try:
        expl = session.explain()
    except ChatError as exc:
        out.print(escape(str(exc)), highlight=False)
        return
    if expl is None:
        out.print("[yellow]the last query gives no answer to explain[/]")
    elif session.writes_rules:  # a model-written program: its conditions, each citing its paragraph
        if failed_only and not expl.failed:
            out.print("nothing failed: every condition on the query's path holds (/why shows them)")
        else:
            for line in expl.lines(failed_only=failed_only):
                out.print(escape(line), highlight=False, soft_wrap=True)
    elif failed_only and expl.holds:
        out.print("nothing failed: the last answer holds (/why shows its derivation)")
    else:
        print_explanation(expl, out=out, full=full)


def repl(session, tracer, out: Console = console, reader: LineReader | None = None, *,
         pattern: str | None = None, first: str | None = None, expected=None) -> None:
    """The read-eval-print loop on ``session`` (a :class:`taxlogic.agent.chat.ChatSession`).
    Commands work at every prompt; Ctrl-C during a model call stops it and returns to the prompt.
    ``pattern``: the fact pattern, given (a DeonticBench case's) instead of read; ``first``: a
    question asked before the first prompt (the case's own), its answer judged against
    ``expected``."""
    from taxlogic.agent.chat import ChatError
    from taxlogic.agent.llm import LLMError
    from taxlogic.cli.trace import Spinner, print_result
    from taxlogic.tools.engine import EngineError

    reader = reader or LineReader(out)

    def command(cmd: str, flags: tuple[str, ...] = ()) -> bool:
        """Run ``cmd``; False when it ends the chat."""
        if cmd in _QUIT:
            return False
        if cmd == "/help":
            print_help(out, statutes=session.writes_rules)
        elif cmd == "/new":
            pattern = read_pattern(out, reader)
            if pattern is None:
                return False
            session.set_fact_pattern(pattern)
            out.print("[dim]New fact pattern; ask a question.[/]")
            warn_question(pattern)
        elif not session.pattern:
            out.print("no fact pattern yet: paste one first" if cmd in _COMMANDS else
                      f"[red]unknown command[/] {escape(cmd)}: /help lists them", highlight=False)
        elif cmd == "/facts":
            _show_facts(out, session)
        elif cmd == "/query":
            _show_query(out, session)
        elif cmd == "/trace":
            _show_trace(out, session)
        elif cmd in ("/why", "/whynot"):
            _show_why(out, session, failed_only=cmd == "/whynot", full="--full" in flags)
        elif cmd == "/pattern":
            _show_pattern(out, session)
        else:
            out.print(f"[red]unknown command[/] {escape(cmd)}: /help lists them", highlight=False)
        return True

    def warn_question(pattern: str) -> None:
        if looks_like_question(pattern):
            out.print("[yellow]that reads like a question, not a fact pattern[/]: it is kept as the pattern; "
                      "/new pastes the facts of the case, then ask the question at question>", highlight=False)

    def answer(line: str, expected=None) -> None:
        """Answer a question or a what-if ``line``, traced; errors are printed, never raised."""
        seen: list = []  # the steps of this attempt, kept if Ctrl-C stops it
        kind = "what_if" if session.is_follow_up(line) else "ask"
        t0 = time.perf_counter()
        try:
            with Spinner(out) as spin:
                traced = spin.wrap(tracer)

                def on_event(ev) -> None:
                    seen.append(ev)
                    traced(ev)

                if kind == "what_if":
                    if not session.can_follow_up:
                        out.print("[yellow]that reads as a what-if, but there is no answered question to change yet: "
                                  "ask a question first[/]")
                        return
                    result = session.what_if(line, on_event=on_event)
                else:
                    result = session.ask(line, on_event=on_event)
        except KeyboardInterrupt:
            tracer.flush()
            session.interrupted(kind, line, seen, time.perf_counter() - t0)
            kept = f"{len(seen)} step{'s' if len(seen) != 1 else ''} kept" + (
                ", with the facts of the last translation" if session.last.facts else "")
            out.print(f"[yellow]interrupted[/]: back to the prompt ({kept}: /facts, /trace)", highlight=False)
            return
        except (ChatError, LLMError, EngineError) as exc:
            out.print(f"[bold red]error:[/] {escape(str(exc))}", highlight=False, soft_wrap=True)
            return
        print_result(out, result, expected)
        if result.abstained and session.history[-1].kind == "what_if":
            out.print("[dim](the facts are unchanged; /facts shows them)[/]")
        if session.writes_rules and not result.abstained:  # the answer in the law's words
            try:
                why = session.explain()
            except (ChatError, EngineError) as exc:
                out.print(f"[yellow]no explanation[/]: {escape(str(exc))}", highlight=False)
                return
            if why is not None:
                out.print(f"[bold]in the law's words[/]: {escape(why.because())}  [dim](/why: every condition)[/]",
                          highlight=False, soft_wrap=True)

    if pattern is None:
        pattern = read_pattern(out, reader)
        if pattern is None:
            return
    else:
        out.print(f"[bold]fact pattern[/]: {escape(pattern)}", highlight=False, soft_wrap=True)
    session.set_fact_pattern(pattern)
    out.print("[dim]Ask a question (/help for commands).[/]")
    warn_question(pattern)
    if first:
        out.print(f"[bold cyan]question>[/] {escape(first)}", highlight=False, soft_wrap=True)
        answer(first, expected)
    while True:
        try:
            line = reader.read("[bold cyan]question>[/] ").strip()
        except EOFError:
            out.print()
            return
        except KeyboardInterrupt:
            continue
        if not line:
            continue
        if line.startswith("/"):
            if not command(line.split()[0].lower(), tuple(w.lower() for w in line.split()[1:])):
                return
            continue
        answer(line)


def chat(
    model: Optional[str] = typer.Option(None, help="Model name (default: TAXLOGIC_LLM_MODEL)."),
    budget: int = typer.Option(3, min=0, help="Repair rounds after each translation or edit; then the agent abstains."),
    grammar: Optional[bool] = typer.Option(None, "--grammar/--no-grammar", help="Constrain output to Prolog facts (llama.cpp GBNF). Default: on for local llama.cpp endpoints."),
    trace: Optional[Path] = typer.Option(None, help="Append every step to this JSONL file."),
    verbose: bool = typer.Option(False, "--verbose", "-v", help="Show every line of the facts the model wrote (default: a compact view)."),
    dataset: str = typer.Option("sara", "--dataset", help="Whose statutes: sara (SARA, 2020 release) or sara-v2 (SARA v2's, its string names)."),
    case_id: Optional[str] = typer.Option(None, "--case", help="A DeonticBench housing_/uscis_ case: its statutes and facts are the pattern, its question is asked first (the model writes the rules too)."),
    statutes: Optional[Path] = typer.Option(None, "--statutes", help="A file of statutes the model writes the rules from; paste the facts, ask yes/no questions and what-ifs (--domain housing: yes/no, uscis: Accepted/Dismissed)."),
    domain: str = typer.Option("housing", "--domain", help="With --statutes: housing (yes/no) or uscis (Accepted/Dismissed)."),
) -> None:
    """Chat about a fact pattern: paste it, ask questions, ask what-ifs that change the facts
    ("What if Alice earned $50,000 instead?"), and look at the facts and the trace. With --case
    housing_.../uscis_... or --statutes FILE, the model writes the rules from the statutes given
    (``kb/statutes``): /why cites the statute paragraphs; a what-if edits the program's facts and
    keeps its rules."""
    from taxlogic.agent.chat import ChatSession
    from taxlogic.cli.common import CASE_DATASETS, check_choice, dataset_rules, usage_error
    from taxlogic.cli.trace import Tracer, answering_model
    from taxlogic.tools.engine import Engine

    check_choice("--dataset", dataset, CASE_DATASETS)
    if case_id is not None and statutes is not None:
        usage_error("--statutes goes without --case (a DeonticBench --case brings its own statutes)")
    if case_id is not None:
        from taxlogic.cli.statutes_case import is_statutes_case

        if not is_statutes_case(case_id):
            usage_error(f"--case {case_id!r}: chat takes a DeonticBench housing_ or uscis_ id (paste a SARA case's text)")
    with friendly_errors():
        law, pattern, first, expected, dom = "", None, None, None, None
        if case_id is not None or statutes is not None:
            from taxlogic.cli.statutes_case import load_statutes_case, read_statutes

            if case_id is not None:
                case, dom, inp = load_statutes_case(case_id)
                law, pattern, first, expected = inp.statutes, inp.text, inp.question, case.label
            else:
                from taxlogic.kb.domain import get_domain

                check_choice("--domain", domain, ("housing", "uscis"))
                law, dom = read_statutes(statutes), get_domain(domain)
            rules = dom.rule_set()
        else:
            rules = dataset_rules(dataset)
        with Engine(rules, workers=1) as engine:
            extra = {"domain": dom, "grammar": False} if dom is not None else {"grammar": grammar}
            ctx = make_context(rules, engine, model_name=model, budget=budget, **extra)
            where = f"  domain: {dom.name} (the model writes the rules)" if dom is not None else ""
            console.print(f"[bold]taxlogic chat[/]  model: {escape(answering_model(ctx.model, chosen=model is not None))}  budget: {budget}{where}  "
                          "[dim](/help for commands, /quit or end of input to leave)[/]", highlight=False)
            tracer = Tracer(console, trace, verbose=verbose)
            try:
                repl(ChatSession(ctx, statutes=law), tracer, pattern=pattern, first=first, expected=expected)
            finally:
                tracer.close()
