% RuleArena NBA problem nba-0-76 (comp_0.json, index 76): gold facts
% written from the problem text alone by taxlogic.kb.nba.reading.reader and .render; do not edit:
% regenerate with python -m taxlogic.kb.nba.data.gold --write.

team_salary(team_a, 152000000).
% "Team A has a team salary of $152,000,000."

team_salary(team_b, 100000000).
% "Team B has a team salary of $100,000,000."

drafted(player_a, 1, 7, team_c, 2015, 21).
% "Player A was the 7th first-round pick of Team C in 2015 NBA draft when he was 21 years old."

contract(player_a, team_a, 2021, moratorium, 3, 24000000, 5).
% "Player A signed a 3-year contract (annual salary $24,000,000, 5% increase per year) with Team A during 2021 Moratorium Period."

drafted(player_b, 1, 15, team_d, 2014, 19).
% "Player B was the 15th first-round pick of Team D in 2014 NBA draft when he was 19 years old."

contract(player_b, team_b, 2022, moratorium, 3, 20000000, 5).
% "Player B signed a 3-year contract (annual salary $20,000,000, 5% increase per year) with Team B during 2022 Moratorium Period."

drafted(player_c, 2, 48, team_b, 2016, 22).
% "Player C was the 48th second-round pick of Team B in 2016 NBA draft when he was 22 years old."

contract(player_c, team_b, 2021, moratorium, 2, minimum, 5).
% "Player C signed a 2-year contract (minimum applicable player salary, 5% increase per year) with Team B during 2021 Moratorium Period."

operation(a, 1).
sign(a, team_a, player_a, 3, 35000000, 6).
trade_player(a, team_a, team_b, player_a).
trade_player(a, team_b, team_a, player_b).
% "A. Team A signs a 3-year contract with Player A providing annual salary $35,000,000 in the first Salary Cap Year (2024-2025) and 6% increase per year, and immediately trades Player A to Team B for Player B."

operation(b, 2).
sign(b, team_b, player_c, 3, 25000000, 7).
% "B. Team B signs a 3-year contrct with Player C proving annual salary $25,000,000 in the first Salary Cap Year (2024-2025) and 7% increase per year."
