% RuleArena NBA problem nba-0-68 (comp_0.json, index 68): gold facts
% written from the problem text alone by taxlogic.kb.nba.reading.reader and .render; do not edit:
% regenerate with python -m taxlogic.kb.nba.data.gold --write.

team_salary(team_a, 176000000).
% "Team A has a team salary of $176,000,000;"

team_salary(team_b, 142000000).
% "Team B has a team salary of $142,000,000."

players_signed(team_a, 13).
% "Team A signs 13 players before the new season."

players_signed(team_b, 14).
% "Team B signs 14 players before the new season."

drafted(player_a, 1, 23, team_c, 2016, 18).
% "Player A was the 23rd first-round pick of Team C in 2016 NBA draft when he was 18 years old."

contract(player_a, team_c, 2021, moratorium, 3, 15000000, 5).
% "Player A signed a 3-year contract (annual salary $15,000,000, 5% increase per year) with Team C during 2021 Moratorium Period."

drafted(player_b, 2, 31, team_d, 2017, 21).
% "Player B was the 31st second-round pick of Team D in 2017 NBA draft when he was 21 years old."

contract(player_b, team_d, 2022, moratorium, 2, 4000000, 5).
% "Player B signed a 2-year contract (annual salary $4,000,000, 5% increase per year) with Team D during 2022 Moratorium Period."

drafted(player_c, 2, 36, team_e, 2018, 21).
% "Player C was the 36st second-round pick of Team E in 2018 NBA draft when he was 21 years old."

contract(player_c, team_e, 2022, moratorium, 2, 4000000, 5).
% "Player C signed a 2-year contract (annual salary $4,000,000, 5% increase per year) with Team E during 2022 Moratorium Period."

operation(a, 1).
sign(a, team_a, player_a, 2, minimum, 5).
sign(a, team_a, player_b, 2, minimum, 5).
% "A. Team A signs a 2-year contract with Player A providing a minimum applicable player salary, 5% increase per year and signs a contract 2-year contract with Player B providing a minimum applicable player salary, 5% increase per year."

operation(b, 2).
sign(b, team_b, player_c, 3, minimum, 5).
% "B. Team B signs a 3-year contract with Player C providing a minimum applicable player salary, 5% increase per year."
