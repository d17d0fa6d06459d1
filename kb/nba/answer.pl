% The query: is any operation illegal, which one, which team.

%!  nba_answer(-Answer)
%   `none`, or illegal(Letter, Team): the first operation (operation/2 order) that breaks a rule
%   and the team at fault for its first violation.
nba_answer(Answer) :-
    nba_run(Vs),
    (   Vs = [v(L, T, _, _)|_] -> Answer = illegal(L, T) ; Answer = none ).

%!  violation(?Letter, ?Team, ?Rule)
%   Operation Letter breaks RuleArena rule Rule and Team is at fault.
violation(L, T, R) :- nba_run(Vs), member(v(L, T, R, _), Vs).

%!  violation_detail(?Letter, ?Team, ?Rule, ?Detail)
%   The same with the amounts that decided it.
violation_detail(L, T, R, D) :- nba_run(Vs), member(v(L, T, R, D), Vs).
