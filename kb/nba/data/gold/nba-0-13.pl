% RuleArena NBA problem nba-0-13 (comp_0.json, index 13): gold facts
% written from the problem text alone by taxlogic.kb.nba.reading.reader and .render; do not edit:
% regenerate with python -m taxlogic.kb.nba.data.gold --write.

team_salary(team_a, 125000000).
% "Team A has a team salary of $125,000,000."

drafted(player_a, 1, 2, team_a, 2013, 20).
% "Player A was the 2nd first-round pick of Team A in 2013 NBA draft when he was 20 years old."

contract(player_a, team_a, 2020, moratorium, 4, 32000000, 5).
% "Player A signed a 4-year contract (annual salary $32,000,000, 5% increase per year) with Team A during 2020 Moratorium Period."

drafted(player_b, 1, 5, team_b, 2014, 19).
% "Player B was the 5th first-round pick of Team B in 2014 NBA draft when he was 19 years old."

contract(player_b, team_a, 2022, moratorium, 4, 30000000, 5).
% "Player B signed a 4-year contract (annual salary $30,000,000, 5% increase per year) with Team A during 2022 Moratorium Period."

drafted(player_c, 1, 13, team_c, 2017, 19).
% "Player C was the 13th first-round pick of Team C in 2017 NBA draft when he was 19 years old."

contract(player_c, team_b, 2023, moratorium, 3, 24000000, 5).
% "Player C signed a 3-year contract (annual salary $24,000,000, 5% increase per year) with Team B during 2023 Moratorium Period."

drafted(player_d, 1, 11, team_d, 2017, 21).
% "Player D was the 11th first-round pick of Team D in 2017 NBA draft when he was 21 years old."

contract(player_d, team_b, 2023, moratorium, 3, 14000000, 5).
% "Player D signed a 3-year contract (annual salary $14,000,000, 5% increase per year) with Team B during 2023 Moratorium Period."

operation(a, 1).
trade_player(a, team_a, team_b, player_b).
trade_player(a, team_b, team_a, player_c).
trade_player(a, team_b, team_a, player_d).
% "A. Team A trades Player B to Team B for Player C and Player D."
