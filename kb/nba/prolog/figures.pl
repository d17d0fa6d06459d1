% Cap-year figures of RuleArena's NBA problems. No problem's team, player or amount is here.
%
% The five figures of cap_figure/2 are the "Assume:" block of RuleArena's NBA prompt (the same
% for every problem; RuleArena paper, appendix, NBA prompt template). Every other amount is
% computed from them by the rule text that defines it (the clause's comment quotes where).
% Amounts are dollars (floats where the rule's percentage makes cents); the current Salary Cap
% Year is 2024-25 (current_cap_year(2024)).

current_cap_year(2024).

%!  cap_figure(?Name, ?Dollars)
cap_figure(salary_cap_2023, 136000000).          % "the Salary Cap for the prior (2023-24) Salary Cap Year is $136,000,000"
cap_figure(average_player_salary_2023, 9700000). % "the Average Player Salary for the prior (2023-24) Salary Cap Year is $9,700,000"
cap_figure(salary_cap, 140588000).               % "the Salary Cap for the current (2024-25) NBA Salary Cap Year is $140,588,000"
cap_figure(luxury_tax, 170814000).               % "the Luxury Tax is $170,814,000"
cap_figure(first_apron, 178132000).              % "the First Apron Level is $178,132,000"
cap_figure(second_apron, 188931000).             % "the Second Apron Level is $188,931,000"

salary_cap(C) :- cap_figure(salary_cap, C).
first_apron(A) :- cap_figure(first_apron, A).
second_apron(A) :- cap_figure(second_apron, A).

%!  cap_pct(+Percent, -Dollars)
%   Percent of the current Salary Cap.
cap_pct(P, D) :- salary_cap(C), D is C * P / 100.

%!  exception_amount(?Exception, -Dollars)
%   The 2024-25 amount of each salary-cap exception, from its rule text.
exception_amount(non_taxpayer_mid_level, D) :- cap_pct(9.12, D).   % Art. VII §6(e)(1): "up to 9.12% of the Salary Cap"
exception_amount(room_mid_level, D) :- cap_pct(5.678, D).          % Art. VII §6(g)(1): "up to 5.678% of the Salary Cap"
exception_amount(bi_annual, D) :- cap_pct(3.32, D).                % Art. VII §6(d)(1): "up to 3.32% of the Salary Cap"
exception_amount(taxpayer_mid_level, D) :-                          % Art. VII §6(f)(1): "$5 million multiplied by a fraction ..."
    salary_cap(C), cap_figure(salary_cap_2023, C0), D is 5000000 * C / C0.

%!  cash_limit(-Dollars)
%   Art. VII §8(a): cash paid or received in trades during a Salary Cap Year, each up to 5.15%
%   of the Salary Cap.
cash_limit(D) :- cap_pct(5.15, D).

%!  expanded_tpe_allowance(-Dollars)
%   Art. VII §6(j)(1)(iv)(B): "$7.5 million multiplied by a fraction, the numerator of which is
%   the Salary Cap for the then-current Salary Cap Year and the denominator of which is the
%   Salary Cap for the 2023-24 Salary Cap Year".
expanded_tpe_allowance(D) :- salary_cap(C), cap_figure(salary_cap_2023, C0), D is 7500000 * C / C0.

%!  tpe_allowance(-Dollars)
%   The "$250,000" of Art. VII §6(j)(1)(i)-(v).
tpe_allowance(250000).

%!  minimum_salary(-Dollars)
%   The Minimum Player Salary (Art. VII §6(i): "the Minimum Player Salary applicable to that
%   player"): the rule text gives no amount (no minimum scale) and the problems say only
%   "minimum salary". The KB decides with the amount of the `nba_minimum_salary` global
%   variable (b_setval/2; none set: 0) and nba_answer/1 decides once per probe amount
%   (minimum_salary_probe/1): when the answers differ, the answer depends on an amount the text
%   does not give (`undetermined(minimum_player_salary)`, answer.pl).
minimum_salary(M) :-
    (   nb_current(nba_minimum_salary, M0), number(M0) -> M = M0 ; M = 0 ).

%!  minimum_salary_probe(-Dollars)
%   The amounts the Minimum Player Salary is tried at: $0 to $5,000,000 in steps of $500,000 (a
%   documented limit of the check, not a figure of the rule text).
minimum_salary_probe(M) :- between(0, 10, K), M is K * 500000.

%!  leq(+A, +B)
%   A =< B for dollar amounts, up to a cent (the rules' percentages make fractions of a cent).
leq(A, B) :- A =< B + 0.01.
