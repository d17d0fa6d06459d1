% RuleArena NBA problem nba-0-52 (comp_0.json, index 52): gold facts
% written from the problem text alone by taxlogic.kb.nba.reading.reader and .render; do not edit:
% regenerate with python -m taxlogic.kb.nba.data.gold --write.

team_salary(team_e, 125000000).
% "Team E has a team salary of $125,000,000;"

team_salary(team_d, 90000000).
% "Team D has a team salary of $90,000,000."

drafted(player_a, 2, 44, team_d, 2022, 19).
% "Player A was the 44th second-round pick of Team D in 2022 NBA draft when he was 19 years old."

contract(player_a, team_d, unstated, unstated, 2, minimum, unstated).
% "Player A signed a 2-year contract with Team D providing the minimum salary."

operation(a, 1).
qualifying_offer(a, team_d, player_a).
% "A. Team D provides a qualifying offer for Player A."

operation(b, 2).
offer_sheet(b, team_e, player_a, 3, cap_pct, 5).
salary_cap_pct(b, player_a, 9.12).
raise_until(b, player_a, 2).
salary_in_year(b, player_a, 3, 25000000).
% "B. Team E provides an offer sheet for Player A in a 3-year contract providing annual salary equal to 9.12% of the Salary Cap in the first Salary Cap Year (2024-2025), 5% increase per year for the first two Salary Cap Years, and $25,000,000 for the third Salary Cap Year."
