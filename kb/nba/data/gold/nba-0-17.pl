% RuleArena NBA problem nba-0-17 (comp_0.json, index 17): gold facts
% written from the problem text alone by taxlogic.kb.nba.reading.reader and .render; do not edit:
% regenerate with python -m taxlogic.kb.nba.data.gold --write.

team_salary(team_a, 170000000).
% "Team A has a team salary of $170,000,000."

drafted(player_a, 1, 27, team_a, 2013, 20).
% "Player A was the 27th first-round pick of Team A in 2013 NBA draft when he was 20 years old."

contract(player_a, team_a, 2023, moratorium, 1, 6000000, 5).
% "Player A signed a 1-year contract (annual salary $6,000,000, 5% increase per year) with Team A during 2023 Moratorium Period."

drafted(player_b, 1, 7, team_b, 2014, 21).
% "Player B was the 7th first-round pick of Team B in 2014 NBA draft when he was 21 years old."

contract(player_b, team_b, 2022, moratorium, 3, 16000000, 8).
% "Player B signed a 3-year contract (annual salary $16,000,000, 8% increase per year) with Team B during 2022 Moratorium Period."

operation(a, 1).
sign(a, team_a, player_b, 2, 8000000, 5).
% "A. Team A signs a 2-year contract with Player B providing annual salary $8,000,000 in the first Salary Cap Year (2024-2025) and 5% increase per year."
