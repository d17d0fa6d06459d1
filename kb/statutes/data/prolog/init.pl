% The empty knowledge base DeonticBench's reference programs run on (kb/statutes/data/reference.py):
% each program holds its own rules and facts, loaded by the engine as the case's clauses.
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(aggregate)).
