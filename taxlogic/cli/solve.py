"""``taxlogic solve``: solve one case (a SARA case or free text) with the agent, traced live."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer
from rich.markup import escape

from taxlogic.cli.common import (CASE_DATASET_HELP, EXIT_ABSTAINED, answer_text, console, dataset_rules, friendly_errors,
                                 load_case, print_json, print_kept, usage_error)


_CASE, _AGENT, _PROMPTS, _OUT = "The case", "The agent", "Prompts", "Output"


def solve(
    case_id: Optional[str] = typer.Option(None, "--case", help="SARA case id (its text, question and formal query), or a RuleArena problem: tax-2-0 (the filled forms), nba-0-5, airline-0-5.", rich_help_panel=_CASE),
    dataset: str = typer.Option("sara", "--dataset", help=CASE_DATASET_HELP + " With --text: whose statutes.", rich_help_panel=_CASE),
    text: Optional[str] = typer.Option(None, "--text", help="Free-text fact pattern (instead of --case).", rich_help_panel=_CASE),
    question: Optional[str] = typer.Option(None, "--question", help="Question or claim about --text.", rich_help_panel=_CASE),
    domain: str = typer.Option("sara", "--domain", help="The knowledge base of --text: sara (SARA's statutes; with --question) or form1040 (a tax return's filled forms as RuleArena prints them; the question is the amount owed, line 37).", rich_help_panel=_CASE),
    translator: str = typer.Option("llm", help="llm: the agent translates; gold: the case's own gold facts (checks the KB path).", rich_help_panel=_AGENT),
    budget: int = typer.Option(3, min=0, help="Repair rounds after the first translation; then the agent abstains.", rich_help_panel=_AGENT),
    samples: int = typer.Option(1, min=1, help="Self-consistency: k independent translations; answer only if all agree.", rich_help_panel=_AGENT),
    exemplars: int = typer.Option(0, min=0, help="k in-context exemplars (text -> gold facts) from the train split, never the case itself nor a case with its text.", rich_help_panel=_AGENT),
    model: Optional[str] = typer.Option(None, help="Model name (default: TAXLOGIC_LLM_MODEL).", rich_help_panel=_AGENT),
    grammar: Optional[bool] = typer.Option(None, "--grammar/--no-grammar", help="Constrain output to Prolog facts (llama.cpp GBNF). Default: on for local llama.cpp endpoints.", rich_help_panel=_PROMPTS),
    anchors: bool = typer.Option(True, "--anchors/--paper-prompts", help="Anchored translation (each group of facts cites its sentence) or the paper's appendix prompts as they are.", rich_help_panel=_PROMPTS),
    utilities: bool = typer.Option(True, "--utilities/--no-utilities", help="SARA: the statutes' date utilities (utils.pl, about 3,000 of the prompt's 5,700 tokens) in the translation prompt; --no-utilities: a prompt the embedded 135M model reads in time (make demo).", rich_help_panel=_PROMPTS),
    trace: Optional[Path] = typer.Option(None, help="Append every step to this JSONL file (--translator gold: the gold facts, the engine's run and the answer).", rich_help_panel=_OUT),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="No live trace, only the result.", rich_help_panel=_OUT),
    verbose: bool = typer.Option(False, "--verbose", "-v", help="Show every line of the facts the model wrote (default: a compact view).", rich_help_panel=_OUT),
    as_json: bool = typer.Option(False, "--json", help="Print the whole outcome record as JSON.", rich_help_panel=_OUT),
    explain: bool = typer.Option(False, "--explain", help="After the answer, why: the statute sections, amounts and facts that decided it.", rich_help_panel=_OUT),
    statutes: Optional[Path] = typer.Option(None, "--statutes", help="A file of statutes the model writes the rules from (with --text and --question; --domain housing: yes/no, uscis: Accepted/Dismissed). A DeonticBench housing_/uscis_ --case brings its own.", rich_help_panel=_CASE),
) -> None:
    """Translate a case into Prolog facts with the LLM, run them against its domain's rules (SARA's
    statutes, SARA v2's with --dataset sara-v2; the Form 1040 rules for a RuleArena tax problem or
    --domain form1040; the NBA or airline rules for their problems), repair what fails, and answer
    or abstain. Each step is traced live in the terminal. Exit code 0:
    answered, 3: abstained, 1: error (e.g. the LLM endpoint failed), 2: usage."""
    from taxlogic.cli.explain import explain_answer, print_explanation
    from taxlogic.core import CaseInput, question_kind
    from taxlogic.eval.scoring.metrics import answer_correct
    from taxlogic.kb.sara.domain import answer_of, case_job
    from taxlogic.tools.engine import Engine

    from taxlogic.cli.statutes_case import is_statutes_case, solve_statutes

    if statutes is not None or is_statutes_case(case_id):  # a domain without a knowledge base (kb/statutes)
        if case_id is None and statutes is None:
            usage_error("give --case ID, or --statutes FILE --text TEXT --question QUESTION")
        return solve_statutes(case_id, statutes=statutes, text=text, question=question, domain=domain,
                              translator=translator, budget=budget, samples=samples, model=model, trace=trace,
                              quiet=quiet, verbose=verbose, as_json=as_json, explain=explain)
    if (case_id is None) == (text is None):
        usage_error("give either --case ID or --text TEXT --question QUESTION")
    if text is not None and not text.strip():  # before any model call: an empty case costs a paid request
        usage_error("--text is empty: give the case's facts in words (or --case ID); nothing was sent to the model")
    if question is not None and not question.strip():
        usage_error("--question is empty: give the question or claim about --text; nothing was sent to the model")
    from taxlogic.cli.tax_problem import is_tax_problem, solve_tax_problem

    if domain not in ("sara", "form1040"):
        usage_error(f"unknown --domain {domain!r}: sara or form1040")
    if domain != "sara" and case_id is not None:
        usage_error("--domain goes with --text (a --case id names its own knowledge base)")
    from taxlogic.cli.rulearena_case import is_rulearena_problem, solve_problem

    if case_id is not None and is_rulearena_problem(case_id):  # a RuleArena NBA or airline problem
        if translator not in ("llm", "gold"):
            usage_error("--translator must be llm or gold")
        if domain != "sara":
            usage_error("--domain goes with --text (a --case id names its own knowledge base)")
        return solve_problem(case_id, translator=translator, budget=budget, model=model, grammar=grammar, trace=trace,
                             quiet=quiet, verbose=verbose, as_json=as_json, explain=explain)
    if (case_id is not None and is_tax_problem(case_id)) or domain == "form1040":  # the form1040 domain
        if translator not in ("llm", "gold"):
            usage_error("--translator must be llm or gold")
        if case_id is None and question:
            usage_error("--domain form1040 answers one question, the amount owed (Form 1040 line 37): drop --question")
        if case_id is None and translator == "gold":
            usage_error("--translator gold needs --case (free text has no gold facts)")
        return solve_tax_problem(case_id, text=text, translator=translator, budget=budget, model=model, grammar=grammar,
                                 trace=trace, quiet=quiet, verbose=verbose, as_json=as_json, explain=explain)
    if text is not None and not question:
        usage_error("--text needs --question")
    if translator not in ("llm", "gold"):
        usage_error("--translator must be llm or gold")
    with friendly_errors():
        rules = dataset_rules(dataset)
        with Engine(rules, workers=1, wait=False) as engine:  # its worker starts while the case loads
            case = load_case(case_id, dataset=dataset) if case_id else None
            if case is not None:
                inp = CaseInput.from_case(case)
            else:
                inp = CaseInput(text=text, question=question, kind=question_kind(question))
            if translator == "gold":
                if case is None:
                    usage_error("--translator gold needs --case (free text has no gold facts)")
                tracer = None
                if trace is not None:  # what ran, in the agent's shape; a bad --trace fails before the run
                    from taxlogic.cli.trace import Tracer, trace_gold

                    tracer = Tracer(console, trace, show=False)
                outcome = engine.run(case_job(case, case.gold_program))
                why = explain_answer(engine, inp, case.gold_program) if explain else None
                ans = answer_of(case, outcome)
                if tracer is not None:
                    trace_gold(tracer, case.gold_program, outcome, ans.value, ans.reason)
                if as_json:
                    print_json({"case": case.id, "translator": "gold", "answer": ans.value, "reason": ans.reason,
                                "expected": case.expected, "correct": answer_correct(case.kind, case.expected, ans.value), "outcome": outcome.model_dump()}
                               | ({"explanation": why.dump() if why else None} if explain else {}))
                else:
                    print_kept(console, f"[bold]{case.id}[/] with its gold facts: {escape(outcome.summary())} ({outcome.seconds:.3f} s)")
                    verdict = "[green]correct[/]" if answer_correct(case.kind, case.expected, ans.value) else "[red]wrong[/]"
                    if why is not None and why.root is not None:  # the explanation's first line is the answer in the law's words
                        console.print(f"[dim]benchmark label: {answer_text(ans.value)}, expected: "
                                      f"{answer_text(case.expected)}[/]   {verdict}", highlight=False)
                    else:
                        console.print(f"[bold green]answer[/]: {answer_text(ans.value)}   expected: {answer_text(case.expected)}   "
                                      + verdict, highlight=False)
                    if why:
                        print_explanation(why)
                if ans.value is None:
                    raise typer.Exit(EXIT_ABSTAINED)
                return
            from taxlogic.agent.context import make_context  # the agent (langgraph, langchain): only for --translator llm
            from taxlogic.agent.exemplars import exemplar_block, related_ids
            from taxlogic.agent.solve import solve as run_agent
            from taxlogic.cli.trace import Tracer, answering_model, print_result

            tracer = Tracer(console, trace, show=not (quiet or as_json), verbose=verbose)  # a bad --trace fails first
            ctx = make_context(rules, engine, model_name=model, budget=budget, grammar=grammar, anchors=anchors,
                               utilities=utilities)
            if exemplars:
                pool = None
                if dataset == "sara-v2":  # v2's own cases (v2's representation), never the 2020 release's
                    from taxlogic.kb.sara.data.v2 import load_v2_cases

                    pool = load_v2_cases()
                ctx.exemplars = exemplar_block(inp.text, inp.kind, exemplars,
                                               exclude=related_ids([case], pool) if case else [], pool=pool,
                                               domain=ctx.domain)
            if not (quiet or as_json):
                console.print(f"[bold]{case.id if case else 'free text'}[/] ({inp.kind})  model: {escape(answering_model(ctx.model, chosen=model is not None))}  "
                              f"budget: {budget}  query: {inp.query or '(to be written)'}", highlight=False)
            try:
                result = run_agent(inp, ctx, samples=samples, on_event=tracer)
            finally:
                tracer.close()
            why = None
            if explain and not result.abstained and result.query:
                why = explain_answer(engine, inp, result.facts, query=result.query)
    if as_json:
        data = result.model_dump()
        if case is not None:
            data.update(expected=case.expected, correct=answer_correct(case.kind, case.expected, result.answer))
        if explain:
            data["explanation"] = why.dump() if why else None
        print_json(data)
    else:
        print_result(console, result, case.expected if case else None)
        if why:
            print_explanation(why)
    if result.abstained:
        raise typer.Exit(EXIT_ABSTAINED)
