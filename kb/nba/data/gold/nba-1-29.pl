% RuleArena NBA problem nba-1-29 (comp_1.json, index 29): gold facts
% written from the problem text alone by taxlogic.kb.nba.reading.reader and .render; do not edit:
% regenerate with python -m taxlogic.kb.nba.data.gold --write.

team_salary(team_a, 130000000).
% "Team A has a team salary of $130,000,000."

team_salary(team_b, 160000000).
% "Team B has a team salary of $160,000,000."

team_salary(team_c, 170000000).
% "Team C has a team salary of $170,000,000."

drafted(player_a, 1, 13, team_a, 2017, 21).
% "Player A was the 13th first-round pick of Team A in 2017 NBA draft when he was 21 years old."

contract(player_a, team_a, 2021, moratorium, 3, 13000000, 5).
% "Player A and signed a 3-year contract with Team A (annual salary $13,000,000, 5% increase per year) during 2021 Moratorium Period."

award(player_a, 2023, all_defensive_second).
% "In 2023-24 Salary Cap Year Player A was named to the All-NBA Defending Second Team."

drafted(player_b, 2, 5, team_b, 2022, 20).
% "Player B was the 5th second-round pick of Team B in 2022 NBA draft when he was 20 years old."

contract(player_b, team_b, 2022, moratorium, 4, 11000000, 4).
% "Player B signed a 4-year contract with Team B (annual salary $11,000,000, 4% increase per year) during 2022 Moratorium Period."

drafted(player_c, 1, 11, team_e, 2005, 21).
% "Player C was the 11th first-round pick of Team E in 2005 NBA draft when he was 21 years old."

contract(player_c, team_c, 2023, moratorium, 2, 5000000, 4).
contract_option(player_c, 2023, 2, player).
% "Player C signed a 2-year contract (annual salary $5,000,000, 4% increase per year, with second year being a player option) with Team C during 2023 Moratorium Period."

declined_option(player_c).
% "Player C just decided not to exercise his player option and tested free market."

drafted(player_e, 2, 43, team_f, 2017, 22).
% "Player E was the 43th second-round pick of Team F in 2017 NBA draft when he was 22 years old."

contract(player_e, team_d, 2023, moratorium, 1, 8000000, unstated).
% "Player E signed a 1-year contract (annual salary $8,000,000) with Team D during 2023 Moratorium Period."

operation(a, 1).
sign(a, team_c, player_c, 4, 6300000, 5).
% "A. Team C signs a 4-year contract with Player C providing $6,300,000 in the first Salary Cap Year (2024-2025) and 5% increase per year."

operation(b, 2).
sign(b, team_b, player_e, 3, 12300000, 5).
% "B. Team B signs a 3-year contract with Player E providing annual salary $12,300,000 in the first Salary Cap Year (2024-2025) and 5% increase per year."

operation(c, 3).
sign(c, team_a, player_a, 4, 17000000, 5).
trade_player(c, team_a, team_b, player_a).
trade_player(c, team_b, team_a, player_b).
% "C. Team A signs a 4-year contract with Player A providing annual salary $17,000,000 in the first Salary Cap Year (2024-2025) and 5% increase per year, and immediately trades Player A to Team B for Player B."
