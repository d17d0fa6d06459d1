% RuleArena NBA problem nba-0-53 (comp_0.json, index 53): gold facts
% written from the problem text alone by taxlogic.kb.nba.reading.reader and .render; do not edit:
% regenerate with python -m taxlogic.kb.nba.data.gold --write.

team_salary(team_d, 100000000).
% "Team D has a team salary of $100,000,000;"

team_salary(team_f, 90000000).
% "Team F has a team salary of $90,000,000."

drafted(player_c, 2, 30, team_f, 2022, 19).
% "Player C was the 30th second-round pick of Team F in 2022 NBA draft when he was 19 years old."

contract(player_c, team_f, unstated, unstated, 2, minimum, unstated).
% "Player C signed a 2-year contract with Team F providing the minimum salary."

operation(a, 1).
qualifying_offer(a, team_f, player_c).
% "A. Team F provides a qualifying offer for Player C."

operation(b, 2).
offer_sheet(b, team_d, player_c, 3, 11000000, 5).
raise_until(b, player_c, 2).
salary_in_year(b, player_c, 3, 25000000).
% "B. Team D provides an offer sheet for Player C in a 3-year contract providing annual salary $11,000,000 in the first Salary Cap Year (2024-2025), 5% increase per year for the first two Salary Cap Years, and $25,000,000 for the third Salary Cap Year."
