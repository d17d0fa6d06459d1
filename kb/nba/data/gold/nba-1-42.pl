% RuleArena NBA problem nba-1-42 (comp_1.json, index 42): gold facts
% written from the problem text alone by taxlogic.kb.nba.reading.reader and .render; do not edit:
% regenerate with python -m taxlogic.kb.nba.data.gold --write.

team_salary(team_c, 150000000).
% "Team C has a team salary of $150,000,000;"

team_salary(team_a, 80000000).
% "Team A has a team salary of $80,000,000;"

team_salary(team_f, 112000000).
% "Team F has a team salary of $112,000,000."

drafted(player_b, 1, 5, team_c, 2014, 19).
% "Player B was the 5th first-round pick of Team C in 2014 NBA draft when he was 19 years old."

contract(player_b, team_f, 2023, moratorium, 4, 15000000, 5).
% "Player B signed a 4-year contract (annual salary $15,000,000, 5% increase per year) with Team F during 2023 Moratorium Period."

drafted(player_f, 1, 24, team_c, 2019, 20).
% "Player F was the 24th first-round pick of Team C in 2019 NBA draft when he was 20 years old."

contract(player_f, team_c, 2023, moratorium, 2, minimum, 5).
% "Player F signed a 2-year contract (minimum applicable player salary, 5% increase per year) with Team C during 2023 Moratorium Period."

drafted(player_c, 2, 48, team_f, 2016, 22).
% "Player C was the 48th second-round pick of Team F in 2016 NBA draft when he was 22 years old."

contract(player_c, team_c, 2023, moratorium, 2, minimum, 5).
% "Player C signed a 2-year contract (minimum applicable player salary, 5% increase per year) with Team C during 2023 Moratorium Period."

drafted(player_k, 1, 15, team_k, 2020, 23).
% "Player K was the 15th first-round pick of Team K in 2020 NBA draft when he was 23 years old."

contract(player_k, team_g, 2022, moratorium, 2, minimum, 5).
% "Player K signed a 2-year contract (minimum applicable player salary, 5% increase per year) with Team G during 2022 Moratorium Period."

drafted(player_q, 1, 3, team_c, 2016, 19).
% "Player Q was the 3rd first-round pick of Team C in 2016 NBA draft when he was 19 years old."

contract(player_q, team_c, 2020, moratorium, 4, 20000000, 5).
% "Player Q signed a 4-year contract (annual salary $20,000,000, 5% increase per year) with Team C during 2020 Moratorium Period."

award(player_q, 2023, all_nba_second).
% "In 2023-24 Salary Cap Year Player Q was named to All-NBA second team."

operation(a, 1).
sign(a, team_a, player_k, 2, 12000000, 5).
% "A. Team A signs a 2-year contract with Player K providing annual salary $12,000,000 in the first Salary Cap Year (2024-2025) and 5% increase per year."

operation(b, 2).
sign(b, team_c, player_q, 3, 33000000, 5).
trade_player(b, team_c, team_f, player_q).
trade_player(b, team_c, team_f, player_f).
trade_player(b, team_c, team_f, player_c).
trade_player(b, team_f, team_c, player_b).
% "B. Team C signs a 3-year contract with Player Q providing annual salary $33,000,000 in the first Salary Cap Year (2024-2025) and 5% increase per year, and immediately trades Player Q with Player F and C to Team F for Player B."
