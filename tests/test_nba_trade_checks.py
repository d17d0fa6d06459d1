"""The NBA checks on who sends a traded player (kb/nba/checks/trades.py), on an invented problem.

The problem below is made up for these tests (no RuleArena text): like several RuleArena texts it
contradicts itself (Player B's contract is with Team A, yet Team A trades Player A "for Player B"),
and it has the three-team form "... for Player G and Player H to Team C. Simultaneously in this
trade, ...", whose words do not say whether Team A gets Player H or sends him to Team C.
"""

from __future__ import annotations

import re

from taxlogic.kb.nba.checks import nba_issues
from taxlogic.kb.nba.checks.trades import move_readings, pick_owners
from taxlogic.tools.facts import parse_facts

SITUATIONS = {
    "a": "Player A signed a 2-year contract (annual salary $10,000,000) with Team A during 2023 Moratorium Period.",
    "b": "Player B signed a 2-year contract (annual salary $9,000,000) with Team A during 2023 Moratorium Period.",
    "c": "Player C signed a 2-year contract (annual salary $8,000,000) with Team A during 2023 Moratorium Period.",
    "e": "Player E signed a 2-year contract (annual salary $7,000,000) with Team C during 2023 Moratorium Period.",
    "g": "Player G signed a 2-year contract (annual salary $6,000,000) with Team B during 2023 Moratorium Period.",
    "h": "Player H signed a 2-year contract (annual salary $5,000,000) with Team A during 2023 Moratorium Period.",
}
OPS = {
    "a": "A. Team A trades Player A to Team B for Player B.",
    "b": "B. Team C trades Player E for Player C.",
    "c": ("C. Team A trades Player F to Team B for Player G and Player H to Team C. "
          "Simultaneously in this trade, Team B trades Player I to Team C."),
}
TEXT = "\n\n".join([
    "Team Situations:\nTeam A has a team salary of $100,000,000.\nTeam B has a team salary of $120,000,000.\n"
    "Team C has a team salary of $90,000,000.",
    "Player Situations:\n" + "\n".join(SITUATIONS.values()),
    "Operations:\n" + "\n".join(OPS.values()),
])
FAITHFUL = {
    "a": ["trade_player(a, team_a, team_b, player_a).", "trade_player(a, team_b, team_a, player_b)."],
    "b": ["trade_player(b, team_c, team_a, player_e).", "trade_player(b, team_a, team_c, player_c)."],
    "c": ["trade_player(c, team_a, team_b, player_f).", "trade_player(c, team_b, team_a, player_g).",
          "trade_player(c, team_a, team_c, player_h).", "trade_player(c, team_b, team_c, player_i)."],
}
KINDS = {"trade_against_wording", "player_not_on_team", "trade_parties"}


def _issues(ops: dict[str, list[str]], text_ops: dict[str, str] = OPS) -> list[tuple[str, str]]:
    lines = []
    for who, sentence in SITUATIONS.items():
        salary, team = re.search(r"\$([\d,]+)\) with Team ([A-Z])", sentence).groups()
        lines += [f"contract(player_{who}, team_{team.lower()}, 2023, moratorium, 2, {salary.replace(',', '')}, unstated).",
                  f'% "{sentence}"']
    for n, (letter, facts) in enumerate(ops.items(), 1):
        lines += [f"operation({letter}, {n}).", *facts, f'% "{text_ops[letter]}"']
    text = TEXT.replace(OPS["a"], text_ops["a"])
    return [(i.kind, i.message) for i in nba_issues(text, "\n".join(lines)) if i.kind in KINDS]


def _with(letter: str, k: int, fact: str) -> dict[str, list[str]]:
    ops = {x: list(facts) for x, facts in FAITHFUL.items()}
    ops[letter][k] = fact
    return ops


def _readings(sentence: str, fact: str) -> list[tuple[str | None, str | None]]:
    facts, _ = parse_facts(f'{fact}\n% "{sentence}"')
    return move_readings(facts[0])


def test_move_readings():
    assert _readings(OPS["a"], "trade_player(a, team_a, team_b, player_a).") == [("team_a", "team_b")]
    assert _readings(OPS["a"], "trade_player(a, team_b, team_a, player_b).") == [("team_b", "team_a")]
    # no partner named: who sends Player C is not in the words
    assert _readings(OPS["b"], "trade_player(b, team_a, team_c, player_c).") == [(None, "team_c")]
    assert _readings(OPS["b"], "trade_player(b, team_c, team_a, player_e).") == [("team_c", None)]
    # the three-team form: Team A gets Player H from Team B, or sends him to Team C
    assert _readings(OPS["c"], "trade_player(c, team_a, team_c, player_h).") == [("team_b", "team_a"), ("team_a", "team_c")]
    assert _readings(OPS["c"], "trade_player(c, team_b, team_c, player_i).") == [("team_b", "team_c")]
    assert _readings(OPS["c"], "trade_player(c, team_b, team_c, player_a).") == []
    assert _readings("A. Team A trades Player A with Player C and D to Team B for Player B.",
                     "trade_player(a, team_a, team_b, player_d).") == [("team_a", "team_b")]
    # picks by round and year, cash by amount
    sentence = ("B. Team A trades its first-round draft pick in 2025 and second-round draft pick in 2027 to Team C "
                "for its first-round draft picks in 2029 and $500,000.")
    assert _readings(sentence, "trade_pick(b, team_a, team_c, 2, team_a, 2027).") == [("team_a", "team_c")]
    assert _readings(sentence, "trade_pick(b, team_c, team_a, 1, team_c, 2029).") == [("team_c", "team_a")]
    assert _readings(sentence, "trade_pick(b, team_c, team_a, 2, team_c, 2029).") == []
    assert _readings(sentence, "trade_cash(b, team_c, team_a, 500000).") == [("team_c", "team_a")]


def test_pick_owners():
    # "its" is the giving team's own pick, "Team X's" is X's; a year closes every pick waiting for one
    assert pick_owners(" its first-round draft pick in 2025 and second-round draft pick in 2027 ", 2027, "team_a") == {"team_a"}
    assert pick_owners(" its first-round draft pick and Team D's first-round draft pick in 2028.", 2028, "team_c") == \
        {"team_c", "team_d"}
    assert pick_owners(" Team C's first-round draft pick in 2026.", 2026, "team_b") == {"team_c"}
    assert pick_owners(" first-round draft pick in 2025", 2025, "team_b") == {"team_b"}
    assert pick_owners(" its first-round draft picks in 2028", 2028, None) is None  # the giver is not named
    sentence = "B. Team A trades its first-round draft pick in 2025 to Team B for its first-round draft pick in 2027."
    facts, _ = parse_facts(f'trade_pick(b, team_b, team_a, 1, team_a, 2027).\n% "{sentence}"')
    found = [i for i in nba_issues("Operations:\n" + sentence, facts[0].canonical + f'\n% "{sentence}"')
             if i.kind == "trade_against_wording"]
    assert len(found) == 1 and "the pick of team_b, not of team_a" in found[0].message


def test_the_faithful_reading_passes_even_where_the_text_contradicts_itself():
    # Player B's contract is with Team A, but operation A's sentence has Team A get him: the facts
    # follow the operation's sentence and are not refused
    assert _issues(FAITHFUL) == []


def test_a_player_sent_against_the_wording_is_caught_whatever_the_situations_say():
    # the situations (Player B with Team A) would allow this one; the sentence does not
    found = _issues(_with("a", 1, "trade_player(a, team_a, team_b, player_b)."))
    assert [k for k, _ in found] == ["trade_against_wording"]  # Player B is with Team A: no player_not_on_team
    assert "team_b -> team_a" in found[0][1]
    # the three-team form: neither reading has Team C send Player H
    assert [k for k, _ in _issues(_with("c", 2, "trade_player(c, team_c, team_a, player_h)."))] == ["trade_against_wording"]
    # cash the other way
    ops = _with("a", 0, "trade_player(a, team_a, team_b, player_a).")
    ops["a"].append("trade_cash(a, team_b, team_a, 5000000).")
    text_ops = dict(OPS, a="A. Team A trades Player A and $5,000,000 to Team B for Player B.")
    assert [k for k, _ in _issues(ops, text_ops)] == ["trade_against_wording"]
    ops["a"][-1] = "trade_cash(a, team_a, team_b, 5000000)."
    assert _issues(ops, text_ops) == []


def test_the_situations_decide_what_the_words_leave_open():
    # three-team form: "Team A gets Player H from Team B" is a reading, but Player H is with Team A
    found = _issues(_with("c", 2, "trade_player(c, team_b, team_a, player_h)."))
    assert [k for k, _ in found] == ["player_not_on_team"]
    assert "is with team_a" in found[0][1]
    # no partner named: Player C comes from Team A (his contract), not from another team
    ops = _with("b", 1, "trade_player(b, team_b, team_c, player_c).")
    ops["b"][0] = "trade_player(b, team_c, team_b, player_e)."
    assert [k for k, _ in _issues(ops)] == ["player_not_on_team"]


def test_a_two_team_sentence_moves_assets_between_two_teams():
    found = _issues(_with("b", 0, "trade_player(b, team_c, team_b, player_e)."))
    assert [k for k, _ in found] == ["trade_parties"]
    assert "team_a, team_b, team_c" in found[0][1]
