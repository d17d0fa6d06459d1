"""The ``taxlogic`` app (the console script's entry, :func:`taxlogic.cli.main`, imports it once
SIGINT is covered). Every command is mounted here, from :data:`COMMANDS`; each command group has
one module beside this file, named for it (``data``, ``evaluate`` for ``eval``, ``llm``), with
``eval contamination`` and ``eval verifier`` in modules of their own. Shared helpers (console,
one-line errors, progress bar) are in :mod:`taxlogic.cli.common`; no CLI module imports another,
except ``chat`` and ``solve``, which share :mod:`taxlogic.cli.trace`, and this one.
"""

from __future__ import annotations

from inspect import cleandoc
from typing import Callable

import typer
from typer.core import TyperCommand, TyperGroup

import sys

from rich.markup import escape

from taxlogic.cli.common import EXIT_INTERRUPTED, EXIT_USAGE, check_settings, err_console
from taxlogic.cli import (chat, contamination, crosscheck, data, evaluate, explain, inspect, llm, paper, run, solve,
                          verifier)

#: Command groups: name -> help.
GROUPS: dict[str, str] = {
    "data": "Install and check the datasets: SARA (2020 release: cases, statutes, splits) and RuleArena (tax, NBA, airline problems); SARA⁺ and the documented errata.",
    "eval": "Evaluate methods on SARA, SARA⁺ and RuleArena (tax, NBA, airline): gold programs, the agent, the paper's Prolog baseline, direct QA; reports.",
    "llm": llm.HELP,
}

#: Text below a command's options (long lists of choices), by command path.
EPILOGS: dict[str, str] = {"eval run": evaluate.RUN_EPILOG}

#: Every command: ("group name", function) or ("name", function) for a top-level command.
COMMANDS: tuple[tuple[str, Callable[..., None]], ...] = (
    ("data install", data.install),
    ("data info", data.info),
    ("data install-rulearena", data.install_rulearena),
    ("data install-deonticbench", data.install_deonticbench),
    ("data plus", data.plus),
    ("data errata", data.errata),
    ("eval gold", evaluate.gold),
    ("eval run", evaluate.run),
    ("eval report", evaluate.report),
    ("eval paper", paper.paper),
    ("eval contamination", contamination.contamination),
    ("eval verifier", verifier.verifier),
    ("eval crosscheck", crosscheck.crosscheck),
    ("run", run.run),
    ("solve", solve.solve),
    ("inspect", inspect.inspect_cmd),
    ("explain", explain.explain),
    ("chat", chat.chat),
    ("llm serve", llm.serve),
    ("llm stop", llm.stop),
    ("llm status", llm.status),
)


class _HelpFixes:
    """Two fixes to typer's rich help. A boolean flag is listed without a type: typer writes
    ``--json <bool>`` (and ``--help <bool>``) though a flag takes no value; an empty metavar is
    what it prints instead. Help paragraphs wrap at the terminal's width: typer's rich markup
    keeps a docstring's single line breaks (in command lists and later paragraphs), so each
    paragraph is joined into one line first (paragraphs stay apart)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for attr in ("help", "epilog"):
            text = getattr(self, attr, None)
            if text:
                paragraphs = cleandoc(text).split("\n\n")
                setattr(self, attr, "\n\n".join(" ".join(p.split()) for p in paragraphs))

    def get_params(self, ctx):
        params = super().get_params(ctx)
        for p in params:
            if getattr(p, "is_flag", False) and p.metavar is None:
                p.metavar = ""
        return params


class Command(_HelpFixes, TyperCommand):
    pass


class Group(_HelpFixes, TyperGroup):
    """The root group also gives every error one style: click's usage errors (unknown option, bad
    value, missing argument) as one red line naming the command's --help, exit code 2, as
    :func:`taxlogic.cli.common.fail` prints the commands' own errors; and Ctrl-C in a command
    that does not say more itself (eval gold and eval run say what was done) as one line
    "interrupted", exit code 130 (typer alone exits 130 silently)."""

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt:
            err_console.print("[yellow]interrupted[/]")
            raise typer.Exit(EXIT_INTERRUPTED) from None

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True, **extra):
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, standalone_mode, **extra)
        try:  # typer vendors click (typer._click): its exceptions, not click's
            from typer._click import exceptions as click_errors
        except ImportError:  # pragma: no cover - typer versions that use click itself
            from click import exceptions as click_errors

        try:
            rv = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        except click_errors.NoArgsIsHelpError as exc:  # a bare group: its help
            typer.echo(exc.ctx.get_help() if exc.ctx else exc.format_message())
            sys.exit(EXIT_USAGE)
        except click_errors.UsageError as exc:
            where = exc.ctx.command_path if exc.ctx else "taxlogic"
            err_console.print(f"[bold red]error:[/] {escape(' '.join(exc.format_message().split()))} "
                              f"(see {escape(where)} --help)", highlight=False, soft_wrap=True)
            sys.exit(EXIT_USAGE)
        except typer.Abort:
            err_console.print("[yellow]interrupted[/]")
            sys.exit(EXIT_INTERRUPTED)
        except click_errors.ClickException as exc:  # e.g. a file option that cannot be opened
            err_console.print(f"[bold red]error:[/] {escape(' '.join(exc.format_message().split()))}",
                              highlight=False, soft_wrap=True)
            sys.exit(exc.exit_code)
        sys.exit(rv if isinstance(rv, int) else 0)


def _version(value: bool) -> None:
    if value:
        from importlib.metadata import PackageNotFoundError, version

        try:
            v = version("taxlogic")
        except PackageNotFoundError:  # pragma: no cover - run from a source tree without install
            v = "unknown (not installed)"
        typer.echo(f"taxlogic {v}")
        raise typer.Exit()


#: The root's help: what taxlogic is, then where to start.
ROOT_HELP = """taxlogic: tax-law reasoning where an LLM only translates a case into Prolog facts and SWI-Prolog decides.

Start here: taxlogic data install (SARA; RuleArena: taxlogic data install-rulearena --from PATH), then taxlogic explain --case tax_case_1 (a case's answer and why, no model needed) and taxlogic solve --case tax_case_1 (the agent, with the model of TAXLOGIC_LLM_MODEL)."""


def _start(
    version: bool = typer.Option(False, "--version", is_eager=True, callback=_version, help="Print the version and exit."),
) -> None:
    check_settings()


def build_app() -> typer.Typer:
    """The ``taxlogic`` Typer app with every command of :data:`COMMANDS` mounted."""
    root = typer.Typer(
        help=ROOT_HELP,
        no_args_is_help=True,
        pretty_exceptions_enable=False,
        add_completion=False,
        cls=Group,
    )
    root.callback()(_start)
    groups = {name: typer.Typer(help=text, no_args_is_help=True, cls=Group) for name, text in GROUPS.items()}
    for path, fn in COMMANDS:
        group, _, name = path.rpartition(" ")
        (groups[group] if group else root).command(name, cls=Command, epilog=EPILOGS.get(path))(fn)
    for name, sub in groups.items():
        root.add_typer(sub, name=name)
    return root


app = build_app()

