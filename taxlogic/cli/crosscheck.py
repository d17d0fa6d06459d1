"""``taxlogic eval crosscheck``: the Form 1040 KB against Tax-Calculator (:mod:`taxlogic.eval.benchmarks.rulearena.crosscheck`)."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer
from rich.table import Table

from taxlogic.cli.common import check_choice, console, fail, friendly_errors, print_json, usage_error


def crosscheck(
    dataset: str = typer.Option("rulearena-tax", "--dataset", help="The returns' benchmark: rulearena-tax."),
    problems: Optional[Path] = typer.Option(None, "--problems", help="Your own returns: RuleArena's derived JSONL shape (id, level, pydantic per line)."),
    generate: Optional[int] = typer.Option(None, "--generate", min=1, help="Instead: N returns drawn by the project's generator (kb/form1040/data/generate.py), levels 0-2 in turn."),
    seed: int = typer.Option(0, "--seed", help="Seed of --generate (same seed, same returns)."),
    levels: str = typer.Option("0,1,2", "--levels", help="Levels of RuleArena's problems or of the generated returns, comma-separated."),
    out: Optional[Path] = typer.Option(None, "--out", help="Folder for returns.jsonl, differences.csv and summary.json (default: runs/crosscheck-<source>, relative to the current directory)."),
    workers: int = typer.Option(2, help="Prolog workers."),
    as_json: bool = typer.Option(False, "--json", help="Print the summary as JSON instead of the tables."),
) -> None:
    """Compare the Form 1040 KB with Tax-Calculator (tax year 2023) return by return: adjusted
    gross income, taxable income, the tax of line 16, self-employment tax, the child tax
    credit, the additional child tax credit, education credits, tax after credits and total
    tax. Each difference is within the Tax Table's rounding, explained by a named rule
    (kb/form1040/checks/crosscheck_rules.json), or counted as unexplained (exit code 1). Needs
    `pip install 'taxlogic\\[crosscheck]'`."""
    from taxlogic.eval.benchmarks.rulearena.crosscheck import STATUSES, load_returns, run_crosscheck, write_report
    from taxlogic.kb.form1040 import form1040_rules
    from taxlogic.kb.form1040.checks.tax_calculator import COMPARED, NOT_IN_PROMPT, crosscheck_rules
    from taxlogic.tools.engine import Engine

    check_choice("--dataset", dataset, ["rulearena-tax"])
    if problems is not None and generate is not None:
        usage_error("--problems and --generate cannot go together")
    try:
        level_list = tuple(int(x) for x in levels.split(",") if x.strip())
    except ValueError:
        usage_error(f"--levels: not a list of levels: {levels!r}")
    if not level_list or any(lv not in (0, 1, 2) for lv in level_list):
        usage_error("--levels: levels are 0, 1 and 2")
    with friendly_errors():
        try:
            import taxcalc  # noqa: F401
        except ImportError:
            fail("Tax-Calculator is not installed: pip install 'taxlogic[crosscheck]'")
        try:
            source, rows = load_returns(dataset, problems, generate, seed, level_list)
        except ValueError as exc:
            fail(str(exc))
        with Engine(form1040_rules(), workers=workers) as engine:
            with console.status("Tax-Calculator compiles its functions on first use (about a minute) ..."):
                report = run_crosscheck(engine, source, rows)
        folder = out if out is not None else Path("runs") / f"crosscheck-{source}"
        paths = write_report(report, folder)
    if as_json:
        print_json(report.summary() | {"out": str(folder)})
    else:
        table = Table(title=f"Form 1040 KB vs Tax-Calculator 2023: {len(report.returns)} returns ({source})",
                      title_justify="left")
        table.add_column("line")
        for col in ("n", *STATUSES):
            table.add_column(col, justify="right")
        for key, counts in report.table.items():
            n = sum(counts.values())
            table.add_row(COMPARED[key][0], str(n), *(str(counts[s]) for s in STATUSES))
        console.print(table)
        rules = crosscheck_rules()
        if report.rules:
            by_rule = Table(title="differences explained, by rule (kb/form1040/checks/crosscheck_rules.json)", title_justify="left")
            by_rule.add_column("rule")
            by_rule.add_column("lines", justify="right")
            by_rule.add_column("kind")
            for rule, n in report.rules.most_common():
                by_rule.add_row(rule, str(n), rules.get(rule, {}).get("kind", "?"))
            console.print(by_rule)
        passed = [name for name, r in rules.items() if r["kind"] == "passed"]
        console.print(f"passed through (inputs the problem gives, not compared): {', '.join(passed)}", highlight=False)
        if report.not_in_prompt:
            console.print("Tax-Calculator also charges taxes the prompt's forms leave out: " + ", ".join(
                f"{NOT_IN_PROMPT[k]} on {n} returns" for k, n in report.not_in_prompt.items()), highlight=False)
        console.print(f"seconds: KB {report.kb_seconds:.1f}, Tax-Calculator {report.taxcalc_seconds:.1f} "
                      f"(compilation included); per return: {', '.join(str(p) for p in paths)}", highlight=False)
    if report.unexplained:
        fail(f"{report.unexplained} differences not explained by a rule (differences.csv, status unexplained)")
