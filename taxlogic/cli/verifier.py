"""``taxlogic eval verifier``: the inspector under fault injection (:mod:`taxlogic.eval.faults.verifier`):
how many corrupted translations of the gold fact sets it catches and how many slip through."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Optional

import typer
from rich.table import Table

from taxlogic.cli.common import (console, dataset_rules, friendly_errors, load_case, option_list, pct, print_json, progress_bar,
                                 stage_progress)
from taxlogic.tools.limits import QUICK_INFERENCES


def verifier(
    seed: int = typer.Option(0, "--seed", help="Seed of the corruption operators (same seed, same variants)."),
    cases: Optional[list[str]] = typer.Option(None, "--cases", help="Case ids (repeat or comma-separate); default: all 376."),
    dataset: str = typer.Option("sara", "--dataset", help="sara (SARA, 2020 release) or sara-v2 (SARA v2's 100 gold programs under v2's statutes)."),
    k: Optional[int] = typer.Option(None, "--k", min=1, help="Variants per case and operator (fewer when an operator runs out; default 3, 1 with --anchors)."),
    ops: Optional[str] = typer.Option(None, "--ops", help="Comma-separated operators (default: all)."),
    workers: int = typer.Option(2, help="Prolog workers."),
    time_limit: Optional[float] = typer.Option(None, help=(
        "CPU seconds per job, the safety net against a runaway (default: the engine's); the inference budget "
        "(TAXLOGIC_INFERENCE_LIMIT) decides.")),
    quick: int = typer.Option(QUICK_INFERENCES, help=(
        "Inferences for the answer job of a set already flagged before Prolog runs (0: no shortcut).")),
    out: Optional[Path] = typer.Option(None, "--out", help="Also write the full report, every variant included, to this JSON file."),
    as_json: bool = typer.Option(False, "--json", help="Print the report (without the per-variant list) as JSON."),
    omissions: bool = typer.Option(True, "--omissions/--no-omissions", help=(
        "With the omission check (issue 33: what the text states that the facts leave out, decided by counterfactual "
        "runs); --no-omissions: the checks before it.")),
    every: bool = typer.Option(False, "--every", help=(
        "Every variant of the omission operators (omit_event, omit_role, omit_date, omit_relation, omit_rules; the "
        "default --ops with it), not --k sampled ones: each event, role, date, family tie and rule group of each "
        "gold set left out in turn.")),
    anchors: bool = typer.Option(False, "--anchors", help=(
        "Instead: the fact programs under imperfect anchorers (none, aligned, word_overlap, shifted, whole_text, "
        "missing), correct and corrupted (--k variants per operator, default 1 here): right/wrong/abstained with "
        "correct facts, repaired/slipped/right/abstained with corruptions and a perfect repair, per anchorer and "
        "error class.")),
) -> None:
    """The verifier under fault injection: corrupt every gold fact set the way LLM translators
    err, run each through the validator, the engine and the inspector, and count how many
    answer-changing corruptions are caught or slip through; false alarms on the gold sets."""
    from taxlogic.eval.faults.corrupt import OMISSIONS, OPERATORS
    from taxlogic.eval.faults.verifier import RULE_OPERATOR, experiment_limits, run_verifier
    from taxlogic.kb.sara.data.cases import load_cases
    from taxlogic.tools.engine import Engine

    k_given = k is not None
    k = k if k is not None else 3
    ids = option_list("--cases", cases)
    op_list = option_list("--ops", ops, [*OPERATORS, RULE_OPERATOR]) or ([*OMISSIONS, RULE_OPERATOR] if every else
                                                                          [*OPERATORS, RULE_OPERATOR])
    if every and anchors:
        raise typer.BadParameter("--every enumerates the static verifier's variants; the anchor simulation samples --k",
                                 param_hint="--every")
    if every and set(op_list) - {*OMISSIONS, RULE_OPERATOR}:
        raise typer.BadParameter(f"every variant is enumerated for the omission operators only "
                                 f"({', '.join([*OMISSIONS, RULE_OPERATOR])})", param_hint="--every")
    with friendly_errors():
        if dataset == "sara-v2":
            from taxlogic.kb.sara.data.v2 import load_v2_cases

            selected = [load_case(i, "--cases", dataset) for i in ids] if ids is not None else load_v2_cases()
        else:
            selected = [load_case(i, "--cases", dataset) for i in ids] if ids is not None else load_cases()
        rules = dataset_rules(dataset)
        limits = experiment_limits(time_limit=time_limit)
        if anchors:
            from taxlogic.eval.faults.anchorers import run_anchor_simulation

            with Engine(rules, workers=workers) as engine, progress_bar() as bar:
                report = run_anchor_simulation(engine, rules, selected, seed=seed, k=k if k_given else 1,
                                               ops=[o for o in op_list if o != RULE_OPERATOR],
                                               limits=limits, quick=quick or None, progress=stage_progress(bar),
                                               omissions=omissions)
            if out is not None:
                out.parent.mkdir(parents=True, exist_ok=True)
                out.write_text(json.dumps(report, indent=1, default=str) + "\n")
            if as_json:
                print_json(report)
            else:
                _print_anchors(report)
            return
        with Engine(rules, workers=workers) as engine, progress_bar() as bar:
            report = run_verifier(engine, rules, selected, seed=seed, k=k, ops=op_list, limits=limits,
                                  quick=quick or None, progress=stage_progress(bar), omissions=omissions,
                                  every=every)
    if out is not None:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps(report, indent=1, default=str) + "\n")
    summary = {key: value for key, value in report.items() if key != "variants"}
    if as_json:
        print_json(summary)
        return
    _print_report(summary)


def _print_report(r: dict) -> None:
    g, e = r["gold"], r["experiment"]
    console.print(f"[bold]Gold fact sets[/]: {g['cases']} ({g['fact_programs']} fact programs, {g['rule_programs']} rule "
                  f"programs); flagged {g['flagged']}: {g['gold_errata']} gold errata with evidence, "
                  f"[bold]{g['false_alarms']} false alarm(s)[/]", highlight=False)
    for a in g["alarms"]:
        first = a["issues"][0]
        console.print(f"  {'[red]FALSE ALARM[/]' if a['category'] == 'false_alarm' else 'erratum'} {a['case']}: "
                      f"{first['category']}: {first['evidence'][:150]}", highlight=False, soft_wrap=True)
    for w in g["wrong_answers"]:
        console.print(f"  [red]gold answer not reproduced[/] {w['case']}: {w['answer']} ({w['reason']}), expected {w['expected']}")
    table = Table(title=f"corruptions of {e['cases']} clean gold sets (seed {r['seed']}, k={r['k']})")
    for col in ("operator", "variants", "caught", "slipped", "harmless", "caught, harmless", "caught, limit", "catch %",
                "skipped cases"):
        table.add_column(col, justify="left" if col == "operator" else "right")
    for op, s in e["by_operator"].items():
        table.add_row(op, str(s["variants"]), str(s["caught"]), str(s["slipped"]), str(s["harmless"]),
                      str(s["caught_harmless"]), str(s["caught_limited"]), pct(s["catch_rate"]), str(s["cases_skipped"]))
    o = e["overall"]
    table.add_row("[bold]overall[/]", str(o["variants"]), str(o["caught"]), str(o["slipped"]), str(o["harmless"]),
                  str(o["caught_harmless"]), str(o["caught_limited"]), f"[bold]{pct(o['catch_rate'])}[/]", "")
    console.print(table)
    for cls, c in e.get("by_class", {}).items():
        console.print(f"  {cls} ({', '.join(c['operators'])}): caught {c['caught']} of {c['answer_changing']} "
                      f"answer-changing ({pct(c['catch_rate'])}%)", highlight=False)
    console.print(f"answer-changing corruptions: {o['answer_changing']}; caught {pct(o['catch_rate'])}%, slipped "
                  f"{pct(o['slip_rate'])}% ({pct(o['slipped_of_all'])}% of all variants); {r['seconds']:.0f} s", highlight=False)


def _print_anchors(r: dict) -> None:
    """The anchor simulation's tables (:mod:`taxlogic.eval.faults.anchorers`)."""
    table = Table(title=f"correct facts: {r['fact_programs']} gold fact programs under each anchorer")
    for col in ("anchorer", "right", "wrong", "abstained"):
        table.add_column(col, justify="left" if col == "anchorer" else "right")
    for a, c in r["correct"].items():
        table.add_row(a, str(c["right"]), str(c["wrong"]), str(c["abstained"]))
    console.print(table)
    table = Table(title=f"corruptions ({r['variants']} variants, seed {r['seed']}, k={r['k']}), perfect repair")
    classes = sorted({cls for c in r["corrupted"].values() for cls in c["by_class"]})
    for col in ("anchorer", "repaired", "slipped", "right", "abstained", "limited", *[f"slipped: {c}" for c in classes]):
        table.add_column(col, justify="left" if col == "anchorer" else "right")
    for a, c in r["corrupted"].items():
        o = c["overall"]
        table.add_row(a, str(o["repaired"]), f"[bold]{o['slipped']}[/]", str(o["right"]), str(o["abstained"]), str(o["limited"]),
                      *[str(c["by_class"].get(cls, {}).get("slipped", 0)) for cls in classes])
    console.print(table)
    console.print("per error class (repaired/slipped/right/abstained): " + "; ".join(
        f"{cls}: " + ", ".join(f"{a} {c['by_class'][cls]['repaired']}/{c['by_class'][cls]['slipped']}/"
                               f"{c['by_class'][cls]['right']}/{c['by_class'][cls]['abstained']}"
                               for a, c in r["corrupted"].items() if cls in c["by_class"])
        for cls in classes), highlight=False, soft_wrap=True)
    console.print(f"{r['seconds']:.0f} s", highlight=False)
