% Runs one model-written Prolog program (DeonticBench's protocol: the model writes the whole
% program) in SWI-Prolog's library(sandbox). Called by sandbox.py as
%   swipl -q --stack-limit=L sandbox.pl -- ProgramFile TimeLimit InferenceLimit [AnswerGoal]
% Nothing of the program runs before it is checked:
%   1. every term is read (syntax errors are reported, the term dropped); directives never run:
%      initialization(G) / initialization(G, main) names the entry, any other is reported;
%   2. clauses are asserted into the module sbx (which sees system predicates only); a
%      module-qualified head, or one the system refuses (a built-in), is reported and dropped;
%      call/N in a body becomes sbx_guard:safe_call/N (the goal checked when it is bound);
%   3. the entry (AnswerGoal, e.g. housing_answer(X), run and X printed; else initialization's
%      goal, else main/0, else run/0) must pass safe_goal/1
%      (library(sandbox): every predicate it can reach, through the program's own clauses, is
%      safe), else nothing runs;
%   4. it runs under call_with_time_limit/2 and call_with_inference_limit/3, its output captured.
% Output: one line per problem "problem: ...", then "entry: G", then "status: S" (ok, failed,
% unsafe, undefined, error, time_limit, inference_limit, no_entry), then "output:" and what it
% printed.

:- use_module(library(sandbox)).
:- use_module(library(time)).
:- use_module(library(readutil)).

% A goal the program builds at run time (Goal =.. [Pred|Args], call(Goal): HousingQA's dispatch
% on question_predicate/2) cannot be checked by safe_goal/1 before it runs. Every call/N of a
% clause body is rewritten to sbx_guard:safe_call/N, which checks the goal, now bound, with
% safe_goal/1 and only then calls it in the program's module.

sbx_guard:safe_call(G) :- user:guarded(G, []).
sbx_guard:safe_call(G, A) :- user:guarded(G, [A]).
sbx_guard:safe_call(G, A, B) :- user:guarded(G, [A, B]).
sbx_guard:safe_call(G, A, B, C) :- user:guarded(G, [A, B, C]).

% declared after the definitions: library(sandbox) accepts a declaration of a defined predicate only
:- multifile sandbox:safe_primitive/1.
sandbox:safe_primitive(sbx_guard:safe_call(_)).
sandbox:safe_primitive(sbx_guard:safe_call(_, _)).
sandbox:safe_primitive(sbx_guard:safe_call(_, _, _)).
sandbox:safe_primitive(sbx_guard:safe_call(_, _, _, _)).

guarded(G0, Extra) :-
    must_be(callable, G0),
    G0 =.. L0, append(L0, Extra, L), G =.. L,
    safe_goal(sbx:G),
    call(sbx:G).

guard_body(V, V) :- var(V), !.
guard_body((A, B), (A1, B1)) :- !, guard_body(A, A1), guard_body(B, B1).
guard_body((A ; B), (A1 ; B1)) :- !, guard_body(A, A1), guard_body(B, B1).
guard_body((A -> B), (A1 -> B1)) :- !, guard_body(A, A1), guard_body(B, B1).
guard_body((A *-> B), (A1 *-> B1)) :- !, guard_body(A, A1), guard_body(B, B1).
guard_body(\+ A, \+ A1) :- !, guard_body(A, A1).
guard_body(findall(T, A, L), findall(T, A1, L)) :- !, guard_body(A, A1).
guard_body(forall(A, B), forall(A1, B1)) :- !, guard_body(A, A1), guard_body(B, B1).
guard_body(G, sbx_guard:G1) :-
    compound(G), compound_name_arguments(G, call, [Goal|Extra]), length(Extra, N), N =< 3, !,
    compound_name_arguments(G1, safe_call, [Goal|Extra]).
guard_body(G, G).

sandbox_main :-
    current_prolog_flag(argv, [File, TL0, IL0|Rest]),
    atom_number(TL0, TL), atom_number(IL0, IL),
    set_module(sbx:base(system)),  % the program sees system predicates only, nothing of this driver
    setup_call_cleanup(open(File, read, S), read_all(S, [], Entries), close(S)),
    (   Rest = [Spec|_], Spec \== ''
    ->  % the domain's answer predicate, e.g. housing_answer(X): run it, print X
        term_to_atom(Template, Spec), term_variables(Template, [V|_]),
        Entry = (Template, format("~w~n", [V]))
    ;   true
    ),
    (   nonvar(Template), \+ defined(Template)
    ->  format("problem: the answer predicate ~q is not defined~nstatus: no_entry~noutput:~n", [Template])
    ;   ( nonvar(Entry) ; pick_entry(Entries, Entry) )
    ->  format("entry: ~q~n", [Entry]), run_entry(Entry, TL, IL)
    ;   format("status: no_entry~noutput:~n", [])
    ),
    halt(0).

read_all(S, Acc, Entries) :-
    catch(read_term(S, T, [syntax_errors(error)]), E, (report(E), T = '$skip')),
    (   T == end_of_file -> reverse(Acc, Entries)
    ;   T == '$skip' -> read_all(S, Acc, Entries)
    ;   take(T, Acc, Acc1), read_all(S, Acc1, Entries)
    ).

take((:- initialization(G)), Acc, [G|Acc]) :- !.
take((:- initialization(G, _)), Acc, [G|Acc]) :- !.
take((:- D), Acc, Acc) :- !, format("problem: directive not run: ~q~n", [D]).
take((?- D), Acc, Acc) :- !, format("problem: directive not run: ~q~n", [D]).
take(C, Acc, Acc) :-
    ( C = (H :- _) -> true ; H = C ),
    (   \+ callable(H) -> format("problem: not a clause: ~q~n", [C])
    ;   H = _:_ -> format("problem: module-qualified head refused: ~q~n", [C])
    ;   ( C = (H :- B0) -> guard_body(B0, B), C1 = (H :- B) ; C1 = C ),
        catch(assertz(sbx:C1), E, (report(E), fail)) -> true
    ;   true
    ).

report(E) :- message_to_codes(E, Codes), format("problem: ~s~n", [Codes]).
message_to_codes(E, Codes) :-
    catch(( message_to_codes(E, [], Codes0) -> Codes = Codes0 ; format(codes(Codes), "~q", [E]) ),
          _, format(codes(Codes), "~q", [E])).
message_to_codes(E, _, Codes) :-
    '$messages':translate_message(E, Lines, []),
    with_output_to(codes(Codes), print_message_lines(current_output, '', Lines)).

pick_entry(Entries, G) :- member(G, Entries), callable(G), !.
pick_entry(_, main) :- own(main), !.
pick_entry(_, run) :- own(run), !.

own(Name) :- functor(H, Name, 0), defined(H).
defined(G) :- functor(G, N, A), functor(H, N, A),
    predicate_property(sbx:H, defined), \+ predicate_property(sbx:H, imported_from(_)).

run_entry(G, TL, IL) :-
    check_safe(G, 0, Check),
    (   Check == ok
    ->  catch(( with_output_to(string(Out),
                    call_with_time_limit(TL, call_with_inference_limit(sbx:G, IL, R)))
              ->  ( R == inference_limit_exceeded -> Status = inference_limit ; Status = ok )
              ;   Status = failed, Out = "" ),
              E2, ( status_of(E2, Status), Out = "" )),
        format("status: ~w~noutput:~n~s", [Status, Out])
    ;   format("status: ~w~noutput:~n", [Check])
    ).

%  check_safe(+Goal, +Stubs, -Check): ok when safe_goal/1 accepts Goal. safe_goal/1 stops at the
%  first predicate the program calls but never defines; such a predicate gets a stub that raises
%  the existence error a call to it raises anyway (so a branch that reaches it ends in an error,
%  never in a closed-world "no"), and the check goes on (at most 100 stubs).
check_safe(G, N, Check) :-
    catch(( safe_goal(sbx:G) -> Check = ok ; Check = unsafe ), E, true),
    (   var(E) -> true
    ;   E = error(existence_error(procedure, PI0), _), N < 100, undefined_pi(PI0, Name/Arity)
    ->  format("problem: undefined: ~q (a call raises an existence error)~n", [Name/Arity]),
        functor(H, Name, Arity),
        assertz(sbx:(H :- throw(error(existence_error(procedure, Name/Arity), sbx:Name/Arity)))),
        N1 is N + 1, check_safe(G, N1, Check)
    ;   report(E), Check = unsafe
    ).

undefined_pi(sbx:Name/Arity, Name/Arity) :- !.
undefined_pi(Name/Arity, Name/Arity) :- atom(Name), integer(Arity), !.
undefined_pi(sbx:Head, Name/Arity) :- callable(Head), functor(Head, Name, Arity).

status_of(time_limit_exceeded, time_limit) :- !.
status_of(E, error) :- report(E).

:- initialization(sandbox_main, main).
