"""``taxlogic run``: one case's facts (gold or a file) against its gold query."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from taxlogic.cli.common import console, fail, friendly_errors, print_json


def run(
    case_id: str = typer.Option(..., "--case", help="SARA case id, e.g. tax_case_1 or s151_a_pos."),
    facts_file: Optional[Path] = typer.Option(
        None, "--facts", help="Prolog facts to use instead of the case's gold facts (untrusted: validated first)."
    ),
    as_json: bool = typer.Option(False, "--json", help="Print the outcome as JSON."),
) -> None:
    """Run one case against its gold query and print the outcome (proved/failed/value, time, inferences)."""
    from taxlogic.kb.cases import get_case
    from taxlogic.kb.rules import sara_rules
    from taxlogic.kb.sara.answers import answer_of, case_job
    from taxlogic.tools.engine import Engine

    with friendly_errors():
        case = get_case(case_id)
        rules = sara_rules()
        if facts_file is None:
            facts, trusted = case.gold_facts, True
        else:
            from taxlogic.tools.facts import check_facts

            if not facts_file.is_file():
                fail(f"--facts {facts_file}: no such file")
            check = check_facts(facts_file.read_bytes(), rules.vocabulary)
            if not check.ok:
                for p in check.problems:
                    console.print(f"[red]line {p.line}: {p.kind}: {p.message}[/]", highlight=False)
                fail(f"{facts_file}: {len(check.problems)} problem(s); nothing was run")
            stated = _unstated_premises(case, check.canonical, rules)
            if stated:
                for i in stated:
                    console.print(f"[red]{i.render()}[/]", highlight=False)
                fail(f"{facts_file}: {len(stated)} conclusion(s) asserted as facts; nothing was run")
            facts, trusted = check.canonical, False
        with Engine(rules, workers=1) as engine:
            outcome = engine.run(case_job(case, facts, trusted=trusted))
    answer = answer_of(case, outcome)
    correct = answer.value is not None and answer.value == case.expected
    if as_json:
        print_json({"case": case.id, "expected": case.expected, "answer": answer.value, "reason": answer.reason,
                    "correct": correct, "outcome": outcome.model_dump()})
        return
    console.print(f"[bold]{case.id}[/] ({case.kind}, {case.split})  query: {case.value_query or case.claim_query}")
    console.print(f"outcome: {outcome.summary()}   {outcome.seconds:.3f} s, {outcome.inferences:,} inferences")
    verdict = "[green]correct[/]" if correct else "[red]wrong[/]"
    console.print(f"answer: {answer.value if answer.value is not None else '(none: ' + str(answer.reason) + ')'}   expected: {case.expected}   {verdict}")


def _unstated_premises(case, canonical: str, rules) -> list:
    """Statute facts the case text does not state (:mod:`taxlogic.kb.sara.premises`): a file may
    not assert the conclusion it is run to decide."""
    from taxlogic.core import CaseInput
    from taxlogic.kb.sara.coverage import legal_terms
    from taxlogic.kb.sara.premises import premise_issues

    return premise_issues(CaseInput.from_case(case), canonical, statutes=rules.vocabulary.statute, terms=legal_terms(rules))
