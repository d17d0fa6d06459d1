% RuleArena NBA problem nba-0-10 (comp_0.json, index 10): gold facts
% written from the problem text alone by taxlogic.kb.nba.reading.reader and .render; do not edit:
% regenerate with python -m taxlogic.kb.nba.data.gold --write.

team_salary(team_a, 145000000).
% "Team A has a team salary of $145,000,000."

drafted(player_a, 1, 1, team_a, 2010, 20).
% "Player A was the 1st first-round pick of Team A in 2010 NBA draft when he was 20 years old."

contract(player_a, team_a, 2019, moratorium, 5, 30000000, 8).
% "Player A signed a 5-year contract (annual salary $30,000,000, 8% increase per year) with Team A during 2019 Moratorium Period."

drafted(player_b, 1, 5, team_b, 2014, 19).
% "Player B was the 5th first-round pick of Team B in 2014 NBA draft when he was 19 years old."

contract(player_b, team_b, 2021, moratorium, 3, 15000000, 5).
% "Player B signed a 3-year contract (annual salary $15,000,000, 5% increase per year) with Team B during 2021 Moratorium Period."

drafted(player_c, 1, 5, team_b, 2016, 21).
% "Player C was the 5th first-round pick of Team B in 2016 NBA draft when he was 21 years old."

contract(player_c, team_a, 2020, moratorium, 4, 25000000, 5).
% "Player C signed a 4-year contract (annual salary $25,000,000, 5% increase per year) with Team A during 2020 Moratorium Period."

operation(a, 1).
sign(a, team_a, player_b, 2, 10000000, 5).
% "A. Team A signs a 2-year contract with Player B providing annual salary $10,000,000 in the first Salary Cap Year (2024-2025) and 5% increase per year."

operation(b, 2).
sign(b, team_a, player_a, 5, 20000000, 8).
% "B. Team A signs a 5-year contract with Player A providing annual salary $20,000,000 in the first Salary Cap Year (2024-2025) and 8% increase per year."

operation(c, 3).
sign(c, team_a, player_a, 5, 30000000, 8).
% "C. Team A signs a 5-year contract with Player A providing annual salary $30,000,000 in the first Salary Cap Year (2024-2025) and 8% increase per year."
