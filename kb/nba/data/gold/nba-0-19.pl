% RuleArena NBA problem nba-0-19 (comp_0.json, index 19): gold facts
% written from the problem text alone by taxlogic.kb.nba.reading.reader and .render; do not edit:
% regenerate with python -m taxlogic.kb.nba.data.gold --write.

team_salary(team_a, 192000000).
% "Team A has a team salary of $192,000,000."

team_salary(team_b, 162000000).
% "Team B has a team salary of $162,000,000."

drafted(player_a, 1, 27, team_a, 2013, 20).
% "Player A was the 27th first-round pick of Team A in 2013 NBA draft when he was 20 years old."

contract(player_a, team_a, 2023, moratorium, 2, 6000000, 5).
% "Player A signed a 2-year contract (annual salary $6,000,000, 5% increase per year) with Team A during 2023 Moratorium Period."

drafted(player_b, 1, 7, team_c, 2014, 21).
% "Player B was the 7th first-round pick of Team C in 2014 NBA draft when he was 21 years old."

contract(player_b, team_b, 2022, moratorium, 3, 14000000, 5).
% "Player B signed a 3-year contract (annual salary $14,000,000, 5% increase per year) with Team B during 2022 Moratorium Period."

drafted(player_c, 1, 13, team_d, 2017, 19).
% "Player C was the 13th first-round pick of Team D in 2017 NBA draft when he was 19 years old."

contract(player_c, team_a, 2022, moratorium, 3, 11000000, 5).
% "Player C signed a 3-year contract (annual salary $11,000,000, 5% increase per year) with Team A during 2022 Moratorium Period."

operation(a, 1).
trade_player(a, team_a, team_b, player_a).
trade_player(a, team_a, team_b, player_c).
trade_player(a, team_b, team_a, player_b).
% "A. Team A trades Player A and Player C to Team B for Player B."
