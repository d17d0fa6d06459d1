% The league state the operations change, one operation after another (operation/2 order):
% Team Salaries, cap holds, exceptions used, cash paid and received, who holds which player and
% which first-round pick, outstanding Offer Sheets.
%
%   st(Base, Holds, Used, Cash, Roster, Signed, Picks, Sheets)
%     Base    [Team-Dollars]               team_salary/2 plus what the operations added/removed
%     Holds   [hold(P, Team, Dollars, Rule)] Free Agent Amounts still counted (players.pl)
%     Used    [used(Team, Exception, Dollars)]
%     Cash    [cash(Team, paid|received, Dollars)]
%     Roster  [on(P, Team, Dollars)]        players under contract for 2024-25 and their salary
%     Signed  [signed(P, Team, Letter, Mechanism, Contract)] contracts signed in the operations
%     Picks   [pick(Holder, OriginalTeam, Year)] first-round picks of the known horizon
%     Sheets  [sheet(P, NewTeam, Letter, Contract)] outstanding Offer Sheets
%
% Contract terms: contract(Years, Salaries, FirstCap, Flags): Salaries the list of season
% salaries (`unknown` where the text gives none), FirstCap the first-season salary counted in
% Team Salary (after the Over 38 rule), Flags a list of minimum, over38(Deferred).

initial_state(st(Base, Holds, [], [], Roster, [], Picks, [])) :-
    findall(T-S, team_salary(T, S), Base),
    findall(hold(P, T, A, R), ( free_agent(P, T), team_salary(T, _), free_agent_amount(P, T, A, R) ), Holds0),
    sort(Holds0, Holds),
    findall(on(P, T, S), ( player_known(P), under_contract(P, T, S) ), Roster0),
    sort(Roster0, Roster),
    initial_picks(Picks).

player_known(P) :- contract(P, _, _, _, _, _, _).

%!  horizon(-Years)
%   The NBA Drafts the team situations speak of: 2025 .. 2024+N for the largest N given.
horizon(Years) :-
    findall(N, all_own_first_round_picks(_, N), Ns),
    (   Ns == [] -> Max = 7 ; max_list(Ns, Max) ),
    Last is 2024 + Max,
    numlist(2025, Last, Years).

initial_picks(Picks) :-
    findall(pick(T, T, Y),
            ( all_own_first_round_picks(T, N), Last is 2024 + N, between(2025, Last, Y),
              \+ lacks_own_first_round_pick(T, Y) ),
            P1),
    findall(pick(T, O, Y), holds_first_round_pick(T, O, Y), P2),
    append(P1, P2, P0), sort(P0, Picks).

%!  team_salary_now(+State, +Team, -Dollars)
%   Team Salary: the base plus the team's Free Agent Amounts still counted. Fails for a team
%   whose Team Salary the problem does not give.
team_salary_now(st(Base, Holds, _, _, _, _, _, _), T, S) :-
    memberchk(T-B, Base),
    sum_holds(Holds, T, H),
    S is B + H.

sum_holds(Holds, T, H) :-
    findall(A, member(hold(_, T, A, _), Holds), As), sum_list(As, H).

hold_of(st(_, Holds, _, _, _, _, _, _), P, T, A) :- memberchk(hold(P, T, A, _), Holds).

add_base(st(B0, H, U, C, R, S, P, Sh), T, D, st(B, H, U, C, R, S, P, Sh)) :-
    (   selectchk(T-X, B0, B1) -> X1 is X + D, B = [T-X1|B1] ; B = B0 ).

drop_hold(st(B, H0, U, C, R, S, P, Sh), Player, st(B, H, U, C, R, S, P, Sh)) :-
    exclude(is_hold_of(Player), H0, H).
is_hold_of(P, hold(P, _, _, _)).

used_amount(st(_, _, U, _, _, _, _, _), T, E, A) :-
    findall(X, member(used(T, E, X), U), Xs), sum_list(Xs, A).

add_used(st(B, H, U, C, R, S, P, Sh), T, E, A, st(B, H, [used(T, E, A)|U], C, R, S, P, Sh)).

cash_total(st(_, _, _, C, _, _, _, _), T, Dir, A) :-
    findall(X, member(cash(T, Dir, X), C), Xs), sum_list(Xs, A).

add_cash(st(B, H, U, C, R, S, P, Sh), T, Dir, A, st(B, H, U, [cash(T, Dir, A)|C], R, S, P, Sh)).

on_roster(st(_, _, _, _, R, _, _, _), P, T, S) :- memberchk(on(P, T, S), R).

set_roster(st(B, H, U, C, R0, S, P, Sh), Player, T, Sal, st(B, H, U, C, [on(Player, T, Sal)|R1], S, P, Sh)) :-
    exclude(is_on(Player), R0, R1).
is_on(P, on(P, _, _)).

signed_in_ops(st(_, _, _, _, _, S, _, _), P, T, L, M, K) :- memberchk(signed(P, T, L, M, K), S).

add_signed(st(B, H, U, C, R, S, P, Sh), X, st(B, H, U, C, R, [X|S], P, Sh)).

picks_of(st(_, _, _, _, _, _, P, _), P).
set_picks(st(B, H, U, C, R, S, _, Sh), P, st(B, H, U, C, R, S, P, Sh)).

sheet_for(st(_, _, _, _, _, _, _, Sh), P, NT, L, K) :- memberchk(sheet(P, NT, L, K), Sh).
add_sheet(st(B, H, U, C, R, S, P, Sh), X, st(B, H, U, C, R, S, P, [X|Sh])).
drop_sheet(st(B, H, U, C, R, S, P, Sh0), Pl, st(B, H, U, C, R, S, P, Sh)) :-
    exclude(is_sheet(Pl), Sh0, Sh).
is_sheet(P, sheet(P, _, _, _)).

%!  add_hardcap(+S0, +Team, +Letter, +Level, +Rule, -S)
%   Team engaged in operation Letter in a transaction of the Transaction Restrictions Table
%   (Art. VII §2(e)(4)): for the rest of the Salary Cap Year its Team Salary may not exceed
%   Level (first_apron, second_apron); Rule names the row's RuleArena rule.
add_hardcap(st(B, H, U, C, R, S, P, Sh), T, L, Level, Rule, st(B, H, [used(T, hardcap(L), cap(Level, Rule))|U], C, R, S, P, Sh)).

hardcap_of(st(_, _, U, _, _, _, _, _), T, L, Level, Rule) :- member(used(T, hardcap(L), cap(Level, Rule)), U).
