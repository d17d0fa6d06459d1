% RuleArena NBA problem nba-1-39 (comp_1.json, index 39): gold facts
% written from the problem text alone by taxlogic.kb.nba.reading.reader and .render; do not edit:
% regenerate with python -m taxlogic.kb.nba.data.gold --write.

team_salary(team_a, 152000000).
% "Team A has a team salary of $152,000,000;"

team_salary(team_b, 110000000).
% "Team B has a team salary of $110,000,000."

drafted(player_a, 1, 3, team_c, 2016, 19).
% "Player A was the 3rd first-round pick of Team C in 2016 NBA draft when he was 19 years old."

contract(player_a, team_a, 2020, moratorium, 4, 20000000, 5).
% "Player A signed a 4-year contract (annual salary $20,000,000, 5% increase per year) with Team A during 2020 Moratorium Period."

award(player_a, 2023, all_nba_second).
% "In 2023-24 Salary Cap Year Player A was named to All-NBA second team."

drafted(player_b, 1, 5, team_d, 2014, 19).
% "Player B was the 5th first-round pick of Team D in 2014 NBA draft when he was 19 years old."

contract(player_b, team_b, 2023, moratorium, 4, 15000000, 5).
% "Player B signed a 4-year contract (annual salary $15,000,000, 5% increase per year) with Team B during 2023 Moratorium Period."

drafted(player_f, 1, 12, team_k, 2020, 19).
% "Player F was the 12th first-round pick of Team K in 2020 NBA draft when he was 19 years old."

contract(player_f, team_a, 2023, moratorium, 2, minimum, 5).
% "Player F signed a 2-year contract (minimum applicable player salary, 5% increase per year) with Team A during 2023 Moratorium Period."

drafted(player_c, 1, 24, team_c, 2018, 20).
% "Player C was the 24th first-round pick of Team C in 2018 NBA draft when he was 20 years old."

contract(player_c, team_a, 2023, moratorium, 2, minimum, 5).
% "Player C signed a 2-year contract (minimum applicable player salary, 5% increase per year) with Team A during 2023 Moratorium Period."

drafted(player_d, 2, 48, team_e, 2016, 22).
% "Player D was the 48th second-round pick of Team E in 2016 NBA draft when he was 22 years old."

contract(player_d, team_a, 2023, moratorium, 2, minimum, 5).
% "Player D signed a 2-year contract (minimum applicable player salary, 5% increase per year) with Team A during 2023 Moratorium Period."

operation(a, 1).
sign(a, team_a, player_a, 3, 35000000, 5).
trade_player(a, team_a, team_b, player_a).
trade_player(a, team_a, team_b, player_f).
trade_player(a, team_a, team_b, player_d).
trade_player(a, team_b, team_a, player_b).
% "A. Team A signs a 3-year contract with Player A providing annual salary $35,000,000 in the first Salary Cap Year (2024-2025) and 5% increase per year, and immediately trades Player A with Player F and D to Team B for Player B."
