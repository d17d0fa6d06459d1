% How a line gets its amount, and the money arithmetic the forms use.
%
% line(Form, Line, Amount): the amount the problem gives for the line (form_line/3) if any;
% else the amount the forms' rule for that line computes (rule/3, in f1040.pl, schedules.pl,
% credits.pl); else the line is blank: 0. Money is exact: integers and rationals (rdiv), never
% floats; a float given on a line is read as the exact rational it denotes. Rounding happens
% only where a form says so (the Tax Table's $50 rows, Form 8863 lines 6 and 17 to three
% places, Schedule 8812 line 10 up to a multiple of $1,000).

%   rule/3 has clauses in f1040.pl, schedules.pl and credits.pl.
:- dynamic rule/3.
:- multifile rule/3.
:- discontiguous rule/3.

%!  line(+Form, +Line, -Amount) is det.
line(Form, Line, Amount) :- form_line(Form, Line, A0), !, exact(A0, Amount).
line(Form, Line, Amount) :-
    has_rule(Form, Line), !,
    (   rule(Form, Line, A0) -> Amount = A0
    ;   throw(error(no_amount(Form, Line), context(line/3, 'the rule of this line found no amount')))
    ).
line(_, _, 0).

%!  has_rule(+Form, +Line) is semidet.  The forms give a rule for the line.
has_rule(Form, Line) :- \+ \+ clause(rule(Form, Line, _), _).

%!  given(+Form, +Line) is semidet.  The problem enters an amount on the line.
given(Form, Line) :- form_line(Form, Line, _), !.

%!  files(+Form) is semidet.  Some line of Form is given (the problem attaches the form).
files(Form) :- form_line(Form, _, _), !.

exact(X, X) :- integer(X), !.
exact(X, Y) :- rational(X), !, Y = X.
exact(X, Y) :- float(X), !, Y is rationalize(X).
exact(X, _) :- type_error(amount, X).

%!  sum_lines(+Form, +Lines, -Sum) is det.  "Add lines ..." of one form.
sum_lines(Form, Lines, Sum) :- foldl(add_line(Form), Lines, 0, Sum).
add_line(Form, Line, S0, S) :- line(Form, Line, A), S is S0 + A.

%!  percent(+Amount, +Hundredths, -Result) is det.
%   Amount x Hundredths/100 exactly ("Multiply line 2 by 7.5% (0.075)": percent(A, 15 rdiv 2, R)).
percent(A, P, R) :- R is A * P rdiv 100.

%!  round3(+X, -Y) is det.  X rounded to three decimal places (half up), as Form 8863 lines 6 and 17 say.
round3(X, Y) :- Y is floor(X * 1000 + 1 rdiv 2) rdiv 1000.

%!  at_least_zero(+X, -Y) is det.  "If zero or less, enter -0-."
at_least_zero(X, Y) :- Y is max(0, X).

%!  status_amount(+Pairs, -Amount) is det.
%   The amount of the filing status in Pairs (Status-Amount; `other` matches every status).
status_amount(Pairs, Amount) :-
    filing_status(S), !,
    (   memberchk(S-A, Pairs) -> Amount = A ; memberchk(other-A, Pairs) -> Amount = A ; fail ).

married_jointly :- filing_status(married_filing_jointly).
