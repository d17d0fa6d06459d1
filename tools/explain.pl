% taxlogic's explanation recorder: the derivation of a query over the statute clauses, as a tree.
% Loaded into `user` after engine.pl by tools/worker.py; the engine runs it for jobs of mode
% `explain` (tools/engine.py), inside the same case load and under the same limits as a query.
%
% A meta-interpreter over the clauses of the knowledge base, which the engine loads as dynamic
% predicates (clause/2 reads them). It is domain-agnostic: what it records depends only on how
% a predicate is defined, never on its name.
%
%   proof (the query holds): one node per call of a KB predicate, with its arguments as bound
%     at the end of the proof; arithmetic (is/2) and comparisons as leaves showing their values;
%     findall/3, foldl/4, aggregate_all/3 (count, sum, bag, set) and bagof/setof (without free
%     variables) as an `aggregate` node whose children are the contributing solutions; `\+ G` as a `negation` leaf ("no evidence that G", called directly: nothing
%     is recorded inside a negation); case facts, built-ins and the domain's opaque helpers
%     (e.g. SARA's date utilities) as leaves. Predicates that are not dynamic (those the engine
%     tables) are called directly and shown as leaves with their bindings.
%   why not (the query fails): for each clause of the failing predicate (each top-level
%   alternative of its body), the first sub-goal that failed with the values bound so far
%   (the furthest point any solution of the earlier sub-goals reached, found by running the
%   sub-goals directly), explained again if it is itself a KB predicate.
%
% Size is bounded: max_nodes (tree nodes; past it goals are called directly and shown as `more`
% leaves), max_depth (nesting of KB predicates), max_solutions (solutions of one aggregate
% recorded; the rest are computed directly and counted), whynot_depth and whynot_clauses.
%
% A node is n(Kind, Goal, Children, Info); tl_x_dict/2 turns it into a JSON-ready dict
% (tools/explain.py parses it). Kinds: query, rule, fact, arith, compare, aggregate, solution,
% negation, builtin, call, more, alternative.

:- use_module(library(lists)).
:- use_module(library(pairs)).
:- use_module(library(solution_sequences)).

:- dynamic tl_x_cls/3.          % tl_x_cls(Name, Arity, Class): cache of goal classes
:- dynamic tl_x_opaque/2.       % tl_x_opaque(Name, Arity): called directly (domain option)

% ------------------------------------------------------------------------------------ job

%!  tl_explain_query(+Job, -Result) is det.
%   Run the query as tl_query/7 does (in the mode of the explain option query_mode; by default
%   `all` when the job names a variable, else `prove`), then, if it gave an answer, record its
%   explanation under the job's CPU-time safety net and its own inference budget
%   (tl_x_recording_limit/3). Result: the query's result dict plus `tree`
%   (tl_explain_tree/4).
tl_explain_query(Job, Result) :-
    (   Job.var == null -> Var = '', Mode0 = prove ; atom_string(Var, Job.var), Mode0 = all ),
    (   is_dict(Job.explain), get_dict(query_mode, Job.explain, M), M \== "explain"
    ->  atom_string(Mode, M) ; Mode = Mode0 ),
    tl_query(Job.query, Mode, Var, Job.max_solutions, Job.time_limit, Job.inference_limit, R0),
    (   memberchk(R0.status, [proved, failed, values])
    ->  Probe is 100000 + 10 * R0.inferences, nb_setval(tl_x_probe_limit, Probe),
        tl_x_recording_limit(Job, R0.inferences, RecLimit),
        tl_explain_tree(Job.put(inference_limit, RecLimit), Var, R0.status, Tree),
        Result = R0.put(tree, Tree)
    ;   Result = R0
    ).

%!  tl_x_recording_limit(+Job, +QueryInferences, -Limit) is det.
%   The recording's inference budget (issue 48, tools/limits.py): max(recording_floor,
%   recording_times x the query's own inferences), at most the job's inference limit, when the
%   job gives them, else the job's inference limit. Derived from an inference count, it is the
%   same on any machine.
tl_x_recording_limit(Job, QInf, Limit) :-
    (   get_dict(recording_floor, Job, F), integer(F), get_dict(recording_times, Job, T), number(T)
    ->  Limit is integer(min(Job.inference_limit, max(F, T * QInf)))
    ;   Limit = Job.inference_limit
    ).

%!  tl_explain_tree(+Job, +VarName, +Status, -Tree) is det.
%   Tree: dict with status (explained, time_limit, inference_limit, error), holds, value (the
%   binding of VarName, as text), root (node dict), nodes, cpu_seconds, inferences, message.
tl_explain_tree(Job, Var, Status, Tree) :-
    tl_x_setup(Job.explain),
    term_string(Goal, Job.query, [variable_names(VNs)]),
    ( Status == failed -> Want = false ; Want = true ),
    statistics(inferences, I0), statistics(cputime, T0),
    catch(( tl_call_with_cpu_limit(Job.time_limit,
                call_with_inference_limit(tl_x_top(Want, Goal, VNs, Var, Out), Job.inference_limit, LR)),
            ( LR == inference_limit_exceeded
            -> T1 = _{status:inference_limit, message:"inference limit exceeded while explaining"}
            ;  T1 = Out ) ),
          E, tl_exception(E, T1)),
    statistics(inferences, I1), statistics(cputime, C1),
    Inf is I1 - I0, Cpu is C1 - T0,
    Tree = T1.put(_{inferences:Inf, cpu_seconds:Cpu}).

tl_x_setup(Opts) :-
    (   is_dict(Opts), get_dict(opaque, Opts, Ops), is_list(Ops) -> true ; Ops = [] ),
    tl_x_set_opaque(Ops),
    tl_x_opt_int(Opts, max_nodes, 3000, MaxN), nb_setval(tl_x_max_nodes, MaxN),
    tl_x_opt_int(Opts, max_depth, 40, MaxD), nb_setval(tl_x_max_depth, MaxD),
    tl_x_opt_int(Opts, max_solutions, 25, MaxS), nb_setval(tl_x_max_solutions, MaxS),
    tl_x_opt_int(Opts, whynot_depth, 8, WD), nb_setval(tl_x_whynot_depth, WD),
    tl_x_opt_int(Opts, whynot_clauses, 6, WC), nb_setval(tl_x_whynot_clauses, WC).

%   The class cache (tl_x_cls/3) outlives a job: a class depends only on how a predicate is
%   defined (which a case cannot change for the KB's predicates) and on the opaque helpers, so
%   it is cleared when those change. Undefined predicates, and those the case created (which
%   the engine abolishes after the job: tl_case_pred/1), are never cached (tl_x_class/2).
tl_x_set_opaque(Ops) :-
    (   nb_current(tl_x_opaque_list, Ops0), Ops0 == Ops
    ->  true
    ;   retractall(tl_x_cls(_, _, _)), retractall(tl_x_opaque(_, _)),
        forall(( member(S, Ops), catch(term_string(N/A, S), _, fail), atom(N), integer(A) ),
               assertz(tl_x_opaque(N, A))),
        nb_setval(tl_x_opaque_list, Ops)
    ).

tl_x_opt_int(Opts, Key, Default, V) :-
    (   is_dict(Opts), get_dict(Key, Opts, V0), integer(V0) -> V = V0 ; V = Default ).

%   The proof of Goal (Want = true) or why it fails (Want = false). A proof that cannot be
%   found although the query succeeded (or the other way round) is reported by `holds`.
tl_x_top(Want, Goal, VNs, Var, Out) :-
    b_setval(tl_x_n, 0),
    (   Want == true, tl_x_root(Goal, Root)
    ->  Holds = true
    ;   tl_wn_root(Goal, Root), Holds = false
    ),
    (   Var \== '', memberchk(Var=V, VNs), nonvar(V) -> format(string(Value), "~q", [V]) ; Value = null ),
    tl_x_count(Root, Nodes),
    findall(D, ( term_variables(Root, Vs), maplist(=('$VAR'('_')), Vs), tl_x_dict(Root, D) ), [Dict]),
    Out = _{status:explained, holds:Holds, value:Value, root:Dict, nodes:Nodes}.

tl_x_root(Goal, Root) :-
    prolog_current_choice(C),
    tl_xb(Goal, 0, C, Kids, []),
    !,
    ( Kids = [Root0], \+ tl_x_control(Goal) -> Root = Root0 ; Root = n(query, Goal, Kids, []) ).

tl_x_control((_,_)). tl_x_control((_;_)). tl_x_control((_->_)). tl_x_control((_*->_)).

% ------------------------------------------------------------------------------ the proof

%   tl_xb(+Body, +Depth, +Cut, -Nodes, ?Tail): prove Body, its nodes in the difference list.
%   Cut is the choice point a `!` in Body cuts back to (prolog_cut_to/1).
tl_xb(V, _, _, _, _) :- var(V), !, throw(error(instantiation_error, tl_explain/0)).
tl_xb(true, _, _, L, L) :- !.
tl_xb((A, B), D, C, L0, L) :- !, tl_xb(A, D, C, L0, L1), tl_xb(B, D, C, L1, L).
tl_xb((If -> Then ; Else), D, C, L0, L) :- !,
    (   tl_x_cond(If, D, L0, L1) -> tl_xb(Then, D, C, L1, L) ; tl_xb(Else, D, C, L0, L) ).
tl_xb((If *-> Then ; Else), D, C, L0, L) :- !,
    (   tl_x_cond(If, D, L0, L1) *-> tl_xb(Then, D, C, L1, L) ; tl_xb(Else, D, C, L0, L) ).
tl_xb((A ; B), D, C, L0, L) :- !, ( tl_xb(A, D, C, L0, L) ; tl_xb(B, D, C, L0, L) ).
tl_xb((If -> Then), D, C, L0, L) :- !, ( tl_x_cond(If, D, L0, L1) -> tl_xb(Then, D, C, L1, L) ).
tl_xb((If *-> Then), D, C, L0, L) :- !, ( tl_x_cond(If, D, L0, L1) *-> tl_xb(Then, D, C, L1, L) ).
tl_xb(!, _, C, L, L) :- !, prolog_cut_to(C).
tl_xb(call(G), D, _, L0, L) :- !, tl_x_cond(G, D, L0, L).
tl_xb(once(G), D, _, L0, L) :- !, ( tl_x_cond(G, D, L0, L) -> true ).
tl_xb(ignore(G), D, _, L0, L) :- !, ( tl_x_cond(G, D, L0, L) -> true ; L0 = L ).
tl_xb(G, _, _, [n(more, G, [], [])|L], L) :-
    tl_x_recorded(G), \+ tl_x_budget_left, !,
    call(G).
tl_xb(\+ G, _, _, [n(negation, G, [], [])|L], L) :- !, tl_x_inc, \+ G.
tl_xb(not(G), _, _, [n(negation, G, [], [])|L], L) :- !, tl_x_inc, \+ G.
tl_xb(findall(T, G, Xs), D, _, [N|L], L) :- !, tl_x_findall(T, G, Xs, D, N).
tl_xb(aggregate_all(S, G, R), D, _, [N|L], L) :- tl_x_aggregate(aggregate_all(S, G, R), D, N), !.
tl_xb(bagof(T, G, R), D, _, [N|L], L) :- tl_x_aggregate(bagof(T, G, R), D, N), !.
tl_xb(setof(T, G, R), D, _, [N|L], L) :- tl_x_aggregate(setof(T, G, R), D, N), !.
tl_xb(foldl(G, Xs, V0, V), D, _, [N|L], L) :- !,
    tl_x_inc, D1 is D + 1,
    N = n(aggregate, foldl(G, Xs, V0, V), Kids, [value=V]),
    tl_x_foldl(Xs, G, V0, V, D1, Kids).
tl_xb(G, D, _, L0, L) :-
    compound(G), compound_name_arity(G, call, A), A > 1, !,
    compound_name_arguments(G, call, [G0|Extra]), G0 =.. L1, append(L1, Extra, L2), G1 =.. L2,
    tl_x_cond(G1, D, L0, L).
tl_xb(G, D, _, [N|L], L) :- tl_x_goal(G, D, N).

tl_x_recorded(\+ _).
tl_x_recorded(not(_)).
tl_x_recorded(findall(_, _, _)).
tl_x_recorded(aggregate_all(_, _, _)).
tl_x_recorded(bagof(_, _, _)).
tl_x_recorded(setof(_, _, _)).
tl_x_recorded(foldl(_, _, _, _)).

%   A sub-goal with its own cut barrier (conditions, call/1, once/1, findall goals).
tl_x_cond(G, D, L0, L) :- prolog_current_choice(C), tl_xb(G, D, C, L0, L).

tl_x_inc :- b_getval(tl_x_n, K), K1 is K + 1, b_setval(tl_x_n, K1).

tl_x_budget_left :- b_getval(tl_x_n, K), nb_getval(tl_x_max_nodes, M), K < M.

tl_x_goal(G, D, N) :-
    (   tl_x_budget_left
    ->  tl_x_inc, tl_x_class(G, Class), tl_x_by(Class, G, D, N)
    ;   call(G), N = n(more, G, [], [])
    ).

tl_x_by(rule, G, D, N) :- !,
    (   nb_getval(tl_x_max_depth, M), D >= M
    ->  call(G), N = n(call, G, [], [note="not expanded (depth limit)"])
    ;   D1 is D + 1, tl_x_rule(G, D1, N)
    ).
tl_x_by(fact, G, _, n(fact, G, [], [source=case])) :- !, call(G).
tl_x_by(Class, G, _, n(Class, G, [], [])) :- call(G).

tl_x_rule(G, D, N) :-
    prolog_current_choice(C),
    clause(G, Body, Ref),
    (   Body == true
    ->  ( tl_case_ref(Ref) -> Src = case ; Src = kb ),
        N = n(fact, G, [], [source=Src])
    ;   N = n(rule, G, Kids, []),
        tl_xb(Body, D, C, Kids, [])
    ).

%   findall/3: the first max_solutions solutions are proved with their trees; if there may be
%   more, the whole list is computed directly (same goal, same order) and the rest counted.
tl_x_findall(T, G, Xs, D, n(aggregate, findall(T, G, Xs), Kids, [value=Xs, count=Count])) :-
    tl_x_collect(T, G, D, All, Kids, Count),
    Xs = All.

%   aggregate_all/3 with count, sum(E), bag(E) or set(E), and bagof/3, setof/3 whose goal
%   has no free variables (nothing to group by) are findall/3 and a last step; other forms
%   are called directly.
tl_x_aggregate(aggregate_all(Spec, G, R), D, n(aggregate, aggregate_all(Spec, G, R), Kids, [value=R, count=Count])) :-
    nonvar(Spec), tl_x_agg_template(Spec, T),
    tl_x_collect(T, G, D, All, Kids, Count),
    tl_x_agg_result(Spec, All, R).
tl_x_aggregate(Agg, D, n(aggregate, Agg, Kids, [value=R, count=Count])) :-
    Agg =.. [F, T, G0, R], memberchk(F, [bagof, setof]),
    tl_x_strip_ex(G0, G, Ex),
    term_variables(G, GVs), term_variables(T-Ex, Bound),
    \+ ( member(V, GVs), \+ ( member(B, Bound), B == V ) ),
    tl_x_collect(T, G, D, All, Kids, Count),
    All \== [],
    ( F == setof -> sort(All, R) ; R = All ).

tl_x_agg_template(count, x).
tl_x_agg_template(sum(E), E).
tl_x_agg_template(bag(E), E).
tl_x_agg_template(set(E), E).

tl_x_agg_result(count, All, N) :- length(All, N).
tl_x_agg_result(sum(_), All, S) :- sum_list(All, S).
tl_x_agg_result(bag(_), All, All).
tl_x_agg_result(set(_), All, S) :- sort(All, S).

tl_x_strip_ex(G, G, []) :- var(G), !.
tl_x_strip_ex(V^G0, G, [V|Ex]) :- !, tl_x_strip_ex(G0, G, Ex).
tl_x_strip_ex(G, G, []).

%   tl_x_collect(+T, +G, +D, -All, -Kids, -Count): the solutions of T for G, the first ones
%   (max_solutions) as `solution` nodes within the node budget.
tl_x_collect(T, G, D, All, Kids, Count) :-
    tl_x_inc,
    nb_getval(tl_x_max_solutions, K), D1 is D + 1,
    findall(T-Ns, limit(K, tl_x_cond(G, D1, Ns, [])), Pairs),
    length(Pairs, Np),
    (   Np < K -> pairs_keys(Pairs, All) ; findall(T, G, All) ),
    length(All, Count),
    b_getval(tl_x_n, N0), nb_getval(tl_x_max_nodes, Max), Room is Max - N0,
    tl_x_solutions(Pairs, Room, Kids, Used),
    N1 is N0 + Used, b_setval(tl_x_n, N1).

tl_x_solutions([], _, [], 0).
tl_x_solutions([T-Ns|Ps], Room, [n(solution, T, Ns1, [])|Kids], Used) :-
    tl_x_count_list(Ns, K),
    (   K + 1 =< Room -> Ns1 = Ns, U = K + 1 ; Ns1 = [], U = 1 ),
    Room1 is Room - U,
    tl_x_solutions(Ps, Room1, Kids, Used0),
    Used is Used0 + U.

tl_x_foldl([], _, V, V, _, []).
tl_x_foldl([X|Xs], G, V0, V, D, [n(solution, X, Ns, [])|Kids]) :-
    G =.. L0, append(L0, [X, V0, V1], L1), G1 =.. L1,
    tl_x_cond(G1, D, Ns, []),
    tl_x_foldl(Xs, G, V1, V, D, Kids).

tl_x_count(n(_, _, Kids, _), N) :- tl_x_count_list(Kids, 0, N0), N is N0 + 1.
tl_x_count_list(Kids, N) :- tl_x_count_list(Kids, 0, N).
tl_x_count_list([], N, N).
tl_x_count_list([K|Ks], N0, N) :- tl_x_count(K, C), N1 is N0 + C, tl_x_count_list(Ks, N1, N).

% ------------------------------------------------------------------------- goal classes

%!  tl_x_class(+Goal, -Class) is det.
%   arith (is/2), compare, fact (a base predicate of the vocabulary that only the case
%   defines), opaque (domain option) -> call, rule (a dynamic predicate: interpreted), call (a
%   static user predicate, e.g. tabled), builtin (system and library predicates; also an
%   undefined predicate, which calling raises as in the query).
tl_x_class(G, Class) :-
    functor(G, N, A),
    (   tl_x_cls(N, A, C0) -> Class = C0
    ;   tl_x_classify(G, N, A, C0),
        (   C0 == builtin, \+ predicate_property(user:G, defined) -> true
        ;   tl_case_pred(user:N/A) -> true    % created by the case: undefined in the next job
        ;   assertz(tl_x_cls(N, A, C0))
        ),
        Class = C0
    ).

tl_x_classify(_, is, 2, arith) :- !.
tl_x_classify(_, N, 2, compare) :- memberchk(N, [<, >, =<, >=, =:=, =\=]), !.
tl_x_classify(_, N, A, call) :- tl_x_opaque(N, A), !.
tl_x_classify(G, N, A, fact) :-
    tl_base_pred(N/A), \+ tl_x_kb_defined(N, A), !,
    predicate_property(user:G, dynamic).
tl_x_classify(G, _, _, rule) :- predicate_property(user:G, dynamic), !.
tl_x_classify(G, _, _, call) :-
    predicate_property(user:G, defined), \+ predicate_property(user:G, built_in),
    \+ predicate_property(user:G, imported_from(_)), !.
tl_x_classify(_, _, _, builtin).

%   tl_x_kb_defined(?N, ?A): base predicates that the knowledge base itself defines (SARA's
%   gross_income/3, is_before/2 …): interpreted, not case facts. KB clauses never change after
%   the load, so this is computed once per worker (at the first explanation).
:- dynamic tl_x_kb_defined_/2, tl_x_kb_scanned/0.
tl_x_kb_defined(N, A) :-
    (   tl_x_kb_scanned -> true
    ;   forall(( tl_base_pred(N0/A0), functor(H, N0, A0),
                 catch(clause(H, _, R), _, fail), \+ tl_case_ref(R) ),
               ( tl_x_kb_defined_(N0, A0) -> true ; assertz(tl_x_kb_defined_(N0, A0)) )),
        assertz(tl_x_kb_scanned)
    ),
    tl_x_kb_defined_(N, A).

% ------------------------------------------------------------------------------- why not

%   tl_wn_root(+Goal, -Node): why Goal fails. A conjunction or disjunction at the top becomes
%   a `query` node. A failing KB goal with numbers among its arguments also says, where the
%   goal holds with one of them left open, the value it holds with (the `actual` info; each
%   probe within 10 times the query's inferences).
tl_wn_root(Goal, Root) :-
    (   tl_x_control(Goal)
    ->  tl_wn_body(Goal, 0, Kids), Root = n(query, Goal, Kids, [holds=false])
    ;   tl_wn_goal(Goal, 0, Root0), tl_wn_actual(Goal, Root0, Root)
    ).

tl_wn_actual(Goal, n(K, G, Kids, Info), n(K, G, Kids, Info1)) :-
    compound(Goal), tl_x_class(Goal, rule),
    Goal =.. [F|Args],
    findall(I-V, ( nth1(I, Args, X), number(X),
                   same_length(Args, Args1), tl_x_open(Args, I, Args1, V),
                   G1 =.. [F|Args1], tl_x_probe(G1) ),
            Actual),
    Actual \== [], !,
    Info1 = [actual=Actual|Info].
tl_wn_actual(_, N, N).

%   A probe runs once, within 10 times the query's inferences (plus 100,000).
tl_x_probe(G) :-
    ( nb_current(tl_x_probe_limit, L) -> true ; L = 100000 ),
    catch(call_with_inference_limit(once(G), L, R), _, fail),
    R \== inference_limit_exceeded.

tl_x_open([], _, [], _).
tl_x_open([A|As], I, [B|Bs], V) :-
    ( I =:= 1 -> B = V ; B = A ), I1 is I - 1, tl_x_open(As, I1, Bs, V).

%   tl_wn_goal(+G, +Depth, -Node): G (not a control construct) fails.
tl_wn_goal(G, D, N) :-
    tl_x_inc,
    tl_x_class(G, Class),
    (   Class == rule
    ->  (   ( nb_getval(tl_x_whynot_depth, M), D >= M ; \+ tl_x_budget_left )
        ->  N = n(rule, G, [], [holds=false, note="not expanded (depth limit)"])
        ;   D1 is D + 1, tl_wn_rule(G, D1, N)
        )
    ;   tl_wn_leaf(Class, G, N)
    ).

tl_wn_rule(G, D, n(rule, G, Kids, [holds=false|Info])) :-
    nb_getval(tl_x_whynot_clauses, MaxC),
    findall(I-(G-B), ( nth_clause(G, I, Ref), clause(H, B, Ref), B \== true, H = G ), Cls0),
    length(Cls0, NCls),
    (   NCls =:= 0
    ->  Alts = [], functor(G, F, A),
        format(string(Note), "no clause or fact of ~w/~w matches", [F, A]), Info = [note=Note]
    ;   ( NCls > MaxC -> length(Cls, MaxC), append(Cls, _, Cls0) ; Cls = Cls0 ),
        findall(Alt, ( member(I-(G1-B), Cls), tl_wn_clause(I, G1, B, D, Alt) ), Alts),
        Info = []
    ),
    tl_wn_other_facts(G, MaxC, Facts),
    append(Facts, Alts, Kids).

%   Facts the case states for this predicate, with other values than the goal's (at most Max).
tl_wn_other_facts(G, Max, Facts) :-
    functor(G, F, A), functor(H, F, A),
    findall(n(fact, H, [], [holds=false, source=case, note="the case states this, with other values"]),
            limit(Max, ( nth_clause(H, _, Ref), tl_case_ref(Ref), clause(H, true, Ref) )),
            Facts).

tl_wn_clause(I, G, B, D, n(alternative, G, Kids, [holds=Holds, clause=I])) :-
    tl_wn_body(B, D, Kids),
    tl_wn_holds(Kids, Holds).

%   tl_wn_body(+Body, +Depth, -Nodes): why Body fails. Top-level alternatives (A ; B) each get an
%   `alternative` node; a conjunction gives the sub-goals that held (leaves, as bound) and the
%   first that failed (explained).
tl_wn_body(B, D, Nodes) :-
    tl_x_alternatives(B, Alts),
    (   Alts = [One]
    ->  tl_x_conjuncts(One, Gs), tl_wn_conj(Gs, D, Nodes)
    ;   nb_getval(tl_x_whynot_clauses, MaxC),
        findall(n(alternative, A, Kids, [holds=Holds, branch=I]),
                ( nth1(I, Alts, A), I =< MaxC,
                  tl_x_conjuncts(A, Gs), tl_wn_conj(Gs, D, Kids),
                  tl_wn_holds(Kids, Holds) ),
                Nodes)
    ).

%   An alternative holds when none of its nodes failed.
tl_wn_holds(Kids, Holds) :-
    (   member(n(_, _, _, KI), Kids), memberchk(holds=false, KI) -> Holds = false ; Holds = true ).

tl_x_alternatives((A ; B), Alts) :- A \= (_ -> _), A \= (_ *-> _), !,
    tl_x_alternatives(A, As), tl_x_alternatives(B, Bs), append(As, Bs, Alts).
tl_x_alternatives(B, [B]).

tl_x_conjuncts((A, B), Gs) :- !, tl_x_conjuncts(A, As), tl_x_conjuncts(B, Bs), append(As, Bs, Gs).
tl_x_conjuncts(G, [G]).

tl_wn_conj(Gs, D, Nodes) :-
    S = best(0, Gs),
    (   prolog_current_choice(C), tl_wn_walk(Gs, 1, S, C, Gs), fail ; true ),
    arg(1, S, I), arg(2, S, Snap),
    length(Gs, Len),
    (   I > Len
    ->  findall(N, ( member(G, Snap), tl_wn_held(G, N) ), Nodes)
    ;   I1 is I - 1, length(Done, I1), append(Done, [Failed|_], Snap),
        findall(N, ( member(G, Done), tl_wn_held(G, N) ), Held),
        tl_wn_any(Failed, D, FNode),
        append(Held, [FNode], Nodes)
    ).

%   Run the conjuncts directly; remember (a copy of) the conjunct list the first time a
%   conjunct is reached further right than before. Always fails.
tl_wn_walk([], I, S, _, All) :- !, tl_wn_note(I, S, All), fail.
tl_wn_walk([G|Gs], I, S, C, All) :-
    tl_wn_note(I, S, All),
    (   G == ! -> prolog_cut_to(C) ; call(G) ),
    I1 is I + 1,
    tl_wn_walk(Gs, I1, S, C, All).

tl_wn_note(I, S, All) :- arg(1, S, B), ( I > B -> nb_setarg(1, S, I), nb_setarg(2, S, All) ; true ).

%   A sub-goal that held, as a leaf (a KB predicate becomes a `call`: it is not explained).
tl_wn_held(!, _) :- !, fail.
tl_wn_held(\+ G, n(negation, G, [], [])) :- !.
tl_wn_held(G, n(builtin, G, [], [])) :- tl_x_control(G), !.
tl_wn_held(G, n(Cl, G, [], [])) :- tl_x_class(G, Cl0), ( Cl0 == rule -> Cl = call ; Cl = Cl0 ).

%   tl_wn_any(+G, +Depth, -Node): why a failing sub-goal (any form) fails.
tl_wn_any(G, D, N) :- tl_x_control(G), !,
    (   G = (If -> Then ; Else)
    ->  (   once(If) -> tl_wn_body(Then, D, Kids), Br = then ; tl_wn_body(Else, D, Kids), Br = else ),
        N = n(alternative, G, Kids, [holds=false, branch=Br])
    ;   G = (If -> Then)
    ->  (   once(If) -> tl_wn_body(Then, D, Kids) ; Kids = [n(builtin, If, [], [holds=false])] ),
        N = n(alternative, G, Kids, [holds=false])
    ;   tl_wn_body(G, D, Kids), N = n(alternative, G, Kids, [holds=false])
    ).
tl_wn_any(\+ G, D, N) :- !,
    tl_x_inc,
    (   prolog_current_choice(C), tl_xb(G, D, C, Proof, []) -> true ; Proof = [] ),
    N = n(negation, G, Proof, [holds=false, note="this holds, so the negation fails"]).
tl_wn_any(G, D, N) :- tl_wn_goal(G, D, N).

%   A failing leaf: comparisons and is/2 say what the two sides evaluate to.
tl_wn_leaf(compare, G, n(compare, G, [], [holds=false|Info])) :- !,
    G =.. [Op, A, B],
    (   catch(( VA is A, VB is B ), _, fail)
    ->  format(string(Note), "~q ~w ~q is false", [VA, Op, VB]), Info = [note=Note]
    ;   Info = []
    ).
tl_wn_leaf(arith, G, n(arith, G, [], [holds=false|Info])) :- !,
    G = (X is E),
    (   catch(V is E, _, fail)
    ->  format(string(Note), "evaluates to ~q, not ~q", [V, X]), Info = [note=Note]
    ;   Info = []
    ).
tl_wn_leaf(builtin, G, n(builtin, G, [], [holds=false|Info])) :-
    G =.. [F, L, X], memberchk(F, [sum_list, sumlist, length, max_list, min_list]), nonvar(X), !,
    (   catch(( G1 =.. [F, L, V], once(G1) ), _, fail)
    ->  format(string(Note), "~w gives ~q, not ~q", [F, V, X]), Info = [note=Note]
    ;   Info = []
    ).
tl_wn_leaf(fact, G, n(fact, G, [], [holds=false, note="no fact of the case matches"])) :- !.
tl_wn_leaf(Class, G, n(Class, G, [], [holds=false])).

% ------------------------------------------------------------------------------- to JSON

%!  tl_x_dict(+Node, -Dict) is det.  Variables must be bound to '$VAR'('_') first.
%   A call of a predicate written in prefix form gets `predicate` (name/arity) and `args` (each
%   as Prolog text) and no `goal` (tools/explain.py writes it from them); other goals (operators,
%   control constructs, solutions' templates) get `goal`.
tl_x_dict(n(Kind, G, Kids, Info), D) :-
    maplist(tl_x_dict, Kids, KDs),
    (   Kind \== solution, Kind \== query, Kind \== alternative, compound(G), \+ tl_x_control(G)
    ->  compound_name_arguments(G, F, Args), length(Args, A), format(string(PI), "~w/~w", [F, A]),
        (   tl_x_prefix(F, A)
        ->  maplist(tl_x_text, Args, ATs), D1 = _{kind:Kind, predicate:PI, args:ATs, children:KDs}
        ;   tl_x_text(G, Text), D1 = _{kind:Kind, predicate:PI, goal:Text, children:KDs}
        )
    ;   tl_x_text(G, Text), D1 = _{kind:Kind, goal:Text, children:KDs}
    ),
    foldl(tl_x_info, Info, D1, D2),
    (   Kind == arith, G = (X is _), \+ get_dict(value, D2, _), X \= '$VAR'(_)
    ->  tl_x_text(X, VT), D = D2.put(value, VT)
    ;   D = D2
    ).

tl_x_prefix(F, A) :- \+ ( A =< 2, current_op(_, _, F) ).

tl_x_info(holds=B, D0, D) :- !, D = D0.put(holds, B).
tl_x_info(note=S, D0, D) :- !, D = D0.put(note, S).
tl_x_info(source=S, D0, D) :- !, D = D0.put(source, S).
tl_x_info(clause=I, D0, D) :- !, D = D0.put(clause, I).
tl_x_info(branch=B, D0, D) :- !, format(string(S), "~w", [B]), D = D0.put(branch, S).
tl_x_info(count=C, D0, D) :- !, D = D0.put(count, C).
tl_x_info(value=V, D0, D) :- !, tl_x_text(V, T), D = D0.put(value, T).
tl_x_info(actual=Ps, D0, D) :- !,
    findall(_{position:I, value:T}, ( member(I-V, Ps), tl_x_text(V, T) ), L), D = D0.put(actual, L).
tl_x_info(_, D, D).

%   Arguments are written at priority 999, so that (a,b) keeps its parentheses.
tl_x_text(T, S) :- format(string(S), "~W", [T, [quoted(true), numbervars(true), max_depth(12), priority(999)]]).
