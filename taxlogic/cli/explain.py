"""``taxlogic explain``: a case's answer explained by the statute sections that decided it."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Optional

import typer

from taxlogic.cli.common import (CASE_DATASET_HELP, case_facts, console, dataset_rules, fail, friendly_errors, load_case,
                                 print_json, usage_error)


def print_explanation(expl, *, full: bool = False, as_json: bool = False, markdown: bool = False, out=None) -> None:
    """Print an explanation: a rich tree on ``out`` (default: the CLI console), Markdown, or its
    JSON (schema_version'd)."""
    from taxlogic.tools.worksheet import dump, to_markdown, to_rich

    if as_json:
        print_json(dump(expl, full=full))
    elif markdown:
        sys.stdout.write(to_markdown(expl, full, title=expl.case_id and f"Why {expl.case_id}"))
    else:
        con = out or console
        con.print(to_rich(expl, full, width=con.width))


def explain_answer(engine, case, facts, *, query: str | None = None):
    """The explanation of ``case``'s answer from ``facts`` on ``engine`` (None if the query gave
    no answer): :func:`taxlogic.kb.explain.explain_case` for SARA; a gold program (a
    :class:`~taxlogic.tools.trust.TrustedProgram`) runs the query in mode ``first``, as ``eval
    gold`` does; a ``str`` is untrusted facts."""
    from taxlogic.kb.explain import explain_case
    from taxlogic.tools.trust import TrustedProgram

    trusted = isinstance(facts, TrustedProgram)
    return explain_case(engine, case, facts, query=query, mode="first" if trusted else None)[1]


def explain(
    case_id: str = typer.Option(..., "--case", help="SARA case id, e.g. tax_case_5 or s151_a_neg; or a RuleArena problem: tax-2-0 (its return line by line), nba-0-5 (each operation and the rules it breaks), airline-0-5 (the fees)."),
    dataset: str = typer.Option("sara", "--dataset", help=CASE_DATASET_HELP),
    facts_file: Optional[Path] = typer.Option(
        None, "--facts", help="Prolog facts to use instead of the case's gold facts (untrusted: validated first)."
    ),
    full: bool = typer.Option(False, "--full", help="The whole Prolog proof (default: the answer, the chain of amounts and the sections with their conditions, one screen)."),
    as_json: bool = typer.Option(False, "--json", help="The explanation as JSON (pydantic schema, schema_version; the worksheet and a pruned tree, or with --full the whole tree)."),
    markdown: bool = typer.Option(False, "--markdown", help="The explanation as Markdown (for reports)."),
) -> None:
    """Answer a case and show why, in layers: the answer with the chain of amounts of a tax
    computation (or, for a claim that fails, the deciding condition); then section by section the
    conditions that held or failed, in words with their values and the case's sentences; with
    --full, the Prolog proof."""
    from taxlogic.tools.engine import Engine

    if as_json and markdown:
        usage_error("give --json or --markdown, not both")
    from taxlogic.cli.tax_problem import explain_tax_problem, is_tax_problem

    if is_tax_problem(case_id):  # a RuleArena tax problem: its return, line by line
        return explain_tax_problem(case_id, facts_file, as_json=as_json, markdown=markdown)
    from taxlogic.cli.statutes_case import explain_statutes, is_statutes_case

    if is_statutes_case(case_id):  # DeonticBench housing / USCIS: each condition and its statute paragraph
        return explain_statutes(case_id, facts_file, as_json=as_json, markdown=markdown)
    from taxlogic.cli.rulearena_case import explain_problem, is_rulearena_problem

    if is_rulearena_problem(case_id):  # NBA: each operation and the rules it breaks; airline: the fees
        return explain_problem(case_id, facts_file, full=full, as_json=as_json, markdown=markdown)
    with friendly_errors():
        rules = dataset_rules(dataset)
        with Engine(rules, workers=1, wait=False) as engine:  # its worker starts while the case loads
            from taxlogic.core import CaseInput
            from taxlogic.kb.explain import explain_case

            case = load_case(case_id, dataset=dataset)
            facts = case_facts(case, facts_file, rules)
            outcome, expl = explain_case(engine, CaseInput.from_case(case), facts,
                                         mode="first" if facts_file is None else None)
    if expl is None:
        fail(f"{case.id}: the query gave no answer to explain ({outcome.summary()})")
    if not (as_json or markdown):
        from taxlogic.tools.worksheet import money

        def shown(v):
            return money(v) if isinstance(v, (int, float)) and expl.chain else str(v)

        label = "benchmark label" if case.kind == "entailment" else "benchmark answer"
        console.print(f"[bold]{case.id}[/] ({case.kind})  [dim]{label}: {shown(expl.answer)}, "
                      f"expected: {shown(case.expected)}[/]", highlight=False)
    print_explanation(expl, full=full, as_json=as_json, markdown=markdown)
