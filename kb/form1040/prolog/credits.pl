% Schedule 8812 (credits for qualifying children and other dependents, with Credit Limit
% Worksheets A and B and the Earned Income Worksheet) and Form 8863 (education credits, with
% its Credit Limit Worksheet), as RuleArena's prompt gives them.



% ====================================================================== Schedule 8812
s(L, X) :- line(schedule_8812, L, X).

rule(schedule_8812, '1', X) :- line(f1040, '11', X).
rule(schedule_8812, '4', X) :- ( qualifying_children(N) -> X = N ; X = 0 ).
rule(schedule_8812, '5', X) :- s('4', N), X is N * 2000.
rule(schedule_8812, '6', X) :- ( other_dependents(N) -> X = N ; X = 0 ).
rule(schedule_8812, '7', X) :- s('6', N), X is N * 500.
rule(schedule_8812, '8', X) :- sum_lines(schedule_8812, ['5', '7'], X).
rule(schedule_8812, '9', X) :- status_amount([married_filing_jointly-400000, other-200000], X).
rule(schedule_8812, '10', X) :-   % "If zero or less, enter -0-; If more than zero and not a multiple of $1,000, enter the next multiple of $1,000"
    s('1', L1), s('9', L9), D = L1 - L9,
    (   D =< 0 -> X = 0 ; X is ceiling(D / 1000) * 1000 ).
rule(schedule_8812, '11', X) :- s('10', A), percent(A, 5, X).
rule(schedule_8812, '12', X) :-   % "Is the amount on line 8 more than the amount on line 11? No. STOP ... Yes. Subtract line 11 from line 8"
    s('8', L8), s('11', L11), ( L8 > L11 -> X is L8 - L11 ; X = 0 ).
rule(schedule_8812, '13', X) :- line(credit_limit_worksheet_a, '5', X).
rule(schedule_8812, '14', X) :-   % "Enter the smaller of line 12 or line 13" (line 12 "No": "Enter -0- on lines 14 and 27")
    ctc_stopped -> X = 0 ; s('12', A), s('13', B), X is min(A, B).
rule(schedule_8812, '16a', X) :- s('12', A), s('14', B), X is A - B.
rule(schedule_8812, '16b', X) :- s('4', N), X is N * 1600.
rule(schedule_8812, '17', X) :- s('16a', A), s('16b', B), X is min(A, B).
rule(schedule_8812, '18a', X) :- line(earned_income_worksheet, '7', X).
rule(schedule_8812, '18b', X) :- line(f1040, '1d', X).
rule(schedule_8812, '19', X) :- s('18a', A), ( A > 2500 -> X is A - 2500 ; X = 0 ).
rule(schedule_8812, '20', X) :- s('19', A), percent(A, 15, X).
rule(schedule_8812, '22', X) :-
    line(schedule_1, '15', A), line(schedule_2, '5', B), line(schedule_2, '6', C), line(schedule_2, '13', D),
    X is A + B + C + D.
rule(schedule_8812, '24', X) :- line(f1040, '27', A), line(schedule_3, '11', B), X is A + B.
rule(schedule_8812, '25', X) :- s('22', A), s('24', B), at_least_zero(A - B, X).
rule(schedule_8812, '26', X) :- s('20', A), s('25', B), X is max(A, B).
rule(schedule_8812, '27', X) :- additional_child_tax_credit(X).

%   Line 12 "No. STOP. You cannot take the child tax credit, credit for other dependents, or
%   additional child tax credit."
ctc_stopped :- s('8', L8), s('11', L11), L8 =< L11.

%!  additional_child_tax_credit(-X) is det.  Schedule 8812 line 27, by Parts II-A to II-C.
additional_child_tax_credit(0) :- ctc_stopped, !.
additional_child_tax_credit(0) :- s('16a', A), A =:= 0, !.    % "If zero, stop here"
additional_child_tax_credit(0) :- s('16b', B), B =:= 0, !.    % "If zero, stop here"
additional_child_tax_credit(X) :-
    s('16b', B), s('17', L17), s('20', L20),
    (   B < 4800 -> X is min(L17, L20)                          % "No. ... enter the smaller of line 17 or line 20"
    ;   L20 >= L17 -> X = L17                                   % "If line 20 is equal to or more than line 17 ..."
    ;   s('26', L26), X is min(L17, L26)                        % Part II-B, line 27
    ).

% ---------------------------------------------------------------- Credit Limit Worksheet A
rule(credit_limit_worksheet_a, '1', X) :- line(f1040, '18', X).
rule(credit_limit_worksheet_a, '2', X) :-
    sum_lines(schedule_3, ['1', '2', '3', '4', '5b', '6d', '6f', '6l', '6m'], X).
rule(credit_limit_worksheet_a, '3', X) :-
    line(credit_limit_worksheet_a, '1', A), line(credit_limit_worksheet_a, '2', B), X is A - B.
rule(credit_limit_worksheet_a, '4', X) :-  % "If you are not completing Credit Limit Worksheet B, enter -0-"
    s('4', N), ( N > 0 -> line(credit_limit_worksheet_b, '15', X) ; X = 0 ).
rule(credit_limit_worksheet_a, '5', X) :-
    line(credit_limit_worksheet_a, '3', A), line(credit_limit_worksheet_a, '4', B), X is A - B.

% ---------------------------------------------------------------- Credit Limit Worksheet B
b(L, X) :- line(credit_limit_worksheet_b, L, X).

rule(credit_limit_worksheet_b, '1', X) :- s('12', X).
rule(credit_limit_worksheet_b, '2', X) :- s('4', N), X is N * 1600.
rule(credit_limit_worksheet_b, '3', X) :- line(earned_income_worksheet, '7', X).
rule(credit_limit_worksheet_b, '4', X) :- b('3', A), ( A > 2500 -> X is A - 2500 ; X = 0 ).
rule(credit_limit_worksheet_b, '5', X) :- b('4', A), percent(A, 15, X).
rule(credit_limit_worksheet_b, '8', X) :-
    line(schedule_1, '15', A), line(schedule_2, '5', B), line(schedule_2, '6', C), line(schedule_2, '13', D),
    X is A + B + C + D.
rule(credit_limit_worksheet_b, '9', X) :- sum_lines(credit_limit_worksheet_b, ['7', '8'], X).
rule(credit_limit_worksheet_b, '10', X) :- line(f1040, '27', X).
rule(credit_limit_worksheet_b, '11', X) :-  % line 6: "$4,800 or more? No. ... enter -0- on line 11. Yes. If line 5 ... is equal to or more than line 1 ..., enter -0- on line 11"
    b('2', L2), b('5', L5), b('1', L1),
    (   L2 >= 4800, L5 < L1 -> b('9', L9), b('10', L10), at_least_zero(L9 - L10, X) ; X = 0 ).
rule(credit_limit_worksheet_b, '12', X) :- b('5', A), b('11', B), X is max(A, B).
rule(credit_limit_worksheet_b, '13', X) :- b('2', A), b('12', B), X is min(A, B).
rule(credit_limit_worksheet_b, '14', X) :- b('13', A), b('1', B), ( A > B -> X = 0 ; X is B - A ).
rule(credit_limit_worksheet_b, '15', X) :- sum_lines(schedule_3, ['5a', '6c', '6g', '6h'], X).

% ------------------------------------------------------------------ Earned Income Worksheet
e(L, X) :- line(earned_income_worksheet, L, X).

rule(earned_income_worksheet, '1a', X) :- line(f1040, '1z', X).
rule(earned_income_worksheet, '1b', X) :- line(f1040, '1d', X).
rule(earned_income_worksheet, '2b', X) :-   % "if you are filing Schedule C, F, or SE ... Otherwise, skip lines 2a through 2e"
    ( files(schedule_c) -> line(schedule_c, '31', X) ; X = 0 ).
rule(earned_income_worksheet, '3', X) :- sum_lines(earned_income_worksheet, ['1a', '1b', '2a', '2b', '2c'], X).
rule(earned_income_worksheet, '5', X) :- line(schedule_1, '15', X).
rule(earned_income_worksheet, '6', X) :- sum_lines(earned_income_worksheet, ['4', '5'], X).
rule(earned_income_worksheet, '7', X) :-    % line 3 "If zero or less, stop ... enter -0- on ... line 18a"
    e('3', L3), ( L3 =< 0 -> X = 0 ; e('6', L6), X is L3 - L6 ).

% ========================================================================== Form 8863
f(L, X) :- line(f8863, L, X).

%   Part III, per student: lines 23-26 decide between the American opportunity credit (lines
%   27-30) and the lifetime learning credit (line 31).
aoc_student(S) :-
    student_answer(S, '23', no), student_answer(S, '24', yes),
    student_answer(S, '25', no), student_answer(S, '26', no).

student_line(S, '21', X) :- student_expenses(S, X0), exact(X0, X).
student_line(S, '27', X) :- aoc_student(S), student_line(S, '21', E), X is min(E, 4000).
student_line(S, '28', X) :- student_line(S, '27', A), at_least_zero(A - 2000, X).
student_line(S, '29', X) :- student_line(S, '28', A), percent(A, 25, X).
student_line(S, '30', X) :-
    student_line(S, '28', L28), ( L28 =:= 0 -> student_line(S, '27', X) ; student_line(S, '29', A), X is A + 2000 ).
student_line(S, '31', X) :- student_expenses(S, _), \+ aoc_student(S), student_line(S, '21', X).

students(Ss) :- findall(S, student_expenses(S, _), Ss0), sort(Ss0, Ss).
sum_students(Line, X) :-
    students(Ss), foldl(add_student_line(Line), Ss, 0, X).
add_student_line(Line, S, A0, A) :- ( student_line(S, Line, V) -> A is A0 + V ; A = A0 ).

rule(f8863, '1', X) :- sum_students('30', X).
rule(f8863, '2', X) :- status_amount([married_filing_jointly-180000, other-90000], X).
rule(f8863, '3', X) :- line(f1040, '11', X).
rule(f8863, '4', X) :- f('2', A), f('3', B), X is A - B.
rule(f8863, '5', X) :- status_amount([married_filing_jointly-20000, other-10000], X).
rule(f8863, '6', X) :-    % "a) Equal to or more than line 5, enter 1.000 ... b) Less than line 5, divide line 4 by line 5 ... (rounded to three places)"
    f('4', L4), f('5', L5), ( L4 >= L5 -> X = 1 ; round3(L4 / L5, X) ).
rule(f8863, '7', X) :-    % line 4 "If zero or less, stop; you can't take any education credit"
    f('4', L4), ( L4 =< 0 -> X = 0 ; f('1', A), f('6', B), X is A * B ).
rule(f8863, '8', X) :- f('7', A), percent(A, 40, X).
rule(f8863, '9', X) :- f('7', A), f('8', B), X is A - B.
rule(f8863, '10', X) :- sum_students('31', X).
rule(f8863, '11', X) :- f('10', A), X is min(A, 10000).
rule(f8863, '12', X) :- f('11', A), percent(A, 20, X).
rule(f8863, '13', X) :- status_amount([married_filing_jointly-180000, other-90000], X).
rule(f8863, '14', X) :- line(f1040, '11', X).
rule(f8863, '15', X) :- f('13', A), f('14', B), X is A - B.
rule(f8863, '16', X) :- status_amount([married_filing_jointly-20000, other-10000], X).
rule(f8863, '17', X) :- f('15', L15), f('16', L16), ( L15 >= L16 -> X = 1 ; round3(L15 / L16, X) ).
rule(f8863, '18', X) :-   % line 10 "If zero, skip lines 11 through 17, enter -0- on line 18"; line 15 "If zero or less, ... enter -0- on line 18"
    f('10', L10), f('15', L15),
    (   ( L10 =:= 0 ; L15 =< 0 ) -> X = 0 ; f('12', A), f('17', B), X is A * B ).
rule(f8863, '19', X) :-   % line 4 "If zero or less, stop; you can't take any education credit"
    f('4', L4), ( L4 =< 0 -> X = 0 ; line(f8863_credit_limit_worksheet, '7', X) ).

rule(f8863_credit_limit_worksheet, '1', X) :- f('18', X).
rule(f8863_credit_limit_worksheet, '2', X) :- f('9', X).
rule(f8863_credit_limit_worksheet, '3', X) :- sum_lines(f8863_credit_limit_worksheet, ['1', '2'], X).
rule(f8863_credit_limit_worksheet, '4', X) :- line(f1040, '18', X).
rule(f8863_credit_limit_worksheet, '5', X) :- sum_lines(schedule_3, ['1', '2', '6d', '6l'], X).
rule(f8863_credit_limit_worksheet, '6', X) :-
    line(f8863_credit_limit_worksheet, '4', A), line(f8863_credit_limit_worksheet, '5', B), X is A - B.
rule(f8863_credit_limit_worksheet, '7', X) :-
    line(f8863_credit_limit_worksheet, '3', A), line(f8863_credit_limit_worksheet, '6', B), X is min(A, B).
