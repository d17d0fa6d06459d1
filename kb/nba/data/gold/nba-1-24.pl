% RuleArena NBA problem nba-1-24 (comp_1.json, index 24): gold facts
% written from the problem text alone by taxlogic.kb.nba.reading.reader and .render; do not edit:
% regenerate with python -m taxlogic.kb.nba.data.gold --write.

team_salary(team_a, 100000000).
% "Team A has a team salary of $100,000,000."

team_salary(team_b, 165000000).
% "Team B has a team salary of $165,000,000."

drafted(player_a, 1, 13, team_a, 2012, 21).
% "Player A was the 13th first-round pick of Team A in 2012 NBA draft when he was 21 years old"

contract(player_a, team_a, 2021, moratorium, 3, 25000000, 5).
% "Player A signed a 3-year contract with Team A (annual salary $25,000,000, 5% increase per year) during 2021 Moratorium Period."

award(player_a, 2023, all_nba_second).
% "In 2023-24 Salary Cap Year Player A was named to the All-NBA second Team."

drafted(player_b, 2, 5, team_b, 2015, 20).
% "Player B was the 5th second-round pick of Team B in 2015 NBA draft when he was 20 years old"

contract(player_b, team_b, 2022, moratorium, 4, 33000000, 4).
% "Player B signed a 4-year contract with Team B (annual salary $33,000,000, 4% increase per year) during 2022 Moratorium Period."

drafted(player_c, 1, 11, team_e, 2010, 22).
% "Player C was the 11th first-round pick of Team E in 2010 NBA draft when he was 22 years old."

contract(player_c, team_c, 2023, moratorium, 1, 9000000, 4).
% "Player C signed a 1-year contract (annual salary $9,000,000, 4% increase per year) with Team C during 2023 Moratorium Period."

operation(a, 1).
sign(a, team_a, player_a, 3, 40000000, 5).
trade_player(a, team_a, team_b, player_a).
trade_player(a, team_b, team_a, player_b).
% "A. Team A signs a 3-year contract with Player A providing annual salary $40,000,000 in the first Salary Cap Year (2024-2025) and 5% increase per year, and immediately trades Player A to Team B for Player B."

operation(b, 2).
sign(b, team_b, player_c, 1, 8000000, unstated).
% "B. Team B signs a 1-year contract with Player C providing annual salary $8,000,000."
