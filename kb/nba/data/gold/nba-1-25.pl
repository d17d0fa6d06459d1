% RuleArena NBA problem nba-1-25 (comp_1.json, index 25): gold facts
% written from the problem text alone by taxlogic.kb.nba.reading.reader and .render; do not edit:
% regenerate with python -m taxlogic.kb.nba.data.gold --write.

team_salary(team_a, 100000000).
% "Team A has a team salary of $100,000,000."

team_salary(team_b, 140000000).
% "Team B has a team salary of $140,000,000."

drafted(player_a, 1, 13, team_a, 2012, 21).
% "Player A was the 13th first-round pick of Team A in 2012 NBA draft when he was 21 years old"

contract(player_a, team_a, 2021, moratorium, 3, 25000000, 5).
% "Player A signed a 3-year contract with Team A (annual salary $25,000,000, 5% increase per year) during 2021 Moratorium Period."

award(player_a, 2023, all_nba_second).
% "In 2023-24 Salary Cap Year Player A was named to the All-NBA second Team."

drafted(player_b, 1, 5, team_b, 2015, 20).
% "Player B was the 5th first-round pick of Team B in 2015 NBA draft when he was 20 years old"

contract(player_b, team_a, 2022, moratorium, 4, 32000000, 5).
% "Player B signed a 4-year contract with Team A (annual salary $32,000,000, 5% increase per year) during 2022 Moratorium Period."

drafted(player_c, 1, 17, team_c, 2016, 19).
% "Player C was the 17th first-round pick of Team C in 2016 NBA draft when he was 19 years old."

contract(player_c, team_b, 2023, moratorium, 2, 4500000, unstated).
contract_exception(player_c, 2023, bi_annual).
% "Player C signed a 2-year contract (annual salary $4,500,000 with bi-annual exception) with Team B during 2023 Moratorium Period."

drafted(player_d, 1, 9, team_e, 2013, 22).
% "Player D was the 9th first-round pick of Team E in 2013 NBA draft when he was 22 years old."

contract(player_d, team_c, 2023, moratorium, 1, 9000000, 4).
% "Player D signed a 1-year contract (annual salary $9,000,000, 4% increase per year) with Team C during 2023 Moratorium Period."

drafted(player_e, 2, 23, team_e, 2012, 21).
% "Player E was the 23th second-round pick of Team E in 2012 NBA draft when he was 21 years old."

contract(player_e, team_c, 2023, moratorium, 1, 5000000, unstated).
% "Player E signed a 1-year contract (annual salary $5,000,000) with Team C during 2023 Moratorium Period."

operation(a, 1).
sign(a, team_a, player_a, 3, 34000000, 5).
trade_player(a, team_a, team_b, player_a).
trade_player(a, team_b, team_a, player_b).
% "A. Team A signs a 3-year contract with Player A providing annual salary $34,000,000 in the first Salary Cap Year (2024-2025) and 5% increase per year, and immediately trades Player A to Team B for Player B."

operation(b, 2).
sign(b, team_b, player_d, 2, 7000000, 5).
% "B. Team B signs a 2-year contract with Player D providing annual salary $7,000,000 in the first Salary Cap Year (2024-2025) and 5% increase per year."

operation(c, 3).
sign(c, team_b, player_e, 2, 4000000, 5).
% "C. Team B signs a 2-year contract with Player E providing annual salary $4,000,000 in the first Salary Cap Year (2024-2025) and 5% increase per year."
