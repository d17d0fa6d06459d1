% RuleArena NBA problem nba-2-14 (comp_2.json, index 14): gold facts
% written from the problem text alone by taxlogic.kb.nba.reading.reader and .render; do not edit:
% regenerate with python -m taxlogic.kb.nba.data.gold --write.

team_salary(team_a, 130000000).
% "Team A has a team salary of $130,000,000."

team_salary(team_b, 135000000).
% "Team B has a team salary of $135,000,000."

team_salary(team_c, 98000000).
% "Team C has a team salary of $98,000,000."

drafted(player_a, 2, 33, team_b, 2022, 20).
% "Player A was the 33th second-round pick of Team B in 2022 NBA draft when he was 20 years old."

contract(player_a, team_b, unstated, unstated, 2, minimum, unstated).
% "Player A signed a 2-year contract with Team B providing the minimum salary."

drafted(player_b, 2, 44, team_c, 2015, 22).
% "Player B was the 44th second-round pick of Team C in 2015 NBA draft when he was 22 years old."

contract(player_b, team_b, 2021, cap_year, 3, 31000000, 5).
% "Player B signed a 3-year contract with Team B providing annual salary $31,000,000, 5% increase per year in 2021 Cap Year."

drafted(player_c, 1, 21, team_c, 2016, 22).
% "Player C was the 21th first-round pick of Team C in 2016 NBA draft when he was 22 years old."

contract(player_c, team_b, 2022, cap_year, 2, 7000000, 5).
% "Player C signed a 2-year contract with Team B providing annual salary $7,000,000, 5% increase per year in 2022 Cap Year."

drafted(player_d, 1, 15, team_d, 2017, 22).
% "Player D was the 15th first-round pick of Team D in 2017 NBA draft when he was 22 years old."

contract(player_d, team_d, 2021, cap_year, 3, 10000000, 5).
% "Player D signed a 3-year contract with Team D providing annual salary $10,000,000, 5% increase per year in 2021 Cap Year."

operation(a, 1).
qualifying_offer(a, team_b, player_a).
% "A. Team B provides a qualifying offer for Player A."

operation(b, 2).
offer_sheet(b, team_a, player_a, 2, 10000000, 5).
raise_until(b, player_a, 2).
% "B. Team A provides Player A with an offer sheet - a 2-year contract providing annual salary $10,000,000 in the first Salary Cap Year (2024-2025), 5% increase per year for the first two Salary Cap Years."

operation(c, 3).
match_offer_sheet(c, team_b, player_a).
% "C. Team B matches the offer by team A."

operation(d, 4).
sign(d, team_b, player_d, 2, 5000000, 5).
% "D. Team B signs a 2-year contract with Player D providing annual salary $5,000,000 in the first Salary Cap Year (2024-2025), 5% increase per year."

operation(e, 5).
sign(e, team_c, player_c, 2, 7000000, 5).
% "E. Team C signs a 2-year contract with Player C providing annual salary $7,000,000 in the first Salary Cap Year (2024-2025), 5% increase per year."
