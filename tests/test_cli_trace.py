"""The live trace of ``taxlogic solve`` shows the facts the model wrote, the issues on their lines,
repairs as diffs ("unchanged" when identical), the abstention's reason once; ``--trace FILE``
holds the same facts and issues. A scripted fake model, real SWI-Prolog."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from taxlogic.cli.common import EXIT_ABSTAINED

from fakes import scripted

CASE = "tax_case_1"
BAD_LINE = "salary_of(alice, 1000)."


@pytest.fixture
def gold_lines(sara_data_dir):
    from taxlogic.kb.sara.data.cases import get_case

    return [l for l in get_case(CASE).gold_facts.splitlines() if l.strip() and not l.startswith("%")]


@pytest.fixture
def with_model(monkeypatch):
    """Make ``solve`` use a scripted model (no endpoint, no LLM cache, grammar off)."""
    from tenacity import wait_none

    import taxlogic.agent.context as context

    def use(script):
        def make(rules, engine, *, budget=3, anchors=True, **kwargs):
            return context.AgentContext(model=scripted(script), engine=engine, rules=rules, budget=budget,
                                        llm_retries=1, llm_wait=wait_none(), anchors=anchors)
        monkeypatch.setattr(context, "make_context", make)
    return use


def solve(*args):
    from taxlogic.cli import app

    # the paper's prompts: the scripted facts carry no anchors (anchored translation: test_grounding)
    return CliRunner().invoke(app, ["solve", "--case", CASE, "--paper-prompts", *args], terminal_width=200)


def test_trace_shows_facts_issues_on_their_lines_and_repairs(gold_lines, with_model, tmp_path):
    bad = "\n".join(gold_lines[:2] + [BAD_LINE] + gold_lines[2:])
    with_model([bad, bad, "\n".join(gold_lines)])
    trace = tmp_path / "trace.jsonl"
    res = solve("--trace", str(trace))
    assert res.exit_code == 0, res.output
    out = res.output.splitlines()
    # round 0: the facts, numbered, the bad line marked and its issue right under it
    r0 = out.index(next(l for l in out if l.strip().startswith("facts r0:")))
    assert "23 lines, 1 with issues" in out[r0]
    assert out[r0 + 1].split("│")[1].strip() == gold_lines[0]
    marked = next(i for i, l in enumerate(out) if l.rstrip().endswith(BAD_LINE))
    assert out[marked].lstrip().startswith("✗  3 │")
    assert "↑ unknown_predicate: unknown predicate salary_of/2" in out[marked + 1]
    assert "18 more lines" in res.output  # compact by default
    # round 1: the model sent the same facts back: said once, and not validated or run again
    r1 = out.index(next(l for l in out if l.strip().startswith("facts r1:")))
    assert "unchanged" in out[r1 + 1] and "r1 unchanged" in out[r1 + 2] and "not run again" in out[r1 + 2]
    assert not any(l.strip().startswith("r1 validate") for l in out)
    # round 2: the repair's diff removes the bad line, then the answer
    r2 = out.index(next(l for l in out if l.strip().startswith("facts r2:")))
    assert out[r2 + 1].strip() == "-" + BAD_LINE
    assert "answer: $0" in res.output and "correct" in res.output  # money, as every answer line prints it
    # the trace file holds the same facts and issues
    events = [json.loads(l) for l in trace.read_text().splitlines()]
    gen = next(e for e in events if e["node"] == "generate")
    assert gen["facts"] == bad
    assert any(i["line"] == 3 and i["kind"] == "unknown_predicate" for e in events if e["node"] == "validate" for i in e["issues"])
    assert [e["facts_diff"] for e in events if e["node"] == "repair"] == [[], ["-" + BAD_LINE]]


def test_verbose_shows_every_line_and_abstain_reason_once(gold_lines, with_model):
    bad = "\n".join(gold_lines[:2] + [BAD_LINE] + gold_lines[2:])
    with_model([bad])
    res = solve("--budget", "1", "--verbose")
    assert res.exit_code == EXIT_ABSTAINED, res.output
    for line in gold_lines:
        assert line in res.output
    assert "more lines" not in res.output
    said = " ".join(res.output.split())
    # the abstention in one sentence: what could not be established, not the repair prompt's words (issue 51)
    assert said.count("abstained: No answer: after 2 rounds the model's facts could not be read in the statutes' "
                      "terms (unknown_predicate).") == 1
    assert "still wrong after" not in said  # the issues themselves are in the trace above


def test_repeated_issues_are_grouped_and_the_counts_agree(rules):
    import io

    from rich.console import Console

    from taxlogic.agent.state import TraceEvent
    from taxlogic.agent.validate import validation_issues
    from taxlogic.cli.trace import Tracer
    from taxlogic.tools.facts import MAX_PROBLEMS

    made_up = MAX_PROBLEMS + 27
    facts = "".join(f"x{i}(alice, bob).\n" for i in range(1, made_up + 1)) + "agent_(e, alice).\n"
    issues, _ = validation_issues(facts, rules)
    out = io.StringIO()
    tracer = Tracer(Console(file=out, width=80, force_terminal=False))
    tracer(TraceEvent(node="generate", round=1, seconds=0.1, facts=facts, detail=f"{made_up + 1} lines"))
    tracer(TraceEvent(node="validate", round=1, seconds=0, issues=issues, detail=f"{len(issues)} problem(s)"))
    tracer.close()
    text = out.getvalue()
    flat = " ".join(text.split())  # a line longer than 80 columns wraps between words (issue 51)
    assert f"validate      0.00 s  {made_up} problem(s)" in text  # listed + not listed, not 51
    assert f"✗ {MAX_PROBLEMS} facts use predicates the knowledge base does not have: x1/2, x2/2, x3/2, x4/2, x5/2, …" in flat
    assert "27 more problems the validator did not list" in flat
    assert text.count("unknown predicate") == 0  # no line per fact
    assert f"{MAX_PROBLEMS} with issues" in text and len(text.splitlines()) < 20


def test_no_utilities_sends_the_prompt_without_the_utilities_code(gold_lines, monkeypatch, sara_data_dir):
    """``solve --no-utilities`` (``make demo``): the model gets the translation prompt without
    utils.pl, and the answer is the same; without the flag, the whole prompt."""
    from tenacity import wait_none

    import taxlogic.agent.context as context
    from taxlogic.kb.sara.data.install import sara_paths

    utils = (sara_paths(sara_data_dir).statutes_prolog / "utils.pl").read_text().strip("\n")
    models = []

    def make(rules, engine, *, budget=3, anchors=True, utilities=True, **kwargs):
        models.append(scripted(["\n".join(gold_lines)]))
        return context.AgentContext(model=models[-1], engine=engine, rules=rules, budget=budget, llm_retries=1,
                                    llm_wait=wait_none(), anchors=anchors, utilities=utilities)

    monkeypatch.setattr(context, "make_context", make)
    for flag, has_utils in (("--no-utilities", False), ("--utilities", True)):
        res = solve(flag, "--budget", "0")
        assert res.exit_code == 0, res.output
        assert "answer: $0" in res.output
        system = models[-1].calls[0][0].content
        assert "<events>" in system and (utils in system) is has_utils
