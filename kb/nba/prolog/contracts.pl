% A new contract's terms (sign/6, offer_sheet/6) and the checks every new contract must pass:
% length (Art. IX), Maximum Annual Salary (Art. II §7), annual increases and decreases
% (Art. VII §5(a)), the Over 38 rule (Art. VII §3(a)(2)).

%!  new_contract(+Letter, +P, +Years, +First, +Raise, -Contract)
%   Contract = contract(Years, Salaries, FirstCap, Flags) (state.pl). Season 1 is FirstSalary;
%   later seasons follow the raise (percent of the first season's salary), unless
%   salary_in_year/4 gives them or raise_until/3 stops the raise before them (then `unknown`).
new_contract(L, P, unstated, First0, Raise, contract(N, Salaries, FirstCap, [years_unstated|Flags])) :- !,
    % no length in the text: the seasons the text gives a salary for (at least the first)
    findall(I, salary_in_year(L, P, I, _), Is),
    max_list([1|Is], N),
    new_contract(L, P, N, First0, Raise, contract(N, Salaries, FirstCap, Flags)).
new_contract(L, P, N, First0, Raise, contract(N, Salaries, FirstCap, Flags)) :-
    first_salary(L, P, First0, First, Flags0),
    integer(N), N >= 1,
    Shown is min(N, 10),          % no rule looks past a contract's sixth season
    numlist(1, Shown, Is),
    maplist(season_amount(L, P, First, Raise), Is, Salaries),
    over38(P, N, Salaries, FirstCap0, Flags1),
    ( number(FirstCap0) -> FirstCap = FirstCap0 ; FirstCap = First ),
    append(Flags0, Flags1, Flags).

first_salary(L, P, minimum, S, [minimum]) :- !,
    % the Minimum Player Salary (figures.pl: no amount in the rule text), plus any stated amount
    minimum_salary(M),
    ( minimum_plus(L, P, D) -> S is M + D ; S = M ).
first_salary(L, P, cap_pct, S, []) :- !, salary_cap_pct(L, P, Pct), cap_pct(Pct, S).
first_salary(_, _, non_taxpayer_mid_level, S, []) :- !, exception_amount(non_taxpayer_mid_level, S).
first_salary(_, _, S, S, []) :- number(S).

season_amount(L, P, _, _, I, S) :- salary_in_year(L, P, I, S0), !, amount_value(S0, S).
season_amount(_, _, First, _, 1, First) :- !.
season_amount(L, P, _, _, I, unknown) :- raise_until(L, P, K), I > K, !.
season_amount(_, _, First, unstated, _, First) :- !.
season_amount(_, _, First, Raise, I, S) :- S is First * (1 + Raise * (I - 1) / 100).

amount_value(non_taxpayer_mid_level, S) :- !, exception_amount(non_taxpayer_mid_level, S).
amount_value(S, S).

contract_first(contract(_, [S|_], _, _), S).
contract_cap_salary(contract(_, _, S, _), S).
contract_years(contract(N, _, _, _), N).
contract_salaries(contract(_, Ss, _, _), Ss).
contract_minimum(contract(_, _, _, Flags)) :- memberchk(minimum, Flags).
years_unstated(contract(_, _, _, Flags)) :- memberchk(years_unstated, Flags).

%!  over38(+P, +Years, +Salaries, -FirstCap, -Flags)
%   Art. VII §3(a)(2)(i): a contract of four or more seasons covering a season that commences
%   after the player reaches 38 is an Over 38 Contract; the salaries from its fourth season or
%   the first season following his 38th birthday, whichever is later, are attributed to the
%   earlier seasons pro rata. FirstCap is the first season's salary after that attribution.
over38(P, N, Salaries, FirstCap, [over38(Deferred)]) :-
    N >= 4, age(P, A),
    J is 38 - A + 1,              % the first season that follows his 38th birthday
    J =< N,
    Start is max(4, J),
    Start =< N,
    length(Before, Start0), Start0 is Start - 1,
    append(Before, After, Salaries),
    maplist(number, Salaries),
    sum_list(After, Deferred), sum_list(Before, B),
    Before = [S1|_],
    FirstCap is S1 + Deferred * S1 / B, !.
over38(_, _, [S|_], S, []).

% ------------------------------------------------------------------- contract checks

%!  length_violation(+P, +Team, +Contract, -Rule, -Detail)
%   Art. IX: at most four seasons; five for a Qualifying Veteran Free Agent and his Prior Team.
length_violation(P, T, K, contract_length_at_most_4_year_except_qualifying_veteran_free_agent_5_year,
                 too_long(N, Max)) :-
    \+ years_unstated(K),
    contract_years(K, N),
    (   free_agent(P, T), bird_class(P, qualifying) -> Max = 5 ; Max = 4 ),
    N > Max.

%!  max_salary_violation(+P, +Team, +Contract, -Rule, -Detail)
%   Art. II §7(a): the first season's salary is at most the player's Maximum Annual Salary.
max_salary_violation(P, T, K, Rule, above_maximum(S, Max)) :-
    contract_first(K, S),
    max_salary(P, T, Max, Rule),
    \+ leq(S, Max).

%!  raise_limit(+P, +Team, +Mechanism, -Percent, -Rule)
%   Art. VII §5(a)(2): 8% of the first season's salary for contracts between a Qualifying or
%   Early Qualifying Veteran Free Agent and his Prior Team (except those signed with the
%   Bi-annual, a Mid-Level exception or signed-and-traded); 5% for all others (§5(a)(1)).
raise_limit(P, T, M, 8, salary_increase_and_decrease_ratio_for_qualifying_or_early_qualifying_veteran_free_agent) :-
    free_agent(P, T), bird_class(P, C), memberchk(C, [qualifying, early_qualifying]),
    \+ memberchk(M, [bi_annual, non_taxpayer_mid_level, taxpayer_mid_level, room_mid_level, sign_and_trade]), !.
raise_limit(_, _, _, 5, salary_increase_and_decrease_ratio_except_qualifying_or_early_qualifying_veteran_free_agent).

%!  raise_violation(+Salaries, +Percent, -Detail)
%   Some season's salary changes from the previous one by more than Percent of the first
%   season's salary.
raise_violation([S1|Rest], Pct, change(I, Prev, S, Limit)) :-
    Limit is S1 * Pct / 100,
    nth1(J, Rest, S), I is J + 1,
    nth1(J, [S1|Rest], Prev),
    number(S), number(Prev),
    \+ leq(abs(S - Prev), Limit), !.
