"""``taxlogic data install-rulearena``: install RuleArena's evaluation data into the data directory."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from taxlogic.cli.common import console, friendly_errors, print_json


def install_rulearena(
    source: Path = typer.Option(..., "--from", help="A RuleArena copy holding derived/, airline/, LICENSE and SOURCE (e.g. ../shared/rulearena)."),
    data_dir: Optional[Path] = typer.Option(None, help="Data directory (default: TAXLOGIC_DATA_DIR or ~/.local/share/taxlogic)."),
    force: bool = typer.Option(False, "--force", help="Reinstall even if already installed."),
    as_json: bool = typer.Option(False, "--json", help="Print the install record as JSON."),
) -> None:
    """Install RuleArena (derived prompts and answers, airline rules and fee tables) into
    <data>/rulearena, verifying every file's SHA-256 against the shipped manifest."""
    from taxlogic.eval.rulearena import install

    with friendly_errors():
        with console.status("installing RuleArena …"):
            record = install(source, data_dir, force=force)
    if as_json:
        print_json(record)
        return
    from taxlogic.settings import get_settings

    root = Path(data_dir or get_settings().data_dir).expanduser() / "rulearena"
    console.print(f"RuleArena installed in [bold]{root}[/] from {record['source']} "
                  f"({record['files']} files verified, commit {record['commit'][:8]})")
