"""Shared CLI helpers: one console, one-line errors instead of tracebacks."""

from __future__ import annotations

import json
import sys
from contextlib import contextmanager
from pathlib import Path
from typing import Any, NoReturn

import typer
from rich.console import Console

console = Console()
err_console = Console(stderr=True)


def fail(message: str, code: int = 1) -> NoReturn:
    """Print ``message`` as one red line on stderr and exit with ``code``."""
    err_console.print(f"[bold red]error:[/] {message}", highlight=False, soft_wrap=True)
    raise typer.Exit(code)


def print_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, indent=2, default=str) + "\n")


@contextmanager
def friendly_errors():
    """Turn the errors a user can meet (missing data, SWI-Prolog, LLM endpoint) into one line."""
    from taxlogic.kb.data import DataError
    from taxlogic.kb.vocabulary import VocabularyError
    from taxlogic.tools.engine import EngineError

    known: tuple[type[BaseException], ...] = (DataError, VocabularyError, EngineError, KeyError, FileNotFoundError)
    try:
        from taxlogic.agent.llm import LLMError

        known = known + (LLMError,)
    except ImportError:  # pragma: no cover - during partial installs
        pass
    try:
        yield
    except known as exc:
        msg = exc.args[0] if isinstance(exc, KeyError) and exc.args else str(exc)
        fail(str(msg))


def case_facts(case, facts_file: Path | None, rules) -> tuple[str, bool]:
    """(facts, trusted) for a case: its gold facts (trusted: they may hold rules), or
    ``facts_file`` validated and re-serialised (untrusted). Exits with one line per problem if
    the file is missing or does not validate."""
    if facts_file is None:
        return case.gold_facts, True
    from taxlogic.tools.facts import check_facts

    if not facts_file.is_file():
        fail(f"--facts {facts_file}: no such file")
    check = check_facts(facts_file.read_bytes(), rules.vocabulary)
    if not check.ok:
        for p in check.problems:
            console.print(f"[red]line {p.line}: {p.kind}: {p.message}[/]", highlight=False)
        fail(f"{facts_file}: {len(check.problems)} problem(s); nothing was run")
    return check.canonical, False
