"""Shared CLI helpers: one console, one-line errors instead of tracebacks."""

from __future__ import annotations

import json
import sys
from contextlib import contextmanager
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
