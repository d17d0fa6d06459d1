"""The agent on RuleArena tax problems through scripted chat models, on real SWI-Prolog.

* a model that reads the filled forms correctly (:func:`taxlogic.kb.form1040.reading_to_facts` on
  the text in its prompt): the agent's answer equals the gold program's, exactly;
* wrong first translations, one operator per class (kb/form1040/corrupt.py): the domain's checks
  flag the class's issue; a model that repeats the mistake makes the agent abstain, one that
  repairs it gets the gold answer: caught or abstained, never a wrong answer.

Skipped when RuleArena's data is not found. The full 300 (and every operator on each) is
``bench/form1040_agent.py``.
"""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from fakes import scripted
from taxlogic.agent.context import AgentContext
from taxlogic.agent.solve import solve
from taxlogic.core import CaseInput
from taxlogic.eval.benchmarks.rulearena.data import DataError, rulearena_root
from taxlogic.kb.domain import get_domain
from taxlogic.kb.form1040 import AMOUNT_QUERY, form1040_rules, taxpayer_to_facts, text_to_facts
from taxlogic.kb.form1040.corrupt import OPERATORS, corrupt
from taxlogic.kb.form1040.reading import problem_forms
from taxlogic.tools.engine import Engine, Job

#: The issue kind each class of mistake must raise.
EXPECTED = {"wrong_line": {"line_amount", "coverage_line"}, "dropped_line": {"coverage_line"},
            "wrong_filing_status": {"coverage_field"}, "tbd_filled": {"line_to_compute"},
            "wrong_amount": {"line_amount"}}


@pytest.fixture(scope="module")
def setup():
    try:
        root = rulearena_root()
    except DataError as exc:
        pytest.skip(str(exc))
    rows = []
    for level in (0, 1, 2):
        with (root / "derived" / f"tax_level{level}.jsonl").open(encoding="utf-8") as fh:
            rows += [json.loads(line) for line in fh if line.strip()]
    rules = form1040_rules()
    with Engine(rules, workers=2) as engine:
        yield rows, rules, engine


def reader(messages, i):
    """A model that reads the return in its prompt correctly."""
    prompt = messages[-1].content
    text = prompt.split("TEXT:\n", 1)[1].split("\n\nThe rules will answer", 1)[0]
    return text_to_facts(text)


def run(rules, engine, row, model, budget=2):
    ctx = AgentContext(model=model, engine=engine, rules=rules, domain=get_domain("form1040"), llm_retries=0,
                       budget=budget)
    case = CaseInput(case_id=row["id"], text=problem_forms(row["user_prompt_0shot"]), question="Form 1040 line 37?",
                     kind="numeric", query=AMOUNT_QUERY, answer_var="X")
    return solve(case, ctx)


def gold(engine, row) -> Fraction:
    out = engine.run(Job(facts=taxpayer_to_facts(row["pydantic"]), query=AMOUNT_QUERY, mode="all", var="X"))
    return Fraction(out.numbers[0])


def test_correct_reader_gets_the_gold_answer(setup):
    rows, rules, engine = setup
    for row in rows[::30]:
        result = run(rules, engine, row, scripted(reader))
        assert not result.abstained, (row["id"], result.reason, [i.render() for r in result.rounds for i in r.issues])
        assert Fraction(result.answer) == gold(engine, row), row["id"]
        assert len(result.rounds) == 1


@pytest.mark.parametrize("kind", sorted(OPERATORS))
def test_each_class_of_mistake_is_caught_then_repaired_or_abstained(setup, kind):
    rows, rules, engine = setup
    tried = 0
    for n, row in enumerate(rows[3::43]):
        text = problem_forms(row["user_prompt_0shot"])
        right = text_to_facts(text)
        wrong = corrupt(kind, right, text, seed=n)
        if wrong is None:
            continue
        tried += 1
        stubborn = run(rules, engine, row, scripted([wrong]), budget=1)
        assert stubborn.abstained and stubborn.answer is None, (kind, row["id"])
        kinds = {i.kind for i in stubborn.rounds[0].issues}
        assert kinds & EXPECTED[kind], (kind, row["id"], kinds)
        repaired = run(rules, engine, row, scripted([wrong, right]), budget=1)
        assert not repaired.abstained and Fraction(repaired.answer) == gold(engine, row), (kind, row["id"])
    assert tried >= 5


def test_one_shot_prompt_gives_the_problem_not_the_example(setup):
    from taxlogic.eval.benchmarks.rulearena.data import load_rulearena

    zero = {it.id: it for it in load_rulearena("tax", 0)}
    for it in load_rulearena("tax", 0, shots=1, model="gpt-4o")[:5]:
        assert it.user_prompt.count("# Basic Information") == 2  # the example's return, then the problem's
        assert problem_forms(it.user_prompt) == problem_forms(zero[it.id].user_prompt)


def test_a_line_written_as_a_number_is_flagged(setup):
    from taxlogic.kb.form1040.domain import return_issues

    rows, rules, engine = setup
    text = problem_forms(rows[0]["user_prompt_0shot"])
    facts = text_to_facts(text)
    wrong = facts.replace("form_line(f1040, '25', ", "form_line(f1040, 25, ")
    assert wrong != facts
    kinds = {i.kind for i in return_issues(text, wrong)}
    assert "line_label" in kinds and "coverage_line" in kinds
    assert not return_issues(text, facts)
    assert run(rules, engine, rows[0], scripted([wrong]), budget=1).abstained
    with_students = next(r for r in rows if "student_answer(1, '23'" in text_to_facts(problem_forms(r["user_prompt_0shot"])))
    text = problem_forms(with_students["user_prompt_0shot"])
    wrong = text_to_facts(text).replace("student_answer(1, '23', ", "student_answer(1, 23, ")
    assert "coverage_student" in {i.kind for i in return_issues(text, wrong)}


def test_eval_run_agent_through_a_reader_endpoint(setup, monkeypatch, tmp_path):
    """``taxlogic eval run --method agent --dataset rulearena-tax`` end to end over HTTP: the
    tax reader endpoint answers each translation request; the records equal the gold answers."""
    from typer.testing import CliRunner

    from taxlogic.cli import app
    from taxlogic.eval.faults.gold_endpoint import TaxReaderEndpoint
    from taxlogic.eval.scoring.records import read_records
    from taxlogic.settings import get_settings

    rows, _, engine = setup
    with TaxReaderEndpoint() as ep:
        for k, v in {"LLM_BASE_URL": ep.base_url, "LLM_CACHE": "0", "LLM_MAX_RETRIES": "0", "WORKERS": "1",
                     "CACHE_DIR": str(tmp_path / "cache")}.items():
            monkeypatch.setenv(f"TAXLOGIC_{k}", v)
        get_settings.cache_clear()
        try:
            res = CliRunner().invoke(app, ["eval", "run", "--method", "agent", "--model", "tax-reader", "--dataset",
                                           "rulearena-tax", "--split", "level2", "--limit", "3", "--out",
                                           str(tmp_path / "run"), "--json"])
        finally:
            get_settings.cache_clear()
    assert res.exit_code == 0, res.output
    by_id = {r["id"]: r for r in rows}
    records = read_records(tmp_path / "run")
    assert len(records) == 3
    for rec in records:
        assert not rec.abstained and rec.prediction == float(gold(engine, by_id[rec.case_id])), rec.case_id


def test_solve_free_text_reaches_the_form1040_domain(setup, monkeypatch):
    """``taxlogic solve --domain form1040 --text FORMS``: a return given as text (not a RuleArena
    id) goes through the form1040 domain and its checks: a correct reading gives the gold
    answer (exit 0), a stubborn wrong amount is caught and the agent abstains (exit 3)."""
    from typer.testing import CliRunner

    import taxlogic.agent.context as context
    from taxlogic.cli import app

    rows, _, engine = setup
    row = rows[7]
    text = problem_forms(row["user_prompt_0shot"])

    def with_model(model):
        def make(rules, engine, *, budget=3, domain=None, **kwargs):
            return AgentContext(model=model, engine=engine, rules=rules, domain=domain, llm_retries=0, budget=budget)
        monkeypatch.setattr(context, "make_context", make)

    with_model(scripted(reader))
    res = CliRunner().invoke(app, ["solve", "--domain", "form1040", "--text", text, "--json", "--budget", "0"])
    assert res.exit_code == 0, res.output
    out = json.loads(res.stdout)
    assert Fraction(out["answer"]) == gold(engine, row) and out["expected"] is None and out["case"] is None
    wrong = corrupt("wrong_amount", text_to_facts(text), text, seed=1)
    with_model(scripted([wrong]))
    res = CliRunner().invoke(app, ["solve", "--domain", "form1040", "--text", text, "--budget", "0"])
    assert res.exit_code == 3, res.output
    assert "line_amount" in res.output


@pytest.mark.parametrize("args, needle", [
    (["--domain", "form1040", "--text", "x", "--question", "How much?"], "drop --question"),
    (["--domain", "form1040", "--case", "tax-0-1"], "--domain goes with --text"),
    (["--domain", "form1040", "--text", "x", "--translator", "gold"], "needs --case"),
    (["--domain", "nba", "--text", "x"], "unknown --domain 'nba'"),
])
def test_solve_domain_usage_errors(args, needle):
    from typer.testing import CliRunner

    from taxlogic.cli import app

    res = CliRunner().invoke(app, ["solve", *args])
    assert res.exit_code == 2 and needle in res.output and len(res.output.strip().splitlines()) == 1, res.output
