% The statutes domain has no knowledge base: the model writes the rules from the statutes given
% with each case, and they run in the sandbox (tools/sandbox.pl); DeonticBench's reference programs
% (kb/statutes/data/reference.py) hold their own rules and facts, loaded by the engine as the case's
% clauses. The engine needs a rule folder to start its workers: this one loads only the libraries
% the reference programs call.
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(aggregate)).
