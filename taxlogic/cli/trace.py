"""Live trace of the agent's steps in the terminal (rich), and the JSONL trace file."""

from __future__ import annotations

from pathlib import Path
from typing import IO

from rich.console import Console
from rich.markup import escape

from taxlogic.agent.state import AgentResult, TraceEvent

_STYLE = {"generate": "cyan", "repair": "magenta", "validate": "blue", "execute": "yellow",
          "inspect": "blue", "unchanged": "dim", "answer": "bold green", "abstain": "bold red", "write_query": "cyan"}


class Tracer:
    """Callable ``on_event`` for :func:`taxlogic.agent.solve.solve`: prints each step live
    (node, round, seconds, tokens, issues, fact changes) and appends it to ``jsonl`` if given."""

    def __init__(self, console: Console, jsonl: Path | None = None, *, show: bool = True, max_issues: int = 6):
        self.console, self.show, self.max_issues = console, show, max_issues
        self.fh: IO[str] | None = open(jsonl, "a", encoding="utf-8") if jsonl else None

    def __call__(self, ev: TraceEvent) -> None:
        if self.fh:
            self.fh.write(ev.model_dump_json() + "\n")
            self.fh.flush()
        if not self.show:
            return
        tokens = f"  {ev.input_tokens}→{ev.output_tokens} tok" if ev.input_tokens or ev.output_tokens else ""
        style = _STYLE.get(ev.node, "white")
        self.console.print(f"[dim]r{ev.round}[/] [{style}]{ev.node:<11}[/] {ev.seconds:6.2f} s{tokens}  {escape(ev.detail)}",
                           highlight=False, soft_wrap=True)
        for issue in ev.issues[: self.max_issues]:
            self.console.print(f"      [red]✗ {escape(issue.render())}[/]", highlight=False, soft_wrap=True)
        if len(ev.issues) > self.max_issues:
            self.console.print(f"      [red]… {len(ev.issues) - self.max_issues} more[/]")
        for line in ev.facts_diff[:12]:
            colour = "green" if line.startswith("+") else "red"
            self.console.print(f"      [{colour}]{escape(line)}[/]", highlight=False)

    def close(self) -> None:
        if self.fh:
            self.fh.close()


def print_result(console: Console, result: AgentResult, expected=None) -> None:
    """The final line(s): answer or abstention, cost in tokens and seconds, and correctness if known."""
    cost = f"{len(result.rounds)} round(s), {result.input_tokens}→{result.output_tokens} tokens, {result.seconds:.1f} s"
    if result.abstained:
        console.print(f"[bold red]abstained[/]: {escape(result.reason or '')}  ({cost})", highlight=False, soft_wrap=True)
    else:
        console.print(f"[bold green]answer[/]: {result.answer}  ({cost})", highlight=False)
    if expected is not None:
        verdict = "[green]correct[/]" if result.answer == expected else ("[yellow]abstained[/]" if result.abstained else "[red]wrong[/]")
        console.print(f"expected: {expected}  {verdict}")
