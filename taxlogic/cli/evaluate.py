"""``taxlogic eval``: evaluation commands."""

from __future__ import annotations

import time

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from taxlogic.cli.common import console, friendly_errors, print_json

app = typer.Typer(help="Evaluate methods on SARA: gold programs, the agent, direct QA.", no_args_is_help=True)


def progress_bar() -> Progress:
    """The progress bar used by every long evaluation (count, bar, ETA)."""
    return Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                    console=console, transient=True)


@app.command()
def gold(
    split: str = typer.Option("all", help="all | train | test"),
    task: str = typer.Option("all", help="all | entailment | numeric"),
    workers: int = typer.Option(0, help="Prolog workers (0: one per core)."),
    as_json: bool = typer.Option(False, "--json", help="Print a JSON summary: total, correct, failed, seconds, failures, errata."),
) -> None:
    """Run every case's gold Prolog program through the engine (the oracle translator)."""
    from taxlogic.eval.gold import run_gold
    from taxlogic.kb.cases import load_cases
    from taxlogic.kb.data import sara_paths
    from taxlogic.kb.rules import sara_rules
    from taxlogic.tools.engine import Engine
    import json

    with friendly_errors():
        cases = load_cases(split=split, kind=task)
        rules = sara_rules()
        t0 = time.perf_counter()
        results = []
        with Engine(rules, workers=workers or None) as engine, progress_bar() as bar:
            tid = bar.add_task("gold programs", total=len(cases))
            for r in run_gold(engine, cases):
                results.append(r)
                bar.advance(tid)
        seconds = time.perf_counter() - t0
    record = json.loads((sara_paths().root / "INSTALL.json").read_text())
    failures = [r for r in results if not r.correct]
    summary = {
        "split": split, "task": task, "total": len(results), "correct": len(results) - len(failures),
        "failed": len(failures), "seconds": round(seconds, 3),
        "inferences": sum(r.inferences for r in results),
        "failures": [{"case": r.case_id, "expected": r.expected, "prediction": r.prediction, "reason": r.reason} for r in failures],
        "errata": [e["path"] for e in record.get("errata", [])],
    }
    if as_json:
        print_json(summary)
    else:
        table = Table(title=f"gold programs on SARA ({split}, {task})")
        for col in ("task", "cases", "correct", "failed", "seconds", "inferences"):
            table.add_column(col, justify="right" if col != "task" else "left")
        for kind in ("entailment", "numeric"):
            rs = [r for r in results if r.kind == kind]
            if rs:
                table.add_row(kind, str(len(rs)), str(sum(r.correct for r in rs)), str(sum(not r.correct for r in rs)),
                              f"{sum(r.seconds for r in rs):.2f}", f"{sum(r.inferences for r in rs):,}")
        console.print(table)
        console.print(f"{summary['correct']}/{summary['total']} correct in {seconds:.2f} s wall; errata applied at install: {', '.join(summary['errata']) or 'none'}")
        for f in summary["failures"]:
            console.print(f"[red]FAILED {f['case']}: expected {f['expected']}, got {f['prediction']} ({f['reason']})[/]")
    if failures:
        raise typer.Exit(1)
