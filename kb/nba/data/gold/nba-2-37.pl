% RuleArena NBA problem nba-2-37 (comp_2.json, index 37): gold facts
% written from the problem text alone by taxlogic.kb.nba.reading.reader and .render; do not edit:
% regenerate with python -m taxlogic.kb.nba.data.gold --write.

team_salary(team_a, 92000000).
% "Team A has a team salary of $92,000,000."

team_salary(team_f, 142000000).
% "Team F has a team salary of $142,000,000."

team_salary(team_g, 126000000).
% "Team G has a team salary of $126,000,000."

team_salary(team_c, 105000000).
% "Team C has a team salary of $105,000,000."

team_salary(team_p, 150000000).
% "Team P has a team salary of $150,000,000."

all_own_first_round_picks(team_f, 7).
% "Team F has all its first-round draft picks in the following 7 years."

all_own_first_round_picks(team_g, 7).
lacks_own_first_round_pick(team_g, 2025).
holds_first_round_pick(team_g, team_c, 2025).
% "Team G has all its first-round draft picks in the following 7 years except 2025 and Team C's first-round draft pick in 2025."

all_own_first_round_picks(team_c, 7).
lacks_own_first_round_pick(team_c, 2025).
holds_first_round_pick(team_c, team_d, 2028).
% "Team C has all its first-round draft picks in the following 7 years except 2025 and Team D's first-round draft pick in 2028."

drafted(player_f, 1, 7, team_c, 2015, 21).
% "Player F was the 7th first-round pick of Team C in 2015 NBA draft when he was 21 years old."

contract(player_f, team_f, 2021, moratorium, 3, 27000000, 8).
% "Player F signed a 3-year contract (annual salary $27,000,000, 8% increase per year) with Team F during 2021 Moratorium Period."

drafted(player_b, 1, 15, team_d, 2014, 19).
% "Player B was the 15th first-round pick of Team D in 2014 NBA draft when he was 19 years old."

contract(player_b, team_g, 2022, moratorium, 3, 11000000, 5).
% "Player B signed a 3-year contract (annual salary $11,000,000, 5% increase per year) with Team G during 2022 Moratorium Period."

drafted(player_a, 1, 8, team_e, 2017, 20).
% "Player A was the 8th first-round pick of Team E in 2017 NBA draft when he was 20 years old."

contract(player_a, team_g, 2023, moratorium, 3, 18000000, 5).
% "Player A signed a 3-year contract (annual salary $18,000,000, 5% increase per year) with Team G during 2023 Moratorium Period."

drafted(player_d, 1, 7, team_a, 2020, 21).
% "Player D was the 7th first-round pick of Team A in 2020 NBA draft when he was 21 years old."

contract(player_d, team_k, 2022, moratorium, 2, 10000000, 5).
% "Player D signed a 2-year contract (annual salary $10,000,000, 5% increase per year) with Team K during 2022 Moratorium Period."

drafted(player_e, 1, 20, team_f, 2019, 22).
% "Player E was the 20th first-round pick of Team F in 2019 NBA draft when he was 22 years old."

contract(player_e, team_d, 2022, moratorium, 2, 10000000, 5).
% "Player E signed a 2-year contract (annual salary $10,000,000, 5% increase per year) with Team D during 2022 Moratorium Period."

operation(a, 1).
sign(a, team_a, player_d, 2, 12000000, 5).
% "A. Team A signs a 2-year contract with Player D providing annual salary $12,000,000 in the first Salary Cap Year (2024-2025) and 5% increase per year."

operation(b, 2).
sign(b, team_p, player_e, 3, 11000000, 5).
% "B. Team P signs a 3-year contract with Player E providing annual salary $11,000,000 in the first Salary Cap Year (2024-2025) and 5% increase per year."

operation(c, 3).
sign(c, team_f, player_f, 4, 42100000, 5).
trade_player(c, team_f, team_g, player_f).
trade_player(c, team_g, team_f, player_b).
trade_player(c, team_g, team_f, player_a).
trade_pick(c, team_g, team_f, 1, team_g, 2026).
trade_pick(c, team_g, team_f, 1, team_g, 2028).
trade_cash(c, team_g, team_f, 3200000).
% "C. Team F signs a 4-year contract with Player F providing annual salary $42,100,000 in the first Salary Cap Year (2024-2025) and 5% increase per year, and immediately trades Player F to Team G for Player B and Player A and its first-round draft pick in 2026 and 2028 and $3,200,000."

operation(d, 4).
trade_pick(d, team_f, team_c, 1, team_f, 2025).
trade_pick(d, team_f, team_c, 2, team_f, 2027).
trade_pick(d, team_c, team_f, 1, team_c, 2029).
% "D. Team F trades its first-round draft pick in 2025 and second-round draft pick in 2027 to Team C for its first-round draft picks in 2029."

operation(e, 5).
trade_pick(e, team_g, team_c, 1, team_g, 2030).
trade_cash(e, team_g, team_c, 4700000).
trade_pick(e, team_c, team_g, 1, team_c, 2028).
% "E. Team G trades its first-round draft pick in 2030 and $4,700,000 to Team C for its first-round draft pick in 2028."
