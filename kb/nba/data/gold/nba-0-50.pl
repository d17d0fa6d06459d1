% RuleArena NBA problem nba-0-50 (comp_0.json, index 50): gold facts
% written from the problem text alone by taxlogic.kb.nba.reading.reader and .render; do not edit:
% regenerate with python -m taxlogic.kb.nba.data.gold --write.

team_salary(team_k, 100000000).
% "Team K has a team salary of $100,000,000;"

team_salary(team_p, 90000000).
% "Team P has a team salary of $90,000,000."

drafted(player_c, 1, 26, team_c, 2017, 19).
% "Player C was the 26th first-round pick of Team C in 2017 NBA draft when he was 19 years old."

contract(player_c, team_p, 2022, moratorium, 2, 12000000, 5).
% "Player C signed a 2-year contract (annual salary $12,000,000, 5% increase per year) with Team P during 2022 Moratorium Period."

drafted(player_x, 1, 12, team_e, 2008, 19).
% "Player X was the 12th first-round pick of Team E in 2008 NBA draft when he was 19 years old."

contract(player_x, team_c, 2020, moratorium, 4, 35000000, 5).
% "Player X signed a 4-year contract (annual salary $35,000,000, 5% increase per year) with Team C during 2020 Moratorium Period."

operation(a, 1).
sign(a, team_k, player_x, 4, 35500000, 5).
% "A. Team K signs a 4-year contract with Player X providing annual salary $35,500,000 in the first Salary Cap Year (2024-2025) and 5% increase per year."

operation(b, 2).
sign(b, team_p, player_c, 2, 12000000, 5).
% "B. Team P signs a 2-year contract with Player C providing annual salary $12,000,000 in the first Salary Cap Year (2024-2025) and 5% increase per year."
