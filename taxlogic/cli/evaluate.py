"""``taxlogic eval``: evaluation commands."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Optional

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from taxlogic.cli.common import console, fail, friendly_errors, print_json

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


def _default_out(method: str, model: str | None, dataset: str, split: str, task: str, budget: int,
                 shots: int | None = None) -> Path:
    from taxlogic.settings import get_settings

    tag = "" if method != "agent" else f"-b{budget}"
    who = method if method == "gold" else f"{method}-{(model or get_settings().llm_model).replace('/', '_')}{tag}"
    return Path("runs") / (f"{who}-{dataset}-{split}-{task}" + ("" if shots is None else f"-{shots}shot"))


@app.command("run")
def run_cmd(
    method: str = typer.Option(..., help="agent (LLM translator + Prolog) | direct (LLM answers, appendix A.1.3) | gold (gold programs)."),
    dataset: Optional[str] = typer.Option(None, help="sara | sara-plus | rulearena-airline | rulearena-tax | rulearena-nba (default: sara, or sara-plus for a SARA⁺ split)."),
    split: Optional[str] = typer.Option(None, help="Default: test for SARA, all for RuleArena. SARA: train | test | all. RuleArena: level0 | level1 | level2 | all. SARA⁺: sara_n, sara_n_r, sara_n_c, sara_n_rc, sara_ee, sara_ee_c, sara_en, sara_en_r, sara_en_c, sara_en_rc. RuleArena: level0 | level1 | level2."),
    task: str = typer.Option("all", help="entailment | numeric | all. RuleArena: the prompt variant, all (standard) | textual (airline; tax level0) | distractor (tax level0) | placeholder (tax)."),
    shots: int = typer.Option(0, min=0, max=1, help="RuleArena: 0-shot or 1-shot (its --use_example; tax picks the example by model)."),
    model: Optional[str] = typer.Option(None, help="Model name on the endpoint (default: TAXLOGIC_LLM_MODEL)."),
    out: Optional[Path] = typer.Option(None, help="Run folder (default: runs/<method>-<model>-<dataset>-<split>-<task>). Re-running resumes it."),
    budget: int = typer.Option(3, min=0, help="agent: repair rounds (0 = the paper's single-shot Prolog baseline)."),
    samples: int = typer.Option(1, min=1, help="agent: self-consistency samples."),
    exemplars: int = typer.Option(0, min=0, help="agent: k exemplars from SARA train, never an evaluated case."),
    anchors: bool = typer.Option(True, "--anchors/--paper-prompts", help="agent: anchored translation (each group of facts cites its sentence) or the paper's appendix prompts as they are."),
    concurrency: int = typer.Option(2, min=1, help="Cases in flight at once."),
    workers: int = typer.Option(0, min=0, help="Prolog workers per rule set (0: one per core)."),
    limit: Optional[int] = typer.Option(None, min=1, help="Only the first N cases (by id)."),
    plus_dir: Optional[Path] = typer.Option(None, help="SARA⁺ build folder (default: <data>/sara_plus/seed-0)."),
    as_json: bool = typer.Option(False, "--json", help="Print the summary as JSON."),
) -> None:
    """Evaluate a method on a dataset split; per-case records are saved as they finish (resumable)."""
    from taxlogic.eval.datasets import infer_dataset, load_dataset
    from taxlogic.eval.methods import Engines, agent_method, direct_method, gold_method
    from taxlogic.eval.records import RunConfig, RunLockedError, RunStore, read_records
    from taxlogic.eval.runner import run_eval
    from taxlogic.eval.summary import run_summary

    if method not in ("agent", "direct", "gold"):
        fail("--method must be agent, direct or gold")
    from taxlogic.eval.rulearena import is_rulearena
    from taxlogic.settings import get_settings

    dataset = infer_dataset(dataset, split or "test")
    split = split or ("all" if dataset.startswith("rulearena") else "test")
    if shots and not is_rulearena(dataset):
        fail("--shots applies to RuleArena datasets only")
    ra_shots = shots if is_rulearena(dataset) else None
    out = out or _default_out(method, model, dataset, split, task, budget, ra_shots)
    config = RunConfig(method=method, dataset=dataset, split=split, task=task,
                       model=None if method == "gold" else model,
                       budget=budget if method == "agent" else None, samples=samples if method == "agent" else None,
                       exemplars=exemplars if method == "agent" else None, limit=limit, shots=ra_shots,
                       anchors=anchors if method == "agent" else None)
    with friendly_errors():
        try:
            ds = load_dataset(dataset, split, task, limit=limit, plus_dir=plus_dir, shots=shots,
                              model=model or get_settings().llm_model)
        except ValueError as exc:
            fail(str(exc))
        if is_rulearena(dataset) and method != "direct" and not ds.rule_sets:
            fail(f"--method {method} needs a Prolog knowledge base for {dataset}; use --method direct")
        engines = Engines(ds, workers=workers or None)
        try:
            with RunStore(out, config) as store:
                if method == "gold":
                    fn = gold_method(ds, engines)
                elif method == "agent":
                    fn = agent_method(ds, engines, model_name=model, budget=budget, samples=samples, exemplars=exemplars,
                                      anchors=anchors)
                else:
                    fn = direct_method(ds, model_name=model)
                done = len(store.done_ids() & {c.id for c in ds.items})
                with progress_bar() as bar:
                    tid = bar.add_task(f"{method} on {dataset}/{split}/{task}", total=len(ds.items), completed=done)
                    try:
                        run_eval(ds, fn, method, store, concurrency=concurrency, on_record=lambda r: bar.advance(tid))
                    except KeyboardInterrupt:
                        console.print(f"[yellow]interrupted[/]: finished cases are saved in {out}; run the same command to resume")
                        raise typer.Exit(130)
        except (RunLockedError, ValueError) as exc:
            fail(str(exc))
        finally:
            engines.close()
    ids = {c.id for c in ds.items}
    records = [r for r in read_records(out) if r.case_id in ids]
    summary = run_summary(config, records)
    (out / "summary.json").write_text(json.dumps(summary, indent=2, default=str) + "\n")
    if as_json:
        print_json(summary)
    else:
        _print_run_summary(summary, out)


def _pct(x) -> str:
    return "–" if x is None else f"{100 * x:.1f}"


def _print_run_summary(summary: dict, out: Path) -> None:
    from taxlogic.eval.summary import headline

    cfg = summary["config"]
    table = Table(title=f"{cfg['method']} on {cfg['dataset']}/{cfg['split']} ({out})")
    for col in ("task", "n", "Acc/EM %", "M10 %", "tol %", "Err %", "abstain %", "cost $"):
        table.add_column(col, justify="left" if col == "task" else "right")
    for kind, m in summary["metrics"].items():
        h = headline(m, kind)
        cost = h.get("cost")
        table.add_row(kind, str(m["n"]), _pct(h["acc"]), _pct(h.get("m10")), _pct(h.get("tol")), _pct(h["err"]),
                      _pct(h["abstain"]), "–" if cost is None else f"{cost:,.0f}")
    console.print(table)
    console.print(f"{summary['cases']} cases: {summary['correct']} correct, {summary['abstained']} abstained, "
                  f"{summary['invalid']} invalid; tokens {summary['tokens']['input']:,} in / {summary['tokens']['output']:,} out")


@app.command("report")
def report_cmd(
    runs: list[Path] = typer.Argument(..., help="Run folders (or folders holding run folders)."),
    out: Path = typer.Option(Path("runs/report"), help="Where report.md, report.csv and report.png go."),
    as_json: bool = typer.Option(False, "--json", help="Print the rows as JSON."),
) -> None:
    """Compare runs side by side per split and task (Acc/EM, M10%, tolerance, Err, abstention, cost),
    in the terminal, as Markdown and CSV, and as a PNG plot."""
    from taxlogic.eval.report import attach_contamination, collect, collect_contamination, write_report

    with friendly_errors():
        rows = collect(runs)
        quiz = collect_contamination(runs)
    if not rows and not quiz:
        fail("no finished cases or contamination runs in those folders")
    attach_contamination(rows, quiz)
    paths = write_report(rows, out) if rows else {}
    if as_json:
        print_json({"rows": [r.model_dump() for r in rows], "contamination": [q.model_dump() for q in quiz]})
        return
    if quiz:
        qt = Table(title="contamination quiz (paper Table 7): κ %")
        for col in ("model", "κ (best BCQ)", "min", "max", "quizzed", "invalid answers"):
            qt.add_column(col, justify="left" if col == "model" else "right")
        for q in quiz:
            qt.add_row(q.model, _pct(None if q.kappa is None else q.kappa / 100),
                       _pct(None if q.min_contamination is None else q.min_contamination / 100),
                       _pct(None if q.max_contamination is None else q.max_contamination / 100),
                       str(q.quizzed), str(q.invalid_answers))
        console.print(qt)
    if not rows:
        return
    from rich.markup import escape

    from taxlogic.eval.rulearena import is_rulearena, table2

    table = Table(title="taxlogic report")
    for col in ("method", "split", "task", "n", "Acc/EM %", "M10 %", "tol %", "Err %", "abstain %", "cost $", "cont. %"):
        table.add_column(col, justify="left" if col in ("method", "split", "task") else "right")
    for r in [r for r in rows if not is_rulearena(r.split.partition("/")[0])]:
        table.add_row(r.method, r.split, r.task, str(r.n), _pct(None if r.acc is None else r.acc / 100),
                      _pct(None if r.m10 is None else r.m10 / 100), _pct(None if r.tol is None else r.tol / 100),
                      _pct(None if r.err is None else r.err / 100), _pct(None if r.abstain is None else r.abstain / 100),
                      "–" if r.cost is None else f"{r.cost:,.0f}", r.contamination or "–")
    if table.row_count:
        console.print(table)
    header, lines, notes = table2(rows)
    if lines:
        t2 = Table(title="RuleArena: Acc(t) per domain and level (Table 2 shape)")
        for col in header:
            t2.add_column(col, justify="left" if col in header[:2] else "right")
        for line in lines:
            t2.add_row(*(escape(c) for c in line))
        console.print(t2)
        for n in notes:
            console.print(f"  {escape(n)}", highlight=False)
    console.print("written: " + ", ".join(str(p) for p in paths.values()))


from taxlogic.cli.contamination import contamination  # noqa: E402  (defined beside, mounted here)

app.command("contamination")(contamination)

from taxlogic.cli.inspect import verifier  # noqa: E402  (defined beside, mounted here)

app.command("verifier")(verifier)
