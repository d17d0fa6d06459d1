% SWI-Prolog 9 compatibility layer for the SARA (2020 release) statutes (written for SWI-Prolog 7.2.3).
%
% Loaded before the statutes; the dataset's files are not edited.
%
% 1. rdiv on floats. SWI 7.2.3 converted float operands of rdiv/2 to rationals silently; SWI 9
%    raises "rdiv/2: Type error: rational expected, found 31449600.0 (a float)" (date stamps
%    are floats). Every arithmetic goal whose expression contains `A rdiv B` is rewritten at
%    compile time to `rational(A) rdiv rational(B)` (FIELD-NOTES: 64 cases fail without it).
% 2. Time zone. day_to_stamp/2 and s7703_b_3 depend on a negative UTC offset; the worker sets
%    TZ (Settings.timezone, default America/New_York) before SWI-Prolog starts.
% 3. Speed-ups that keep every answer (checked by `taxlogic eval gold` and bench/gold_speed.py):
%    tl_tabled/1 lists statute predicates evaluated with tabling when tl_option(tabling) holds
%    (their nested findall loops dominate tax_case_83 and tax_case_91). SARA v2 (kb/sara/data/v2.py)
%    loads this layer too: the same three predicates at v2's arities are listed beside them (v2's
%    tax_case_83 and tax_case_91 generate their employment events by rules as in 2020, and do not
%    finish in 60 s untabled); an arity of one release never names a predicate of the other.
%    utils.pl's day_to_stamp/2 (both releases: a date string to a time stamp, by split_string/4,
%    atom_number/2 and date_time_stamp/2) is tabled too (issue 48's throughput): a case's query
%    converts the same few dates tens of thousands of times (tax_case_51: 89,976 calls, 12% of
%    its time in date_time_stamp/2 alone). It is a function of its first argument (the
%    worker's TZ fixed), it fails and raises as before (an unbound or non-text date: the same
%    instantiation or type error), the explanation recorder calls it directly as before (an
%    opaque helper, kb/sara/explain/citations.py), and tables are abolished after every job, so
%    a job's inferences do not depend on the jobs before it. Measured on the 314 rule-free gold
%    sets' answer and omission-candidate jobs: the same status and values for all 2,083, worker
%    CPU 13.1 -> 7.8 s, inferences 124.8 M -> 119.4 M (every job over 10^5 inferences 1-8% fewer;
%    a small one at most 182 more, the tables' own calls).

:- dynamic tl_option/1.

tl_arith_goal(is). tl_arith_goal(<). tl_arith_goal(>). tl_arith_goal(=<).
tl_arith_goal(>=). tl_arith_goal(=:=). tl_arith_goal(=\=).

tl_fix_rdiv(E, E) :- var(E), !.
tl_fix_rdiv(A rdiv B, rational(A1) rdiv rational(B1)) :- !,
    tl_unwrap(A, A0), tl_unwrap(B, B0),
    tl_fix_rdiv(A0, A1), tl_fix_rdiv(B0, B1).
tl_fix_rdiv(E, E1) :- compound(E), !,
    compound_name_arguments(E, N, Args), maplist(tl_fix_rdiv, Args, Args1),
    compound_name_arguments(E1, N, Args1).
tl_fix_rdiv(E, E).

tl_unwrap(X, X) :- var(X), !.
tl_unwrap(rational(X), X) :- !.
tl_unwrap(X, X).

tl_has_bare_rdiv(E) :- compound(E),
    (   E = (A rdiv B), \+ (nonvar(A), A = rational(_), nonvar(B), B = rational(_))
    ->  true
    ;   compound_name_arguments(E, _, Args), member(X, Args), tl_has_bare_rdiv(X)
    ).

:- multifile user:goal_expansion/2.
:- dynamic user:goal_expansion/2.
user:goal_expansion(G0, G) :-
    compound(G0), compound_name_arguments(G0, Op, [L0, R0]), tl_arith_goal(Op),
    tl_has_bare_rdiv(G0), !,
    tl_fix_rdiv(L0, L), tl_fix_rdiv(R0, R),
    compound_name_arguments(G, Op, [L, R]).

% --- tabling (optional) -------------------------------------------------------------------
tl_tabled(s3306_c_1_A_i/2).
tl_tabled(s3306_a_2_B/2).
tl_tabled(s3306_a_1_B/2).
tl_tabled(day_to_stamp/2).   % both releases
tl_tabled(s3306_c_1_A_i/5).  % SARA v2
tl_tabled(s3306_a_2_B/6).    % SARA v2
tl_tabled(s3306_a_1_B/4).    % SARA v2

:- dynamic tl_table_declared/1.
:- multifile user:term_expansion/2.
:- dynamic user:term_expansion/2.
user:term_expansion(Clause, [(:- table(PI)), Clause]) :-
    tl_option(tabling),
    ( Clause = (H :- _) -> true ; H = Clause ),
    compound(H), \+ H = (:- _),
    compound_name_arity(H, N, A), PI = N/A, tl_tabled(PI),
    \+ tl_table_declared(PI), !,
    assertz(tl_table_declared(PI)).
