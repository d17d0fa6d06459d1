% RuleArena NBA problem nba-0-44 (comp_0.json, index 44): gold facts
% written from the problem text alone by taxlogic.kb.nba.reading.reader and .render; do not edit:
% regenerate with python -m taxlogic.kb.nba.data.gold --write.

team_salary(team_a, 100000000).
% "Team A has a team salary of $100,000,000;"

team_salary(team_c, 86000000).
% "Team C has a team salary of $86,000,000;"

team_salary(team_k, 121000000).
% "Team K has a team salary of $121,000,000."

drafted(player_a, 1, 10, team_k, 2018, 19).
% "Player A was the 10th first-round pick of Team K in 2018 NBA draft when he was 19 years old."

contract(player_a, team_a, 2020, moratorium, 4, 20000000, 5).
% "Player A signed a 4-year contract (annual salary $20,000,000, 5% increase per year) with Team A during 2020 Moratorium Period."

drafted(player_c, 1, 16, team_a, 2017, 19).
% "Player C was the 16th first-round pick of Team A in 2017 NBA draft when he was 19 years old."

contract(player_c, team_c, 2020, moratorium, 4, 10000000, 5).
% "Player C signed a 4-year contract (annual salary $10,000,000, 5% increase per year) with Team C during 2020 Moratorium Period."

drafted(player_g, 1, 12, team_a, 2008, 19).
% "Player G was the 12th first-round pick of Team A in 2008 NBA draft when he was 19 years old."

contract(player_g, team_a, 2020, moratorium, 4, 35000000, 5).
% "Player G signed a 4-year contract (annual salary $35,000,000, 5% increase per year) with Team A during 2020 Moratorium Period."

operation(a, 1).
sign(a, team_k, player_g, 4, 17000000, 5).
% "A. Team K signs a 4-year contract with Player G providing annual salary $17,000,000 in the first Salary Cap Year (2024-2025) and 5% increase per year."

operation(b, 2).
sign(b, team_c, player_c, 2, 12000000, 5).
% "B. Team C signs a 2-year contract with Player C providing annual salary $12,000,000 in the first Salary Cap Year (2024-2025) and 5% increase per year."

operation(c, 3).
sign(c, team_a, player_a, 3, 21000000, 5).
% "C. Team A signs a 3-year contract with Player A providing annual salary $21,000,000 in the first Salary Cap Year (2024-2025) and 5% increase per year."
