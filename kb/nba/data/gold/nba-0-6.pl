% RuleArena NBA problem nba-0-6 (comp_0.json, index 6): gold facts
% written from the problem text alone by taxlogic.kb.nba.reading.reader and .render; do not edit:
% regenerate with python -m taxlogic.kb.nba.data.gold --write.

team_salary(team_a, 179000000).
% "Team A has a team salary of $179,000,000;"

team_salary(team_b, 120000000).
% "Team B has a team salary of $120,000,000."

drafted(player_a, 1, 3, team_a, 2016, 18).
% "Player A was the 3rd first-round pick of Team A in 2016 NBA draft when he was 18 years old."

contract(player_a, team_a, 2023, moratorium, 4, 36000000, 5).
% "Player A signed a 4-year contract (annual salary $36,000,000, 5% increase per year) with Team A during 2023 Moratorium Period."

drafted(player_b, 1, 15, team_b, 2014, 20).
% "Player B was the 15th first-round pick of Team B in 2014 NBA draft when he was 20 years old."

contract(player_b, team_b, 2022, moratorium, 4, 34300000, 5).
% "Player B signed a 4-year contract (annual salary $34,300,000, 5% increase per year) with Team B during 2022 Moratorium Period."

operation(a, 1).
trade_player(a, team_a, team_b, player_a).
trade_player(a, team_b, team_a, player_b).
% "A. Team A trades Player A for Player B."
