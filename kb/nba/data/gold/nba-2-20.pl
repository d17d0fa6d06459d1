% RuleArena NBA problem nba-2-20 (comp_2.json, index 20): gold facts
% written from the problem text alone by taxlogic.kb.nba.reading.reader and .render; do not edit:
% regenerate with python -m taxlogic.kb.nba.data.gold --write.

team_salary(team_a, 85000000).
% "Team A has a team salary of $85,000,000;"

team_salary(team_c, 147000000).
% "Team C has a team salary of $147,000,000;"

team_salary(team_e, 112000000).
% "Team E has a team salary of $112,000,000."

drafted(player_a, 1, 3, team_c, 2016, 19).
% "Player A was the 3rd first-round pick of Team C in 2016 NBA draft when he was 19 years old."

contract(player_a, team_c, 2020, moratorium, 4, 20000000, 5).
% "Player A signed a 4-year contract (annual salary $20,000,000, 5% increase per year) with Team C during 2020 Moratorium Period."

award(player_a, 2023, all_nba_second).
% "In 2023-24 Salary Cap Year Player A was named to All-NBA second team."

drafted(player_b, 1, 5, team_c, 2014, 19).
% "Player B was the 5th first-round pick of Team C in 2014 NBA draft when he was 19 years old."

contract(player_b, team_e, 2023, moratorium, 4, 15000000, 5).
% "Player B signed a 4-year contract (annual salary $15,000,000, 5% increase per year) with Team E during 2023 Moratorium Period."

drafted(player_f, 1, 24, team_c, 2019, 20).
% "Player F was the 24th first-round pick of Team C in 2019 NBA draft when he was 20 years old."

contract(player_f, team_c, 2023, moratorium, 2, minimum, 5).
% "Player F signed a 2-year contract (minimum applicable player salary, 5% increase per year) with Team C during 2023 Moratorium Period."

drafted(player_c, 2, 48, team_e, 2016, 22).
% "Player C was the 48th second-round pick of Team E in 2016 NBA draft when he was 22 years old."

contract(player_c, team_c, 2023, moratorium, 2, minimum, 5).
% "Player C signed a 2-year contract (minimum applicable player salary, 5% increase per year) with Team C during 2023 Moratorium Period."

drafted(player_p, 1, 15, team_k, 2020, 23).
% "Player P was the 15th first-round pick of Team K in 2020 NBA draft when he was 23 years old."

contract(player_p, team_g, 2022, moratorium, 2, minimum, 5).
% "Player P signed a 2-year contract (minimum applicable player salary, 5% increase per year) with Team G during 2022 Moratorium Period."

drafted(player_k, 1, 27, team_e, 2019, 21).
% "Player K was the 27th first-round pick of Team E in 2019 NBA draft when he was 21 years old."

contract(player_k, team_g, 2022, moratorium, 2, 9000000, 5).
% "Player K signed a 2-year contract (annual salary $9,000,000, 5% increase per year) with Team G during 2022 Moratorium Period."

operation(a, 1).
sign(a, team_a, player_p, 3, 10000000, 5).
% "A. Team A signs a 3-year contract with Player P providing annual salary $10,000,000 in the first Salary Cap Year (2024-2025) and 5% increase per year."

operation(b, 2).
sign(b, team_c, player_a, 3, 35000000, 5).
trade_player(b, team_c, team_e, player_a).
trade_player(b, team_c, team_e, player_f).
trade_player(b, team_c, team_e, player_c).
trade_player(b, team_e, team_c, player_b).
% "B. Team C signs a 3-year contract with Player A providing annual salary $35,000,000 in the first Salary Cap Year (2024-2025) and 5% increase per year, and immediately trades Player A with Player F and C to Team E for Player B."

operation(c, 3).
sign(c, team_a, player_k, 4, 10000000, 5).
% "C. Team A signs a 4-year contract with Player K providing annual salary $10,000,000 in the first Salary Cap Year (2024-2025) and 5% increase per year."
