"""The NBA KB (RuleArena's NBA domain) on real SWI-Prolog.

Ten problems written by hand from their text alone (this file; not the gold programs of
kb/nba/data/gold) checked against RuleArena's annotated answer, rules checked one at a time on small
hand-made cases, the KB free of every problem's constants, the citations' quotes verbatim in
reference_rules.txt and every annotated rule name known. Tests needing RuleArena's files skip
without them.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from fakes import trusted
from taxlogic.kb.nba import UNDETERMINED_MINIMUM, ANSWER_QUERY, VIOLATIONS_QUERY, answer_of, nba_rules, prolog_dir
from taxlogic.kb.nba.explain.citations import RULES, canonical_rule
from taxlogic.tools.engine import Engine, Job



def _nba_data() -> Path:
    try:
        from taxlogic.kb.airline import rulearena_root

        return rulearena_root() / "nba"
    except Exception:  # DataError: no RuleArena data; the tests that need it skip
        return Path("/nonexistent")


SHARED = _nba_data()

# ---------------------------------------------------------------- hand-written programs
# Each: RuleArena NBA problem (level, index), its facts written from its text, the annotated
# answer ("none" or "illegal(Letter, Team)").

HAND: dict[str, tuple[str, str]] = {
    # comp_0[0]: sign-and-trade aggregating a just-signed contract with two others
    "nba-0-0": ("""
team_salary(team_a, 160000000).
team_salary(team_b, 120000000).
drafted(player_a, 1, 3, team_c, 2016, 19).
contract(player_a, team_a, 2020, moratorium, 4, 20000000, 5).
award(player_a, 2023, all_nba_second).
drafted(player_b, 1, 5, team_d, 2014, 19).
contract(player_b, team_b, 2023, moratorium, 4, 15000000, 5).
drafted(player_c, 1, 24, team_c, 2013, 20).
contract(player_c, team_a, 2023, moratorium, 2, minimum, 5).
drafted(player_d, 2, 48, team_e, 2016, 22).
contract(player_d, team_a, 2023, moratorium, 2, minimum, 5).
operation(a, 1).
sign(a, team_a, player_a, 3, 35000000, 5).
trade_player(a, team_a, team_b, player_a).
trade_player(a, team_a, team_b, player_c).
trade_player(a, team_a, team_b, player_d).
trade_player(a, team_b, team_a, player_b).
""", "illegal(a,team_a)"),
    # comp_0[4]: an Arenas Offer Sheet whose third season jumps without a maximum first two
    "nba-0-4": ("""
team_salary(team_a, 120000000).
team_salary(team_b, 90000000).
drafted(player_a, 2, 44, team_b, 2022, 19).
contract(player_a, team_b, unstated, unstated, 2, minimum, unstated).
operation(a, 1).
qualifying_offer(a, team_b, player_a).
operation(b, 2).
offer_sheet(b, team_a, player_a, 3, 11000000, 5).
raise_until(b, player_a, 2).
salary_in_year(b, player_a, 3, 30000000).
""", "illegal(b,team_a)"),
    # comp_0[12]: the cap hold of the team's own free agent leaves no room and no exception
    "nba-0-12": ("""
team_salary(team_a, 130000000).
drafted(player_a, 1, 2, team_a, 2013, 20).
contract(player_a, team_a, 2020, moratorium, 4, 40000000, 5).
drafted(player_b, 1, 5, team_b, 2014, 19).
contract(player_b, team_b, 2020, moratorium, 4, 25000000, 5).
operation(a, 1).
sign(a, team_a, player_b, 2, 7200000, 5).
""", "illegal(a,team_a)"),
    # comp_0[13]: a trade over the First Apron needs a Standard TPE that is too small
    "nba-0-13": ("""
team_salary(team_a, 125000000).
drafted(player_a, 1, 2, team_a, 2013, 20).
contract(player_a, team_a, 2020, moratorium, 4, 32000000, 5).
drafted(player_b, 1, 5, team_b, 2014, 19).
contract(player_b, team_a, 2022, moratorium, 4, 30000000, 5).
drafted(player_c, 1, 13, team_c, 2017, 19).
contract(player_c, team_b, 2023, moratorium, 3, 24000000, 5).
drafted(player_d, 1, 11, team_d, 2017, 21).
contract(player_d, team_b, 2023, moratorium, 3, 14000000, 5).
operation(a, 1).
trade_player(a, team_a, team_b, player_b).
trade_player(a, team_b, team_a, player_c).
trade_player(a, team_b, team_a, player_d).
""", "illegal(a,team_a)"),
    # comp_0[17]: a Non-Qualifying cap hold pushes the Non-Taxpayer MLE over the First Apron
    "nba-0-17": ("""
team_salary(team_a, 170000000).
drafted(player_a, 1, 27, team_a, 2013, 20).
contract(player_a, team_a, 2023, moratorium, 1, 6000000, 5).
drafted(player_b, 1, 7, team_b, 2014, 21).
contract(player_b, team_b, 2022, moratorium, 3, 16000000, 8).
operation(a, 1).
sign(a, team_a, player_b, 2, 8000000, 5).
""", "illegal(a,team_a)"),
    # comp_0[22]: an Early Qualifying Veteran Free Agent re-signed within 175% of his salary
    "nba-0-22": ("""
team_salary(team_a, 145000000).
drafted(player_a, 2, 37, team_c, 2015, 20).
contract(player_a, team_a, 2022, moratorium, 3, 16000000, 5).
contract_option(player_a, 2022, 3, player).
declined_option(player_a).
operation(a, 1).
sign(a, team_a, player_a, 3, 28700000, 8).
""", "none"),
    # comp_0[34]: trading a pick leaves two consecutive drafts without a first-round pick
    "nba-0-34": ("""
team_salary(team_a, 142000000).
team_salary(team_b, 126000000).
all_own_first_round_picks(team_a, 7).
all_own_first_round_picks(team_b, 7).
lacks_own_first_round_pick(team_b, 2025).
holds_first_round_pick(team_b, team_c, 2026).
drafted(player_a, 1, 7, team_c, 2015, 21).
contract(player_a, team_a, 2021, moratorium, 3, 25000000, 8).
drafted(player_b, 1, 15, team_d, 2014, 19).
contract(player_b, team_b, 2022, moratorium, 3, 11000000, 5).
drafted(player_c, 1, 8, team_e, 2017, 20).
contract(player_c, team_b, 2023, moratorium, 3, 18000000, 5).
operation(a, 1).
sign(a, team_a, player_a, 4, 42100000, 5).
trade_player(a, team_a, team_b, player_a).
trade_player(a, team_b, team_a, player_b).
trade_player(a, team_b, team_a, player_c).
trade_pick(a, team_b, team_a, 1, team_b, 2026).
trade_pick(a, team_b, team_a, 1, team_b, 2028).
operation(b, 2).
trade_pick(b, team_a, team_b, 1, team_a, 2025).
trade_pick(b, team_b, team_a, 1, team_b, 2027).
""", "illegal(b,team_b)"),
    # comp_0[14]: a team over the cap (with its cap hold) signs another team's player for more
    # than any exception allows
    "nba-0-14": ("""
team_salary(team_a, 100000000).
drafted(player_a, 1, 2, team_a, 2013, 20).
contract(player_a, team_a, 2020, moratorium, 4, 32000000, 5).
drafted(player_b, 1, 5, team_b, 2014, 19).
contract(player_b, team_b, 2021, moratorium, 3, 24000000, 5).
operation(a, 1).
sign(a, team_a, player_b, 3, 36000000, 5).
""", "illegal(a,team_a)"),
    # comp_1[6]: an Over 38 contract's deferred salary takes the team over the First Apron
    "nba-1-6": ("""
team_salary(team_a, 177000000).
team_salary(team_b, 157000000).
drafted(player_a, 1, 7, team_c, 2015, 21).
contract(player_a, team_a, 2022, moratorium, 3, 25000000, 8).
drafted(player_b, 1, 15, team_d, 2014, 19).
contract(player_b, team_b, 2022, moratorium, 3, 20000000, 5).
drafted(player_c, 1, 18, team_e, 2007, 20).
contract(player_c, team_e, 2021, moratorium, 3, 10000000, 5).
drafted(player_d, 1, 29, team_f, 2008, 21).
contract(player_d, team_f, 2022, moratorium, 2, 9000000, 5).
operation(a, 1).
trade_player(a, team_a, team_b, player_a).
trade_player(a, team_b, team_a, player_b).
operation(b, 2).
sign(b, team_a, player_c, 4, 8000000, 5).
operation(c, 3).
sign(c, team_b, player_d, 2, 10000000, 5).
""", "illegal(b,team_a)"),
    # comp_0[21]-like legality: a trade absorbed by the Non-Taxpayer MLE by assignment (2024-25)
    "nba-0-21": ("""
team_salary(team_a, 148000000).
team_salary(team_b, 160000000).
drafted(player_a, 2, 37, team_c, 2013, 20).
contract(player_a, team_a, 2023, moratorium, 2, 3200000, 5).
drafted(player_b, 2, 31, team_d, 2014, 21).
contract(player_b, team_b, 2022, moratorium, 3, 11000000, 5).
operation(a, 1).
trade_player(a, team_a, team_b, player_a).
trade_player(a, team_b, team_a, player_b).
""", "none"),
}


@pytest.fixture(scope="module")
def eng():
    with Engine(nba_rules(), workers=2) as e:
        yield e


def answer(eng, facts: str) -> str:
    out = eng.run(Job(facts=trusted(facts), query=ANSWER_QUERY, mode="first", var="X"))
    assert out.status == "values", out.summary()
    return out.values[0].replace(" ", "")


def violations(eng, facts: str) -> str:
    out = eng.run(Job(facts=trusted(facts), query=VIOLATIONS_QUERY, mode="first", var="X"))
    assert out.status == "values", out.summary()
    return out.values[0]


@pytest.mark.parametrize("pid", sorted(HAND))
def test_hand_written_problem(eng, pid):
    facts, expected = HAND[pid]
    assert answer(eng, facts) == expected


def test_hand_written_answers_are_the_annotations():
    """The expected answers above are RuleArena's annotations, not the KB's output."""
    if not (SHARED / "annotated_problems" / "comp_0.json").is_file():
        pytest.skip("RuleArena NBA problems not found")
    for pid, (_, expected) in HAND.items():
        _, level, index = pid.split("-")
        p = json.loads((SHARED / "annotated_problems" / f"comp_{level}.json").read_text())[int(index)]
        want = "none" if not p["answer"] else f"illegal({p['illegal_operation'].lower()},team_{p['problematic_team'].lower()})"
        assert expected == want, pid


# ------------------------------------------------------------------ one rule at a time

BASE = "team_salary(team_a, {ts}).\ndrafted(player_x, 1, 10, team_b, 2016, 21).\n"
FA_ELSEWHERE = "contract(player_x, team_b, 2021, moratorium, 3, 10000000, 5).\n"


def test_room_signing_is_legal_and_over_cap_without_exception_is_not(eng):
    ok = BASE.format(ts=100000000) + FA_ELSEWHERE + "operation(a, 1).\nsign(a, team_a, player_x, 2, 30000000, 5).\n"
    assert answer(eng, ok) == "none"
    bad = BASE.format(ts=130000000) + FA_ELSEWHERE + "operation(a, 1).\nsign(a, team_a, player_x, 2, 30000000, 5).\n"
    assert answer(eng, bad) == "illegal(a,team_a)"
    assert "salary_cap_no_exceed_without_exception" in violations(eng, bad)


def test_non_taxpayer_mid_level_amount_and_length(eng):
    # 9.12% of $140,588,000 = $12,821,625.60
    fits = BASE.format(ts=150000000) + FA_ELSEWHERE + "operation(a, 1).\nsign(a, team_a, player_x, 4, 12800000, 5).\n"
    assert answer(eng, fits) == "none"
    too_much = fits.replace("12800000", "12900000")
    assert answer(eng, too_much) == "illegal(a,team_a)"
    too_long = BASE.format(ts=150000000) + FA_ELSEWHERE + "operation(a, 1).\nsign(a, team_a, player_x, 5, 12000000, 5).\n"
    assert "contract_length_at_most_4_year" in violations(eng, too_long)


def test_raise_limits_5_and_8_percent(eng):
    own = BASE.format(ts=150000000) + "contract(player_x, team_a, 2021, moratorium, 3, 10000000, 5).\n"
    bird_8 = own + "operation(a, 1).\nsign(a, team_a, player_x, 3, 20000000, 8).\n"
    assert answer(eng, bird_8) == "none"
    other_8 = BASE.format(ts=100000000) + FA_ELSEWHERE + "operation(a, 1).\nsign(a, team_a, player_x, 3, 20000000, 8).\n"
    assert "salary_increase_and_decrease_ratio_except" in violations(eng, other_8)


def test_maximum_salary_by_years_of_service(eng):
    # drafted 2016: 8 Years of Service, maximum 30% of the cap = $42,176,400
    own = BASE.format(ts=150000000) + "contract(player_x, team_a, 2021, moratorium, 3, 10000000, 5).\n"
    assert answer(eng, own + "operation(a, 1).\nsign(a, team_a, player_x, 3, 42000000, 5).\n") == "none"
    v = violations(eng, own + "operation(a, 1).\nsign(a, team_a, player_x, 3, 42300000, 5).\n")
    assert "maximum_salary_for_player_7_to_9_year_service" in v


def test_cash_limit_and_second_apron(eng):
    facts = ("team_salary(team_a, 150000000).\nteam_salary(team_b, 150000000).\n"
             "all_own_first_round_picks(team_a, 7).\nall_own_first_round_picks(team_b, 7).\n"
             "operation(a, 1).\ntrade_pick(a, team_a, team_b, 1, team_a, 2030).\n"
             "trade_pick(a, team_b, team_a, 1, team_b, 2031).\ntrade_cash(a, team_a, team_b, {cash}).\n")
    assert answer(eng, facts.format(cash=7000000)) == "none"          # 5.15% of the cap = $7,240,282
    assert "pay_or_receive_cash_maximum_in_a_year" in violations(eng, facts.format(cash=7300000))
    over = facts.format(cash=1000000).replace("team_salary(team_a, 150000000)", "team_salary(team_a, 190000000)")
    assert "cash_in_trade_hard_cap_second_apron_level" in violations(eng, over)


def test_stepien_rule_sale_for_cash(eng):
    facts = ("team_salary(team_a, 150000000).\nteam_salary(team_b, 150000000).\n"
             "all_own_first_round_picks(team_a, 7).\nall_own_first_round_picks(team_b, 7).\n"
             "operation(a, 1).\ntrade_pick(a, team_a, team_b, 1, team_a, 2027).\ntrade_cash(a, team_b, team_a, 1000000).\n")
    assert answer(eng, facts) == "illegal(a,team_a)"


def test_unknown_team_salary_is_not_a_violation(eng):
    facts = FA_ELSEWHERE.replace("player_x", "player_y") + "operation(a, 1).\nsign(a, team_z, player_y, 2, 9000000, 5).\n"
    assert answer(eng, facts) == "none"


def test_answer_of():
    assert answer_of("none") is None
    assert answer_of("illegal(b, team_a)") == ("B", "A")
    with pytest.raises(ValueError):
        answer_of("illegal(b)")


# --------------------------------------------------------------- no problem constants


def _clause_text() -> str:
    """The KB's Prolog text without comments (% to end of line)."""
    text = []
    for f in sorted(prolog_dir().glob("*.pl")):
        for line in f.read_text().splitlines():
            text.append(re.sub(r"%.*$", "", line))
    return "\n".join(text)


def test_kb_mentions_no_problem_constant():
    """No team, player or amount of any RuleArena NBA problem in the rules (comments aside):
    no team_x / player_x atom, and no dollar amount of a problem other than the cap figures of
    the prompt's Assume block and the amounts the rule text itself states."""
    text = _clause_text()
    assert not re.findall(r"\b(?:team|player)_[a-z]\b", text)
    if not (SHARED / "annotated_problems" / "comp_0.json").is_file():
        pytest.skip("RuleArena NBA problems not found")
    amounts: set[int] = set()
    for level in (0, 1, 2):
        for p in json.loads((SHARED / "annotated_problems" / f"comp_{level}.json").read_text()):
            for s in p["team_situations"] + p["player_situations"] + p["operations"]:
                amounts |= {int(a.replace(",", "")) for a in re.findall(r"\$([\d,]{5,})", s)}
    figures = {136000000, 9700000, 140588000, 170814000, 178132000, 188931000}  # the Assume block
    figures |= {5000000, 7500000, 250000}  # rule text: §6(f)(1) "$5 million", §6(j)(1)(iv) "$7.5 million", "$250,000"
    figures |= {500000}  # figures.pl minimum_salary_probe/1: the step of the probed minimum salaries (no rule figure)
    kb_numbers = {int(n) for n in re.findall(r"\b\d{5,}\b", text)}
    assert kb_numbers & amounts <= figures, sorted(kb_numbers & amounts - figures)


# ---------------------------------------------------------------------- citations


def test_citations_quote_the_rule_text():
    rules = SHARED / "reference_rules.txt"
    if not rules.is_file():
        pytest.skip("RuleArena NBA rules not found")
    text = rules.read_text()
    assert len(RULES) == 55
    missing = [r.name for r in RULES.values() if r.quote not in text]
    assert not missing


def test_every_annotated_rule_name_is_known():
    if not (SHARED / "annotated_problems" / "comp_0.json").is_file():
        pytest.skip("RuleArena NBA problems not found")
    for level in (0, 1, 2):
        for p in json.loads((SHARED / "annotated_problems" / f"comp_{level}.json").read_text()):
            for name in p["relevant_rules"]:
                assert canonical_rule(name) in RULES


def test_kb_rule_names_are_canonical():
    """Every rule name the KB can report is one of RuleArena's."""
    text = _clause_text()
    reported = set(re.findall(r"\b([a-z0-9]+(?:_[a-z0-9]+){4,})\b", text))
    candidates = {n for n in reported if n.endswith(("exception", "level", "service", "year", "team", "trade",
                                                     "agent", "player", "conditions", "maximum", "old", "15"))}
    awards = {"defensive_player_of_the_year"}  # an award/3 value, not a rule
    unknown = sorted(n for n in candidates - awards if n not in RULES)
    assert not unknown, unknown


# -------------------------------------------------------------------- explanations


def test_explanation_cites_the_broken_rule_and_why_the_others_held(eng):
    facts = BASE.format(ts=150000000) + FA_ELSEWHERE + "operation(a, 1).\nsign(a, team_a, player_x, 2, 12000000, 5).\n"
    out = eng.run(Job(facts=trusted(facts), query="explanation(X)", mode="first", var="X"))
    assert out.status == "values", out.summary()
    text = out.values[0]
    # legal: the Non-Taxpayer MLE allowed it (met), Room did not (not_met)
    assert "e(a,team_a,non_taxpayer_mid_level_exception,met" in text.replace(" ", "")
    assert "e(a,team_a,salary_cap_no_exceed_without_exception,not_met" in text.replace(" ", "")
    bad = facts.replace("12000000", "13000000")
    out = eng.run(Job(facts=trusted(bad), query="explanation(X)", mode="first", var="X"))
    text = out.values[0].replace(" ", "")
    assert "e(a,team_a,salary_cap_no_exceed_without_exception,violated" in text
    assert "e(a,team_a,non_taxpayer_mid_level_exception,not_met,why_not(non_taxpayer_mid_level,above_amount(13000000,12821625.6))" in text


# ------------------------------------------------------- gold programs and annotation errata


def test_gold_programs_give_the_annotation_except_documented_errata(eng):
    """Every gold program (kb/nba/data/gold) through the KB gives RuleArena's annotated answer, except
    the documented errata (kb/nba/data/errata.json), where it gives the erratum's KB answer, and the
    four problems whose answer changes with the Minimum Player Salary (no amount in the rule
    text), where it gives undetermined(minimum_player_salary)."""
    if not (SHARED / "annotated_problems" / "comp_0.json").is_file():
        pytest.skip("RuleArena NBA problems not found")
    from taxlogic.kb.nba.data.errata import erratum_classes, load_errata

    errata = load_errata()
    classes = erratum_classes()
    from taxlogic.kb.nba.data.gold import GOLD_PACKAGE_DIR as gold
    ids, jobs, want = [], [], {}
    for level in (0, 1, 2):
        for index, p in enumerate(json.loads((SHARED / "annotated_problems" / f"comp_{level}.json").read_text())):
            pid = f"nba-{level}-{index}"
            want[pid] = "none" if not p["answer"] else f"illegal({p['illegal_operation'].lower()},team_{p['problematic_team'].lower()})"
            ids.append(pid)
            jobs.append(Job(facts=trusted((gold / f"{pid}.pl").read_text()), query=ANSWER_QUERY, mode="first", var="X"))
    got = {pid: out.values[0].replace(" ", "") if out.values else out.status for pid, out in zip(ids, eng.run_many(jobs))}
    # the problems whose answer changes with the Minimum Player Salary (no amount in the rule text):
    # no answer, and only problems with a minimum-salary contract
    undetermined = {pid for pid in ids if got[pid] == UNDETERMINED_MINIMUM}
    assert undetermined == {"nba-0-69", "nba-1-33", "nba-2-17", "nba-2-29"}
    assert all("minimum" in (gold / f"{pid}.pl").read_text() for pid in undetermined)
    assert not undetermined & set(errata)
    wrong = [(pid, want[pid], got[pid]) for pid in ids if pid not in set(errata) | undetermined and got[pid] != want[pid]]
    assert not wrong
    for pid, e in errata.items():
        assert e.annotated == want[pid] and e.kb == got[pid] != want[pid], pid
        assert all(k in classes for k in e.kind.split("+")), e.kind


def test_errata_reasons_give_the_numbers():
    """Every erratum's reason states the amounts it rests on (a dollar figure), not only a class."""
    from taxlogic.kb.nba.data.errata import load_errata

    for pid, e in load_errata().items():
        assert "$" in e.reason or pid in ("nba-1-62", "nba-0-35", "nba-1-64", "nba-1-77"), (pid, e.reason)


# ---------------------------------------------------- the Minimum Player Salary (no amount in the text)

MIN_TRADE = """team_salary(team_a, 120000000).
team_salary(team_b, {tb}).
drafted(player_a, 1, 5, team_c, 2016, 20).
contract(player_a, team_a, 2023, moratorium, 3, 15000000, 0).
drafted(player_b, 2, 40, team_c, 2016, 22).
contract(player_b, team_b, 2023, moratorium, 3, 5000000, 0).
drafted(player_c, 2, 45, team_c, 2016, 22).
contract(player_c, team_b, 2023, moratorium, 2, minimum, 0).
operation(a, 1).
trade_player(a, team_a, team_b, player_a).
trade_player(a, team_b, team_a, player_b).
trade_player(a, team_b, team_a, player_c).
"""


def test_minimum_salary_is_not_zero_an_answer_that_depends_on_it_is_undetermined(eng):
    """The rule text gives no Minimum Player Salary. Team B (over the cap) sends $5,000,000 and a
    minimum contract for $15,000,000: the Expanded TPE allows the lesser of 200% + $250,000 and
    100% + $7,757,206 of what it sends, so the trade is legal only if the minimum salary is at
    least $2,375,000: the KB says undetermined, and the answer has no value."""
    assert answer(eng, MIN_TRADE.format(tb=160000000)) == UNDETERMINED_MINIMUM
    with pytest.raises(ValueError, match="Minimum Player Salary"):
        answer_of(UNDETERMINED_MINIMUM)
    # far above the First Apron the expanded TPE is barred whatever the minimum: illegal either way
    assert answer(eng, MIN_TRADE.format(tb=186000000)) == "illegal(a,team_b)"


def test_minimum_contract_amounts_follow_the_probed_minimum(eng):
    """A minimum contract counts the probed Minimum Player Salary, not $0: in Team Salary, in a
    Free Agent Amount (§4(d)(4): the Minimum Annual Salary) and in the Non-Qualifying Veteran Free
    Agent Exception's 120% of the Minimum Annual Salary (§6(b)(2)(ii))."""
    facts = ("team_salary(team_a, 190000000).\ndrafted(player_x, 2, 40, team_c, 2020, 22).\n"
             "contract(player_x, team_a, 2023, moratorium, 1, minimum, 0).\n"
             "operation(a, 1).\nsign(a, team_a, player_x, 1, 1100000, 0).\n")
    q = ("b_setval(nba_minimum_salary, 1000000), free_agent_amount(player_x, team_a, A, _), "
         "answer_now(N), X = r(A, N)")
    out = eng.run(Job(facts=trusted(facts), query=q, mode="first", var="X"))
    assert out.values and out.values[0].replace(" ", "") == "r(1000000,none)"
    # at $0 (or $500,000) $1,100,000 is above 120% of it, and above the Second Apron no other
    # exception fits: the answer changes with the minimum
    assert answer(eng, facts) == UNDETERMINED_MINIMUM


def test_malformed_facts_give_no_answer_or_a_violation_not_a_hang(eng):
    """Untrusted translations: an absurd length is a length violation; a salary that is not an
    amount or a contract of no seasons gives no answer (the query fails), never an error."""
    head = "team_salary(team_a, 100000000).\noperation(a, 1).\n"
    assert answer(eng, head + "sign(a, team_a, player_x, 100000000, 1000000, 5).\n") == "illegal(a,team_a)"
    for bad in ("sign(a, team_a, player_x, 2, lots, 5).\n", "sign(a, team_a, player_x, 0, 1000000, 5).\n"):
        out = eng.run(Job(facts=trusted(head + bad), query=ANSWER_QUERY, mode="first", var="X"))
        assert out.status == "failed", out.summary()
