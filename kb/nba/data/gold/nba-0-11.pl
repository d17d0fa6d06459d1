% RuleArena NBA problem nba-0-11 (comp_0.json, index 11): gold facts
% written from the problem text alone by taxlogic.kb.nba.reading.reader and .render; do not edit:
% regenerate with python -m taxlogic.kb.nba.data.gold --write.

team_salary(team_a, 194000000).
% "Team A has a team salary of $194,000,000."

team_salary(team_b, 170000000).
% "Team B has a team salary of $170,000,000."

drafted(player_a, 1, 2, team_a, 2013, 20).
% "Player A was the 2nd first-round pick of Team A in 2013 NBA draft when he was 20 years old."

contract(player_a, team_a, 2020, moratorium, 4, 30000000, 5).
% "Player A signed a 4-year contract (annual salary $30,000,000, 5% increase per year) with Team A during 2020 Moratorium Period."

drafted(player_b, 1, 5, team_b, 2014, 19).
% "Player B was the 5th first-round pick of Team B in 2014 NBA draft when he was 19 years old."

contract(player_b, team_b, 2022, moratorium, 5, 40000000, 5).
% "Player B signed a 5-year contract (annual salary $40,000,000, 5% increase per year) with Team B during 2022 Moratorium Period."

operation(a, 1).
sign(a, team_a, player_a, 4, 49200000, 5).
trade_player(a, team_a, team_b, player_a).
trade_player(a, team_b, team_a, player_b).
% "A. Team A signs a 4-year contract with Player A providing annual salary $49,200,000 in the first Salary Cap Year (2024-2025) and 5% increase per year, and immediately trades Player A to Team B for Player B."
