% RuleArena NBA problem nba-1-26 (comp_1.json, index 26): gold facts
% written from the problem text alone by taxlogic.kb.nba.reading.reader and .render; do not edit:
% regenerate with python -m taxlogic.kb.nba.data.gold --write.

team_salary(team_a, 100000000).
% "Team A has a team salary of $100,000,000."

team_salary(team_b, 152000000).
% "Team B has a team salary of $152,000,000."

drafted(player_a, 2, 13, team_a, 2012, 21).
% "Player A was the 13th second-round pick of Team A in 2012 NBA draft when he was 21 years old"

contract(player_a, team_a, 2021, moratorium, 3, 15000000, 5).
% "Player A signed a 3-year contract with Team A (annual salary $15,000,000, 5% increase per year) during 2021 Moratorium Period."

award(player_a, 2023, all_nba_second).
% "In 2023-24 Salary Cap Year Player A was named to the All-NBA second Team."

drafted(player_b, 2, 5, team_b, 2015, 20).
% "Player B was the 5th second-round pick of Team B in 2015 NBA draft when he was 20 years old"

contract(player_b, team_a, 2023, moratorium, 2, minimum, 5).
% "Player B signed a 2-year contract with Team A (minimum salary, 5% increase per year) during 2023 Moratorium Period."

drafted(player_c, 1, 11, team_e, 2010, 22).
% "Player C was the 11th first-round pick of Team E in 2010 NBA draft when he was 22 years old."

contract(player_c, team_b, 2023, moratorium, 2, minimum, 5).
% "Player C signed a 2-year contract (minimum salary, 5% increase per year) with Team B during 2023 Moratorium Period."

drafted(player_d, 1, 9, team_e, 2013, 22).
% "Player D was the 9th first-round pick of Team E in 2013 NBA draft when he was 22 years old."

contract(player_d, team_b, 2023, moratorium, 2, 9000000, 5).
% "Player D signed a 2-year contract (annual salary $9,000,000, 5% increase per year) with Team B during 2023 Moratorium Period."

drafted(player_e, 2, 23, team_f, 2012, 21).
% "Player E was the 23th second-round pick of Team F in 2012 NBA draft when he was 21 years old."

contract(player_e, team_b, 2023, moratorium, 1, 5000000, unstated).
contract_exception(player_e, 2023, bi_annual).
% "Player E signed a 1-year contract (annual salary $5,000,000 with bi-annual exception) with Team B during 2023 Moratorium Period."

drafted(player_f, 2, 17, team_d, 2015, 19).
% "Player F was the 17th second-round pick of Team D in 2015 NBA draft when he was 19 years old."

contract(player_f, team_b, 2022, moratorium, 2, 4000000, unstated).
% "Player F signed a 2-year contract (annual salary $4,000,000) with Team B during 2022 Moratorium Period."

operation(a, 1).
sign(a, team_a, player_a, 3, 17000000, 5).
trade_player(a, team_a, team_b, player_a).
trade_player(a, team_b, team_a, player_b).
trade_player(a, team_b, team_a, player_c).
trade_player(a, team_b, team_a, player_d).
% "A. Team A signs a 3-year contract with Player A providing annual salary $17,000,000 in the first Salary Cap Year (2024-2025) and 5% increase per year, and immediately trades Player A to Team B for Player B and Player C and Player D."

operation(b, 2).
sign(b, team_b, player_e, 1, 4000000, unstated).
% "B. Team B signs a 1-year contract with Player E providing annual salary $4,000,000."

operation(c, 3).
sign(c, team_b, player_f, 1, 6500000, unstated).
% "C. Team B signs a 1-year contract with Player F providing annual salary $6,500,000."
