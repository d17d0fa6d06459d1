% RuleArena NBA problem nba-1-1 (comp_1.json, index 1): gold facts
% written from the problem text alone by taxlogic.kb.nba.reading.reader and .render; do not edit:
% regenerate with python -m taxlogic.kb.nba.data.gold --write.
% 1 sentence(s) read by hand (kb/nba/reading/hand_readings.json).

team_salary(team_a, 160000000).
% "Team A has a team salary of $160,000,000;"

team_salary(team_b, 168000000).
% "Team B has a team salary of $168,000,000;"

team_salary(team_c, 80000000).
% "Team C has a team salary of $80,000,000."

all_own_first_round_picks(team_a, 7).
holds_first_round_pick(team_a, team_b, 2026).
holds_first_round_pick(team_a, team_b, 2028).
% "Team A has all its first-round draft picks in the following 7 years and Team B's first-round draft picks in 2026 and 2028;"

all_own_first_round_picks(team_b, 7).
lacks_own_first_round_pick(team_b, 2026).
lacks_own_first_round_pick(team_b, 2028).
% "Team B has all its first-round draft picks in the following 7 years except 2026 and 2028;"

all_own_first_round_picks(team_c, 7).
holds_first_round_pick(team_c, team_f, 2030).
% "Team C has all its first-round draft picks in the following 7 years and Team F's first-round draft pick in 2030."

drafted(player_a, 1, 3, team_c, 2013, 19).
% "Player A was the 3rd first-round pick of Team C in 2013 NBA draft when he was 19 years old."

contract(player_a, team_a, 2020, moratorium, 4, 20000000, 5).
% "Player A signed a 4-year contract (annual salary $20,000,000, 5% increase per year) with Team A during 2020 Moratorium Period."

award(player_a, 2023, all_nba_second).
% "In 2023-24 Salary Cap Year Player A was named to All-NBA second team."

drafted(player_b, 1, 5, team_d, 2014, 19).
% "Player B was the 5th first-round pick of Team D in 2014 NBA draft when he was 19 years old."

contract(player_b, team_b, 2023, moratorium, 4, 25000000, 5).
% "Player B signed a 4-year contract (annual salary $25,000,000, 5% increase per year) with Team B during 2023 Moratorium Period."

drafted(player_c, 2, 48, team_e, 2016, 22).
% "Player C was the 48th second-round pick of Team E in 2016 NBA draft when he was 22 years old."

contract(player_c, team_b, 2023, moratorium, 1, minimum, 5).
% "Player C signed a 1-year contract (minimum applicable player salary, 5% increase per year) with Team B during 2023 Moratorium Period."

drafted(player_d, 1, 19, team_f, 2016, 22).
% "Player D was the 19th first-round pick of Team F in 2016 NBA draft when he was 22 years old."

contract(player_d, team_b, 2022, moratorium, 3, 12000000, 5).
% "Player D signed a 3-year contract (annual salary $12,000,000, 5% increase per year) with Team B during 2022 Moratorium Period."

operation(a, 1).
sign(a, team_b, player_c, 1, minimum, unstated).
minimum_plus(a, player_c, 200000).
% "A. Team B signs a 1-year contract with Player C providing minimum applicable annual salary plus $200,000."

operation(b, 2).
sign(b, team_a, player_a, 4, 49200000, 5).
trade_player(b, team_a, team_b, player_a).
trade_player(b, team_b, team_a, player_b).
trade_pick(b, team_a, team_c, 1, team_a, 2025).
trade_player(b, team_b, team_c, player_c).
trade_player(b, team_b, team_c, player_d).
trade_pick(b, team_b, team_c, 1, team_b, 2030).
% "B. Team A signs a 4-year contract with Player A providing annual salary $49,200,000 in the first Salary Cap Year (2024-2025) and 5% increase per year, and subsequently trades Player A to Team B for Player B and its first-round draft picks in 2025 to Team C. Simultaneously in this trade, Team B trades Player C and D and its first-round draft picks in 2030 to Team C."
