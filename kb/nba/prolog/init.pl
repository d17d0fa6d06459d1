% RuleArena's NBA domain (2023 NBA CBA salary-cap rules and the Stepien rule): the knowledge base.
%
%   events.pl      the facts a problem is written with (the vocabulary; vocabulary.md)
%   figures.pl     cap-year figures (the prompt's "Assume:" block) and the amounts the rules
%                  compute from them (exception amounts, maximum salaries, cash limit)
%   players.pl     years of service, age, contracts, free agency, Bird rights, maximum salary,
%                  Free Agent Amounts
%   contracts.pl   a new contract's seasons and the checks every new contract passes
%   state.pl       the league state the operations change
%   operations.pl  signings, Offer Sheets, matches
%   trades.pl      trades: sign-and-trade, salary matching, cash, first-round picks
%   answer.pl      the query: nba_answer(X), violation(Letter, Team, Rule), explanation(Items)
%
% No problem's team, player or amount is in these files (tests/test_nba_kb.py checks it).

:- use_module(library(lists)).
:- use_module(library(apply)).

:- ensure_loaded(events).
:- ensure_loaded(figures).
:- ensure_loaded(players).
:- ensure_loaded(contracts).
:- ensure_loaded(state).
:- ensure_loaded(operations).
:- ensure_loaded(trades).
:- ensure_loaded(answer).
