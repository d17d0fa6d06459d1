% RuleArena NBA problem nba-0-38 (comp_0.json, index 38): gold facts
% written from the problem text alone by taxlogic.kb.nba.reading.reader and .render; do not edit:
% regenerate with python -m taxlogic.kb.nba.data.gold --write.

team_salary(team_a, 128000000).
% "Team A has a team salary of $128,000,000."

team_salary(team_b, 162000000).
% "Team B has a team salary of $162,000,000."

drafted(player_a, 2, 33, team_b, 2022, 20).
% "Player A was the 33rd second-round pick of Team B in 2022 NBA draft when he was 20 years old."

contract(player_a, team_b, 2022, moratorium, 2, minimum, unstated).
% "Player A signed a 2-year contract with Team B providing the minimum salary during 2022 Moratorium Period."

drafted(player_b, 2, 44, team_c, 2017, 22).
% "Player B was the 44th second-round pick of Team C in 2017 NBA draft when he was 22 years old"

contract(player_b, team_c, 2022, moratorium, 2, minimum, unstated).
% "Player B signed a 2-year contract with Team C providing the minimum salary during 2022 Moratorium Period."

operation(a, 1).
sign(a, team_b, player_b, 1, minimum, unstated).
% "A. Team B signes with Player B with a 1-year contract providing minimum salary."

operation(b, 2).
qualifying_offer(b, team_b, player_a).
% "B. Team B provides a qualifying offer for Player A."

operation(c, 3).
offer_sheet(c, team_a, player_a, 4, 11000000, 5).
% "C. Team A provides Player A with an offer sheet - a 4-year contract providing annual salary $11,000,000 in the first Salary Cap Year (2024-2025), 5% increase per year."

operation(d, 4).
match_offer_sheet(d, team_b, player_a).
% "D. Team B matches the offer sheet for Player A."
