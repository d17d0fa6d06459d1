% RuleArena NBA problem nba-1-6 (comp_1.json, index 6): gold facts
% written from the problem text alone by taxlogic.kb.nba.reading.reader and .render; do not edit:
% regenerate with python -m taxlogic.kb.nba.data.gold --write.

team_salary(team_a, 177000000).
% "Team A has a team salary of $177,000,000."

team_salary(team_b, 157000000).
% "Team B has a team salary of $157,000,000."

drafted(player_a, 1, 7, team_c, 2015, 21).
% "Player A was the 7th first-round pick of Team C in 2015 NBA draft when he was 21 years old."

contract(player_a, team_a, 2022, moratorium, 3, 25000000, 8).
% "Player A signed a 3-year contract (annual salary $25,000,000, 8% increase per year) with Team A during 2022 Moratorium Period."

drafted(player_b, 1, 15, team_d, 2014, 19).
% "Player B was the 15th first-round pick of Team D in 2014 NBA draft when he was 19 years old."

contract(player_b, team_b, 2022, moratorium, 3, 20000000, 5).
% "Player B signed a 3-year contract (annual salary $20,000,000, 5% increase per year) with Team B during 2022 Moratorium Period."

drafted(player_c, 1, 18, team_e, 2007, 20).
% "Player C was the 18th first-round pick of Team E in 2007 NBA draft when he was 20 years old."

contract(player_c, team_e, 2021, moratorium, 3, 10000000, 5).
% "Player C signed a 3-year contract (annual salary $10,000,000, 5% increase per year) with Team E during 2021 Moratorium Period."

drafted(player_d, 1, 29, team_f, 2008, 21).
% "Player D was the 29th first-round pick of Team F in 2008 NBA draft when he was 21 years old."

contract(player_d, team_f, 2022, moratorium, 2, 9000000, 5).
% "Player D signed a 2-year contract (annual salary $9,000,000, 5% increase per year) with Team F during 2022 Moratorium Period."

operation(a, 1).
trade_player(a, team_a, team_b, player_a).
trade_player(a, team_b, team_a, player_b).
% "A. Team A trades Player A to Team B for Player B."

operation(b, 2).
sign(b, team_a, player_c, 4, 8000000, 5).
% "B. Team A signs a 4-year contract with Player C providing annual salary $8,000,000 in the first Salary Cap Year (2024-2025) and 5% increase per year."

operation(c, 3).
sign(c, team_b, player_d, 2, 10000000, 5).
% "C. Team B signs a 2-year contract with Player D providing annual salary $10,000,000 in the first Salary Cap Year (2024-2025) and 5% increase per year."
