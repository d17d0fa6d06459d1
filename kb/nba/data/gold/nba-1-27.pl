% RuleArena NBA problem nba-1-27 (comp_1.json, index 27): gold facts
% written from the problem text alone by taxlogic.kb.nba.reading.reader and .render; do not edit:
% regenerate with python -m taxlogic.kb.nba.data.gold --write.

team_salary(team_a, 130000000).
% "Team A has a team salary of $130,000,000."

team_salary(team_b, 172000000).
% "Team B has a team salary of $172,000,000."

drafted(player_a, 1, 13, team_a, 2017, 21).
% "Player A was the 13th first-round pick of Team A in 2017 NBA draft when he was 21 years old."

contract(player_a, team_a, 2023, moratorium, 3, 12300000, 5).
% "Player A signed a 3-year contract with Team A (annual salary $12,300,000, 5% increase per year) during 2023 Moratorium Period."

drafted(player_b, 2, 35, team_b, 2014, 20).
% "Player B was the 35th second-round pick of Team B in 2014 NBA draft when he was 20 years old."

contract(player_b, team_b, 2022, moratorium, 4, 5000000, 5).
% "Player B signed a 4-year contract with Team B (annual salary $5,000,000, 5% increase per year) during 2022 Moratorium Period."

drafted(player_c, 1, 11, team_e, 2010, 19).
% "Player C was the 11th first-round pick of Team E in 2010 NBA draft when he was 19 years old."

contract(player_c, team_c, 2023, moratorium, 2, 4000000, 5).
% "Player C signed a 2-year contract (annual salary $4,000,000, 5% increase per year) with Team C during 2023 Moratorium Period."

drafted(player_d, 2, 2, team_f, 2017, 22).
% "Player D was the 2nd second-round pick of Team F in 2017 NBA draft when he was 22 years old."

contract(player_d, team_c, 2022, moratorium, 3, 3000000, 5).
% "Player D signed a 3-year contract (annual salary $3,000,000, 5% increase per year) with Team C during 2022 Moratorium Period."

drafted(player_e, 2, 2, team_f, 2006, 19).
% "Player E was the 2nd second-round pick of Team F in 2006 NBA draft when he was 19 years old."

contract(player_e, team_d, 2022, moratorium, 2, 3000000, 5).
% "Player E signed a 2-year contract (annual salary $3,000,000, 5% increase per year) with Team D during 2022 Moratorium Period."

operation(a, 1).
sign(a, team_b, player_e, 4, 6000000, 5).
% "A. Team B signs a 4-year contract with Player E (annual salary $6,000,000, 5% increase per year)."

operation(b, 2).
trade_player(b, team_a, team_b, player_a).
trade_player(b, team_b, team_a, player_b).
trade_player(b, team_b, team_a, player_c).
trade_player(b, team_b, team_a, player_d).
% "B. Team A trades Player A to Team B for Player B, Player C, and Player D."
