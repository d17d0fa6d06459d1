% RuleArena NBA problem nba-2-32 (comp_2.json, index 32): gold facts
% written from the problem text alone by taxlogic.kb.nba.reading.reader and .render; do not edit:
% regenerate with python -m taxlogic.kb.nba.data.gold --write.

team_salary(team_a, 160000000).
% "Team A has a team salary of $160,000,000;"

team_salary(team_b, 130000000).
% "Team B has a team salary of $130,000,000;"

team_salary(team_x, 85000000).
% "Team X has a team salary of $85,000,000;"

team_salary(team_e, 110000000).
% "Team E has a team salary of $110,000,000."

drafted(player_a, 1, 13, team_a, 2016, 18).
% "Player A was the 13rd first-round pick of Team A in 2016 NBA draft when he was 18 years old."

contract(player_a, team_a, 2020, moratorium, 4, 20000000, 5).
% "Player A signed a 4-year contract (annual salary $20,000,000, 5% increase per year) with Team A during 2020 Moratorium Period."

award(player_a, 2023, all_nba_first).
% "In 2023-24 Salary Cap Year Player A was named to All-NBA first team."

drafted(player_e, 1, 17, team_b, 2020, 20).
% "Player E was the 17th first-round pick of Team B in 2020 NBA draft when he was 20 years old."

contract(player_e, team_b, 2020, moratorium, 4, 5000000, 5).
contract_option(player_e, 2020, 3, team).
contract_option(player_e, 2020, 4, team).
% "Player E signed a 4-year contract (annual salary $5,000,000, 5% increase per year, last two years are team option) with Team B during 2020 Moratorium Period."

drafted(player_b, 1, 33, team_d, 2018, 20).
% "Player B was the 33rd first-round pick of Team D in 2018 NBA draft when he was 20 years old."

contract(player_b, team_d, 2023, moratorium, 2, 10000000, 5).
% "Player B signed a 2-year contract (annual salary $10,000,000, 5% increase per year) with Team D during 2023 Moratorium Period."

drafted(player_d, 1, 25, team_d, 2019, 21).
% "Player D was the 25th first-round pick of Team D in 2019 NBA draft when he was 21 years old."

contract(player_d, team_x, 2020, moratorium, 4, 20000000, 5).
% "Player D signed a 4-year contract (annual salary $20,000,000, 5% increase per year) with Team X during 2020 Moratorium Period."

operation(a, 1).
qualifying_offer(a, team_b, player_e).
% "A. Team B provides a qualifying offer for Player E."

operation(b, 2).
sign(b, team_e, player_a, 2, 30000000, 5).
% "B. Team E signs a 2-year contract with Player A providing annual salary $30,000,000 in the first Salary Cap Year (2024-2025) and 5% increase per year."

operation(c, 3).
offer_sheet(c, team_x, player_e, 3, 34000000, 5).
% "C. Team X provides an offer sheet for Player E in a 3-year contract providing annual salary $34,000,000 in the first Salary Cap Year (2024-2025) and 5% increase per year."

operation(d, 4).
match_offer_sheet(d, team_b, player_e).
% "D. Team B matches the offer sheet from Team X."
