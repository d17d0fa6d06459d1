% RuleArena NBA problem nba-1-18 (comp_1.json, index 18): gold facts
% written from the problem text alone by taxlogic.kb.nba.reading.reader and .render; do not edit:
% regenerate with python -m taxlogic.kb.nba.data.gold --write.

team_salary(team_a, 125000000).
% "Team A has a team salary of $125,000,000."

team_salary(team_b, 174000000).
% "Team B has a team salary of $174,000,000."

team_salary(team_c, 108000000).
% "Team C has a team salary of $108,000,000."

drafted(player_a, 2, 33, team_b, 2022, 20).
% "Player A was the 33th second-round pick of Team B in 2022 NBA draft when he was 20 years old."

contract(player_a, team_b, 2022, moratorium, 2, minimum, unstated).
% "Player A signed a 2-year contract with Team B providing the minimum salary during 2022 Moratorium Period."

drafted(player_b, 2, 44, team_c, 2015, 22).
% "Player B was the 44th second-round pick of Team C in 2015 NBA draft when he was 22 years old"

contract(player_b, team_b, 2022, moratorium, 2, 7000000, 5).
% "Player B signed a 2-year contract with Team B providing annual salary $7,000,000, 5% increase per year during 2022 Moratorium Period."

drafted(player_c, 1, 21, team_c, 2022, 22).
% "Player C was the 21th first-round pick of Team C in 2022 NBA draft when he was 22 years old"

contract(player_c, team_c, 2022, moratorium, 3, 6000000, 5).
% "Player C signed a 3-year contract with Team C providing annual salary $6,000,000, 5% increase per year during 2022 Moratorium Period."

operation(a, 1).
qualifying_offer(a, team_b, player_a).
% "A. Team B provides a qualifying offer for Player A."

operation(b, 2).
offer_sheet(b, team_a, player_a, 2, 12000000, 5).
raise_until(b, player_a, 2).
% "B. Team A provides Player A with an offer sheet - a 2-year contract providing annual salary $12,000,000 in the first Salary Cap Year (2024-2025), 5% increase per year for the first two Salary Cap Years."

operation(c, 3).
sign(c, team_b, player_b, 3, 7000000, 5).
trade_player(c, team_b, team_c, player_b).
trade_player(c, team_c, team_b, player_c).
% "C. Team B signs a 3-year contract with Player B providing annual salary $7,000,000 in the first Salary Cap Year (2024-2025) and 5% increase per year, and immediately trades Player B to Team C for Player C."

operation(d, 4).
match_offer_sheet(d, team_b, player_a).
% "D. Team B matches the offer sheet by team A."
