"""``taxlogic inspect``: one fact set through the agent's inspector, as its inspect step runs it."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Optional

import typer
from rich.markup import escape
from rich.table import Table

from taxlogic.cli.common import (CASE_DATASET_HELP, EXIT_ABSTAINED, answer_text, console, dataset_rules, friendly_errors,
                                 load_case, print_json, usage_error)
from taxlogic.cli.fit import fit


def inspect_cmd(
    case_id: str = typer.Option(..., "--case", help="SARA case id (its text, question and query), or a RuleArena problem id (nba-0-5, airline-0-5, tax-0-5)."),
    dataset: str = typer.Option("sara", "--dataset", help=CASE_DATASET_HELP),
    facts: Optional[Path] = typer.Option(None, "--facts", help="Prolog facts to inspect ('-': standard input)."),
    gold: bool = typer.Option(False, "--gold", help="Inspect the case's own gold program (rules trusted; see eval verifier): the default without --facts."),
    verbose: bool = typer.Option(False, "--verbose", "-v", help="Every row: each fact with its sentence and every argument with where the text gives it (default: facts grouped under their sentence, only the arguments the text does not account for)."),
    as_json: bool = typer.Option(False, "--json", help="Print the problems and the answer as JSON."),
) -> None:
    """Validate, run and inspect a fact set for a case exactly as the agent's inspect step does;
    print every problem found (kind, line, message), the facts grouped under the sentence of the
    case they come from (its anchor's, or the aligner's), the arguments the text does not account
    for, and the answer the facts would give (none when they were rejected). With --verbose, every
    fact with its sentence and every argument with where the text gives it: a person it names, an
    amount it states, a date it gives or derives, an event its type fact introduces.
    On a RuleArena problem (nba-0-5, airline-0-5, tax-0-5): the agent's round on its gold
    translation or the facts given (validation, the engine job, the domain's checks), the
    problems, the answer in words, the expected one and whether the agent would answer.
    Without --facts, the case's (or problem's) gold translation is inspected.
    Exit code 3 when the inspector found a problem (the agent would repair or abstain), 0 when
    none, 1 on an error, 2 on a wrong command line."""
    from taxlogic.tools.engine import Engine

    if facts is not None and gold:
        usage_error("give --facts FILE or --gold, not both (without either: the case's gold program)")
    gold = facts is None
    from taxlogic.cli.statutes_case import inspect_statutes, is_statutes_case

    if is_statutes_case(case_id):  # DeonticBench housing / USCIS: a program the model writes (kb/statutes)
        inspect_statutes(case_id, facts, gold=gold, as_json=as_json)
        return
    from taxlogic.cli.rulearena_case import is_rulearena_problem
    from taxlogic.cli.tax_problem import is_tax_problem

    if is_rulearena_problem(case_id) or is_tax_problem(case_id):  # the domain's own checks, as the agent's round runs them
        if verbose:
            usage_error(f"--case {case_id}: --verbose lists a SARA case's facts by sentence; a RuleArena problem's "
                        "inspection is its problems, its answer and the agent's verdict")
        from taxlogic.cli.rulearena_case import inspect_problem

        inspect_problem(case_id, facts, as_json=as_json)
        return
    with friendly_errors():
        rules = dataset_rules(dataset)
        with Engine(rules, workers=1, wait=False) as engine:  # its worker starts while the case loads
            from taxlogic.eval.scoring.metrics import answer_correct
            from taxlogic.eval.faults.verifier import REFUSED, gold_program, inspect_facts, inspect_gold

            case = load_case(case_id, dataset=dataset)
            text = None
            if facts is not None:
                if str(facts) == "-":  # bytes, as a file's: text that is not UTF-8 is a problem to report, not a crash
                    stdin = getattr(sys.stdin, "buffer", None)
                    text = stdin.read().decode("utf-8", "surrogateescape") if stdin is not None else sys.stdin.read()
                else:
                    text = facts.read_text(encoding="utf-8", errors="surrogateescape")
            result = inspect_gold(engine, case, rules) if gold else inspect_facts(engine, case, text, rules)
    problems = [{"kind": i.kind, "line": i.line, "message": i.message} for i in result.issues]
    gp = gold_program(case) if gold else None
    fact_text = gp.fact_text if gp is not None else text
    record = {
        "case": case.id, "kind": case.kind, "mode": result.mode, "source": "gold" if gold else str(facts),
        "problems": problems, "answer": result.answer, "reason": result.reason,
        "agent_answer": result.agent_answer, "expected": case.expected,
        "correct": answer_correct(case.kind, case.expected, result.answer), "outcome": result.outcome,
        "facts": _fact_sentences(case, fact_text, rules),
        "arguments": _arguments(case, gp, text, rules),
        "clauses": result.clauses or _clauses(case, gp, text, rules),
    }
    record["rejected"] = was_rejected = rejected(fact_text, rules, trusted_rules=gold)
    if gp is not None:
        record["rule_program"] = bool(gp.rules)
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
        if verbose:
            _print_every_row(record)
        else:
            _print_compact(record, ran=not (result.refused or was_rejected))
        _print_clauses(record["clauses"], verbose=verbose, ran=not (result.refused or was_rejected))
        verdict = (f"[green]the agent would answer {escape(answer_text(result.agent_answer))}[/]" if not problems
                   else "[yellow]the agent would not answer (repair, then abstain)[/]")
        expected = f"   expected: {escape(answer_text(case.expected))}   " + verdict
        if result.refused:  # not run at all: a clause the engine must never execute (issue 37)
            why = result.reason.removeprefix(REFUSED).strip(" ()") or "the engine refused them"
            console.print(f"answer the facts give: [bold]none[/]: the facts were refused and not run "
                          f"({escape(why)}; see the problems above)" + expected, highlight=False)
        elif was_rejected:
            console.print("answer the facts give: [bold]none[/] (the facts were rejected before they ran)" + expected,
                          highlight=False)
        else:
            console.print(f"answer the facts give: [bold]{escape(answer_text(result.answer))}[/]"
                          + (f" ({escape(str(result.reason))})" if result.answer is None and result.reason else "")
                          + expected, highlight=False)
    if problems:
        raise typer.Exit(EXIT_ABSTAINED)


def rejected(text: str, rules, *, trusted_rules: bool) -> bool:
    """Whether the validator rejects the fact text ``text`` (:func:`taxlogic.tools.facts.check_facts`:
    a directive such as ``:- halt.``, a syntax error, an unknown predicate …; no fact at all,
    unless a trusted rule program holds the facts): the agent would never run it, so any answer
    computed from the text as written is not the facts' answer."""
    from taxlogic.tools.facts import check_facts

    check = check_facts(text, rules.vocabulary)
    return not check.ok or (not check.facts and not trusted_rules)


def _print_every_row(record: dict) -> None:
    """``inspect --verbose``: every fact with its sentence, every argument with where the text gives it."""
    facts_table = Table(title="facts and the sentences they come from", show_lines=False)
    for col in ("line", "fact", "sentence"):
        facts_table.add_column(col, justify="right" if col == "line" else "left", overflow="fold")
    for row in record["facts"]:
        where = escape(row["sentence"]) if row["sentence"] else "[red](no sentence supports it)[/]"
        note = {"anchor": " [dim](anchor)[/]",
                "reanchored": f' [yellow](re-anchored: its anchor "{escape(row["anchor"] or "")}" points elsewhere)[/]'}
        facts_table.add_row(str(row["line"]), escape(row["fact"]), where + note.get(row["source"], ""))
    console.print(facts_table)
    args_table = Table(title="arguments and where the text gives them (event ids and variables left out)",
                       show_lines=False)
    for col in ("line", "argument", "kind", "how", "sentence"):
        args_table.add_column(col, justify="right" if col == "line" else "left", overflow="fold")
    for row in record["arguments"]:
        if row["kind"] in ("event", "variable") and row["how"]:
            continue
        how = escape(row["how"]) if row["how"] else "[red]unaccounted[/]"
        args_table.add_row(str(row["line"]), escape(str(row["argument"])), row["kind"], how, escape(row["sentence"] or ""))
    console.print(args_table)


def _print_compact(record: dict, *, ran: bool = True) -> None:
    """``inspect`` by default: each sentence once with the lines of the facts it supports (the
    facts no sentence supports apart), then only the arguments the text does not account for
    (``ran`` False with no argument read: the facts were refused, so none was checked)."""
    groups: dict[str | None, list[dict]] = {}
    for row in record["facts"]:
        groups.setdefault(row["sentence"], []).append(row)
    console.print(f"[bold]facts by the sentence they come from[/] ({len(record['facts'])} facts; every row: --verbose)",
                  highlight=False)
    for sentence, rows in groups.items():
        lines = ", ".join(str(r["line"]) for r in rows)
        if sentence is None:
            console.print(f"  [red](no sentence supports them)[/] line(s) {lines}: "
                          + "; ".join(escape(r["fact"]) for r in rows), highlight=False)
            continue
        moved = [r for r in rows if r["source"] == "reanchored"]
        console.print(f'  "{escape(sentence)}" [dim]line(s) {lines}[/]'
                      + (f" [yellow]({len(moved)} re-anchored: the anchor points elsewhere)[/]" if moved else ""),
                      highlight=False)
    open_args = [r for r in record["arguments"] if not r["how"]]
    counted = [r for r in record["arguments"] if not (r["kind"] in ("event", "variable") and r["how"])]
    if not open_args and not counted and not ran:
        console.print("no argument was checked: the facts were rejected before they ran", highlight=False)
        return
    if not open_args:
        console.print(f"every argument is accounted for by the text ({len(counted)} checked; --verbose lists them)",
                      highlight=False)
        return
    console.print(f"[bold red]{len(open_args)} argument(s) the text does not account for[/] (of {len(counted)}):",
                  highlight=False)
    for r in open_args:
        console.print(f"  line {r['line']}: {escape(str(r['argument']))} ({r['kind']}) in {escape(r['fact'])}",
                      highlight=False)


def _fact_sentences(case, text: str, rules) -> list[dict]:
    """Every validated fact of ``text`` with its line (in ``text``), the sentence of the case it
    comes from and how it was found (``anchor``, ``reanchored``: its anchor points elsewhere,
    ``aligned`` or ``none``; :func:`taxlogic.kb.sara.checks.align.resolve`), and its anchor's words."""
    from taxlogic.kb.sara.checks.align import resolve
    from taxlogic.kb.sara.checks.coverage import legal_terms
    from taxlogic.tools.facts import check_facts

    check = check_facts(text, rules.vocabulary)
    a = resolve(case.text, check.canonical, terms=legal_terms(rules))
    return [{"line": f.line, "fact": s.fact.canonical, "sentence": a.text_of(s).strip() or None, "source": s.source,
             "anchor": " ".join(s.anchor) or None}
            for f, s in zip(check.facts, a.supports)]


def _arguments(case, gp, text: str | None, rules) -> list[dict]:
    """Every argument of every validated fact with where the text gives it
    (:func:`taxlogic.kb.sara.checks.provenance.provenance`): line (in the input), fact, argument, kind,
    how ("" when unaccounted) and sentence."""
    from taxlogic.core import CaseInput
    from taxlogic.kb.sara.checks.provenance import provenance
    from taxlogic.tools.facts import check_facts

    check = check_facts(gp.fact_text if gp is not None else text, rules.vocabulary)
    lines = [f.line for f in check.facts]
    inp = CaseInput.from_case(case)
    return [{"line": lines[s.line - 1] if 0 < s.line <= len(lines) else s.line, "fact": s.fact, "argument": s.value,
             "kind": s.kind, "how": s.how, "sentence": s.sentence}
            for s in provenance(inp, inp.query, check.canonical, gp.rule_text if gp is not None else "", rules)]


def _clauses(case, gp, text: str | None, rules) -> list[dict]:
    """The table clause -> facts when the omission check did not run (another check flagged the
    facts first): the accounting only (:func:`taxlogic.kb.sara.checks.omissions.accounting`), with the
    per-event items (a role or start date an event lacks) as the agent's check plans them."""
    from taxlogic.core import CaseInput
    from taxlogic.kb.sara.checks.coverage import legal_terms
    from taxlogic.kb.sara.checks.omissions import accounting, clause_table
    from taxlogic.tools.facts import check_facts

    check = check_facts(gp.fact_text if gp is not None else text, rules.vocabulary)
    if check.problems:
        return []
    return clause_table(accounting(CaseInput.from_case(case), check.canonical, terms=legal_terms(rules), rules=rules))


def _clause_notes(row: dict) -> str:
    """What a clause states that no fact does, each item with its verdict (markup)."""
    notes = []
    for i in row["items"]:
        tag = {"issue": "[red]changes the answer[/]", "irrelevant": f"[dim]irrelevant: {escape(i['reason'])}[/]",
               "not run": "[yellow]not run[/]",
               "undecided": f"[yellow]undecided: {escape(i['reason'])}[/]"}[i["verdict"]]
        notes.append(f"{escape(i['kind'])} {escape(str(i['what']))} ({escape(', '.join(i['predicates']))}): {tag}")
    return "; ".join(notes)


def _print_clauses(rows: list[dict], *, verbose: bool, ran: bool = True) -> None:
    """Every clause of the case with the facts that state it (those the aligner places in its
    sentence), or what it states that no fact does and whether the answer depends on it (issue
    33). Compact by default: only the clauses with something no fact states; ``verbose``: the
    whole table. ``ran`` False: the facts were refused or rejected, so no clause was checked
    (never "every clause is stated")."""
    if not ran and not rows:
        console.print("no clause was checked: the facts were rejected before they ran (see the problems above)", highlight=False)
        return
    stated = {r["sentence"] for r in rows if r["facts"]}

    def facts_of(r: dict) -> str:
        return (escape(" ".join(r["facts"])) if r["facts"] else "[dim](the facts of its sentence, above)[/]"
                if r["sentence"] in stated else "[red]nothing states this[/]")

    if verbose:
        table = Table(title="clauses and the facts that state them", show_lines=False)
        for col in ("sentence", "clause", "facts", "not stated"):
            table.add_column(col, justify="right" if col == "sentence" else "left")
        for r in rows:
            table.add_row(str(r["sentence"] + 1), escape(r["clause"]), facts_of(r), _clause_notes(r))
        console.print(fit(table, console))
        return
    def open_items(r: dict) -> list[dict]:
        return [i for i in r["items"] if i["verdict"] != "irrelevant"]

    open_rows = [r for r in rows if open_items(r) or (not r["items"] and not r["facts"] and r["sentence"] not in stated)]
    shown = sum(len(r["items"]) - len(open_items(r)) for r in rows)
    tail = f"; {shown} unstated item(s) shown not to change the answer" if shown else ""
    if not open_rows:
        console.print(f"every clause is stated by facts or shown not to matter ({len(rows)} clauses{tail}; "
                      "--verbose lists them)", highlight=False)
        return
    console.print(f"[bold]clauses no fact states[/] ({len(open_rows)} of {len(rows)}{tail}; every clause: --verbose)",
                  highlight=False)
    for r in open_rows:
        notes = _clause_notes({**r, "items": open_items(r)})
        console.print(f'  sentence {r["sentence"] + 1}: "{escape(r["clause"])}": ' + (notes or facts_of(r)),
                      highlight=False)
