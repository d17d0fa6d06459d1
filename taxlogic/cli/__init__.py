"""The ``taxlogic`` command line: sub-commands are defined beside this file and mounted here."""

from __future__ import annotations

import importlib

import typer

from taxlogic.cli import data, evaluate, run as run_mod, solve as solve_mod

app = typer.Typer(
    help="taxlogic: tax-law reasoning where an LLM only translates a case into Prolog facts and SWI-Prolog decides.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
)
app.add_typer(data.app, name="data")
app.add_typer(evaluate.app, name="eval")
app.command("run")(run_mod.run)
app.command("solve")(solve_mod.solve)
app.command("chat")(importlib.import_module("taxlogic.cli.chat").chat)

# Sub-apps whose modules may be absent in a partial checkout are mounted when present.
for _name, _cmd in (("taxlogic.cli.llm", "llm"),):
    try:
        app.add_typer(importlib.import_module(_name).app, name=_cmd)
    except ImportError:
        pass


def main() -> None:
    app()
