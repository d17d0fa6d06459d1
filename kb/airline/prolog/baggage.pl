% The rules of American Airlines' bag fees (RuleArena airline/reference_rules.txt), written by
% hand. Small rule numbers of the text (dimension and weight limits, the oversize and
% overweight fee tables, which only the text has) are written here; the base fee per bag comes
% from the fee tables (fee_table/5, tables.pl).
%
% Query: total_cost(Total) = ticket price + the fees of every checked bag, where a bag's fee is
% its base fee plus the higher of its oversize and overweight fees.
%
% Where RuleArena's gold answers read the text a particular way, the rule follows the gold and
% says so ("RuleArena:").

% ================================================================================= the trip

%!  trip(-Region, -Direction) is semidet.
%   The region the flight goes to or comes from (us for a domestic flight) and whether it
%   departs from or arrives in the U.S.: the row and the table (0.csv / 1.csv) of the fees.
%   The first route/2 fact counts.
trip(Region, departing_us) :- route(us, Region), !.
trip(Region, arriving_us) :- route(Region, us), !.

trip_region(Region) :- trip(Region, _).

% ====================================================================== carry-on (no fees)
% "You're allowed 1 carry-on bag and 1 personal item in all cabins."

%   "Personal item ... Dimensions should not exceed 18 x 14 x 8 inches."
%   "The total size of your carry-on, including the handles and wheels, cannot exceed
%    22 x 14 x 9 inches." (A bag fits in any orientation: sorted sides are compared.)
cabin_size_limit(personal_item, 18, 14, 8).
cabin_size_limit(carry_on, 22, 14, 9).

%   "Your soft-sided garment bag cannot exceed 51 inches (length + width + height)."
garment_bag_linear_limit(51).

%   "These don't count as your personal item or carry-on: Diaper bags (1 per child), Breast
%    pump, Small, soft-sided cooler of breast milk, Child safety seats, strollers and medical
%    or mobility devices." They are neither carried-on bags nor checked bags here.
not_a_bag(diaper_bag).
not_a_bag(breast_pump).
not_a_bag(breast_milk_cooler).
not_a_bag(child_safety_seat).
not_a_bag(stroller).
not_a_bag(medical_device).
not_a_bag(mobility_device).

bag(Id) :- item(Id, Kind, _, _, _, _), \+ not_a_bag(Kind).

linear_size(Id, S) :- item(Id, _, L, W, H, _), S is L + W + H.

item_weight(Id, Wt) :- item(Id, _, _, _, _, Wt).

fits_cabin_size(Id, Kind) :-
    item(Id, _, L, W, H, _),
    cabin_size_limit(Kind, A, B, C),
    msort([L, W, H], Sides), msort([A, B, C], Limits),
    maplist(=<, Sides, Limits).

fits_as_carry_on(Id) :- item(Id, garment_bag, _, _, _, _), !,
    linear_size(Id, S), garment_bag_linear_limit(Max), S =< Max.
fits_as_carry_on(Id) :- fits_cabin_size(Id, carry_on).

%!  carried_on(?Id, ?As) is nondet.
%   The items taken into the cabin, As = personal_item or carry_on: the first listed bag that
%   fits under the seat is the personal item, the first other listed bag that fits the
%   carry-on limits is the carry-on. (Anything that fits as a personal item also fits as a
%   carry-on, so this carries on as many items as the allowance permits.) Every other bag is
%   checked.
carried_on(Id, personal_item) :- personal_item(Id).
carried_on(Id, carry_on) :- carry_on_bag(Id).

personal_item(Id) :-
    once(( bag(Id), \+ item(Id, garment_bag, _, _, _, _), fits_cabin_size(Id, personal_item) )).

carry_on_bag(Id) :-
    ( personal_item(P) -> true ; P = '$none' ),
    once(( bag(Id), Id \== P, fits_as_carry_on(Id) )).

checked_bag(Id) :- bag(Id), \+ carried_on(Id, _).

% ============================================================================ checked bags

%!  checked_bags(-Ids) is det.
%   The checked bags in the order they are numbered (1st bag, 2nd bag, ...). A bag's base fee
%   depends only on its number, and the complimentary ($0) numbers come first in every table,
%   so the passenger pays least when the complimentary numbers go to the bags that gain most
%   from being complimentary: those whose oversize / overweight fee drops most under the
%   complimentary weight allowance (70 lbs in First / Business and to / from Australia or New
%   Zealand). Bags are numbered by that gain, largest first, ties in list order. RuleArena:
%   this is the order its gold answers use (compute_answer's "complementary gain").
checked_bags(Ids) :-
    findall(Id, checked_bag(Id), All),
    findall(Key-Id, ( member(Id, All),
                      ( complimentary_gain(Id, Gain) -> true ; Gain = 0 ),
                      Key is -Gain ),
            Keyed),
    keysort(Keyed, Sorted),
    pairs_values(Sorted, Ids).

%!  complimentary_gain(+Id, -Dollars) is semidet.
%   How much less the bag's oversize / overweight fee is when the bag is complimentary.
complimentary_gain(Id, Gain) :-
    violation_fee(Id, charged, Charged),
    violation_fee(Id, complimentary, Complimentary),
    Gain is Charged - Complimentary.

% ================================================================================ base fee
% "First Bag", "Second Bag", "Third Bag", "Fourth Bag +": one table per bag number, by region,
% direction and cabin; the fourth table prices the fourth and every later bag.

fee_table_number(N, T) :- T is min(N, 4).

%!  base_fee(+BagNumber, -Dollars) is semidet.  Fails if the tables price no such bag.
base_fee(N, Fee) :-
    trip(Region, Direction),
    customer_class(Class),
    fee_table_number(N, T),
    class_base_fee(Class, T, Direction, Region, Fee), !.

%   "Main Plus includes 1 extra free checked bag in addition to the Main Cabin allowance (max
%    of 2)." Otherwise a Main Plus bag pays the Main Cabin fee.
class_base_fee(main_plus, T, Direction, Region, Fee) :- !,
    fee_table(T, Direction, Region, main_cabin, MainCabinFee),
    main_cabin_free_bags(Direction, Region, K0),
    K is min(2, K0 + 1),
    ( T =< K -> Fee = 0 ; Fee = MainCabinFee ).
class_base_fee(Class, T, Direction, Region, Fee) :-
    fee_table(T, Direction, Region, Class, Fee).

%   Main Cabin's free bags on a route: how many first bag numbers cost nothing (up to 2, the
%   Main Plus maximum).
main_cabin_free_bags(Direction, Region, K) :-
    (   fee_table(1, Direction, Region, main_cabin, F1), F1 =:= 0
    ->  (   fee_table(2, Direction, Region, main_cabin, F2), F2 =:= 0
        ->  K = 2
        ;   K = 1
        )
    ;   K = 0
    ).

%!  complimentary(+BagNumber) is semidet.
%   A bag is complimentary when its base fee is $0 ("Complimentary Bags": free bags by cabin,
%   status or destination; for this KB's facts, the tables' $0 cells and the Main Plus rule).
complimentary(N) :- base_fee(N, Fee), Fee =:= 0.

bag_status(N, complimentary) :- complimentary(N), !.
bag_status(_, charged).

% ============================================================================ weight limits
% "For all regions, except to / from Australia or New Zealand, your checked bag allowance is
%  ... Weight: 50 lbs. For First / Business, weight is 70 lbs for complimentary bags and
%  50 lbs for excess charged bags."
% "For all confirmed customers on flights to / from Australia or New Zealand: ... Weight:
%  70 lbs for complimentary bags and 50 lbs for excess charged bags."

%!  weight_allowance(+Status, -Lbs) is det.
weight_allowance(complimentary, 70) :-
    (   customer_class(C), memberchk(C, [first, business])
    ;   trip_region(R), memberchk(R, [australia, new_zealand])
    ), !.
weight_allowance(_, 50).

% =========================================================================== overweight fee
% "Over 50 lbs to 53 lbs": $30, all regions.
% "Over 53 lbs to 70 lbs": $200 to / from Cuba, $100 for every other region.
% "Over 70 lbs to 100 lbs": $450 to or from India, China, Japan, South Korea and Hong Kong;
%   $200 within / between the U.S., Canada, Puerto Rico, Mexico, the Caribbean, Central and
%   South America; "Not accepted" for Europe, Israel, Qatar, Australia and New Zealand.
%   RuleArena: its gold answers charge those "Not accepted" bags $200 as well.
% Over 100 lbs: no fee is given, the bag is not accepted (unpriced/1).

overweight_band(Wt, over_50) :- Wt > 50, Wt =< 53.
overweight_band(Wt, over_53) :- Wt > 53, Wt =< 70.
overweight_band(Wt, over_70) :- Wt > 70, Wt =< 100.

overweight_band_fee(over_50, _, 30).
overweight_band_fee(over_53, Region, Fee) :- ( Region == cuba -> Fee = 200 ; Fee = 100 ).
overweight_band_fee(over_70, Region, Fee) :-
    ( memberchk(Region, [india, china, japan, south_korea, hong_kong]) -> Fee = 450 ; Fee = 200 ).

%!  overweight_fee(+Id, +Status, -Dollars) is semidet.  Fails over 100 lbs.
overweight_fee(Id, Status, Fee) :-
    item_weight(Id, Wt),
    weight_allowance(Status, Allowance),
    (   Wt =< Allowance
    ->  Fee = 0
    ;   overweight_band(Wt, Band), trip_region(Region), overweight_band_fee(Band, Region, Fee)
    ).

% ============================================================================ oversize fee
% "We calculate the size limits of your bag by adding the total outside dimensions of each bag,
%  length + width + height." Allowance: 62 in.
% "Over 62 in - 65 in": $30, all regions.
% "Over 65 in - 115 in": $150 for Panama / South America (except Guyana / Suriname) and for
%  Europe, Israel, Qatar; $200 for every other region.
% Over 115 in: no fee is given, the bag is not accepted (unpriced/1).

oversize_150_region(R) :-
    memberchk(R, [panama, colombia, ecuador, peru, south_america, europe, israel, qatar]).

%!  oversize_fee(+Id, -Dollars) is semidet.  Fails over 115 in.
oversize_fee(Id, Fee) :-
    linear_size(Id, S),
    (   S =< 62 -> Fee = 0
    ;   S =< 65 -> Fee = 30
    ;   S =< 115 -> trip_region(R), ( oversize_150_region(R) -> Fee = 150 ; Fee = 200 )
    ).

% ================================================================================== totals
% "More than one fee may apply per bag that exceeds standard dimensions for both weight and
%  size. The higher fee between oversize and overweight applies, in addition to the checked
%  bag fee."

%!  violation_fee(+Id, +Status, -Dollars) is semidet.
%   The higher of the bag's oversize and overweight fees, for Status complimentary / charged.
violation_fee(Id, Status, Fee) :-
    oversize_fee(Id, Oversize),
    overweight_fee(Id, Status, Overweight),
    Fee is max(Oversize, Overweight).

%!  checked_bag_fee(?Id, ?BagNumber, ?Base, ?Oversize, ?Overweight, ?Fee) is nondet.
%   One checked bag: its number, its base fee, its oversize and overweight fees, and what it
%   costs: Base + max(Oversize, Overweight).
checked_bag_fee(Id, N, Base, Oversize, Overweight, Fee) :-
    checked_bags(Ids),
    nth1(N, Ids, Id),
    base_fee(N, Base),
    bag_status(N, Status),
    oversize_fee(Id, Oversize),
    overweight_fee(Id, Status, Overweight),
    Fee is Base + max(Oversize, Overweight).

%!  checked_bags_fee(-Dollars) is semidet.  The fees of all checked bags; fails if one is unpriced.
checked_bags_fee(Total) :-
    checked_bags(Ids),
    findall(N-Id, nth1(N, Ids, Id), Numbered),
    foldl(add_bag_fee, Numbered, 0, Total).

add_bag_fee(N-Id, Acc0, Acc) :-
    checked_bag_fee(Id, N, _, _, _, Fee), !,
    Acc is Acc0 + Fee.

%!  total_cost(-Dollars) is semidet.
%   The ticket price plus the fees of every checked bag.
total_cost(Total) :-
    ticket_price(Price),
    checked_bags_fee(Fees),
    Total is Price + Fees.

% ============================================================================ explanations

%!  unpriced(-Reason) is nondet.  Why total_cost/1 gives no answer.
unpriced(no_ticket_price) :- \+ ticket_price(_).
unpriced(no_customer_class) :- \+ customer_class(_).
unpriced(unknown_customer_class(C)) :- customer_class(C), \+ class_name(C, _).
unpriced(no_route) :- \+ route(_, _).
unpriced(route_without_us(From, To)) :- route(From, To), From \== us, To \== us.
unpriced(unknown_region(R)) :- route(From, To), member(R, [From, To]), \+ region_name(R, _).
unpriced(no_base_fee(Id, N, Region, Direction, Class)) :-
    trip(Region, Direction), customer_class(Class),
    checked_bags(Ids), nth1(N, Ids, Id), \+ base_fee(N, _).
unpriced(overweight_not_accepted(Id, Wt)) :- checked_bag(Id), item_weight(Id, Wt), Wt > 100.
unpriced(oversize_not_accepted(Id, S)) :- checked_bag(Id), linear_size(Id, S), S > 115.
