% RuleArena NBA problem nba-0-40 (comp_0.json, index 40): gold facts
% written from the problem text alone by taxlogic.kb.nba.reading.reader and .render; do not edit:
% regenerate with python -m taxlogic.kb.nba.data.gold --write.

team_salary(team_a, 100000000).
% "Team A has a team salary of $100,000,000;"

team_salary(team_b, 120000000).
% "Team B has a team salary of $120,000,000;"

team_salary(team_f, 80000000).
% "Team F has a team salary of $80,000,000."

drafted(player_a, 1, 3, team_b, 2016, 19).
% "Player A was the 3rd first-round pick of Team B in 2016 NBA draft when he was 19 years old."

contract(player_a, team_a, 2020, moratorium, 4, 20000000, 5).
% "Player A signed a 4-year contract (annual salary $20,000,000, 5% increase per year) with Team A during 2020 Moratorium Period."

drafted(player_b, 1, 12, team_a, 2008, 19).
% "Player B was the 12th first-round pick of Team A in 2008 NBA draft when he was 19 years old."

contract(player_b, team_a, 2020, moratorium, 4, 39000000, 5).
% "Player B signed a 4-year contract (annual salary $39,000,000, 5% increase per year) with Team A during 2020 Moratorium Period."

drafted(player_c, 1, 16, team_a, 2017, 19).
% "Player C was the 16th first-round pick of Team A in 2017 NBA draft when he was 19 years old."

contract(player_c, team_f, 2020, moratorium, 4, 10000000, 5).
% "Player C signed a 4-year contract (annual salary $10,000,000, 5% increase per year) with Team F during 2020 Moratorium Period."

operation(a, 1).
sign(a, team_f, player_c, 2, 10000000, 5).
% "A. Team F signs a 2-year contract with Player C providing annual salary $10,000,000 in the first Salary Cap Year (2024-2025) and 5% increase per year."

operation(b, 2).
sign(b, team_a, player_a, 4, 22000000, 5).
% "B. Team A signs a 4-year contract with Player A providing annual salary $22,000,000 in the first Salary Cap Year (2024-2025) and 5% increase per year."

operation(c, 3).
sign(c, team_b, player_b, 4, 16000000, 5).
% "C. Team B signs a 4-year contract with Player B providing annual salary $16,000,000 in the first Salary Cap Year (2024-2025) and 5% increase per year."
