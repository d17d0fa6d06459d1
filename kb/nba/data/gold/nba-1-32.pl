% RuleArena NBA problem nba-1-32 (comp_1.json, index 32): gold facts
% written from the problem text alone by taxlogic.kb.nba.reading.reader and .render; do not edit:
% regenerate with python -m taxlogic.kb.nba.data.gold --write.

team_salary(team_a, 130000000).
% "Team A has a team salary of $130,000,000."

team_salary(team_b, 175000000).
% "Team B has a team salary of $175,000,000."

team_salary(team_c, 105000000).
% "Team C has a team salary of $105,000,000."

all_own_first_round_picks(team_a, 7).
% "Team A has all its first-round draft picks in the following 7 years."

all_own_first_round_picks(team_b, 7).
lacks_own_first_round_pick(team_b, 2027).
holds_first_round_pick(team_b, team_c, 2025).
% "Team B has all its first-round draft picks in the following 7 years except 2027 and Team C's first-round draft pick in 2025."

all_own_first_round_picks(team_c, 7).
lacks_own_first_round_pick(team_c, 2025).
% "Team C has all its first-round draft picks in the following 7 years except 2025"

drafted(player_a, 1, 13, team_a, 2017, 21).
% "Player A was the 13th first-round pick of Team A in 2017 NBA draft when he was 21 years old"

contract(player_a, team_a, 2021, moratorium, 3, 15000000, 5).
% "Player A signed a 3-year contract with Team A (annual salary $15,000,000, 5% increase per year) during 2021 Moratorium Period."

drafted(player_b, 2, 35, team_b, 2014, 20).
contract(player_b, team_b, 2022, moratorium, 4, 5000000, 4).
% "Player B was the 35th second-round pick of Team B in 2014 NBA draft when he was 20 years old and signed a 4-year contract with Team B (annual salary $5,000,000, 4% increase per year) during 2022 Moratorium Period."

drafted(player_c, 1, 11, team_e, 2010, 19).
% "Player C was the 11th first-round pick of Team E in 2010 NBA draft when he was 19 years old."

contract(player_c, team_b, 2023, moratorium, 2, 5000000, 5).
% "Player C signed a 2-year contract (annual salary $5,000,000, 5% increase per year) with Team B during 2023 Moratorium Period."

drafted(player_d, 2, 2, team_f, 2017, 22).
% "Player D was the 2nd second-round pick of Team F in 2017 NBA draft when he was 22 years old."

contract(player_d, team_b, 2022, moratorium, 3, 4000000, 5).
% "Player D signed a 3-year contract (annual salary $4,000,000, 5% increase per year) with Team B during 2022 Moratorium Period."

operation(a, 1).
sign(a, team_a, player_a, 3, 18000000, 5).
trade_player(a, team_a, team_b, player_a).
trade_player(a, team_b, team_a, player_b).
trade_player(a, team_b, team_a, player_c).
trade_player(a, team_b, team_a, player_d).
trade_cash(a, team_b, team_a, 4500000).
% "A. Team A signs a 3-year contract with Player A (annual salary $18,000,000, 5% increase per year) and immediately trades Player A to Team B for Player B, Player C and Player D and $4,500,000."

operation(b, 2).
trade_pick(b, team_b, team_c, 1, team_b, 2030).
trade_cash(b, team_b, team_c, 3000000).
trade_pick(b, team_c, team_b, 1, team_c, 2028).
% "B. Team B trades its first-round draft pick in 2030 and $3,000,000 to Team C for its first-round draft pick in 2028."
