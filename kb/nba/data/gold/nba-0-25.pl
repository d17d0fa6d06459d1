% RuleArena NBA problem nba-0-25 (comp_0.json, index 25): gold facts
% written from the problem text alone by taxlogic.kb.nba.reading.reader and .render; do not edit:
% regenerate with python -m taxlogic.kb.nba.data.gold --write.

team_salary(team_a, 145000000).
% "Team A has a team salary of $145,000,000."

drafted(player_a, 2, 37, team_c, 2015, 21).
% "Player A was the 37th second-round pick of Team C in 2015 NBA draft when he was 21 years old."

contract(player_a, team_b, 2021, moratorium, 4, 16000000, 5).
contract_option(player_a, 2021, 4, player).
% "Player A signed a 4-year contract (annual salary $16,000,000, 5% increase per year, last year is player option) with Team B during 2021 Moratorium Period."

traded(player_a, unstated, team_a, 2022, regular_season).
% "Player A was traded to Team A during the 2022-2023 Regular Season"

declined_option(player_a).
% "Player A just decided not to exercise the player option."

operation(a, 1).
sign(a, team_a, player_a, 3, 27000000, 8).
% "A. Team A signs a 3-year contract with Player A providing annual salary $27,000,000 in the first Salary Cap Year (2024-2025) and 8% increase per year."
