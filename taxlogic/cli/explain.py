"""``taxlogic explain``: a case's answer explained by the statute sections that decided it."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Optional

import typer

from taxlogic.cli.common import case_facts, console, fail, friendly_errors, print_json


def print_explanation(expl, *, full: bool = False, as_json: bool = False, markdown: bool = False, out=None) -> None:
    """Print an explanation: a rich tree on ``out`` (default: the CLI console), Markdown, or its
    JSON (schema_version'd)."""
    from taxlogic.tools.explain import to_markdown, to_rich

    if as_json:
        print_json(expl.dump())
    elif markdown:
        sys.stdout.write(to_markdown(expl, full))
    else:
        (out or console).print(to_rich(expl, full))


def explain_answer(engine, case, facts: str, *, trusted: bool, query: str | None = None):
    """The explanation of ``case``'s answer from ``facts`` on ``engine`` (None if the query gave
    no answer): :func:`taxlogic.kb.explain.explain_case` for SARA; gold facts (trusted) run the
    query in mode ``first``, as ``eval gold`` does."""
    from taxlogic.kb.explain import explain_case

    return explain_case(engine, case, facts, trusted=trusted, query=query, mode="first" if trusted else None)[1]


def explain(
    case_id: str = typer.Option(..., "--case", help="SARA case id, e.g. tax_case_5 or s151_a_neg."),
    facts_file: Optional[Path] = typer.Option(
        None, "--facts", help="Prolog facts to use instead of the case's gold facts (untrusted: validated first)."
    ),
    full: bool = typer.Option(False, "--full", help="Every goal of the derivation, not only sections, amounts and case facts."),
    as_json: bool = typer.Option(False, "--json", help="The explanation as JSON (pydantic schema, schema_version)."),
    markdown: bool = typer.Option(False, "--markdown", help="The explanation as Markdown (for reports)."),
) -> None:
    """Answer a case and show why: the statute sections that decided it, each with a quote of the
    statute, the chain of amounts of a tax computation, and the case facts used. A claim that
    fails shows, for each clause tried, the condition that failed and the values involved."""
    from taxlogic.core import CaseInput
    from taxlogic.kb.cases import get_case
    from taxlogic.kb.explain import explain_case
    from taxlogic.kb.rules import sara_rules
    from taxlogic.tools.engine import Engine

    if as_json and markdown:
        fail("give --json or --markdown, not both")
    with friendly_errors():
        case = get_case(case_id)
        rules = sara_rules()
        facts, trusted = case_facts(case, facts_file, rules)
        with Engine(rules, workers=1) as engine:
            outcome, expl = explain_case(engine, CaseInput.from_case(case), facts, trusted=trusted,
                                         mode="first" if trusted else None)
    if expl is None:
        fail(f"{case.id}: the query gave no answer to explain ({outcome.summary()})")
    if not (as_json or markdown):
        console.print(f"[bold]{case.id}[/] ({case.kind})  answer: [bold]{expl.answer}[/]   expected: {case.expected}",
                      highlight=False)
    print_explanation(expl, full=full, as_json=as_json, markdown=markdown)
