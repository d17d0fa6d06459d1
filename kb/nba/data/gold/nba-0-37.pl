% RuleArena NBA problem nba-0-37 (comp_0.json, index 37): gold facts
% written from the problem text alone by taxlogic.kb.nba.reading.reader and .render; do not edit:
% regenerate with python -m taxlogic.kb.nba.data.gold --write.

team_salary(team_a, 130000000).
% "Team A has a team salary of $130,000,000."

team_salary(team_b, 140000000).
% "Team B has a team salary of $140,000,000."

drafted(player_a, 2, 24, team_b, 2022, 21).
contract(player_a, team_b, unstated, unstated, 2, minimum, unstated).
% "Player A was the 24th second-round pick of Team B in 2022 NBA draft when he was 21 years old and signed a 2-year contract with Team B providing the minimum salary."

operation(a, 1).
qualifying_offer(a, team_b, player_a).
% "A. Team B provides a qualifying offer for Player A."

operation(b, 2).
offer_sheet(b, team_a, player_a, 4, 10000000, 5).
raise_until(b, player_a, 2).
salary_in_year(b, player_a, 3, 30000000).
% "B. Team A provides Player A with an offer sheet - a 4-year contract providing annual salary $10,000,000 in the first Salary Cap Year (2024-2025), 5% increase per year for the first two Salary Cap Years, and $30,000,000 for the third Salary Cap Year."
