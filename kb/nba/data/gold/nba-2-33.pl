% RuleArena NBA problem nba-2-33 (comp_2.json, index 33): gold facts
% written from the problem text alone by taxlogic.kb.nba.reading.reader and .render; do not edit:
% regenerate with python -m taxlogic.kb.nba.data.gold --write.

team_salary(team_c, 100000000).
% "Team C has a team salary of $100,000,000;"

team_salary(team_f, 110000000).
% "Team F has a team salary of $110,000,000;"

team_salary(team_e, 150000000).
% "Team E has a team salary of $150,000,000;"

team_salary(team_p, 100000000).
% "Team P has a team salary of $100,000,000."

drafted(player_a, 1, 15, team_c, 2016, 18).
% "Player A was the 15th first-round pick of Team C in 2016 NBA draft when he was 18 years old."

contract(player_a, team_c, 2020, moratorium, 4, 20000000, 5).
% "Player A signed a 4-year contract (annual salary $20,000,000, 5% increase per year) with Team C during 2020 Moratorium Period."

drafted(player_c, 1, 19, team_f, 2020, 20).
% "Player C was the 19th first-round pick of Team F in 2020 NBA draft when he was 20 years old."

contract(player_c, team_f, 2020, moratorium, 4, 5000000, 5).
contract_option(player_c, 2020, 3, team).
contract_option(player_c, 2020, 4, team).
% "Player C signed a 4-year contract (annual salary $5,000,000, 5% increase per year, last two years are team option) with Team F during 2020 Moratorium Period."

drafted(player_b, 1, 35, team_d, 2018, 20).
% "Player B was the 35th first-round pick of Team D in 2018 NBA draft when he was 20 years old."

contract(player_b, team_d, 2023, moratorium, 2, 10000000, 5).
% "Player B signed a 2-year contract (annual salary $10,000,000, 5% increase per year) with Team D during 2023 Moratorium Period."

drafted(player_d, 1, 21, team_d, 2019, 21).
% "Player D was the 21st first-round pick of Team D in 2019 NBA draft when he was 21 years old."

contract(player_d, team_p, 2022, moratorium, 2, 13000000, 5).
% "Player D signed a 2-year contract (annual salary $13,000,000, 5% increase per year) with Team P during 2022 Moratorium Period."

operation(a, 1).
qualifying_offer(a, team_f, player_c).
% "A. Team F provides a qualifying offer for Player C."

operation(b, 2).
sign(b, team_e, player_a, 3, 12000000, 5).
% "B. Team E signs a 3-year contract with Player A providing annual salary $12,000,000 in the first Salary Cap Year (2024-2025) and 5% increase per year."

operation(c, 3).
offer_sheet(c, team_p, player_c, 3, 25000000, 5).
% "C. Team P provides an offer sheet for Player C in a 3-year contract providing annual salary $25,000,000 in the first Salary Cap Year (2024-2025) and 5% increase per year."

operation(d, 4).
match_offer_sheet(d, team_f, player_c).
% "D. Team F matches the offer sheet from Team P."
