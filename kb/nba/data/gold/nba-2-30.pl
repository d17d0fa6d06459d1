% RuleArena NBA problem nba-2-30 (comp_2.json, index 30): gold facts
% written from the problem text alone by taxlogic.kb.nba.reading.reader and .render; do not edit:
% regenerate with python -m taxlogic.kb.nba.data.gold --write.

team_salary(team_a, 120000000).
% "Team A has a team salary of $120,000,000;"

team_salary(team_b, 140000000).
% "Team B has a team salary of $140,000,000;"

team_salary(team_e, 90000000).
% "Team E has a team salary of $90,000,000;"

team_salary(team_f, 100000000).
% "Team F has a team salary of $100,000,000."

drafted(player_a, 1, 3, team_a, 2016, 18).
% "Player A was the 3rd first-round pick of Team A in 2016 NBA draft when he was 18 years old."

contract(player_a, team_a, 2020, moratorium, 4, 20000000, 5).
% "Player A signed a 4-year contract (annual salary $20,000,000, 5% increase per year) with Team A during 2020 Moratorium Period."

award(player_a, 2023, all_nba_first).
% "In 2023-24 Salary Cap Year Player A was named to All-NBA first team."

drafted(player_c, 1, 17, team_b, 2020, 20).
% "Player C was the 17th first-round pick of Team B in 2020 NBA draft when he was 20 years old."

contract(player_c, team_b, 2020, moratorium, 4, 5000000, 5).
contract_option(player_c, 2020, 3, team).
contract_option(player_c, 2020, 4, team).
% "Player C signed a 4-year contract (annual salary $5,000,000, 5% increase per year, last two years are team option) with Team B during 2020 Moratorium Period."

drafted(player_b, 2, 38, team_d, 2018, 20).
% "Player B was the 38th second-round pick of Team D in 2018 NBA draft when he was 20 years old."

contract(player_b, team_d, 2023, moratorium, 2, 10000000, 5).
% "Player B signed a 2-year contract (annual salary $10,000,000, 5% increase per year) with Team D during 2023 Moratorium Period."

drafted(player_d, 1, 26, team_d, 2019, 21).
% "Player D was the 26th first-round pick of Team D in 2019 NBA draft when he was 21 years old."

contract(player_d, team_f, 2020, moratorium, 4, 12000000, 5).
% "Player D signed a 4-year contract (annual salary $12,000,000, 5% increase per year) with Team F during 2020 Moratorium Period."

operation(a, 1).
qualifying_offer(a, team_b, player_c).
% "A. Team B provides a qualifying offer for Player C."

operation(b, 2).
offer_sheet(b, team_f, player_c, 3, 35000000, 5).
% "B. Team F provides an offer sheet for Player C in a 3-year contract providing annual salary $35,000,000 in the first Salary Cap Year (2024-2025) and 5% increase per year."

operation(c, 3).
sign(c, team_e, player_a, 2, 42000000, 5).
% "C. Team E signs a 2-year contract with Player A providing annual salary $42,000,000 in the first Salary Cap Year (2024-2025) and 5% increase per year."

operation(d, 4).
match_offer_sheet(d, team_b, player_c).
% "D. Team B matches the offer sheet from Team F."
