% RuleArena NBA problem nba-1-88 (comp_1.json, index 88): gold facts
% written from the problem text alone by taxlogic.kb.nba.reading.reader and .render; do not edit:
% regenerate with python -m taxlogic.kb.nba.data.gold --write.

team_salary(team_a, 120000000).
% "Team A has a team salary of $120,000,000."

team_salary(team_b, 115000000).
% "Team B has a team salary of $115,000,000."

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

drafted(player_a, 1, 5, team_c, 2018, 21).
% "Player A was the 5th first-round pick of Team C in 2018 NBA draft when he was 21 years old."

contract(player_a, team_a, 2022, moratorium, 2, 20000000, 5).
contract_option(player_a, 2022, 1, team).
contract_option(player_a, 2022, 2, team).
% "Player A signed a 2-year contract (annual salary $20,000,000, 5% increase per year, last two years are team option) with Team A during 2022 Moratorium Period."

drafted(player_b, 1, 4, team_d, 2014, 21).
% "Player B was the 4th first-round pick of Team D in 2014 NBA draft when he was 21 years old."

contract(player_b, team_b, 2021, moratorium, 3, 30000000, 5).
contract_option(player_b, 2021, 3, player).
% "Player B signed a 3-year contract (annual salary $30,000,000, 5% increase per year, last year is player option) with Team B during 2021 Moratorium Period."

drafted(player_c, 1, 15, team_d, 2017, 21).
% "Player C was the 15th first-round pick of Team D in 2017 NBA draft when he was 21 years old."

contract(player_c, team_a, 2021, moratorium, 3, 5000000, 5).
contract_option(player_c, 2021, 3, player).
% "Player C signed a 3-year contract (annual salary $5,000,000, 5% increase per year, last year is player option) with Team A during 2021 Moratorium Period."

drafted(player_d, 2, 38, team_e, 2017, 21).
% "Player D was the 38th second-round pick of Team E in 2017 NBA draft when he was 21 years old."

contract(player_d, team_c, 2021, moratorium, 3, 10000000, 5).
contract_option(player_d, 2021, 3, player).
% "Player D signed a 3-year contract (annual salary $10,000,000, 5% increase per year, last year is player option) with Team C during 2021 Moratorium Period."

operation(a, 1).
sign(a, team_a, player_a, 4, 34000000, 4.5).
% "A. Team A signs a 4-year contract with Player A providing annual salary $34,000,000 in the first Salary year (2024-2025) and 4.5% increase per year."

operation(b, 2).
sign(b, team_b, player_b, 3, 50000000, 7.5).
% "B. Team B signs a 3-year contract with Player B providing annual salary $50,000,000 in the first Salary year (2024-2025) and 7.5% increase per year."
