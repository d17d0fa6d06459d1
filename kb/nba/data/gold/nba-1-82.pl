% RuleArena NBA problem nba-1-82 (comp_1.json, index 82): gold facts
% written from the problem text alone by taxlogic.kb.nba.reading.reader and .render; do not edit:
% regenerate with python -m taxlogic.kb.nba.data.gold --write.

team_salary(team_a, 145000000).
% "Team A has a team salary of $145,000,000."

team_salary(team_b, 135000000).
% "Team B has a team salary of $135,000,000."

team_salary(team_c, 100000000).
% "Team C has a team salary of $100,000,000."

all_own_first_round_picks(team_a, 7).
% "Team A has all its first-round draft picks in the following 7 years."

all_own_first_round_picks(team_b, 7).
lacks_own_first_round_pick(team_b, 2025).
holds_first_round_pick(team_b, team_c, 2026).
% "Team B has all its first-round draft picks in the following 7 years except 2025 and Team C's first-round draft pick in 2026."

all_own_first_round_picks(team_c, 7).
lacks_own_first_round_pick(team_c, 2026).
holds_first_round_pick(team_c, team_d, 2028).
% "Team C has all its first-round draft picks in the following 7 years except 2026 and Team D's first-round draft pick in 2028."

traded_player_exception(team_a, 4000000, 2022).
% "Team A got a $4,000,000 Traded Player Exception during 2022-2023 Salary Cap Year."

drafted(player_a, 2, 37, team_c, 2015, 21).
% "Player A was the 37th second-round pick of Team C in 2015 NBA draft when he was 21 years old."

contract(player_a, team_a, 2021, moratorium, 3, 20000000, 5).
contract_option(player_a, 2021, 3, player).
% "Player A signed a 3-year contract (annual salary $20,000,000, 5% increase per year, last year is player option) with Team A during 2021 Moratorium Period."

drafted(player_b, 2, 36, team_d, 2016, 21).
% "Player B was the 36th second-round pick of Team D in 2016 NBA draft when he was 21 years old."

contract(player_b, team_b, 2021, moratorium, 3, 16000000, 5).
contract_option(player_b, 2021, 3, player).
% "Player B signed a 3-year contract (annual salary $16,000,000, 5% increase per year, last year is player option) with Team B during 2021 Moratorium Period."

drafted(player_c, 1, 15, team_d, 2017, 21).
% "Player C was the 15th first-round pick of Team D in 2017 NBA draft when he was 21 years old."

contract(player_c, team_a, 2023, moratorium, 3, 10000000, 5).
contract_option(player_c, 2023, 3, player).
% "Player C signed a 3-year contract (annual salary $10,000,000, 5% increase per year, last year is player option) with Team A during 2023 Moratorium Period."

drafted(player_d, 2, 38, team_e, 2017, 21).
% "Player D was the 38th second-round pick of Team E in 2017 NBA draft when he was 21 years old."

contract(player_d, team_c, 2023, moratorium, 3, 5000000, 5).
contract_option(player_d, 2023, 3, player).
% "Player D signed a 3-year contract (annual salary $5,000,000, 5% increase per year, last year is player option) with Team C during 2023 Moratorium Period."

operation(a, 1).
trade_player(a, team_a, team_b, player_a).
trade_player(a, team_b, team_a, player_b).
% "A. Team A trades Player A to Team B for Player B in team B."

operation(b, 2).
trade_pick(b, team_a, team_c, 1, team_a, 2028).
trade_player(b, team_c, team_a, player_d).
% "B. Team A trades its first-round draft picks in 2028 for Player D in team C."
