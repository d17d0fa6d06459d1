% RuleArena NBA problem nba-2-39 (comp_2.json, index 39): gold facts
% written from the problem text alone by taxlogic.kb.nba.reading.reader and .render; do not edit:
% regenerate with python -m taxlogic.kb.nba.data.gold --write.

team_salary(team_a, 90000000).
% "Team A has a team salary of $90,000,000."

team_salary(team_b, 100000000).
% "Team B has a team salary of $100,000,000."

team_salary(team_c, 132000000).
% "Team C has a team salary of $132,000,000."

team_salary(team_g, 114000000).
% "Team G has a team salary of $114,000,000."

drafted(player_a, 1, 7, team_p, 2015, 21).
% "Player A was the 7th first-round pick of Team P in 2015 NBA draft when he was 21 years old."

contract(player_a, team_c, 2021, moratorium, 3, 24000000, 5).
% "Player A signed a 3-year contract (annual salary $24,000,000, 5% increase per year) with Team C during 2021 Moratorium Period."

drafted(player_b, 1, 15, team_d, 2014, 19).
% "Player B was the 15th first-round pick of Team D in 2014 NBA draft when he was 19 years old."

contract(player_b, team_g, 2022, moratorium, 3, 20000000, 5).
% "Player B signed a 3-year contract (annual salary $20,000,000, 5% increase per year) with Team G during 2022 Moratorium Period."

drafted(player_c, 1, 10, team_f, 2020, 20).
% "Player C was the 10th first-round pick of Team F in 2020 NBA draft when he was 20 years old."

contract(player_c, team_k, 2022, moratorium, 2, 10000000, 5).
% "Player C signed a 2-year contract (annual salary $10,000,000, 5% increase per year) with Team K during 2022 Moratorium Period."

drafted(player_d, 1, 25, team_l, 2019, 22).
% "Player D was the 25th first-round pick of Team L in 2019 NBA draft when he was 22 years old."

contract(player_d, team_f, 2021, moratorium, 3, 8000000, 5).
% "Player D signed a 3-year contract (annual salary $8,000,000, 5% increase per year) with Team F during 2021 Moratorium Period."

operation(a, 1).
sign(a, team_a, player_c, 2, 12000000, 5).
% "A. Team A signs a 2-year contract with Player C providing annual salary $12,000,000 in the first Salary Cap Year (2024-2025) and 5% increase per year"

operation(b, 2).
sign(b, team_c, player_a, 3, 35000000, 7).
trade_player(b, team_c, team_g, player_a).
trade_player(b, team_g, team_c, player_b).
% "B. Team C signs a 3-year contract with Player A providing annual salary $35,000,000 in the first Salary Cap Year (2024-2025) and 7% increase per year, and immediately trades Player A to Team G for Player B."

operation(c, 3).
sign(c, team_b, player_d, 2, 9000000, 5).
% "C. Team B signs a 2-year contract with Player D providing annual salary $9,000,000 in the first Salary Cap Year (2024-2025) and 5% increase per year"
