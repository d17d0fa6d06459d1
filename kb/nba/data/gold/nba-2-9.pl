% RuleArena NBA problem nba-2-9 (comp_2.json, index 9): gold facts
% written from the problem text alone by taxlogic.kb.nba.reading.reader and .render; do not edit:
% regenerate with python -m taxlogic.kb.nba.data.gold --write.

team_salary(team_a, 183000000).
% "Team A has a team salary of $183,000,000."

team_salary(team_b, 156000000).
% "Team B has a team salary of $156,000,000."

team_salary(team_c, 140000000).
% "Team C has a team salary of $140,000,000."

all_own_first_round_picks(team_a, 7).
holds_first_round_pick(team_a, team_b, 2028).
% "Team A has all its first-round draft picks in the following 7 years and Team B's first-round draft pick in 2028;"

all_own_first_round_picks(team_b, 7).
lacks_own_first_round_pick(team_b, 2026).
lacks_own_first_round_pick(team_b, 2028).
% "Team B has all its first-round draft picks in the following 7 years except 2026 and 2028;"

all_own_first_round_picks(team_c, 7).
holds_first_round_pick(team_c, team_f, 2030).
% "Team C has all its first-round draft picks in the following 7 years and Team F's first-round draft pick in 2030."

drafted(player_a, 1, 7, team_c, 2015, 21).
% "Player A was the 7th first-round pick of Team C in 2015 NBA draft when he was 21 years old."

contract(player_a, team_a, 2022, moratorium, 3, 25000000, 8).
% "Player A signed a 3-year contract (annual salary $25,000,000, 8% increase per year) with Team A during 2022 Moratorium Period."

drafted(player_b, 1, 15, team_d, 2014, 19).
% "Player B was the 15th first-round pick of Team D in 2014 NBA draft when he was 19 years old."

contract(player_b, team_b, 2022, moratorium, 3, 20000000, 5).
% "Player B signed a 3-year contract (annual salary $20,000,000, 5% increase per year) with Team B during 2022 Moratorium Period."

drafted(player_c, 1, 8, team_e, 2017, 20).
% "Player C was the 8th first-round pick of Team E in 2017 NBA draft when he was 20 years old."

contract(player_c, team_c, 2021, moratorium, 3, 28000000, 5).
% "Player C signed a 3-year contract (annual salary $28,000,000, 5% increase per year) with Team C during 2021 Moratorium Period."

drafted(player_d, 1, 29, team_f, 2011, 21).
% "Player D was the 29th first-round pick of Team F in 2011 NBA draft when he was 21 years old."

contract(player_d, team_e, 2021, moratorium, 4, 30000000, 8).
% "Player D signed a 4-year contract (annual salary $30,000,000, 8% increase per year) with Team E during 2021 Moratorium Period."

traded(player_d, unstated, team_b, 2022, regular_season).
% "Player D was traded to Team B during 2022-2023 Regular Season."

drafted(player_e, 1, 24, team_g, 2013, 19).
% "Player E was the 24th first-round pick of Team G in 2013 NBA draft when he was 19 years old."

contract(player_e, team_d, 2022, moratorium, 2, 20000000, 5).
% "Player E signed a 2-year contract (annual salary $20,000,000, 5% increase per year) with Team D during 2022 Moratorium Period."

traded(player_e, unstated, team_c, 2023, regular_season).
% "Player E was traded to Team C during 2023-2024 Regular Season."

drafted(player_f, 1, 11, team_a, 2017, 20).
% "Player F was the 11th first-round pick of Team A in 2017 NBA draft when he was 20 years old."

contract(player_f, team_f, 2023, moratorium, 1, 8000000, 5).
% "Player F signed a 1-year contract (annual salary $8,000,000, 5% increase per year) with Team F during 2023 Moratorium Period."

operation(a, 1).
trade_player(a, team_a, team_b, player_a).
trade_pick(a, team_a, team_b, 1, team_a, 2027).
trade_player(a, team_b, team_a, player_b).
% "A. Team A trades Player A and Team A's first-round draft pick in 2027 to Team B for Player B."

operation(b, 2).
sign(b, team_c, player_c, 4, 42100000, 5).
trade_player(b, team_c, team_b, player_c).
trade_player(b, team_b, team_c, player_d).
trade_pick(b, team_b, team_c, 1, team_b, 2027).
trade_pick(b, team_b, team_c, 1, team_b, 2030).
% "B. Team C signs a 4-year contract with Player C providing annual salary $42,100,000 in the first Salary Cap Year (2024-2025) and 5% increase per year, and immediately trades Player C to Team B for Player D and its first-round draft pick in 2027 and 2030."

operation(c, 3).
sign(c, team_c, player_f, 2, 11000000, 5).
% "C. Team C signs a 2-year contract with Player F providing annual salary $11,000,000 in the first Salary Cap Year (2024-2025) and 5% increase per year."

operation(d, 4).
sign(d, team_b, player_e, 2, 5150000, 5).
% "D. Team B signs a 2-year contract with Player E providing annual salary $5,150,000 in the first Salary Cap Year (2024-2025) and 5% increase per year."
