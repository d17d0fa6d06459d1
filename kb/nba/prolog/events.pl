% The fact vocabulary of the NBA KB (RuleArena's NBA domain): what a problem's team situations,
% player situations and operations are written with. kb/nba/prolog/vocabulary.md is the same list
% with one example sentence per predicate.
%
% Conventions (every predicate):
%   - teams and players are atoms named after the text: team_a, player_c;
%   - operations are named by their letter in lower case: a, b, c;
%   - amounts are whole dollars (no separators): 160000000;
%   - a Season / Salary Cap Year "2023-24" (or "2023-2024") is the integer of its first calendar
%     year: 2023; a Moratorium Period or an NBA Draft is the calendar year the text gives;
%   - percentages are numbers of percent: "5% increase per year" is 5, "4.5%" is 4.5,
%     "5% decrease per year" is -5;
%   - what the text does not state is the atom `unstated` (never a guessed value).
% The current Salary Cap Year of every problem is 2024-25 (2024); the rules derive years of
% service, Bird-rights status, ages, current salaries and the order of events from these facts.
%
% Only facts of these predicates are written for a problem; everything else is derived.

% --------------------------------------------------------------------- team situations

%!  team_salary(?Team, ?Dollars)
%   The team's Team Salary as the text states it (it excludes contracts expiring at the end of
%   the 2023-24 Salary Cap Year).
:- discontiguous team_salary/2.
:- dynamic team_salary/2.

%!  all_own_first_round_picks(?Team, ?NYears)
%   The team holds its own first-round draft picks in each of the following NYears NBA Drafts
%   (2025, 2026, ..., 2024+NYears), except those named by lacks_own_first_round_pick/2.
:- discontiguous all_own_first_round_picks/2.
:- dynamic all_own_first_round_picks/2.

%!  lacks_own_first_round_pick(?Team, ?DraftYear)
%   An exception to all_own_first_round_picks/2: the team does not hold its own first-round pick
%   in that NBA Draft.
:- discontiguous lacks_own_first_round_pick/2.
:- dynamic lacks_own_first_round_pick/2.

%!  holds_first_round_pick(?Team, ?OriginalTeam, ?DraftYear)
%   The team holds another team's (OriginalTeam's) first-round pick in that NBA Draft.
:- discontiguous holds_first_round_pick/3.
:- dynamic holds_first_round_pick/3.

%!  traded_player_exception(?Team, ?Dollars, ?CapYear)
%   The team got a Traded Player Exception of that amount during that Salary Cap Year.
:- discontiguous traded_player_exception/3.
:- dynamic traded_player_exception/3.

%!  used_exception(?Team, ?Exception, ?CapYear)
%   The team used that exception (see exception names in vocabulary.md: bi_annual,
%   non_taxpayer_mid_level, taxpayer_mid_level, room_mid_level, minimum_salary,
%   traded_player) in that Salary Cap Year, before the operations.
:- discontiguous used_exception/3.
:- dynamic used_exception/3.

%!  players_signed(?Team, ?Count)
%   The team has signed Count players before the new season (roster information).
:- discontiguous players_signed/2.
:- dynamic players_signed/2.

% ------------------------------------------------------------------- player situations

%!  drafted(?Player, ?Round, ?Pick, ?Team, ?DraftYear, ?Age)
%   The player was the Pick-th pick of Round (1 or 2) of Team in that NBA Draft, at Age years.
:- discontiguous drafted/6.
:- dynamic drafted/6.

%!  contract(?Player, ?Team, ?SignedYear, ?Period, ?Years, ?FirstSalary, ?RaisePct)
%   A past contract the player signed with Team: in SignedYear (the calendar year; `unstated`
%   if the text gives none), Period moratorium ("during 2020 Moratorium Period"), cap_year
%   ("in 2020 Cap Year") or unstated; covering Years seasons (the first one the season starting
%   in SignedYear); FirstSalary the first season's salary in dollars, or `minimum` ("minimum
%   salary", "minimum applicable player salary"); RaisePct the yearly change in percent of the
%   first season's salary (negative for a decrease), `unstated` if none is given.
:- discontiguous contract/7.
:- dynamic contract/7.

%!  contract_option(?Player, ?SignedYear, ?SeasonIndex, ?Holder)
%   Season SeasonIndex (1 = the first) of the player's contract signed in SignedYear is an
%   option year held by Holder: player or team ("last year is player option" of a 3-year
%   contract: SeasonIndex 3).
:- discontiguous contract_option/4.
:- dynamic contract_option/4.

%!  contract_exception(?Player, ?SignedYear, ?Exception)
%   The player's contract signed in SignedYear was signed using that exception ("with bi-annual
%   exception": bi_annual).
:- discontiguous contract_exception/3.
:- dynamic contract_exception/3.

%!  declined_option(?Player)
%   The player has just decided not to exercise his player option (his contract ends after the
%   2023-24 season and he is a free agent).
:- discontiguous declined_option/1.
:- dynamic declined_option/1.

%!  traded(?Player, ?FromTeam, ?ToTeam, ?Season, ?Period)
%   The player was traded from FromTeam (`unstated` if not named) to ToTeam during Season's
%   Period: regular_season ("during 2022-2023 Regular Season": Season 2022) or moratorium
%   ("during 2023 Moratorium Period": Season 2023).
:- discontiguous traded/5.
:- dynamic traded/5.

%!  award(?Player, ?Season, ?Award)
%   The player was named to Award in Season: all_nba_first, all_nba_second, all_nba_third,
%   all_defensive_first, all_defensive_second, mvp, defensive_player_of_the_year.
:- discontiguous award/3.
:- dynamic award/3.

% ------------------------------------------------------------------------- operations

%!  operation(?Letter, ?Index)
%   The problem's operation Letter is the Index-th (1, 2, ...) in the text's order.
:- discontiguous operation/2.
:- dynamic operation/2.

%!  sign(?Letter, ?Team, ?Player, ?Years, ?FirstSalary, ?RaisePct)
%   In operation Letter, Team signs Player to a contract of Years seasons starting with the
%   2024-25 Salary Cap Year. FirstSalary: dollars, `minimum` (with minimum_plus/3 when the text
%   adds an amount), `cap_pct` (with salary_cap_pct/3: "9.5% of the Salary Cap") or
%   `non_taxpayer_mid_level` ("equal to the non-taxpayer mid-level exception"); RaisePct as in
%   contract/7.
:- discontiguous sign/6.
:- dynamic sign/6.

%!  offer_sheet(?Letter, ?NewTeam, ?Player, ?Years, ?FirstSalary, ?RaisePct)
%   In operation Letter, NewTeam gives Player an Offer Sheet for a contract of Years seasons;
%   amounts as in sign/6.
:- discontiguous offer_sheet/6.
:- dynamic offer_sheet/6.

%!  salary_in_year(?Letter, ?Player, ?SeasonIndex, ?Salary)
%   The contract of operation Letter (sign/6 or offer_sheet/6) states Player's salary for its
%   SeasonIndex-th season explicitly ("$30,000,000 for the third Salary Cap Year": 3); it
%   replaces the raise for that season. Salary: dollars or `non_taxpayer_mid_level`.
:- discontiguous salary_in_year/4.
:- dynamic salary_in_year/4.

%!  minimum_plus(?Letter, ?Player, ?Dollars)
%   The contract of operation Letter pays the minimum salary plus Dollars in its first season
%   ("minimum applicable annual salary plus $200,000"); its FirstSalary is `minimum`.
:- discontiguous minimum_plus/3.
:- dynamic minimum_plus/3.

%!  salary_cap_pct(?Letter, ?Player, ?Percent)
%   The contract of operation Letter pays Percent of the Salary Cap in its first season ("equal to
%   9.5% of the Salary Cap": 9.5); its FirstSalary is `cap_pct`.
:- discontiguous salary_cap_pct/3.
:- dynamic salary_cap_pct/3.

%!  raise_until(?Letter, ?Player, ?SeasonIndex)
%   The raise of operation Letter's contract applies only up to season SeasonIndex ("5% increase
%   per year for the first two Salary Cap Years": 2); later seasons are given by salary_in_year/4.
:- discontiguous raise_until/3.
:- dynamic raise_until/3.

%!  sign_exception(?Letter, ?Player, ?Exception)
%   Operation Letter's text states the exception the signing uses (exception names as in
%   used_exception/3).
:- discontiguous sign_exception/3.
:- dynamic sign_exception/3.

%!  qualifying_offer(?Letter, ?Team, ?Player)
%   In operation Letter, Team tenders Player a Qualifying Offer.
:- discontiguous qualifying_offer/3.
:- dynamic qualifying_offer/3.

%!  match_offer_sheet(?Letter, ?Team, ?Player)
%   In operation Letter, Team matches (exercises its Right of First Refusal on) the Offer Sheet
%   that Player signed.
:- discontiguous match_offer_sheet/3.
:- dynamic match_offer_sheet/3.

%!  trade_player(?Letter, ?FromTeam, ?ToTeam, ?Player)
%   In operation Letter, FromTeam sends Player to ToTeam (one fact per player).
:- discontiguous trade_player/4.
:- dynamic trade_player/4.

%!  trade_cash(?Letter, ?FromTeam, ?ToTeam, ?Dollars)
%   In operation Letter, FromTeam pays Dollars in cash to ToTeam.
:- discontiguous trade_cash/4.
:- dynamic trade_cash/4.

%!  trade_pick(?Letter, ?FromTeam, ?ToTeam, ?Round, ?OriginalTeam, ?DraftYear)
%   In operation Letter, FromTeam sends ToTeam OriginalTeam's Round (1 or 2) draft pick in that
%   NBA Draft (one fact per pick).
:- discontiguous trade_pick/6.
:- dynamic trade_pick/6.

%!  operation_date(?Letter, ?Year, ?Month, ?Day)
%   Operation Letter takes place on that date (Month 1-12; Day `unstated` when only the month is
%   given). Without it an operation takes place in the 2024 off-season, after the Moratorium
%   Period and before the 2024-25 Regular Season.
:- discontiguous operation_date/4.
:- dynamic operation_date/4.
