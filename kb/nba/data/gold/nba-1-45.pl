% RuleArena NBA problem nba-1-45 (comp_1.json, index 45): gold facts
% written from the problem text alone by taxlogic.kb.nba.reading.reader and .render; do not edit:
% regenerate with python -m taxlogic.kb.nba.data.gold --write.

team_salary(team_a, 110000000).
% "Team A has a team salary of $110,000,000;"

team_salary(team_b, 150000000).
% "Team B has a team salary of $150,000,000;"

team_salary(team_e, 90000000).
% "Team E has a team salary of $90,000,000."

drafted(player_b, 1, 25, team_c, 2020, 19).
% "Player B was the 25th first-round pick of Team C in 2020 NBA draft when he was 19 years old."

contract(player_b, team_a, 2021, moratorium, 3, 9000000, 5).
% "Player B signed a 3-year contract (annual salary $9,000,000, 5% increase per year) with Team A during 2021 Moratorium Period."

drafted(player_p, 2, 30, team_a, 2022, 21).
% "Player P was the 30th second-round pick of Team A in 2022 NBA draft when he was 21 years old."

contract(player_p, team_a, unstated, unstated, 2, minimum, unstated).
% "Player P signed a 2-year contract with Team A providing the minimum salary."

drafted(player_c, 1, 19, team_a, 2019, 21).
% "Player C was the 19th first-round pick of Team A in 2019 NBA draft when he was 21 years old."

contract(player_c, team_b, 2023, moratorium, 2, 9000000, 5).
% "Player C signed a 2-year contract (annual salary $9,000,000, 5% increase per year) with Team B during 2023 Moratorium Period."

operation(a, 1).
qualifying_offer(a, team_a, player_p).
% "A. Team A provides a qualifying offer for Player P."

operation(b, 2).
offer_sheet(b, team_e, player_p, 2, 14000000, 5).
raise_until(b, player_p, 2).
salary_in_year(b, player_p, 3, 20000000).
% "B. Team E provides an offer sheet for Player P in a 2-year contract providing annual salary $14,000,000 in the first Salary Cap Year (2024-2025), 5% increase per year for the first two Salary Cap Years, and $20,000,000 for the third Salary Cap Year."

operation(c, 3).
sign(c, team_b, player_b, 3, 10000000, 5).
% "C. Team B signs a 3-year contract with Player B providing annual salary $10,000,000 in the first Salary Cap Year (2024-2025) and 5% increase per year."
