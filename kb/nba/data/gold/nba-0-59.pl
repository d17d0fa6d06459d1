% RuleArena NBA problem nba-0-59 (comp_0.json, index 59): gold facts
% written from the problem text alone by taxlogic.kb.nba.reading.reader and .render; do not edit:
% regenerate with python -m taxlogic.kb.nba.data.gold --write.

team_salary(team_b, 90000000).
% "Team B has a team salary of $90,000,000."

team_salary(team_d, 145000000).
% "Team D has a team salary of $145,000,000."

team_salary(team_c, 100000000).
% "Team C has a team salary of $100,000,000."

drafted(player_e, 2, 37, team_c, 2015, 21).
% "Player E was the 37th second-round pick of Team C in 2015 NBA draft when he was 21 years old."

contract(player_e, team_d, 2022, moratorium, 3, 16000000, 5).
contract_option(player_e, 2022, 3, player).
% "Player E signed a 3-year contract (annual salary $16,000,000, 5% increase per year, last year is player option) with Team D during 2022 Moratorium Period."

declined_option(player_e).
% "Player E just decided not to exercise the player option."

drafted(player_c, 1, 30, team_f, 2020, 22).
% "Player C was the 30th first-round pick of Team F in 2020 NBA draft when he was 22 years old."

contract(player_c, team_f, 2022, moratorium, 2, 10000000, 5).
% "Player C signed a 2-year contract (annual salary $10,000,000, 5% increase per year) with Team F during 2022 Moratorium Period."

operation(a, 1).
sign(a, team_b, player_c, 2, 12000000, 5).
% "A. Team B signs a 2-year contract with Player C providing annual salary $12,000,000 in the first Salary Cap Year (2024-2025) and 5% increase per year."

operation(b, 2).
sign(b, team_d, player_e, 3, 30000000, 8).
% "B. Team D signs a 3-year contract with Player E providing annual salary $30,000,000 in the first Salary Cap Year (2024-2025) and 8% increase per year."
