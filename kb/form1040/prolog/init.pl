% Form 1040 and its schedules (tax year 2023; RuleArena's tax domain): the knowledge base.
%
% Written by hand from the forms and instructions RuleArena's prompt gives the model (Form 1040
% with the Tax Table, the Tax Computation Worksheet and the Qualified Dividends and Capital Gain
% Tax Worksheet; Schedules 1, 2, 3, A, C, SE; Schedule 8812 with its worksheets; Form 8863).
% Forms and lines keep the IRS's labels: line(f1040, '11', AGI) is Form 1040, line 11.
%
%   events.pl     the facts a return is described with (the translation vocabulary)
%   lines.pl      how a line gets its amount (given, computed, or blank) and the money arithmetic
%   f1040.pl      Form 1040, the standard deduction, the tax of line 16
%   schedules.pl  Schedules 1, 2, 3, A, C, SE
%   credits.pl    Schedule 8812 (child tax credit) and Form 8863 (education credits)
%
% Query: amount_owed(X): Form 1040 line 37, signed (negative: overpaid).

:- use_module(library(lists)).
:- use_module(library(apply)).

:- ensure_loaded(events).
:- ensure_loaded(lines).
:- ensure_loaded(f1040).
:- ensure_loaded(schedules).
:- ensure_loaded(credits).
