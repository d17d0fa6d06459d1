"""RuleArena NBA and airline problems in the one-case commands (``run``, ``solve``, ``explain``,
``inspect``): ``--case nba-0-5`` or ``airline-0-5`` answers the problem from
its gold translation (NBA: the committed gold program, ``kb/nba/data/gold/``; airline: the problem's
``info`` record as facts) or, with ``solve``, from the agent's translation, and says why: for NBA
each operation with the rules it breaks in the CBA's words, the team and the amounts
(:mod:`taxlogic.kb.nba.explain.why`); for airline the chain of fees (the worksheet of the airline law).
``inspect`` (:func:`inspect_problem`, tax problems too) runs the agent's round on a fact set:
validation, the engine job, the domain's checks. RuleArena tax problems (``tax-0-5``) are
:mod:`taxlogic.cli.tax_problem`'s."""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from rich.markup import escape

from taxlogic.cli.common import EXIT_ABSTAINED, answer_text, console, fail, friendly_errors, print_json, usage_error

if TYPE_CHECKING:
    from taxlogic.tools.trust import TrustedProgram

#: RuleArena NBA and airline problem ids: ``<domain>-<level>-<index>``.
PROBLEM_ID = re.compile(r"^(nba|airline)-([012])-(\d+)$")
_TITLE = {"nba": "NBA", "airline": "airline"}


def is_rulearena_problem(case_id: str) -> bool:
    return PROBLEM_ID.match(case_id) is not None


def load_problem(case_id: str, option: str = "--case"):
    """The RuleArena problem ``case_id``; an unknown one is a usage error naming its domain and
    the ids its level has (exit 2). Raises DataError when RuleArena is not installed."""
    from taxlogic.eval.benchmarks.rulearena.data import load_rulearena

    domain, level = PROBLEM_ID.match(case_id)[1], int(PROBLEM_ID.match(case_id)[2])
    items = {it.id: it for it in load_rulearena(domain, level)}
    item = items.get(case_id)
    if item is None:
        ids = sorted(items, key=lambda i: int(i.rsplit("-", 1)[1]))
        usage_error(f"{option}: no RuleArena {_TITLE[domain]} problem {case_id} (level {level} has {len(items)}: "
                    f"{ids[0]} … {ids[-1]})")
    return item


def problem_input(item):
    """The agent's input for the problem: its text, the domain's question and answer query."""
    from taxlogic.agent.state import CaseInput

    if item.domain == "nba":
        from taxlogic.eval.benchmarks.rulearena.nba import nba_case

        return nba_case(item)
    from taxlogic.eval.benchmarks.rulearena.airline import AIRLINE_QUESTION
    from taxlogic.kb.airline import TOTAL_QUERY

    return CaseInput(case_id=item.id, text=item.question, question=AIRLINE_QUESTION, kind="numeric", query=TOTAL_QUERY,
                     answer_var="X")


def _rules(domain: str):
    if domain == "nba":
        from taxlogic.kb.nba import nba_rules

        return nba_rules()
    from taxlogic.kb.airline import airline_rules

    return airline_rules()


def gold_facts(item) -> "str | TrustedProgram":
    """The problem's gold translation: NBA's committed gold program as a trusted program (its
    checksum checked: :func:`taxlogic.kb.nba.data.gold.trusted_gold_program`), airline's facts made
    from the problem's own fields (plain facts: validated and run untrusted like any others)."""
    if item.domain == "nba":
        from taxlogic.kb.nba.data.gold import trusted_gold_program

        return trusted_gold_program(item.id)
    from taxlogic.kb.airline import info_to_facts

    return info_to_facts(item.info)


def answer_words(domain: str, value) -> str:
    """An answer in words: NBA's ``illegal(b, team_a)`` as "operation B by Team A breaks the
    rules" (``none``: "no operation breaks the rules"), airline's total as money."""
    if value is None:
        return "(none)"
    if domain == "nba":
        from taxlogic.kb.nba import answer_of

        try:
            got = answer_of(str(value))
        except ValueError as exc:
            return str(exc)
        return "no operation breaks the rules" if got is None else f"operation {got[0]} by Team {got[1]} breaks the rules"
    return answer_text(value)


def expected_words(item) -> str:
    if item.domain == "nba":
        if not item.answer:
            return "no operation breaks the rules"
        return (f"operation {item.illegal_operation} by Team {item.problematic_team} breaks the rules"
                if item.illegal_operation else "an operation breaks the rules")
    return answer_text(item.answer)


def _nba_value(outcome) -> str | None:
    return outcome.values[0].replace(" ", "") if outcome.status == "values" and outcome.values else None


def _correct(item, value) -> bool | None:
    """Whether ``value`` (what :func:`answer_problem` gives) is the expected answer, by the
    benchmark's own rule (:meth:`taxlogic.eval.benchmarks.rulearena.RuleArenaBenchmark.is_correct`):
    NBA, RuleArena's check of the answer statement; airline, the total equal to the label. None
    when there is no answer to judge."""
    if value is None:
        return None
    if item.domain == "nba":
        from taxlogic.eval.benchmarks.rulearena.data import score_nba
        from taxlogic.kb.nba.domain import answer_statement

        try:
            reply = answer_statement(str(value))
        except ValueError:
            return None
        return score_nba(reply, item.target_response or "").correct
    return value == item.answer


def answer_problem(engine, item, facts: "str | TrustedProgram"):
    """(value, outcome) of the problem's answer query on ``facts``: NBA's ``nba_answer/1``
    binding, airline's total (a number; None when the facts give none). A ``str`` runs untrusted
    (validated facts only); a :class:`~taxlogic.tools.trust.TrustedProgram` may hold rules."""
    from taxlogic.tools.engine import Job

    inp = problem_input(item)
    outcome = engine.run(Job(facts=facts, query=inp.query, mode="first" if item.domain == "nba" else "all", var="X"))
    if item.domain == "nba":
        return _nba_value(outcome), outcome
    from taxlogic.eval.benchmarks.rulearena.direct import single_value

    return single_value(outcome), outcome


def _erratum_line(item) -> str | None:
    if item.domain != "nba":
        return None
    from taxlogic.kb.nba.data.errata import errata

    e = errata().get(item.id)
    if not e:
        return None
    return (f"a documented erratum: RuleArena's annotation contradicts the rules as written here "
            f"({e.get('class', '').replace('_', ' ')}; taxlogic data errata --domain nba)")


def run_problem(case_id: str, facts_file: Path | None, *, as_json: bool, label: str = "run",
                trace: Path | None = None) -> None:
    """``run``/``solve --translator gold`` on a RuleArena NBA or airline problem: its answer from
    the gold translation (or ``facts_file``, validated first), the expected answer and whether
    they agree; exit 3 when the facts give no answer. ``trace``: what ran, appended to this JSONL
    file in the agent's shape (:func:`taxlogic.cli.trace.trace_gold`)."""
    import typer

    tracer = None
    if trace is not None:  # a bad --trace fails before the run
        from taxlogic.cli.trace import Tracer, trace_gold

        with friendly_errors():
            tracer = Tracer(console, trace, show=False)
    item, value, outcome, facts = _answered(case_id, facts_file, then=lambda engine, item, facts: facts)
    if tracer is not None:
        trace_gold(tracer, facts, outcome, value, source="the problem's gold translation" if facts_file is None
                   else f"the facts of {facts_file}")
    correct = _correct(item, value)
    if as_json:
        print_json({"case": item.id, "domain": item.domain, "answer": value, "answer_words": answer_words(item.domain, value),
                    "expected": item.answer, "correct": correct, "outcome": outcome.model_dump()})
    else:
        from taxlogic.cli.common import print_kept

        print_kept(console, f"[bold]{item.id}[/] ({_TITLE[item.domain]}, level{item.level})"
                   + (" with its gold facts" if facts_file is None else f" with {escape(str(facts_file))}")
                   + f"  {outcome.seconds:.3f} s, {outcome.inferences:,} inferences")
        verdict = "" if correct is None else "[green]correct[/]" if correct else "[red]differs[/]"
        console.print(f"answer: {escape(answer_words(item.domain, value))}   expected: "
                      f"{escape(expected_words(item))}   {verdict}", highlight=False)
        note = _erratum_line(item) if correct is False else None
        if note:
            console.print(note, highlight=False)
    if value is None:
        raise typer.Exit(EXIT_ABSTAINED)


def _answered(case_id: str, facts_file: Path | None, then=None):
    """(item, value, outcome, what ``then(engine, item, facts)`` gives on the same
    engine, or None): the problem answered from its gold translation or ``facts_file``."""
    from taxlogic.tools.engine import Engine

    with friendly_errors():
        item = load_problem(case_id)
        rules = _rules(item.domain)
        facts = _facts(item, facts_file, rules)
        with Engine(rules, workers=1) as engine:
            value, outcome = answer_problem(engine, item, facts)
            extra = then(engine, item, facts) if then is not None else None
    return item, value, outcome, extra


def _facts(item, facts_file: Path | None, rules) -> "str | TrustedProgram":
    if facts_file is None:
        return gold_facts(item)
    from taxlogic.tools.facts import check_facts

    if not facts_file.is_file():
        fail(f"--facts {facts_file}: no such file")
    check = check_facts(facts_file.read_bytes(), rules.vocabulary)
    if not check.ok or not check.facts:
        fail(f"{facts_file}: " + ("; ".join(str(p) for p in check.problems[:3]) or "no facts"))
    return check.canonical


def print_nba_why(item, details: str) -> None:
    """Each operation of an NBA problem with the rules it breaks (CBA section and words), the
    team and the amounts; "no rule broken" for the others."""
    from taxlogic.kb.nba.data.problems import problem_texts
    from taxlogic.kb.nba.explain.why import explain_operations

    from rich.padding import Padding
    from rich.text import Text

    def put(markup: str, indent: int) -> None:  # wrapped lines keep their indent
        console.print(Padding(Text.from_markup(markup), (0, 0, 0, indent)), highlight=False)

    text = {p.id: p for p in problem_texts()}[item.id]
    console.print("[bold]operations[/] (each checked against the CBA's rules as RuleArena prints them)")
    for op in explain_operations(text.operations, details):
        put(f"[bold]{op.letter}.[/] {escape(op.sentence)}", 0)
        if not op.violations:
            put("[green]✓[/] no rule broken", 2)
        for v in op.violations:
            put(f"[red]✗[/] Team {v.team} breaks {escape(v.section or v.rule.replace('_', ' '))}: {escape(v.detail)}", 2)
            if v.quote:
                put(f"[dim]“{escape(v.quote)}”[/]", 4)


def explain_problem(case_id: str, facts_file: Path | None, *, full: bool, as_json: bool, markdown: bool) -> None:
    """``explain`` on a RuleArena NBA or airline problem."""
    from taxlogic.tools.engine import Job

    def why(engine, item, facts):
        if item.domain == "nba":
            from taxlogic.kb.nba import DETAILS_QUERY

            out = engine.run(Job(facts=facts, query=DETAILS_QUERY, mode="first", var="X"))
            return None, out.values[0] if out.status == "values" and out.values else "[]"
        from taxlogic.kb.airline.explain.worksheet import WORKSHEET_QUERY, parse
        from taxlogic.kb.explain import explain_case

        expl = explain_case(engine, problem_input(item), facts, domain="airline", mode="first")[1]
        out = engine.run(Job(facts=facts, query=WORKSHEET_QUERY, mode="first", var="X"))
        return expl, parse(out.values[0]) if out.status == "values" and out.values else None

    item, value, outcome, (expl, details) = _answered(case_id, facts_file, why)
    sheet = None
    if item.domain == "airline":  # the fee worksheet: the bags, the allowances, the rows that sum to the total
        sheet, details = details, None
    if value is None:
        fail(f"{item.id}: the facts give no answer to explain ({outcome.summary()})")
    if as_json:
        from taxlogic.tools.worksheet import dump

        data = {"case": item.id, "domain": item.domain, "answer": value, "answer_words": answer_words(item.domain, value),
                "expected": item.answer}
        if details is not None:
            from dataclasses import asdict

            from taxlogic.kb.nba.data.problems import problem_texts
            from taxlogic.kb.nba.explain.why import explain_operations

            ops = {p.id: p for p in problem_texts()}[item.id].operations
            data["operations"] = [asdict(o) for o in explain_operations(ops, details)]
        if sheet is not None:
            data["worksheet"] = sheet.model_dump(mode="json")
        if expl is not None:
            data["explanation"] = dump(expl, full=full)
        print_json(data)
        return
    correct = _correct(item, value)
    console.print(f"[bold]{item.id}[/] ({_TITLE[item.domain]})  answer: [bold]{escape(answer_words(item.domain, value))}[/]"
                  f"   expected: {escape(expected_words(item))}"
                  + ("" if correct is None else "   [green]correct[/]" if correct else "   [red]differs[/]"), highlight=False)
    note = _erratum_line(item) if correct is False else None
    if note:
        console.print(note, highlight=False)
    if details is not None:
        print_nba_why(item, details)
    elif sheet is not None and not full:
        from taxlogic.kb.airline.explain.worksheet import to_markdown as sheet_markdown, to_rich as sheet_rich

        if markdown:
            sys.stdout.write(sheet_markdown(sheet, title=f"Why {item.id}"))
        else:
            console.print(sheet_rich(sheet, width=console.width))
            console.print("[dim]--full: the Prolog proof[/]")
    elif expl is not None:  # the worksheet (as taxlogic.cli.explain prints one; not imported: no cycle)
        from taxlogic.tools.worksheet import to_markdown, to_rich

        if markdown:
            sys.stdout.write(to_markdown(expl, full, title=f"Why {item.id}"))
        else:
            console.print(to_rich(expl, full, width=console.width))


def solve_problem(case_id: str, *, translator: str, budget: int, model: str | None, grammar: bool | None,
                  trace: Path | None, quiet: bool, verbose: bool, as_json: bool, explain: bool) -> None:
    """``solve`` on a RuleArena NBA or airline problem: the gold translation (as ``run``), or the
    agent with the domain's plug-in, traced live; with ``explain``, why (as ``explain``)."""
    import typer

    if translator == "gold":
        run_problem(case_id, None, as_json=as_json, label="solve", trace=trace)
        if explain and not as_json:
            explain_problem(case_id, None, full=False, as_json=False, markdown=False)
        return
    from taxlogic.agent.context import make_context
    from taxlogic.agent.solve import solve as run_agent
    from taxlogic.cli.trace import Tracer, print_result
    from taxlogic.kb.domain import get_domain
    from taxlogic.tools.engine import Engine

    with friendly_errors():
        item = load_problem(case_id)
        rules = _rules(item.domain)
        tracer = Tracer(console, trace, show=not (quiet or as_json), verbose=verbose)
        with Engine(rules, workers=1) as engine:
            ctx = make_context(rules, engine, model_name=model, budget=budget, grammar=grammar,
                               domain=get_domain(item.domain))
            try:
                result = run_agent(problem_input(item), ctx, on_event=tracer)
            finally:
                tracer.close()
    if as_json:
        print_json({**result.model_dump(), "expected": item.answer})
    else:
        print_result(console, result)
        if not result.abstained:
            value = result.answer
            if item.domain == "nba" and isinstance(value, str) and value.startswith("Answer:"):
                console.print(f"expected: {escape(expected_words(item))}", highlight=False)
            else:
                correct = _correct(item, value)
                console.print(f"expected: {escape(expected_words(item))}  "
                              + ("[green]correct[/]" if correct else "[red]differs[/]"), highlight=False)
    if result.abstained:
        raise typer.Exit(EXIT_ABSTAINED)
    if explain and not as_json:
        import tempfile

        with tempfile.NamedTemporaryFile("w", suffix=".pl", delete=False) as fh:
            fh.write(result.facts)
        explain_problem(case_id, Path(fh.name), full=False, as_json=False, markdown=False)


@dataclass
class InspectTarget:
    """What ``inspect`` needs of one RuleArena problem, whatever its domain: its id and title,
    the rules, the domain plug-in, the agent's input, the gold translation's text, and how an
    outcome becomes a value, a value words, and a value a verdict against the label."""

    id: str
    domain_name: str
    title: str
    rules: Any
    domain: Any
    inp: Any
    gold_text: Callable[[], str]
    value_of: Callable[[Any], Any]
    words: Callable[[Any], str]
    expected: Any
    expected_words: str
    correct: Callable[[Any], "bool | None"]


def inspect_target(case_id: str) -> InspectTarget:
    """:class:`InspectTarget` of a RuleArena NBA or airline problem (an unknown id: exit 2)."""
    from taxlogic.kb.domain import get_domain

    item = load_problem(case_id)

    def gold_text() -> str:
        gold = gold_facts(item)
        return gold if isinstance(gold, str) else gold.text

    def value_of(outcome):
        if item.domain == "nba":
            return _nba_value(outcome)
        from taxlogic.eval.benchmarks.rulearena.direct import single_value

        return single_value(outcome)

    return InspectTarget(id=item.id, domain_name=item.domain, title=_TITLE[item.domain], rules=_rules(item.domain),
                         domain=get_domain(item.domain), inp=problem_input(item), gold_text=gold_text,
                         value_of=value_of, words=lambda v: answer_words(item.domain, v), expected=item.answer,
                         expected_words=expected_words(item), correct=lambda v: _correct(item, v))


def _print_sentences(rows: list[dict]) -> None:
    """The table sentence -> facts (issue 33), compact: the sentences no fact is anchored to, and
    each value a sentence states that its facts do not hold, with its verdict (``changes the
    answer``, ``not run``); the irrelevant ones counted."""
    shown = sum(1 for r in rows for i in r["items"] if i["verdict"] == "irrelevant")
    tail = f"; {shown} unstated item(s) shown not to change the answer" if shown else ""
    open_rows = [r for r in rows if not r["facts"] or any(i["verdict"] != "irrelevant" for i in r["items"])]
    if not open_rows:
        console.print(f"every sentence is stated by its facts or shown not to matter ({len(rows)} sentences{tail})",
                      highlight=False)
        return
    console.print(f"[bold]sentences not wholly stated[/] ({len(open_rows)} of {len(rows)}{tail}):", highlight=False)
    for r in open_rows:
        notes = "; ".join(f"{escape(i['kind'])} {escape(str(i['what']))}: "
                          + ("[red]changes the answer[/]" + (f" ({escape(', '.join(i['predicates']))})" if i["predicates"] else "")
                             if i["verdict"] == "issue" else "[yellow]not run[/]")
                          for i in r["items"] if i["verdict"] != "irrelevant")
        console.print(f'  sentence {r["sentence"] + 1}: "{escape(r["clause"])}": '
                      + (notes or "[red]no fact is anchored to it[/]"), highlight=False)


def inspect_problem(case_id: str, facts_file: Path | None, *, as_json: bool) -> None:
    """``inspect`` on a RuleArena NBA, airline or tax problem (tax: :func:`taxlogic.cli.tax_problem.inspect_target`):
    what the agent's round runs on a fact set (:mod:`taxlogic.agent.validate`, ``execute``,
    ``inspect``): validation, then, only if nothing was rejected, the domain's engine job and its
    checks (:meth:`Domain.inspect`, then its counterfactual checks if it has any). ``facts_file``
    (``-``: standard input) is anyone's: validated first and, if rejected, never run; without it
    the problem's gold translation (:func:`gold_facts`; NBA's program is checksum-checked, then
    validated like any facts). Prints the problems, the answer the facts give, the expected one
    and the agent's verdict; exit 3 when a problem is found."""
    import sys

    import typer
    from rich.table import Table

    from taxlogic.agent.checks import round_issues
    from taxlogic.agent.validate import validation_issues
    from taxlogic.tools.engine import Engine
    from taxlogic.tools.facts import check_facts

    with friendly_errors():
        if is_rulearena_problem(case_id):
            t = inspect_target(case_id)
        else:
            from taxlogic.cli.tax_problem import inspect_target as tax_target

            t = InspectTarget(**tax_target(case_id))
        rules, domain, inp = t.rules, t.domain, t.inp
        if facts_file is None:
            text = t.gold_text()
        elif str(facts_file) == "-":  # bytes, as a file's: text that is not UTF-8 is a problem to report
            stdin = getattr(sys.stdin, "buffer", None)
            text = stdin.read().decode("utf-8", "surrogateescape") if stdin is not None else sys.stdin.read()
        else:
            if not facts_file.is_file():
                fail(f"--facts {facts_file}: no such file")
            text = facts_file.read_text(encoding="utf-8", errors="surrogateescape")
        validation, canonical = validation_issues(text, rules)
        outcome, value, reason, check = None, None, None, None
        if validation:  # the agent never runs rejected facts; nor does inspect
            reason = "the facts were rejected before they ran"
            issues = list(validation)
        else:
            lines = [f.line for f in check_facts(text, rules.vocabulary).facts]
            with Engine(rules, workers=1) as engine:
                outcome = engine.run(domain.query_job(inp, inp.query, canonical))
                static = domain.inspect(inp, inp.query, canonical, outcome, rules)
                issues = round_issues(inp, [], outcome, static=static, lines=lines)
                if not issues and hasattr(domain, "omission_check"):  # the whole check: its table too (NBA)
                    check = domain.omission_check(inp, inp.query, canonical, outcome, rules, engine)
                    issues = list(check.issues) if check is not None else []
                elif not issues and hasattr(domain, "counterfactual_issues"):
                    issues = list(domain.counterfactual_issues(inp, inp.query, canonical, outcome, rules, engine))
            value = t.value_of(outcome)
            reason = None if value is not None else outcome.summary()
    problems = [{"kind": i.kind, "line": i.line, "message": i.message} for i in issues]
    # the table sentence -> facts (issue 33), when the domain keeps one: its verdicts, or "not run"
    clauses = domain.omission_table(inp, canonical, check) if hasattr(domain, "omission_table") and not validation else None
    words = t.words(value) if value is not None else "none"
    agent = words if not problems and value is not None else None
    verdict = (f"the agent would answer {agent}" if agent is not None
               else "the agent would not answer (repair, then abstain)")
    if as_json:
        print_json({"case": t.id, "domain": t.domain_name, "source": "gold" if facts_file is None else str(facts_file),
                    "problems": problems, "answer": value, "answer_words": words, "reason": reason,
                    "rejected": bool(validation), "expected": t.expected, "expected_words": t.expected_words,
                    "correct": t.correct(value), "agent_answer": agent, "verdict": verdict,
                    "outcome": outcome.summary() if outcome is not None else None,
                    **({"clauses": clauses} if clauses is not None else {})})
    else:
        source = "its gold facts" if facts_file is None else escape(str(facts_file))
        title = f"{t.id} ({t.title}, {source}): {len(problems)} problem(s)"
        if problems:
            table = Table(title=title, show_lines=False)
            table.add_column("kind", style="bold red", no_wrap=True)
            table.add_column("line", justify="right")
            table.add_column("message", overflow="fold")
            for p in problems:
                table.add_row(p["kind"], "" if p["line"] is None else str(p["line"]), escape(p["message"]))
            console.print(table)
        else:
            console.print(f"[bold green]{title}[/]", highlight=False)
        if clauses is not None:
            _print_sentences(clauses)
        console.print(f"answer the facts give: [bold]{escape(words)}[/]" + (f": {escape(reason)}" if reason else ""),
                      highlight=False)
        console.print(f"expected: {escape(t.expected_words)}", highlight=False)
        console.print(f"[green]{escape(verdict)}[/]" if agent is not None else f"[yellow]{escape(verdict)}[/]",
                      highlight=False)
    if problems:
        raise typer.Exit(EXIT_ABSTAINED)
