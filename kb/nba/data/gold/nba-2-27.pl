% RuleArena NBA problem nba-2-27 (comp_2.json, index 27): gold facts
% written from the problem text alone by taxlogic.kb.nba.reading.reader and .render; do not edit:
% regenerate with python -m taxlogic.kb.nba.data.gold --write.

team_salary(team_d, 90000000).
% "Team D has a team salary of $90,000,000;"

team_salary(team_a, 152000000).
% "Team A has a team salary of $152,000,000;"

team_salary(team_f, 177000000).
% "Team F has a team salary of $177,000,000."

drafted(player_x, 1, 3, team_d, 2016, 19).
% "Player X was the 3rd first-round pick of Team D in 2016 NBA draft when he was 19 years old."

contract(player_x, team_d, 2020, moratorium, 4, 24000000, 5).
% "Player X signed a 4-year contract (annual salary $24,000,000, 5% increase per year) with Team D during 2020 Moratorium Period."

award(player_x, 2023, all_nba_second).
% "In 2023-24 Salary Cap Year Player X was named to All-NBA second team."

drafted(player_m, 1, 5, team_f, 2014, 19).
% "Player M was the 5th first-round pick of Team F in 2014 NBA draft when he was 19 years old."

contract(player_m, team_f, 2023, moratorium, 4, 33000000, 5).
% "Player M signed a 4-year contract (annual salary $33,000,000, 5% increase per year) with Team F during 2023 Moratorium Period."

drafted(player_c, 1, 11, team_e, 2011, 21).
% "Player C was the 11th first-round pick of Team E in 2011 NBA draft when he was 21 years old."

contract(player_c, team_f, 2023, moratorium, 2, 9000000, 5).
% "Player C signed a 2-year contract (annual salary $9,000,000, 5% increase per year) with Team F during 2023 Moratorium Period."

drafted(player_d, 2, 51, team_f, 2017, 20).
% "Player D was the 51st second-round pick of Team F in 2017 NBA draft when he was 20 years old."

contract(player_d, team_d, 2022, moratorium, 2, 7000000, 5).
% "Player D signed a 2-year contract (annual salary $7,000,000, 5% increase per year) with Team D during 2022 Moratorium Period."

drafted(player_e, 1, 20, team_e, 2019, 19).
% "Player E was the 20th first-round pick of Team E in 2019 NBA draft when he was 19 years old."

contract(player_e, team_g, 2022, moratorium, 2, 9000000, 5).
% "Player E signed a 2-year contract (annual salary $9,000,000, 5% increase per year) with Team G during 2022 Moratorium Period."

operation(a, 1).
sign(a, team_d, player_x, 3, 42000000, 5).
trade_player(a, team_d, team_f, player_x).
trade_player(a, team_f, team_d, player_m).
trade_player(a, team_f, team_d, player_c).
% "A. Team D signs a 3-year contract with Player X providing annual salary $42,000,000 in the first Salary Cap Year (2024-2025) and 5% increase per year, and immediately trades Player X to Team F for Player M and Player C."

operation(b, 2).
sign(b, team_f, player_d, 2, 6250000, 5).
% "B. Team F signs a 2-year contract with Player D providing annual salary $6,250,000 in the first Salary Cap Year (2024-2025) and 5% increase per year."

operation(c, 3).
sign(c, team_a, player_e, 2, 10000000, 5).
% "C. Team A signs a 2-year contract with Player E providing annual salary $10,000,000 in the first Salary Cap Year (2024-2025) and 5% increase per year."
