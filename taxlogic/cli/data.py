"""``taxlogic data``: install and inspect the SARA data directory."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from taxlogic.cli.common import console, friendly_errors, print_json

app = typer.Typer(help="Install and check the SARA v2 data (cases, statutes, splits).", no_args_is_help=True)


@app.command()
def install(
    source: Optional[str] = typer.Option(
        None, "--from", help="Local SARA folder, .tar.gz/.zip archive, or URL. Default: the public SARA v2 archive at the pinned commit."
    ),
    data_dir: Optional[Path] = typer.Option(None, help="Data directory (default: TAXLOGIC_DATA_DIR or ~/.local/share/taxlogic)."),
    force: bool = typer.Option(False, "--force", help="Reinstall even if already installed."),
    as_json: bool = typer.Option(False, "--json", help="Print the install record as JSON."),
) -> None:
    """Install SARA v2 into the data directory, verify every file's SHA-256 and apply the documented errata."""
    from taxlogic.kb.data import install as do_install, sara_paths

    with friendly_errors():
        with console.status("installing SARA v2 …"):
            record = do_install(source, data_dir, force=force)
    if as_json:
        print_json(record)
        return
    root = sara_paths(data_dir).root
    console.print(f"SARA v2 installed in [bold]{root}[/] from {record['source']} ({record['files']} files verified)")
    for e in record["errata"]:
        console.print(f"  erratum applied: {e['path']}: {e['description']}")


@app.command()
def info(data_dir: Optional[Path] = typer.Option(None, help="Data directory."), as_json: bool = typer.Option(False, "--json")) -> None:
    """Show where SARA is installed and how many cases each split and task has."""
    import collections

    from taxlogic.kb.cases import load_cases
    from taxlogic.kb.data import sara_paths

    with friendly_errors():
        cases = load_cases(data_dir)
    counts = collections.Counter(f"{c.split}/{c.kind}" for c in cases)
    out = {"root": str(sara_paths(data_dir).root), "cases": len(cases), "by_split_and_task": dict(sorted(counts.items()))}
    if as_json:
        print_json(out)
    else:
        console.print(out)


from taxlogic.cli.rulearena import install_rulearena  # noqa: E402

app.command("install-rulearena")(install_rulearena)
