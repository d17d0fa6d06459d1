% RuleArena NBA problem nba-1-61 (comp_1.json, index 61): gold facts
% written from the problem text alone by taxlogic.kb.nba.reading.reader and .render; do not edit:
% regenerate with python -m taxlogic.kb.nba.data.gold --write.

team_salary(team_e, 160000000).
% "Team E has a team salary of $160,000,000."

team_salary(team_h, 100000000).
% "Team H has a team salary of $100,000,000."

team_salary(team_f, 115000000).
% "Team F has a team salary of $115,000,000."

drafted(player_g, 1, 7, team_a, 2015, 21).
% "Player G was the 7th first-round pick of Team A in 2015 NBA draft when he was 21 years old."

contract(player_g, team_h, 2021, moratorium, 3, 24000000, 5).
% "Player G signed a 3-year contract (annual salary $24,000,000, 5% increase per year) with Team H during 2021 Moratorium Period."

drafted(player_k, 1, 15, team_b, 2014, 19).
% "Player K was the 15th first-round pick of Team B in 2014 NBA draft when he was 19 years old."

contract(player_k, team_f, 2022, moratorium, 3, 20000000, 5).
% "Player K signed a 3-year contract (annual salary $20,000,000, 5% increase per year) with Team F during 2022 Moratorium Period."

drafted(player_c, 1, 10, team_c, 2020, 20).
% "Player C was the 10th first-round pick of Team C in 2020 NBA draft when he was 20 years old."

contract(player_c, team_k, 2022, moratorium, 2, 10000000, 5).
% "Player C signed a 2-year contract (annual salary $10,000,000, 5% increase per year) with Team K during 2022 Moratorium Period."

operation(a, 1).
sign(a, team_h, player_g, 3, 35000000, 6.5).
trade_player(a, team_h, team_f, player_g).
trade_player(a, team_f, team_h, player_k).
% "A. Team H signs a 3-year contract with Player G providing annual salary $35,000,000 in the first Salary Cap Year (2024-2025) and 6.5% increase per year, and immediately trades Player G to Team F for Player K."

operation(b, 2).
sign(b, team_e, player_c, 2, 12000000, 5).
% "B. Team E signs a 2-year contract with Player C providing annual salary $12,000,000 in the first Salary Cap Year (2024-2025) and 5% increase per year"
