% RuleArena NBA problem nba-2-15 (comp_2.json, index 15): gold facts
% written from the problem text alone by taxlogic.kb.nba.reading.reader and .render; do not edit:
% regenerate with python -m taxlogic.kb.nba.data.gold --write.

team_salary(team_a, 130000000).
% "Team A has a team salary of $130,000,000."

team_salary(team_b, 176000000).
% "Team B has a team salary of $176,000,000."

team_salary(team_c, 150000000).
% "Team C has a team salary of $150,000,000."

drafted(player_a, 1, 13, team_a, 2017, 21).
% "Player A was the 13th first-round pick of Team A in 2017 NBA draft when he was 21 years old."

contract(player_a, team_a, 2022, moratorium, 2, 17000000, 5).
% "Player A signed a 2-year contract with Team A (annual salary $17,000,000, 5% increase per year) during 2022 Moratorium Period."

award(player_a, 2023, all_nba_second).
% "In 2023-24 Salary Cap Year Player A was named to the All-NBA second Team."

drafted(player_b, 1, 5, team_b, 2022, 20).
% "Player B was the 5th first-round pick of Team B in 2022 NBA draft when he was 20 years old."

contract(player_b, team_b, 2022, moratorium, 4, 18000000, 4).
% "Player B signed a 4-year contract with Team B (annual salary $18,000,000, 4% increase per year) during 2022 Moratorium Period."

drafted(player_c, 1, 11, team_e, 2010, 22).
% "Player C was the 11th first-round pick of Team E in 2010 NBA draft when he was 22 years old."

contract(player_c, team_c, 2023, moratorium, 2, minimum, unstated).
% "Player C signed a 2-year contract (minimum salary) with Team C during 2023 Moratorium Period."

drafted(player_d, 1, 2, team_f, 2017, 22).
% "Player D was the 2nd first-round pick of Team F in 2017 NBA draft when he was 22 years old."

contract(player_d, team_c, 2022, moratorium, 3, minimum, unstated).
% "Player D signed a 3-year contract (minimum salary) with Team C during 2022 Moratorium Period."

drafted(player_e, 2, 44, team_f, 2016, 22).
% "Player E was the 44th second-round pick of Team F in 2016 NBA draft when he was 22 years old."

contract(player_e, team_b, 2022, moratorium, 3, 15000000, 5).
% "Player E signed a 3-year contract (annual salary $15,000,000, 5% increase per year) with Team B during 2022 Moratorium Period."

drafted(player_f, 1, 16, team_f, 2015, 19).
% "Player F was the 16th first-round pick of Team F in 2015 NBA draft when he was 19 years old."

contract(player_f, team_c, 2023, moratorium, 2, 11000000, 5).
% "Player F signed a 2-year contract (annual salary $11,000,000, 5% increase per year) with Team C during 2023 Moratorium Period."

operation(a, 1).
sign(a, team_a, player_a, 3, 20000000, 5).
trade_player(a, team_a, team_b, player_a).
trade_player(a, team_b, team_a, player_b).
% "A. Team A signs a 3-year contract with Player A providing annual salary $20,000,000 in the first Salary Cap Year (2024-2025) and 5% increase per year, and immediately trades Player A to Team B for Player B."

operation(b, 2).
trade_player(b, team_b, team_c, player_e).
trade_player(b, team_c, team_b, player_c).
trade_player(b, team_c, team_b, player_d).
trade_player(b, team_c, team_b, player_f).
operation_date(b, 2024, 9, 13).
% "B. Team B trades Player E to team C for Player C, Player D, and Player F on Sep 13th, 2024."
