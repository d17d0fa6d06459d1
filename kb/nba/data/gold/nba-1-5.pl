% RuleArena NBA problem nba-1-5 (comp_1.json, index 5): gold facts
% written from the problem text alone by taxlogic.kb.nba.reading.reader and .render; do not edit:
% regenerate with python -m taxlogic.kb.nba.data.gold --write.

team_salary(team_a, 148000000).
% "Team A has a team salary of $148,000,000."

team_salary(team_b, 160000000).
% "Team B has a team salary of $160,000,000."

drafted(player_a, 1, 27, team_a, 2013, 20).
% "Player A was the 27th first-round pick of Team A in 2013 NBA draft when he was 20 years old."

contract(player_a, team_a, 2022, moratorium, 4, 36000000, 5).
% "Player A signed a 4-year contract (annual salary $36,000,000, 5% increase per year) with Team A during 2022 Moratorium Period."

drafted(player_b, 1, 7, team_c, 2014, 21).
% "Player B was the 7th first-round pick of Team C in 2014 NBA draft when he was 21 years old."

contract(player_b, team_b, 2020, moratorium, 4, 32000000, 5).
% "Player B signed a 4-year contract (annual salary $32,000,000, 5% increase per year) with Team B during 2020 Moratorium Period."

traded(player_a, team_a, team_b, 2023, moratorium).
traded(player_b, team_b, team_a, 2023, moratorium).
% "Player A was traded by Team A to Team B for Player B during 2023 Moratorium Period."

drafted(player_c, 1, 13, team_d, 2017, 19).
% "Player C was the 13th first-round pick of Team D in 2017 NBA draft when he was 19 years old."

contract(player_c, team_c, 2021, moratorium, 3, 6000000, 5).
% "Player C signed a 3-year contract (annual salary $6,000,000, 5% increase per year) with Team C during 2021 Moratorium Period."

drafted(player_d, 1, 11, team_b, 2016, 19).
% "Player D was the 11th first-round pick of Team B in 2016 NBA draft when he was 19 years old."

contract(player_d, team_d, 2020, moratorium, 4, 26000000, 8).
% "Player D signed a 4-year contract (annual salary $26,000,000, 8% increase per year) with Team D during 2020 Moratorium Period."

operation(a, 1).
sign(a, team_a, player_c, 3, 12000000, 5).
% "A. Team A signs a 3-year contract with Player C providing annual salary $12,000,000 in the first Salary Cap Year (2024-2025) and 5% increase per year."

operation(b, 2).
sign(b, team_b, player_d, 3, 12000000, 5).
% "B. Team B signs a 3-year contract with Player D providing annual salary $12,000,000 in the first Salary Cap Year (2024-2025) and 5% increase per year."
