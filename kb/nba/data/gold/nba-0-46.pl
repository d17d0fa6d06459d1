% RuleArena NBA problem nba-0-46 (comp_0.json, index 46): gold facts
% written from the problem text alone by taxlogic.kb.nba.reading.reader and .render; do not edit:
% regenerate with python -m taxlogic.kb.nba.data.gold --write.

team_salary(team_a, 100000000).
% "Team A has a team salary of $100,000,000;"

team_salary(team_d, 86000000).
% "Team D has a team salary of $86,000,000;"

team_salary(team_e, 120000000).
% "Team E has a team salary of $120,000,000."

drafted(player_x, 1, 14, team_e, 2018, 19).
% "Player X was the 14th first-round pick of Team E in 2018 NBA draft when he was 19 years old."

contract(player_x, team_a, 2020, moratorium, 4, 20000000, 5).
% "Player X signed a 4-year contract (annual salary $20,000,000, 5% increase per year) with Team A during 2020 Moratorium Period."

drafted(player_p, 1, 12, team_a, 2008, 19).
% "Player P was the 12th first-round pick of Team A in 2008 NBA draft when he was 19 years old."

contract(player_p, team_a, 2020, moratorium, 4, 35000000, 5).
% "Player P signed a 4-year contract (annual salary $35,000,000, 5% increase per year) with Team A during 2020 Moratorium Period."

drafted(player_k, 1, 16, team_a, 2017, 19).
% "Player K was the 16th first-round pick of Team A in 2017 NBA draft when he was 19 years old."

contract(player_k, team_d, 2020, moratorium, 4, 10000000, 5).
% "Player K signed a 4-year contract (annual salary $10,000,000, 5% increase per year) with Team D during 2020 Moratorium Period."

operation(a, 1).
sign(a, team_d, player_k, 2, 11000000, 5).
% "A. Team D signs a 2-year contract with Player K providing annual salary $11,000,000 in the first Salary Cap Year (2024-2025) and 5% increase per year."

operation(b, 2).
sign(b, team_a, player_x, 2, 11000000, 5).
% "B. Team A signs a 2-year contract with Player X providing annual salary $11,000,000 in the first Salary Cap Year (2024-2025) and 5% increase per year."

operation(c, 3).
sign(c, team_e, player_p, 4, 18000000, 5).
% "C. Team E signs a 4-year contract with Player P providing annual salary $18,000,000 in the first Salary Cap Year (2024-2025) and 5% increase per year."
