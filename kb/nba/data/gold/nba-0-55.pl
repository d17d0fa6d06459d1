% RuleArena NBA problem nba-0-55 (comp_0.json, index 55): gold facts
% written from the problem text alone by taxlogic.kb.nba.reading.reader and .render; do not edit:
% regenerate with python -m taxlogic.kb.nba.data.gold --write.

team_salary(team_a, 176000000).
% "Team A has a team salary of $176,000,000;"

team_salary(team_e, 136000000).
% "Team E has a team salary of $136,000,000."

drafted(player_a, 1, 25, team_c, 2016, 18).
% "Player A was the 25th first-round pick of Team C in 2016 NBA draft when he was 18 years old."

contract(player_a, team_a, 2021, moratorium, 3, 15000000, 5).
% "Player A signed a 3-year contract (annual salary $15,000,000, 5% increase per year) with Team A during 2021 Moratorium Period."

drafted(player_c, 2, 17, team_d, 2017, 21).
% "Player C was the 17th second-round pick of Team D in 2017 NBA draft when he was 21 years old."

contract(player_c, team_d, 2022, moratorium, 2, 4000000, 5).
% "Player C signed a 2-year contract (annual salary $4,000,000, 5% increase per year) with Team D during 2022 Moratorium Period."

operation(a, 1).
sign(a, team_e, player_a, 3, 7000000, 5).
% "A. Team E signs a 3-year contract with Player A providing annual salary $7,000,000 in the first Salary Cap Year (2024-2025) and 5% increase per year."

operation(b, 2).
sign(b, team_e, player_c, 2, 4000000, 5).
% "B. Team E signs a 2-year contract with Player C providing annual salary $4,000,000 in the first Salary Cap Year (2024-2025) and 5% increase per year."
