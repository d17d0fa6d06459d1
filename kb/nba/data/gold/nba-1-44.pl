% RuleArena NBA problem nba-1-44 (comp_1.json, index 44): gold facts
% written from the problem text alone by taxlogic.kb.nba.reading.reader and .render; do not edit:
% regenerate with python -m taxlogic.kb.nba.data.gold --write.

team_salary(team_a, 110000000).
% "Team A has a team salary of $110,000,000;"

team_salary(team_b, 120000000).
% "Team B has a team salary of $120,000,000;"

team_salary(team_d, 90000000).
% "Team D has a team salary of $90,000,000."

drafted(player_b, 1, 25, team_c, 2020, 19).
% "Player B was the 25th first-round pick of Team C in 2020 NBA draft when he was 19 years old."

contract(player_b, team_a, 2021, moratorium, 3, 9000000, 5).
% "Player B signed a 3-year contract (annual salary $9,000,000, 5% increase per year) with Team A during 2021 Moratorium Period."

drafted(player_f, 2, 30, team_a, 2022, 21).
% "Player F was the 30th second-round pick of Team A in 2022 NBA draft when he was 21 years old."

contract(player_f, team_a, unstated, unstated, 2, minimum, unstated).
% "Player F signed a 2-year contract with Team A providing the minimum salary."

drafted(player_c, 1, 19, team_a, 2019, 21).
% "Player C was the 19th first-round pick of Team A in 2019 NBA draft when he was 21 years old."

contract(player_c, team_b, 2023, moratorium, 2, 9000000, 5).
% "Player C signed a 2-year contract (annual salary $9,000,000, 5% increase per year) with Team B during 2023 Moratorium Period."

operation(a, 1).
qualifying_offer(a, team_a, player_f).
% "A. Team A provides a qualifying offer for Player F."

operation(b, 2).
sign(b, team_b, player_b, 3, 10000000, 5).
% "B. Team B signs a 3-year contract with Player B providing annual salary $10,000,000 in the first Salary Cap Year (2024-2025) and 5% increase per year."

operation(c, 3).
offer_sheet(c, team_d, player_f, 3, 11000000, 5).
raise_until(c, player_f, 2).
salary_in_year(c, player_f, 3, 20000000).
% "C. Team D provides an offer sheet for Player F in a 3-year contract providing annual salary $11,000,000 in the first Salary Cap Year (2024-2025), 5% increase per year for the first two Salary Cap Years, and $20,000,000 for the third Salary Cap Year."
