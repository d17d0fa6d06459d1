% Schedules 1, 2, 3, A, C and SE (Form 1040, 2023), as RuleArena's prompt gives them.



% ------------------------------------------------ Schedule 1: additional income and adjustments
rule(schedule_1, '3', X) :- line(schedule_c, '31', X).                  % "Attach Schedule C"
rule(schedule_1, '10', X) :-                                            % "Combine lines 1 through 8"
    sum_lines(schedule_1, ['1', '2a', '3', '4', '5', '6', '7', '8'], X).
rule(schedule_1, '15', X) :- line(schedule_se, '13', X).                % deductible part of SE tax
rule(schedule_1, '26', X) :-                                            % "Add lines 11 through 24"
    sum_lines(schedule_1, ['11', '12', '13', '14', '15', '16', '17', '18', '19', '20', '21', '22',
                           '23', '24'], X).

% ------------------------------------------------------------- Schedule 2: additional taxes
rule(schedule_2, '3', X) :- sum_lines(schedule_2, ['1', '2'], X).
rule(schedule_2, '4', X) :- line(schedule_se, '12', X).                 % "Attach Schedule SE"
rule(schedule_2, '21', X) :- sum_lines(schedule_2, ['4', '17'], X).     % "Add lines 4 and 17"

% ----------------------------------------------- Schedule 3: additional credits and payments
rule(schedule_3, '3', X) :- line(f8863, '19', X).                       % education credits
rule(schedule_3, '7', X) :- sum_lines(schedule_3, ['6d', '6i', '6j'], X).
rule(schedule_3, '8', X) :- sum_lines(schedule_3, ['1', '2', '3', '4', '5a', '5b', '7'], X).

% --------------------------------------------------------- Schedule A: itemized deductions
rule(schedule_a, '2', X) :- line(f1040, '11', X).
rule(schedule_a, '3', X) :- line(schedule_a, '2', A), percent(A, 15 rdiv 2, X).       % 7.5%
rule(schedule_a, '4', X) :-                       % "If line 3 is more than line 1, enter -0-"
    line(schedule_a, '1', L1), line(schedule_a, '3', L3), at_least_zero(L1 - L3, X).
rule(schedule_a, '5d', X) :- sum_lines(schedule_a, ['5a', '5b', '5c'], X).
rule(schedule_a, '5e', X) :-          % "the smaller of line 5d or $10,000 ($5,000 if married filing separately)"
    line(schedule_a, '5d', D), status_amount([married_filing_separately-5000, other-10000], Cap),
    X is min(D, Cap).
rule(schedule_a, '7', X) :- sum_lines(schedule_a, ['5e', '6'], X).
rule(schedule_a, '8e', X) :- sum_lines(schedule_a, ['8a', '8b', '8c'], X).
rule(schedule_a, '10', X) :- sum_lines(schedule_a, ['8e', '9'], X).
rule(schedule_a, '14', X) :- sum_lines(schedule_a, ['11', '12', '13'], X).
rule(schedule_a, '17', X) :-          % "Add the amounts in the far right column for lines 4 through 16"
    sum_lines(schedule_a, ['4', '7', '10', '14', '15', '16'], X).

% --------------------------------------------------- Schedule C: profit or loss from business
rule(schedule_c, '3', X) :- line(schedule_c, '1', A), line(schedule_c, '2', B), X is A - B.
rule(schedule_c, '5', X) :- line(schedule_c, '3', A), line(schedule_c, '4', B), X is A - B.
rule(schedule_c, '7', X) :- sum_lines(schedule_c, ['5', '6'], X).
rule(schedule_c, '29', X) :- line(schedule_c, '7', A), line(schedule_c, '28', B), X is A - B.
rule(schedule_c, '31', X) :- line(schedule_c, '29', A), line(schedule_c, '30', B), X is A - B.

% --------------------------------------------------------- Schedule SE: self-employment tax
rule(schedule_se, '3', X) :- line(schedule_c, '31', X).
rule(schedule_se, '4c', X) :-  % printed: "If line 3 is more than zero, multiply line 3 by 92.35% (0.9235). Otherwise, enter amount from line 3" (the IRS's line 4a; 4b, the optional methods, is blank)
    line(schedule_se, '3', L3),
    (   L3 > 0 -> percent(L3, 9235 rdiv 100, X) ; X = L3 ).
rule(schedule_se, '7', 160200).   % the 2023 maximum printed on the line
rule(schedule_se, '9', X) :-      % "Subtract line 8 from line 7. If zero or less, enter -0-"
    se_skips_9_10 -> X = 0
    ;   line(schedule_se, '7', L7), line(schedule_se, '8', L8), at_least_zero(L7 - L8, X).
rule(schedule_se, '10', X) :-     % "Multiply the smaller of line 4 or line 9 by 12.4% (0.124)"
    se_skips_9_10 -> X = 0
    ;   line(schedule_se, '4c', L4),
        (   se_stops(L4) -> X = 0
        ;   line(schedule_se, '9', L9), percent(min(L4, L9), 62 rdiv 5, X)
        ).
rule(schedule_se, '11', X) :-     % "Multiply line 4 by 2.9% (0.029)"
    line(schedule_se, '4c', L4), ( se_stops(L4) -> X = 0 ; percent(L4, 29 rdiv 10, X) ).
rule(schedule_se, '12', X) :- sum_lines(schedule_se, ['10', '11'], X).
rule(schedule_se, '13', X) :- line(schedule_se, '12', L12), percent(L12, 50, X).

%   Line 8: "If $160,200 or more, skip lines 9 through 10, and go to line 11."
se_skips_9_10 :- line(schedule_se, '8', L8), line(schedule_se, '7', L7), L8 >= L7.

%!  se_stops(+Line4c) is semidet.
%   The IRS's Schedule SE line 4c: "Combine lines 4a and 4b. If less than $400, stop; you don't
%   owe self-employment tax." (the prompt's excerpt omits the sentence: kb/form1040/data/errata.json,
%   prompt note N1; 26 U.S.C. 1402(b)(2)). Lines 10 and 11 are then 0, so is line 12 (no SE tax
%   on Schedule 2 line 4) and line 13 (no deduction on Schedule 1 line 15). Checked where line
%   4c is already read, so a return costs no more inferences than before. Church employee income
%   (line 5a, the form's exception) is not part of the vocabulary.
se_stops(L4) :- L4 < 400.
