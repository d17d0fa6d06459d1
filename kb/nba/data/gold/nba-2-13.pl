% RuleArena NBA problem nba-2-13 (comp_2.json, index 13): gold facts
% written from the problem text alone by taxlogic.kb.nba.reading.reader and .render; do not edit:
% regenerate with python -m taxlogic.kb.nba.data.gold --write.

team_salary(team_a, 100000000).
% "Team A has a team salary of $100,000,000."

team_salary(team_b, 145000000).
% "Team B has a team salary of $145,000,000."

drafted(player_a, 2, 33, team_b, 2022, 20).
% "Player A was the 33th second-round pick of Team B in 2022 NBA draft when he was 20 years old."

contract(player_a, team_b, 2022, moratorium, 2, minimum, unstated).
% "Player A signed a 2-year contract with Team B providing the minimum salary during 2022 Moratorium Period."

drafted(player_b, 1, 5, team_b, 2015, 20).
% "Player B was the 5th first-round pick of Team B in 2015 NBA draft when he was 20 years old."

contract(player_b, team_b, 2022, moratorium, 2, 30000000, 4).
% "Player B signed a 2-year contract with Team B (annual salary $30,000,000, 4% increase per year) during 2022 Moratorium Period."

drafted(player_c, 1, 11, team_e, 2010, 22).
% "Player C was the 11th first-round pick of Team E in 2010 NBA draft when he was 22 years old."

contract(player_c, team_c, 2022, moratorium, 2, 9000000, 4).
% "Player C signed a 2-year contract (annual salary $9,000,000, 4% increase per year) with Team C during 2022 Moratorium Period."

drafted(player_d, 1, 9, team_e, 2013, 22).
% "Player D was the 9th first-round pick of Team E in 2013 NBA draft when he was 22 years old."

contract(player_d, team_b, 2023, moratorium, 1, 9000000, 4).
% "Player D signed a 1-year contract (annual salary $9,000,000, 4% increase per year) with Team B during 2023 Moratorium Period."

drafted(player_e, 1, 23, team_f, 2012, 21).
% "Player E was the 23th first-round pick of Team F in 2012 NBA draft when he was 21 years old."

contract(player_e, team_b, 2023, moratorium, 1, 5000000, unstated).
contract_exception(player_e, 2023, bi_annual).
% "Player E signed a 1-year contract (annual salary $5,000,000 with bi-annual exception) with Team B during 2023 Moratorium Period."

operation(a, 1).
qualifying_offer(a, team_b, player_a).
% "A. Team B provides a qualifying offer for Player A."

operation(b, 2).
offer_sheet(b, team_a, player_a, 2, 11000000, 5).
% "B. Team A provides Player A with an offer sheet - a 2-year contract providing annual salary $11,000,000 in the first Salary Cap Year (2024-2025), 5% increase per year."

operation(c, 3).
sign(c, team_a, player_c, 4, 12000000, 5).
% "C. Team A signs a 4-year contract with Player C providing annual salary $12,000,000, 5% increase per year."

operation(d, 4).
match_offer_sheet(d, team_b, player_a).
% "D. Team B matches the offer by team A."

operation(e, 5).
sign(e, team_b, player_d, 1, 3000000, unstated).
% "E. Team B signs a 1-year contract with Player D providing annual salary $3,000,000."

operation(f, 6).
sign(f, team_a, player_e, 1, 6000000, unstated).
% "F. Team A signs a 1-year contract with Player E providing annual salary $6,000,000."
