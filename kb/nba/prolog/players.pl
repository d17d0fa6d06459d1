% What the rules derive about a player from his situation facts (events.pl): years of service,
% age, his contracts' seasons and salaries, whether he is a free agent now and of which Prior
% Team, his Bird-rights class (Art. I (t), (rr), (yy)), his Maximum Annual Salary (Art. II §7)
% and his Free Agent Amount (Art. VII §4(d)).
%
% Seasons and Salary Cap Years are named by their first calendar year (2023 = 2023-24); the
% current one is 2024 (figures.pl). "Minimum" salaries have no amount in the rule text: they
% count as minimum_salary/1 (figures.pl), which nba_answer/1 tries at several amounts.

% ------------------------------------------------------------------------- contracts

%!  past_contract(?P, ?Team, ?Year, ?Seasons, ?First, ?Raise)
%   A contract of the player's situation; Year is `unstated` when the text gives none.
past_contract(P, T, Y, N, First, Raise) :- contract(P, T, Y, _, N, First, Raise).

%!  latest_contract(?P, ?Team, ?Year, ?Seasons, ?First, ?Raise)
%   The player's most recent contract (the one with the latest signing year; a contract without
%   a year counts as the latest only when it is the player's only contract).
latest_contract(P, T, Y, N, F, R) :-
    past_contract(P, T, Y, N, F, R),
    (   integer(Y)
    ->  \+ ( past_contract(P, _, Y2, _, _, _), integer(Y2), Y2 > Y )
    ;   \+ ( past_contract(P, _, Y2, _, _, _), Y2 \== Y )
    ).

%!  contract_last_season(+P, +Year, +Seasons, -Last)
%   The last season a contract covers: its last season, or the season before a player option
%   the player declined (declined_option/1: "just decided not to exercise the player option").
contract_last_season(P, Y, N, Last) :-
    integer(Y),
    (   declined_option(P), contract_option(P, Y, K, player)
    ->  Last is Y + K - 2
    ;   Last is Y + N - 1
    ).

%!  season_salary(+First, +Raise, +Index, -Salary)
%   Salary in the Index-th season (1 = first) of a contract with that first-season salary and a
%   yearly change of Raise percent of the first season's salary (Art. VII §5(a): increases and
%   decreases are "percent ... of the Salary for the first Salary Cap Year covered by the
%   Contract"). A `minimum` salary counts as minimum_salary/1 in every season (the text gives
%   no scale); an `unstated` raise as none.
season_salary(minimum, _, _, M) :- !, minimum_salary(M).
season_salary(First, unstated, _, First) :- !.
season_salary(First, Raise, I, S) :- S is First * (1 + Raise * (I - 1) / 100).

%!  team_in_season(+P, +ContractTeam, +Year, -Team)
%   The team a player under the contract signed in Year ended with: the team he was last traded
%   to after signing (traded/5), else the contract's team.
current_team_of_contract(P, T0, Y, T) :-
    (   integer(Y)
    ->  findall(S-To, ( traded(P, _, To, S, _), S >= Y ), Trades)
    ;   findall(S-To, traded(P, _, To, S, _), Trades)
    ),
    (   Trades == []
    ->  T = T0
    ;   msort(Trades, Sorted), last(Sorted, _-T)
    ).

%!  under_contract(?P, ?Team, ?Salary)
%   The player is under contract for the 2024-25 season with Team at that 2024-25 salary.
under_contract(P, T, S) :-
    latest_contract(P, T0, Y, N, F, R),
    contract_last_season(P, Y, N, Last), Last >= 2024,
    current_team_of_contract(P, T0, Y, T),
    I is 2024 - Y + 1,
    season_salary(F, R, I, S).

%!  minimum_contract(?P)
%   The player's current (or last) contract pays the minimum salary.
minimum_contract(P) :- latest_contract(P, _, _, _, minimum, _).

% ----------------------------------------------------------------------- free agents

%!  free_agent(?P, ?PriorTeam)
%   The player's contract covered the 2023-24 season as its last one (or he declined his
%   option for 2024-25, or the text gives his last contract without a year): he is a Veteran
%   Free Agent whose Prior Team is the team he finished it with.
free_agent(P, Prior) :-
    latest_contract(P, T0, Y, N, _, _),
    (   integer(Y) -> contract_last_season(P, Y, N, 2023) ; true ),
    current_team_of_contract(P, T0, Y, Prior).

%!  prior_salary(?P, ?Salary)
%   The player's Salary for the final season of his prior contract (minimum_salary/1 for a
%   minimum contract).
prior_salary(P, S) :-
    latest_contract(P, _, Y, N, F, R),
    (   integer(Y) -> contract_last_season(P, Y, N, Last), I is Last - Y + 1 ; I = N ),
    season_salary(F, R, I, S).

%!  bird_seasons(?P, ?Seasons)
%   How many of the seasons up to 2023-24 the player played under contracts with his Prior Team,
%   changing teams only by trade (Art. I (t), (yy)): the seasons of his latest contract (a trade
%   during it is a change "by means of trade"), plus those of an earlier contract with the team
%   that signed the latest one when the two follow each other.
bird_seasons(P, Seasons) :-
    latest_contract(P, T0, Y, N, _, _),
    (   integer(Y)
    ->  contract_last_season(P, Y, N, Last),
        S0 is Last - Y + 1,
        earlier_seasons(P, T0, Y, E),
        Seasons is S0 + E
    ;   Seasons = N
    ).

earlier_seasons(P, T, Y, E) :-
    (   past_contract(P, T1, Y1, N1, _, _), integer(Y1), Y1 < Y,
        contract_last_season(P, Y1, N1, L1), L1 =:= Y - 1,
        current_team_of_contract(P, T1, Y1, T)
    ->  earlier_seasons(P, T1, Y1, E1), E is L1 - Y1 + 1 + E1
    ;   E = 0
    ).

%!  bird_class(?P, ?Class)
%   qualifying (3 or more seasons: Art. I (yy)), early_qualifying (2: Art. I (t)) or
%   non_qualifying (Art. I (rr)).
bird_class(P, Class) :-
    bird_seasons(P, S),
    (   S >= 3 -> Class = qualifying
    ;   S =:= 2 -> Class = early_qualifying
    ;   Class = non_qualifying
    ).

% ------------------------------------------------------------------ service, age, awards

%!  years_of_service(?P, ?Years)
%   Seasons from the player's NBA Draft (or, undrafted, his first contract) through 2023-24.
years_of_service(P, Y) :-
    (   drafted(P, _, _, _, D, _) -> true
    ;   findall(S, ( past_contract(P, _, S, _, _, _), integer(S) ), Ss), Ss \== [], min_list(Ss, D)
    ),
    Y is 2024 - D.

%!  age(?P, ?Age)
%   The player's age at a 2024 off-season signing: his age at the draft plus the years since.
age(P, A) :- drafted(P, _, _, _, D, A0), A is A0 + 2024 - D.

%!  higher_max_criteria(?P)
%   Art. II §7(a)(i)(A)-(B): All-NBA first, second or third team or Defensive Player of the
%   Year in the immediately preceding season (2023-24) or in two of the three preceding seasons,
%   or NBA MVP in one of the three preceding seasons.
higher_max_criteria(P) :- higher_max_award(P, 2023), !.
higher_max_criteria(P) :-
    findall(S, ( member(S, [2021, 2022, 2023]), higher_max_award(P, S) ), Ss),
    length(Ss, N), N >= 2, !.
higher_max_criteria(P) :- award(P, S, mvp), member(S, [2021, 2022, 2023]), !.

higher_max_award(P, S) :-
    award(P, S, A),
    memberchk(A, [all_nba_first, all_nba_second, all_nba_third, defensive_player_of_the_year, mvp]).

% --------------------------------------------------------------------- maximum salary

%!  max_salary(+P, +Team, -Dollars, -Rule)
%   The player's Maximum Annual Salary for a contract with Team (Art. II §7(a)) and the name of
%   the RuleArena rule that sets it: the greater of the service-based share of the Salary Cap
%   and 105% of his prior salary; 30% for a 5th Year Eligible Player meeting the Higher Max
%   Criteria with his Prior Team, 35% for a Designated Veteran Player (8 or 9 years with the team
%   that drafted him, Higher Max Criteria) with his Prior Team.
max_salary(P, Team, Max, Rule) :-
    years_of_service(P, Y),
    (   Y < 7 -> Rule = maximum_salary_for_player_less_than_7_year_service, Pct0 = 25
    ;   Y < 10 -> Rule = maximum_salary_for_player_7_to_9_year_service, Pct0 = 30
    ;   Rule = maximum_salary_for_player_10_or_more_year_service, Pct0 = 35
    ),
    (   Y =:= 4, free_agent(P, Team), higher_max_criteria(P) -> Pct = 30
    ;   ( Y =:= 8 ; Y =:= 9 ), free_agent(P, Team), higher_max_criteria(P), designated_veteran(P, Team) -> Pct = 35
    ;   Pct = Pct0
    ),
    cap_pct(Pct, M1),
    (   prior_salary(P, S) -> M2 is 1.05 * S ; M2 = 0 ),
    Max is max(M1, M2).
max_salary(P, _, Max, maximum_salary_for_player_less_than_7_year_service) :-
    \+ years_of_service(P, _),
    cap_pct(25, Max).

% Art. II §7(a)(ii): "rendered such Years of Service for the Team with which he first executed a
% Player Contract (or ... changed Teams only by trade during the first four (4) Salary Cap Years)".
designated_veteran(P, Team) :-
    \+ ( past_contract(P, T, _, _, _, _), T \== Team, \+ current_team_of_contract(P, T, _, Team) ).

% ------------------------------------------------------------------ free agent amounts

%!  free_agent_amount(?P, ?Team, ?Dollars, ?Rule)
%   The Free Agent Amount (cap hold) counted in the Prior Team's Team Salary until the player
%   re-signs or signs elsewhere (Art. VII §4(d)), with its RuleArena rule name:
%   qualifying 150% of the prior salary (190% below the prior year's Average Player Salary;
%   250%/300% after a Rookie Scale Contract's second option year), early qualifying 130%,
%   non-qualifying 120%; never above his Maximum Annual Salary (§4(d)(5)). A player whose prior
%   Salary was the minimum counts at "the portion of the then-current Minimum Annual Salary ...
%   that would not be reimbursed" (§4(d)(4)): the text gives neither amount, so the Minimum
%   Annual Salary (minimum_salary/1) is taken.
free_agent_amount(P, Team, Amount, Rule) :-
    free_agent(P, Team),
    bird_class(P, Class),
    (   minimum_contract(P)
    ->  fa_pct(Class, P, 0, _, Rule),
        minimum_salary(Amount)
    ;   prior_salary(P, S),
        fa_pct(Class, P, S, Pct, Rule),
        A0 is S * Pct / 100,
        (   max_salary(P, Team, Max, _) -> Amount is min(A0, Max) ; Amount = A0 )
    ).

fa_pct(qualifying, P, S, Pct, salary_space_consumption_qualifying_veteran_free_agent) :-
    cap_figure(average_player_salary_2023, Avg),
    (   rookie_scale_contract(P)
    ->  ( S >= Avg -> Pct = 250 ; Pct = 300 )
    ;   ( S >= Avg -> Pct = 150 ; Pct = 190 )
    ).
fa_pct(early_qualifying, _, _, 130, salary_space_consumption_early_qualifying_veteran_free_agent).
fa_pct(non_qualifying, _, _, 120, salary_space_consumption_non_qualifying_veteran_free_agent).

%!  rookie_scale_contract(?P)
%   The player's latest contract is his Rookie Scale Contract: a first-round pick's contract with
%   the team that drafted him, signed in his draft year, with team option years.
rookie_scale_contract(P) :-
    drafted(P, 1, _, T, Y, _),
    latest_contract(P, T, Y, _, _, _),
    contract_option(P, Y, _, team).
