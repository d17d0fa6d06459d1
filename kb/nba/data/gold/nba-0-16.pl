% RuleArena NBA problem nba-0-16 (comp_0.json, index 16): gold facts
% written from the problem text alone by taxlogic.kb.nba.reading.reader and .render; do not edit:
% regenerate with python -m taxlogic.kb.nba.data.gold --write.

team_salary(team_a, 120000000).
% "Team A has a team salary of $120,000,000."

team_salary(team_b, 120000000).
% "Team B has a team salary of $120,000,000."

drafted(player_a, 1, 25, team_a, 2016, 20).
% "Player A was the 25th first-round pick of Team A in 2016 NBA draft when he was 20 years old."

contract(player_a, team_a, 2022, moratorium, 2, 18000000, 5).
% "Player A signed a 2-year contract (annual salary $18,000,000, 5% increase per year) with Team A during 2022 Moratorium Period."

drafted(player_b, 1, 7, team_b, 2014, 21).
% "Player B was the 7th first-round pick of Team B in 2014 NBA draft when he was 21 years old."

contract(player_b, team_b, 2022, moratorium, 4, 30000000, 8).
% "Player B signed a 4-year contract (annual salary $30,000,000, 8% increase per year) with Team B during 2022 Moratorium Period."

drafted(player_c, 1, 11, team_c, 2016, 19).
% "Player C was the 11th first-round pick of Team C in 2016 NBA draft when he was 19 years old."

contract(player_c, team_a, 2023, moratorium, 3, 16000000, 5).
% "Player C signed a 3-year contract (annual salary $16,000,000, 5% increase per year) with Team A during 2023 Moratorium Period."

operation(a, 1).
trade_player(a, team_a, team_b, player_c).
trade_player(a, team_b, team_a, player_b).
% "A. Team A trades Player C to Team B for Player B."
