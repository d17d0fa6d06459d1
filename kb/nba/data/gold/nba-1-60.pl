% RuleArena NBA problem nba-1-60 (comp_1.json, index 60): gold facts
% written from the problem text alone by taxlogic.kb.nba.reading.reader and .render; do not edit:
% regenerate with python -m taxlogic.kb.nba.data.gold --write.

team_salary(team_a, 145000000).
% "Team A has a team salary of $145,000,000."

team_salary(team_h, 100000000).
% "Team H has a team salary of $100,000,000."

team_salary(team_g, 115000000).
% "Team G has a team salary of $115,000,000."

drafted(player_a, 1, 7, team_c, 2015, 21).
% "Player A was the 7th first-round pick of Team C in 2015 NBA draft when he was 21 years old."

contract(player_a, team_h, 2021, moratorium, 3, 24000000, 5).
% "Player A signed a 3-year contract (annual salary $24,000,000, 5% increase per year) with Team H during 2021 Moratorium Period."

drafted(player_b, 1, 15, team_d, 2014, 19).
% "Player B was the 15th first-round pick of Team D in 2014 NBA draft when he was 19 years old."

contract(player_b, team_g, 2022, moratorium, 3, 20000000, 5).
% "Player B signed a 3-year contract (annual salary $20,000,000, 5% increase per year) with Team G during 2022 Moratorium Period."

drafted(player_c, 1, 10, team_f, 2020, 20).
% "Player C was the 10th first-round pick of Team F in 2020 NBA draft when he was 20 years old."

contract(player_c, team_k, 2022, moratorium, 2, 10000000, 5).
% "Player C signed a 2-year contract (annual salary $10,000,000, 5% increase per year) with Team K during 2022 Moratorium Period."

operation(a, 1).
sign(a, team_a, player_c, 2, 12000000, 5).
% "A. Team A signs a 2-year contract with Player C providing annual salary $12,000,000 in the first Salary Cap Year (2024-2025) and 5% increase per year"

operation(b, 2).
sign(b, team_h, player_a, 3, 35000000, 6.5).
trade_player(b, team_h, team_g, player_a).
trade_player(b, team_g, team_h, player_b).
% "B. Team H signs a 3-year contract with Player A providing annual salary $35,000,000 in the first Salary Cap Year (2024-2025) and 6.5% increase per year, and immediately trades Player A to Team G for Player B."
