% RuleArena NBA problem nba-0-4 (comp_0.json, index 4): gold facts
% written from the problem text alone by taxlogic.kb.nba.reading.reader and .render; do not edit:
% regenerate with python -m taxlogic.kb.nba.data.gold --write.

team_salary(team_a, 120000000).
% "Team A has a team salary of $120,000,000;"

team_salary(team_b, 90000000).
% "Team B has a team salary of $90,000,000."

drafted(player_a, 2, 44, team_b, 2022, 19).
% "Player A was the 44th second-round pick of Team B in 2022 NBA draft when he was 19 years old."

contract(player_a, team_b, unstated, unstated, 2, minimum, unstated).
% "Player A signed a 2-year contract with Team B providing the minimum salary."

operation(a, 1).
qualifying_offer(a, team_b, player_a).
% "A. Team B provides a qualifying offer for Player A."

operation(b, 2).
offer_sheet(b, team_a, player_a, 3, 11000000, 5).
raise_until(b, player_a, 2).
salary_in_year(b, player_a, 3, 30000000).
% "B. Team A provides an offer sheet for Player A in a 3-year contract providing annual salary $11,000,000 in the first Salary Cap Year (2024-2025), 5% increase per year for the first two Salary Cap Years, and $30,000,000 for the third Salary Cap Year."
