% RuleArena NBA problem nba-0-64 (comp_0.json, index 64): gold facts
% written from the problem text alone by taxlogic.kb.nba.reading.reader and .render; do not edit:
% regenerate with python -m taxlogic.kb.nba.data.gold --write.

team_salary(team_a, 135000000).
% "Team A has a team salary of $135,000,000;"

team_salary(team_b, 130000000).
% "Team B has a team salary of $130,000,000."

drafted(player_a, 1, 3, team_c, 2016, 19).
% "Player A was the 3rd first-round pick of Team C in 2016 NBA draft when he was 19 years old."

contract(player_a, team_a, 2020, moratorium, 4, 20000000, 5).
% "Player A signed a 4-year contract (annual salary $20,000,000, 5% increase per year) with Team A during 2020 Moratorium Period."

award(player_a, 2023, all_nba_second).
% "In 2023-24 Salary Cap Year Player A was named to All-NBA second team."

drafted(player_b, 1, 5, team_d, 2014, 19).
% "Player B was the 5th first-round pick of Team D in 2014 NBA draft when he was 19 years old."

contract(player_b, team_b, 2023, moratorium, 4, 23000000, 5).
% "Player B signed a 4-year contract (annual salary $23,000,000, 5% increase per year) with Team B during 2023 Moratorium Period."

drafted(player_c, 1, 24, team_c, 2013, 20).
% "Player C was the 24th first-round pick of Team C in 2013 NBA draft when he was 20 years old."

contract(player_c, team_a, 2023, moratorium, 2, minimum, 5).
% "Player C signed a 2-year contract (minimum applicable player salary, 5% increase per year) with Team A during 2023 Moratorium Period."

operation(a, 1).
sign(a, team_a, player_a, 3, 23000000, 5).
trade_player(a, team_a, team_b, player_a).
trade_player(a, team_a, team_b, player_c).
trade_player(a, team_b, team_a, player_b).
% "A. Team A signs a 3-year contract with Player A providing annual salary $23,000,000 in the first Salary Cap Year (2024-2025) and 5% increase per year, and immediately trades Player A and Player C to Team B for Player B."
