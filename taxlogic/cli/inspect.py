"""``taxlogic inspect``: one fact set through the agent's inspector, as its inspect step runs it."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Optional

import typer
from rich.table import Table

from taxlogic.cli.common import EXIT_ABSTAINED, console, friendly_errors, load_case, print_json, usage_error


def inspect_cmd(
    case_id: str = typer.Option(..., "--case", help="SARA case id (its text, question and query)."),
    facts: Optional[Path] = typer.Option(None, "--facts", help="Prolog facts to inspect ('-': standard input)."),
    gold: bool = typer.Option(False, "--gold", help="Inspect the case's own gold program instead (rules trusted; see eval verifier)."),
    as_json: bool = typer.Option(False, "--json", help="Print the problems and the answer as JSON."),
) -> None:
    """Validate, run and inspect a fact set for a case exactly as the agent's inspect step does;
    print every problem found (kind, line, message), every fact with the sentence of the case it
    comes from (its anchor's, or the aligner's), and the answer the facts would give.
    Then every argument of every fact with where the text gives it: a person it names, an amount
    it states, a date it gives or derives, an event its type fact introduces.
    Exit code 3 when the inspector found a problem (the agent would repair or abstain), 0 when
    none, 1 on an error, 2 on a wrong command line."""
    from taxlogic.eval.scoring.metrics import answer_correct
    from taxlogic.eval.faults.verifier import gold_program, inspect_facts, inspect_gold
    from taxlogic.kb.sara.data import sara_rules
    from taxlogic.tools.engine import Engine

    if (facts is None) == (not gold):
        usage_error("give either --facts FILE or --gold")
    with friendly_errors():
        case = load_case(case_id)
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
        "correct": answer_correct(case.kind, case.expected, result.answer), "outcome": result.outcome,
        "facts": _fact_sentences(case, gold_program(case).fact_text if gold else text, rules),
        "arguments": _arguments(case, gold_program(case) if gold else None, text, rules),
        "clauses": result.clauses or _clauses(case, gold_program(case) if gold else None, text, rules),
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
            note = {"anchor": " [dim](anchor)[/]",
                    "reanchored": f' [yellow](re-anchored: its anchor "{row["anchor"]}" points elsewhere)[/]'}
            facts_table.add_row(str(row["line"]), row["fact"], where + note.get(row["source"], ""))
        console.print(facts_table)
        args_table = Table(title="arguments and where the text gives them (event ids and variables left out)",
                           show_lines=False)
        for col in ("line", "argument", "kind", "how", "sentence"):
            args_table.add_column(col, justify="right" if col == "line" else "left", overflow="fold")
        for row in record["arguments"]:
            if row["kind"] in ("event", "variable") and row["how"]:
                continue
            how = row["how"] or "[red]unaccounted[/]"
            args_table.add_row(str(row["line"]), row["argument"], row["kind"], how, row["sentence"] or "")
        console.print(args_table)
        console.print(_clause_table(record["clauses"]))
        verdict = (f"[green]the agent would answer {result.agent_answer}[/]" if not problems
                   else "[yellow]the agent would not answer (repair, then abstain)[/]")
        console.print(f"answer the facts give: [bold]{result.answer}[/]"
                      + (f" ({result.reason})" if result.answer is None and result.reason else "")
                      + f"   expected: {case.expected}   " + verdict, highlight=False)
    if problems:
        raise typer.Exit(EXIT_ABSTAINED)


def _fact_sentences(case, text: str, rules) -> list[dict]:
    """Every validated fact of ``text`` with its line (in ``text``), the sentence of the case it
    comes from and how it was found (``anchor``, ``reanchored``: its anchor points elsewhere,
    ``aligned`` or ``none``; :func:`taxlogic.kb.sara.align.resolve`), and its anchor's words."""
    from taxlogic.kb.sara.align import resolve
    from taxlogic.kb.sara.coverage import legal_terms
    from taxlogic.tools.facts import check_facts

    check = check_facts(text, rules.vocabulary)
    a = resolve(case.text, check.canonical, terms=legal_terms(rules))
    return [{"line": f.line, "fact": s.fact.canonical, "sentence": a.text_of(s).strip() or None, "source": s.source,
             "anchor": " ".join(s.anchor) or None}
            for f, s in zip(check.facts, a.supports)]


def _arguments(case, gp, text: str | None, rules) -> list[dict]:
    """Every argument of every validated fact with where the text gives it
    (:func:`taxlogic.kb.sara.provenance.provenance`): line (in the input), fact, argument, kind,
    how ("" when unaccounted) and sentence."""
    from taxlogic.core import CaseInput
    from taxlogic.kb.sara.provenance import provenance
    from taxlogic.tools.facts import check_facts

    check = check_facts(gp.fact_text if gp is not None else text, rules.vocabulary)
    lines = [f.line for f in check.facts]
    inp = CaseInput.from_case(case)
    return [{"line": lines[s.line - 1] if 0 < s.line <= len(lines) else s.line, "fact": s.fact, "argument": s.value,
             "kind": s.kind, "how": s.how, "sentence": s.sentence}
            for s in provenance(inp, inp.query, check.canonical, gp.rule_text if gp is not None else "", rules)]


def _clauses(case, gp, text: str | None, rules) -> list[dict]:
    """The table clause -> facts when the omission check did not run (another check flagged the
    facts first): the accounting only (:func:`taxlogic.kb.sara.omissions.accounting`)."""
    from taxlogic.core import CaseInput
    from taxlogic.kb.sara.coverage import legal_terms
    from taxlogic.kb.sara.omissions import accounting, clause_table
    from taxlogic.tools.facts import check_facts

    check = check_facts(gp.fact_text if gp is not None else text, rules.vocabulary)
    if check.problems:
        return []
    return clause_table(accounting(CaseInput.from_case(case), check.canonical, terms=legal_terms(rules)))


def _clause_table(rows: list[dict]) -> Table:
    """Every clause of the case with the facts that state it (those the aligner places in its
    sentence), or what it states that no fact does and whether the answer depends on it."""
    table = Table(title="clauses and the facts that state them", show_lines=False)
    for col in ("sentence", "clause", "facts", "not stated"):
        table.add_column(col, justify="right" if col == "sentence" else "left", overflow="fold")
    stated = {r["sentence"] for r in rows if r["facts"]}
    for r in rows:
        facts = (" ".join(r["facts"]) if r["facts"] else "[dim](the facts of its sentence, above)[/]"
                 if r["sentence"] in stated else "[red]nothing states this[/]")
        notes = []
        for i in r["items"]:
            tag = {"issue": "[red]changes the answer[/]", "irrelevant": f"[dim]irrelevant: {i['reason']}[/]",
                   "not run": "[yellow]not run[/]"}[i["verdict"]]
            notes.append(f"{i['kind']} {i['what']} ({', '.join(i['predicates'])}): {tag}")
        table.add_row(str(r["sentence"] + 1), r["clause"], facts, "; ".join(notes) or "")
    return table
