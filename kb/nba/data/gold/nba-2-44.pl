% RuleArena NBA problem nba-2-44 (comp_2.json, index 44): gold facts
% written from the problem text alone by taxlogic.kb.nba.reading.reader and .render; do not edit:
% regenerate with python -m taxlogic.kb.nba.data.gold --write.

team_salary(team_a, 90000000).
% "Team A has a team salary of $90,000,000."

team_salary(team_e, 142000000).
% "Team E has a team salary of $142,000,000."

team_salary(team_f, 126000000).
% "Team F has a team salary of $126,000,000."

team_salary(team_c, 105000000).
% "Team C has a team salary of $105,000,000."

all_own_first_round_picks(team_e, 7).
% "Team E has all its first-round draft picks in the following 7 years."

all_own_first_round_picks(team_f, 7).
lacks_own_first_round_pick(team_f, 2025).
holds_first_round_pick(team_f, team_c, 2026).
% "Team F has all its first-round draft picks in the following 7 years except 2025 and Team C's first-round draft pick in 2026."

all_own_first_round_picks(team_c, 7).
lacks_own_first_round_pick(team_c, 2026).
holds_first_round_pick(team_c, team_d, 2028).
% "Team C has all its first-round draft picks in the following 7 years except 2026 and Team D's first-round draft pick in 2028."

drafted(player_a, 1, 7, team_c, 2015, 21).
% "Player A was the 7th first-round pick of Team C in 2015 NBA draft when he was 21 years old."

contract(player_a, team_e, 2021, moratorium, 3, 25000000, 8).
% "Player A signed a 3-year contract (annual salary $25,000,000, 8% increase per year) with Team E during 2021 Moratorium Period."

drafted(player_b, 1, 15, team_d, 2014, 19).
% "Player B was the 15th first-round pick of Team D in 2014 NBA draft when he was 19 years old."

contract(player_b, team_f, 2022, moratorium, 3, 11000000, 5).
% "Player B signed a 3-year contract (annual salary $11,000,000, 5% increase per year) with Team F during 2022 Moratorium Period."

drafted(player_c, 1, 8, team_e, 2017, 20).
% "Player C was the 8th first-round pick of Team E in 2017 NBA draft when he was 20 years old."

contract(player_c, team_f, 2023, moratorium, 3, 18000000, 5).
% "Player C signed a 3-year contract (annual salary $18,000,000, 5% increase per year) with Team F during 2023 Moratorium Period."

drafted(player_d, 1, 10, team_f, 2020, 22).
% "Player D was the 10th first-round pick of Team F in 2020 NBA draft when he was 22 years old."

contract(player_d, team_g, 2022, moratorium, 2, 10000000, 5).
% "Player D signed a 2-year contract (annual salary $10,000,000, 5% increase per year) with Team G during 2022 Moratorium Period."

operation(a, 1).
sign(a, team_e, player_a, 4, 42100000, 5).
trade_player(a, team_e, team_f, player_a).
trade_player(a, team_f, team_e, player_b).
trade_player(a, team_f, team_e, player_c).
trade_pick(a, team_f, team_e, 1, team_f, 2026).
trade_pick(a, team_f, team_e, 1, team_f, 2028).
% "A. Team E signs a 4-year contract with Player A providing annual salary $42,100,000 in the first Salary Cap Year (2024-2025) and 5% increase per year, and immediately trades Player A to Team F for Player B and Player C and its first-round draft pick in 2026 and 2028."

operation(b, 2).
sign(b, team_a, player_d, 2, 11000000, 5).
% "B. Team A signs a 2-year contract with Player D providing annual salary $11,000,000 in the first Salary Cap Year (2024-2025) and 5% increase per year."

operation(c, 3).
trade_pick(c, team_f, team_c, 1, team_f, 2027).
trade_pick(c, team_c, team_f, 1, team_c, 2029).
% "C. Team F trades its first-round draft pick in 2027 to Team C for its first-round draft pick in 2029."

operation(d, 4).
trade_pick(d, team_e, team_c, 1, team_e, 2025).
trade_pick(d, team_c, team_e, 1, team_c, 2028).
% "D. Team E trades its first-round draft pick in 2025 to Team C for its first-round draft pick in 2028."
