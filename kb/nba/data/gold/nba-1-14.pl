% RuleArena NBA problem nba-1-14 (comp_1.json, index 14): gold facts
% written from the problem text alone by taxlogic.kb.nba.reading.reader and .render; do not edit:
% regenerate with python -m taxlogic.kb.nba.data.gold --write.

team_salary(team_a, 125000000).
% "Team A has a team salary of $125,000,000."

team_salary(team_b, 160000000).
% "Team B has a team salary of $160,000,000."

drafted(player_a, 2, 33, team_b, 2022, 20).
contract(player_a, team_b, unstated, unstated, 2, minimum, unstated).
% "Player A was the 33th second-round pick of Team B in 2022 NBA draft when he was 20 years old and signed a 2-year contract with Team B providing the minimum salary."

drafted(player_b, 2, 44, team_c, 2017, 22).
% "Player B was the 44th second-round pick of Team C in 2017 NBA draft when he was 22 years old"

contract(player_b, team_c, 2022, cap_year, 2, minimum, unstated).
% "Player B signed a 2-year contract with Team C providing the minimum salary in 2022 Cap Year."

operation(a, 1).
qualifying_offer(a, team_b, player_a).
% "A. Team B provides a qualifying offer for Player A."

operation(b, 2).
offer_sheet(b, team_a, player_a, 3, non_taxpayer_mid_level, 0).
raise_until(b, player_a, 2).
salary_in_year(b, player_a, 3, 15000000).
% "B. Team A provides Player A with an offer sheet - a 3-year contract providing annual salary equal to the non-taxpayer mid-level exception in the first two Salary Cap Years (2024-2025, 2025-2026) and salary $15,000,000 in the last Year."

operation(c, 3).
sign(c, team_b, player_b, 2, 10000000, 5).
% "C. Team B signs with Player B with a 2-year contract providing annual salary $10,000,000 in the first Salary Cap Year (2024-2025) and 5% increase per year."

operation(d, 4).
match_offer_sheet(d, team_b, player_a).
% "D. Team B matches the offer by team A."
