% RuleArena NBA problem nba-2-29 (comp_2.json, index 29): gold facts
% written from the problem text alone by taxlogic.kb.nba.reading.reader and .render; do not edit:
% regenerate with python -m taxlogic.kb.nba.data.gold --write.

team_salary(team_c, 90000000).
% "Team C has a team salary of $90,000,000;"

team_salary(team_m, 144000000).
% "Team M has a team salary of $144,000,000;"

team_salary(team_k, 100000000).
% "Team K has a team salary of $100,000,000;"

team_salary(team_d, 160000000).
% "Team D has a team salary of $160,000,000."

drafted(player_e, 1, 3, team_m, 2016, 19).
% "Player E was the 3rd first-round pick of Team M in 2016 NBA draft when he was 19 years old."

contract(player_e, team_m, 2020, moratorium, 4, 20000000, 5).
% "Player E signed a 4-year contract (annual salary $20,000,000, 5% increase per year) with Team M during 2020 Moratorium Period."

award(player_e, 2023, all_nba_second).
% "In 2023-24 Salary Cap Year Player E was named to All-NBA second team."

drafted(player_b, 1, 5, team_d, 2014, 19).
% "Player B was the 5th first-round pick of Team D in 2014 NBA draft when he was 19 years old."

contract(player_b, team_k, 2023, moratorium, 4, 30000000, 5).
% "Player B signed a 4-year contract (annual salary $30,000,000, 5% increase per year) with Team K during 2023 Moratorium Period."

drafted(player_c, 1, 24, team_m, 2013, 20).
% "Player C was the 24th first-round pick of Team M in 2013 NBA draft when he was 20 years old."

contract(player_c, team_m, 2023, moratorium, 2, minimum, 5).
% "Player C signed a 2-year contract (minimum applicable player salary, 5% increase per year) with Team M during 2023 Moratorium Period."

drafted(player_f, 1, 23, team_e, 2020, 20).
% "Player F was the 23rd first-round pick of Team E in 2020 NBA draft when he was 20 years old."

contract(player_f, team_q, 2022, moratorium, 2, 10000000, 5).
% "Player F signed a 2-year contract (annual salary $10,000,000, 5% increase per year) with Team Q during 2022 Moratorium Period."

drafted(player_k, 1, 25, team_e, 2013, 20).
% "Player K was the 25th first-round pick of Team E in 2013 NBA draft when he was 20 years old."

contract(player_k, team_f, 2021, moratorium, 3, 10000000, 5).
% "Player K signed a 3-year contract (annual salary $10,000,000, 5% increase per year) with Team F during 2021 Moratorium Period."

operation(a, 1).
sign(a, team_c, player_f, 2, 11000000, 5).
% "A. Team C signs a 2-year contract with Player F providing annual salary $11,000,000 in the first Salary Cap Year (2024-2025) and 5% increase per year"

operation(b, 2).
sign(b, team_d, player_k, 2, 12000000, 5).
% "B. Team D signs a 2-year contract with Player K providing annual salary $12,000,000 in the first Salary Cap Year (2024-2025) and 5% increase per year"

operation(c, 3).
sign(c, team_m, player_e, 3, 35000000, 5).
trade_player(c, team_m, team_k, player_e).
trade_player(c, team_m, team_k, player_c).
trade_player(c, team_k, team_m, player_b).
% "C. Team M signs a 3-year contract with Player E providing annual salary $35,000,000 in the first Salary Cap Year (2024-2025) and 5% increase per year, and immediately trades Player E and Player C to Team K for Player B."
