% RuleArena NBA problem nba-1-0 (comp_1.json, index 0): gold facts
% written from the problem text alone by taxlogic.kb.nba.reading.reader and .render; do not edit:
% regenerate with python -m taxlogic.kb.nba.data.gold --write.

team_salary(team_a, 90000000).
% "Team A has a team salary of $90,000,000;"

team_salary(team_b, 178000000).
% "Team B has a team salary of $178,000,000."

drafted(player_a, 1, 3, team_c, 2016, 19).
% "Player A was the 3rd first-round pick of Team C in 2016 NBA draft when he was 19 years old."

contract(player_a, team_a, 2020, moratorium, 4, 24000000, 5).
% "Player A signed a 4-year contract (annual salary $24,000,000, 5% increase per year) with Team A during 2020 Moratorium Period."

award(player_a, 2023, all_nba_second).
% "In 2023-24 Salary Cap Year Player A was named to All-NBA second team."

drafted(player_b, 1, 5, team_d, 2014, 19).
% "Player B was the 5th first-round pick of Team D in 2014 NBA draft when he was 19 years old."

contract(player_b, team_b, 2023, moratorium, 4, 33000000, 5).
% "Player B signed a 4-year contract (annual salary $33,000,000, 5% increase per year) with Team B during 2023 Moratorium Period."

drafted(player_c, 1, 11, team_e, 2011, 21).
% "Player C was the 11th first-round pick of Team E in 2011 NBA draft when he was 21 years old."

contract(player_c, team_b, 2023, moratorium, 2, 9000000, 5).
% "Player C signed a 2-year contract (annual salary $9,000,000, 5% increase per year) with Team B during 2023 Moratorium Period."

drafted(player_d, 2, 51, team_b, 2017, 20).
% "Player D was the 51st second-round pick of Team B in 2017 NBA draft when he was 20 years old."

contract(player_d, team_c, 2022, moratorium, 2, 7000000, 5).
% "Player D signed a 2-year contract (annual salary $7,000,000, 5% increase per year) with Team C during 2022 Moratorium Period."

operation(a, 1).
sign(a, team_a, player_a, 3, 42000000, 5).
trade_player(a, team_a, team_b, player_a).
trade_player(a, team_b, team_a, player_b).
trade_player(a, team_b, team_a, player_c).
% "A. Team A signs a 3-year contract with Player A providing annual salary $42,000,000 in the first Salary Cap Year (2024-2025) and 5% increase per year, and immediately trades Player A to Team B for Player B and Player C."

operation(b, 2).
sign(b, team_b, player_d, 2, 5150000, 5).
% "B. Team B signs a 2-year contract with Player D providing annual salary $5,150,000 in the first Salary Cap Year (2024-2025) and 5% increase per year."
