"""RuleArena tax problems in the one-case commands: ``taxlogic explain --case tax-2-0`` (the
return explained line by line, :mod:`taxlogic.kb.form1040.explain`: the chain of form lines with
amounts and the instructions the problem prints, and why-not for credits that did not apply) and
``taxlogic solve --case tax-2-0`` (the agent with the form1040 domain reads the filled forms;
``--explain`` adds the chain of its facts)."""

from __future__ import annotations

import re
import sys
from fractions import Fraction
from pathlib import Path

from taxlogic.cli.common import answer_text, console, fail, friendly_errors, print_json, usage_error

#: RuleArena tax problem ids: ``tax-<level>-<index>``.
TAX_ID = re.compile(r"^tax-([012])-(\d+)$")


def is_tax_problem(case_id: str) -> bool:
    return TAX_ID.match(case_id) is not None


def _item(case_id: str):
    """RuleArena tax problem ``case_id``; an unknown one is a usage error (exit 2), as an unknown
    SARA case is (:func:`taxlogic.cli.common.load_case`)."""
    from taxlogic.eval.benchmarks.rulearena.data import load_rulearena

    level = int(TAX_ID.match(case_id)[1])
    items = {it.id: it for it in load_rulearena("tax", level)}
    item = items.get(case_id)
    if item is None:
        usage_error(f"--case: no RuleArena tax problem {case_id} (level {level} has {len(items)})")
    return item


def erratum_note(case_id: str) -> str | None:
    """One line for a RuleArena tax problem whose label is a documented erratum (None for any
    other): its classes, where the label departs from the forms' text, and the command that lists
    them (``taxlogic data errata --domain form1040``)."""
    from taxlogic.kb.errata import load_errata

    found = [e for e in load_errata("form1040") if e.id == case_id]
    if not found:
        return None
    e = found[0]
    return (f"a documented erratum ({e.klass.replace('+', ' and ')}): {e.reason}; taxlogic follows "
            "the text (taxlogic data errata --domain form1040)")


def solve_tax_problem(case_id: str | None, *, text: str | None = None, translator: str, budget: int, model: str | None, grammar: bool | None,
                      trace: Path | None, quiet: bool, verbose: bool, as_json: bool, explain: bool) -> None:
    """Solve RuleArena tax problem ``case_id`` with the agent (``translator`` llm) or its gold
    translation (gold), traced live; print the answer against RuleArena's label (its tolerance)
    and, with ``explain``, the return line by line. Exit 3 when the agent abstains. Without
    ``case_id``: the return in ``text`` (filled forms as RuleArena prints them), with the agent
    (there is no gold translation and no label)."""
    import typer

    from taxlogic.cli.common import EXIT_ABSTAINED
    from taxlogic.core import CaseInput
    from taxlogic.eval.benchmarks.rulearena.tax import TAX_QUESTION, tax_correct
    from taxlogic.kb.domain import get_domain
    from taxlogic.kb.form1040 import AMOUNT_QUERY, form1040_rules, taxpayer_to_facts
    from taxlogic.kb.form1040.explain import explain_return, render
    from taxlogic.kb.form1040.reading import problem_forms
    from taxlogic.tools.engine import Engine, Job

    with friendly_errors():
        item = _item(case_id) if case_id is not None else None
        rules = form1040_rules()
        text = problem_forms(item.user_prompt if item is not None else text)
        inp = CaseInput(case_id=case_id, text=text, question=TAX_QUESTION, kind="numeric", query=AMOUNT_QUERY,
                        answer_var="X")
        with Engine(rules, workers=1) as engine:
            if translator == "gold":
                tracer = None
                if trace is not None:  # what ran, in the agent's shape; a bad --trace fails before the run
                    from taxlogic.cli.trace import Tracer, trace_gold

                    tracer = Tracer(console, trace, show=False)
                facts = taxpayer_to_facts(item.taxpayer or {})
                out = engine.run(Job(facts=facts, query=AMOUNT_QUERY, mode="all", var="X"))
                ans = get_domain("form1040").answer_of(inp, out)
                answer, reason, abstained = ans.value, ans.reason, ans.value is None
                if tracer is not None:
                    trace_gold(tracer, facts, out, answer, reason, source="the problem's gold translation")
            else:
                from taxlogic.agent.context import make_context  # the agent (langgraph, langchain): --translator llm only
                from taxlogic.agent.solve import solve as run_agent
                from taxlogic.cli.trace import Tracer

                tracer = Tracer(console, trace, show=not (quiet or as_json), verbose=verbose)
                ctx = make_context(rules, engine, model_name=model, budget=budget, grammar=grammar,
                                   domain=get_domain("form1040"))
                try:
                    result = run_agent(inp, ctx, on_event=tracer)
                finally:
                    tracer.close()
                facts, answer, abstained, reason = result.facts, result.answer, result.abstained, result.reason
            why = explain_return(engine, facts, text, case_id) if explain and not abstained else None
    expected = item.answer if item is not None else None
    correct = None if abstained or expected is None else tax_correct(float(Fraction(str(answer))), expected)
    if as_json:
        print_json({"case": case_id, "translator": translator, "answer": answer, "abstained": abstained,
                    "reason": reason, "expected": expected, "correct": correct}
                   | ({"explanation": why.model_dump() if why else None} if explain else {}))
    else:
        if translator == "gold":
            console.print(f"[bold]{case_id}[/] with its gold facts: answer {answer_text(answer, 'tax')}", highlight=False)
        else:
            from taxlogic.cli.trace import print_result

            print_result(console, result, kind="tax")
        if not abstained and expected is not None:
            console.print(f"expected (RuleArena's label): {answer_text(expected, 'tax')}  "
                          + ("[green]correct[/] (within RuleArena's tolerance)" if correct else "[red]differs[/]"),
                          highlight=False)
            if not correct:
                note = erratum_note(case_id)
                if note:
                    console.print(note, highlight=False)
        if why:
            sys.stdout.write(render(why, width=min(console.width, 100) if console.width else 80))
    if abstained:
        raise typer.Exit(EXIT_ABSTAINED)


def explain_tax_problem(case_id: str, facts_file: Path | None, *, as_json: bool, markdown: bool) -> None:
    """Explain RuleArena tax problem ``case_id`` from its gold translation (or ``facts_file``,
    validated first). Prints text for an 80-column terminal, JSON or Markdown."""
    from taxlogic.eval.benchmarks.rulearena.tax import erratum_of
    from taxlogic.kb.form1040 import form1040_rules, taxpayer_to_facts
    from taxlogic.kb.form1040.explain import explain_return, render
    from taxlogic.kb.form1040.reading import problem_forms
    from taxlogic.tools.engine import Engine
    from taxlogic.tools.facts import check_facts

    with friendly_errors():
        item = _item(case_id)
        rules = form1040_rules()
        if facts_file is not None:
            checked = check_facts(facts_file.read_text(encoding="utf-8"), rules.vocabulary)
            if not checked.ok:
                fail(f"{facts_file}: " + "; ".join(str(p) for p in checked.problems[:3]))
            facts = checked.canonical
        else:
            facts = taxpayer_to_facts(item.taxpayer or {})
        with Engine(rules, workers=1) as engine:
            try:
                expl = explain_return(engine, facts, problem_forms(item.user_prompt), case_id)
            except ValueError as exc:
                fail(f"{case_id}: {exc}")
    errata = erratum_of(case_id) if facts_file is None else []
    if as_json:
        print_json({**expl.model_dump(), "expected": item.answer, "erratum": errata})
    elif markdown:
        sys.stdout.write(expl.to_markdown())
    else:
        console.print(f"[bold]{case_id}[/] (tax)  expected (RuleArena's label): {answer_text(item.answer, 'tax')}",
                      highlight=False)
        if errata:
            console.print(erratum_note(case_id), highlight=False)
        sys.stdout.write(render(expl, width=min(console.width, 100) if console.width else 80))


def inspect_target(case_id: str) -> dict:
    """``inspect`` on RuleArena tax problem ``case_id``: the fields of
    :class:`taxlogic.cli.rulearena_case.InspectTarget` (a dict: that module imports this one) for
    the form1040 domain's round on the filled forms, its gold translation the problem's taxpayer
    record as facts; the answer against RuleArena's label (its tolerance)."""
    from taxlogic.agent.state import CaseInput
    from taxlogic.eval.benchmarks.rulearena.tax import TAX_QUESTION, tax_correct
    from taxlogic.kb.domain import get_domain
    from taxlogic.kb.form1040 import AMOUNT_QUERY, form1040_rules, taxpayer_to_facts
    from taxlogic.kb.form1040.reading import problem_forms

    item = _item(case_id)
    domain = get_domain("form1040")
    inp = CaseInput(case_id=case_id, text=problem_forms(item.user_prompt), question=TAX_QUESTION, kind="numeric",
                    query=AMOUNT_QUERY, answer_var="X")

    def correct(value) -> bool | None:
        return None if value is None else tax_correct(float(Fraction(str(value))), item.answer)

    return dict(id=case_id, domain_name="tax", title="tax", rules=form1040_rules(), domain=domain, inp=inp,
                gold_text=lambda: taxpayer_to_facts(item.taxpayer or {}),
                value_of=lambda outcome: domain.answer_of(inp, outcome).value,
                words=lambda v: answer_text(v, "tax"), expected=item.answer,
                expected_words=answer_text(item.answer, "tax"), correct=correct)


def run_tax_problem(case_id: str, facts_file: Path | None, *, as_json: bool) -> None:
    """``taxlogic run`` on RuleArena tax problem ``case_id``: its gold translation (the problem's
    taxpayer record as facts) or ``facts_file`` (untrusted: validated first) against the amount
    owed (Form 1040 line 37; a negative amount is the overpayment, line 34), with the outcome,
    the answer in dollars and RuleArena's label (its tolerance: ``numpy.isclose``). Exit 3 when
    the facts give no answer; one line and exit 1 on an error, 2 for an unknown id."""
    import typer

    from taxlogic.cli.common import EXIT_ABSTAINED
    from taxlogic.kb.form1040 import AMOUNT_QUERY, form1040_rules, taxpayer_to_facts
    from taxlogic.tools.engine import Engine, Job
    from taxlogic.tools.facts import check_facts

    with friendly_errors():
        rules = form1040_rules()
        with Engine(rules, workers=1, wait=False) as engine:  # its worker starts while the problem loads
            from taxlogic.eval.benchmarks.rulearena.tax import tax_correct
            from taxlogic.kb.domain import get_domain

            item = _item(case_id)
            if facts_file is not None:
                if not facts_file.is_file():
                    fail(f"--facts {facts_file}: no such file")
                checked = check_facts(facts_file.read_text(encoding="utf-8", errors="surrogateescape"), rules.vocabulary)
                if not checked.ok:
                    fail(f"{facts_file}: " + "; ".join(str(p) for p in checked.problems[:3]))
                facts = checked.canonical
            else:
                facts = taxpayer_to_facts(item.taxpayer or {})
            outcome = engine.run(Job(facts=facts, query=AMOUNT_QUERY, mode="all", var="X"))
    answer = get_domain("form1040").answer_of(None, outcome)
    correct = None if answer.value is None else tax_correct(float(Fraction(str(answer.value))), item.answer)
    if as_json:
        print_json({"case": case_id, "expected": item.answer, "answer": answer.value, "reason": answer.reason,
                    "correct": correct, "outcome": outcome.model_dump()})
    else:
        from rich.markup import escape

        console.print(f"[bold]{case_id}[/] (tax, {'its gold translation' if facts_file is None else escape(str(facts_file))})"
                      f"  query: {AMOUNT_QUERY}", highlight=False)
        from taxlogic.cli.common import print_kept

        print_kept(console, f"outcome: {escape(outcome.summary())}   {outcome.seconds:.3f} s, {outcome.inferences:,} inferences")
        shown = answer_text(answer.value, "tax") if answer.value is not None else f"(none: {escape(str(answer.reason))})"
        verdict = "" if correct is None else "   [green]correct[/]" if correct else "   [red]differs[/]"
        console.print(f"answer: {shown}   expected (RuleArena's label): {answer_text(item.answer, 'tax')}{verdict}",
                      highlight=False)
        if correct is False and facts_file is None and (note := erratum_note(case_id)):
            console.print(note, highlight=False)
    if answer.value is None:
        raise typer.Exit(EXIT_ABSTAINED)
