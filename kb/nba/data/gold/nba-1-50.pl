% RuleArena NBA problem nba-1-50 (comp_1.json, index 50): gold facts
% written from the problem text alone by taxlogic.kb.nba.reading.reader and .render; do not edit:
% regenerate with python -m taxlogic.kb.nba.data.gold --write.

team_salary(team_b, 80000000).
% "Team B has a team salary of $80,000,000;"

team_salary(team_q, 178000000).
% "Team Q has a team salary of $178,000,000."

drafted(player_a, 1, 15, team_b, 2016, 19).
% "Player A was the 15th first-round pick of Team B in 2016 NBA draft when he was 19 years old."

contract(player_a, team_b, 2020, moratorium, 4, 24000000, 5).
% "Player A signed a 4-year contract (annual salary $24,000,000, 5% increase per year) with Team B during 2020 Moratorium Period."

award(player_a, 2023, all_nba_second).
% "In 2023-24 Salary Cap Year Player A was named to All-NBA second team."

drafted(player_b, 1, 25, team_q, 2014, 19).
% "Player B was the 25th first-round pick of Team Q in 2014 NBA draft when he was 19 years old."

contract(player_b, team_q, 2023, moratorium, 4, 33000000, 5).
% "Player B signed a 4-year contract (annual salary $33,000,000, 5% increase per year) with Team Q during 2023 Moratorium Period."

drafted(player_e, 1, 19, team_e, 2011, 21).
% "Player E was the 19th first-round pick of Team E in 2011 NBA draft when he was 21 years old."

contract(player_e, team_q, 2023, moratorium, 2, 9000000, 5).
% "Player E signed a 2-year contract (annual salary $9,000,000, 5% increase per year) with Team Q during 2023 Moratorium Period."

drafted(player_f, 2, 50, team_q, 2017, 20).
% "Player F was the 50th second-round pick of Team Q in 2017 NBA draft when he was 20 years old."

contract(player_f, team_b, 2022, moratorium, 2, 7000000, 5).
% "Player F signed a 2-year contract (annual salary $7,000,000, 5% increase per year) with Team B during 2022 Moratorium Period."

operation(a, 1).
sign(a, team_b, player_a, 3, 42000000, 5).
trade_player(a, team_b, team_q, player_a).
trade_player(a, team_q, team_b, player_b).
trade_player(a, team_q, team_b, player_e).
% "A. Team B signs a 3-year contract with Player A providing annual salary $42,000,000 in the first Salary Cap Year (2024-2025) and 5% increase per year, and immediately trades Player A to Team Q for Player B and Player E."

operation(b, 2).
sign(b, team_q, player_f, 2, 5350000, 5).
% "B. Team Q signs a 2-year contract with Player F providing annual salary $5,350,000 in the first Salary Cap Year (2024-2025) and 5% increase per year."
