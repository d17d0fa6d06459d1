% RuleArena NBA problem nba-0-42 (comp_0.json, index 42): gold facts
% written from the problem text alone by taxlogic.kb.nba.reading.reader and .render; do not edit:
% regenerate with python -m taxlogic.kb.nba.data.gold --write.

team_salary(team_a, 100000000).
% "Team A has a team salary of $100,000,000;"

team_salary(team_d, 90000000).
% "Team D has a team salary of $90,000,000;"

team_salary(team_e, 100000000).
% "Team E has a team salary of $100,000,000."

drafted(player_a, 1, 3, team_e, 2018, 19).
% "Player A was the 3rd first-round pick of Team E in 2018 NBA draft when he was 19 years old."

contract(player_a, team_a, 2020, moratorium, 4, 20000000, 5).
% "Player A signed a 4-year contract (annual salary $20,000,000, 5% increase per year) with Team A during 2020 Moratorium Period."

drafted(player_c, 1, 16, team_a, 2017, 19).
% "Player C was the 16th first-round pick of Team A in 2017 NBA draft when he was 19 years old."

contract(player_c, team_d, 2020, moratorium, 4, 10000000, 5).
% "Player C signed a 4-year contract (annual salary $10,000,000, 5% increase per year) with Team D during 2020 Moratorium Period."

drafted(player_g, 1, 12, team_a, 2008, 19).
% "Player G was the 12th first-round pick of Team A in 2008 NBA draft when he was 19 years old."

contract(player_g, team_a, 2020, moratorium, 4, 35000000, 5).
% "Player G signed a 4-year contract (annual salary $35,000,000, 5% increase per year) with Team A during 2020 Moratorium Period."

operation(a, 1).
sign(a, team_d, player_c, 2, 10000000, 5).
% "A. Team D signs a 2-year contract with Player C providing annual salary $10,000,000 in the first Salary Cap Year (2024-2025) and 5% increase per year."

operation(b, 2).
sign(b, team_a, player_a, 3, 21000000, 5).
% "B. Team A signs a 3-year contract with Player A providing annual salary $21,000,000 in the first Salary Cap Year (2024-2025) and 5% increase per year."

operation(c, 3).
sign(c, team_e, player_g, 4, 36000000, 5).
% "C. Team E signs a 4-year contract with Player G providing annual salary $36,000,000 in the first Salary Cap Year (2024-2025) and 5% increase per year."
