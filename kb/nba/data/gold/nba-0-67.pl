% RuleArena NBA problem nba-0-67 (comp_0.json, index 67): gold facts
% written from the problem text alone by taxlogic.kb.nba.reading.reader and .render; do not edit:
% regenerate with python -m taxlogic.kb.nba.data.gold --write.

team_salary(team_a, 176000000).
% "Team A has a team salary of $176,000,000;"

team_salary(team_b, 136000000).
% "Team B has a team salary of $136,000,000."

drafted(player_a, 1, 23, team_c, 2016, 18).
% "Player A was the 23rd first-round pick of Team C in 2016 NBA draft when he was 18 years old."

contract(player_a, team_a, 2021, moratorium, 3, 15000000, 5).
% "Player A signed a 3-year contract (annual salary $15,000,000, 5% increase per year) with Team A during 2021 Moratorium Period."

drafted(player_b, 2, 31, team_d, 2017, 21).
% "Player B was the 31st second-round pick of Team D in 2017 NBA draft when he was 21 years old."

contract(player_b, team_d, 2022, moratorium, 2, 4000000, 5).
% "Player B signed a 2-year contract (annual salary $4,000,000, 5% increase per year) with Team D during 2022 Moratorium Period."

operation(a, 1).
sign(a, team_b, player_a, 2, 7000000, 5).
% "A. Team B signs a 2-year contract with Player A providing annual salary $7,000,000 in the first Salary Cap Year (2024-2025) and 5% increase per year."
