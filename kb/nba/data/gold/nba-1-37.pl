% RuleArena NBA problem nba-1-37 (comp_1.json, index 37): gold facts
% written from the problem text alone by taxlogic.kb.nba.reading.reader and .render; do not edit:
% regenerate with python -m taxlogic.kb.nba.data.gold --write.

team_salary(team_a, 90000000).
% "Team A has a team salary of $90,000,000."

team_salary(team_b, 148000000).
% "Team B has a team salary of $148,000,000."

all_own_first_round_picks(team_a, 7).
holds_first_round_pick(team_a, team_b, 2027).
% "Team A has all its first-round draft picks in the following 7 years and Team B's first-round draft pick in 2027."

all_own_first_round_picks(team_b, 5).
lacks_own_first_round_pick(team_b, 2027).
% "Team B has all its first-round draft picks in the following 5 years except 2027."

drafted(player_a, 2, 20, team_a, 2021, 21).
contract(player_a, team_a, 2023, moratorium, 3, 15000000, 5).
% "Player A was the 20th second-round pick of Team A in 2021 NBA draft when he was 21 years old and signed a 3-year contract with Team A (annual salary $15,000,000, 5% increase per year) during 2023 Moratorium Period."

award(player_a, 2023, all_nba_third).
% "In 2023-24 Salary Cap Year Player A was named to the All-NBA third Team."

drafted(player_b, 1, 5, team_b, 2022, 20).
contract(player_b, team_a, 2022, moratorium, 4, 7000000, 4).
% "Player B was the 5th first-round pick of Team B in 2022 NBA draft when he was 20 years old and signed a 4-year contract with Team A (annual salary $7,000,000, 4% increase per year) during 2022 Moratorium Period."

drafted(player_c, 1, 11, team_e, 2010, 22).
% "Player C was the 11th first-round pick of Team E in 2010 NBA draft when he was 22 years old."

contract(player_c, team_b, 2023, moratorium, 2, 8000000, 5).
% "Player C signed a 2-year contract (annual salary $8,000,000, 5% increase per year) with Team B during 2023 Moratorium Period."

drafted(player_d, 2, 48, team_e, 2016, 22).
% "Player D was the 48th second-round pick of Team E in 2016 NBA draft when he was 22 years old."

contract(player_d, team_e, 2022, moratorium, 2, minimum, 5).
% "Player D signed a 2-year contract (minimum applicable player salary, 5% increase per year) with Team E during 2022 Moratorium Period."

operation(a, 1).
trade_player(a, team_a, team_b, player_a).
trade_cash(a, team_a, team_b, 5000000).
trade_player(a, team_b, team_a, player_b).
trade_player(a, team_b, team_a, player_c).
trade_pick(a, team_b, team_a, 1, team_b, 2025).
% "A. Team A trades Player A and $5,000,000 to Team B for Player B and C and its first-round draft pick in 2025."

operation(b, 2).
sign(b, team_b, player_d, 3, 5500000, 5).
% "B. Team B signs a 3-year contract with Player D providing annual salary $5,500,000 in the first Salary Cap Year (2024-2025) and 5% increase per year."

operation(c, 3).
trade_pick(c, team_b, team_a, 1, team_b, 2026).
trade_pick(c, team_a, team_b, 1, team_a, 2030).
trade_cash(c, team_a, team_b, 2500000).
% "C. Team B trades its first-round draft pick in 2026 to Team A for its first-round draft pick in 2030 and $2,500,000."
