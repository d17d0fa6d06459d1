% taxlogic's sandbox for model-written programs (rules and facts together): a domain without a
% knowledge base (kb/statutes: DeonticBench's housing and USCIS-AAO cases) has the model write the
% rules from the statutes given with the case, and those rules are untrusted text.
%
% What this file guarantees (issue 47): nothing of the program runs before it is checked, and
% nothing of it runs outside SWI-Prolog's library(sandbox).
%   - The text is read with read_term/3 (reading runs nothing: no directive, no term or goal
%     expansion of the program's own) into a module of its own, tl_sandbox, that imports from
%     `system` only (not from `user`, where the engine and any statute KB live).
%   - Directives are never run. `:- dynamic` and `:- discontiguous` declarations are honoured for
%     predicates of the sandbox module; every directive is reported (the Python checks read them:
%     a directive that prints or asserts the answer is a leak, kb/statutes/checks/leaks.py).
%   - A clause whose head is a control construct or a system predicate is refused (listed in
%     the job's load problems), never asserted.
%   - Modules the program names are its own (issue 47: DeonticBench's housing_a4c96a7b writes
%     `effect_of_sealing: judgment_deemed_not_entered(...)`, valid SWI-Prolog): a clause
%     `M:H :- B` or `M:(H :- B)`, M an atom that names no module outside the program, defines
%     the sandbox module's predicate 'M:name' (its name with the qualifier, same arity), and a
%     goal `M:G` calls it; where the program defines no M:name/arity, `M:G` calls G in the
%     sandbox module, as a new module inheriting from `user` does in plain SWI-Prolog. Nothing
%     the program writes reaches another module: a head naming a module outside the program
%     (`user`, `system`, `lists`, any module the worker has or a library file names, a name
%     that is no plain identifier) or a variable module is refused as before; such a goal or
%     closure in a body (`user:assertz(...)`, `maplist(user:p, L)`), or `M:G` with M unbound,
%     is replaced by tl_sandbox_forbidden/1, which safe_goal/1 refuses wherever the query can
%     reach it (and which raises the permission error if it were called), and is listed in the
%     load problems. A goal built at run time is read the same way when it is called.
%   - A meta-call whose goal is unknown until run time (`Goal =.. [P], call(Goal)`, as the
%     housing reference programs write) is rewritten to tl_sandbox_call/1,N, which checks the
%     goal with safe_goal/1 when it is called, then calls it in the sandbox module.
%   - The query is checked with safe_goal/1 (every predicate its call graph reaches is a
%     sandbox-safe built-in or a clause of the program) and then run under the engine's CPU-time
%     and inference limits (tl_run_goal/8 of engine.pl), its output captured, never printed.
%     A predicate the program calls but never defines gets a stub raising the existence error
%     plain SWI-Prolog raises when it is called (tl_sandbox_safe/4), so that safe_goal/1 can judge
%     the rest; the checks still see it as undefined (kb/statutes/checks/undefined.py).
%   - After the job, every predicate of the sandbox module is abolished (an answer depends on
%     the job's program only).
%
% Loaded by tools/worker.py after engine.pl. The job dict is engine.pl's, with "sandbox": true.

:- use_module(library(sandbox)).
:- use_module(library(apply)).
:- use_module(library(lists)).
:- use_module(library(occurs)).

tl_sandbox_module(tl_sandbox).

%!  tl_sandbox_call(+Goal) is nondet.
%!  tl_sandbox_call(+Closure, +ExtraArgs) is nondet.
%   A meta-call of the program whose goal is bound only at run time: checked by safe_goal/1 in
%   the sandbox module when it is called, then called there.
%   Its module-qualified goals are read as the loaded program's are (tl_qualify/5): one naming
%   a module outside the program raises the permission error.
tl_sandbox_call(G) :-
    tl_sandbox_module(M),
    must_be(callable, G),
    tl_qualify('', G, G1, Forbidden, []),
    (   Forbidden = [F|_]
    ->  throw(error(permission_error(call, sandboxed, F), context(tl_sandbox_call/1, _)))
    ;   G1 = _:V, var(V)
    ->  throw(error(instantiation_error, context(tl_sandbox_call/1, _)))
    ;   true
    ),
    tl_rewrite_body(G1, G2),
    safe_goal(M:G2),
    call(M:G2).
tl_sandbox_call(C, Extra) :-
    must_be(callable, C),
    tl_add_args(C, Extra, G),
    tl_sandbox_call(G).

tl_add_args(Q:C, Extra, Q:G) :- !, must_be(callable, C), tl_add_args(C, Extra, G).
tl_add_args(C, Extra, G) :- C =.. L0, append(L0, Extra, L), G =.. L.

%!  tl_sandbox_forbidden(+Goal).
%   What a goal of the program naming a module outside it becomes (tl_qualify/5): never declared
%   safe, so safe_goal/1 refuses a query that can reach it (tl_sandbox_safe/4 reports Goal);
%   called, it raises the same permission error.
tl_sandbox_forbidden(G) :-
    throw(error(permission_error(call, sandboxed, G), context(tl_sandbox_forbidden/1, _))).

%   Declared safe after their definitions (library(sandbox) verifies a declaration against a
%   defined predicate); each checks its goal itself when it runs.
:- multifile sandbox:safe_primitive/1.
sandbox:safe_primitive(user:tl_sandbox_call(_)).
sandbox:safe_primitive(user:tl_sandbox_call(_, _)).

% ------------------------------------------------------------------------------ the module

tl_sandbox_reset :-
    tl_sandbox_module(M),
    forall(( current_predicate(M:N/A), functor(H, N, A),
             \+ predicate_property(M:H, imported_from(_)) ),
           catch(abolish(M:N/A), _, true)),
    retractall(tl_sandbox_local(_, _, _)),
    set_module(M:base(system)).

%!  tl_sandbox_local(?Module, ?Name, ?Arity).
%   Module:Name/Arity is a predicate the job's program defines under a module of its own (a
%   module-qualified head or declaration): the sandbox module's 'Module:Name'/Arity.
:- dynamic tl_sandbox_local/3.

%!  tl_outside_module(+M) is semidet.
%   M names a module outside the program: one the worker had when this file was loaded (user,
%   system, the libraries and engine modules loaded, the sandbox module itself), one loaded
%   from a file since (an autoloaded library), a system or library module, or one a library
%   file names (so that the verdict does not depend on which libraries the worker happened to
%   load before). Not current_module/1: printing a clause `m:p` (portray_clause/1) creates an
%   empty module m, which must not make the next program's m an outside module.
tl_outside_module(M) :- \+ tl_plain_name(M), !.    % a quoted name ('../x', '$m'): never the program's
tl_outside_module(M) :- memberchk(M, [user, system]), !.
tl_outside_module(M) :- tl_sandbox_module(M), !.
tl_outside_module(M) :- tl_worker_module(M), !.
tl_outside_module(M) :- module_property(M, file(_)), !.
tl_outside_module(M) :- module_property(M, class(C)), C \== user, !.
tl_outside_module(M) :-
    catch(absolute_file_name(library(M), _, [file_type(prolog), access(read), file_errors(fail)]), _, fail), !.

:- dynamic tl_worker_module/1.
:- initialization(forall(current_module(M), assertz(tl_worker_module(M)))).

%   A plain name: a lower-case letter, then letters, digits and underscores (so that the library
%   lookup above is a name, never a path the program could probe).
tl_plain_name(M) :-
    atom(M), atom_codes(M, [C|Cs]), code_type(C, lower),
    forall(member(D, Cs), code_type(D, csym)).

tl_outside_why(M, Why) :-
    (   tl_plain_name(M)
    ->  format(string(Why), "~q is a module outside the program", [M])
    ;   format(string(Why), "~q is no plain module name", [M])
    ).

%   M is a module of the program's own: an atom naming no module outside it.
tl_local_module(M) :- atom(M), \+ tl_outside_module(M).

%   The local name of Module:Name: 'Module:Name'.
tl_local_name(M, N, LN) :- atomic_list_concat([M, N], :, LN).

% ------------------------------------------------------------------------------ the load

%!  tl_sandbox_load(+Text, -Clauses, -Directives, -Problems) is det.
%   Read Text into the sandbox module. Clauses: one dict per clause read (line, head N/A, kind
%   fact|rule, the predicates its body calls, its constants, its text and the comments read
%   with it); Directives: one dict per directive (line, text, name, comments), and the comments
%   after the last clause as one with empty text and name; Problems: strings (syntax errors,
%   refused clauses).
%   Two passes: the terms are read first (reading runs nothing), the predicates the program
%   defines under modules of its own noted (tl_sandbox_local/3), then each term is loaded, its
%   qualified goals read against the whole program (as SWI-Prolog resolves them when called).
tl_sandbox_load(Text, Clauses, Directives, Problems) :-
    tl_sandbox_reset,
    setup_call_cleanup(open_string(Text, S),
        tl_sandbox_terms(S, Items),
        close(S)),
    forall(member(Item, Items), tl_note_local(Item)),
    tl_sandbox_items(Items, Clauses, Directives, Problems).

tl_sandbox_terms(S, Items) :-
    tl_sandbox_module(M),
    catch(read_term(S, T, [syntax_errors(error), term_position(Pos), comments(Com),
                           variable_names(VNs), module(M)]),
          E, T = '$tl_error'(E)),
    (   T == end_of_file
    ->  tl_comment_texts(Com, Trailing),
        (   Trailing == []
        ->  Items = []
        ;   stream_position_data(line_count, Pos, Line),   % comments after the last clause
            Items = [trailing(Line, Trailing)]
        )
    ;   T = '$tl_error'(E)
    ->  Items = [error(E)|Items1],
        tl_sandbox_terms(S, Items1)
    ;   stream_position_data(line_count, Pos, Line),
        tl_comment_texts(Com, Comments),
        Items = [term(T, VNs, Line, Comments)|Items1],
        tl_sandbox_terms(S, Items1)
    ).

tl_sandbox_items([], [], [], []).
tl_sandbox_items([trailing(Line, Trailing)|Is], Cs, [_{line:Line, text:"", name:"", comments:Trailing}|Ds], Ps) :-
    tl_sandbox_items(Is, Cs, Ds, Ps).
tl_sandbox_items([error(E)|Is], Cs, Ds, [Msg|Ps]) :-
    tl_syntax_message(E, Msg),
    tl_sandbox_items(Is, Cs, Ds, Ps).
tl_sandbox_items([term(T, VNs, Line, Comments)|Is], Cs, Ds, Ps) :-
    tl_sandbox_term(T, VNs, Line, Comments, Cs, Cs1, Ds, Ds1, Ps, Ps1),
    tl_sandbox_items(Is, Cs1, Ds1, Ps1).

%   The first pass: a module-qualified head or declaration the load accepts is noted.
tl_note_local(term((:- D), _, _, _)) :- !,
    (   compound(D), D =.. [Decl, Specs], memberchk(Decl, [(dynamic), (discontiguous)])
    ->  tl_specs(Specs, PIs),
        forall(( member(Q:N/A, PIs), tl_local_module(Q), atom(N), integer(A) ),
               tl_note_local(Q, N, A))
    ;   true
    ).
tl_note_local(term(T, _, _, _)) :-
    tl_dcg_clause(T, C),
    tl_clause_parts(C, H0, _, _),
    tl_head(H0, _, Why, Local),
    Why == none, Local = Q:N/A, !,
    tl_note_local(Q, N, A).
tl_note_local(_).

tl_note_local(Q, N, A) :-
    ( tl_sandbox_local(Q, N, A) -> true ; assertz(tl_sandbox_local(Q, N, A)) ).

tl_dcg_clause((H --> B), C) :- !, catch(dcg_translate_rule((H --> B), C), _, fail).
tl_dcg_clause(C, C).

%!  tl_clause_parts(+Clause, -Head, -Body, -Context) is det.
%   Head (as written, possibly module-qualified) and Body of a clause, and the module its body
%   is read in: '' (the program's own) or, for `M:(H :- B)`, M.
tl_clause_parts(C, H, B, Ctx) :- var(C), !, H = C, B = true, Ctx = ''.
tl_clause_parts(Q:C, H, B, Ctx) :- nonvar(C), C = (H0 :- B0), !, H = Q:H0, B = B0, Ctx = Q.
tl_clause_parts((H :- B), H, B, '') :- !.
tl_clause_parts(H, H, true, '').

tl_syntax_message(error(syntax_error(What), stream(_, Line, LinePos, _)), Msg) :- !,
    format(string(Msg), "line ~w:~w: syntax error: ~w", [Line, LinePos, What]).
tl_syntax_message(E, Msg) :- tl_message_string(E, Msg).

tl_comment_texts(Com, Texts) :-
    ( var(Com) -> Com1 = [] ; Com1 = Com ),
    findall(T, ( member(_-C, Com1), ( string(C) -> T = C ; atom_string(C, T) ) ), Texts).

tl_sandbox_term((:- D), VNs, Line, Comments, Cs, Cs, [Dir|Ds], Ds, Ps, Ps1) :- !,
    tl_term_text((:- D), VNs, Text),
    ( callable(D) -> functor(D, Name, _) ; Name = '' ),
    Dir = _{line:Line, text:Text, name:Name, comments:Comments},
    tl_sandbox_declare(D, Ps, Ps1).
tl_sandbox_term((H --> B), VNs, Line, Comments, Cs, Cs1, Ds, Ds, Ps, Ps1) :- !,
    catch(dcg_translate_rule((H --> B), C), _, fail), !,
    tl_sandbox_term(C, VNs, Line, Comments, Cs, Cs1, Ds, Ds, Ps, Ps1).
tl_sandbox_term(C0, VNs, Line, Comments, Cs, Cs1, Ds, Ds, Ps, Ps1) :-
    tl_sandbox_module(M),
    tl_clause_parts(C0, H0, B0, Ctx),
    tl_head(H0, H, Why, _),
    (   Why \== none
    ->  tl_term_text(C0, VNs, Text),
        format(string(Msg), "line ~w: clause refused (~w): ~s", [Line, Why, Text]),
        Ps = [Msg|Ps1], Cs = Cs1
    ;   tl_qualify(Ctx, B0, Bq, Forbidden, []),   % the program's modules read as its own
        tl_rewrite_body(Bq, B),
        ( B == true -> C = H ; C = (H :- B) ),
        catch(( assertz(M:C), Err = none ), E, Err = E),
        (   Err == none
        ->  functor(H, N, A),
            ( Bq == true -> Cq = H ; Cq = (H :- Bq) ),
            tl_body_calls(Bq, Calls0), sort(Calls0, Calls1), maplist(tl_pi_string, Calls1, Calls),
            tl_constants(Cq, Consts),
            tl_singletons(Cq, VNs, Singles),
            tl_term_text(C0, VNs, Text),
            ( B0 == true -> Kind = fact ; Kind = rule ),
            format(string(PI), "~w/~w", [N, A]),
            Cl = _{line:Line, head:PI, kind:Kind, calls:Calls, constants:Consts, text:Text,
                   comments:Comments, singletons:Singles},
            Cs = [Cl|Cs1],
            tl_forbidden_problems(Forbidden, Line, VNs, Ps, Ps1)
        ;   tl_message_string(Err, Msg0),
            format(string(Msg), "line ~w: ~s", [Line, Msg0]),
            Ps = [Msg|Ps1], Cs = Cs1
        )
    ).

tl_forbidden_problems([], _, _, Ps, Ps).
tl_forbidden_problems([G|Gs], Line, VNs, [Msg|Ps], Ps1) :-
    tl_term_text(G, VNs, Text),
    (   G = Q:_, var(Q)
    ->  Why = "its module is a variable"
    ;   G = Q:_, atom(Q)
    ->  tl_outside_why(Q, Why)
    ;   Why = "its module is not an atom"
    ),
    format(string(Msg), "line ~w: goal refused (module-qualified goal: ~w; the query is refused where it can reach it): ~s",
           [Line, Why, Text]),
    tl_forbidden_problems(Gs, Line, VNs, Ps, Ps1).

%!  tl_head(+Head0, -Head, -Why, -Local) is det.
%   Head: the predicate the clause defines in the sandbox module: Head0, or for a head Q:H of a
%   module Q of the program's own, 'Q:name' with H's arguments (Local = Q:name/arity, else
%   none). Why: none, or why the head is refused (a module outside the program or a variable
%   module, and tl_sandbox_refused/2 on the head without its module).
tl_head(H0, H, Why, Local) :- var(H0), !, H = H0, Why = "not a callable head", Local = none.
tl_head(Q:H0, H, Why, Local) :- !,
    Local0 = none,
    (   var(Q)
    ->  H = Q:H0, Why = "module-qualified head: the module is a variable", Local = Local0
    ;   \+ atom(Q)
    ->  H = Q:H0, Why = "module-qualified head: the module is not an atom", Local = Local0
    ;   tl_outside_module(Q)
    ->  H = Q:H0, tl_outside_why(Q, W), format(string(Why), "module-qualified head: ~w", [W]),
        Local = Local0
    ;   nonvar(H0), H0 = _:_
    ->  tl_head(H0, H, Why, Local)   % the innermost module is the clause's, as in SWI-Prolog
    ;   tl_sandbox_refused(H0, Why0)
    ->  H = Q:H0, Why = Why0, Local = Local0
    ;   H0 =.. [N|As], tl_local_name(Q, N, LN), H =.. [LN|As],
        (   tl_sandbox_refused(H, Why0)
        ->  Why = Why0, Local = Local0
        ;   functor(H0, _, A), Why = none, Local = Q:N/A
        )
    ).
tl_head(H, H, Why, none) :-
    ( tl_sandbox_refused(H, Why0) -> Why = Why0 ; Why = none ).

%!  tl_qualify(+Context, +Goal0, -Goal, -Forbidden, ?Tail) is det.
%   Goal0 (a body, read in Context: '' the program's own module, or a module of its own) with
%   every module-qualified goal read as the program's: Q:G, Q a module of the program's own, is
%   G read in Q; a goal read in a module Q of the program is 'Q:name' where the program defines
%   Q:name/arity (tl_sandbox_local/3), else itself (SWI-Prolog: a new module inherits the
%   predicates of `user`, where a plain program is loaded). Q:G naming a module outside the
%   program, or a variable Q, becomes user:tl_sandbox_forbidden(Q:G) and is listed in
%   Forbidden. A variable goal read in Q is Q:G (tl_rewrite_body/2 has it checked when called).
%   Control constructs and the meta-predicates of tl_meta/1 are walked; other arguments are data.
tl_qualify(Ctx, G, G1, Fs, Fs) :- var(G), !, ( Ctx == '' -> G1 = G ; G1 = Ctx:G ).
tl_qualify(_, Q:G0, G, Fs0, Fs) :- !,
    (   tl_local_module(Q)
    ->  tl_qualify(Q, G0, G, Fs0, Fs)
    ;   G = user:tl_sandbox_forbidden(Q:G0), Fs0 = [Q:G0|Fs]
    ).
tl_qualify(Ctx, G0, G, Fs0, Fs) :-
    tl_meta_spec(G0, Spec), !,
    G0 =.. [N|As0], Spec =.. [N|Ss],
    foldl(tl_qualify_arg(Ctx), Ss, As0, As, Fs0, Fs),
    G =.. [N|As].
tl_qualify(Ctx, G0, G, Fs0, Fs) :-
    tl_closure_goal(G0, I, Extra), arg(I, G0, C0), nonvar(C0), !,
    tl_qualify_closure(Ctx, C0, Extra, C, Bad),
    (   Bad == none
    ->  G0 =.. L0, nth0(I, L0, _, Rest), nth0(I, L1, C, Rest), G =.. L1, Fs0 = Fs
    ;   G = user:tl_sandbox_forbidden(G0), Fs0 = [Bad|Fs]
    ).
tl_qualify(Ctx, G0, G, Fs, Fs) :-
    Ctx \== '', callable(G0), functor(G0, N, A), tl_sandbox_local(Ctx, N, A), !,
    G0 =.. [N|As], tl_local_name(Ctx, N, LN), G =.. [LN|As].
tl_qualify(_, G, G, Fs, Fs).

%   The goals whose argument I is a closure called with Extra more arguments: call/2..8,
%   maplist/2..7, foldl/4..7, include/3, exclude/3, partition/4 (+1 for the goal itself: the
%   argument index counts from 1 after the functor).
tl_closure_goal(G, 1, Extra) :-
    compound(G), compound_name_arity(G, N, A),
    (   memberchk(N, [call, maplist]), A >= 2, A =< 8 -> Extra is A - 1
    ;   N == foldl, A >= 4, A =< 7 -> Extra is A - 1
    ;   memberchk(N/A, [include/3, exclude/3, partition/4]) -> Extra = 1
    ).

%   A closure read as a goal is (tl_qualify/5), or Bad: its qualified part naming a module
%   outside the program.
tl_qualify_closure(_, C, _, C, none) :- var(C), !.
tl_qualify_closure(_, Q:C0, Extra, C, Bad) :- !,
    (   tl_local_module(Q)
    ->  tl_qualify_closure(Q, C0, Extra, C, Bad)
    ;   C = Q:C0, Bad = Q:C0
    ).
tl_qualify_closure(Ctx, C0, Extra, C, none) :-
    Ctx \== '', callable(C0), functor(C0, N, A0), A is A0 + Extra, tl_sandbox_local(Ctx, N, A), !,
    C0 =.. [N|As], tl_local_name(Ctx, N, LN), C =.. [LN|As].
tl_qualify_closure(_, C, _, C, none).

tl_qualify_arg(Ctx, 0, A0, A, Fs0, Fs) :- !, tl_qualify(Ctx, A0, A, Fs0, Fs).
tl_qualify_arg(Ctx, ^, A0, A, Fs0, Fs) :- !, tl_qualify_caret(Ctx, A0, A, Fs0, Fs).
tl_qualify_arg(_, _, A, A, Fs, Fs).

tl_qualify_caret(Ctx, G0, G, Fs0, Fs) :- nonvar(G0), G0 = V^G1, !,
    G = V^G2, tl_qualify_caret(Ctx, G1, G2, Fs0, Fs).
tl_qualify_caret(Ctx, G0, G, Fs0, Fs) :- tl_qualify(Ctx, G0, G, Fs0, Fs).

%   A head the program may not define: module-qualified, not callable, a control construct, a
%   built-in predicate or an engine name. A library predicate (member/2, main/0) may be defined:
%   the definition is the sandbox module's own, checked like any clause.
tl_sandbox_refused(H, "not a callable head") :- \+ callable(H), !.
tl_sandbox_refused(_:_, "module-qualified head") :- !.
tl_sandbox_refused(H, "a control construct") :-
    functor(H, N, A), memberchk(N/A, [(',')/2, (;)/2, (->)/2, (*->)/2, (\+)/1, (:-)/1, (:-)/2]), !.
tl_sandbox_refused(H, "a built-in predicate") :-
    catch(( predicate_property(system:H, defined),
            \+ predicate_property(system:H, imported_from(_)) ), _, fail), !.
tl_sandbox_refused(H, "an engine predicate") :-
    functor(H, N, _), ( sub_atom(N, 0, _, _, tl_) ; sub_atom(N, 0, _, _, '$') ), !.

%   Declarations honoured: dynamic and discontiguous, for plain N/A of the sandbox module.
tl_sandbox_declare(D, Ps, Ps1) :-
    compound(D), D =.. [Decl, Specs], memberchk(Decl, [(dynamic), (discontiguous)]), !,
    tl_sandbox_module(M),
    tl_specs(Specs, PIs),
    foldl(tl_sandbox_declare_pi(M, Decl), PIs, Ps, Ps1).
tl_sandbox_declare(_, Ps, Ps).

tl_sandbox_declare_pi(M, Decl, PI, Ps, Ps1) :-
    (   (   PI = N/A
        ->  LN = N
        ;   PI = Q:N/A, tl_local_module(Q), atom(N)   % a module of the program's own
        ->  tl_local_name(Q, N, LN)
        ),
        atom(N), integer(A), functor(H, LN, A), \+ tl_sandbox_refused(H, _)
    ->  ( Decl == (dynamic) -> catch(dynamic(M:LN/A), _, true) ; true ), Ps = Ps1
    ;   format(string(Msg), "declaration refused: ~q(~q)", [Decl, PI]), Ps = [Msg|Ps1]
    ).

tl_specs(V, []) :- var(V), !.
tl_specs((A, B), L) :- !, tl_specs(A, LA), tl_specs(B, LB), append(LA, LB, L).
tl_specs(L, L) :- is_list(L), !.
tl_specs(S, [S]).

%!  tl_rewrite_body(+Body0, -Body) is det.
%   Body0 with each goal that is a variable, or a call/N whose goal is a variable, replaced by
%   tl_sandbox_call/1,2 (checked when it runs); control constructs and the usual meta-predicates
%   are walked.
tl_rewrite_body(G, user:tl_sandbox_call(G)) :- var(G), !.
tl_rewrite_body(Q:G, user:tl_sandbox_call(Q:G)) :- var(G), !.   % read in a module of the program's (tl_qualify/5)
tl_rewrite_body(G0, G) :-
    compound(G0), compound_name_arguments(G0, call, [C|Extra]), var(C), !,
    ( Extra == [] -> G = user:tl_sandbox_call(C) ; G = user:tl_sandbox_call(C, Extra) ).
tl_rewrite_body(G0, G) :-
    tl_meta_spec(G0, Spec), !,
    G0 =.. [N|As0], Spec =.. [N|Ss],
    maplist(tl_rewrite_arg, Ss, As0, As),
    G =.. [N|As].
tl_rewrite_body(G, G).

tl_rewrite_arg(0, A0, A) :- !, tl_rewrite_body(A0, A).
tl_rewrite_arg(^, A0, A) :- !, tl_rewrite_caret(A0, A).
tl_rewrite_arg(_, A, A).

tl_rewrite_caret(G, G1) :- var(G), !, tl_rewrite_body(G, G1).
tl_rewrite_caret(V^G0, V^G) :- !, tl_rewrite_caret(G0, G).
tl_rewrite_caret(G0, G) :- tl_rewrite_body(G0, G).

%   The meta-predicates walked, each argument 0 (a goal), ^ (a goal under ^) or * (data).
tl_meta_spec(G, S) :- compound(G), functor(G, N, A), functor(S0, N, A), tl_meta(S0), !, S = S0.
tl_meta((0, 0)).        tl_meta((0 ; 0)).       tl_meta((0 -> 0)).     tl_meta((0 *-> 0)).
tl_meta(\+ 0).          tl_meta(call(0)).       tl_meta(once(0)).      tl_meta(ignore(0)).
tl_meta(not(0)).        tl_meta(forall(0, 0)).  tl_meta(findall(*, 0, *)).
tl_meta(findall(*, 0, *, *)).  tl_meta(aggregate_all(*, 0, *)).  tl_meta(aggregate_all(*, *, 0, *)).
tl_meta(bagof(*, ^, *)). tl_meta(setof(*, ^, *)). tl_meta(catch(0, *, 0)).
tl_meta(with_output_to(*, 0)). tl_meta(limit(*, 0)).

%!  tl_body_calls(+Body, -Calls) is det.  N/A of the goals Body calls (through the
%   meta-predicates above); a goal unknown until run time is call/1 (a dynamic call).
tl_body_calls(G, [call/1]) :- var(G), !.
tl_body_calls(G, Calls) :-
    tl_meta_spec(G, Spec), !,
    G =.. [_|As], Spec =.. [_|Ss],
    foldl(tl_arg_calls, Ss, As, [], Calls0),
    Calls = Calls0.
tl_body_calls(user:tl_sandbox_forbidden(G0), Calls) :- !,   % what the program wrote (tl_qualify/5)
    ( nonvar(G0), G0 = _:G -> tl_body_calls(G, Calls) ; tl_body_calls(G0, Calls) ).
tl_body_calls(_:G, Calls) :- !, tl_body_calls(G, Calls).
tl_body_calls(true, []) :- !.
tl_body_calls(G, [N/A]) :- callable(G), !, functor(G, N, A).
tl_body_calls(_, []).

tl_arg_calls(0, A, Acc, Out) :- !, tl_body_calls(A, Cs), append(Acc, Cs, Out).
tl_arg_calls(^, A, Acc, Out) :- !, tl_strip_caret(A, G), tl_body_calls(G, Cs), append(Acc, Cs, Out).
tl_arg_calls(_, _, Acc, Acc).

tl_strip_caret(G, G) :- var(G), !.
tl_strip_caret(_^G0, G) :- !, tl_strip_caret(G0, G).
tl_strip_caret(G, G).

%!  tl_singletons(+Clause, +VNs, -Singles) is det.
%   The named variables of a rule (not starting with `_`) that occur once in it, as SWI-Prolog's
%   singleton warning finds them, each a dict {name, site, alone}: site "head", or the "N/A" of
%   the body goal it occurs in (the body walked through , ; -> *-> only: a variable under \+,
%   findall/3 ... is local to that goal by design); alone: for the head, no variable of the head
%   occurs in the body; for a body goal, every argument of the goal is a variable occurring once.
%   Facts: [] (the checks read rules: kb/statutes/checks/variables.py).
tl_singletons((H :- B), VNs, Singles) :- B \== true, !,
    findall(_{name:Name, site:Site, alone:Alone},
            ( member(Name=V, VNs), \+ sub_atom(Name, 0, _, _, '_'),
              occurrences_of_var(V, (H :- B), 1),
              tl_singleton_site(V, H, B, Site, Alone) ),
            Singles).
tl_singletons(_, _, []).

tl_singleton_site(V, H, B, "head", Alone) :-
    occurrences_of_var(V, H, 1), !,
    term_variables(H, HVs), term_variables(B, BVs),
    ( member(X, HVs), member(Y, BVs), X == Y -> Alone = false ; Alone = true ).
tl_singleton_site(V, H, B, Site, Alone) :-
    tl_conj_goal(B, G), occurrences_of_var(V, G, 1), !,
    ( callable(G) -> functor(G, N, A), format(string(Site), "~w/~w", [N, A]) ; Site = "call/1" ),
    (   compound(G), G =.. [_|Args],
        forall(member(X, Args), ( var(X), occurrences_of_var(X, (H :- B), 1) ))
    ->  Alone = true
    ;   Alone = false
    ).

tl_conj_goal(G, G) :- var(G), !.
tl_conj_goal((A, B), G) :- !, ( tl_conj_goal(A, G) ; tl_conj_goal(B, G) ).
tl_conj_goal((A ; B), G) :- !, ( tl_conj_goal(A, G) ; tl_conj_goal(B, G) ).
tl_conj_goal((A -> B), G) :- !, ( tl_conj_goal(A, G) ; tl_conj_goal(B, G) ).
tl_conj_goal((A *-> B), G) :- !, ( tl_conj_goal(A, G) ; tl_conj_goal(B, G) ).
tl_conj_goal(G, G).

%!  tl_constants(+Clause, -Consts) is det.
%   The constants of a clause as data: atoms, numbers and strings in argument positions of its
%   head and of the goals of its body (not the predicate names, not the arguments of goals that
%   only print), each once, as dicts {type: atom|number|string, text}.
tl_constants(C, Consts) :-
    ( C = (H :- B) -> true ; H = C, B = true ),
    findall(K, ( tl_goal_args(H, B, Arg), tl_term_constant(Arg, K) ), Ks0),
    sort(Ks0, Ks),
    findall(_{type:Type, text:Text}, member(Type-Text, Ks), Consts).

tl_goal_args(H, _, Arg) :- compound(H), arg(_, H, Arg).
tl_goal_args(_, B, Arg) :-
    tl_body_goal(B, G), compound(G), \+ tl_meta_spec(G, _), \+ tl_output_goal(G), arg(_, G, Arg).

%   Goals that only print (their constants are wording, not law).
tl_output_goal(G) :- functor(G, N, _),
    memberchk(N, [format, write, writeln, print, writeq, write_canonical, print_message, nl, write_term]).

tl_body_goal(G, _) :- var(G), !, fail.
tl_body_goal(G, Sub) :-
    tl_meta_spec(G, Spec), !,
    G =.. [_|As], Spec =.. [_|Ss],
    nth1(I, Ss, S), S \== *, nth1(I, As, A0),
    ( S == ^ -> tl_strip_caret(A0, A) ; A = A0 ),
    tl_body_goal(A, Sub).
tl_body_goal(G, G).

tl_term_constant(T, _) :- var(T), !, fail.
tl_term_constant(T, number-S) :- number(T), !, format(string(S), "~w", [T]).
tl_term_constant(T, string-S) :- string(T), !, S = T.
tl_term_constant(T, atom-S) :- atom(T), !, T \== [], atom_string(T, S).
tl_term_constant(T, K) :- compound(T), arg(_, T, A), tl_term_constant(A, K).

tl_term_text(T, VNs, Text) :-
    findall(S, ( maplist(tl_bind_vn, VNs),
                 with_output_to(string(S), portray_clause(T)) ), [Text0]),
    !,
    split_string(Text0, "", " \n", [Text]).
tl_term_text(T, _, Text) :- format(string(Text), "~q", [T]).

tl_bind_vn(N=V) :- ( var(V) -> V = '$VAR'(N) ; true ).

% ------------------------------------------------------------------------------ analysis

%!  tl_sandbox_undefined(+Goal, -Undefined) is det.
%   "N/A" strings of the predicates reachable from Goal through the program's clauses (the
%   goals their bodies call) that nothing defines: no clause of the program, no declaration,
%   no built-in or library predicate. Each is a closed-world "no" (or an existence error)
%   that no rule decided. Where a reachable clause calls a goal unknown until run time
%   (call(Goal)), every predicate of the program counts as reachable.
tl_sandbox_undefined(Goal, Undefined) :-
    tl_sandbox_module(M),
    functor(Goal, N, A),
    tl_reach([N/A], [], Seen0),
    (   memberchk(call/1, Seen0)   % a dynamic call: any predicate of the program may be called
    ->  findall(PI, ( tl_program_pred(M, H), functor(H, PN, PA), PI = PN/PA ), Heads),
        tl_reach(Heads, Seen0, Seen)
    ;   Seen = Seen0
    ),
    findall(S, ( member(N1/A1, Seen), functor(H, N1, A1), tl_undefined(M, H),
                 format(string(S), "~w/~w", [N1, A1]) ), Undefined0),
    sort(Undefined0, Undefined).

tl_reach([], Seen, Seen).
tl_reach([PI|Rest], Seen0, Seen) :-
    (   memberchk(PI, Seen0)
    ->  tl_reach(Rest, Seen0, Seen)
    ;   tl_sandbox_module(M), PI = N/A, functor(H, N, A),
        (   tl_program_pred(M, H)   % the program's own clauses only, never a library's
        ->  findall(C, ( catch(clause(M:H, B), _, fail), tl_body_calls(B, Cs), member(C, Cs) ), New)
        ;   New = []
        ),
        append(Rest, New, Next),
        tl_reach(Next, [PI|Seen0], Seen)
    ).

tl_program_pred(M, H) :-
    catch(( predicate_property(M:H, dynamic), \+ predicate_property(M:H, imported_from(_)) ), _, fail).

tl_undefined(M, H) :-
    \+ catch(predicate_property(M:H, defined), _, fail),
    \+ catch(predicate_property(system:H, defined), _, fail),
    \+ tl_library(M:H),
    \+ ( functor(H, tl_sandbox_call, _) ).

%!  tl_sandbox_declared_empty(-PIs) is det.  "N/A" of predicates declared dynamic with no clause.
tl_pi_string(N/A, S) :- format(string(S), "~w/~w", [N, A]).

tl_sandbox_declared_empty(PIs) :-
    tl_sandbox_module(M),
    findall(S, ( current_predicate(M:N/A), functor(H, N, A),
                 predicate_property(M:H, dynamic), predicate_property(M:H, number_of_clauses(0)),
                 format(string(S), "~w/~w", [N, A]) ), PIs0),
    sort(PIs0, PIs).

%!  tl_sandbox_safe(+Goal, +N, -Safe, -Stubbed) is det.
%   Safe is true when safe_goal/1 accepts Goal, else the error it raised. safe_goal/1 stops at the
%   first predicate the program calls but never defines; such a predicate gets a stub that raises
%   the existence error a call to it raises in plain SWI-Prolog (so a branch that reaches it ends
%   in that error, never in a closed-world "no", and one that does not is unaffected), and the
%   check goes on, at most 100 stubs. Stubbed: "N/A" strings of the stubs (the checks judge
%   undefined predicates from Program.undefined, computed before: a stub decides nothing).
tl_sandbox_safe(Goal, N, Safe, Stubbed) :-
    catch(( safe_goal(Goal), Safe0 = true ), E, Safe0 = E),
    (   Safe0 = error(permission_error(call, sandboxed, user:tl_sandbox_forbidden(F)), Ctx)
    ->  Safe = error(permission_error(call, sandboxed, F), Ctx), Stubbed = []   % its own goal, named
    ;   Safe0 = error(existence_error(procedure, PI0), _), N < 100,
        tl_undefined_pi(PI0, Name/Arity), atom(Name), integer(Arity),
        functor(H, Name, Arity), \+ tl_sandbox_refused(H, _)
    ->  tl_sandbox_module(M),
        assertz(M:(H :- throw(error(existence_error(procedure, Name/Arity), M:Name/Arity)))),
        format(string(S), "~w/~w", [Name, Arity]),
        Stubbed = [S|Stubbed1], N1 is N + 1,
        tl_sandbox_safe(Goal, N1, Safe, Stubbed1)
    ;   Safe = Safe0, Stubbed = []
    ).

tl_undefined_pi(_:PI, PI1) :- !, tl_undefined_pi(PI, PI1).
tl_undefined_pi(Name/Arity, Name/Arity) :- !.
tl_undefined_pi(Head, Name/Arity) :- callable(Head), functor(Head, Name, Arity).

% ------------------------------------------------------------------------------- the job

%!  tl_sandbox_job(+Job, -Result) is det.
%   Load Job.facts (the untrusted program) into the sandbox module, check the query with
%   safe_goal/1, run it with the job's limits, capture its output; Result is engine.pl's
%   result dict plus `program` (clauses, directives, undefined, declared_empty) and `output`.
tl_sandbox_job(Job, R) :-
    tl_sandbox_module(M),
    atom_string(Mode, Job.mode),
    ( Job.var == null -> Var = '' ; atom_string(Var, Job.var) ),
    setup_call_cleanup(
        true,
        tl_sandbox_run(Job, M, Mode, Var, R),
        tl_sandbox_reset).

tl_sandbox_run(Job, M, Mode, Var, R) :-
    tl_sandbox_load(Job.facts, Clauses, Directives, Problems),
    catch(term_string(Goal, Job.query, [variable_names(VNs), module(M)]), E, true),
    (   nonvar(E)
    ->  tl_message_string(E, Msg),
        R0 = _{status:error, error_kind:syntax, message:Msg}, Undef = [], Output = ""
    ;   \+ callable(Goal)
    ->  R0 = _{status:error, error_kind:query, message:"the query is not a goal"}, Undef = [], Output = ""
    ;   tl_sandbox_undefined(Goal, Undef),
        tl_sandbox_safe(M:Goal, 0, Safe, Stubbed),
        (   Safe == true
        ->  statistics(inferences, I0), statistics(cputime, T0),
            with_output_to(string(Output),
                tl_run_goal(Mode, M:Goal, VNs, Var, Job.max_solutions, Job.time_limit,
                            Job.inference_limit, R1)),
            statistics(inferences, I1), statistics(cputime, T1),
            Inf is I1 - I0, Cpu is T1 - T0,
            R0 = R1.put(_{inferences:Inf, cpu_seconds:Cpu})
        ;   tl_message_string(Safe, Msg),
            R0 = _{status:error, error_kind:sandbox, message:Msg}, Output = ""
        )
    ),
    ( var(Stubbed) -> Stubbed = [] ; true ),
    tl_sandbox_declared_empty(Empty),
    Program = _{clauses:Clauses, directives:Directives, undefined:Undef, declared_empty:Empty,
                stubbed:Stubbed},
    R = R0.put(_{load_problems:Problems, program:Program, output:Output}).
