% RuleArena NBA problem nba-0-56 (comp_0.json, index 56): gold facts
% written from the problem text alone by taxlogic.kb.nba.reading.reader and .render; do not edit:
% regenerate with python -m taxlogic.kb.nba.data.gold --write.

team_salary(team_c, 142000000).
% "Team C has a team salary of $142,000,000;"

team_salary(team_b, 100000000).
% "Team B has a team salary of $100,000,000."

drafted(player_e, 1, 3, team_c, 2016, 19).
% "Player E was the 3rd first-round pick of Team C in 2016 NBA draft when he was 19 years old."

contract(player_e, team_c, 2020, moratorium, 4, 15000000, 5).
% "Player E signed a 4-year contract (annual salary $15,000,000, 5% increase per year) with Team C during 2020 Moratorium Period."

award(player_e, 2023, all_nba_second).
% "In 2023-24 Salary Cap Year Player E was named to All-NBA second team."

drafted(player_b, 1, 5, team_d, 2014, 19).
% "Player B was the 5th first-round pick of Team D in 2014 NBA draft when he was 19 years old."

contract(player_b, team_b, 2023, moratorium, 4, 30000000, 5).
% "Player B signed a 4-year contract (annual salary $30,000,000, 5% increase per year) with Team B during 2023 Moratorium Period."

drafted(player_c, 1, 24, team_c, 2013, 20).
% "Player C was the 24th first-round pick of Team C in 2013 NBA draft when he was 20 years old."

contract(player_c, team_c, 2023, moratorium, 2, minimum, 5).
% "Player C signed a 2-year contract (minimum applicable player salary, 5% increase per year) with Team C during 2023 Moratorium Period."

operation(a, 1).
sign(a, team_c, player_e, 3, 35000000, 5).
trade_player(a, team_c, team_b, player_e).
trade_player(a, team_c, team_b, player_c).
trade_player(a, team_b, team_c, player_b).
% "A. Team C signs a 3-year contract with Player E providing annual salary $35,000,000 in the first Salary Cap Year (2024-2025) and 5% increase per year, and immediately trades Player E and Player C to Team B for Player B."
