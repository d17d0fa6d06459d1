"""``taxlogic eval paper``: reproduce the paper's Tables 5-9 with one's own model in one command,
priced before it runs, the user's rows beside the published ones (:mod:`taxlogic.eval.experiments.paper`)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Optional

import typer
from rich.table import Table

from taxlogic.cli.common import (EXIT_INTERRUPTED, console, fail, friendly_errors, option_list, print_json, progress_bar,
                                 stage_progress, usage_error)
from taxlogic.cli.fit import fit


def _range(lo: float, hi: float, fmt: str = "{:,.0f}") -> str:
    return fmt.format(lo) if round(lo, 4) == round(hi, 4) else f"{fmt.format(lo)}–{fmt.format(hi)}"


def _tokens(n: float) -> str:
    """Token counts for the plan: 9,876, 405.7k, 1.79M."""
    return f"{n:,.0f}" if n < 10_000 else f"{n / 1e3:,.1f}k" if n < 1e6 else f"{n / 1e6:,.2f}M"


def _token_range(lo: float, hi: float) -> str:
    return _tokens(lo) if lo == hi else f"{_tokens(lo)}–{_tokens(hi)}"


def _where(cell) -> str:
    """A cell's data in the plan: "sara all · numeric", "sara_en_c · all" (a SARA⁺ split)."""
    return (cell.split if cell.dataset == "sara-plus" else f"{cell.dataset} {cell.split}") + f" · {cell.task}"


def _dollars(pair) -> str:
    if pair is None:
        return "–"
    lo, hi = f"{pair[0]:,.2f}", f"{pair[1]:,.2f}"
    return f"${lo}" if lo == hi else f"${lo}–{hi}"


def print_plan(plan, *, out: Path) -> None:
    """The plan as a table: per cell, cases (to do / all), LLM calls, input and output tokens and
    dollars (ranges where a figure is assumed), then the totals and the basis of the estimates."""
    from rich import box

    table = Table(title=f"plan: {plan.model} (paper protocol), run folders in {out}", title_justify="left",
                  box=box.SIMPLE_HEAD, padding=(0, 1), pad_edge=False, collapse_padding=True, expand=False)
    for col in ("method", "data · task", "to do", "calls", "tokens in", "tokens out", "dollars"):
        table.add_column(col, justify="left" if col[0] in "md" else "right", overflow="fold")
    for c in plan.cells:
        cell = c.cell
        table.add_row(cell.method, _where(cell), f"{c.todo}/{c.cases}",
                      _range(*c.calls), _token_range(*c.input_tokens), _token_range(*c.output_tokens), _dollars(c.dollars))
    table.add_section()
    table.add_row(f"total ({len(plan.cells)} cells)", "", f"{plan.todo}", _range(*plan.total("calls")),
                  _token_range(*plan.total("input_tokens")), _token_range(*plan.total("output_tokens")),
                  _dollars(plan.dollars))
    console.print(fit(table, console))
    bases: dict[str, list[str]] = {}
    for c in plan.cells:
        for b in c.basis:
            who = f"{c.cell.method} {_where(c.cell)}" if "measured" in b else c.cell.method
            bases.setdefault(b, []).append(who)
    for b, who in bases.items():
        console.print(f"  {', '.join(dict.fromkeys(who))}: {b}", highlight=False)
    if plan.price is None:
        console.print("  no price for this model: pass --price-in and --price-out (dollars per million tokens)",
                      highlight=False)
    else:
        p = plan.price
        console.print(f"  prices: ${p.input:g} in / ${p.output:g} out per million tokens ({p.source}); "
                      "cached prompt tokens counted at the full price", highlight=False)


def print_tables(views) -> None:
    """Each table: the published rows, the user's rows (bold) and the difference (italics), with
    its notes."""
    from rich.markup import escape

    for v in views:
        t = Table(title=v.caption, title_justify="left")
        for i, h in enumerate(v.header):
            t.add_column(escape(h), justify="left" if i == 0 else "right", overflow="fold")
        for line in v.published:
            t.add_row(*(escape(x) for x in line))
        if v.mine:
            t.add_section()
        for line, diff in zip(v.mine, v.diffs):
            t.add_row(*(f"[bold]{escape(x)}[/]" for x in line))
            t.add_row(*(f"[italic]{escape(x)}[/]" for x in diff))
        console.print(fit(t, console))
        for n in v.notes:
            console.print(f"  {escape(n)}", highlight=False)


def paper(
    model: Optional[str] = typer.Option(None, help="Model name on the endpoint (default: TAXLOGIC_LLM_MODEL)."),
    methods: str = typer.Option("direct,prolog-single-shot,agent", help="Comma-separated: direct (the paper's Dir / Direct QA), prolog-single-shot (its Pro / Prolog), agent (taxlogic's, an extra row)."),
    tables: str = typer.Option("5,6,7,8,9", help="Comma-separated tables to reproduce (5: EM/Err, 6: Dir vs Pro, 7: contamination quiz, 8 and 9: SARA⁺ splits)."),
    dry_run: bool = typer.Option(False, "--dry-run", help="Print the plan (cells, cases, LLM calls, tokens, dollars) and stop."),
    price_in: Optional[float] = typer.Option(None, "--price-in", help="Dollars per million input tokens (with --price-out; default: the built-in price of the model, if any)."),
    price_out: Optional[float] = typer.Option(None, "--price-out", help="Dollars per million output tokens."),
    max_cost: Optional[float] = typer.Option(None, "--max-cost", help="Stop before running when the plan's high estimate is above this many dollars."),
    out: Optional[Path] = typer.Option(None, "--out", help="Folder of the run folders and tables (default: runs/paper-<model>, relative to the current directory). Re-running resumes it."),
    seed: int = typer.Option(0, "--seed", help="Seed of the SARA⁺ build (Tables 8 and 9)."),
    plus_dir: Optional[Path] = typer.Option(None, "--plus-dir", help="SARA⁺ build folder (default: <data dir>/sara_plus/seed-<seed>); built there when it lacks a split."),
    limit: Optional[int] = typer.Option(None, "--limit", min=1, help="Only the first N cases of each cell (a trial run; marked not comparable)."),
    concurrency: int = typer.Option(2, min=1, help="Cases in flight at once."),
    workers: int = typer.Option(0, min=0, help="Prolog workers per rule set (0: one per core)."),
    processes: int = typer.Option(0, min=0, help="Processes for each cell's slots (0: auto, one per 16 cases in flight, at most one per core; Linux)."),
    as_json: bool = typer.Option(False, "--json", help="Print the plan (and, after a run, the tables) as JSON."),
) -> None:
    """Reproduce the paper's tables with your model: every (method × split × task) cell of the chosen
    tables under --protocol paper, one run folder per cell in one folder (a re-run does only what is
    missing), then each table with your rows beside the published ones. Before anything runs, the
    plan: cells, cases, LLM calls, tokens and dollars (SARA⁺ is built first when a split is missing,
    under --dry-run too: no LLM call). Exit code 0: every cell finished, 1: stopped
    (over --max-cost, endpoint down, cases errored), 2: usage, 130: interrupted."""
    from taxlogic.eval.experiments.paper.cells import METHODS, TABLES, cells_for
    from taxlogic.eval.scoring.prices import price_for
    from taxlogic.settings import get_settings

    chosen_methods = option_list("--methods", methods, METHODS)
    chosen_tables = option_list("--tables", tables, TABLES, cast=int)
    try:
        price = price_for(model or get_settings().llm_model, price_in, price_out)
    except ValueError as exc:
        usage_error(str(exc))
    if max_cost is not None and max_cost < 0:
        usage_error("--max-cost must be >= 0 dollars")
    model_name = model or get_settings().llm_model
    out = out or Path("runs") / f"paper-{model_name.replace('/', '_')}"
    cells = cells_for(chosen_tables, chosen_methods)
    if not cells:
        usage_error(f"tables {tables} have no column for methods {methods}")
    from taxlogic.eval.experiments.paper.plan import make_plan
    from taxlogic.eval.experiments.paper.run import SharedEngines, ensure_plus, plus_build_needed, run_cell
    from taxlogic.eval.benchmarks.sara_plus.build import default_build_dir
    from taxlogic.eval.harness.runner import EndpointDown

    plus = plus_dir or default_build_dir(seed)
    with friendly_errors():
        try:
            if plus_build_needed(cells, plus):
                console.print(f"building SARA⁺ (seed {seed}) into {plus}: no LLM call, a few minutes", highlight=False)
                with progress_bar() as bar:
                    ensure_plus(cells, plus, seed, workers=workers or None, progress=stage_progress(bar))
            with progress_bar() as bar:
                tid = bar.add_task("planning", total=len(cells))
                plan = make_plan(cells, out, model_name, plus_dir=plus, limit=limit, price=price,
                                 progress=lambda done, total: bar.update(tid, completed=done))
        except (ValueError, FileNotFoundError) as exc:
            fail(str(exc))
    if as_json and dry_run:
        print_json(plan.as_json())
        return
    print_plan(plan, out=out)
    high = plan.dollars[1] if plan.dollars else None
    if max_cost is not None:
        if high is None:
            fail("--max-cost needs a price: pass --price-in and --price-out (dollars per million tokens)")
        if high > max_cost:
            fail(f"the plan's high estimate ${high:,.2f} is over --max-cost ${max_cost:,.2f}: nothing was run "
                 f"(fewer --tables or --methods, a --limit, or a higher --max-cost)")
    if dry_run:
        return
    from taxlogic.eval.harness.processes import auto_processes, can_fork

    if processes > 1 and not can_fork():
        usage_error("--processes above 1 needs Linux (forked worker processes); leave it at 0 (auto)")
    procs = processes or auto_processes(concurrency)
    out.mkdir(parents=True, exist_ok=True)
    t0 = time.perf_counter()
    results = []
    with friendly_errors():
        try:
            with progress_bar() as bar:
                overall = bar.add_task(f"all {len(cells)} cells", total=sum(c.cases for c in plan.cells))
                tasks: dict = {}
                base = {c.cell: c.cases - c.todo for c in plan.cells}
                done_per: dict = {}

                def progress(cell, done, total):
                    if cell not in tasks:
                        tasks[cell] = bar.add_task(f"{cell.method} · {cell.split} · {cell.task}", total=total)
                    bar.update(tasks[cell], completed=done, total=total)
                    done_per[cell] = done if not cell.is_quiz else min(done, next(c.cases for c in plan.cells if c.cell == cell))
                    bar.update(overall, completed=sum(done_per.get(c.cell, base[c.cell]) for c in plan.cells))
                with SharedEngines(workers or None, concurrency) as engines:
                    for c in plan.cells:
                        results.append(run_cell(c.cell, out, model_name, plus_dir=plus, limit=limit,
                                                concurrency=concurrency, workers=workers or None, progress=progress,
                                                engines=engines, processes=procs))
        except KeyboardInterrupt:
            console.print(f"[yellow]interrupted[/]: finished cases are saved in {out}; run the same command to resume")
            raise typer.Exit(EXIT_INTERRUPTED)
        except EndpointDown as exc:
            fail(f"{exc}; finished cases are saved in {out}, run the same command to resume")
        except (ValueError, FileNotFoundError) as exc:
            fail(str(exc))
    from taxlogic.eval.experiments.paper.tables import table_view, write_tables

    views = [table_view(n, cells, out, model_name) for n in chosen_tables]
    with friendly_errors():
        paths = write_tables(views, out)
    ran = sum(r.ran for r in results)
    errored = sum(r.errored for r in results)
    if as_json:
        print_json({"plan": plan.as_json(), "ran": ran, "errored": errored,
                    "tables": [{"table": v.number, "mine": v.mine, "diffs": v.diffs, "notes": v.notes} for v in views]})
    else:
        print_tables(views)
        console.print(f"{len(cells)} cells: {ran} case(s) run now" + (" (nothing was missing)" if ran == 0 else "")
                      + f" in {time.perf_counter() - t0:.1f} s; written: " + ", ".join(str(p) for p in paths.values()),
                      highlight=False)
    if errored:
        fail(f"{errored} case(s) errored: the LLM endpoint failed on them; run the same command to redo them")
