% American Airlines checked-bag fees (RuleArena airline domain): the knowledge base.
%
% Loaded by the engine (tools/engine.pl, tl_load_kb/2) from a folder that taxlogic.kb.airline
% prepares: copies of this package's .pl files plus a generated paths.pl naming the folder of
% RuleArena's fee tables (fee_tables_dir/1). The fee tables are read from their CSV files when
% the KB loads (tables.pl); no number of theirs is written here.
%
%   events.pl   the facts a passenger is described with (the translation vocabulary)
%   tables.pl   the base-fee tables: CSV -> fee_table/5 at load time; names of regions/classes
%   baggage.pl  the rules of reference_rules.txt: carry-on, bag order, base fees, complimentary
%               bags, oversize and overweight fees, total cost
%
% Query: total_cost(Total). Explanations: checked_bag_fee/6, carried_on/2, unpriced/1.

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(pairs)).
:- use_module(library(csv)).

:- ensure_loaded(paths).
:- ensure_loaded(events).
:- ensure_loaded(tables).
:- ensure_loaded(baggage).

:- airline_load_fee_tables.
