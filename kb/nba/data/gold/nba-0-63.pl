% RuleArena NBA problem nba-0-63 (comp_0.json, index 63): gold facts
% written from the problem text alone by taxlogic.kb.nba.reading.reader and .render; do not edit:
% regenerate with python -m taxlogic.kb.nba.data.gold --write.

team_salary(team_a, 160000000).
% "Team A has a team salary of $160,000,000;"

team_salary(team_b, 120000000).
% "Team B has a team salary of $120,000,000."

drafted(player_a, 1, 3, team_c, 2016, 19).
% "Player A was the 3rd first-round pick of Team C in 2016 NBA draft when he was 19 years old."

contract(player_a, team_a, 2020, moratorium, 4, 15000000, 5).
% "Player A signed a 4-year contract (annual salary $15,000,000, 5% increase per year) with Team A during 2020 Moratorium Period."

award(player_a, 2023, all_nba_second).
% "In 2023-24 Salary Cap Year Player A was named to All-NBA second team."

drafted(player_b, 1, 5, team_d, 2014, 19).
% "Player B was the 5th first-round pick of Team D in 2014 NBA draft when he was 19 years old."

contract(player_b, team_b, 2023, moratorium, 4, 18000000, 5).
% "Player B signed a 4-year contract (annual salary $18,000,000, 5% increase per year) with Team B during 2023 Moratorium Period."

drafted(player_c, 1, 24, team_c, 2013, 20).
% "Player C was the 24th first-round pick of Team C in 2013 NBA draft when he was 20 years old."

contract(player_c, team_a, 2023, moratorium, 2, minimum, 5).
% "Player C signed a 2-year contract (minimum applicable player salary, 5% increase per year) with Team A during 2023 Moratorium Period."

drafted(player_d, 2, 48, team_e, 2016, 22).
% "Player D was the 48th second-round pick of Team E in 2016 NBA draft when he was 22 years old."

contract(player_d, team_a, 2023, moratorium, 2, minimum, 5).
% "Player D signed a 2-year contract (minimum applicable player salary, 5% increase per year) with Team A during 2023 Moratorium Period."

operation(a, 1).
sign(a, team_a, player_c, 2, 25000000, 9).
% "A. Team A signs a 2-year contract with Player C providing annual salary $25,000,000 in the first Salary Cap Year (2024-2025) and 9% increase per year."
