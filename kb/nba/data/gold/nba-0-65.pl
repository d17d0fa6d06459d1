% RuleArena NBA problem nba-0-65 (comp_0.json, index 65): gold facts
% written from the problem text alone by taxlogic.kb.nba.reading.reader and .render; do not edit:
% regenerate with python -m taxlogic.kb.nba.data.gold --write.

team_salary(team_a, 100000000).
% "Team A has a team salary of $100,000,000."

drafted(player_a, 1, 12, team_b, 2008, 19).
% "Player A was the 12th first-round pick of Team B in 2008 NBA draft when he was 19 years old."

contract(player_a, team_a, 2020, moratorium, 4, 39000000, 5).
% "Player A signed a 4-year contract (annual salary $39,000,000, 5% increase per year) with Team A during 2020 Moratorium Period."

operation(a, 1).
sign(a, team_a, player_a, 4, 35000000, 7).
% "A. Team A signs a 4-year contract with Player A providing annual salary $35,000,000 in the first Salary Cap Year (2024-2025) and 7% increase per year."
