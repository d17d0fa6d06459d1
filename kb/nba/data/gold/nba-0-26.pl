% RuleArena NBA problem nba-0-26 (comp_0.json, index 26): gold facts
% written from the problem text alone by taxlogic.kb.nba.reading.reader and .render; do not edit:
% regenerate with python -m taxlogic.kb.nba.data.gold --write.

team_salary(team_a, 175000000).
% "Team A has a team salary of $175,000,000."

team_salary(team_b, 120000000).
% "Team B has a team salary of $120,000,000."

all_own_first_round_picks(team_a, 7).
holds_first_round_pick(team_a, team_c, 2027).
% "Team A has all its first-round draft picks in the following 7 years and Team C's first-round draft picks in 2027."

all_own_first_round_picks(team_b, 7).
% "Team B has all its first-round draft picks in the following 7 years."

drafted(player_a, 2, 37, team_c, 2015, 21).
% "Player A was the 37th second-round pick of Team C in 2015 NBA draft when he was 21 years old."

contract(player_a, team_a, 2022, moratorium, 3, 16000000, 5).
% "Player A signed a 3-year contract (annual salary $16,000,000, 5% increase per year) with Team A during 2022 Moratorium Period."

drafted(player_b, 1, 5, team_d, 2014, 19).
% "Player B was the 5th first-round pick of Team D in 2014 NBA draft when he was 19 years old."

contract(player_b, team_d, 2021, moratorium, 3, 25000000, 8).
% "Player B signed a 3-year contract (annual salary $25,000,000, 8% increase per year) with Team D during 2021 Moratorium Period."

operation(a, 1).
trade_player(a, team_a, team_b, player_a).
trade_pick(a, team_b, team_a, 1, team_b, 2026).
trade_pick(a, team_b, team_a, 1, team_b, 2028).
% "A. Team A trades Player A to Team B for its first-round draft picks in 2026 and 2028."

operation(b, 2).
sign(b, team_a, player_b, 3, 17800000, 8).
% "B. Team A signs a 3-year contract with Player B providing annual salary $17,800,000 in the first Salary Cap Year (2024-2025) and 8% increase per year."
