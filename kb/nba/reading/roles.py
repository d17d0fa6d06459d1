"""The NBA fact vocabulary's argument roles (``events.pl``): what each argument of a fact is.

:data:`ROLES` says which class of value each argument holds (team, player, amount, year, …), the
classes the grounding checks look for in a fact's anchor (:mod:`taxlogic.kb.nba.checks.grounding`).
"""

from __future__ import annotations

import re

ROLES: dict[str, tuple[str, ...]] = {
    "team_salary": ("team", "amount"),
    "all_own_first_round_picks": ("team", "count"),
    "lacks_own_first_round_pick": ("team", "year"),
    "holds_first_round_pick": ("team", "team", "year"),
    "traded_player_exception": ("team", "amount", "year"),
    "used_exception": ("team", "exception", "year"),
    "players_signed": ("team", "count"),
    "drafted": ("player", "round", "pick", "team", "year", "age"),
    "contract": ("player", "team", "year", "period", "count", "salary", "percent"),
    "contract_option": ("player", "year", "index", "holder"),
    "contract_exception": ("player", "year", "exception"),
    "declined_option": ("player",),
    "traded": ("player", "team", "team", "year", "period"),
    "award": ("player", "year", "award"),
    "operation": ("letter", "index"),
    "sign": ("letter", "team", "player", "count", "salary", "percent"),
    "offer_sheet": ("letter", "team", "player", "count", "salary", "percent"),
    "salary_in_year": ("letter", "player", "index", "salary"),
    "minimum_plus": ("letter", "player", "amount"),
    "salary_cap_pct": ("letter", "player", "percent"),
    "raise_until": ("letter", "player", "index"),
    "sign_exception": ("letter", "player", "exception"),
    "qualifying_offer": ("letter", "team", "player"),
    "match_offer_sheet": ("letter", "team", "player"),
    "trade_player": ("letter", "team", "team", "player"),
    "trade_cash": ("letter", "team", "team", "amount"),
    "trade_pick": ("letter", "team", "team", "round", "team", "year"),
    "operation_date": ("letter", "year", "month", "day"),
}
#: Step facts of an operation (what it does); ``operation/2`` only numbers it.
STEPS = ("sign", "offer_sheet", "qualifying_offer", "match_offer_sheet", "trade_player", "trade_cash", "trade_pick")
#: A team or player constant: ``team_a``, ``player_c`` (groups: the kind, the letter).
LETTER_ATOM = re.compile(r"(team|player)_([a-z])\Z")


def arg_value(term) -> object:
    """The value of a fact's argument term (an atom's name, a number), None for compound terms."""
    return getattr(term, "value", None)
