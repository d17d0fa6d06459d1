% Form 1040 (2023) lines 1z-37, the standard deduction (line 12), and the tax of line 16: the
% 2023 Tax Table, the Tax Computation Worksheet and the Qualified Dividends and Capital Gain
% Tax Worksheet, as RuleArena's prompt gives them.
%
% rule(Form, Line, Amount): the amount the form's instruction for the line computes.
% Query: amount_owed(X): line 37 (positive: tax owed; negative: overpaid, to be refunded).



%!  amount_owed(-Amount) is det.
%   Form 1040, line 37, signed: "Subtract line 33 from line 24. This is the amount you owe."
%   A negative amount is an overpayment. Needs exactly one filing status.
amount_owed(X) :- one_filing_status, line(f1040, '37', X).

one_filing_status :-
    findall(S, filing_status(S), Ss),
    (   Ss = [S], memberchk(S, [single, married_filing_jointly, married_filing_separately,
                                head_of_household, qualifying_surviving_spouse])
    ->  true
    ;   throw(error(domain_error(one_filing_status, Ss), context(amount_owed/1, 'state exactly one known filing status')))
    ).

% ---------------------------------------------------------------------------------- income
rule(f1040, '1z', X) :- sum_lines(f1040, ['1a', '1b', '1c'], X).                  % "Add lines 1a through 1c"
rule(f1040, '8', X) :- line(schedule_1, '10', X).                                 % "from Schedule 1, line 10"
rule(f1040, '9', X) :- sum_lines(f1040, ['1z', '2b', '3b', '4b', '5b', '6b', '7', '8'], X).
rule(f1040, '10', X) :- line(schedule_1, '26', X).                                % "from Schedule 1, line 26"
rule(f1040, '11', X) :- line(f1040, '9', L9), line(f1040, '10', L10), X is L9 - L10.  % adjusted gross income
rule(f1040, '12', X) :-                                                           % standard or itemized
    (   itemized_deductions(true) -> line(schedule_a, '17', X) ; standard_deduction(X) ).
rule(f1040, '14', X) :- sum_lines(f1040, ['12', '13'], X).
rule(f1040, '15', X) :-                                                           % taxable income
    line(f1040, '11', L11), line(f1040, '14', L14), at_least_zero(L11 - L14, X).

% ------------------------------------------------------------------------- tax and credits
rule(f1040, '16', X) :-
    (   uses_qdcg_worksheet -> line(qdcg_worksheet, '25', X)
    ;   line(f1040, '15', L15), tax_on(L15, X)
    ).
rule(f1040, '17', X) :- line(schedule_2, '3', X).
rule(f1040, '18', X) :- sum_lines(f1040, ['16', '17'], X).
rule(f1040, '19', X) :- line(schedule_8812, '14', X).
rule(f1040, '20', X) :- line(schedule_3, '8', X).
rule(f1040, '21', X) :- sum_lines(f1040, ['19', '20'], X).
rule(f1040, '22', X) :-                     % "Subtract line 21 from line 18. If zero or less, enter -0-"
    line(f1040, '18', L18), line(f1040, '21', L21), at_least_zero(L18 - L21, X).
rule(f1040, '23', X) :- line(schedule_2, '21', X).
rule(f1040, '24', X) :- sum_lines(f1040, ['22', '23'], X).                         % total tax

% -------------------------------------------------------------------------------- payments
rule(f1040, '28', X) :- line(schedule_8812, '27', X).
rule(f1040, '29', X) :- line(f8863, '8', X).
rule(f1040, '31', X) :- line(schedule_3, '15', X).
rule(f1040, '32', X) :- sum_lines(f1040, ['27', '28', '29', '31'], X).
rule(f1040, '33', X) :- sum_lines(f1040, ['25', '26', '32'], X).                   % total payments
rule(f1040, '37', X) :- line(f1040, '24', L24), line(f1040, '33', L33), X is L24 - L33.

% ------------------------------------------------------------------ line 12: the standard deduction
%   "Standard Deduction for— Single or Married filing separately, $13,850; Married filing jointly
%   or Qualifying surviving spouse, $27,700; Head of household, $20,800." With boxes checked
%   (born before January 2, 1959, or blind), the Standard Deduction Chart.
standard_deduction(X) :-
    deduction_boxes(N), filing_status(S),
    (   N =:= 0 -> status_amount([single-13850, married_filing_separately-13850,
                                  married_filing_jointly-27700, qualifying_surviving_spouse-27700,
                                  head_of_household-20800], X)
    ;   standard_deduction_chart(S, N, X)
    ).

%!  deduction_boxes(-N) is det.
%   The boxes checked under Age/Blindness: "You were born before January 2, 1959" (age 65 or
%   more on January 2, 2024), "You are blind", and the same two for the spouse, which "you can
%   only check ... if your spouse is age 65 or older or blind and you file a joint return".
deduction_boxes(N) :-
    findall(B, deduction_box(B), Bs), length(Bs, N).

deduction_box(you_born_before_1959) :- age(you, A), A >= 65.
deduction_box(you_blind) :- blind(you, true).
deduction_box(spouse_born_before_1959) :- married_jointly, age(spouse, A), A >= 65.
deduction_box(spouse_blind) :- married_jointly, blind(spouse, true).

%   Standard Deduction Chart for People Who Were Born Before January 2, 1959, or Were Blind.
standard_deduction_chart(single, 1, 15700).
standard_deduction_chart(single, 2, 17550).
standard_deduction_chart(married_filing_jointly, 1, 29200).
standard_deduction_chart(married_filing_jointly, 2, 30700).
standard_deduction_chart(married_filing_jointly, 3, 32200).
standard_deduction_chart(married_filing_jointly, 4, 33700).
standard_deduction_chart(qualifying_surviving_spouse, 1, 29200).
standard_deduction_chart(qualifying_surviving_spouse, 2, 30700).
standard_deduction_chart(married_filing_separately, 1, 15350).
standard_deduction_chart(married_filing_separately, 2, 16850).
standard_deduction_chart(head_of_household, 1, 22650).
standard_deduction_chart(head_of_household, 2, 24500).

% ------------------------------------------------------------------ line 16: the tax
%!  tax_on(+TaxableIncome, -Tax) is det.
%   "If your taxable income is less than $100,000, you must use the Tax Table ... If your
%   taxable income is $100,000 or more, use the Tax Computation Worksheet."
%   Tax Table: "First divide your taxable income by 50, round it down to the nearest integer,
%   then multiply it by 50, and finally add 25" (the rounded taxable income), then the row of
%   the filing status's section: rounded x rate - subtraction amount.
%   Worksheet: line 15 x rate - subtraction amount, the row by line 15.
tax_on(Income, Tax) :-
    filing_status(S), tax_section(S, Section),
    (   Income < 100000
    ->  Base is floor(Income / 50) * 50 + 25, Table = tax_table
    ;   Base = Income, Table = tax_computation_worksheet
    ),
    tax_row(Table, Section, Base, Rate, Sub),
    Tax is Base * Rate rdiv 100 - Sub.

tax_section(single, a).
tax_section(married_filing_jointly, b).
tax_section(qualifying_surviving_spouse, b).
tax_section(married_filing_separately, c).
tax_section(head_of_household, d).

%!  tax_row(+Table, +Section, +Amount, -RatePercent, -Subtraction) is semidet.
%   The row "Over Low but not over High" (the first row: "At least ...") holding Amount.
tax_row(Table, Section, Amount, Rate, Sub) :-
    bracket(Table, Section, Low, High, Rate, Sub),
    Amount >= Low, ( High == none -> true ; Amount =< High ), !.

%   bracket(Table, Section, Over, NotOver, Rate%, SubtractionAmount): the rows as printed.
bracket(tax_table, a, 0, 11000, 10, 0).
bracket(tax_table, a, 11000, 44725, 12, 220).
bracket(tax_table, a, 44725, 95375, 22, 9385r2).
bracket(tax_table, a, 95375, 100000, 24, 6600).
bracket(tax_table, b, 0, 22000, 10, 0).
bracket(tax_table, b, 22000, 89450, 12, 440).
bracket(tax_table, b, 89450, 100000, 22, 9385).
bracket(tax_table, c, 0, 11000, 10, 0).
bracket(tax_table, c, 11000, 44725, 12, 220).
bracket(tax_table, c, 44725, 95375, 22, 9385r2).
bracket(tax_table, c, 95375, 100000, 24, 6600).
bracket(tax_table, d, 0, 15700, 10, 0).
bracket(tax_table, d, 15700, 59850, 12, 314).
bracket(tax_table, d, 59850, 95350, 22, 6299).
bracket(tax_table, d, 95350, 100000, 24, 8206).
bracket(tax_computation_worksheet, a, 100000, 182100, 24, 6600).
bracket(tax_computation_worksheet, a, 182100, 231250, 32, 21168).
bracket(tax_computation_worksheet, a, 231250, 578125, 35, 56211r2).
bracket(tax_computation_worksheet, a, 578125, none, 37, 39668).
bracket(tax_computation_worksheet, b, 100000, 190750, 22, 9385).
bracket(tax_computation_worksheet, b, 190750, 364200, 24, 13200).
bracket(tax_computation_worksheet, b, 364200, 462500, 32, 42336).
bracket(tax_computation_worksheet, b, 462500, 693750, 35, 56211).
bracket(tax_computation_worksheet, b, 693750, none, 37, 70086).
bracket(tax_computation_worksheet, c, 100000, 182100, 24, 6600).
bracket(tax_computation_worksheet, c, 182100, 231250, 32, 21168).
bracket(tax_computation_worksheet, c, 231250, 346875, 35, 56211r2).
bracket(tax_computation_worksheet, c, 346875, none, 37, 35043).
bracket(tax_computation_worksheet, d, 100000, 182100, 24, 8206).
bracket(tax_computation_worksheet, d, 182100, 231250, 32, 22774).
bracket(tax_computation_worksheet, d, 231250, 578125, 35, 59423r2).
bracket(tax_computation_worksheet, d, 578125, none, 37, 82547r2).

% ------------------------------------------ Qualified Dividends and Capital Gain Tax Worksheet
%   "Use the Qualified Dividends and Capital Gain Tax Worksheet ... if any of the following
%   applies. You reported qualified dividends on Form 1040 ..., line 3a. You don't have to file
%   Schedule D and you reported capital gain distributions on Form 1040 ..., line 7."
uses_qdcg_worksheet :- line(f1040, '3a', Q), Q > 0, !.
uses_qdcg_worksheet :- line(f1040, '7', G), G > 0.

rule(qdcg_worksheet, '1', X) :- line(f1040, '15', X).
rule(qdcg_worksheet, '2', X) :- line(f1040, '3a', X).
rule(qdcg_worksheet, '3', X) :- line(f1040, '7', X).           % no Schedule D: Form 1040, line 7
rule(qdcg_worksheet, '4', X) :- sum_lines(qdcg_worksheet, ['2', '3'], X).
rule(qdcg_worksheet, '5', X) :- q(1, L1), q(4, L4), at_least_zero(L1 - L4, X).
rule(qdcg_worksheet, '6', X) :-
    status_amount([single-44625, married_filing_separately-44625, married_filing_jointly-89250,
                   qualifying_surviving_spouse-89250, head_of_household-59750], X).
rule(qdcg_worksheet, '7', X) :- q(1, A), q(6, B), X is min(A, B).
rule(qdcg_worksheet, '8', X) :- q(5, A), q(7, B), X is min(A, B).
rule(qdcg_worksheet, '9', X) :- q(7, A), q(8, B), X is A - B.             % taxed at 0%
rule(qdcg_worksheet, '10', X) :- q(1, A), q(4, B), X is min(A, B).
rule(qdcg_worksheet, '11', X) :- q(9, X).
rule(qdcg_worksheet, '12', X) :- q(10, A), q(11, B), X is A - B.
rule(qdcg_worksheet, '13', X) :-
    status_amount([single-492300, married_filing_separately-276900, married_filing_jointly-553850,
                   qualifying_surviving_spouse-553850, head_of_household-523050], X).
rule(qdcg_worksheet, '14', X) :- q(1, A), q(13, B), X is min(A, B).
rule(qdcg_worksheet, '15', X) :- q(5, A), q(9, B), X is A + B.
rule(qdcg_worksheet, '16', X) :- q(14, A), q(15, B), at_least_zero(A - B, X).
rule(qdcg_worksheet, '17', X) :- q(12, A), q(16, B), X is min(A, B).
rule(qdcg_worksheet, '18', X) :- q(17, A), percent(A, 15, X).
rule(qdcg_worksheet, '19', X) :- q(9, A), q(17, B), X is A + B.
rule(qdcg_worksheet, '20', X) :- q(10, A), q(19, B), X is A - B.
rule(qdcg_worksheet, '21', X) :- q(20, A), percent(A, 20, X).
rule(qdcg_worksheet, '22', X) :- q(5, A), tax_on(A, X).
rule(qdcg_worksheet, '23', X) :- q(18, A), q(21, B), q(22, C), X is A + B + C.
rule(qdcg_worksheet, '24', X) :- q(1, A), tax_on(A, X).
rule(qdcg_worksheet, '25', X) :- q(23, A), q(24, B), X is min(A, B).

q(N, X) :- atom_number(L, N), line(qdcg_worksheet, L, X).
