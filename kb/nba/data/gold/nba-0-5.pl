% RuleArena NBA problem nba-0-5 (comp_0.json, index 5): gold facts
% written from the problem text alone by taxlogic.kb.nba.reading.reader and .render; do not edit:
% regenerate with python -m taxlogic.kb.nba.data.gold --write.

team_salary(team_a, 100000000).
% "Team A has a team salary of $100,000,000;"

team_salary(team_b, 140000000).
% "Team B has a team salary of $140,000,000."

drafted(player_a, 1, 3, team_a, 2016, 18).
% "Player A was the 3rd first-round pick of Team A in 2016 NBA draft when he was 18 years old."

contract(player_a, team_a, 2020, moratorium, 4, 20000000, 5).
% "Player A signed a 4-year contract (annual salary $20,000,000, 5% increase per year) with Team A during 2020 Moratorium Period."

award(player_a, 2023, all_nba_first).
% "In 2023-24 Salary Cap Year Player A was named to All-NBA first team."

drafted(player_b, 1, 17, team_b, 2020, 20).
% "Player B was the 17th first-round pick of Team B in 2020 NBA draft when he was 20 years old."

contract(player_b, team_b, 2020, moratorium, 4, 5000000, 5).
contract_option(player_b, 2020, 3, team).
contract_option(player_b, 2020, 4, team).
% "Player B signed a 4-year contract (annual salary $5,000,000, 5% increase per year, last two years are team option) with Team B during 2020 Moratorium Period."

operation(a, 1).
qualifying_offer(a, team_b, player_b).
% "A. Team B provides a qualifying offer for Player B."

operation(b, 2).
offer_sheet(b, team_a, player_b, 3, 30000000, 5).
% "B. Team A provides an offer sheet for Player B in a 3-year contract providing annual salary $30,000,000 in the first Salary Cap Year (2024-2025) and 5% increase per year."

operation(c, 3).
match_offer_sheet(c, team_b, player_b).
% "C. Team B matches the offer sheet from Team A."
