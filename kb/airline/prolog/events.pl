% The fact vocabulary of the airline KB: what a passenger's trip is described with.
%
% A problem ("Sarah is a Main Cabin Class passenger flying from Orlando to Philadelphia with
% the following items: 1. A backpack: 22 x 13 x 6 inches, 10 lbs; ... Sarah's flight ticket is
% $180.") is written as facts of these predicates only; the rules derive everything else.
% Units: inches and pounds (lbs), dollars.
%
% Example:
%   customer_class(main_cabin).
%   route(us, us).
%   ticket_price(180).
%   item(1, backpack, 22, 13, 6, 10).
%   item(2, luggage_box, 44, 22, 20, 69).

%!  customer_class(?Class)
%   The passenger's cabin: basic_economy, main_cabin, main_plus, premium_economy, business
%   or first.
:- discontiguous customer_class/1.
:- dynamic customer_class/1.

%!  route(?From, ?To)
%   Where the flight departs from and goes to, each as a region: us (the U.S. mainland and
%   its cities), puerto_rico, canada, mexico, cuba, haiti, panama, colombia, ecuador, peru,
%   south_america (any other South American country), israel, qatar, europe, india, china,
%   japan, south_korea, hong_kong, australia, new_zealand. One end is us: route(us, japan)
%   departs the U.S.; route(japan, us) arrives in the U.S.; route(us, us) is domestic.
:- discontiguous route/2.
:- dynamic route/2.

%!  ticket_price(?Dollars)
%   The price of the flight ticket.
:- discontiguous ticket_price/1.
:- dynamic ticket_price/1.

%!  item(?Id, ?Kind, ?Length, ?Width, ?Height, ?Weight)
%   One item the passenger brings, in the order listed: an identifier (its number in the
%   list), its kind (backpack, luggage_box, suitcase, garment_bag, handbag, ...; also the
%   kinds that never count as a bag: diaper_bag, breast_pump, breast_milk_cooler,
%   child_safety_seat, stroller, medical_device, mobility_device), its outside dimensions in
%   inches (including handles and wheels) and its weight in lbs. Every item is listed,
%   including the one taken into the cabin: the rules decide which items are carried on.
:- discontiguous item/6.
:- dynamic item/6.
