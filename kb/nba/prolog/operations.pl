% The operations, one after another (operation/2 order), against the league state (state.pl):
% what each step (signing, Offer Sheet, match, trade) requires, which rule it breaks and which
% team is at fault. Every violation is v(Letter, Team, Rule, Detail): Rule a RuleArena rule name
% (citations.py quotes its text), Detail the amounts that decided it.

%!  nba_run(-Violations)
nba_run(Vs) :-
    nba_items(Items),
    include(is_violation, Items, Vs).

%!  nba_items(-Items)
%   Everything the run decided, in order: v(Letter, Team, Rule, Detail) for a rule broken,
%   ok(Letter, Team, Rule, Detail) for a rule applied and met (the explanation's why-not), and
%   no(Letter, Team, Rule, Detail) for an exception considered whose condition (Rule) was not
%   met, so that another way had to be found.
nba_items(Items) :-
    initial_state(S0),
    findall(I-L, operation(L, I), Ops0), msort(Ops0, Ops),
    run_ops(Ops, S0, Items).

is_violation(v(_, _, _, _)).

run_ops([], _, []).
run_ops([_-L|Ops], S0, Vs) :-
    do_operation(L, S0, S1, V1),
    run_ops(Ops, S1, V2),
    append(V1, V2, Vs).

do_operation(L, S0, S, Vs) :-
    findall(sign(T, P, N, F, R), sign(L, T, P, N, F, R), Signs),
    foldl_v(do_sign(L), Signs, S0, S1, V1),
    findall(sheet(T, P, N, F, R), offer_sheet(L, T, P, N, F, R), Sheets),
    foldl_v(do_offer_sheet(L), Sheets, S1, S2, V2),
    findall(match(T, P), match_offer_sheet(L, T, P), Matches),
    foldl_v(do_match(L), Matches, S2, S3, V3),
    (   ( trade_player(L, _, _, _) ; trade_cash(L, _, _, _) ; trade_pick(L, _, _, _, _, _) )
    ->  do_trade(L, S3, S, V4)
    ;   S = S3, V4 = []
    ),
    findall(V, hardcap_violation(L, S, V), V5),
    append([V1, V2, V3, V4, V5], Vs).

%!  hardcap_violation(+L, +S, -Violation)
%   Art. VII §2(e)(2)(i)(B): a team that engaged in a transaction of the Transaction Restrictions
%   Table in an earlier operation may not, for the rest of the Salary Cap Year, have a Team
%   Salary above that transaction's Applicable Apron Level.
hardcap_violation(L, S, v(L, T, Rule, hard_cap(TS, Level, A, L0))) :-
    operation_team(L, T),
    hardcap_of(S, T, L0, Level, Rule), L0 \== L,
    team_salary_now(S, T, TS), cap_figure(Level, A),
    \+ leq(TS, A).

operation_team(L, T) :-
    setof(X, operation_team_(L, X), Ts), member(T, Ts).
operation_team_(L, T) :- sign(L, T, _, _, _, _).
operation_team_(L, T) :- offer_sheet(L, T, _, _, _, _).
operation_team_(L, T) :- match_offer_sheet(L, T, _).
operation_team_(L, T) :- trade_player(L, A, B, _), member(T, [A, B]).
operation_team_(L, T) :- trade_cash(L, A, B, _), member(T, [A, B]).

% foldl over steps, each giving violations
foldl_v(_, [], S, S, []).
foldl_v(G, [X|Xs], S0, S, Vs) :-
    call(G, X, S0, S1, V1),
    foldl_v(G, Xs, S1, S, V2),
    append(V1, V2, Vs).

% ---------------------------------------------------------------------------- signing

%!  do_sign(+Letter, +sign(Team, P, Years, First, Raise), +S0, -S, -Violations)
do_sign(L, sign(T, P, N, F, R), S0, S, Vs) :-
    new_contract(L, P, N, F, R, K),
    contract_cap_salary(K, X),
    (   sign_and_trade_planned(L, T, P) -> SAT = true ; SAT = false ),
    (   team_salary_now(S0, T, TS0)
    ->  ( hold_of(S0, P, T, H) -> TS is TS0 - H ; TS = TS0 ),
        choose_mechanism(P, T, K, SAT, S0, TS, M, Reasons)
    ;   TS = unknown, M = unknown, Reasons = []
    ),
    findall(v(L, T, Rule, D), length_violation(P, T, K, Rule, D), VL),
    findall(v(L, T, Rule, D), max_salary_violation(P, T, K, Rule, D), VM),
    (   M == none
    ->  VE = [v(L, T, salary_cap_no_exceed_without_exception, no_exception(TS, X, Reasons))]
    ;   VE = []
    ),
    ( SAT == true -> RM = sign_and_trade ; RM = M ),
    raise_limit(P, T, RM, Pct, RRule),
    contract_salaries(K, Ss),
    (   raise_violation(Ss, Pct, RD) -> VR = [v(L, T, RRule, RD)] ; VR = [] ),
    sign_ok_items(L, P, T, K, M, RRule, Pct, S0, OK),
    findall(no(L, T, Rule, why_not(Mech, D)), member(why_not(Mech, Rule, D), Reasons), NO),
    append([VL, VM, VR, VE, OK, NO], Vs),
    add_base(S0, T, X, S1),
    drop_hold(S1, P, S2),
    (   exception_with_amount(M) -> add_used(S2, T, M, X, S2a) ; S2a = S2 ),
    (   memberchk(M-Level-HRule, [non_taxpayer_mid_level-first_apron-non_taxpayer_mid_level_exception_hard_cap_first_apron_level,
                                  bi_annual-first_apron-bi_annual_exception_hard_cap_first_apron_level,
                                  taxpayer_mid_level-second_apron-taxpayer_mid_level_exception_hard_cap_second_apron_level])
    ->  add_hardcap(S2a, T, L, Level, HRule, S3)
    ;   S3 = S2a
    ),
    set_roster(S3, P, T, X, S4),
    add_signed(S4, signed(P, T, L, M, K), S).

%!  sign_ok_items(+L, +P, +T, +Contract, +Mechanism, +RaiseRule, +Pct, +S0, -Items)
%   The rules a signing was checked against and met: the maximum salary, the raise limit, the
%   Over 38 rule, the Free Agent Amounts in the team's salary, the exception used and its
%   length and apron limits.
sign_ok_items(L, P, T, K, M, RRule, Pct, S0, Items) :-
    findall(ok(L, T, Rule, D), sign_ok(L, P, T, K, M, RRule, Pct, S0, Rule, D), Items).

sign_ok(_, P, T, K, _, _, _, _, Rule, maximum(Max)) :-
    \+ max_salary_violation(P, T, K, _, _), max_salary(P, T, Max, Rule).
sign_ok(_, _, _, K, _, RRule, Pct, _, RRule, limit_percent(Pct)) :-
    contract_salaries(K, Ss), \+ raise_violation(Ss, Pct, _).
sign_ok(_, P, T, K, _, _, _, _, contract_length_at_most_4_year_except_qualifying_veteran_free_agent_5_year, years(N)) :-
    \+ length_violation(P, T, K, _, _), contract_years(K, N).
sign_ok(_, P, T, K, _, _, _, _, Rule, over38(D)) :-
    K = contract(_, _, _, Flags), memberchk(over38(D), Flags),
    (   free_agent(P, T), bird_class(P, qualifying), age(P, A), A >= 35, A =< 36
    ->  Rule = defer_compensation_qualifying_veteran_free_agent_38_year_old
    ;   Rule = defer_compensation_38_year_old
    ).
sign_ok(_, _, T, _, _, _, _, S0, Rule, free_agent_amount(P2, A)) :-
    S0 = st(_, Holds, _, _, _, _, _, _), member(hold(P2, T, A, Rule), Holds).
sign_ok(_, P, T, K, M, _, _, _, Rule, D) :-
    mechanism_rule(M, P, T, K, Rule, D).

%!  mechanism_rule(+M, +P, +T, +Contract, -Rule, -Detail)
%   The rules of the way a signing fits the cap (choose_mechanism/8).
mechanism_rule(bird, P, _, _, Rule, bird_rights) :-
    bird_class(P, C),
    memberchk(C-Rule, [qualifying-qualifying_veteran_free_agent_exception,
                       early_qualifying-early_qualifying_veteran_free_agent_exception,
                       non_qualifying-non_qualifying_veteran_free_agent_exception]).
mechanism_rule(room, _, _, _, salary_cap_no_exceed_without_exception, room).
mechanism_rule(E, _, _, _, Rule, exception(E)) :-
    exception_rules(E, Rules), member(Rule, Rules).

exception_rules(minimum_salary, [minimum_player_salary_exception, contract_length_at_most_2_year_minimum_player_salary_exception]).
exception_rules(room_mid_level, [mid_level_exception_for_room_team, contract_length_at_most_3_year_mid_level_exception_for_room_team]).
exception_rules(non_taxpayer_mid_level, [non_taxpayer_mid_level_exception, contract_length_at_most_4_year_non_taxpayer_mid_level_exception,
                                         non_taxpayer_mid_level_exception_hard_cap_first_apron_level]).
exception_rules(taxpayer_mid_level, [taxpayer_mid_level_exception, contract_length_at_most_2_year_taxpayer_mid_level_exception,
                                     taxpayer_mid_level_exception_hard_cap_second_apron_level]).
exception_rules(bi_annual, [bi_annual_exception, contract_length_at_most_2_year_bi_annual_exception,
                            bi_annual_exception_hard_cap_first_apron_level]).

exception_with_amount(M) :- memberchk(M, [non_taxpayer_mid_level, taxpayer_mid_level, room_mid_level, bi_annual]).

%!  sign_and_trade_planned(+Letter, +Team, +P)
%   Team trades the player it signs in the same operation ("signs ... and immediately trades
%   ..."): a sign-and-trade (Art. VII §8(e)(1)). A trade in a later operation is judged as a
%   sign-and-trade when it happens (trades.pl).
sign_and_trade_planned(L, T, P) :-
    trade_player(L, T, _, P),
    \+ operation_date(L, _, _, _).

%!  choose_mechanism(+P, +Team, +Contract, +SAT, +State, +TeamSalary, -Mechanism, -Reasons)
%   The first way the signing fits the Salary Cap rules (Art. VII §2(b) and the Exceptions of
%   §6), in the order: the Veteran Free Agent (Bird) exceptions with the Prior Team, Room, the
%   Minimum Player Salary exception, the Mid-Level Salary Exception for Room Teams, the
%   Non-Taxpayer and Taxpayer Mid-Level Salary Exceptions, the Bi-annual Exception. A
%   sign-and-trade may not use the Non-Taxpayer Mid-Level or the Room Mid-Level exception
%   (§8(e)(1)(iii)). Mechanism `none` when nothing fits; Reasons then say why each failed
%   (why_not(Mechanism, Rule, Detail)).
choose_mechanism(P, T, K, SAT, S0, TS, M, Reasons) :-
    Ms = [bird, room, minimum_salary, room_mid_level, non_taxpayer_mid_level, taxpayer_mid_level, bi_annual],
    check_mechanisms(Ms, P, T, K, SAT, S0, TS, M, Reasons).

check_mechanisms([], _, _, _, _, _, _, none, []).
check_mechanisms([M0|Ms], P, T, K, SAT, S0, TS, M, Reasons) :-
    (   mechanism_applies(M0, P, T, K, S0, TS)
    ->  M1 = M0, Why = []
    ;   mechanism_fails(M0, P, T, K, S0, TS, Rule, D) -> M1 = fail, Why = [why_not(M0, Rule, D)]
    ;   M1 = fail, Why = []
    ),
    (   M1 \== fail, SAT == true, memberchk(M1, [non_taxpayer_mid_level, room_mid_level])
    ->  Why2 = [why_not(M1, sign_and_trade_not_with_mid_level_exception, sign_and_trade)],
        check_mechanisms(Ms, P, T, K, SAT, S0, TS, M, R1), append(Why2, R1, Reasons)
    ;   M1 \== fail
    ->  M = M1, Reasons = []
    ;   check_mechanisms(Ms, P, T, K, SAT, S0, TS, M, R1), append(Why, R1, Reasons)
    ).

mechanism_applies(M, P, T, K, S0, TS) :- \+ mechanism_fails(M, P, T, K, S0, TS, _, _).

%!  mechanism_fails(+M, +P, +T, +Contract, +State, +TeamSalary, -Rule, -Detail)
%   The first condition of mechanism M that the signing does not meet (the rule that sets it).
mechanism_fails(bird, P, T, _, _, _, qualifying_veteran_free_agent_exception, not_prior_team) :-
    \+ free_agent(P, T), !.
mechanism_fails(bird, P, T, K, _, _, Rule, D) :-
    bird_class(P, C),
    bird_fails(C, P, T, K, Rule, D), !.
mechanism_fails(room, _, _, K, _, TS, salary_cap_no_exceed_without_exception, over_cap(TS, X, C)) :-
    contract_cap_salary(K, X), salary_cap(C), \+ leq(TS + X, C), !.
mechanism_fails(minimum_salary, _, _, K, _, _, minimum_player_salary_exception, not_minimum) :-
    \+ contract_minimum(K), !.
mechanism_fails(minimum_salary, _, _, K, _, _, contract_length_at_most_2_year_minimum_player_salary_exception, too_long(N, 2)) :-
    contract_years(K, N), N > 2, !.
mechanism_fails(room_mid_level, _, _, _, _, TS, mid_level_exception_for_room_team, not_below_cap(TS, C)) :-
    salary_cap(C), TS >= C, !.
mechanism_fails(room_mid_level, _, T, _, S0, _, mid_level_exception_for_room_team, used_other_exception(E)) :-
    member(E, [bi_annual, non_taxpayer_mid_level, taxpayer_mid_level]), used_amount(S0, T, E, A), A > 0, !.
mechanism_fails(room_mid_level, _, _, K, _, _, contract_length_at_most_3_year_mid_level_exception_for_room_team, too_long(N, 3)) :-
    contract_years(K, N), N > 3, !.
mechanism_fails(room_mid_level, _, T, K, S0, _, mid_level_exception_for_room_team, above_amount(X, Left)) :-
    exception_left(S0, T, room_mid_level, Left), contract_cap_salary(K, X), \+ leq(X, Left), !.
mechanism_fails(E, _, _, _, _, TS, Rule, below_cap(TS, C)) :-
    memberchk(E-Rule, [non_taxpayer_mid_level-non_taxpayer_mid_level_exception, taxpayer_mid_level-taxpayer_mid_level_exception,
                       bi_annual-bi_annual_exception]),
    salary_cap(C), TS < C, !.
mechanism_fails(E, _, T, _, S0, _, taxpayer_mid_level_exception, used_taxpayer_mid_level) :-
    % Art. VII §2(e)(2)(iii)(B): after signing with the Taxpayer MLE a team may not engage in
    % rows A-F of the Transaction Restrictions Table in that Salary Cap Year
    memberchk(E, [non_taxpayer_mid_level, bi_annual]),
    used_amount(S0, T, taxpayer_mid_level, A), A > 0, !.
mechanism_fails(E, _, T, _, S0, _, Rule, used_room_mid_level) :-
    memberchk(E-Rule, [non_taxpayer_mid_level-non_taxpayer_mid_level_exception, taxpayer_mid_level-taxpayer_mid_level_exception,
                       bi_annual-bi_annual_exception]),
    used_amount(S0, T, room_mid_level, A), A > 0, !.
mechanism_fails(E, _, _, K, _, _, Rule, too_long(N, Max)) :-
    memberchk(E-Max-Rule, [non_taxpayer_mid_level-4-contract_length_at_most_4_year_non_taxpayer_mid_level_exception,
                           taxpayer_mid_level-2-contract_length_at_most_2_year_taxpayer_mid_level_exception,
                           bi_annual-2-contract_length_at_most_2_year_bi_annual_exception]),
    contract_years(K, N), N > Max, !.
mechanism_fails(bi_annual, _, T, _, _, _, bi_annual_exception, used_last_year) :-
    bi_annual_used_in(T, 2023), !.
mechanism_fails(E, _, T, K, S0, _, Rule, above_amount(X, Left)) :-
    memberchk(E-Rule, [non_taxpayer_mid_level-non_taxpayer_mid_level_exception, taxpayer_mid_level-taxpayer_mid_level_exception,
                       bi_annual-bi_annual_exception]),
    exception_left(S0, T, E, Left), contract_cap_salary(K, X), \+ leq(X, Left), !.
mechanism_fails(taxpayer_mid_level, _, _, K, _, TS, taxpayer_mid_level_exception, not_above_first_apron(After, A)) :-
    contract_cap_salary(K, X), After is TS + X, first_apron(A), After =< A, !.
mechanism_fails(E, _, _, K, _, TS, Rule, above_apron(After, A)) :-
    memberchk(E-Apron-Rule, [non_taxpayer_mid_level-first_apron-non_taxpayer_mid_level_exception_hard_cap_first_apron_level,
                             bi_annual-first_apron-bi_annual_exception_hard_cap_first_apron_level,
                             taxpayer_mid_level-second_apron-taxpayer_mid_level_exception_hard_cap_second_apron_level]),
    contract_cap_salary(K, X), After is TS + X, cap_figure(Apron, A), \+ leq(After, A), !.

%!  bird_fails(+Class, +P, +T, +Contract, -Rule, -Detail)
%   Art. VII §6(b): a Qualifying Veteran Free Agent up to his maximum (checked by
%   max_salary_violation); an Early Qualifying one for at least two seasons and up to the greater
%   of 175% of his prior salary and 105% of the prior year's Average Player Salary; a
%   Non-Qualifying one up to 120% of his prior salary.
bird_fails(early_qualifying, _, _, K, early_qualifying_veteran_free_agent_exception, too_short(N, 2)) :-
    contract_years(K, N), N < 2.
bird_fails(early_qualifying, P, _, K, early_qualifying_veteran_free_agent_exception, above(X, Max)) :-
    prior_salary(P, S), cap_figure(average_player_salary_2023, Avg),
    Max is max(1.75 * S, 1.05 * Avg),
    contract_cap_salary(K, X), \+ leq(X, Max).
bird_fails(non_qualifying, P, _, K, non_qualifying_veteran_free_agent_exception, above(X, Max)) :-
    % §6(b)(2): the greater of (i) 120% of his prior Salary and (ii) 120% of the Minimum Annual
    % Salary applicable to him
    prior_salary(P, S), minimum_salary(Min), Max is max(1.2 * S, 1.2 * Min),
    contract_cap_salary(K, X), \+ leq(X, Max).

exception_left(S0, T, E, Left) :-
    exception_amount(E, A), used_amount(S0, T, E, U), Left is A - U.

bi_annual_used_in(T, Y) :- used_exception(T, bi_annual, Y).
bi_annual_used_in(T, Y) :- contract_exception(P, Y, bi_annual), contract(P, T, Y, _, _, _, _).

% ------------------------------------------------------------------------ Offer Sheets

%!  do_offer_sheet(+Letter, +sheet(NewTeam, P, Years, First, Raise), +S0, -S, -Violations)
%   Art. XI §5: the New Team must have Room for the Offer Sheet (§5(b)); for a Restricted Free
%   Agent with one or two Years of Service (§5(d)): at most the Non-Taxpayer Mid-Level amount in
%   the first Salary Cap Year; a larger third season only if the first two are at that maximum,
%   then up to what the player could have earned, the fourth within 4.5% of the third, and Room
%   for the average salary. The outstanding Offer Sheet counts in the New Team's Team Salary
%   (Art. VII §4(a)(3)).
do_offer_sheet(L, sheet(T, P, N, F, R), S0, S, Vs) :-
    new_contract(L, P, N, F, R, K),
    contract_salaries(K, Ss), contract_cap_salary(K, X),
    findall(v(L, T, Rule, D), length_violation(P, T, K, Rule, D), VL),
    findall(v(L, T, Rule, D), max_salary_violation(P, T, K, Rule, D), VM),
    (   arenas_player(P)
    ->  arenas_checks(L, T, Ss, S0, VA, RoomSalary)
    ;   raise_violation(Ss, 5, RD)
    ->  VA = [v(L, T, salary_increase_and_decrease_ratio_except_qualifying_or_early_qualifying_veteran_free_agent, RD)],
        RoomSalary = X
    ;   VA = [], RoomSalary = X
    ),
    (   team_salary_now(S0, T, TS), salary_cap(C), \+ leq(TS + RoomSalary, C),
        \+ memberchk(v(_, _, offer_sheet_for_1_or_2_year_service_player_average_salary_more_than_2_year, _), VA)
    ->  VR = [v(L, T, salary_cap_no_exceed_without_exception, no_room_for_offer_sheet(TS, RoomSalary, C))]
    ;   VR = []
    ),
    findall(ok(L, T, Rule, offer_sheet), offer_sheet_rule(P, Rule), OK0),
    findall(ok(L, T, Rule, free_agent_amount(P2, A)),
            ( S0 = st(_, Holds, _, _, _, _, _, _), member(hold(P2, T, A, Rule), Holds) ), OK1),
    append([VL, VM, VA, VR, OK0, OK1], Vs0),
    drop_met(Vs0, Vs),
    add_base(S0, T, X, S1),
    add_sheet(S1, sheet(P, T, L, K), S).

offer_sheet_rule(_, salary_cap_no_exceed_without_exception).
offer_sheet_rule(P, Rule) :-
    arenas_player(P),
    member(Rule, [offer_sheet_for_1_or_2_year_service_player_no_more_than_mid_level_in_first_2_year,
                  offer_sheet_for_1_or_2_year_service_player_3rd_year_maximum_if_first_2_year_maximum,
                  offer_sheet_for_1_or_2_year_service_player_average_salary_more_than_2_year]).
offer_sheet_rule(P, Rule) :- \+ arenas_player(P),
    Rule = salary_increase_and_decrease_ratio_except_qualifying_or_early_qualifying_veteran_free_agent.

%!  drop_met(+Items0, -Items)
%   An ok item for a rule the same step broke is left out.
drop_met(Is0, Is) :-
    exclude(met_but_broken(Is0), Is0, Is).
met_but_broken(Is, ok(L, T, R, _)) :- memberchk(v(L, T, R, _), Is).

arenas_player(P) :- years_of_service(P, Y), Y >= 1, Y =< 2.

arenas_checks(L, T, Ss, S0, Vs, RoomSalary) :-
    exception_amount(non_taxpayer_mid_level, NT),
    Ss = [S1|_],
    (   \+ leq(S1, NT)
    ->  V1 = [v(L, T, offer_sheet_for_1_or_2_year_service_player_no_more_than_mid_level_in_first_2_year, above(S1, NT))]
    ;   V1 = []
    ),
    (   Ss = [_, S2|_], number(S2), \+ leq(abs(S2 - S1), S1 * 0.05)
    ->  V0 = [v(L, T, salary_increase_and_decrease_ratio_except_qualifying_or_early_qualifying_veteran_free_agent, change(2, S1, S2, 0.05 * S1))]
    ;   V0 = []
    ),
    (   Ss = [_, S2, S3|Rest], number(S2), number(S3), \+ leq(abs(S3 - S2), S1 * 0.05)
    ->  % a third season beyond the 5% rule: §5(d)(ii)
        (   leq(NT, S1), leq(NT, S2)
        ->  cap_pct(25, Max1), Max3 is Max1 * 1.10,
            (   \+ leq(S3, Max3)
            ->  V2 = [v(L, T, offer_sheet_for_1_or_2_year_service_player_3rd_year_maximum_if_first_2_year_maximum, above(S3, Max3))]
            ;   V2 = []
            )
        ;   V2 = [v(L, T, offer_sheet_for_1_or_2_year_service_player_3rd_year_maximum_if_first_2_year_maximum, first_two_not_maximum(S1, S2, NT))]
        ),
        (   Rest = [S4|_], number(S4), \+ leq(abs(S4 - S3), S3 * 0.045)
        ->  V3 = [v(L, T, offer_sheet_for_1_or_2_year_service_player_4th_year_maximum_if_3_year, change(S3, S4))]
        ;   V3 = []
        ),
        include(number, Ss, Known), sum_list(Known, Sum), length(Known, NK), Avg is Sum / NK,
        RoomSalary = Avg,
        (   team_salary_now(S0, T, TS), salary_cap(C), \+ leq(TS + Avg, C)
        ->  V4 = [v(L, T, offer_sheet_for_1_or_2_year_service_player_average_salary_more_than_2_year, no_room_for_average(TS, Avg, C))]
        ;   V4 = []
        )
    ;   V2 = [], V3 = [], RoomSalary = S1,
        (   V0 == [], raise_violation(Ss, 5, RD)
        ->  V4 = [v(L, T, salary_increase_and_decrease_ratio_except_qualifying_or_early_qualifying_veteran_free_agent, RD)]
        ;   V4 = []
        )
    ),
    append([V1, V0, V2, V3, V4], Vs).

%!  do_match(+Letter, +match(Team, P), +S0, -S, -Violations)
%   Art. XI §5(c): the ROFR Team matches with Room, a Veteran Free Agent Exception (§6(b);
%   for an Early Qualifying Veteran Free Agent with two Years of Service also an Arenas Offer
%   Sheet, §6(b)(3)(ii)), the Non-Taxpayer Mid-Level exception for a player with one or two
%   Years of Service (§6(e)(5)) or the Minimum Player Salary Exception, in an amount at least
%   the first Salary Cap Year's salary.
do_match(L, match(T, P), S0, S, Vs) :-
    (   sheet_for(S0, P, NT, _, K)
    ->  contract_cap_salary(K, X),
        (   team_salary_now(S0, T, TS0)
        ->  ( hold_of(S0, P, T, H) -> TS is TS0 - H ; TS = TS0 ),
            (   match_allowed(P, T, K, S0, TS) -> Vs = [ok(L, T, salary_cap_no_exceed_without_exception, matched(TS, X))]
            ;   Vs = [v(L, T, salary_cap_no_exceed_without_exception, cannot_match(TS, X))]
            )
        ;   Vs = []
        ),
        add_base(S0, NT, -X, S1),
        drop_sheet(S1, P, S2),
        add_base(S2, T, X, S3),
        drop_hold(S3, P, S4),
        set_roster(S4, P, T, X, S)
    ;   Vs = [], S = S0
    ).

match_allowed(_, _, K, _, TS) :- contract_cap_salary(K, X), salary_cap(C), leq(TS + X, C), !.
match_allowed(P, T, K, _, _) :- free_agent(P, T), bird_class(P, qualifying),
    \+ max_salary_violation(P, T, K, _, _), !.
match_allowed(P, T, K, _, _) :- free_agent(P, T), bird_class(P, early_qualifying),
    ( years_of_service(P, 2) -> true ; \+ bird_fails(early_qualifying, P, T, K, _, _) ), !.
match_allowed(P, T, K, _, _) :- free_agent(P, T), bird_class(P, non_qualifying),
    \+ bird_fails(non_qualifying, P, T, K, _, _), !.
match_allowed(P, T, K, S0, TS) :- years_of_service(P, Y), Y >= 1, Y =< 2,
    \+ mechanism_fails(non_taxpayer_mid_level, P, T, K, S0, TS, _, _), !.
match_allowed(_, _, K, _, _) :- contract_minimum(K), contract_years(K, N), N =< 2.
