% RuleArena NBA problem nba-0-7 (comp_0.json, index 7): gold facts
% written from the problem text alone by taxlogic.kb.nba.reading.reader and .render; do not edit:
% regenerate with python -m taxlogic.kb.nba.data.gold --write.

team_salary(team_a, 170000000).
% "Team A has a team salary of $170,000,000;"

team_salary(team_b, 120000000).
% "Team B has a team salary of $120,000,000."

drafted(player_a, 2, 33, team_c, 2016, 18).
% "Player A was the 33rd second-round pick of Team C in 2016 NBA draft when he was 18 years old."

contract(player_a, team_c, 2022, moratorium, 2, 6000000, 5).
% "Player A signed a 2-year contract (annual salary $6,000,000, 5% increase per year) with Team C during 2022 Moratorium Period."

drafted(player_b, 1, 15, team_b, 2014, 20).
% "Player B was the 15th first-round pick of Team B in 2014 NBA draft when he was 20 years old."

contract(player_b, team_b, 2023, moratorium, 2, 4800000, 5).
% "Player B signed a 2-year contract (annual salary $4,800,000, 5% increase per year) with Team B during 2023 Moratorium Period."

drafted(player_c, 1, 12, team_d, 2017, 19).
% "Player C was the 12th first-round pick of Team D in 2017 NBA draft when he was 19 years old."

contract(player_c, team_a, 2023, moratorium, 2, minimum, 5).
% "Player C signed a 2-year contract (minimum applicable player salary, 5% increase per year) with Team A during 2023 Moratorium Period."

operation(a, 1).
sign(a, team_a, player_a, 2, 8000000, 5).
% "A. Team A signs a 2-year contract with Player A providing annual salary $8,000,000 in the first Salary Cap Year (2024-2025) and 5% increase per year."

operation(b, 2).
trade_player(b, team_a, team_b, player_a).
trade_player(b, team_a, team_b, player_c).
trade_player(b, team_b, team_a, player_b).
% "B. Team A immediately trades Player A and Player C for Player B."
