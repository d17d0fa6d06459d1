"""The NBA omission check (issue 33, :mod:`taxlogic.kb.nba.checks.omissions`) on real SWI-Prolog.

- Every gold program: the check raises no issue (its false alarms on correct facts: 0), and every
  value a sentence states that no fact holds is recorded irrelevant with a reason.
- A translation that leaves out one fact of a sentence whose other facts carry its anchor (one
  traded player of an operation, a traded pick, a signing before a trade, a player's contract
  beside its option): the grounding checks pass it (the slip this check closes), the omission
  check flags it, quoting the sentence and naming the predicate; through the agent (a scripted
  translator: the omission first, the gold program as the repair) the answer is the gold one.
- The omission operators of :mod:`taxlogic.kb.nba.corrupt` leave out what they say.

Needs RuleArena's NBA problems and the NBA KB's rules; skips without them.
"""

from __future__ import annotations

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
        texts = {p.id: p for p in problem_texts()}
    except DataError as exc:
        pytest.skip(str(exc))
    rules = nba_rules()
    with Engine(rules, workers=1) as engine:
        yield rules, engine, texts


def _job(facts: str) -> Job:
    from taxlogic.kb.nba import ANSWER_QUERY

    return Job(facts=facts, query=ANSWER_QUERY, mode="first", var="X")


def _check(engine, rules, text, facts):
    from taxlogic.kb.nba.checks.omissions import engine_check

    return engine_check(text, facts, engine.run(_job(facts)), engine, _job(facts), rules)


def _without(program: str, line: str) -> str:
    lines = program.split("\n")
    assert line in lines, line
    return "\n".join(x for x in lines if x != line)


def test_no_issue_on_any_gold_program(nba):
    from taxlogic.kb.nba.data.gold import gold_program, manifest

    rules, engine, texts = nba
    ids = list(manifest()["programs"])
    assert len(ids) == len(texts) == 216
    unaccounted = 0
    for pid in ids:
        check = _check(engine, rules, texts[pid].text, gold_program(pid))
        assert check.issues == [], (pid, [i.message for i in check.issues])
        for v in check.verdicts:  # each value no fact holds: shown not to matter, with the reason
            assert not v.relevant and v.reason
            unaccounted += 1
        assert len(check.rows) == sum(len(texts[pid].fields()[s]) for s in texts[pid].fields())
    assert unaccounted > 0  # the check did look (the current cap year is the rules'; others are run)


# (problem, the fact left out, what the issue must name): each slipped through every other check
SLIPS = [
    ("nba-0-0", "trade_player(a, team_b, team_a, player_b).", ("Player B", "trade_player")),
    ("nba-0-33", "trade_pick(a, team_b, team_a, 1, team_b, 2026).", ("year 2026", "trade_pick")),
    ("nba-1-0", "sign(a, team_a, player_a, 3, 42000000, 5).", ("$42,000,000", "sign")),
    ("nba-0-39", "contract(player_a, team_a, 2021, moratorium, 3, 15000000, 5).", ("$15,000,000", "contract")),
]


@pytest.mark.parametrize("pid,line,named", SLIPS)
def test_left_out_fact_is_flagged(nba, pid, line, named):
    from taxlogic.kb.nba.checks import nba_issues
    from taxlogic.kb.nba.data.gold import gold_program

    rules, engine, texts = nba
    text, gold = texts[pid].text, gold_program(pid)
    bad = _without(gold, line)
    assert nba_issues(text, bad) == []  # the grounding, operation and trade checks let it through
    assert engine.run(_job(bad)).values != engine.run(_job(gold)).values  # and it changes the answer
    check = _check(engine, rules, text, bad)
    assert check.issues and all(i.kind == "unstated_clause" for i in check.issues)
    messages = " ".join(i.message for i in check.issues)
    assert all(n in messages for n in named), messages
    # the sentence is quoted, and the message does not give the answer away
    sentence = next(s for s in text.splitlines() if line.split("(")[1].split(",")[0] in s or named[0] in s)
    assert any(f'"{r.text}"' in messages for r in check.rows if r.items)
    assert "illegal" not in messages and "Answer" not in messages and sentence


@pytest.mark.parametrize("pid,line", [(p, line) for p, line, _ in SLIPS[:2]])
def test_agent_repairs_an_omission_to_the_gold_answer(nba, pid, line):
    from taxlogic.agent.state import CaseInput
    from taxlogic.kb.domain import get_domain
    from taxlogic.kb.nba import ANSWER_QUERY
    from taxlogic.kb.nba.domain import NBA_QUESTION, answer_statement
    from taxlogic.kb.nba.data.gold import gold_program

    rules, engine, texts = nba
    p, gold = texts[pid], gold_program(pid)
    case = CaseInput(case_id=pid, text=p.text, question=NBA_QUESTION, kind="entailment", query=ANSWER_QUERY,
                     answer_var="X")
    expected = answer_statement(engine.run(_job(gold)).values[0])
    model = scripted([_without(gold, line), gold])
    result = solve(case, AgentContext(model=model, engine=engine, rules=rules, domain=get_domain("nba"),
                                      llm_retries=0, budget=1))
    assert [i.kind for i in result.rounds[0].issues] and {i.kind for i in result.rounds[0].issues} == {"unstated_clause"}
    assert not result.abstained and result.answer == expected and len(result.rounds) == 2
    assert "unstated_clause" in model.calls[1][-1].content or "no fact anchored" in model.calls[1][-1].content
    # with no repair budget the omission is never answered
    again = solve(case, AgentContext(model=scripted([_without(gold, line)]), engine=engine, rules=rules,
                                     domain=get_domain("nba"), llm_retries=0, budget=0))
    assert again.abstained and again.answer is None


def test_accounting_counts_mentions_and_enumerations():
    from taxlogic.kb.nba.checks.omissions import accounting, mentions

    m = mentions("A. Team A signs a 3-year contract with Player A providing annual salary $35,000,000 and 5% "
                 "increase per year, and immediately trades Player A with Player C and D to Team B for Player B.")
    assert m[("player", "player_a")] == 2 and m[("player", "player_c")] == 1 and m[("player", "player_d")] == 1
    assert m[("team", "team_a")] == 1 and m[("amount", 35000000)] == 1 and m[("percent", 5.0)] == 1
    assert m[("count", 3)] == 1 and ("age", 3) not in m
    text = ("Team Situations:\nTeam A has a team salary of $100,000,000.\n\nPlayer Situations:\n"
            "Player A signed a 4-year contract (annual salary $8,000,000, 5% increase per year, last two years are "
            "team options) with Team A during 2020 Moratorium Period.\n\nOperations:\nA. Team A signs Player A.")
    anchor = ('% "Player A signed a 4-year contract (annual salary $8,000,000, 5% increase per year, last two years '
              'are team options) with Team A during 2020 Moratorium Period."\n')
    facts = ("contract(player_a, team_a, 2020, moratorium, 4, 8000000, 5).\ncontract_option(player_a, 2020, 3, team).\n"
             "contract_option(player_a, 2020, 4, team).\n" + anchor)
    rows = accounting(text, facts)
    assert [r.items for r in rows] == [[], [], []]  # "two years": two option facts; unanchored sentences: not here
    rows = accounting(text, "contract_option(player_a, 2020, 3, team).\ncontract_option(player_a, 2020, 4, team).\n" + anchor)
    assert {(i.cls, i.value) for i in rows[1].items} == {("team", "team_a"), ("amount", 8000000), ("percent", 5.0),
                                                         ("count", 4)}


def test_omission_operators_leave_out_what_they_say(nba):
    from taxlogic.kb.nba.corrupt import OPERATORS
    from taxlogic.kb.nba.data.gold import gold_program

    program = gold_program("nba-0-0")
    lines = program.split("\n")

    def gone(name, which=0):
        bad = OPERATORS[name](program, which)
        return [x for x in lines if x not in bad.split("\n")]

    assert gone("omit_step", 1) == ["trade_player(a, team_a, team_b, player_a)."]
    assert gone("omit_player_fact") == ["drafted(player_a, 1, 3, team_c, 2016, 19)."]
    assert gone("omit_team_fact", 1) == ["team_salary(team_b, 120000000)."]
    op = gone("omit_operation")
    assert op[0] == "operation(a, 1)." and op[-1].startswith('% "A. Team A signs') and len(op) == 7


@pytest.mark.parametrize("name", ["omit_operation", "omit_step", "omit_player_fact", "omit_team_fact"])
def test_omission_classes_flagged_or_harmless(nba, name):
    """Each omission class on every fourth gold program, its first two places: the static checks
    or the omission check flag it, or it does not change the answer; and the static checks alone
    miss some steps and player facts that change it (the check is needed)."""
    from taxlogic.kb.nba.checks import nba_issues
    from taxlogic.kb.nba.corrupt import OPERATORS
    from taxlogic.kb.nba.data.gold import gold_program

    rules, engine, texts = nba
    tried = static_only_missed = 0
    for pid in sorted(texts)[::4]:
        gold = gold_program(pid)
        base = engine.run(_job(gold)).values
        for which in (0, 1):
            bad = OPERATORS[name](gold, which)
            if bad is None or bad == gold:
                continue
            tried += 1
            static = nba_issues(texts[pid].text, bad)
            outcome = engine.run(_job(bad))
            if static or outcome.values == base:
                continue
            static_only_missed += 1
            check = _check(engine, rules, texts[pid].text, bad)
            assert check.issues, (name, pid, which, [x for x in gold.split("\n") if x not in bad.split("\n")])
    assert tried > 40
    if name in ("omit_step", "omit_player_fact"):  # what slipped before the check: it is needed
        assert static_only_missed > 0, (name, static_only_missed)
