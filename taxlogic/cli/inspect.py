"""``taxlogic inspect`` (one fact set through the agent's inspector) and ``taxlogic eval verifier``
(the inspector under fault injection: how many corrupted translations slip through)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Optional

import typer
from rich.table import Table

from taxlogic.cli.common import console, fail, friendly_errors, print_json


def inspect_cmd(
    case_id: str = typer.Option(..., "--case", help="SARA case id (its text, question and query)."),
    facts: Optional[Path] = typer.Option(None, "--facts", help="Prolog facts to inspect ('-': standard input)."),
    gold: bool = typer.Option(False, "--gold", help="Inspect the case's own gold program instead (rules trusted; see eval verifier)."),
    as_json: bool = typer.Option(False, "--json", help="Print the problems and the answer as JSON."),
) -> None:
    """Validate, run and inspect a fact set for a case exactly as the agent's inspect step does;
    print every problem found (kind, line, message), every fact with the sentence of the case it
    comes from (its anchor's, or the aligner's), and the answer the facts would give.
    Exit code 1 when the inspector found a problem (the agent would repair or abstain)."""
    from taxlogic.eval.verifier import gold_program, inspect_facts, inspect_gold
    from taxlogic.kb.cases import get_case
    from taxlogic.kb.rules import sara_rules
    from taxlogic.tools.engine import Engine

    if (facts is None) == (not gold):
        fail("give either --facts FILE or --gold")
    with friendly_errors():
        case = get_case(case_id)
        rules = sara_rules()
        text = None
        if facts is not None:
            text = sys.stdin.read() if str(facts) == "-" else facts.read_text(encoding="utf-8", errors="surrogateescape")
        with Engine(rules, workers=1) as engine:
            result = inspect_gold(engine, case, rules) if gold else inspect_facts(engine, case, text, rules)
    problems = [{"kind": i.kind, "line": i.line, "message": i.message} for i in result.issues]
    record = {
        "case": case.id, "kind": case.kind, "mode": result.mode, "source": "gold" if gold else str(facts),
        "problems": problems, "answer": result.answer, "reason": result.reason,
        "agent_answer": result.agent_answer, "expected": case.expected,
        "correct": result.answer == case.expected, "outcome": result.outcome,
        "facts": _fact_sentences(case, gold_program(case).fact_text if gold else text, rules),
    }
    if gold:
        record["rule_program"] = bool(gold_program(case).rules)
    if as_json:
        print_json(record)
    else:
        title = f"{case.id} ({case.kind}, {'gold program' if gold else facts}): {len(problems)} problem(s)"
        if problems:
            table = Table(title=title, show_lines=False)
            table.add_column("kind", style="bold red", no_wrap=True)
            table.add_column("line", justify="right")
            table.add_column("message")
            for p in problems:
                table.add_row(p["kind"], "" if p["line"] is None else str(p["line"]), p["message"])
            console.print(table)
        else:
            console.print(f"[bold green]{title}[/]")
        facts_table = Table(title="facts and the sentences they come from", show_lines=False)
        for col in ("line", "fact", "sentence"):
            facts_table.add_column(col, justify="right" if col == "line" else "left", overflow="fold")
        for row in record["facts"]:
            where = row["sentence"] or "[red](no sentence supports it)[/]"
            facts_table.add_row(str(row["line"]), row["fact"], where + (" [dim](anchor)[/]" if row["source"] == "anchor" else ""))
        console.print(facts_table)
        verdict = (f"[green]the agent would answer {result.agent_answer}[/]" if not problems
                   else "[yellow]the agent would not answer (repair, then abstain)[/]")
        console.print(f"answer the facts give: [bold]{result.answer}[/]"
                      + (f" ({result.reason})" if result.answer is None and result.reason else "")
                      + f"   expected: {case.expected}   " + verdict, highlight=False)
    if problems:
        raise typer.Exit(1)


def _fact_sentences(case, text: str, rules) -> list[dict]:
    """Every validated fact of ``text`` with its line (in ``text``), the sentence of the case it
    comes from and how it was found (``anchor``, ``aligned`` or ``none``)."""
    from taxlogic.kb.sara.align import align
    from taxlogic.kb.sara.coverage import legal_terms
    from taxlogic.tools.facts import check_facts

    check = check_facts(text, rules.vocabulary)
    a = align(case.text, check.canonical, terms=legal_terms(rules))
    return [{"line": f.line, "fact": s.fact.canonical, "sentence": a.text_of(s).strip() or None, "source": s.source}
            for f, s in zip(check.facts, a.supports)]


def verifier(
    seed: int = typer.Option(0, "--seed", help="Seed of the corruption operators (same seed, same variants)."),
    cases: Optional[list[str]] = typer.Option(None, "--cases", help="Case ids (repeat or comma-separate); default: all 376."),
    k: int = typer.Option(3, "--k", min=1, help="Variants per case and operator (fewer when an operator runs out)."),
    ops: Optional[str] = typer.Option(None, "--ops", help="Comma-separated operators (default: all)."),
    workers: int = typer.Option(2, help="Prolog workers."),
    time_limit: Optional[float] = typer.Option(None, help="Seconds per job (default: the agent's limit, at least 30)."),
    quick: float = typer.Option(5.0, help="Seconds for the answer job of a set already flagged before Prolog runs (0: no shortcut)."),
    out: Optional[Path] = typer.Option(None, "--out", help="Also write the full report, every variant included, to this JSON file."),
    as_json: bool = typer.Option(False, "--json", help="Print the report (without the per-variant list) as JSON."),
) -> None:
    """The verifier under fault injection: corrupt every gold fact set the way LLM translators
    err, run each through the validator, the engine and the inspector, and count how many
    answer-changing corruptions are caught or slip through; false alarms on the gold sets."""
    from taxlogic.cli.evaluate import progress_bar
    from taxlogic.eval.corrupt import OPERATORS
    from taxlogic.eval.verifier import experiment_limits, run_verifier
    from taxlogic.kb.cases import get_case, load_cases
    from taxlogic.kb.rules import sara_rules
    from taxlogic.tools.engine import Engine

    ids = [c.strip() for item in (cases or []) for c in item.split(",") if c.strip()]
    op_list = [o.strip() for o in ops.split(",")] if ops else list(OPERATORS)
    bad = [o for o in op_list if o not in OPERATORS]
    if bad:
        fail(f"unknown operator(s) {', '.join(bad)}; known: {', '.join(OPERATORS)}")
    with friendly_errors():
        selected = [get_case(i) for i in ids] if ids else load_cases()
        rules = sara_rules()
        limits = experiment_limits(time_limit=time_limit)
        with Engine(rules, workers=workers) as engine, progress_bar() as bar:
            tasks: dict[str, int] = {}

            def progress(stage: str, done: int, total: int) -> None:
                if stage not in tasks:
                    tasks[stage] = bar.add_task(stage, total=total)
                bar.update(tasks[stage], completed=done)

            report = run_verifier(engine, rules, selected, seed=seed, k=k, ops=op_list, limits=limits,
                                  quick=quick or None, progress=progress)
    if out is not None:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps(report, indent=1, default=str) + "\n")
    summary = {key: value for key, value in report.items() if key != "variants"}
    if as_json:
        print_json(summary)
        return
    _print_report(summary)


def _pct(x: float | None) -> str:
    return "–" if x is None else f"{100 * x:.1f}"


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
                      str(s["caught_harmless"]), str(s["caught_limited"]), _pct(s["catch_rate"]), str(s["cases_skipped"]))
    o = e["overall"]
    table.add_row("[bold]overall[/]", str(o["variants"]), str(o["caught"]), str(o["slipped"]), str(o["harmless"]),
                  str(o["caught_harmless"]), str(o["caught_limited"]), f"[bold]{_pct(o['catch_rate'])}[/]", "")
    console.print(table)
    for cls, c in e.get("by_class", {}).items():
        console.print(f"  {cls} ({', '.join(c['operators'])}): caught {c['caught']} of {c['answer_changing']} "
                      f"answer-changing ({_pct(c['catch_rate'])}%)", highlight=False)
    console.print(f"answer-changing corruptions: {o['answer_changing']}; caught {_pct(o['catch_rate'])}%, slipped "
                  f"{_pct(o['slip_rate'])}% ({_pct(o['slipped_of_all'])}% of all variants); {r['seconds']:.0f} s", highlight=False)
