% RuleArena NBA problem nba-1-47 (comp_1.json, index 47): gold facts
% written from the problem text alone by taxlogic.kb.nba.reading.reader and .render; do not edit:
% regenerate with python -m taxlogic.kb.nba.data.gold --write.

team_salary(team_k, 90000000).
% "Team K has a team salary of $90,000,000;"

team_salary(team_x, 110000000).
% "Team X has a team salary of $110,000,000;"

team_salary(team_d, 90000000).
% "Team D has a team salary of $90,000,000."

drafted(player_b, 1, 15, team_c, 2020, 19).
% "Player B was the 15th first-round pick of Team C in 2020 NBA draft when he was 19 years old."

contract(player_b, team_k, 2021, moratorium, 3, 9000000, 5).
% "Player B signed a 3-year contract (annual salary $9,000,000, 5% increase per year) with Team K during 2021 Moratorium Period."

drafted(player_p, 2, 20, team_k, 2022, 21).
% "Player P was the 20th second-round pick of Team K in 2022 NBA draft when he was 21 years old."

contract(player_p, team_k, unstated, unstated, 2, minimum, unstated).
% "Player P signed a 2-year contract with Team K providing the minimum salary."

drafted(player_c, 1, 12, team_k, 2019, 21).
% "Player C was the 12th first-round pick of Team K in 2019 NBA draft when he was 21 years old."

contract(player_c, team_x, 2023, moratorium, 2, 9000000, 5).
% "Player C signed a 2-year contract (annual salary $9,000,000, 5% increase per year) with Team X during 2023 Moratorium Period."

operation(a, 1).
qualifying_offer(a, team_k, player_p).
% "A. Team K provides a qualifying offer for Player P."

operation(b, 2).
offer_sheet(b, team_d, player_p, 4, cap_pct, 5).
salary_cap_pct(b, player_p, 9.12).
raise_until(b, player_p, 2).
salary_in_year(b, player_p, 3, 20000000).
salary_in_year(b, player_p, 4, 21000000).
% "B. Team D provides an offer sheet for Player P in a 4-year contract providing annual salary equal to 9.12% of the Salary Cap in the first Salary Cap Year (2024-2025), 5% increase per year for the first two Salary Cap Years, $20,000,000 for the third Salary Cap Year, and $21,000,000 for the fourth Salary Cap Year."

operation(c, 3).
sign(c, team_x, player_b, 3, 10000000, 5).
% "C. Team X signs a 3-year contract with Player B providing annual salary $10,000,000 in the first Salary Cap Year (2024-2025) and 5% increase per year."
