% RuleArena NBA problem nba-0-20 (comp_0.json, index 20): gold facts
% written from the problem text alone by taxlogic.kb.nba.reading.reader and .render; do not edit:
% regenerate with python -m taxlogic.kb.nba.data.gold --write.

team_salary(team_a, 148000000).
% "Team A has a team salary of $148,000,000."

drafted(player_a, 1, 27, team_a, 2013, 20).
% "Player A was the 27th first-round pick of Team A in 2013 NBA draft when he was 20 years old."

contract(player_a, team_b, 2022, moratorium, 2, 6000000, 5).
% "Player A signed a 2-year contract (annual salary $6,000,000, 5% increase per year) with Team B during 2022 Moratorium Period."

drafted(player_b, 1, 7, team_c, 2014, 21).
% "Player B was the 7th first-round pick of Team C in 2014 NBA draft when he was 21 years old."

contract(player_b, team_a, 2022, moratorium, 2, 16000000, 5).
% "Player B signed a 2-year contract (annual salary $16,000,000, 5% increase per year) with Team A during 2022 Moratorium Period."

drafted(player_c, 1, 13, team_d, 2017, 19).
% "Player C was the 13th first-round pick of Team D in 2017 NBA draft when he was 19 years old."

contract(player_c, team_d, 2021, moratorium, 3, 11000000, 5).
% "Player C signed a 3-year contract (annual salary $11,000,000, 5% increase per year) with Team D during 2021 Moratorium Period."

operation(a, 1).
sign(a, team_a, player_a, 2, 5150000, 5).
% "A. Team A signs a 2-year contract with Player A providing annual salary $5,150,000 in the first Salary Cap Year (2024-2025) and 5% increase per year."

operation(b, 2).
sign(b, team_a, player_b, 4, 24000000, 5).
% "B. Team A signs a 4-year contract with Player B providing annual salary $24,000,000 in the first Salary Cap Year (2024-2025) and 5% increase per year."

operation(c, 3).
sign(c, team_a, player_c, 2, 4800000, 5).
% "C. Team A signs a 2-year contract with Player C providing annual salary $4,800,000 in the first Salary Cap Year (2024-2025) and 5% increase per year."
