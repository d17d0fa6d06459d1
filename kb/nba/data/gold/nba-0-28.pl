% RuleArena NBA problem nba-0-28 (comp_0.json, index 28): gold facts
% written from the problem text alone by taxlogic.kb.nba.reading.reader and .render; do not edit:
% regenerate with python -m taxlogic.kb.nba.data.gold --write.

team_salary(team_a, 150000000).
% "Team A has a team salary of $150,000,000."

team_salary(team_b, 160000000).
% "Team B has a team salary of $160,000,000."

all_own_first_round_picks(team_a, 7).
holds_first_round_pick(team_a, team_c, 2027).
% "Team A has all its first-round draft picks in the following 7 years and Team C's first-round draft picks in 2027."

all_own_first_round_picks(team_b, 7).
% "Team B has all its first-round draft picks in the following 7 years."

drafted(player_a, 1, 7, team_c, 2015, 21).
% "Player A was the 7th first-round pick of Team C in 2015 NBA draft when he was 21 years old."

contract(player_a, team_a, 2021, moratorium, 3, 16000000, 5).
% "Player A signed a 3-year contract (annual salary $16,000,000, 5% increase per year) with Team A during 2021 Moratorium Period."

drafted(player_b, 2, 35, team_d, 2014, 19).
% "Player B was the 35th second-round pick of Team D in 2014 NBA draft when he was 19 years old."

contract(player_b, team_b, 2023, moratorium, 2, 5000000, 8).
% "Player B signed a 2-year contract (annual salary $5,000,000, 8% increase per year) with Team B during 2023 Moratorium Period."

operation(a, 1).
sign(a, team_a, player_a, 3, 12400000, 5).
trade_player(a, team_a, team_b, player_a).
trade_player(a, team_b, team_a, player_b).
trade_pick(a, team_b, team_a, 1, team_b, 2025).
% "A. Team A signs a 3-year contract with Player A providing annual salary $12,400,000 in the first Salary Cap Year (2024-2025) and 5% increase per year, and immediately trades Player A to Team B for Player B and its first-round draft pick in 2025."
