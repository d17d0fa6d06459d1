% The event model of a SARA-style statute folder, read by kb/sara/reading/schema.py.
% Usage: swipl schema.pl DIR. Reads DIR/events.pl (the ':- discontiguous N/A' declarations: event
% types N/1, properties N/2) and every other .pl file but init.pl term by term; nothing in them
% runs. Prints, one per line, tab-separated:
%   link <node> <node>          a variable a clause shares between two places (role classes)
%   same <T1:Prop:T2> <R1> <R2>  linked events whose roles R1, R2 a rule fills with one variable
%   read <Name/Arity>           a predicate some rule body calls
%   <type> <p1,p2,...>          the properties one way of a rule body reads of an event of <type>
%   neg <type> <p1,p2,...>      the properties a negated condition reads of an event of <type>
%   const <type> <prop> <value>  a constant a rule body reads as a property of an event of <type>
%                                (purpose_ of a plan_: "make provisions for employees or dependents"); <type>
%                                * for an event the rule body gives no type
:- initialization(main, main).
:- dynamic decl/2, row/2, nrow/2, read_pred/2, defined/2, link/2, same/3, const/3.
main :-
    current_prolog_flag(argv, [Dir|_]),
    directory_file_path(Dir, 'events.pl', Ev),
    ( exists_file(Ev) -> setup_call_cleanup(open(Ev, read, S0), rd(S0), close(S0)) ; true ),
    directory_files(Dir, Es0), msort(Es0, Es),
    findall(P, ( member(E, Es), file_name_extension(_, pl, E), E \== 'init.pl', E \== 'events.pl',
                 directory_file_path(Dir, E, P) ), Ps),
    forall(member(P, Ps), setup_call_cleanup(open(P, read, S), defs(S), close(S))),
    forall(member(P, Ps), setup_call_cleanup(open(P, read, S), sc(S), close(S))),
    forall(link(A, B), format("link\t~w\t~w~n", [A, B])),
    forall(same(L, R1, R2), format("same\t~w\t~w\t~w~n", [L, R1, R2])),
    forall(row(T, K), format("~w\t~w~n", [T, K])),
    forall(nrow(T, K), format("neg\t~w\t~w~n", [T, K])),
    forall(read_pred(N, A), format("read\t~w/~w~n", [N, A])),
    forall(const(T, N, C), format("const\t~w\t~w\t~q~n", [T, N, C])).
rd(S) :- read_term(S, T, []), ( T == end_of_file -> true ; ( T = (:- discontiguous N/A) -> assertz(decl(N, A)) ; true ), rd(S) ).
sc(S) :- read_term(S, T, [syntax_errors(dec10)]),
    ( T == end_of_file -> true ; ( T = (H :- B) -> body(B), reads(B), links(H, B) ; true ), sc(S) ).
defs(S) :- read_term(S, T, [syntax_errors(dec10)]),
    ( T == end_of_file -> true
    ; ( ( T = (H :- _) -> true ; T = H ), callable(H), H \= (:- _), catch(functor(H, N, A), _, fail),
        \+ defined(N, A) -> assertz(defined(N, A)) ; true ), defs(S) ).
% Role classes: a variable shared by two places of a clause (an event's role, an argument of a
% KB predicate) links them; the classes are the connected components (computed in Python).
lits(V, []) :- var(V), !.
lits(G, Ls) :- compound(G), ( G = (A, B) ; G = (A ; B) ; G = (A -> B) ; G = (A *-> B) ), !,
    lits(A, L1), lits(B, L2), append(L1, L2, Ls).
lits(\+ G, Ls) :- !, lits(G, Ls).
lits(G, Ls) :- compound(G), functor(G, N, _), memberchk(N, [findall, forall, aggregate_all, bagof, setof, once, ignore, call, ^]), !,
    G =.. [_|Args], lits_list(Args, Ls).
lits(G, [G]).
lits_list([], []).
lits_list([X|Xs], Ls) :- ( callable(X) -> lits(X, L1) ; L1 = [] ), lits_list(Xs, L2), append(L1, L2, Ls).
links(H, B) :- lits(B, Ls0), Ls = [H|Ls0], term_variables(H-B, Vs),
    forall(member(V, Vs), ( findall(N, node(V, Ls, N), Ns0), sort(Ns0, Ns),
                            ( Ns = [N1|Rest] -> forall(member(N2, [N1|Rest]), assertz(link(N1, N2))) ; true ) )).
node(V, Ls, Node) :- member(L, Ls), compound(L), L =.. [P, E, X], X == V, decl(P, 2),
    member(L2, Ls), compound(L2), L2 =.. [T, E2], E2 == E, decl(T, 1), format(atom(Node), "~w:~w", [T, P]).
node(V, Ls, Node) :- member(L, Ls), compound(L), compound_name_arity(L, N, A), \+ decl(N, _), defined(N, A),
    arg(I, L, X), X == V, format(atom(Node), "~w/~w:~w", [N, A, I]).
reads(V) :- var(V), !.
reads(G) :- callable(G), !, functor(G, N, A), ( read_pred(N, A) -> true ; assertz(read_pred(N, A)) ),
    ( compound(G) -> G =.. [_|Args], forall(member(X, Args), reads(X)) ; true ).
reads(_).
body(B) :- paths(B, Ps, In), append(Ps, In, Us),
    forall(member(U, Us), ( memberchk(negated, U) -> neg_rows(U) ; path_rows(U), path_same(U) )).
% What a negated condition reads (\+ (migration_(M), agent_(M, I), destination_(M, "usa"), …)):
% printed as "neg" rows and constants, never as a way an event must be read (nor a role link).
neg_rows(P) :- rows_of(P, nrow).
% Each typed event of path P: its properties as a row Kind(T, Key) (row: a way to read it; nrow: what a
% negated condition reads), and the constants P reads as its properties.
rows_of(P, Kind) :-
    forall(( member(L, P), compound(L), L =.. [T, V], var(V), decl(T, 1) ),
           ( findall(N, ( member(L2, P), compound(L2), L2 =.. [N, V2, _], V2 == V, decl(N, 2) ), Ns),
             msort(Ns, Sorted), atomic_list_concat(Sorted, ',', Key), Row =.. [Kind, T, Key],
             ( call(Row) -> true ; assertz(Row) ),
             forall(( member(L3, P), compound(L3), L3 =.. [N3, V3, C], V3 == V, decl(N3, 2),
                      ( string(C) ; atom(C) ), \+ const(T, N3, C) ), assertz(const(T, N3, C))) )).
% Two events linked by a property (purpose_(Payment, Service)) whose roles a rule fills with one
% variable (the payer of a payment for a service is the service's patient_, its employer).
path_same(P) :-
    forall(( member(L, P), compound(L), L =.. [Lk, E1, E2], decl(Lk, 2), var(E1), var(E2),
             typ(P, E1, T1), typ(P, E2, T2),
             member(A, P), compound(A), A =.. [R1, V1, X], V1 == E1, decl(R1, 2), R1 \== Lk, var(X),
             member(B, P), compound(B), B =.. [R2, V2, Y], V2 == E2, decl(R2, 2), X == Y ),
           ( format(atom(Link), "~w:~w:~w", [T1, Lk, T2]), ( same(Link, R1, R2) -> true ; assertz(same(Link, R1, R2)) ) )).
typ(P, E, T) :- member(L, P), compound(L), L =.. [T, V], V == E, decl(T, 1), !.
path_rows(P) :-
    rows_of(P, row),
    % a constant read of an event no type literal of the path names (a helper's argument): type *
    forall(( member(L4, P), compound(L4), L4 =.. [N4, V4, C4], var(V4), decl(N4, 2), ( string(C4) ; atom(C4) ),
             \+ typ(P, V4, _), \+ const(*, N4, C4) ), assertz(const(*, N4, C4))).
cross([], _, []).
cross([X|Xs], PB, Out) :- pre(PB, X, O1), cross(Xs, PB, O2), append(O1, O2, Out).
pre([], _, []).
pre([Y|Ys], X, [P|Ps]) :- append(X, Y, P), pre(Ys, X, Ps).
cap(Ps, Ps) :- length(Ps, N), N =< 512, !.
cap(Ps, C) :- length(C, 512), append(C, _, Ps).
strip(_^G, G1) :- !, strip(G, G1).
strip(G, G).
paths(V, [[]], []) :- var(V), !.
paths((A, B), Ps, I) :- !, paths(A, PA, IA), paths(B, PB, IB), cross(PA, PB, Ps0), cap(Ps0, Ps), append(IA, IB, I).
paths((C -> T ; E), Ps, I) :- !, paths((C, T), P1, I1), paths(E, P2, I2), append(P1, P2, Ps), append(I1, I2, I).
paths((C *-> T ; E), Ps, I) :- !, paths((C, T), P1, I1), paths(E, P2, I2), append(P1, P2, Ps), append(I1, I2, I).
paths((A ; B), Ps, I) :- !, paths(A, P1, I1), paths(B, P2, I2), append(P1, P2, Ps), append(I1, I2, I).
paths((C -> T), Ps, I) :- !, paths((C, T), Ps, I).
paths(\+ G, [[]], I) :- !, paths(G, P, I0), append(P, I0, I1), findall([negated|U], member(U, I1), I).
paths(once(G), Ps, I) :- !, paths(G, Ps, I).
paths(ignore(G), [[]|Ps], I) :- !, paths(G, Ps, I).
paths(call(G), Ps, I) :- !, paths(G, Ps, I).
paths(findall(_, G, _), [[]], I) :- !, paths(G, P, I0), append(P, I0, I).
paths(findall(_, G, _, _), [[]], I) :- !, paths(G, P, I0), append(P, I0, I).
paths(aggregate_all(_, G, _), [[]], I) :- !, paths(G, P, I0), append(P, I0, I).
paths(forall(C, A), [[]], I) :- !, paths((C, A), P, I0), append(P, I0, I).
paths(setof(_, G, _), [[]], I) :- !, strip(G, G1), paths(G1, P, I0), append(P, I0, I).
paths(bagof(_, G, _), [[]], I) :- !, strip(G, G1), paths(G1, P, I0), append(P, I0, I).
paths(G, [[G]], []).
