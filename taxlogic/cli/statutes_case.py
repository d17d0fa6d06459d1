"""``taxlogic solve`` for a domain without a knowledge base (issue 47): a DeonticBench housing or
USCIS-AAO case (``--case housing_9adc1ed4``), or a user's own statutes, facts and question
(``--statutes FILE --text T --question Q``). The model writes the rules from the statutes and
the facts from the case; the program runs sandboxed (``kb/statutes``), and the answer comes with
the statute paragraph each step came from (``--explain``)."""

from __future__ import annotations

import re
from pathlib import Path

import typer
from rich.markup import escape

from taxlogic.cli.common import EXIT_ABSTAINED, console, friendly_errors, print_json, usage_error

_ID = re.compile(r"^(housing|uscis)_[0-9a-f]{6,}$")


def is_statutes_case(case_id: str | None) -> bool:
    """Does ``case_id`` name a DeonticBench housing or USCIS-AAO case (``housing_9adc1ed4``)?"""
    return bool(case_id) and bool(_ID.match(case_id or ""))


def load_statutes_case(case_id: str):
    """(case, domain, agent input) of a DeonticBench housing or USCIS-AAO id: the installed case
    (:func:`taxlogic.kb.statutes.data.case`), its :class:`~taxlogic.kb.statutes.domain.StatutesDomain`
    and its :class:`~taxlogic.core.CaseInput` (never the label or the reference program). Raises
    KeyError for an unknown id and :class:`~taxlogic.kb.datafiles.DataError` when DeonticBench is
    not installed (``friendly_errors`` prints both as one line)."""
    from taxlogic.kb.domain import get_domain
    from taxlogic.kb.statutes.data import case as deontic_case
    from taxlogic.kb.statutes.domain import case_input, domain_name

    case = deontic_case(case_id)
    return case, get_domain(domain_name(case)), case_input(case)


def read_statutes(path: Path) -> str:
    """The text of a ``--statutes`` file; a usage error (exit 2) when it is empty. Raises
    OSError when it cannot be read (``friendly_errors`` prints it as one line)."""
    law = Path(path).read_text(encoding="utf-8")
    if not law.strip():
        usage_error(f"--statutes {path}: the file is empty: give the statutes' text")
    return law


def solve_statutes(case_id: str | None, *, statutes: Path | None, text: str | None, question: str | None,
                   domain: str, translator: str, budget: int, samples: int, model: str | None, trace: Path | None,
                   quiet: bool, verbose: bool, as_json: bool, explain: bool) -> None:
    """Solve one case of the statutes domain (module doc) and print it as ``solve`` does. Exit code
    3 when the agent abstains."""
    from taxlogic.agent.context import make_context
    from taxlogic.agent.solve import solve as run_agent
    from taxlogic.cli.trace import Tracer, answering_model, print_result
    from taxlogic.core import CaseInput
    from taxlogic.kb.domain import get_domain
    from taxlogic.tools.engine import Engine

    if translator not in ("llm", "gold"):
        usage_error("--translator must be llm or gold")
    expected = None
    with friendly_errors():
        if case_id is not None:
            if statutes is not None:
                usage_error("--statutes goes with --text and --question (a --case id brings its own statutes)")
            case, dom, inp = load_statutes_case(case_id)
            expected = case.label
        else:
            if translator == "gold":
                usage_error("--translator gold needs --case (your own statutes have no reference program)")
            if not question or not question.strip():
                usage_error("--statutes needs --question (a yes/no question about --text under those statutes)")
            law = read_statutes(statutes)
            dom = get_domain(domain if domain in ("housing", "uscis") else "housing")
            case, inp = None, CaseInput(case_id=None, text=text or "", question=question, kind="entailment",
                                        query=dom.query, answer_var=dom.answer_var, statutes=law)
        rules = dom.rule_set()
        tracer = Tracer(console, trace, show=not (quiet or as_json), verbose=verbose)
        with Engine(rules, workers=1) as engine:
            if translator == "gold":
                from langchain_core.language_models.fake_chat_models import FakeListChatModel

                from taxlogic.agent.context import AgentContext
                from taxlogic.eval.faults.program_endpoint import served_program

                reply = served_program(case.reference_prolog)
                ctx = AgentContext(model=FakeListChatModel(responses=[reply]), engine=engine, rules=rules,
                                   domain=dom, budget=0, llm_retries=0)
            else:
                ctx = make_context(rules, engine, model_name=model, budget=budget, grammar=False, domain=dom)
            if not (quiet or as_json):
                who = "the reference program" if translator == "gold" else escape(answering_model(ctx.model, chosen=model is not None))
                console.print(f"[bold]{inp.case_id or 'your statutes'}[/] ({dom.name})  translator: {who}  "
                              f"budget: {ctx.budget}  query: {inp.query}", highlight=False)
            try:
                result = run_agent(inp, ctx, samples=samples if translator == "llm" else 1, on_event=tracer)
            finally:
                tracer.close()
            why = dom.explain(inp, result.facts, engine) if explain and not result.abstained else None
    if as_json:
        data = result.model_dump()
        if expected is not None:
            data.update(expected=expected, correct=result.answer == expected)
        if explain:
            data["explanation"] = why.dump() if why else None
        print_json(data)
    else:
        print_result(console, result, expected)
        if why:
            console.print("[bold]why[/]:", highlight=False)
            for line in why.lines():
                console.print(escape(line), highlight=False, soft_wrap=True)
    if result.abstained:
        raise typer.Exit(EXIT_ABSTAINED)


def inspect_statutes(case_id: str, program_file: Path | None, *, gold: bool, as_json: bool) -> None:
    """``taxlogic inspect --case housing_...`` with ``--facts PROGRAM`` (a program as a model
    would write it, ``-`` for standard input) or ``--gold`` (the case's reference program, its
    label directive removed): the agent's round on it (the program cut out of the text, the
    sandboxed run, the shared and the domain's checks), each problem with its line, the answer,
    the expected one. Exit code 3 when a check objects (the agent would repair or abstain)."""
    import sys

    from taxlogic.agent.checks import round_issues
    from taxlogic.eval.faults.program_endpoint import served_program
    from taxlogic.tools.engine import Engine

    with friendly_errors():
        case, dom, inp = load_statutes_case(case_id)
        if gold:
            text, source = served_program(case.reference_prolog), "reference program"
        elif str(program_file) == "-":
            text, source = sys.stdin.read(), "standard input"
        else:
            text, source = Path(program_file).read_text(encoding="utf-8", errors="surrogateescape"), str(program_file)
        validation, program = dom.check_program(text)
        outcome = None
        if not validation:
            with Engine(dom.rule_set(), workers=1) as engine:
                outcome = engine.run(dom.query_job(inp, inp.query, program))
        static = dom.inspect(inp, inp.query, program, outcome, None) if outcome is not None else ()
        issues = round_issues(inp, validation, outcome, static=static)
    answer = dom.answer_of(inp, outcome).value if outcome is not None else None
    record = {"case": case.id, "domain": dom.name, "source": source, "expected": case.label, "answer": answer,
              "agent_answer": answer if not issues else None, "correct": answer == case.label,
              "problems": [{"kind": i.kind, "line": i.line, "message": i.message} for i in issues],
              "outcome": outcome.summary() if outcome is not None else "not run"}
    if as_json:
        print_json(record)
    else:
        console.print(f"[bold]{case.id}[/] ({dom.name}), {escape(source)}: {escape(record['outcome'])}", highlight=False)
        for i in issues:
            at = f"line {i.line}: " if i.line else ""
            console.print(f"  [red]{escape(i.kind)}[/] {at}{escape(i.message)}", highlight=False, soft_wrap=True)
        verdict = "the agent would answer" if not issues else "the agent would repair or abstain"
        console.print(f"answer: {answer if answer is not None else '(none)'}   expected: {case.label}   {verdict}",
                      highlight=False)
    if issues:
        raise typer.Exit(EXIT_ABSTAINED)


def explain_statutes(case_id: str, program_file: Path | None, *, as_json: bool, markdown: bool) -> None:
    """``taxlogic explain --case housing_...``: the answer of the case's reference program (its
    label directive removed), or of ``--facts PROGRAM``, and why: each condition on the query's
    path, whether it holds, its line and the statute paragraphs it comes from
    (:mod:`taxlogic.kb.statutes.explain`); a note when the checks object (``taxlogic inspect``)."""
    from taxlogic.cli.common import fail
    from taxlogic.eval.faults.program_endpoint import served_program
    from taxlogic.kb.statutes.explain import explain_program
    from taxlogic.tools.engine import Engine

    with friendly_errors():
        case, dom, inp = load_statutes_case(case_id)
        text = (served_program(case.reference_prolog) if program_file is None
                else Path(program_file).read_text(encoding="utf-8", errors="surrogateescape"))
        validation, program = dom.check_program(text)
        if validation:
            fail(f"{case.id}: {validation[0].message}")
        with Engine(dom.rule_set(), workers=1) as engine:
            outcome = engine.run(dom.query_job(inp, inp.query, program))
            issues = dom.inspect(inp, inp.query, program, outcome, None)
            why = explain_program(dom, inp, program, outcome, engine)
    if why.answer is None:
        fail(f"{case.id}: the program gave no answer to explain ({outcome.summary()})")
    data = why.dump() | {"case": case.id, "expected": case.label, "issues": [i.render() for i in issues]}
    if as_json:
        print_json(data)
        return
    note = (f"the checks object ({len(issues)} issue(s): taxlogic inspect --case {case.id})" if issues
            else "the checks find nothing")
    if markdown:
        console.print(f"**{case.id}** ({dom.name}): answer **{why.answer}**, expected {case.label}; {note}\n", markup=False)
        for s in why.steps:
            console.print(f"- {s.text()}", markup=False, soft_wrap=True)
        return
    console.print(f"[bold]{case.id}[/] ({dom.name})  answer: [bold]{escape(str(why.answer))}[/]   expected: "
                  f"{escape(case.label)}   {note}", highlight=False)
    for line in why.lines():
        console.print(escape(line), highlight=False, soft_wrap=True)
