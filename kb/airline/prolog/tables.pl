% The base checked-bag fee tables, read from RuleArena's CSV files when the KB loads.
%
% fee_tables_dir(Dir) (generated paths.pl) names the folder holding bag_1 ... bag_4, each with
% 0.csv (flights departing the U.S.) and 1.csv (flights arriving in the U.S.). A table's rows
% are regions, its columns cabin classes, its cells the fee in dollars for that bag number
% (bag_4: the fourth and every later bag). Each cell becomes one fact
%
%     fee_table(BagNumber, Direction, Region, Class, Dollars)
%
% with Direction departing_us / arriving_us and Region, Class the atoms of events.pl. A row
% missing from a table (Cuba has none in bag_3 and bag_4) means the tables price no such bag.
% An unknown row or column name is an error: the KB refuses to load.

:- dynamic fee_table/5.

%!  region_name(?Region, ?TableName) is nondet.  Region atoms and the tables' row names.
region_name(us, 'U.S.').
region_name(puerto_rico, 'Puerto Rico').
region_name(canada, 'Canada').
region_name(mexico, 'Mexico').
region_name(cuba, 'Cuba').
region_name(haiti, 'Haiti').
region_name(panama, 'Panama').
region_name(colombia, 'Colombia').
region_name(ecuador, 'Ecuador').
region_name(peru, 'Peru').
region_name(south_america, 'South America').
region_name(israel, 'Israel').
region_name(qatar, 'Qatar').
region_name(europe, 'Europe').
region_name(india, 'India').
region_name(china, 'China').
region_name(japan, 'Japan').
region_name(south_korea, 'South Korea').
region_name(hong_kong, 'Hong Kong').
region_name(australia, 'Australia').
region_name(new_zealand, 'New Zealand').

%!  class_name(?Class, ?TableName) is nondet.  Cabin class atoms and the tables' column names.
class_name(basic_economy, 'Basic Economy').
class_name(main_cabin, 'Main Cabin').
class_name(main_plus, 'Main Plus').
class_name(premium_economy, 'Premium Economy').
class_name(business, 'Business').
class_name(first, 'First').

%!  direction_file(?Direction, ?CsvFile) is nondet.
direction_file(departing_us, '0.csv').
direction_file(arriving_us, '1.csv').

%!  airline_load_fee_tables is det.
%   Replace fee_table/5 by the cells of the eight CSV files. Throws if a file is missing, a
%   row or column name is unknown, or a cell is not a non-negative number.
airline_load_fee_tables :-
    retractall(fee_table(_, _, _, _, _)),
    fee_tables_dir(Dir),
    forall(( between(1, 4, N), direction_file(D, File) ),
           airline_load_fee_table(Dir, N, D, File)).

airline_load_fee_table(Dir, N, D, File) :-
    format(atom(Path), '~w/bag_~w/~w', [Dir, N, File]),
    (   exists_file(Path) -> true
    ;   throw(error(existence_error(fee_table_file, Path), airline_load_fee_tables/0))
    ),
    csv_read_file(Path, [Header|Rows], [strip(true)]),
    Header =.. [_, _|ClassNames],
    maplist(airline_table_class(Path), ClassNames, Classes),
    forall(member(Row, Rows), airline_table_row(Path, N, D, Classes, Row)).

airline_table_class(_, Name, Class) :- class_name(Class, Name), !.
airline_table_class(Path, Name, _) :-
    throw(error(domain_error(cabin_class_column, Name), context(Path, _))).

airline_table_row(Path, N, D, Classes, Row) :-
    Row =.. [_, RegionName|Cells],
    (   region_name(Region, RegionName) -> true
    ;   throw(error(domain_error(region_row, RegionName), context(Path, _)))
    ),
    forall(nth1(I, Classes, Class),
           (   nth1(I, Cells, Fee), number(Fee), Fee >= 0
           ->  assertz(fee_table(N, D, Region, Class, Fee))
           ;   throw(error(type_error(fee, Row), context(Path, _)))
           )).
