"""The ``taxlogic`` command line. The app, every command mounted from one table, is in
:mod:`taxlogic.cli.root` (``app``, ``COMMANDS``, ``GROUPS``, ``build_app`` are also names of this
package, imported on first use); one module per command group or command beside it; shared
helpers (console, one-line errors, exit codes, progress bars) in :mod:`taxlogic.cli.common`.

This module is the console script's entry (``taxlogic = "taxlogic.cli:main"``) and imports only
the standard library, so that :func:`main` covers Ctrl-C from the moment it runs, while Python
imports the app (typer, rich, pydantic and every command: most of the first second).
"""

from __future__ import annotations

import os
import signal

#: Names of :mod:`taxlogic.cli.root` that ``from taxlogic.cli import NAME`` gives.
_ROOT_NAMES = frozenset({"app", "build_app", "COMMANDS", "GROUPS", "EPILOGS", "Group", "Command"})

#: Exit code of a Ctrl-C (``taxlogic.cli.common.EXIT_INTERRUPTED``; not imported from there,
#: which would load rich and typer before SIGINT is covered).
_EXIT_INTERRUPTED = 130


def __getattr__(name: str) -> object:
    if name in _ROOT_NAMES:
        from taxlogic.cli import root

        return getattr(root, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _interrupted_while_loading(signum: int, frame: object) -> None:
    """SIGINT while the app is imported: one line, exit 130, at once. Not a KeyboardInterrupt:
    raised inside some library's import, a broad ``except`` there could swallow it, or a
    half-imported module could print a traceback. Nothing has started yet (no file written, no
    Prolog worker), so there is nothing to close."""
    os.write(2, b"interrupted\n")
    os._exit(_EXIT_INTERRUPTED)


def main() -> None:
    """The console script. Ctrl-C ends any command with one line "interrupted" (or the command's
    own line), exit code 130, no traceback (the Prolog workers ignore SIGINT and are closed by
    the engine); also while the app is being imported, from the first line of this function
    (the interpreter's own start-up before it, some 60 ms, is outside any program's reach). When
    SIGINT is ignored (e.g. ``nohup``), it stays ignored."""
    covered = False
    try:
        covered = signal.getsignal(signal.SIGINT) is signal.default_int_handler
        if covered:
            signal.signal(signal.SIGINT, _interrupted_while_loading)
    except ValueError:  # pragma: no cover - not the main thread: no handler can be set
        covered = False
    try:
        from taxlogic.cli.root import app

        if covered and signal.getsignal(signal.SIGINT) is _interrupted_while_loading:
            signal.signal(signal.SIGINT, signal.default_int_handler)  # from here: KeyboardInterrupt
        app()
    except KeyboardInterrupt:
        from taxlogic.cli.common import EXIT_INTERRUPTED, err_console

        err_console.print("[yellow]interrupted[/]")
        raise SystemExit(EXIT_INTERRUPTED) from None
