% RuleArena NBA problem nba-0-27 (comp_0.json, index 27): gold facts
% written from the problem text alone by taxlogic.kb.nba.reading.reader and .render; do not edit:
% regenerate with python -m taxlogic.kb.nba.data.gold --write.

team_salary(team_a, 160000000).
% "Team A has a team salary of $160,000,000."

team_salary(team_b, 130500000).
% "Team B has a team salary of $130,500,000."

all_own_first_round_picks(team_a, 7).
holds_first_round_pick(team_a, team_c, 2027).
% "Team A has all its first-round draft picks in the following 7 years and Team C's first-round draft picks in 2027."

all_own_first_round_picks(team_b, 7).
% "Team B has all its first-round draft picks in the following 7 years."

drafted(player_a, 2, 37, team_c, 2015, 21).
% "Player A was the 37th second-round pick of Team C in 2015 NBA draft when he was 21 years old."

contract(player_a, team_b, 2023, moratorium, 3, 16000000, 5).
% "Player A signed a 3-year contract (annual salary $16,000,000, 5% increase per year) with Team B during 2023 Moratorium Period."

drafted(player_b, 1, 5, team_d, 2014, 19).
% "Player B was the 5th first-round pick of Team D in 2014 NBA draft when he was 19 years old."

contract(player_b, team_a, 2023, moratorium, 3, 25000000, 8).
% "Player B signed a 3-year contract (annual salary $25,000,000, 8% increase per year) with Team A during 2023 Moratorium Period."

operation(a, 1).
trade_player(a, team_a, team_b, player_b).
trade_player(a, team_b, team_a, player_a).
trade_pick(a, team_b, team_a, 1, team_b, 2025).
% "A. Team A trades Player B to Team B for Player A and its first-round draft pick in 2025."
