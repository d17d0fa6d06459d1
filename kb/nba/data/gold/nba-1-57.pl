% RuleArena NBA problem nba-1-57 (comp_1.json, index 57): gold facts
% written from the problem text alone by taxlogic.kb.nba.reading.reader and .render; do not edit:
% regenerate with python -m taxlogic.kb.nba.data.gold --write.

team_salary(team_d, 145000000).
% "Team D has a team salary of $145,000,000."

team_salary(team_b, 90000000).
% "Team B has a team salary of $90,000,000."

team_salary(team_c, 100000000).
% "Team C has a team salary of $100,000,000."

drafted(player_a, 2, 37, team_c, 2015, 21).
% "Player A was the 37th second-round pick of Team C in 2015 NBA draft when he was 21 years old."

contract(player_a, team_d, 2022, moratorium, 3, 16000000, 5).
contract_option(player_a, 2022, 3, player).
% "Player A signed a 3-year contract (annual salary $16,000,000, 5% increase per year, last year is player option) with Team D during 2022 Moratorium Period."

declined_option(player_a).
% "Player A just decided not to exercise the player option."

drafted(player_b, 1, 30, team_f, 2020, 22).
% "Player B was the 30th first-round pick of Team F in 2020 NBA draft when he was 22 years old."

contract(player_b, team_f, 2022, moratorium, 2, 10000000, 5).
% "Player B signed a 2-year contract (annual salary $10,000,000, 5% increase per year) with Team F during 2022 Moratorium Period."

drafted(player_c, 1, 15, team_g, 2020, 21).
% "Player C was the 15th first-round pick of Team G in 2020 NBA draft when he was 21 years old."

contract(player_c, team_k, 2022, moratorium, 2, 10000000, 5).
contract_option(player_c, 2022, 2, player).
% "Player C signed a 2-year contract (annual salary $10,000,000, 5% increase per year, last year is player option) with Team K during 2022 Moratorium Period."

operation(a, 1).
sign(a, team_b, player_b, 2, 12000000, 5).
% "A. Team B signs a 2-year contract with Player B providing annual salary $12,000,000 in the first Salary Cap Year (2024-2025) and 5% increase per year."

operation(b, 2).
sign(b, team_c, player_c, 2, 22000000, 5).
% "B. Team C signs a 2-year contract with Player C providing annual salary $22,000,000 in the first Salary Cap Year (2024-2025) and 5% increase per year."

operation(c, 3).
sign(c, team_d, player_a, 3, 30000000, 8).
% "C. Team D signs a 3-year contract with Player A providing annual salary $30,000,000 in the first Salary Cap Year (2024-2025) and 8% increase per year."
