% Prints the predicate vocabulary of a SARA-style statute directory, one line per predicate:
%   kind<TAB>name<TAB>arity<TAB>file
% kind: declared (a `:- discontiguous` declaration in events.pl: the event/property vocabulary),
% defined (the head of a clause). Reads terms only; runs nothing from the files.
:- initialization(main, main).

main :-
    current_prolog_flag(argv, [Dir|_]),
    directory_files(Dir, Entries0), msort(Entries0, Entries),
    forall(( member(E, Entries), file_name_extension(_, pl, E), E \== 'init.pl' ),
           ( directory_file_path(Dir, E, Path), scan(Path, E) )).

scan(Path, File) :-
    setup_call_cleanup(open(Path, read, S),
        scan_stream(S, File),
        close(S)).

scan_stream(S, File) :-
    read_term(S, T, [syntax_errors(dec10)]),
    (   T == end_of_file -> true
    ;   emit(T, File), scan_stream(S, File)
    ).

emit((:- discontiguous Specs), File) :- !, emit_specs(Specs, File).
emit((:- _), _) :- !.
emit((H :- _), File) :- !, emit_head(H, File).
emit(H, File) :- emit_head(H, File).

emit_specs((A, B), File) :- !, emit_specs(A, File), emit_specs(B, File).
emit_specs(N/A, File) :- format("declared\t~w\t~w\t~w~n", [N, A, File]).

emit_head(H, File) :- callable(H), ( compound(H) -> compound_name_arity(H, N, A) ; functor(H, N, A) ), format("defined\t~w\t~w\t~w~n", [N, A, File]).
