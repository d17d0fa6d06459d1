"""``taxlogic run``: one case's facts (gold or a file) against its gold query."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from rich.markup import escape

from taxlogic.cli.common import (CASE_DATASET_HELP, EXIT_ABSTAINED, answer_text, case_facts, console, dataset_rules,
                                 friendly_errors, load_case, print_json, print_kept)


def run(
    case_id: str = typer.Option(..., "--case", help="SARA case id, e.g. tax_case_1 or s151_a_pos; or a RuleArena problem, e.g. tax-1-7 (the amount owed), nba-0-5, airline-0-5."),
    dataset: str = typer.Option("sara", "--dataset", help=CASE_DATASET_HELP),
    facts_file: Optional[Path] = typer.Option(
        None, "--facts", help="Prolog facts to use instead of the case's gold facts (untrusted: validated first)."
    ),
    as_json: bool = typer.Option(False, "--json", help="Print the outcome as JSON."),
) -> None:
    """Run one case against its gold query and print the outcome (proved/failed/value, time, inferences).
    Exit code 0: the facts give an answer, 3: they give none, 1: error."""
    from taxlogic.cli.rulearena_case import is_rulearena_problem, run_problem

    if is_rulearena_problem(case_id):  # a RuleArena NBA or airline problem
        return run_problem(case_id, facts_file, as_json=as_json)
    from taxlogic.cli.tax_problem import is_tax_problem, run_tax_problem

    if is_tax_problem(case_id):  # a RuleArena tax problem: the amount owed from its gold translation
        return run_tax_problem(case_id, facts_file, as_json=as_json)
    from taxlogic.tools.engine import Engine

    with friendly_errors():
        rules = dataset_rules(dataset)
        with Engine(rules, workers=1, wait=False) as engine:  # its worker starts while the case loads
            from taxlogic.eval.scoring.metrics import answer_correct
            from taxlogic.kb.sara.domain import answer_of, case_job

            case = load_case(case_id, dataset=dataset)
            facts = case_facts(case, facts_file, rules)
            outcome = engine.run(case_job(case, facts))
    answer = answer_of(case, outcome)
    correct = answer_correct(case.kind, case.expected, answer.value)
    if as_json:
        print_json({"case": case.id, "expected": case.expected, "answer": answer.value, "reason": answer.reason,
                    "correct": correct, "outcome": outcome.model_dump()})
    else:
        _print(case, outcome, answer, correct)
    if answer.value is None:
        raise typer.Exit(EXIT_ABSTAINED)


def _print(case, outcome, answer, correct: bool) -> None:
    where = ", ".join(str(x) for x in (case.kind, case.split) if x)  # SARA v2's cases have no train/test split
    console.print(f"[bold]{case.id}[/] ({where})  query: {escape(case.value_query or case.claim_query)}", highlight=False)
    print_kept(console, f"outcome: {escape(outcome.summary())}   {outcome.seconds:.3f} s, {outcome.inferences:,} inferences")
    verdict = "[green]correct[/]" if correct else "[red]wrong[/]"
    shown = answer_text(answer.value) if answer.value is not None else f"(none: {escape(str(answer.reason))})"
    console.print(f"answer: {shown}   expected: {answer_text(case.expected)}   {verdict}", highlight=False)
