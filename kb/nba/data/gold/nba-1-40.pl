% RuleArena NBA problem nba-1-40 (comp_1.json, index 40): gold facts
% written from the problem text alone by taxlogic.kb.nba.reading.reader and .render; do not edit:
% regenerate with python -m taxlogic.kb.nba.data.gold --write.

team_salary(team_a, 80000000).
% "Team A has a team salary of $80,000,000;"

team_salary(team_p, 150000000).
% "Team P has a team salary of $150,000,000;"

team_salary(team_e, 110000000).
% "Team E has a team salary of $110,000,000."

drafted(player_a, 1, 3, team_c, 2016, 19).
% "Player A was the 3rd first-round pick of Team C in 2016 NBA draft when he was 19 years old."

contract(player_a, team_p, 2020, moratorium, 4, 20000000, 5).
% "Player A signed a 4-year contract (annual salary $20,000,000, 5% increase per year) with Team P during 2020 Moratorium Period."

award(player_a, 2023, all_nba_second).
% "In 2023-24 Salary Cap Year Player A was named to All-NBA second team."

drafted(player_b, 1, 5, team_d, 2014, 19).
% "Player B was the 5th first-round pick of Team D in 2014 NBA draft when he was 19 years old."

contract(player_b, team_e, 2023, moratorium, 4, 15000000, 5).
% "Player B signed a 4-year contract (annual salary $15,000,000, 5% increase per year) with Team E during 2023 Moratorium Period."

drafted(player_c, 1, 24, team_c, 2019, 20).
% "Player C was the 24th first-round pick of Team C in 2019 NBA draft when he was 20 years old."

contract(player_c, team_p, 2023, moratorium, 2, minimum, 5).
% "Player C signed a 2-year contract (minimum applicable player salary, 5% increase per year) with Team P during 2023 Moratorium Period."

drafted(player_d, 2, 48, team_e, 2016, 22).
% "Player D was the 48th second-round pick of Team E in 2016 NBA draft when he was 22 years old."

contract(player_d, team_p, 2023, moratorium, 2, minimum, 5).
% "Player D signed a 2-year contract (minimum applicable player salary, 5% increase per year) with Team P during 2023 Moratorium Period."

drafted(player_g, 1, 15, team_k, 2020, 23).
% "Player G was the 15th first-round pick of Team K in 2020 NBA draft when he was 23 years old."

contract(player_g, team_g, 2022, moratorium, 2, minimum, 5).
% "Player G signed a 2-year contract (minimum applicable player salary, 5% increase per year) with Team G during 2022 Moratorium Period."

operation(a, 1).
sign(a, team_a, player_g, 2, 10000000, 5).
% "A. Team A signs a 2-year contract with Player G providing annual salary $10,000,000 in the first Salary Cap Year (2024-2025) and 5% increase per year."

operation(b, 2).
sign(b, team_p, player_a, 3, 35500000, 5).
trade_player(b, team_p, team_e, player_a).
trade_player(b, team_p, team_e, player_c).
trade_player(b, team_p, team_e, player_d).
trade_player(b, team_e, team_p, player_b).
% "B. Team P signs a 3-year contract with Player A providing annual salary $35,500,000 in the first Salary Cap Year (2024-2025) and 5% increase per year, and immediately trades Player A with Player C and D to Team E for Player B."
