"""Tables and traces at 80 and 120 columns without a broken word or number (issue 51, item 6):
``eval report`` (run folders' names cut only after a separator, never inside a part), the live
trace of solve and chat (a line of facts cut between facts, a long fact between its arguments,
never inside a name), ``data info`` (the command it suggests on one line)."""

from __future__ import annotations

import re

import pytest
from rich.console import Console
from typer.testing import CliRunner

from taxlogic.cli import app

#: A run folder's name of distinctive parts: each must be read whole at every width.
RUN = "gold-zephyrquux-marmalade-verylongidentifier-b3"
PARTS = ("zephyrquux", "marmalade", "verylongidentifier")


def _run(width: int, *args: str):
    return CliRunner(env={"COLUMNS": str(width), "NO_COLOR": "1"}).invoke(app, list(args), terminal_width=width)


def _lines_fit(text: str, width: int) -> None:
    too_long = [l for l in text.splitlines() if len(l.rstrip()) > width]
    assert not too_long, too_long


@pytest.fixture(scope="module")
def runs(tmp_path_factory, sara_data_dir):
    root = tmp_path_factory.mktemp("runs")
    res = CliRunner().invoke(app, ["eval", "run", "--method", "gold", "--limit", "2", "--workers", "1",
                                   "--out", str(root / RUN)])
    assert res.exit_code == 0, res.output
    return root


@pytest.mark.parametrize("width", [80, 120])
def test_eval_report_never_breaks_a_run_name_inside_a_part(width, runs, tmp_path):
    """Before: at 80 columns a run folder's name was folded at the column's edge
    ("gold-sara-test-a" / "ll-a-long-run-na" / "me"). After: cut after a separator only."""
    res = _run(width, "eval", "report", str(runs / RUN), "--out", str(tmp_path / "report"))
    assert res.exit_code == 0, res.output
    _lines_fit(res.output, width)
    for part in PARTS:
        assert any(part in line for line in res.output.splitlines()), (part, res.output)
    for header in ("Acc", "abstain", "errata", "tokens", "cached"):  # header words whole
        assert re.search(rf"\b{header}\b", res.output), header
    if width == 120:  # room enough: the name on one line
        assert RUN in res.output


def test_fit_cuts_identifiers_only_after_separators():
    from rich.table import Table

    from taxlogic.cli.fit import fit

    table = Table()
    table.add_column("run")
    for col in ("n", "Acc %", "Err % all", "Err % ans.", "abstain %", "cost $", "M10 %", "tol %"):
        table.add_column(col, justify="right")
    table.add_row(RUN + " (numeric)", "20", "100.0", "0.0", "0.0", "0.0", "12", "100.0", "100.0")
    con = Console(width=80, record=True, color_system=None)
    con.print(fit(table, con, foldable=(0,)))
    text = con.export_text()
    _lines_fit(text, 80)
    for part in PARTS + ("(numeric)", "100.0"):
        assert part in text, (part, text)


FACTS = ('income_(alice_makes_money). agent_(alice_makes_money, alice). start_(alice_makes_money, "2017-01-01"). '
         'end_(alice_makes_money, "2017-12-31"). amount_(alice_makes_money, 326332). '
         'marriage_(alice_and_bob_marriage_event_of_the_year_2015, alice, bob, "2015-02-03", "2019-12-31", joint).')


@pytest.mark.parametrize("width", [80, 120])
def test_trace_never_breaks_inside_a_fact(width):
    """Before: the trace printed each fact line whole and the terminal cut it at 80 columns
    ("incom" / "e_(e)"). After: a line of facts continues under its text, cut between facts; a
    fact wider than the line alone between its arguments."""
    from taxlogic.agent.state import Issue, TraceEvent
    from taxlogic.cli.trace import Tracer

    con = Console(width=width, record=True, color_system=None)
    tracer = Tracer(con)
    tracer(TraceEvent(node="generate", round=0, seconds=1.0, facts=FACTS + "\nincome_(e).", detail="2 lines"))
    tracer(TraceEvent(node="validate", round=0, seconds=0.0, detail="1 problem",
                      issues=[Issue(kind="unknown_predicate", line=1, message="unknown predicate salary_of/2; the "
                                    "knowledge base has no predicate of that name and arity, see the vocabulary")]))
    tracer(TraceEvent(node="repair", round=1, seconds=1.0, facts="income_(e).", facts_diff=["-" + FACTS]))
    tracer.close()
    text = con.export_text()
    _lines_fit(text, width)
    facts = re.findall(r"[a-z_]+\([^()]*\)\.", FACTS)
    short = [f for f in facts if len(f) <= width - 12]  # a fact that fits a line is never cut
    for fact in short:
        assert text.count(fact) >= 2, (fact, text)  # in the translation and in the repair's diff
    for word in ("alice_and_bob_marriage_event_of_the_year_2015", "2015-02-03", "unknown_predicate", "vocabulary"):
        assert word in text, (word, text)


def test_wrap_code_cuts_between_facts_then_arguments():
    from taxlogic.cli.trace import wrap_code

    assert wrap_code("income_(e). agent_(e, alice). amount_(e, 33200).", 30) == [
        "income_(e). agent_(e, alice).", "amount_(e, 33200)."]
    assert wrap_code("s151_c(alice,_,2000,2015).", 10) == ["s151_c(alice,", "_,2000,", "2015)."]
    assert wrap_code("income_(e).", 80) == ["income_(e)."]


@pytest.mark.parametrize("width", [80, 120])
def test_data_info_keeps_the_command_it_suggests_whole(width, v2_data_dir):
    """Before: ``data info`` at 80 columns split "taxlogic explain --case" / "tax_case_1". After:
    the command on one line (on a line of its own when label and command do not fit)."""
    res = _run(width, "data", "info")
    assert res.exit_code == 0, res.output
    assert "taxlogic explain --case tax_case_1 --dataset sara-v2" in res.output
    assert any(l.strip().endswith("taxlogic explain --case tax_case_1") for l in res.output.splitlines())


def test_print_command_goes_to_its_own_line_when_narrow():
    from taxlogic.cli.common import print_command

    con = Console(width=40, record=True, color_system=None)
    print_command("cases by id:", "taxlogic explain --case tax_case_1 --dataset sara-v2", out=con)
    assert con.export_text().splitlines() == ["cases by id:", "  taxlogic explain --case tax_case_1 --dataset sara-v2"]


@pytest.mark.parametrize("width", [80, 120])
def test_trace_problems_continue_under_their_text(width):
    """Before (make demo's trace at 80 columns): a problem under its step, or an issue under its
    line, longer than the terminal went on at the left margin ("end every" / "fact" / "  with '.'":
    the issue's lines were cut 2 columns too wide, and the problem lines not at all). After: each
    continues under its own text, cut between words."""
    from taxlogic.agent.state import Issue, TraceEvent
    from taxlogic.cli.trace import Tracer

    syntax = ("unterminated clause at the end of the input: expected an argument (an atom, number, quoted "
              "string, _ or list); end every fact with '.'")
    unknown = [Issue(kind="unknown_predicate", line=n, message=f"unknown predicate {p}/2")
               for n, p in enumerate(["x1", "y1", "z1", "w1", "h1", "q1", "r1", "s1", "t1", "u1", "v1"], 1)]
    con = Console(width=width, record=True, color_system=None)
    tracer = Tracer(con)
    facts = "\n".join(f"{p}(2019, {n})." for n, p in enumerate(["x1", "y1", "z1", "w1", "h1", "q1", "r1", "s1", "t1",
                                                               "u1", "v1"], 1)) + "\nx1("
    tracer(TraceEvent(node="generate", round=0, seconds=1.0, facts=facts, detail="12 lines"))
    tracer(TraceEvent(node="validate", round=0, seconds=0.0, detail="12 problem(s)",
                      issues=unknown + [Issue(kind="syntax", line=12, message=syntax)]))
    tracer(TraceEvent(node="abstain", round=0, seconds=0.0, detail=""))
    tracer.close()
    text = con.export_text()
    _lines_fit(text, width)
    lines = text.splitlines()
    step = next(i for i, l in enumerate(lines) if l.startswith("r0 validate"))
    first = next(i for i, l in enumerate(lines) if l.lstrip().startswith("✗ ") and i > step)
    problem = []  # the grouped problem under the step, and its continuation lines
    for l in lines[first:]:
        if problem and not l.startswith(" " * 8):
            break
        problem.append(l)
    assert problem[0].startswith("      ✗ 11 facts use predicates")
    assert all(l.startswith(" " * 8) and l[8] != " " for l in problem[1:]), problem
    assert " ".join(l.strip() for l in problem).count("x1/2") == 1
    arrow = next(i for i, l in enumerate(lines) if "↑ syntax:" in l)
    indent = lines[arrow].index("↑") + 2
    rest = []
    for l in lines[arrow + 1:]:
        if not l.startswith(" " * indent) or l.strip().startswith(("…", "✗")) or l.startswith("r0"):
            break
        rest.append(l)
    assert rest and " ".join([lines[arrow][indent:].strip()] + [l.strip() for l in rest]) == "syntax: " + syntax


#: A line that ends with a bare number, and the unit that starts the next one.
_NUMBER_END = re.compile(r"[\d.,→]*\d$")
_UNIT_START = re.compile(r"^\s*(s|ms|tok|tokens|inferences|round\(s\)|rounds?|cases?|in|out|cached)\b|^\s*%")


def _unit_split(text: str) -> list[tuple[str, str]]:
    lines = text.splitlines()
    return [(a, b) for a, b in zip(lines, lines[1:]) if _NUMBER_END.search(a.rstrip()) and _UNIT_START.match(b)]


@pytest.mark.parametrize("width", [80, 120])
def test_cost_line_keeps_each_number_with_its_unit(width):
    """Before (issue 51): the answer's cost line wrapped between a number and its unit at 80
    columns ("… 42.5" / "s)"). After: whatever the answer's length, "42.5 s", "5668→120 tokens" and
    "3 round(s)" each stay on one line; every line fits."""
    from taxlogic.agent.state import AgentResult, Round
    from taxlogic.cli.trace import print_result

    rounds = [Round(index=n, facts="") for n in range(3)]
    seen_at_the_edge = 0
    for k in range(1, width):  # the answer's length moves the cost across the line's end
        con = Console(width=width, record=True, color_system=None)
        answer = ("yes " * k)[:k]
        result = AgentResult(answer=answer, rounds=rounds, input_tokens=5668, output_tokens=120, seconds=42.5)
        print_result(con, result)
        text = con.export_text()
        _lines_fit(text, width)
        assert not _unit_split(text), (k, text)
        flat = " ".join(text.split())
        assert "(3 round(s), 5668→120 tokens, 42.5 s)" in flat
        # the test bites: without the glue, a plain break between words would have split one of them here
        plain = f"answer: {answer}  (3 round(s), 5668→120 tokens, 42.5 s)"
        seen_at_the_edge += bool(_unit_split("\n".join(_plain_wrap(plain, width))))
    assert seen_at_the_edge >= 3  # the words-only wrap splits "42.5" / "s", "…→120" / "tokens", "3" / "round(s)"


def _plain_wrap(text: str, width: int) -> list[str]:
    """How rich wraps ``text`` by itself (between any words)."""
    con = Console(width=width, record=True, color_system=None)
    con.print(text, highlight=False)
    return con.export_text().splitlines()


@pytest.mark.parametrize("width", [80, 120])
def test_trace_step_and_run_lines_keep_units(width):
    """A step of the live trace whose detail carries amounts and times, and ``run``'s outcome line
    (seconds, inferences): no line ends with a bare number whose unit starts the next."""
    from taxlogic.agent.state import TraceEvent
    from taxlogic.cli.common import print_kept
    from taxlogic.cli.trace import Tracer

    for k in range(1, width):
        con = Console(width=width, record=True, color_system=None)
        tracer = Tracer(con)
        tracer(TraceEvent(node="execute", round=0, seconds=144.09, input_tokens=5668, output_tokens=120,
                          detail="x" * (k % 30) + " value 0 after 3 rounds in 12.5 s (4,533 inferences) " * 3))
        tracer.close()
        print_kept(con, "y" * k + f" outcome: value 0   0.006 s, 4,253 inferences")
        text = con.export_text()
        _lines_fit(text, width)
        assert not _unit_split(text), (k, text)
        assert "0.006 s, 4,253 inferences" in " ".join(text.split())


@pytest.mark.parametrize("width", [80, 120])
def test_run_summary_lines_keep_units(width):
    """``eval run``'s summary lines (accuracy in %, tokens in / out, dollars), as it prints them:
    whatever the counts, no line ends with a bare number whose unit ("%", "in", "out") starts the
    next; the words-only wrap would have split at least one of them."""
    from rich.markup import escape

    from taxlogic.cli.common import print_kept
    from taxlogic.cli.evaluate import summary_lines

    split_plain = 0
    for k in range(60):
        n = 7 ** (k % 15) + k
        summary = {"errata": {"numeric": {"n": n, "acc": 0.5, "n_clean": n // 2 + k, "acc_clean": 0.25, "n_errata": k}},
                   "tokens": {"input": n * 31, "output": n, "cached": k * 1001,
                              "per_case": {"input": n / 3, "output": k + 0.5},
                              "per_answered": {"input": n / 2, "output": k * 11}}}
        con = Console(width=width, record=True, color_system=None)
        lines = summary_lines(summary, "sara")
        for line in lines:
            print_kept(con, escape(line))
            split_plain += bool(_unit_split("\n".join(_plain_wrap(line, width))))
        text = con.export_text()
        _lines_fit(text, width)
        assert not _unit_split(text), (k, text)
        assert " ".join(text.split()) == " ".join(" ".join(lines).split())  # every word kept, in order
    assert split_plain >= 1
