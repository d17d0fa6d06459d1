% RuleArena NBA problem nba-0-21 (comp_0.json, index 21): gold facts
% written from the problem text alone by taxlogic.kb.nba.reading.reader and .render; do not edit:
% regenerate with python -m taxlogic.kb.nba.data.gold --write.

team_salary(team_a, 148000000).
% "Team A has a team salary of $148,000,000."

team_salary(team_b, 160000000).
% "Team B has a team salary of $160,000,000."

drafted(player_a, 2, 37, team_c, 2013, 20).
% "Player A was the 37th second-round pick of Team C in 2013 NBA draft when he was 20 years old."

contract(player_a, team_a, 2023, moratorium, 2, 3200000, 5).
% "Player A signed a 2-year contract (annual salary $3,200,000, 5% increase per year) with Team A during 2023 Moratorium Period."

drafted(player_b, 2, 31, team_d, 2014, 21).
% "Player B was the 31st second-round pick of Team D in 2014 NBA draft when he was 21 years old."

contract(player_b, team_b, 2022, moratorium, 3, 11000000, 5).
% "Player B signed a 3-year contract (annual salary $11,000,000, 5% increase per year) with Team B during 2022 Moratorium Period."

operation(a, 1).
trade_player(a, team_a, team_b, player_a).
trade_player(a, team_b, team_a, player_b).
% "A. Team A trades player A for Player B."
