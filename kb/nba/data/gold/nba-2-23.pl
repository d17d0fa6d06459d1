% RuleArena NBA problem nba-2-23 (comp_2.json, index 23): gold facts
% written from the problem text alone by taxlogic.kb.nba.reading.reader and .render; do not edit:
% regenerate with python -m taxlogic.kb.nba.data.gold --write.

team_salary(team_a, 110000000).
% "Team A has a team salary of $110,000,000;"

team_salary(team_x, 136500000).
% "Team X has a team salary of $136,500,000;"

team_salary(team_f, 100000000).
% "Team F has a team salary of $100,000,000."

drafted(player_a, 1, 23, team_x, 2016, 18).
% "Player A was the 23rd first-round pick of Team X in 2016 NBA draft when he was 18 years old."

contract(player_a, team_a, 2021, moratorium, 3, 15000000, 5).
% "Player A signed a 3-year contract (annual salary $15,000,000, 5% increase per year) with Team A during 2021 Moratorium Period."

drafted(player_b, 2, 31, team_d, 2017, 21).
% "Player B was the 31st second-round pick of Team D in 2017 NBA draft when he was 21 years old."

contract(player_b, team_d, 2022, moratorium, 2, 4000000, 5).
% "Player B signed a 2-year contract (annual salary $4,000,000, 5% increase per year) with Team D during 2022 Moratorium Period."

drafted(player_e, 1, 33, team_a, 2018, 20).
% "Player E was the 33th first-round pick of Team A in 2018 NBA draft when he was 20 years old."

contract(player_e, team_f, 2022, moratorium, 2, 9000000, 5).
% "Player E signed a 2-year contract (annual salary $9,000,000, 5% increase per year) with Team F during 2022 Moratorium Period."

drafted(player_d, 1, 20, team_x, 2019, 22).
% "Player D was the 20th first-round pick of Team X in 2019 NBA draft when he was 22 years old."

contract(player_d, team_a, 2021, moratorium, 3, 15000000, 5).
% "Player D signed a 3-year contract (annual salary $15,000,000, 5% increase per year) with Team A during 2021 Moratorium Period."

operation(a, 1).
sign(a, team_a, player_d, 3, 20000000, 5).
% "A. Team A signs a 3-year contract with Player D providing annual salary $20,000,000 in the first Salary Cap Year (2024-2025) and 5% increase per year"

operation(b, 2).
sign(b, team_x, player_a, 2, 7100000, 5).
% "B. Team X signs a 2-year contract with Player A providing annual salary $7,100,000 in the first Salary Cap Year (2024-2025) and 5% increase per year."

operation(c, 3).
sign(c, team_x, player_b, 2, 4200000, 5).
% "C. Team X signs a 2-year contract with Player B providing annual salary $4,200,000 in the first Salary Cap Year (2024-2025) and 5% increase per year."

operation(d, 4).
sign(d, team_f, player_e, 2, 20000000, 5).
% "D. Team F signs a 2-year contract with Player E providing annual salary $20,000,000 in the first Salary Cap Year (2024-2025) and 5% increase per year"
