% RuleArena NBA problem nba-1-36 (comp_1.json, index 36): gold facts
% written from the problem text alone by taxlogic.kb.nba.reading.reader and .render; do not edit:
% regenerate with python -m taxlogic.kb.nba.data.gold --write.

team_salary(team_a, 100000000).
% "Team A has a team salary of $100,000,000."

team_salary(team_b, 168000000).
% "Team B has a team salary of $168,000,000."

team_salary(team_c, 148000000).
% "Team C has a team salary of $148,000,000."

all_own_first_round_picks(team_a, 7).
holds_first_round_pick(team_a, team_c, 2027).
% "Team A has all its first-round draft picks in the following 7 years and Team C's first-round draft pick in 2027."

all_own_first_round_picks(team_b, 7).
% "Team B has all its first-round draft picks in the following 7 years."

all_own_first_round_picks(team_c, 7).
lacks_own_first_round_pick(team_c, 2027).
% "Team C has all its first-round draft picks in the following 7 years except 2027."

drafted(player_a, 2, 40, team_a, 2019, 21).
contract(player_a, team_a, 2021, moratorium, 3, 7000000, 5).
% "Player A was the 40th second-round pick of Team A in 2019 NBA draft when he was 21 years old and signed a 3-year contract with Team A (annual salary $7,000,000, 5% increase per year) during 2021 Moratorium Period."

award(player_a, 2023, all_nba_third).
% "In 2023-24 Salary Cap Year Player A was named to the All-NBA third Team."

drafted(player_b, 1, 5, team_b, 2022, 20).
contract(player_b, team_a, 2022, moratorium, 4, 7000000, 4).
% "Player B was the 5th first-round pick of Team B in 2022 NBA draft when he was 20 years old and signed a 4-year contract with Team A (annual salary $7,000,000, 4% increase per year) during 2022 Moratorium Period."

drafted(player_c, 1, 11, team_e, 2010, 22).
% "Player C was the 11th first-round pick of Team E in 2010 NBA draft when he was 22 years old."

contract(player_c, team_b, 2023, moratorium, 2, 5000000, unstated).
% "Player C signed a 2-year contract (annual salary $5,000,000) with Team B during 2023 Moratorium Period."

drafted(player_d, 2, 48, team_e, 2016, 22).
% "Player D was the 48th second-round pick of Team E in 2016 NBA draft when he was 22 years old."

contract(player_d, team_e, 2022, moratorium, 2, minimum, 5).
% "Player D signed a 2-year contract (minimum applicable player salary, 5% increase per year) with Team E during 2022 Moratorium Period."

operation(a, 1).
sign(a, team_b, player_d, 3, 5500000, 5).
% "A. Team B signs a 3-year contract with Player D providing annual salary $5,500,000 in the first Salary Cap Year (2024-2025) and 5% increase per year."

operation(b, 2).
trade_pick(b, team_b, team_c, 2, team_b, 2029).
trade_cash(b, team_c, team_b, 3000000).
% "B. Team B trades its second-round draft pick in 2029 to Team C for $3,000,000."

operation(c, 3).
sign(c, team_a, player_a, 4, 10000000, 5).
trade_player(c, team_a, team_b, player_a).
trade_cash(c, team_a, team_b, 6000000).
trade_player(c, team_b, team_a, player_b).
trade_player(c, team_b, team_a, player_c).
trade_pick(c, team_b, team_a, 1, team_b, 2027).
% "C. Team A signs a 4-year contract with Player A providing annual salary $10,000,000 in the first Salary Cap Year (2024-2025) and 5% increase per year, and immediately trades Player A and $6,000,000 to Team B for Player B and C and its first-round draft pick in 2027."
