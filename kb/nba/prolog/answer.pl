% The query: is any operation illegal, which one, which team.

%!  nba_answer(-Answer)
%   `none`, or illegal(Letter, Team): the first operation (operation/2 order) that breaks a rule
%   and the team at fault. When several teams break rules in that operation, the team that
%   conducts it (operation_actor/2) is named if it is one of them, else the first.
%   A problem with a minimum-salary contract is decided at each amount of
%   minimum_salary_probe/1 (the rule text gives no Minimum Player Salary, figures.pl): when the
%   answers differ, Answer is undetermined(minimum_player_salary) (no answer: the text does not
%   decide it). Fails when the run gives no answer at all.
nba_answer(Answer) :-
    (   uses_minimum_salary
    ->  minimum_salary_answers(Pairs),
        pairs_values(Pairs, As),
        sort(As, Distinct),
        (   Distinct = [Answer] -> true
        ;   Distinct = [_, _|_] -> Answer = undetermined(minimum_player_salary)
        )
    ;   answer_now(Answer)
    ).

%!  minimum_salary_answers(-Pairs)
%   Dollars-Answer for each probed Minimum Player Salary (minimum_salary_probe/1): the evidence
%   behind undetermined(minimum_player_salary).
minimum_salary_answers(Pairs) :-
    findall(M-A, ( minimum_salary_probe(M), b_setval(nba_minimum_salary, M), answer_now(A) ), Pairs).

%!  uses_minimum_salary
%   Some contract of the problem pays "the minimum salary".
uses_minimum_salary :- contract(_, _, _, _, _, minimum, _), !.
uses_minimum_salary :- sign(_, _, _, _, minimum, _), !.
uses_minimum_salary :- offer_sheet(_, _, _, _, minimum, _), !.

answer_now(Answer) :-
    nba_run(Vs),
    (   Vs = [v(L, T0, _, _)|_]
    ->  (   operation_actor(L, A), memberchk(v(L, A, _, _), Vs) -> T = A ; T = T0 ),
        Answer = illegal(L, T)
    ;   Answer = none
    ).

%!  operation_actor(?Letter, ?Team)
%   The team an operation's sentence starts with: the one that signs, gives the Offer Sheet or
%   Qualifying Offer, matches, or trades first.
operation_actor(L, T) :-
    (   sign(L, T, _, _, _, _) -> true
    ;   offer_sheet(L, T, _, _, _, _) -> true
    ;   qualifying_offer(L, T, _) -> true
    ;   match_offer_sheet(L, T, _) -> true
    ;   trade_player(L, T, _, _) -> true
    ;   trade_pick(L, T, _, _, _, _) -> true
    ;   trade_cash(L, T, _, _) -> true
    ).

%!  violation(?Letter, ?Team, ?Rule)
%   Operation Letter breaks RuleArena rule Rule and Team is at fault.
violation(L, T, R) :- nba_run(Vs), member(v(L, T, R, _), Vs).

%!  violation_detail(?Letter, ?Team, ?Rule, ?Detail)
%   The same with the amounts that decided it.
violation_detail(L, T, R, D) :- nba_run(Vs), member(v(L, T, R, D), Vs).

%!  explanation(-Items)
%   Every rule the run applied, in operation order: e(Letter, Team, Rule, Status, Detail),
%   Status violated, met or not_met (an exception considered whose condition failed).
%   For an illegal operation the violated rules and their amounts; for the others (and for the
%   rules an illegal operation did meet) the rules that allowed them (why not illegal).
explanation(Items) :-
    nba_items(Is),
    findall(e(L, T, R, S, D), ( member(I, Is), item_e(I, L, T, R, S, D) ), Items).

item_e(v(L, T, R, D), L, T, R, violated, D).
item_e(ok(L, T, R, D), L, T, R, met, D).
item_e(no(L, T, R, D), L, T, R, not_met, D).

%!  cited_rules(?Letter, -Rules)
%   The RuleArena rules the explanation of operation Letter cites (sorted, no duplicates).
cited_rules(L, Rules) :-
    operation(L, _),
    nba_items(Is),
    findall(R, ( member(I, Is), arg(1, I, L), arg(3, I, R) ), Rs),
    sort(Rs, Rules).
