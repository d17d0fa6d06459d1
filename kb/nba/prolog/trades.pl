% Trades (trade_player/4, trade_cash/4, trade_pick/6 of one operation): sign-and-trade
% conditions (Art. VII §8(e)(1), §2(e) rows C and J), salary matching with Room or a Traded
% Player Exception (Art. VII §6(j), §2(e) rows E, H), cash (§8(a), §2(e) row I), first-round
% picks (By-Laws 7.03, the Stepien rule).

%!  do_trade(+Letter, +S0, -S, -Violations)
do_trade(L, S0, S, Vs) :-
    trade_teams(L, Ts),
    findall(P-From-To, trade_player(L, From, To, P), Moves),
    foldl_v(sat_checks(L, Moves), Moves, S0, _, VS),
    findall(V, ( member(T, Ts), team_matching(L, T, S0, V) ), VM),
    findall(V, ( member(T, Ts), cash_violation(L, T, S0, V) ), VC),
    stepien(L, Ts, S0, VP, Picks),
    findall(ok(L, T, Rule, D), ( member(T, Ts), trade_ok(L, T, S0, Rule, D) ), OK),
    findall(no(L, T, Rule, why_not(Way, D)),
            ( member(T, Ts), team_choice(L, T, S0, fail(_, no_traded_player_exception(_, _, _, _, _, Rs))),
              member(fail(Way, Rule, D), Rs) ), NO),
    append([VS, VM, VC, VP, OK, NO], Vs0),
    drop_met(Vs0, Vs),
    foldl(move_player(L, S0), Moves, S0, S1),
    foldl(salary_change(L, S0), Ts, S1, S1a),
    foldl(choice_effects(L, S0), Ts, S1a, S2),
    set_picks(S2, Picks, S3),
    findall(c(T, A), trade_cash(L, T, _, A), Paid),
    findall(c(T, A), trade_cash(L, _, T, A), Received),
    foldl(cash_paid, Paid, S3, S4),
    foldl(cash_received, Received, S4, S).

%!  trade_ok(+L, +T, +S0, -Rule, -Detail)
%   The rules a trade was checked against for team T (the explanation's why-not).
trade_ok(L, T, S0, Rule, D) :-
    team_choice(L, T, S0, C), C \= fail(_, _),
    choice_rule(C, Rule, D).
trade_ok(L, T, S0, traded_player_exception_250k_reduced_first_apron_level, above_first_apron(Post)) :-
    team_choice(L, T, S0, ok(Way)), Way \== room,
    post_trade_salary(L, T, S0, Post), first_apron(A1), Post > A1.
trade_ok(L, T, S0, Rule, sign_and_trade) :-
    trade_player(L, T, _, P), signed_in_ops(S0, P, T, _, M, _), M \== trade,
    member(Rule, [sign_and_trade_3_to_4_year, sign_and_trade_not_with_mid_level_exception,
                  sign_and_trade_no_higher_than_25_percent_for_higher_max_5th_year_eligible_player,
                  sign_and_trade_qualifying_free_agent_half_salary_for_traded_player_exception]).
trade_ok(L, T, S0, Rule, sign_and_trade) :-
    trade_player(L, From, T, P), signed_in_ops(S0, P, From, _, M, _), M \== trade,
    member(Rule, [sign_and_trade_assignee_team_has_room, sign_and_trade_hard_cap_first_apron_level]).
trade_ok(L, T, _, Rule, cash) :-
    ( trade_cash(L, T, _, _) ; trade_cash(L, _, T, _) ),
    member(Rule, [pay_or_receive_cash_maximum_in_a_year, cash_in_trade_hard_cap_second_apron_level]).
trade_ok(L, T, _, stepien_rule_no_sell_or_no_consecutive_first_round_draft_pick_trade, first_round_picks) :-
    trade_pick(L, T, _, 1, _, _).
trade_ok(L, T, S0, Rule, free_agent_amount(P, A)) :-
    ( trade_player(L, T, _, _) ; trade_player(L, _, T, _) ),
    S0 = st(_, Holds, _, _, _, _, _, _), member(hold(P, T, A, Rule), Holds).

choice_rule(none_needed, salary_cap_no_exceed_without_exception, under_cap).
choice_rule(ok(room), traded_player_exception_for_room_team, room_plus_250000).
choice_rule(ok(standard), standard_traded_player_exception, used).
choice_rule(ok(existing), standard_traded_player_exception, used).
choice_rule(ok(aggregated), Rule, used) :-
    member(Rule, [aggregated_standard_traded_player_exception, aggregated_traded_player_exception_hard_cap_second_apron_level,
                  traded_player_exception_only_one_minimum_traded_player_under_conditions]).
choice_rule(ok(expanded), Rule, used) :-
    member(Rule, [expanded_traded_player_exception, expanded_traded_player_exception_hard_cap_first_apron_level]).
choice_rule(ok(E), Rule, used) :- exception_rules(E, Rules), member(Rule, Rules).

trade_teams(L, Ts) :-
    findall(T, ( trade_player(L, A, B, _), member(T, [A, B])
               ; trade_cash(L, A, B, _), member(T, [A, B])
               ; trade_pick(L, A, B, _, _, _), member(T, [A, B]) ), Ts0),
    dedup(Ts0, Ts).

dedup([], []).
dedup([X|Xs], [X|Ys]) :- exclude(==(X), Xs, Xs1), dedup(Xs1, Ys).

%!  choice_effects(+L, +S0, +T, +S1, -S)
%   What the team's way of taking in salary leaves behind: the exception amount used and the
%   apron level it may not exceed for the rest of the Salary Cap Year (Art. VII §2(e)(2)(i)(B)):
%   rows E (Expanded TPE), B (Non-Taxpayer Mid-Level), A (Bi-annual): First Apron; row H
%   (Aggregated TPE), I (cash paid), J (a TPE from a contract the team signed and traded):
%   Second Apron; row C (a signed-and-traded contract acquired): First Apron.
choice_effects(L, S0, T, S1, S) :-
    findall(X, trade_effect(L, S0, T, X), Xs),
    foldl(apply_effect(L, T), Xs, S1, S).

trade_effect(L, S0, T, used(E, In)) :-
    team_choice(L, T, S0, ok(E)), exception_with_amount(E),
    trade_sums(L, T, S0, _, _, In).
trade_effect(L, S0, T, hardcap(Level, Rule)) :-
    team_choice(L, T, S0, ok(Way)),
    memberchk(Way-Level-Rule, [expanded-first_apron-expanded_traded_player_exception_hard_cap_first_apron_level,
                               aggregated-second_apron-aggregated_traded_player_exception_hard_cap_second_apron_level,
                               non_taxpayer_mid_level-first_apron-non_taxpayer_mid_level_exception_hard_cap_first_apron_level,
                               bi_annual-first_apron-bi_annual_exception_hard_cap_first_apron_level]).
trade_effect(L, S0, T, hardcap(second_apron, sign_and_trade_assignee_traded_player_exception_hard_cap_second_apron_level)) :-
    team_choice(L, T, S0, ok(Way)), memberchk(Way, [standard, aggregated, expanded]),
    trade_player(L, T, _, P), signed_in_ops(S0, P, T, _, M, _), M \== trade,
    \+ operation_date(L, _, _, _), !.
trade_effect(L, _, T, hardcap(second_apron, cash_in_trade_hard_cap_second_apron_level)) :-
    trade_cash(L, T, _, _).
trade_effect(L, S0, T, hardcap(first_apron, sign_and_trade_hard_cap_first_apron_level)) :-
    trade_player(L, From, T, P), signed_in_ops(S0, P, From, _, M, _), M \== trade,
    \+ operation_date(L, _, _, _), !.

apply_effect(_, T, used(E, A), S0, S) :- add_used(S0, T, E, A, S).
apply_effect(L, T, hardcap(Level, Rule), S0, S) :- add_hardcap(S0, T, L, Level, Rule, S).

cash_paid(c(T, A), S0, S) :- add_cash(S0, T, paid, A, S).
cash_received(c(T, A), S0, S) :- add_cash(S0, T, received, A, S).

%!  player_salary(+State, +P, -Dollars)
%   The player's salary for 2024-25 (0 when the problem gives no contract for him).
player_salary(S0, P, Sal) :- ( on_roster(S0, P, _, Sal0) -> Sal = Sal0 ; Sal = 0 ).

move_player(L, S0, P-_-To, S1, S) :-
    player_salary(S0, P, Sal),
    set_roster(S1, P, To, Sal, S2),
    add_signed(S2, signed(P, To, L, trade, none), S).

salary_change(L, S0, T, S1, S) :-
    trade_sums(L, T, S0, Out, _, In),
    D is In - Out,
    add_base(S1, T, D, S).

%!  trade_sums(+L, +T, +State, -OutSalary, -OutTpeSalary, -InSalary)
trade_sums(L, T, S0, Out, OutTpe, In) :-
    findall(Sal, ( trade_player(L, T, _, P), player_salary(S0, P, Sal) ), Os), sum_list(Os, Out),
    findall(Sal, ( trade_player(L, T, _, P), tpe_salary(S0, T, P, Sal) ), Ts), sum_list(Ts, OutTpe),
    findall(Sal, ( trade_player(L, _, T, P), player_salary(S0, P, Sal) ), Is), sum_list(Is, In).

%!  tpe_salary(+State, +Team, +P, -Dollars)
%   A traded player's salary for the Traded Player Exception: his salary, except that a
%   Qualifying or Early Qualifying Veteran Free Agent signed-and-traded by a team over the cap
%   for more than a Non-Qualifying Veteran Free Agent could have had counts at the greater of
%   his prior salary and 50% of his new salary (Art. VII §6(j)(5)).
tpe_salary(S0, T, P, Sal) :-
    player_salary(S0, P, X),
    (   signed_in_ops(S0, P, T, _, M, _), M \== trade,
        free_agent(P, T), bird_class(P, C), memberchk(C, [qualifying, early_qualifying]),
        team_salary_now(S0, T, TS), salary_cap(Cap), TS > Cap,
        prior_salary(P, Prior), X > 1.2 * Prior
    ->  Sal is max(Prior, 0.5 * X)
    ;   Sal = X
    ).

% ---------------------------------------------------------------------- sign-and-trade

%!  sat_checks(+L, +Moves, +P-From-To, +S0, -S, -Violations)
%   A player signed in an earlier step and traded now by the team that signed him.
sat_checks(L, Moves, P-From-To, S0, S0, Vs) :-
    (   signed_in_ops(S0, P, From, _, M, K), M \== trade
    ->  (   operation_date(L, Y, Mo, D)
        ->  (   after_dec_15(Y, Mo, D) -> Vs = []
            ;   Vs = [v(L, From, free_agent_sign_contract_cannot_be_traded_within_3_month_or_before_dec_15, traded_on(Y, Mo, D))]
            )
        ;   sat_violations(L, Moves, P, From, To, M, K, S0, Vs)
        )
    ;   Vs = []
    ).

after_dec_15(Y, _, _) :- Y > 2024, !.
after_dec_15(2024, 12, D) :- integer(D), D >= 15.

sat_violations(L, Moves, P, From, To, M, K, S0, Vs) :-
    contract_years(K, N), contract_cap_salary(K, X),
    findall(V, sat_violation(L, Moves, P, From, To, M, N, X, S0, V), Vs).

sat_violation(L, _, P, From, _, _, _, _, _, v(L, From, free_agent_sign_contract_cannot_be_traded_within_3_month_or_before_dec_15, not_own_free_agent)) :-
    \+ free_agent(P, From).
sat_violation(L, _, P, From, _, _, N, _, S0, v(L, From, sign_and_trade_3_to_4_year, years(N))) :-
    signed_in_ops(S0, P, From, _, _, K), \+ years_unstated(K),
    ( N < 3 ; N > 4 ).
sat_violation(L, _, _, From, _, M, _, _, _, v(L, From, sign_and_trade_not_with_mid_level_exception, used(M))) :-
    memberchk(M, [non_taxpayer_mid_level, room_mid_level]).
sat_violation(L, _, P, From, _, M, _, _, S0, v(L, From, salary_increase_and_decrease_ratio_except_qualifying_or_early_qualifying_veteran_free_agent, D)) :-
    signed_in_ops(S0, P, From, Ls, M, K), Ls \== L,
    contract_salaries(K, Ss), raise_violation(Ss, 5, D).
sat_violation(L, _, P, From, _, _, _, X, _, v(L, From, sign_and_trade_no_higher_than_25_percent_for_higher_max_5th_year_eligible_player, above(X, Max))) :-
    years_of_service(P, 4), higher_max_criteria(P),
    cap_pct(25, Max), \+ leq(X, Max).
sat_violation(L, _, _, _, To, _, _, X, S0, v(L, To, sign_and_trade_assignee_team_has_room, no_room(Room, X))) :-
    % Room: the Salary Cap less the acquiring team's Team Salary without the players it sends
    % away in the same trade
    team_salary_now(S0, To, TS),
    trade_sums(L, To, S0, Out, _, _),
    salary_cap(C), Room is C - (TS - Out),
    \+ leq(X, Room).
sat_violation(L, _, _, _, To, _, _, _, S0, v(L, To, sign_and_trade_hard_cap_first_apron_level, above_apron(Post, A))) :-
    team_salary_now(S0, To, _),
    post_trade_salary(L, To, S0, Post),
    first_apron(A), \+ leq(Post, A).

post_trade_salary(L, T, S0, Post) :-
    team_salary_now(S0, T, TS),
    trade_sums(L, T, S0, Out, _, In),
    Post is TS - Out + In.

% --------------------------------------------------------------------- salary matching

%!  team_matching(+L, +T, +S0, -Violation)
%   A team taking in salary must end under the Salary Cap (Art. VII §2(b)), end within its Room
%   plus $250,000 (§6(j)(1)(v)), use a Traded Player Exception (§6(j)(1)(i)-(iv)) or, since
%   2024-25, an exception that may acquire contracts by assignment; the $250,000 is $0 above
%   the First Apron Level (§6(j)(3)).
team_matching(L, T, S0, v(L, T, Rule, Detail)) :-
    team_choice(L, T, S0, fail(Rule, Detail)).

%!  team_choice(+L, +T, +S0, -Choice)
%   How team T takes in the trade's salary: none_needed, ok(Way) or fail(Rule, Detail).
team_choice(L, T, S0, Choice) :-
    team_salary_now(S0, T, TS),
    trade_sums(L, T, S0, Out, OutTpe, In),
    Post is TS - Out + In,
    salary_cap(C),
    first_apron(A1),
    ( Post > A1 -> Allow = 0 ; tpe_allowance(Allow) ),
    (   ( In =:= 0 ; leq(Post, C) )
    ->  Choice = none_needed
    ;   TS < C, leq(Post, C + Allow)
    ->  Choice = ok(room)
    ;   findall(P, trade_player(L, T, _, P), OutPs),
        findall(P, trade_player(L, _, T, P), InPs),
        tpe_options(L, T, S0, OutPs, InPs, OutTpe, In, Post, Allow, Results0),
        findall(R, absorb_option(T, S0, InPs, In, TS, R), Results1),
        append(Results0, Results1, Results),
        (   memberchk(ok(Way), Results)
        ->  Choice = ok(Way)
        ;   failure_rule(Results, OutPs, Rule),
            Choice = fail(Rule, no_traded_player_exception(TS, Out, OutTpe, In, Post, Results))
        )
    ).

failure_rule(Results, _, Rule) :- member(fail(_, Rule, _), Results), Rule \== none, !.
failure_rule(_, _, salary_cap_no_exceed_without_exception).

%!  tpe_options(..., -Results)
%   Each Traded Player Exception as ok(Name) or fail(Name, Rule, Detail), the rule that the
%   trade does not meet for it.
tpe_options(L, T, S0, OutPs, InPs, OutTpe, In, Post, Allow, Results) :-
    length(OutPs, NOut),
    findall(R, tpe_option(L, T, S0, OutPs, InPs, NOut, OutTpe, In, Post, Allow, R), Results).

tpe_option(_, _, _, _, _, 0, _, _, _, _, fail(none, salary_cap_no_exceed_without_exception, no_traded_player)).
tpe_option(L, T, S0, _, _, 1, OutTpe, In, Post, Allow, R) :-
    Max is OutTpe + Allow,
    (   \+ leq(In, Max) -> R = fail(standard, standard_traded_player_exception, above(In, Max))
    ;   sat_apron(L, T, S0, Post, R0) -> R = R0
    ;   R = ok(standard)
    ).
tpe_option(L, T, S0, OutPs, InPs, NOut, OutTpe, In, Post, Allow, R) :-
    NOut >= 2,
    Max is OutTpe + Allow,
    (   aggregation_bar(S0, OutPs, InPs, Rule, D) -> R = fail(aggregated, Rule, D)
    ;   \+ leq(In, Max) -> R = fail(aggregated, aggregated_standard_traded_player_exception, above(In, Max))
    ;   second_apron(A2), \+ leq(Post, A2) -> R = fail(aggregated, aggregated_traded_player_exception_hard_cap_second_apron_level, above_apron(Post, A2))
    ;   sat_apron(L, T, S0, Post, R0) -> R = R0
    ;   R = ok(aggregated)
    ).
tpe_option(L, T, S0, OutPs, InPs, NOut, OutTpe, In, Post, _, R) :-
    NOut >= 1,
    expanded_tpe_allowance(E), tpe_allowance(A),
    Max is max(min(2 * OutTpe + A, OutTpe + E), 1.25 * OutTpe + A),
    (   used_amount(S0, T, taxpayer_mid_level, U), U > 0 -> R = fail(expanded, taxpayer_mid_level_exception, used_taxpayer_mid_level)
    ;   NOut >= 2, aggregation_bar(S0, OutPs, InPs, Rule, D) -> R = fail(expanded, Rule, D)
    ;   \+ leq(In, Max) -> R = fail(expanded, expanded_traded_player_exception, above(In, Max))
    ;   first_apron(A1), \+ leq(Post, A1) -> R = fail(expanded, expanded_traded_player_exception_hard_cap_first_apron_level, above_apron(Post, A1))
    ;   sat_apron(L, T, S0, Post, R0) -> R = R0
    ;   R = ok(expanded)
    ).
tpe_option(_, T, _, _, InPs, _, _, In, Post, Allow, R) :-
    traded_player_exception(T, Amount, Year),
    (   Year < 2023 -> R = fail(existing, standard_traded_player_exception, expired(Year))
    ;   InPs \= [_] -> R = fail(existing, standard_traded_player_exception, one_player_only)
    ;   Max is Amount + Allow, \+ leq(In, Max) -> R = fail(existing, standard_traded_player_exception, above(In, Max))
    ;   first_apron(A1), \+ leq(Post, A1) -> R = fail(existing, standard_traded_player_exception, above_apron(Post, A1))
    ;   R = ok(existing)
    ).

%!  absorb_option(+T, +S0, +InPs, +In, +TS, -Result)
%   Since 2024-25 a team may acquire contracts by assignment with the Non-Taxpayer Mid-Level
%   (§6(e)(1)), the Room Mid-Level (§6(g)(1)) or the Bi-annual Exception (§6(d)(1)), under the
%   same amounts, remaining terms and apron limits as for signing; a minimum contract with the
%   Minimum Player Salary Exception (§6(i)).
absorb_option(T, S0, InPs, In, TS, R) :-
    member(E, [non_taxpayer_mid_level, room_mid_level, bi_annual]),
    remaining_term(S0, InPs, N),
    K = contract(N, [In], In, []),
    (   mechanism_fails(E, none, T, K, S0, TS, Rule, D) -> R = fail(E, Rule, D) ; R = ok(E) ).
absorb_option(_, S0, InPs, _, _, ok(minimum_salary)) :-
    InPs = [_|_], forall(member(P, InPs), minimum_player(S0, P)),
    remaining_term(S0, InPs, N), N =< 2.

%!  remaining_term(+S0, +Players, -Seasons)
%   The most seasons (from 2024-25) left on the players' contracts.
remaining_term(S0, Ps, N) :-
    findall(R, ( member(P, Ps), player_remaining(S0, P, R) ), Rs),
    ( Rs == [] -> N = 1 ; max_list(Rs, N) ).

player_remaining(S0, P, R) :-
    (   signed_in_ops(S0, P, _, _, M, K), M \== trade -> contract_years(K, R)
    ;   latest_contract(P, _, Y, N, _, _), integer(Y), contract_last_season(P, Y, N, Last) -> R is Last - 2024 + 1
    ;   R = 1
    ).

%!  sat_apron(+L, +T, +S0, +Post, -Result)
%   Art. VII §2(e) row J: a team taking in a player with a Traded Player Exception that arose from
%   a contract it signed and traded may not exceed the Second Apron Level.
sat_apron(L, T, S0, Post, fail(sign_and_trade, sign_and_trade_assignee_traded_player_exception_hard_cap_second_apron_level, above_apron(Post, A2))) :-
    trade_player(L, T, _, P),
    signed_in_ops(S0, P, T, _, M, _), M \== trade,
    \+ operation_date(L, _, _, _),
    second_apron(A2), \+ leq(Post, A2), !.

%!  aggregation_bar(+S0, +OutPs, +InPs, -Rule, -Detail)
%   Art. VII §6(j)(4): no player whose contract was acquired (by assignment: "if a player were
%   traded to a Team pursuant to an Exception on November 20, 2023 ...") in the two months
%   before may be aggregated (here: traded for in an earlier operation of the problem); with
%   three or more Traded Players for fewer Replacement Players, at most one Minimum Traded
%   Player.
aggregation_bar(S0, OutPs, _, aggregated_standard_traded_player_exception, recently_acquired(P)) :-
    member(P, OutPs),
    signed_in_ops(S0, P, _, _, trade, _), !.
aggregation_bar(S0, OutPs, InPs, traded_player_exception_only_one_minimum_traded_player_under_conditions, minimum_players(Ms)) :-
    \+ ( member(P, OutPs), trade_player(L, _, _, P), operation_date(L, Y, M, D), dec15_to_deadline(Y, M, D) ),
    length(OutPs, NO), length(InPs, NI), NO >= 3, NI < NO,
    include(minimum_player(S0), OutPs, Ms), length(Ms, NM), NM > 1.

%!  dec15_to_deadline(+Year, +Month, +Day)
%   The date falls in "the period beginning on December 15 of a Salary Cap Year through the NBA
%   trade deadline" (§6(j)(4)(ii)); the rule text gives no deadline date, so only December 15-31
%   and January count as inside it.
dec15_to_deadline(2024, 12, D) :- integer(D), D >= 15.
dec15_to_deadline(2025, 1, _).

minimum_player(S0, P) :-
    (   signed_in_ops(S0, P, _, _, M, K), M \== trade
    ->  contract_minimum(K)
    ;   minimum_contract(P)
    ).

% -------------------------------------------------------------------------------- cash

%!  cash_violation(+L, +T, +S0, -Violation)
%   Art. VII §8(a): at most 5.15% of the Salary Cap paid, and at most as much received, in a
%   Salary Cap Year; §2(e) row I: a team paying cash may not exceed the Second Apron Level.
cash_violation(L, T, S0, v(L, T, pay_or_receive_cash_maximum_in_a_year, cash(Dir, Total, Max))) :-
    member(Dir, [paid, received]),
    (   Dir == paid -> findall(A, trade_cash(L, T, _, A), As) ; findall(A, trade_cash(L, _, T, A), As) ),
    As \== [],
    sum_list(As, Now), cash_total(S0, T, Dir, Before), Total is Before + Now,
    cash_limit(Max), \+ leq(Total, Max).
cash_violation(L, T, S0, v(L, T, cash_in_trade_hard_cap_second_apron_level, above_apron(Post, A2))) :-
    trade_cash(L, T, _, _),
    post_trade_salary(L, T, S0, Post),
    second_apron(A2), \+ leq(Post, A2).

% ---------------------------------------------------------------------- first-round picks

%!  stepien(+L, +Teams, +S0, -Violations, -Picks)
%   By-Laws 7.03: no team may sell a first-round pick for cash, or trade one if that may leave
%   it without first-round picks in two consecutive future NBA Drafts (within the drafts the
%   team situations speak of). Picks: the first-round picks held after the trade.
stepien(L, Ts, S0, Vs, Picks) :-
    picks_of(S0, P0),
    findall(From-O-Y, trade_pick(L, From, _, 1, O, Y), Sent),
    findall(pick(To, O, Y), trade_pick(L, _, To, 1, O, Y), Got),
    foldl(send_pick, Sent, P0, P1), append(P1, Got, P2), sort(P2, Picks),
    findall(V, ( member(T, Ts), stepien_violation(L, T, Picks, V) ), Vs).

stepien_violation(L, T, _, v(L, T, stepien_rule_no_sell_or_no_consecutive_first_round_draft_pick_trade, sold_for_cash)) :-
    trade_pick(L, T, _, 1, _, _),
    \+ trade_player(L, _, T, _), \+ trade_pick(L, _, T, _, _, _),
    trade_cash(L, _, T, _), !.
stepien_violation(L, T, Picks, v(L, T, stepien_rule_no_sell_or_no_consecutive_first_round_draft_pick_trade, no_picks(Sent, Y1))) :-
    trade_pick(L, T, _, 1, _, Sent),
    all_own_first_round_picks(T, N), Last is 2024 + N,
    Sent =< Last,
    member(D, [-1, 1]), Y1 is Sent + D, Y1 >= 2025, Y1 =< Last,
    \+ has_pick(Picks, T, Sent), \+ has_pick(Picks, T, Y1), !.

%!  send_pick(+From-Original-Year, +Picks0, -Picks)
%   The pick leaves the sender's holdings; a team that does not hold that team's pick of that
%   year but holds another first-round pick of the year sends the one it holds ("its first-round
%   draft pick in 2025" of a team holding only another team's 2025 pick).
send_pick(From-O-Y, P0, P) :-
    (   selectchk(pick(From, O, Y), P0, P1) -> P = P1
    ;   selectchk(pick(From, _, Y), P0, P1) -> P = P1
    ;   P = P0
    ).

has_pick(Picks, T, Y) :- member(pick(T, _, Y), Picks), !.
