% RuleArena NBA problem nba-1-28 (comp_1.json, index 28): gold facts
% written from the problem text alone by taxlogic.kb.nba.reading.reader and .render; do not edit:
% regenerate with python -m taxlogic.kb.nba.data.gold --write.

team_salary(team_b, 172000000).
% "Team B has a team salary of $172,000,000."

team_salary(team_c, 170000000).
% "Team C has a team salary of $170,000,000."

drafted(player_b, 1, 5, team_b, 2022, 20).
% "Player B was the 5th first-round pick of Team B in 2022 NBA draft when he was 20 years old."

contract(player_b, team_b, 2022, moratorium, 3, 10000000, 5).
% "Player B signed a 3-year contract with Team B (annual salary $10,000,000, 5% increase per year) during 2022 Moratorium Period."

drafted(player_c, 1, 11, team_e, 2010, 22).
% "Player C was the 11th first-round pick of Team E in 2010 NBA draft when he was 22 years old."

contract(player_c, team_c, 2023, moratorium, 2, 5000000, 4).
% "Player C signed a 2-year contract (annual salary $5,000,000, 4% increase per year) with Team C during 2023 Moratorium Period."

drafted(player_d, 1, 2, team_f, 2017, 22).
% "Player D was the 2nd first-round pick of Team F in 2017 NBA draft when he was 22 years old."

contract(player_d, team_c, 2022, moratorium, 3, 4000000, 5).
% "Player D signed a 3-year contract (annual salary $4,000,000, 5% increase per year) with Team C during 2022 Moratorium Period."

drafted(player_e, 2, 43, team_f, 2009, 21).
% "Player E was the 43th second-round pick of Team F in 2009 NBA draft when he was 21 years old."

contract(player_e, team_d, 2023, moratorium, 1, 9000000, 5).
% "Player E signed a 1-year contract (annual salary $9,000,000, 5% increase per year) with Team D during 2023 Moratorium Period."

operation(a, 1).
trade_player(a, team_b, team_c, player_b).
trade_player(a, team_c, team_b, player_c).
trade_player(a, team_c, team_b, player_d).
% "A. Team B trades Player B to team C for player C and player D."

operation(b, 2).
sign(b, team_b, player_e, 4, 6600000, 5).
% "B. Team B signs a 4-year contract with Player E providing annual salary $6,600,000 in the first Salary Cap Year (2024-2025) and 5% increase per year."
