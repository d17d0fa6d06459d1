% RuleArena NBA problem nba-1-83 (comp_1.json, index 83): gold facts
% written from the problem text alone by taxlogic.kb.nba.reading.reader and .render; do not edit:
% regenerate with python -m taxlogic.kb.nba.data.gold --write.

team_salary(team_a, 130000000).
% "Team A has a team salary of $130,000,000."

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

drafted(player_a, 2, 45, team_b, 2022, 21).
% "Player A was the 45th second-round pick of Team B in 2022 NBA draft when he was 21 years old."

contract(player_a, team_b, 2022, moratorium, 2, minimum, 5).
% "Player A signed a 2-year contract (minimum applicable player salary, 5% increase per year) with Team B during 2022 Moratorium Period."

drafted(player_b, 2, 36, team_d, 2016, 21).
% "Player B was the 36th second-round pick of Team D in 2016 NBA draft when he was 21 years old."

contract(player_b, team_b, 2021, moratorium, 3, 16000000, 5).
contract_option(player_b, 2021, 3, player).
% "Player B signed a 3-year contract (annual salary $16,000,000, 5% increase per year, last year is player option) with Team B during 2021 Moratorium Period."

drafted(player_c, 1, 15, team_d, 2017, 21).
% "Player C was the 15th first-round pick of Team D in 2017 NBA draft when he was 21 years old."

contract(player_c, team_a, 2023, moratorium, 3, 5000000, 5).
contract_option(player_c, 2023, 3, player).
% "Player C signed a 3-year contract (annual salary $5,000,000, 5% increase per year, last year is player option) with Team A during 2023 Moratorium Period."

drafted(player_d, 2, 38, team_e, 2017, 21).
% "Player D was the 38th second-round pick of Team E in 2017 NBA draft when he was 21 years old."

contract(player_d, team_c, 2021, moratorium, 3, 10000000, 5).
contract_option(player_d, 2021, 3, player).
% "Player D signed a 3-year contract (annual salary $10,000,000, 5% increase per year, last year is player option) with Team C during 2021 Moratorium Period."

operation(a, 1).
qualifying_offer(a, team_b, player_a).
% "A. Team B provides a qualifying offer for Player A."

operation(b, 2).
offer_sheet(b, team_a, player_a, unstated, 10000000, 4).
% "B. Team A provides an offer sheet for Player A providing annual salary $10,000,000 in the first Salary Cap Year (2024-2025) and 4% increase per year."
