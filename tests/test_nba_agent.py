"""The agent on RuleArena NBA through a scripted translator, and the gold method.

- A translator that returns each problem's gold program: the agent answers exactly what the gold
  method answers (KB + gold facts), with no abstention and no issue, on every problem tried.
- Corrupted first translations (an amount or year changed, an operation dropped or reordered, a
  player given to the wrong team: sent the other way or to a third team; a pick or cash sent the
  other way, a pick made another team's), then the gold program
  as the repair: per class, every corruption is caught by the checks (and the repaired answer is
  the gold one) or the agent abstains; never a wrong answer from a corrupted translation left
  uncaught.

Needs RuleArena's NBA problems and the NBA KB's rules (``kb/nba/prolog/init.pl``); skips without them.
"""

from __future__ import annotations

import re
from importlib import resources

import pytest

from taxlogic.agent.context import AgentContext
from taxlogic.agent.solve import solve
from taxlogic.kb.datafiles import DataError
from taxlogic.tools.engine import Engine, Job
from fakes import scripted


@pytest.fixture(scope="module")
def nba():
    if not resources.files("taxlogic.kb.nba").joinpath("init.pl").is_file():
        pytest.skip("the NBA KB's rules are not in this checkout")
    from taxlogic.kb.nba import nba_rules
    from taxlogic.kb.nba.data.problems import problem_texts

    try:
        texts = problem_texts()
    except DataError as exc:
        pytest.skip(str(exc))
    rules = nba_rules()
    with Engine(rules, workers=1) as engine:
        yield rules, engine, texts


def _gold_answers(engine, ids):
    from taxlogic.kb.nba import ANSWER_QUERY
    from taxlogic.kb.nba.domain import answer_statement
    from taxlogic.kb.nba.data.gold import trusted_gold_program

    out = {}
    for pid, o in zip(ids, engine.run_many(Job(facts=trusted_gold_program(p), query=ANSWER_QUERY, mode="first", var="X")
                                           for p in ids)):
        try:
            out[pid] = answer_statement(o.values[0]) if o.status == "values" and o.values else None
        except ValueError:  # undetermined(minimum_player_salary): the KB gives no answer
            out[pid] = None
    return out


def _case(p):
    from taxlogic.agent.state import CaseInput
    from taxlogic.kb.nba import ANSWER_QUERY
    from taxlogic.kb.nba.domain import NBA_QUESTION

    return CaseInput(case_id=p.id, text=p.text, question=NBA_QUESTION, kind="entailment", query=ANSWER_QUERY, answer_var="X")


def _ctx(rules, engine, script, budget=1):
    from taxlogic.kb.domain import get_domain

    return AgentContext(model=scripted(script), engine=engine, rules=rules, domain=get_domain("nba"), llm_retries=0,
                        budget=budget)


def test_agent_with_gold_translator_answers_as_gold(nba):
    from taxlogic.kb.nba.data.gold import gold_program

    rules, engine, texts = nba
    sample = texts[::4]
    gold = _gold_answers(engine, [p.id for p in sample])
    for p in sample:
        result = solve(_case(p), _ctx(rules, engine, [gold_program(p.id)]))
        if gold[p.id] is None:  # the KB gives the gold program no answer: the agent has none either
            assert result.abstained and not any(i.kind.startswith(("ungrounded", "operation", "anchor", "name"))
                                                for r in result.rounds for i in r.issues)
            continue
        assert not result.abstained, (p.id, result.reason, [i.render() for r in result.rounds for i in r.issues])
        assert result.answer == gold[p.id], p.id
        assert len(result.rounds) == 1 and not result.rounds[0].issues
    # the NBA prompt and vocabulary went to the model
    model = _ctx(rules, engine, [""]).model
    solve(_case(sample[0]), AgentContext(model=model, engine=engine, rules=rules,
                                         domain=_ctx(rules, engine, [""]).domain, llm_retries=0, budget=0))
    assert "trade_player(" in model.calls[0][0].content and "TEXT:\nTeam Situations:" in model.calls[0][-1].content


@pytest.mark.parametrize("name", ["amount", "year", "drop_operation", "reorder_operations", "wrong_team", "third_team",
                                  "asset_direction", "pick_owner"])
def test_corrupted_first_translation_caught_or_abstained(nba, name):
    from taxlogic.kb.nba.corrupt import OPERATORS
    from taxlogic.kb.nba.data.gold import gold_program

    rules, engine, texts = nba
    # a third team, an asset's direction or a pick's owner needs a trade: fewer problems apply
    sample = texts[1::3] if name in ("third_team", "asset_direction", "pick_owner") else texts[1::12]
    gold = _gold_answers(engine, [p.id for p in sample])
    tried = caught = abstained = wrong = 0
    for p in sample:
        program = gold_program(p.id)
        bad = OPERATORS[name](program, 0)
        if bad is None or bad == program:
            continue
        tried += 1
        # the repair returns the gold program; with budget 0 an uncaught corruption would stand
        result = solve(_case(p), _ctx(rules, engine, [bad, program], budget=1))
        if result.rounds[0].issues:
            caught += 1
            assert result.abstained or result.answer == gold[p.id]
        elif result.abstained:
            abstained += 1
        elif result.answer != gold[p.id]:
            wrong += 1
    assert tried >= 10
    assert wrong == 0, (name, tried, caught, abstained, wrong)
    assert caught + abstained == tried, (name, tried, caught, abstained, wrong)


def test_gold_method_and_erratum_abstention(nba, tmp_path, monkeypatch):
    """``eval run --method gold --dataset rulearena-nba`` scores with RuleArena's own check; an
    erratum abstains with its reason."""
    from taxlogic.eval.benchmarks.rulearena import nba as nba_bench
    from taxlogic.kb.nba.data import errata

    rules, engine, texts = nba
    monkeypatch.setattr(errata, "errata", lambda: {"nba-0-1": {"reason": "test erratum: rule X, $1 over"}})

    class _Ds:
        name, split, rule_sets = "rulearena-nba", "level0", {"r": rules}

    class _Opts:
        def engines(self, key):
            return engine

    from taxlogic.eval.benchmarks.rulearena.data import load_rulearena

    items = load_rulearena("nba", 0)[:3]
    run = nba_bench.nba_gold_method(_Ds(), _Opts())
    recs = [run(it) for it in items]
    assert recs[1].abstained and recs[1].reason == "annotation erratum: test erratum: rule X, $1 over"
    gold = _gold_answers(engine, [items[0].id, items[2].id])
    for it, rec in ((items[0], recs[0]), (items[2], recs[2])):
        assert rec.details["reply"] == gold[it.id] and rec.prediction == gold[it.id]
        m = re.match(r"Answer: True\. Illegal Operation: (\w)\. Problematic Team: (\w)\.", rec.details["reply"])
        if m:  # the violation that decided it is among those the KB lists
            assert f"v({m[1].lower()},team_{m[2].lower()}," in rec.details["violations"][0].replace(" ", "")


def test_gold_method_abstains_when_the_minimum_salary_decides(nba):
    """nba-0-69's answer changes with the Minimum Player Salary (no amount in the rule text): the
    gold method abstains with that reason instead of answering from an assumed amount."""
    from taxlogic.eval.benchmarks.rulearena import nba as nba_bench
    from taxlogic.eval.benchmarks.rulearena.data import load_rulearena

    rules, engine, texts = nba

    class _Ds:
        name, split, rule_sets = "rulearena-nba", "level0", {"r": rules}

    class _Opts:
        def engines(self, key):
            return engine

    item = next(it for it in load_rulearena("nba", 0) if it.id == "nba-0-69")
    rec = nba_bench.nba_gold_method(_Ds(), _Opts())(item)
    assert rec.abstained and not rec.invalid and rec.prediction is None
    assert rec.reason.startswith("undetermined: the answer depends on the Minimum Player Salary")
    # the evidence: none at $0, illegal(a, team_a) once both minimum salaries pass the First Apron's margin
    probes = rec.details["minimum_salary_answers"][0].replace(" ", "")
    assert probes.startswith("[0-none,") and "5000000-illegal(a,team_a)" in probes


def test_report_rows_of_an_all_levels_run(tmp_path):
    """A ``--split all`` run (RuleArena's default) gives one Table 2 row per level, each with its
    own accuracy (levels from the records, or their ids)."""
    from taxlogic.eval.benchmarks.rulearena.summary import report_rows, rulearena_summary
    from taxlogic.eval.scoring.records import CaseRecord, RunConfig

    def rec(pid, correct, level=None):
        return CaseRecord(case_id=pid, dataset="rulearena-nba", split="all", kind="nba", method="gold", gold=True,
                          correct=correct, details={"level": level} if level is not None else {})

    records = [rec("nba-0-0", True, 0), rec("nba-0-1", False, 0), rec("nba-2-5", True)]
    cfg = RunConfig(method="gold", dataset="rulearena-nba", split="all", task="all", shots=0)
    rows = report_rows(cfg, records, {"metrics": rulearena_summary(records)}, tmp_path, "gold")
    assert [(r["split"], r["n"], r["acc"], r["total"]) for r in rows] == [
        ("rulearena-nba/level0", 2, 50.0, 81), ("rulearena-nba/level2", 1, 100.0, 46)]


def test_cli_agent_run_through_a_scripted_endpoint(nba, monkeypatch, tmp_path):
    """``taxlogic eval run --method agent --dataset rulearena-nba`` against an OpenAI-compatible
    endpoint serving the gold programs, the first translation of each problem with an amount
    changed: every corruption is caught, the repair answers as the gold method."""
    from typer.testing import CliRunner

    from taxlogic.cli import app
    from taxlogic.eval.faults.gold_endpoint import NbaGoldEndpoint
    from taxlogic.eval.scoring.records import read_records
    from taxlogic.kb.nba.corrupt import amount
    from taxlogic.settings import get_settings

    rules, engine, texts = nba
    level0 = [p for p in texts if p.level == 0][:3]
    gold = _gold_answers(engine, [p.id for p in level0])
    with NbaGoldEndpoint(level0, first=lambda pid, program: amount(program, 0)) as ep:
        for k, v in {"LLM_BASE_URL": ep.base_url, "LLM_CACHE": "0", "LLM_MAX_RETRIES": "0", "WORKERS": "1",
                     "CACHE_DIR": str(tmp_path / "cache")}.items():
            monkeypatch.setenv(f"TAXLOGIC_{k}", v)
        get_settings.cache_clear()
        try:
            res = CliRunner().invoke(app, ["eval", "run", "--method", "agent", "--dataset", "rulearena-nba", "--split",
                                           "level0", "--limit", "3", "--budget", "1", "--out", str(tmp_path / "run")])
        finally:
            get_settings.cache_clear()
    assert res.exit_code == 0, res.output
    records = {r.case_id: r for r in read_records(tmp_path / "run")}
    assert set(records) == {p.id for p in level0}
    for pid, rec in records.items():
        assert rec.rounds == 2 and any(e.startswith("ungrounded_amount") or "ungrounded_amount" in e for e in rec.errors)
        assert rec.prediction == gold[pid] and rec.details["reply"] == gold[pid]
    assert [r.case_id for r in ep.requests].count(level0[0].id) == 2
