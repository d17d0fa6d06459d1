% taxlogic's Prolog side of the engine: load a statute KB once, then for each job load a case's
% clauses, run one query under time and inference limits, report as JSON, and erase the case.
% Loaded into `user` after kb/compat.pl by tools/worker.py.
%
% A worker runs many jobs; an answer must depend only on the job's own clauses and the KB, never
% on the jobs before it. A job changes the worker's database only through tl_add_clause/4 and
% tl_materialize/1, and tl_unload_case/0 undoes both: it erases the job's clauses, abolishes
% the predicates the job created (tl_case_pred/1: a predicate that exists only as a dynamic
% predicate with no clauses fails where a fresh worker raises an existence error), and abolishes
% the tables. Case text runs no directive (no flag, operator or table declaration), and no case
% clause may define a library predicate (whether that is allowed would depend on whether an
% earlier job had autoloaded it).

:- use_module(library(time)).
:- use_module(library(http/json)).
:- use_module(library(apply)).
:- use_module(library(lists)).

:- dynamic tl_case_ref/1.          % clause references of the current case
:- dynamic tl_case_pred/1.         % M:N/A the current case created (no such predicate before it)
:- dynamic tl_base_pred/1.         % N/A declared in events.pl (the event/property vocabulary)
:- dynamic tl_message/1.           % messages printed while loading the KB
:- dynamic tl_declared/1.          % N/A of every predicate the KB defines or declares
:- meta_predicate tl_with_stack_limit(+, 0).  % before tl_job/2: its dict calls stay inside the goal

% ---------------------------------------------------------------------------------- KB load

%!  tl_load_kb(+Dir, +Options) is det.
%   Declare every predicate the statute files define or declare as dynamic (so that case
%   clauses can be added to, and erased from, statute predicates such as s63/3), then load
%   Dir/init.pl. Options: list of tl_option/1 terms (e.g. [tabling]).
tl_load_kb(Dir, Options) :-
    retractall(tl_option(_)), retractall(tl_message(_)),
    assertz(tl_collecting),
    forall(member(O, Options), assertz(tl_option(O))),
    directory_files(Dir, Es0), msort(Es0, Es),
    forall(( member(E, Es), file_name_extension(_, pl, E), E \== 'init.pl' ),
           ( directory_file_path(Dir, E, P), tl_declare_file(P, E) )),
    directory_file_path(Dir, 'init.pl', Init),
    setup_call_cleanup(true, load_files(Init, [silent(true)]), retractall(tl_collecting)),
    tl_autoload_now.

%!  tl_autoload_now is det.
%   Load now every library predicate the loaded code calls (autoload_all/0, which switches
%   autoloading off; it is switched on again for what a case's rules call). Else the first job
%   that calls one pays for loading its library in inferences, and a job's inference count, on
%   which its outcome depends under call_with_inference_limit/3, would depend on the jobs the
%   worker ran before it (issue 48).
tl_autoload_now :-
    current_prolog_flag(autoload, Flag),
    with_output_to(string(_), catch(autoload_all, _, true)),
    set_prolog_flag(autoload, Flag).

%!  tl_kb_messages(-Msgs) is det.  Errors and warnings printed while loading the KB, as strings.
tl_kb_messages(Msgs) :- findall(M, tl_message(M), Msgs).

:- dynamic tl_collecting/0.
:- multifile user:message_hook/3.
user:message_hook(Term, Kind, _) :-
    tl_collecting, memberchk(Kind, [error, warning]),
    tl_message_string(Term, S0), format(string(S), "~w: ~w", [Kind, S0]),
    assertz(tl_message(S)).

tl_declare_file(Path, File) :-
    setup_call_cleanup(open(Path, read, S), tl_declare_stream(S, File), close(S)).

tl_declare_stream(S, File) :-
    read_term(S, T, [syntax_errors(dec10)]),
    (   T == end_of_file -> true
    ;   tl_declare_term(T, File), tl_declare_stream(S, File)
    ).

tl_declare_term((:- discontiguous Specs), File) :- !, tl_declare_specs(Specs, File).
tl_declare_term((:- _), _) :- !.
tl_declare_term((H :- _), _) :- !, tl_declare_head(H).
tl_declare_term(H, _) :- tl_declare_head(H).

tl_declare_specs((A, B), F) :- !, tl_declare_specs(A, F), tl_declare_specs(B, F).
tl_declare_specs(N/A, F) :-
    ( F == 'events.pl' -> assertz(tl_base_pred(N/A)) ; true ),
    tl_declare_pi(N/A).

tl_declare_head(H) :- compound(H), compound_name_arity(H, N, A), A > 0, !, tl_declare_pi(N/A).
tl_declare_head(_).

tl_declare_pi(PI) :-
    ( tl_declared(PI) -> true ; assertz(tl_declared(PI)) ),
    ( tl_tabled(PI), tl_option(tabling) -> true ; dynamic(user:PI) ).

% ------------------------------------------------------------------------------- case load

%!  tl_load_case(+Text, +Trusted, +Rules, +Materialize, -Problems, -Refused) is det.
%   Assert every clause of Text, then of Rules (trusted text, or ""). Untrusted text
%   (Trusted == false) may hold facts only (it has been validated and re-serialised in Python;
%   this is a second line of defence): a rule, a directive or a fact for a system, library, hook
%   or engine predicate is refused, never run (tl_untrusted_ok/1), and listed in Refused.
%   Trusted text (a TrustedProgram, tools/trust.py) may hold rules; its `:- discontiguous`
%   directives are skipped and other directives are reported, never run. Problems: strings
%   (syntax errors, rejected clauses of trusted text).
tl_load_case(Text, Trusted, Rules, Materialize, Problems, Refused) :-
    tl_unload_case,  % nothing of an earlier case, even one whose load was interrupted
    tl_read_text(Text, Trusted, P0),
    ( Rules == "" -> P1 = [] ; tl_read_text(Rules, true, P1) ),
    (   ( Trusted == true ; Rules \== "" ), Materialize == true
    ->  tl_materialize(P2)
    ;   P2 = []
    ),
    (   Trusted == true
    ->  Refused = [], append([P0, P1, P2], Problems)
    ;   Refused = P0, append(P1, P2, Problems)
    ).

tl_read_text(Text, Trusted, Problems) :-
    setup_call_cleanup(open_string(Text, S),
        tl_read_clauses(S, Trusted, [], Problems0),
        close(S)),
    reverse(Problems0, Problems).

tl_read_clauses(S, Trusted, Acc, Out) :-
    catch(read_term(S, T, [syntax_errors(error)]), E, (T = '$tl_error'(E))),
    (   T == end_of_file -> Out = Acc
    ;   tl_add_clause(T, Trusted, Acc, Acc1), tl_read_clauses(S, Trusted, Acc1, Out)
    ).

tl_add_clause('$tl_error'(E), _, Acc, [Msg|Acc]) :- !, tl_message_string(E, Msg).
tl_add_clause((:- discontiguous _), true, Acc, Acc) :- !.
tl_add_clause((:- D), _, Acc, [Msg|Acc]) :- !,
    format(string(Msg), "directive not allowed in a case: ~q", [(:- D)]).
tl_add_clause((H :- B), false, Acc, [Msg|Acc]) :- !,
    format(string(Msg), "rule not allowed in untrusted facts: ~q", [(H :- B)]).
tl_add_clause(C, false, Acc, [Msg|Acc]) :-
    \+ tl_untrusted_ok(C), !,
    format(string(Msg), "clause not allowed in untrusted facts (not a case fact): ~q", [C]).
tl_add_clause(C, true, Acc, [Msg|Acc]) :-
    catch(tl_clause_pi(C, M:N/A), _, fail), \+ tl_declared(N/A),
    functor(H, N, A), tl_library(M:H), !,
    format(string(Msg), "clause for a library predicate not allowed in a case: ~q", [C]).
tl_add_clause(C, _, Acc, Acc) :-
    tl_case_fact(C), !.
tl_add_clause(C, _, Acc, Acc1) :-
    catch(( tl_clause_pi(C, PI),
            ( current_predicate(PI) -> New = false ; New = true ),
            assertz(C, Ref), assertz(tl_case_ref(Ref)),
            ( New == true -> assertz(tl_case_pred(PI)) ; true ),
            Acc1 = Acc ), E,
          ( tl_message_string(E, Msg), Acc1 = [Msg|Acc] )).

%!  tl_clause_pi(+Clause, -PI) is det.  M:N/A of the predicate Clause adds to (M is user unless
%   the head is module-qualified). Throws if Clause has no callable head (assertz/2 would too).
tl_clause_pi(C, M:N/A) :-
    ( C = (H0 :- _) -> true ; H0 = C ),
    strip_module(user:H0, M, H),
    must_be(callable, H), must_be(atom, M),
    functor(H, N, A).

%!  tl_untrusted_ok(+Clause) is semidet.
%   Clause may be asserted from untrusted text: a plain fact (callable, not module-qualified)
%   whose predicate the KB declares, or a new one that is no system, library (autoloadable),
%   imported, hook (multifile) or engine (tl_*, $*) predicate: asserting those could change how
%   the engine or SWI-Prolog behaves (message_hook/3, exception/3, term_expansion/2 ...).
tl_untrusted_ok(C) :-
    callable(C), C \= _:_,
    functor(C, N, A),
    (   tl_declared(N/A)
    ->  true
    ;   \+ sub_atom(N, 0, _, _, tl_), \+ sub_atom(N, 0, _, _, '$'),
        \+ tl_reserved(C)
    ).

tl_reserved(H) :- catch(predicate_property(system:H, defined), _, true), !.
tl_reserved(H) :- catch(predicate_property(user:H, multifile), _, true), !.
tl_reserved(H) :- tl_library(user:H).

%!  tl_library(+MGoal) is semidet.
%   MGoal's predicate is a library predicate: imported (an earlier job may have autoloaded it),
%   autoloadable, or in the library index; which of the three holds depends on the jobs before,
%   whether it is a library predicate does not.
tl_library(M:H) :- catch(predicate_property(M:H, imported_from(_)), _, true), !.
tl_library(M:H) :- catch(predicate_property(M:H, autoload(_)), _, true), !.
tl_library(_:H) :- functor(H, N, A), catch('$in_library'(N, A, _), _, fail), !.

%!  tl_case_fact(+Clause) is semidet.
%   Clause is a ground fact that this case has already asserted. A case is a set of facts: a
%   fact stated twice is one fact, not two (asserted twice, every rule that uses it would find
%   it twice, each solution above it repeated, and an amount summed over a findall counted
%   twice).
tl_case_fact(C) :-
    C \= (_ :- _), ground(C),
    catch(clause(C, true, R), _, fail),  % indexed on C's arguments: no scan of the case
    tl_case_ref(R), !.

%   Materialisation (trusted gold only): a base predicate (declared in events.pl) that the case
%   defines with rules is replaced by the facts it derives, in the same order, if there are
%   finitely many and all are ground. Same answers, indexed lookups instead of generate-and-test.
tl_materialize(Problems) :-
    findall(N/A, ( tl_case_ref(R), clause(H, B, R), B \== true,
                   functor(H, N, A), tl_base_pred(N/A) ), PIs0),
    sort(PIs0, PIs),
    findall(PI-Facts, ( member(PI, PIs), tl_derive(PI, Facts) ), Derived),
    forall(member(N/A-Facts, Derived),
           ( functor(H, N, A),
             forall(( tl_case_ref(R), clause(H, _, R) ), ( erase(R), retract(tl_case_ref(R)) )),
             forall(member(F, Facts), ( assertz(F, Ref), assertz(tl_case_ref(Ref)) )) )),
    Problems = [].

tl_derive(N/A, Facts) :-
    functor(H, N, A),
    catch(call_with_inference_limit(findall(H, H, Facts), 50000000, R), _, fail),
    R \== inference_limit_exceeded,
    forall(member(F, Facts), ground(F)).

%!  tl_case_view(-Fact) is nondet.
%   The loaded case's facts as a checker reads them (never added to the program): every ground
%   fact clause of the case (after materialisation), then what the rules that materialisation
%   could not list state about each event. A rule that takes an event's id apart (split_string/4)
%   needs the id bound: for each base predicate of arity 2 or more that a case rule still
%   defines, its ground instances with the first argument bound to each id a type fact of the
%   case names (a base predicate of arity 1); for a predicate of arity 2 whose call with the first
%   argument bound raises an instantiation error (a tie between two events, purpose_/2, whose
%   rule takes both ids apart), with both arguments bound to each pair of such ids. Each call
%   runs under tl_view_limit/1 inferences; one that raises another error or exceeds its limit
%   gives nothing. Not complete in general (an instance about an id no type fact names, a rule
%   that needs another argument bound); a fact may come twice (a fact clause found again).
tl_case_view(H) :- tl_case_ref(R), clause(H, true, R).
tl_case_view(H) :-
    findall(N/A, ( tl_case_ref(R), clause(H0, B, R), B \== true, functor(H0, N, A), A >= 2,
                   tl_base_pred(N/A) ), PIs0),
    sort(PIs0, PIs), PIs \== [],
    findall(E, ( tl_case_ref(R), clause(T, true, R), functor(T, N, 1), tl_base_pred(N/1),
                 arg(1, T, E), ground(E) ), Es0),
    sort(Es0, Es),
    member(N/A, PIs), member(E, Es),
    functor(G, N, A), arg(1, G, E),
    tl_view_call(G, Hs0),
    (   Hs0 == instantiation, A =:= 2
    ->  member(E2, Es), arg(2, G, E2), tl_view_call(G, Hs)
    ;   Hs = Hs0
    ),
    is_list(Hs), member(H, Hs), ground(H).

%!  tl_view_call(+Goal, -Sols) is det.
%   Sols: the solutions of Goal (a list), or the atom instantiation (Goal raised an
%   instantiation error), error (another error) or limit (over tl_view_limit/1 inferences).
tl_view_call(G, Sols) :-
    tl_view_limit(Limit),
    catch(call_with_inference_limit(findall(G, G, Sols0), Limit, LR), error(E0, _), E = E0),
    (   nonvar(E) -> ( E == instantiation_error -> Sols = instantiation ; Sols = error )
    ;   LR == inference_limit_exceeded -> Sols = limit
    ;   Sols = Sols0
    ).

%!  tl_view_limit(-Inferences) is det.  Inferences allowed to one call of tl_case_view/1.
tl_view_limit(1000000).

%!  tl_unload_case is det.
%   Undo the case: erase its clauses, abolish the predicates it created (so that the next job
%   finds them undefined, as a fresh worker would) and every table.
tl_unload_case :-
    forall(retract(tl_case_ref(R)), catch(erase(R), _, true)),
    forall(retract(tl_case_pred(PI)), catch(abolish(PI), _, true)),
    abolish_all_tables.

% ----------------------------------------------------------------------------------- query

%!  tl_query(+QueryText, +Mode, +VarName, +MaxSols, +TimeLimit, +InfLimit, -Result) is det.
%   Mode: prove (once), first (first binding of VarName), all (distinct bindings of VarName,
%   at most MaxSols solutions). Result is a dict with status, values, counts, cost.
tl_query(QueryText, Mode, VarName, MaxSols, TimeLimit, InfLimit, Result) :-
    statistics(inferences, I0), statistics(cputime, T0),
    catch(term_string(Goal, QueryText, [variable_names(VNs)]), E, true),
    (   var(E)
    ->  tl_run_goal(Mode, Goal, VNs, VarName, MaxSols, TimeLimit, InfLimit, R0)
    ;   tl_message_string(E, Msg), R0 = _{status:error, error_kind:syntax, message:Msg}
    ),
    statistics(inferences, I1), statistics(cputime, T1),
    Inf is I1 - I0, Cpu is T1 - T0,
    Result = R0.put(_{inferences:Inf, cpu_seconds:Cpu}).

tl_run_goal(Mode, Goal, VNs, VarName, MaxSols, TimeLimit, InfLimit, R) :-
    (   Mode \== prove, \+ memberchk(VarName=_, VNs)
    ->  format(string(Msg), "the query has no variable ~w", [VarName]),
        R = _{status:error, error_kind:query, message:Msg}
    ;   ( Mode == prove -> V = true ; memberchk(VarName=V, VNs) ),
        catch(( tl_call_with_cpu_limit(TimeLimit,
                    call_with_inference_limit(tl_solve(Mode, Goal, V, MaxSols, Sols), InfLimit, LR)),
                ( LR == inference_limit_exceeded -> R = _{status:inference_limit, message:"inference limit exceeded"}
                ; tl_solutions(Mode, Sols, R) ) ),
              E, tl_exception(E, R))
    ).

%!  tl_call_with_cpu_limit(+Seconds, :Goal) is semidet.
%   once(Goal), throwing time_limit_exceeded once this thread has used Seconds of CPU time
%   (statistics/2 cputime) since the call: unlike call_with_time_limit/2 (wall time), a loaded
%   machine does not turn a slow but finite query into a time-limit result. CPU time never runs
%   ahead of wall time, so an alarm after the CPU time left (at least 0.05 s) checks and
%   re-arms; on an idle machine the first alarm is the deadline. A goal that waits without
%   using CPU is left to the parent's wall-clock limit (tools/engine.py).
tl_call_with_cpu_limit(Seconds, Goal) :-
    statistics(cputime, C0),
    Deadline is C0 + Seconds,
    setup_call_cleanup(tl_cpu_arm(Deadline), once(Goal), tl_cpu_disarm).

tl_cpu_arm(Deadline) :-
    statistics(cputime, C),
    Wait is max(0.05, Deadline - C),
    alarm(Wait, tl_cpu_check(Deadline), _, [remove(true)]).

tl_cpu_check(Deadline) :-
    statistics(cputime, C),
    (   C >= Deadline
    ->  throw(time_limit_exceeded)
    ;   tl_cpu_arm(Deadline)
    ).

%   Alarm ids are not kept (a blob id in a global variable outlives its alarm): remove by goal.
tl_cpu_disarm :-
    forall(current_alarm(_, _:tl_cpu_check(_), Id, _), remove_alarm(Id)).

%   A job that halts the worker (the parent then replaces it) halts with its alarm still armed,
%   and library(time)'s clean-up at halt then deadlocks (SWI-Prolog 9.0.4: PL_cleanup waits on
%   the alarm mutex) until the parent's wall-clock limit: remove the alarm first.
:- at_halt(tl_cpu_disarm).

tl_solve(prove, Goal, _, _, Sols) :- ( once(Goal) -> Sols = [true] ; Sols = [] ).
tl_solve(first, Goal, V, _, Sols) :- ( once(Goal) -> Sols = [V] ; Sols = [] ).
tl_solve(all, Goal, V, Max, Sols) :- findall(V, limit(Max, Goal), Sols).

tl_solutions(prove, [], _{status:failed}) :- !.
tl_solutions(prove, _, _{status:proved}) :- !.
tl_solutions(_, [], _{status:failed}) :- !.
tl_solutions(_, Sols, _{status:values, values:Strs, solutions:N}) :-
    length(Sols, N),
    maplist(tl_value_string, Sols, All),
    list_to_set(All, Strs).

tl_value_string(V, S) :- format(string(S), "~q", [V]).

tl_exception(time_limit_exceeded, _{status:time_limit, error_kind:cpu, message:Msg}) :- !,
    Msg = "CPU time limit exceeded (the safety net against a runaway: machine-dependent, not a verdict on the facts)".
tl_exception(error(resource_error(stack), _), _{status:inference_limit, error_kind:stack, message:Msg}) :-
    nb_current(tl_stack_budget, L), integer(L), !,
    format(string(Msg), "stack budget exceeded (~D bytes: a count of bytes, the same on any machine)", [L]).
tl_exception(E, _{status:error, error_kind:Kind, message:Msg}) :-
    tl_error_kind(E, Kind), tl_message_string(E, Msg).

tl_error_kind(error(existence_error(_, _), _), existence) :- !.
tl_error_kind(error(type_error(_, _), _), type) :- !.
tl_error_kind(error(instantiation_error, _), instantiation) :- !.
tl_error_kind(error(evaluation_error(_), _), evaluation) :- !.
tl_error_kind(error(permission_error(_, _, _), _), permission) :- !.
tl_error_kind(error(resource_error(_), _), resource) :- !.
tl_error_kind(error(syntax_error(_), _), syntax) :- !.
tl_error_kind(_, exception).

tl_message_string(E, S) :-
    (   catch(tl_message_codes(E, Codes), _, fail)
    ->  string_codes(S0, Codes)
    ;   format(string(S0), "~q", [E])
    ),
    split_string(S0, "", " \n\t", [S]).

tl_message_codes(E, Codes) :-
    '$messages':translate_message(E, Lines, []),
    with_output_to(codes(Codes), print_message_lines(current_output, '', Lines)).

% ------------------------------------------------------------------------------------ jobs

%!  tl_job(+JobJSON, -ResultJSON) is det.
%   One request from Python: {"facts", "trusted", "rules", "materialize", "query", "mode", "var",
%   "max_solutions", "time_limit", "inference_limit", "explain"} -> result dict as a JSON string.
%   Mode explain: tl_explain_query/2 (tools/explain.pl) adds the derivation as "tree". A job
%   with "sandbox": true (never trusted) is a model-written program: tl_sandbox_job/2
%   (tools/sandbox.pl) loads it into the sandbox module and runs the query under safe_goal/1.
tl_job(JobText, ResultText) :-
    atom_json_dict(JobText, Job, [value_string_as(string)]),
    get_dict(sandbox, Job, true), Job.trusted \== true, !,  % a model-written program: tools/sandbox.pl
    tl_with_stack_limit(Job, tl_sandbox_job(Job, R)),
    with_output_to(string(ResultText), json_write_dict(current_output, R, [width(0)])).
tl_job(JobText, ResultText) :-
    atom_json_dict(JobText, Job, [value_string_as(string)]),
    tl_bool(Job.trusted, Trusted), tl_bool(Job.materialize, Mat),
    ( get_dict(rules, Job, Rules) -> true ; Rules = "" ),
    atom_string(Mode, Job.mode),
    ( Job.var == null -> Var = '' ; atom_string(Var, Job.var) ),
    setup_call_cleanup(
        true,  % the load is inside: a load that throws half-way is unloaded too
        tl_with_stack_limit(Job, (   tl_load_case(Job.facts, Trusted, Rules, Mat, Problems, Refused),
            (   Refused \== []
            ->  R = _{status:error, error_kind:load, message:"the facts were rejected while loading", load_problems:Refused}
            ;   (   Mode == explain    % tools/explain.pl
                ->  tl_explain_query(Job, R0)
                ;   tl_query(Job.query, Mode, Var, Job.max_solutions, Job.time_limit, Job.inference_limit, R0)
                ),
                R = R0.put(load_problems, Problems)
            )
        )),
        tl_unload_case),
    with_output_to(string(ResultText), json_write_dict(current_output, R, [width(0)])).

%!  tl_with_stack_limit(+Job, :Goal) is semidet.
%   once(Goal) with SWI-Prolog's stack_limit flag (bytes: the local, global and trail stacks
%   together) set to the job's "stack_limit" (tools/limits.py, issue 48), restored after. A job
%   that grows its stacks past it raises resource_error(stack), which tl_exception/2 reports as
%   the job's budget (status inference_limit, error_kind stack): a count of bytes, the same on any
%   machine under any load, where a runaway that spends its time collecting garbage over growing
%   stacks (few inferences a second) would otherwise run until a clock's safety net. The stacks
%   are collected and trimmed first, so a job starts from the same small stacks whatever the jobs
%   before it left. A job without "stack_limit" (the worker's warm-up) runs under the flag as is.
tl_with_stack_limit(Job, Goal) :-
    (   get_dict(stack_limit, Job, L), integer(L), L > 0
    ->  current_prolog_flag(stack_limit, Old),
        garbage_collect, trim_stacks,
        setup_call_cleanup(( set_prolog_flag(stack_limit, L), nb_setval(tl_stack_budget, L) ),
                           once(Goal),
                           ( set_prolog_flag(stack_limit, Old), nb_setval(tl_stack_budget, none) ))
    ;   once(Goal)
    ).

tl_bool(true, true) :- !.
tl_bool(_, false).
