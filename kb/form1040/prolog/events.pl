% The fact vocabulary of the Form 1040 KB (RuleArena's tax domain, tax year 2023): what a
% filled-in return is described with. A problem gives the taxpayer's basic information and the
% amounts already entered on the forms' lines; every line marked [__] (or $TBD) is left to the
% rules. One fact per given line; a line with neither a fact nor a rule is blank (zero).
% Units: dollars (integers, or rationals for cents); ages in years.
%
% Example (a married couple filing jointly, part of Form 1040 and Schedule 1):
%   filing_status(married_filing_jointly).
%   age(you, 30).  age(spouse, 28).
%   blind(you, false).  blind(spouse, false).
%   itemized_deductions(false).
%   qualifying_children(3).  other_dependents(1).
%   form_line(f1040, '1a', 99347).
%   form_line(f1040, '2b', 5297).
%   form_line(schedule_1, '7', 8866).
%   student_expenses(1, 1227).
%   student_answer(1, '23', no).

%!  filing_status(?Status)
%   The filing status checked on Form 1040: single, married_filing_jointly,
%   married_filing_separately, head_of_household or qualifying_surviving_spouse.
:- discontiguous filing_status/1.
:- dynamic filing_status/1.

%!  age(?Who, ?Years)
%   Age on January 2, 2024 of you (Who = you) or your spouse (Who = spouse).
:- discontiguous age/2.
:- dynamic age/2.

%!  blind(?Who, ?TrueOrFalse)
%   Whether you (you) or your spouse (spouse) were blind: true or false.
:- discontiguous blind/2.
:- dynamic blind/2.

%!  itemized_deductions(?TrueOrFalse)
%   "Using Itemized Deductions": true (line 12 is Schedule A, line 17) or false (the standard
%   deduction).
:- discontiguous itemized_deductions/1.
:- dynamic itemized_deductions/1.

%!  qualifying_children(?Number)
%   Dependents: the number of qualifying children (under age 17; Schedule 8812, line 4).
:- discontiguous qualifying_children/1.
:- dynamic qualifying_children/1.

%!  other_dependents(?Number)
%   Dependents: the number of other dependents (Schedule 8812, line 6).
:- discontiguous other_dependents/1.
:- dynamic other_dependents/1.

%!  form_line(?Form, ?Line, ?Amount)
%   The amount the problem enters on one line of one form, e.g. form_line(f1040, '1a', 99347).
%   Form: f1040, schedule_1, schedule_2, schedule_3, schedule_a, schedule_c, schedule_se,
%   schedule_8812, f8863, or a worksheet of theirs: credit_limit_worksheet_b (Schedule 8812),
%   earned_income_worksheet (Schedule 8812). Line: the line's label on that form as a quoted
%   atom ('1a', '8e', '10'); a worksheet line "2. a." is '2a'. Amount: dollars.
:- discontiguous form_line/3.
:- dynamic form_line/3.

%!  student_expenses(?Student, ?Amount)
%   Form 8863, Part III, line 21 for one student (numbered 1, 2, ...): adjusted qualified
%   education expenses.
:- discontiguous student_expenses/2.
:- dynamic student_expenses/2.

%!  student_answer(?Student, ?Line, ?YesOrNo)
%   Form 8863, Part III, the answer (yes or no) to line '23', '24', '25' or '26' for one student.
:- discontiguous student_answer/3.
:- dynamic student_answer/3.
