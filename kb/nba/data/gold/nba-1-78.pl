% RuleArena NBA problem nba-1-78 (comp_1.json, index 78): gold facts
% written from the problem text alone by taxlogic.kb.nba.reading.reader and .render; do not edit:
% regenerate with python -m taxlogic.kb.nba.data.gold --write.

team_salary(team_a, 142000000).
% "Team A has a team salary of $142,000,000."

team_salary(team_b, 126000000).
% "Team B has a team salary of $126,000,000."

team_salary(team_c, 105000000).
% "Team C has a team salary of $105,000,000."

all_own_first_round_picks(team_a, 7).
% "Team A has all its first-round draft picks in the following 7 years."

all_own_first_round_picks(team_b, 7).
holds_first_round_pick(team_b, team_c, 2026).
% "Team B has all its first-round draft picks in the following 7 years and Team C's first-round draft pick in 2026."

all_own_first_round_picks(team_c, 7).
lacks_own_first_round_pick(team_c, 2026).
% "Team C has all its first-round draft picks in the following 7 years except 2026."

drafted(player_a, 1, 7, team_c, 2015, 21).
% "Player A was the 7th first-round pick of Team C in 2015 NBA draft when he was 21 years old."

contract(player_a, team_a, 2021, moratorium, 3, 25000000, 8).
% "Player A signed a 3-year contract (annual salary $25,000,000, 8% increase per year) with Team A during 2021 Moratorium Period."

drafted(player_b, 1, 15, team_d, 2014, 19).
% "Player B was the 15th first-round pick of Team D in 2014 NBA draft when he was 19 years old."

contract(player_b, team_b, 2022, moratorium, 3, 11000000, 5).
% "Player B signed a 3-year contract (annual salary $11,000,000, 5% increase per year) with Team B during 2022 Moratorium Period."

drafted(player_c, 1, 8, team_e, 2017, 20).
% "Player C was the 8th first-round pick of Team E in 2017 NBA draft when he was 20 years old."

contract(player_c, team_b, 2023, moratorium, 3, 18000000, 5).
% "Player C signed a 3-year contract (annual salary $18,000,000, 5% increase per year) with Team B during 2023 Moratorium Period."

operation(a, 1).
sign(a, team_a, player_a, 4, 42100000, 5).
trade_player(a, team_a, team_b, player_a).
trade_player(a, team_b, team_a, player_b).
trade_player(a, team_b, team_a, player_c).
trade_pick(a, team_b, team_a, 1, team_b, 2025).
trade_pick(a, team_b, team_a, 1, team_b, 2029).
% "A. Team A signs a 4-year contract with Player A providing annual salary $42,100,000 in the first Salary Cap Year (2024-2025) and 5% increase per year, and immediately trades Player A to Team B for Player B and Player C and its first-round draft picks in 2025 and 2029."

operation(b, 2).
trade_pick(b, team_b, team_c, 1, team_b, 2026).
trade_pick(b, team_c, team_b, 1, team_c, 2030).
% "B. Team B trades its first-round draft pick in 2026 to Team C for its first-round draft picks in 2030."
