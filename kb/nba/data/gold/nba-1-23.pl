% RuleArena NBA problem nba-1-23 (comp_1.json, index 23): gold facts
% written from the problem text alone by taxlogic.kb.nba.reading.reader and .render; do not edit:
% regenerate with python -m taxlogic.kb.nba.data.gold --write.

team_salary(team_a, 130000000).
% "Team A has a team salary of $130,000,000."

team_salary(team_b, 175000000).
% "Team B has a team salary of $175,000,000."

team_salary(team_c, 172000000).
% "Team C has a team salary of $172,000,000."

drafted(player_a, 1, 13, team_a, 2017, 21).
% "Player A was the 13th first-round pick of Team A in 2017 NBA draft when he was 21 years old."

contract(player_a, team_a, 2021, moratorium, 3, 9000000, 5).
% "Player A signed a 3-year contract with Team A (annual salary $9,000,000, 5% increase per year) during 2021 Moratorium Period."

award(player_a, 2023, all_nba_second).
% "In 2023-24 Salary Cap Year Player A was named to the All-NBA second Team."

drafted(player_b, 1, 5, team_b, 2022, 20).
% "Player B was the 5th first-round pick of Team B in 2022 NBA draft when he was 20 years old."

contract(player_b, team_b, 2022, moratorium, 4, 9000000, 5).
% "Player B signed a 4-year contract with Team B (annual salary $9,000,000, 5% increase per year) during 2022 Moratorium Period."

drafted(player_d, 1, 2, team_b, 2017, 22).
% "Player D was the 2nd first-round pick of Team B in 2017 NBA draft when he was 22 years old."

contract(player_d, team_b, 2020, moratorium, 4, 3000000, 5).
% "Player D signed a 4-year contract (annual salary $3,000,000, 5% increase per year) with Team B during 2020 Moratorium Period."

operation(a, 1).
sign(a, team_c, player_d, 2, minimum, 5).
% "A. Team C signs a 2-year contract with Player D providing minimum annual salary in the first Cap Year and 5% increase per year."

operation(b, 2).
sign(b, team_a, player_a, 4, 13000000, 5).
trade_player(b, team_a, team_b, player_a).
trade_player(b, team_b, team_a, player_b).
% "B. Team A signs a 4-year contract with Player A providing annual salary $13,000,000 in the first Salary Cap Year (2024-2025) and 5% increase per year, and immediately trades Player A to Team B for Player B."
