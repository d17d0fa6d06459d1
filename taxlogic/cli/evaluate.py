"""``taxlogic eval gold | run | report``: gold programs, batch runs of a method on a benchmark, and
reports across runs. (``eval contamination`` and ``eval verifier`` have their own modules.)"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Optional

import typer
from rich.table import Table

from taxlogic.cli.common import (EXIT_ERROR, EXIT_INTERRUPTED, console, fail, friendly_errors, pct, print_json,
                                 progress_bar, usage_error)
from taxlogic.cli.fit import fit


def gold(
    split: str = typer.Option("all", help="all | train | test"),
    task: str = typer.Option("all", help="all | entailment | numeric"),
    workers: int = typer.Option(0, min=0, help="Prolog workers (0: one per core)."),
    as_json: bool = typer.Option(False, "--json", help="Print a JSON summary: total, correct, failed, seconds, failures, errata."),
    explain: bool = typer.Option(False, "--explain", help="Also explain every answer and check each explanation (value or truth, cited sections)."),
) -> None:
    """Run every case's gold Prolog program through the engine (the oracle translator)."""
    started = time.perf_counter()
    cases, results = [], []
    try:  # Ctrl-C from here on (loading, the workers' start, the run): the interrupted line
        with friendly_errors():
            from taxlogic.eval.methods.gold import run_gold
            from taxlogic.kb.sara.data.cases import load_cases
            from taxlogic.kb.sara.data.install import SARA_RELEASE, sara_paths
            from taxlogic.kb.sara.data.install import sara_rules
            from taxlogic.tools.engine import Engine

            try:
                cases = load_cases(split=split, kind=task)
            except ValueError as exc:
                usage_error(str(exc))
            rules = sara_rules()
            t0 = time.perf_counter()
            with Engine(rules, workers=workers or None) as engine, progress_bar() as bar:
                tid = bar.add_task("gold programs", total=len(cases))
                for r in run_gold(engine, cases):
                    results.append(r)
                    bar.advance(tid)
                seconds = time.perf_counter() - t0
                explained = _explain_gold(engine, cases, bar) if explain else None
    except KeyboardInterrupt:
        when = f"after {len(results)} of {len(cases)} cases" if cases else "before any case ran"
        console.print(f"[yellow]interrupted[/] {when} ({time.perf_counter() - started:.1f} s): "
                      "eval gold saves nothing; run it again "
                      "(eval run --method gold --out DIR keeps each case and resumes)", highlight=False)
        raise typer.Exit(EXIT_INTERRUPTED)
    record = json.loads((sara_paths().root / "INSTALL.json").read_text())
    failures = [r for r in results if not r.correct]
    summary = {
        "split": split, "task": task, "total": len(results), "correct": len(results) - len(failures),
        "failed": len(failures), "seconds": round(seconds, 3),
        "inferences": sum(r.inferences for r in results),
        "failures": [{"case": r.case_id, "expected": r.expected, "prediction": r.prediction, "reason": r.reason} for r in failures],
        "errata": [e["path"] for e in record.get("errata", [])],
    }
    if explained is not None:
        summary["explained"] = explained
    if as_json:
        print_json(summary)
    else:
        table = Table(title=f"gold programs on {SARA_RELEASE} ({split}, {task})")
        for col in ("task", "cases", "correct", "failed", "seconds", "inferences"):
            table.add_column(col, justify="right" if col != "task" else "left")
        for kind in ("entailment", "numeric"):
            rs = [r for r in results if r.kind == kind]
            if rs:
                table.add_row(kind, str(len(rs)), str(sum(r.correct for r in rs)), str(sum(not r.correct for r in rs)),
                              f"{sum(r.seconds for r in rs):.2f}", f"{sum(r.inferences for r in rs):,}")
        console.print(table)
        from rich.markup import escape

        from taxlogic.cli.common import print_kept

        print_kept(console, f"{summary['correct']}/{summary['total']} correct in {seconds:.2f} s wall; errata applied at install: "
                   + escape(', '.join(summary['errata']) or 'none'))
        for f in summary["failures"]:
            console.print(f"[red]FAILED {f['case']}: expected {f['expected']}, got {f['prediction']} ({f['reason']})[/]")
        if explained is not None:
            console.print(f"{explained['explained']}/{explained['total']} explained within limits (value or truth = the answer, "
                          f"every cited section in the statute text); median tree {explained['median_nodes']} nodes, "
                          f"recording / query inferences {explained['median_inference_ratio']} (median)")
            for f in explained["failures"]:
                console.print(f"[red]NOT EXPLAINED {f['case']}: {'; '.join(f['problems'])}[/]")
    if failures or (explained is not None and explained["failures"]):
        raise typer.Exit(1)


def _explain_gold(engine, cases, bar) -> dict:
    from taxlogic.eval.scoring.explained import explain_gold, explained_summary

    tid = bar.add_task("explanations", total=len(cases))
    results = []
    for r in explain_gold(engine, cases):
        results.append(r)
        bar.advance(tid)
    return explained_summary(results)


_WHAT, _MODEL, _PROMPTS, _RUN = "What to evaluate", "The model (agent, prolog-single-shot, direct)", "Prompts", "Run"

#: ``eval run --help``, below the options: the long lists of choices.
RUN_EPILOG = """\
Methods: agent (LLM translator + Prolog, repair, abstention); prolog-single-shot (the paper's baseline: one translation, run); direct (the LLM answers, appendix A.1.3); gold (gold programs); prolog-zero-shot, prolog-few-shot (DeonticBench's protocol: the model writes the program).

DeonticBench (data install-deonticbench): deonticbench-sara-numeric, deonticbench-sara-binary, deonticbench-airline, deonticbench-housing, deonticbench-uscis; splits hard (default), smoke, whole.

Protocols: default (taxlogic's settings); paper (Kordjamshidi et al.: --split all --holdout paper --no-query-in-prompt; README).

SARA⁺ splits: sara_n, sara_n_r, sara_n_c, sara_n_rc, sara_ee, sara_ee_c, sara_en, sara_en_r, sara_en_c, sara_en_rc.

RuleArena tasks (prompt variants): all (standard), textual (airline; tax level0), distractor (tax level0), placeholder (tax).
"""


def _default_out(method: str, model: str | None, dataset: str, split: str, task: str, budget: int,
                 shots: int | None = None, protocol: str | None = None) -> Path:
    from taxlogic.settings import get_settings

    tag = "" if method != "agent" else f"-b{budget}"
    who = method if method == "gold" else f"{method}-{(model or get_settings().llm_model).replace('/', '_')}{tag}"
    return Path("runs") / (f"{who}-{dataset}-{split}-{task}" + ("" if shots is None else f"-{shots}shot")
                           + (f"-{protocol}" if protocol else ""))


def run(
    method: str = typer.Option(..., help="agent | prolog-single-shot | direct | gold | prolog-zero-shot | prolog-few-shot (below).", rich_help_panel=_WHAT),
    dataset: Optional[str] = typer.Option(None, help="sara (default) | sara-v2 | sara-plus | rulearena-airline | rulearena-tax | rulearena-nba | DeonticBench's (below).", rich_help_panel=_WHAT),
    split: Optional[str] = typer.Option(None, help="SARA: train | test (default) | all. SARA⁺: below. RuleArena: level0 | level1 | level2 | all (default). DeonticBench: below.", rich_help_panel=_WHAT),
    task: str = typer.Option("all", help="entailment | numeric | all. RuleArena: a prompt variant (below).", rich_help_panel=_WHAT),
    protocol: str = typer.Option("default", help="default | paper (below) | jurayj (SARA v2, README).", rich_help_panel=_WHAT),
    limit: Optional[int] = typer.Option(None, min=1, help="Only N cases, taken from each task in turn (the first by id of each).", rich_help_panel=_WHAT),
    holdout: Optional[str] = typer.Option(None, help="none | paper: leave out the 4 held-out cases per task and use them as exemplars.", rich_help_panel=_WHAT),
    plus_dir: Optional[Path] = typer.Option(None, help="SARA⁺ build folder (default: <data dir>/sara_plus/seed-0; see data info).", rich_help_panel=_WHAT),
    problems: Optional[Path] = typer.Option(None, "--problems", help="RuleArena: problems from this JSONL file instead of its own.", rich_help_panel=_WHAT),
    shots: int = typer.Option(0, min=0, max=1, help="RuleArena: 0-shot or 1-shot (its --use_example).", rich_help_panel=_WHAT),
    model: Optional[str] = typer.Option(None, help="Model name on the endpoint (default: TAXLOGIC_LLM_MODEL).", rich_help_panel=_MODEL),
    budget: int = typer.Option(3, min=0, help="agent: repair rounds (0: no repair).", rich_help_panel=_MODEL),
    samples: Optional[int] = typer.Option(None, min=1, help="Attempts; answers only if all agree.", rich_help_panel=_MODEL),
    exemplars: Optional[int] = typer.Option(None, min=0, help="agent, prolog-single-shot: k exemplars, never related to an evaluated item (default 0; --protocol paper: 4).", rich_help_panel=_MODEL),
    query_in_prompt: Optional[bool] = typer.Option(None, "--query-in-prompt/--no-query-in-prompt", help="Show the translator the gold query (default: yes; paper: no).", rich_help_panel=_PROMPTS),
    anchors: Optional[bool] = typer.Option(None, "--anchors/--paper-prompts", help="agent: anchored translation (default) or the appendix prompts (paper).", rich_help_panel=_PROMPTS),
    out: Optional[Path] = typer.Option(None, help="Run folder (default: runs/ and a name made of the method, model, dataset, split and task, relative to the current directory). Re-running resumes it.", rich_help_panel=_RUN),
    concurrency: int = typer.Option(2, min=1, help="Cases in flight at once.", rich_help_panel=_RUN),
    workers: int = typer.Option(0, min=0, help="Prolog workers per rule set (0: TAXLOGIC_WORKERS if set, else one per core, up to two per core when --concurrency is higher).", rich_help_panel=_RUN),
    processes: int = typer.Option(0, min=0, show_default=False, help="Processes for the slots (0: auto).", rich_help_panel=_RUN),
    as_json: bool = typer.Option(False, "--json", help="Print the summary as JSON.", rich_help_panel=_RUN),
    explain: bool = typer.Option(False, "--explain", help="agent on SARA: save each answer's explanation in its record (gold records always have one).", rich_help_panel=_RUN),
    profile: bool = typer.Option(False, "--profile", help="Where the concurrency slots went (LLM, Prolog, checks, idle; CPU); also saved as profile.json.", rich_help_panel=_RUN),
) -> None:
    """Evaluate a method on a dataset split; per-case records are saved as they finish (resumable).
    A case the LLM endpoint failed on is errored, not a result: it is redone when the same command
    runs again; after TAXLOGIC_LLM_MAX_CONSECUTIVE_FAILURES of them in a row the run stops. Exit
    code 0: every case finished, 1: stopped or some cases errored (or another error), 2: usage,
    130: interrupted."""
    from taxlogic.eval.benchmarks import LoadOptions, find_benchmark, get_benchmark, infer_benchmark, shots_message
    from taxlogic.eval.methods.registry import MethodOptions, method_for_run, method_names
    from taxlogic.eval.harness.history import case_rounds
    from taxlogic.eval.harness.processes import auto_processes
    from taxlogic.eval.harness.profile import RunProfile
    from taxlogic.eval.scoring.records import RunConfig, RunLockedError, RunStore, read_errored, read_records
    from taxlogic.eval.harness.runner import EndpointDown, run_eval
    from taxlogic.eval.reports.summary import run_summary
    from taxlogic.settings import get_settings

    from taxlogic.eval.harness.protocol import PROTOCOLS, apply_holdout

    names = method_names()
    if protocol not in PROTOCOLS:
        usage_error(f"--protocol must be {' or '.join(PROTOCOLS)}")
    proto = PROTOCOLS[protocol]
    holdout = holdout or proto.holdout
    query_in_prompt = proto.query_in_prompt if query_in_prompt is None else query_in_prompt
    anchors = protocol == "default" if anchors is None else anchors  # the paper's protocol: its appendix prompts
    translator = method in ("agent", "prolog-single-shot")
    exemplars = exemplars if exemplars is not None else ((proto.exemplars or 0) if translator else 0)
    samples = samples or proto.samples or 1
    if proto.datasets and dataset is None:
        dataset = proto.datasets[0]
    dataset = infer_benchmark(dataset, split or "test")
    if proto.datasets and dataset not in proto.datasets:
        usage_error(f"--protocol {protocol} evaluates --dataset {' or '.join(proto.datasets)}, not {dataset}")
    if proto.datasets:
        if split not in (None, proto.split):
            usage_error(f"--protocol {protocol} evaluates --split {proto.split}, not --split {split}")
        split = proto.split
    known = find_benchmark(dataset)
    if method not in names and (known is None or method not in known.methods):  # a benchmark's own (DeonticBench's protocol)
        offered = sorted(set(names) | set(known.methods if known is not None else ()))
        usage_error(f"--method must be {', '.join(offered[:-1])} or {offered[-1]}")
    if proto.split and dataset == "sara":
        if split not in (None, proto.split):
            usage_error(f"--protocol {protocol} evaluates SARA --split {proto.split} (minus the held-out cases), not --split {split}")
        split = proto.split
    if holdout not in (None, "none", "paper"):
        usage_error("--holdout must be none or paper")
    if holdout == "paper" and known is not None and known.family != "SARA":
        usage_error("--holdout paper applies to SARA and SARA⁺ only")
    split = split or (known.default_split if known else "test")
    takes_shots = known is not None and known.takes_shots
    if shots and not takes_shots:
        usage_error(shots_message())
    cfg_shots = shots if takes_shots else None
    if explain and (method not in ("gold", "agent") or (known is not None and method in known.methods
                                                          and method not in getattr(known, "explains", ()))):
        usage_error("--explain needs a method that runs the rules' Prolog and explains its answer: gold or agent on SARA "
                    "or RuleArena tax, gold on RuleArena NBA")
    holdout = None if holdout == "none" else holdout
    if problems is not None and (known is None or known.family != "RuleArena"):
        usage_error("--problems applies to the RuleArena datasets only")
    if problems is not None and not problems.is_file():
        usage_error(f"--problems {problems}: no such file")
    if problems is not None:  # every record checked before the run folder, an engine or a model is touched
        from taxlogic.eval.benchmarks.rulearena.data import load_problems_file
        from taxlogic.kb.datafiles import DataError

        try:
            load_problems_file(problems, known.domain)
        except DataError as exc:
            usage_error(f"--problems {exc}; nothing was run")
    out = out or _default_out(method, model, dataset if problems is None else f"{dataset}-{problems.stem}", split, task,
                              budget, cfg_shots, None if protocol == "default" else protocol)
    config = RunConfig(method=method, dataset=dataset, split=split, task=task,
                       model=None if method == "gold" else model,
                       budget=budget if method == "agent" else None,
                       samples=samples if method == "agent" or (samples > 1 and translator | (method == "direct")) else None,
                       exemplars=exemplars if translator else None, limit=limit, shots=cfg_shots,
                       explain=explain or None, protocol=None if protocol == "default" else protocol,
                       holdout=holdout, query_in_prompt=None if query_in_prompt or not translator else False,
                       anchors=anchors if method == "agent" else None,
                       problems=str(problems.resolve()) if problems is not None else None,
                       release=getattr(known, "release", None))
    with friendly_errors():
        try:
            bench = get_benchmark(dataset)
            ds = bench.load(split, task, options=LoadOptions(shots=shots, model=model or get_settings().llm_model,
                                                             plus_dir=plus_dir, problems=problems))
            pool = apply_holdout(ds, holdout, limit)
            if pool is not None:
                config = config.model_copy(update={"held_out": sorted(c.id for c in pool)})
        except ValueError as exc:  # an unknown split or task, --shots where none are taken
            usage_error(str(exc))
        if not bench.offers(method):
            usage_error(bench.unavailable(method))
        processes = processes or auto_processes(concurrency)
        engines = None
        try:
            with RunStore(out, config) as store:
                options = MethodOptions(model_name=model, budget=budget, samples=samples, exemplars=exemplars,
                                        explain=explain, exemplar_pool=pool, query_in_prompt=query_in_prompt,
                                        anchors=anchors, leave_one_out=proto.leave_one_out)
                fn, engines = method_for_run(method, ds, options, concurrency=concurrency, processes=processes,
                                             workers=workers or None)
                done = len(store.done_ids() & {c.id for c in ds.items})
                prof, profiled = (RunProfile(concurrency, engines) if profile else None), None
                with progress_bar() as bar:
                    tid = bar.add_task(f"{method} on {dataset}/{split}/{task}", total=len(ds.items), completed=done)
                    try:
                        counts = run_eval(ds, fn, method, store, concurrency=concurrency, processes=processes,
                                          rounds=case_rounds(out.parent, ds.name) if concurrency > 1 else None,
                                          on_record=lambda r: (bar.advance(tid), prof and prof.add(r)))
                        if prof:
                            prof.add_workers(counts.workers)
                            profiled = prof.finish()  # before the engines close (their CPU)
                    except KeyboardInterrupt:
                        saved = len(store.done_ids() & {c.id for c in ds.items})
                        console.print(f"[yellow]interrupted[/]: {saved} of {len(ds.items)} cases are saved in {out}; "
                                      "run the same command to resume", highlight=False)
                        raise typer.Exit(EXIT_INTERRUPTED)
        except EndpointDown as exc:
            fail(f"{exc}; finished cases are saved in {out}, run the same command to resume")
        except (RunLockedError, ValueError) as exc:
            fail(str(exc))
        finally:
            if engines is not None:
                engines.close()
    ids = {c.id for c in ds.items}
    records = [r for r in read_records(out) if r.case_id in ids]
    errored = [e for e in read_errored(out) if e.case_id in ids]
    summary = run_summary(config, records, errored)
    with friendly_errors():
        (out / "summary.json").write_text(json.dumps(summary, indent=2, default=str) + "\n")
    if as_json:
        print_json(summary if not profile else {**summary, "profile": profiled})
    else:
        _print_run_summary(summary, out)
    if profile:
        _save_profile(profiled, out, quiet=as_json)
    if errored:
        fail(f"{len(errored)} case(s) errored: the LLM endpoint failed on them ({errored[-1].error}); "
             f"run the same command to redo them", EXIT_ERROR)


def _save_profile(profiled: dict, out: Path, *, quiet: bool) -> None:
    """``eval run --profile``: print the profile (:mod:`taxlogic.eval.harness.profile`) and save it as profile.json."""
    from taxlogic.eval.harness.profile import render

    with friendly_errors():
        (out / "profile.json").write_text(json.dumps(profiled, indent=2) + "\n")
    if not quiet:
        console.print("\n".join(["where the slots went (profile.json):", *render(profiled)]), highlight=False, markup=False)


def _print_run_summary(summary: dict, out: Path) -> None:
    from taxlogic.eval.benchmarks import get_benchmark

    cfg = summary["config"]
    bench = get_benchmark(cfg["dataset"])
    from rich import box

    table = Table(title=f"{cfg['method']} on {cfg['dataset']}/{cfg['split']} ({out})", box=box.SIMPLE_HEAD,
                  padding=(0, 1), pad_edge=False, collapse_padding=True)
    for col in ("task", "n", "Acc/EM %", "M10 %", "tol %", "Err % all", "Err % ans.", "abstain %", "cost $"):
        if col == "task":  # a task's name is never folded ("entailmen/t"): the headers wrap instead
            table.add_column(col, no_wrap=True, min_width=max(len(k) for k in summary["metrics"]) if summary["metrics"] else 4)
            continue
        table.add_column(col, justify="right", min_width=max(len(w) for w in col.split()), overflow="fold")
    for kind, m in summary["metrics"].items():
        h = bench.headline(kind, m)
        cost = h.get("cost")
        table.add_row(kind, str(m["n"]), pct(h["acc"]), pct(h.get("m10")), pct(h.get("tol")), pct(h["err"]),
                      pct(h.get("err_answered")), pct(h["abstain"]), "–" if cost is None else f"{cost:,.0f}")
    from rich.markup import escape

    from taxlogic.cli.common import print_kept

    console.print(fit(table, console))
    print_kept(console, f"{summary['cases']} cases: {summary['correct']} correct, {summary['abstained']} abstained, "
                        f"{summary['invalid']} invalid, {summary['errored']} errored (not counted)")
    for line in summary_lines(summary, cfg["dataset"]):  # each number with its unit ("12,345 in", "42.5 %")
        print_kept(console, escape(line))


def summary_lines(summary: dict, dataset: str = "sara") -> list[str]:
    """A run summary's accuracy without the documented gold errata and its tokens and dollars,
    as lines for the terminal; the errata line names the command that lists ``dataset``'s errata
    (SARA v2 has its own: ``--domain sara-v2``; SARA⁺ items inherit SARA's)."""
    from taxlogic.eval.reports.report import dollars_cell

    errata_cmd = "taxlogic data errata" + (" --domain sara-v2" if dataset == "sara-v2" else "")
    lines = []
    for task, e in (summary.get("errata") or {}).items():
        lines.append(f"{task}: {'EM' if task == 'numeric' else 'Acc'} {pct(e['acc'])} % on all {e['n']} cases, "
                     f"{pct(e['acc_clean'])} % on the {e['n_clean']} without a documented gold erratum "
                     f"({e['n_errata']} left out; {errata_cmd})")
    t = summary["tokens"]
    per = lambda d: "–" if d is None else f"{d['input']:,.0f} in / {d['output']:,.0f} out"  # noqa: E731
    line = (f"tokens {t['input']:,} in / {t['output']:,} out"
            + ("" if t.get("cached") is None else f" ({t['cached']:,} cached)")
            + f"; per case {per(t.get('per_case'))}; per answered case {per(t.get('per_answered'))}")
    d = t.get("dollars")
    if d:
        line += (f"; ${dollars_cell(d['total'])} (per case ${dollars_cell(d['per_case'])}, per answered "
                 f"${dollars_cell(d['per_answered'])}; {t['price']['source']} prices)")
    lines.append(line)
    return lines


#: The terminal report's metric columns: (ReportRow field, header, shown for every task?). The
#: headers wrap at their spaces, so a narrow terminal stacks them rather than cutting them.
_REPORT_METRICS = (("acc", "Acc %", True), ("m10", "M10 %", False), ("tol", "tol %", False), ("err", "Err % all", True),
                   ("err_answered", "Err % ans.", True), ("abstain", "abstain %", True), ("cost", "cost $", False),
                   ("contamination", "cont. κ %", False))


def _report_tables(rows: list, title: str) -> list[Table]:
    """The report's rows (``ReportRow``) as one rich table per task, in order of first
    appearance, fit for 80 columns: a run column (the run folder's name over the method and
    split), n, Acc (EM for numeric), M10 %, tol %, Err among all cases and among answered,
    abstention, mean cost of errors in dollars and contamination; a column only some tasks have
    (M10, tol, cost, contamination) is left out where no row of the task has it. Metric columns
    are as wide as their numbers and their headers' longest word; the run column takes the rest
    and folds long names."""
    from rich import box
    from rich.text import Text

    from taxlogic.eval.reports.report import _fmt, run_names

    names = run_names(rows)
    out = []
    for task in dict.fromkeys(r.task for r in rows):
        mine = [r for r in rows if r.task == task]
        cols = [(f, ("EM %" if task == "numeric" else h) if f == "acc" else h) for f, h, always in _REPORT_METRICS
                if always or any(getattr(r, f) is not None for r in mine)]
        cells = [[str(r.n)] + [(r.contamination or "–").replace("–", "– ") if f == "contamination"
                               else _fmt(getattr(r, f), money=f == "cost") for f, _ in cols] for r in mine]
        headers = ["n"] + [h for _, h in cols]
        table = Table(title=f"taxlogic report, {task}" + (f" ({title})" if title else ""), title_justify="left",
                      box=box.SIMPLE_HEAD, padding=(0, 1), pad_edge=False, collapse_padding=True)
        table.add_column("run (method · split)", overflow="fold", min_width=12)
        for i, h in enumerate(headers):
            width = max([len(w) for w in h.split()] + [len(w) for line in cells for w in line[i].split()])
            table.add_column(h, justify="right", width=width)
        for r, line in zip(mine, cells):
            table.add_row(Text(names[r.run]) + Text(f"\n{r.method} · {r.split}", style="dim"), *line)
        out.append(table)
    return out


def _usage_table(rows: list):
    """Per run and task: Acc/EM on all cases and on the cases without a documented gold erratum,
    LLM tokens per case and per answered case, cached prompt tokens and dollars (None when no row
    has any of them)."""
    from rich import box
    from rich.text import Text

    from taxlogic.eval.reports.report import _fmt, clean_cell, dollars_cell, run_names

    if not any(r.n_clean is not None or r.tokens_case is not None for r in rows):
        return None
    names = run_names(rows)
    table = Table(title="accuracy without errata, LLM tokens and dollars", title_justify="left", box=box.SIMPLE_HEAD,
                  padding=(0, 1), pad_edge=False, collapse_padding=True)
    table.add_column("run (task)", overflow="fold", min_width=12)
    for h in ("Acc/EM %", "w/o errata % (n)", "tokens /case", "tokens /answered", "cached", "$"):
        table.add_column(h, justify="right")
    for r in rows:
        table.add_row(Text(names[r.run]) + Text(f" ({r.task})", style="dim"), _fmt(r.acc), clean_cell(r),
                      _fmt(r.tokens_case, True), _fmt(r.tokens_answered, True), _fmt(r.cached, True),
                      dollars_cell(r.dollars))
    return table


def report(
    runs: list[Path] = typer.Argument(..., help="Run folders (or folders holding run folders)."),
    out: Path = typer.Option(Path("runs/report"), help="Where report.md, report.csv and report.png go (relative to the current directory)."),
    as_json: bool = typer.Option(False, "--json", help="Print the rows as JSON."),
    html: Optional[Path] = typer.Option(None, "--html", help="Also write one self-contained HTML page to browse every case."),
) -> None:
    """Compare runs side by side per split and task (Acc/EM, M10%, tolerance, Err, abstention, cost),
    in the terminal, as Markdown and CSV, and as a PNG plot; with --html, a page to browse every case."""
    from taxlogic.eval.reports.report import (
        attach_contamination, collect, collect_contamination, data_title, own_tables, table5_lines, table7_lines,
        write_report)

    with friendly_errors():
        try:
            rows = collect(runs)
        except ValueError as exc:
            fail(str(exc))
        quiz = collect_contamination(runs)
    if not rows and not quiz:
        fail("no finished cases or contamination runs in those folders")
    attach_contamination(rows, quiz)
    from taxlogic.eval.reports.break_even import price_lines, price_markdown, price_rows, published_rows

    prices = price_rows(runs) if rows else []  # runs with dollar answers (SARA numeric, SARA v2, RuleArena tax)
    with friendly_errors():
        paths = write_report(rows, out, quiz) if rows else {}
        if prices:
            with open(paths["markdown"], "a", encoding="utf-8") as fh:
                fh.write("\n" + price_markdown(prices))
    if html and rows:
        from taxlogic.eval.reports.html_report import write_html

        try:
            paths["html"] = write_html(runs, html, rows, quiz)
        except OSError as exc:
            fail(f"cannot write {html}: {exc.strerror or exc}")
    if as_json:
        print_json({"rows": [r.model_dump() for r in rows], "contamination": [q.model_dump() for q in quiz],
                    "break_even": [r.model_dump() for r in prices + (published_rows() if prices else [])]})
        return
    if quiz:
        header, lines = table7_lines(quiz)
        qt = Table(title="contamination quiz (paper Table 7 shape), %")
        for col in header + ["κ (best BCQ)", "quizzed", "invalid answers"]:
            qt.add_column(col, justify="left" if col == "Model" else "right")
        for q, line in zip(quiz, lines):
            qt.add_row(*line, pct(None if q.kappa is None else q.kappa / 100), str(q.quizzed), str(q.invalid_answers))
        console.print(fit(qt, console))
    if not rows:
        return
    from rich.markup import escape

    common, tables = own_tables(rows)
    title = data_title(common)
    for table in _report_tables(common, title):
        console.print(fit(table, console, foldable=(0,)))  # the run column: folder names
    usage = _usage_table(common)
    if usage is not None:
        console.print(fit(usage, console, foldable=(0,)))
    if common:
        header, lines = table5_lines(common)
        t5 = Table(title="paper Table 5 shape: EM/Err, % (Err among all cases; EM + Err + abstained = 100)")
        for col in header:
            t5.add_column(col, justify="left" if col == "method" else "right")
        for line in lines:
            t5.add_row(*line)
        console.print(fit(t5, console))
    for own, own_rows in tables:
        header, lines, notes = own.lines(own_rows)
        if not lines:
            continue
        t2 = Table(title=own.title)
        for col in header:
            t2.add_column(col, justify="left" if col in header[:2] else "right")
        for line in lines:
            t2.add_row(*(escape(c) for c in line))
        console.print(fit(t2, console))
        for n in notes:
            console.print(f"  {escape(n)}", highlight=False)
    if prices:
        # published rows beside the runs on their dataset only (Table 5's are SARA v2's)
        published = [r for r in published_rows() if r.dataset in {p.dataset for p in prices}]
        header, lines = price_lines(prices + published)
        bt = Table(title="break-even price per case, $ (Jurayj et al. 2025; formula and sources in report.md)")
        for col in header[:-1]:  # the parts (wrong $ + refusals $) in report.md only: 80 columns
            bt.add_column(col, justify="left" if col in header[:2] else "right")
        for line in lines:
            bt.add_row(*(escape(c) for c in line[:-1]))
        console.print(fit(bt, console))
        if published:
            console.print("  published: right / wrong / abstained of Table 5 of the tax-law paper, quoting Jurayj et "
                          "al.; no price (it needs each answer); sources in report.md", highlight=False)
        elif not published_rows():
            console.print("  no published rows: the paper's tables were not found (eval/reports/break_even.json says what was searched)",
                          highlight=False)
    console.print("written: " + ", ".join(str(p) for p in paths.values()))
