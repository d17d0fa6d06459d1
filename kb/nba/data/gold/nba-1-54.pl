% RuleArena NBA problem nba-1-54 (comp_1.json, index 54): gold facts
% written from the problem text alone by taxlogic.kb.nba.reading.reader and .render; do not edit:
% regenerate with python -m taxlogic.kb.nba.data.gold --write.

team_salary(team_g, 142000000).
% "Team G has a team salary of $142,000,000."

team_salary(team_e, 126000000).
% "Team E has a team salary of $126,000,000."

team_salary(team_c, 105000000).
% "Team C has a team salary of $105,000,000."

all_own_first_round_picks(team_g, 7).
% "Team G has all its first-round draft picks in the following 7 years."

all_own_first_round_picks(team_e, 7).
lacks_own_first_round_pick(team_e, 2025).
holds_first_round_pick(team_e, team_c, 2025).
% "Team E has all its first-round draft picks in the following 7 years except 2025 and Team C's first-round draft pick in 2025."

all_own_first_round_picks(team_c, 7).
lacks_own_first_round_pick(team_c, 2025).
holds_first_round_pick(team_c, team_d, 2028).
% "Team C has all its first-round draft picks in the following 7 years except 2025 and Team D's first-round draft pick in 2028."

drafted(player_e, 1, 7, team_c, 2015, 21).
% "Player E was the 7th first-round pick of Team C in 2015 NBA draft when he was 21 years old."

contract(player_e, team_g, 2021, moratorium, 3, 27000000, 8).
% "Player E signed a 3-year contract (annual salary $27,000,000, 8% increase per year) with Team G during 2021 Moratorium Period."

drafted(player_b, 1, 15, team_d, 2014, 19).
% "Player B was the 15th first-round pick of Team D in 2014 NBA draft when he was 19 years old."

contract(player_b, team_e, 2022, moratorium, 3, 11000000, 5).
% "Player B signed a 3-year contract (annual salary $11,000,000, 5% increase per year) with Team E during 2022 Moratorium Period."

drafted(player_f, 1, 8, team_e, 2017, 20).
% "Player F was the 8th first-round pick of Team E in 2017 NBA draft when he was 20 years old."

contract(player_f, team_e, 2023, moratorium, 3, 18000000, 5).
% "Player F signed a 3-year contract (annual salary $18,000,000, 5% increase per year) with Team E during 2023 Moratorium Period."

operation(a, 1).
sign(a, team_g, player_e, 4, 42100000, 5).
trade_player(a, team_g, team_e, player_e).
trade_player(a, team_e, team_g, player_b).
trade_player(a, team_e, team_g, player_f).
trade_pick(a, team_e, team_g, 1, team_e, 2026).
trade_pick(a, team_e, team_g, 1, team_e, 2028).
trade_cash(a, team_e, team_g, 3500000).
% "A. Team G signs a 4-year contract with Player E providing annual salary $42,100,000 in the first Salary Cap Year (2024-2025) and 5% increase per year, and immediately trades Player E to Team E for Player B and Player F and its first-round draft pick in 2026 and 2028 and $3,500,000."

operation(b, 2).
trade_pick(b, team_g, team_c, 1, team_g, 2025).
trade_pick(b, team_g, team_c, 2, team_g, 2027).
trade_pick(b, team_c, team_g, 1, team_c, 2029).
% "B. Team G trades its first-round draft pick in 2025 and second-round draft pick in 2027 to Team C for its first-round draft picks in 2029."

operation(c, 3).
trade_pick(c, team_e, team_c, 1, team_e, 2030).
trade_cash(c, team_e, team_c, 4500000).
trade_pick(c, team_c, team_e, 1, team_c, 2028).
% "C. Team E trades its first-round draft pick in 2030 and $4,500,000 to Team C for its first-round draft pick in 2028."
