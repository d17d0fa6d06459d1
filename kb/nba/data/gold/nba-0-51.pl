% RuleArena NBA problem nba-0-51 (comp_0.json, index 51): gold facts
% written from the problem text alone by taxlogic.kb.nba.reading.reader and .render; do not edit:
% regenerate with python -m taxlogic.kb.nba.data.gold --write.

team_salary(team_d, 115000000).
% "Team D has a team salary of $115,000,000;"

team_salary(team_g, 149000000).
% "Team G has a team salary of $149,000,000;"

drafted(player_a, 1, 10, team_c, 2018, 19).
% "Player A was the 10th first-round pick of Team C in 2018 NBA draft when he was 19 years old."

contract(player_a, team_g, 2020, moratorium, 4, 20000000, 5).
% "Player A signed a 4-year contract (annual salary $20,000,000, 5% increase per year) with Team G during 2020 Moratorium Period."

award(player_a, 2023, all_nba_second).
% "In 2023-24 Salary Cap Year Player A was named to All-NBA second team."

drafted(player_b, 1, 7, team_d, 2014, 19).
% "Player B was the 7th first-round pick of Team D in 2014 NBA draft when he was 19 years old."

contract(player_b, team_d, 2023, moratorium, 4, 15000000, 5).
% "Player B signed a 4-year contract (annual salary $15,000,000, 5% increase per year) with Team D during 2023 Moratorium Period."

drafted(player_c, 1, 24, team_c, 2013, 20).
% "Player C was the 24th first-round pick of Team C in 2013 NBA draft when he was 20 years old."

contract(player_c, team_g, 2023, moratorium, 2, minimum, 5).
% "Player C signed a 2-year contract (minimum applicable player salary, 5% increase per year) with Team G during 2023 Moratorium Period."

drafted(player_d, 2, 28, team_e, 2016, 22).
% "Player D was the 28th second-round pick of Team E in 2016 NBA draft when he was 22 years old."

contract(player_d, team_g, 2023, moratorium, 2, minimum, 5).
% "Player D signed a 2-year contract (minimum applicable player salary, 5% increase per year) with Team G during 2023 Moratorium Period."

operation(a, 1).
sign(a, team_g, player_a, 3, 35000000, 5).
trade_player(a, team_g, team_d, player_a).
trade_player(a, team_g, team_d, player_c).
trade_player(a, team_g, team_d, player_d).
trade_player(a, team_d, team_g, player_b).
% "A. Team G signs a 3-year contract with Player A providing annual salary $35,000,000 in the first Salary Cap Year (2024-2025) and 5% increase per year, and immediately trades Player A with Player C and D to Team D for Player B."
