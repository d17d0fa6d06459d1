% RuleArena NBA problem nba-1-73 (comp_1.json, index 73): gold facts
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
lacks_own_first_round_pick(team_b, 2025).
holds_first_round_pick(team_b, team_c, 2025).
% "Team B has all its first-round draft picks in the following 7 years except 2025 and Team C's first-round draft pick in 2025."

all_own_first_round_picks(team_c, 7).
lacks_own_first_round_pick(team_c, 2025).
holds_first_round_pick(team_c, team_d, 2028).
% "Team C has all its first-round draft picks in the following 7 years except 2025 and Team D's first-round draft pick in 2028."

drafted(player_a, 1, 7, team_a, 2015, 21).
% "Player A was the 7th first-round pick of Team A in 2015 NBA draft when he was 21 years old."

contract(player_a, team_a, 2021, moratorium, 3, 25000000, 8).
% "Player A signed a 3-year contract (annual salary $25,000,000, 8% increase per year) with Team A during 2021 Moratorium Period."

drafted(player_b, 1, 24, team_b, 2013, 20).
% "Player B was the 24th first-round pick of Team B in 2013 NBA draft when he was 20 years old."

contract(player_b, team_b, 2023, moratorium, 2, minimum, 5).
% "Player B signed a 2-year contract (minimum applicable player salary, 5% increase per year) with Team B during 2023 Moratorium Period."

drafted(player_c, 2, 48, team_b, 2016, 22).
% "Player C was the 48th second-round pick of Team B in 2016 NBA draft when he was 22 years old."

contract(player_c, team_b, 2023, moratorium, 2, minimum, 5).
% "Player C signed a 2-year contract (minimum applicable player salary, 5% increase per year) with Team B during 2023 Moratorium Period."

drafted(player_d, 1, 15, team_e, 2017, 21).
% "Player D was the 15th first-round pick of Team E in 2017 NBA draft when he was 21 years old."

contract(player_d, team_b, 2022, moratorium, 3, 20000000, 5).
% "Player D signed a 3-year contract (annual salary $20,000,000, 5% increase per year) with Team B during 2022 Moratorium Period."

operation(a, 1).
sign(a, team_a, player_a, 4, 30000000, 5).
trade_player(a, team_a, team_b, player_a).
trade_player(a, team_b, team_a, player_b).
trade_player(a, team_b, team_a, player_c).
trade_player(a, team_b, team_a, player_d).
trade_pick(a, team_b, team_a, 1, team_b, 2026).
trade_pick(a, team_b, team_a, 1, team_b, 2028).
trade_cash(a, team_b, team_a, 3500000).
% "A. Team A signs a 4-year contract with Player A providing annual salary $30,000,000 in the first Salary Cap Year (2024-2025) and 5% increase per year, and immediately trades Player A to Team B for Player B, Player C, and Player D and its first-round draft pick in 2026 and 2028 and $3,500,000."
