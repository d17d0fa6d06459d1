% RuleArena NBA problem nba-0-60 (comp_0.json, index 60): gold facts
% written from the problem text alone by taxlogic.kb.nba.reading.reader and .render; do not edit:
% regenerate with python -m taxlogic.kb.nba.data.gold --write.

team_salary(team_e, 102000000).
% "Team E has a team salary of $102,000,000."

team_salary(team_g, 120000000).
% "Team G has a team salary of $120,000,000."

drafted(player_a, 1, 7, team_c, 2015, 21).
% "Player A was the 7th first-round pick of Team C in 2015 NBA draft when he was 21 years old."

contract(player_a, team_e, 2021, moratorium, 3, 24000000, 5).
% "Player A signed a 3-year contract (annual salary $24,000,000, 5% increase per year) with Team E during 2021 Moratorium Period."

drafted(player_b, 1, 15, team_d, 2014, 19).
% "Player B was the 15th first-round pick of Team D in 2014 NBA draft when he was 19 years old."

contract(player_b, team_g, 2022, moratorium, 3, 20000000, 5).
% "Player B signed a 3-year contract (annual salary $20,000,000, 5% increase per year) with Team G during 2022 Moratorium Period."

operation(a, 1).
sign(a, team_e, player_a, 3, 35000000, 6).
trade_player(a, team_e, team_g, player_a).
trade_player(a, team_g, team_e, player_b).
% "A. Team E signs a 3-year contract with Player A providing annual salary $35,000,000 in the first Salary Cap Year (2024-2025) and 6% increase per year, and immediately trades Player A to Team G for Player B."
