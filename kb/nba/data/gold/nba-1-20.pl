% RuleArena NBA problem nba-1-20 (comp_1.json, index 20): gold facts
% written from the problem text alone by taxlogic.kb.nba.reading.reader and .render; do not edit:
% regenerate with python -m taxlogic.kb.nba.data.gold --write.

team_salary(team_a, 125000000).
% "Team A has a team salary of $125,000,000."

team_salary(team_b, 165000000).
% "Team B has a team salary of $165,000,000."

team_salary(team_c, 108000000).
% "Team C has a team salary of $108,000,000."

drafted(player_a, 2, 33, team_b, 2022, 20).
contract(player_a, team_b, unstated, unstated, 2, minimum, unstated).
% "Player A was the 33th second-round pick of Team B in 2022 NBA draft when he was 20 years old and signed a 2-year contract with Team B providing the minimum salary."

drafted(player_b, 2, 44, team_c, 2015, 22).
% "Player B was the 44th second-round pick of Team C in 2015 NBA draft when he was 22 years old."

contract(player_b, team_b, 2022, cap_year, 2, 11000000, 5).
% "Player B signed a 2-year contract with Team B providing annual salary $11,000,000, 5% increase per year in 2022 Cap Year."

drafted(player_c, 2, 21, team_c, 2022, 22).
% "Player C was the 21th second-round pick of Team C in 2022 NBA draft when he was 22 years old."

contract(player_c, team_c, 2022, cap_year, 3, 5000000, 5).
% "Player C signed a 3-year contract with Team C providing annual salary $5,000,000, 5% increase per year in 2022 Cap Year."

operation(a, 1).
sign(a, team_b, player_b, 2, 7000000, 5).
trade_player(a, team_b, team_c, player_b).
trade_player(a, team_c, team_b, player_c).
% "A. Team B signs a 2-year contract with Player B providing annual salary $7,000,000 in the first Salary Cap Year (2024-2025) and 5% increase per year, and immediately trades Player B to Team C for Player C."

operation(b, 2).
qualifying_offer(b, team_b, player_a).
% "B. Team B provides a qualifying offer for Player A."

operation(c, 3).
offer_sheet(c, team_a, player_a, 2, 11000000, 5).
raise_until(c, player_a, 2).
% "C. Team A provides Player A with an offer sheet - a 2-year contract providing annual salary $11,000,000 in the first Salary Cap Year (2024-2025), 5% increase per year for the first two Salary Cap Years."

operation(d, 4).
match_offer_sheet(d, team_b, player_a).
% "D. Team B matches the offer by team A."
