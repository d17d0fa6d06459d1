"""The ``taxlogic`` command line: sub-commands are defined beside this file and mounted here."""

from __future__ import annotations

import typer

from taxlogic.cli import chat, data, evaluate, llm, plus, run as run_mod, solve as solve_mod

app = typer.Typer(
    help="taxlogic: tax-law reasoning where an LLM only translates a case into Prolog facts and SWI-Prolog decides.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
)
data.app.command("plus")(plus.plus)
app.add_typer(data.app, name="data")
app.add_typer(evaluate.app, name="eval")
app.command("run")(run_mod.run)
app.command("solve")(solve_mod.solve)
app.command("inspect")(__import__("taxlogic.cli.inspect", fromlist=["inspect_cmd"]).inspect_cmd)
app.command("chat")(chat.chat)
app.command("explain")(__import__("taxlogic.cli.explain", fromlist=["explain"]).explain)
app.add_typer(llm.app, name="llm")


def main() -> None:
    app()
