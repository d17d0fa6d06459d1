"""Read the trade clauses of an NBA operation ("Team A trades X to Team B for Y"): each side's
assets (players, cash, draft picks) into :class:`~taxlogic.kb.nba.reading.records.TradeAsset` records."""

from __future__ import annotations

import re
from typing import Optional

from taxlogic.kb.nba.reading.phrases import MONEY, PLAYER, TEAM, Unread, money
from taxlogic.kb.nba.reading.records import Asset, TradeAsset


def _assets(text: str, own: str, other: Optional[str]) -> list[tuple[Asset, Optional[str]]]:
    """Assets of one side of a trade: (asset, its original team for picks). "its" is ``own`` (the
    side that gives them). Players: "Player A with Player C and D", "Player B, Player C, and
    Player D"; picks: "its first-round draft picks in 2026 and 2028", "Team A's first-round draft
    pick in 2027", "first-round 2028"; cash: "$5,000,000"."""
    out: list[tuple[Asset, Optional[str]]] = []
    t = text.strip()
    # cut the side into items at " and " / ", " while keeping "picks in 2026 and 2028" and
    # "Player C and D" together
    tokens = re.split(r",\s+(?:and\s+)?|\s+and\s+|\s+with\s+", t)
    pending_pick: Optional[tuple[int, str]] = None
    last_kind = None
    for tok in (x.strip() for x in tokens if x.strip()):
        m = re.fullmatch(rf"(?:{PLAYER}|([A-Z]))", tok)
        if m:
            if m[2] and last_kind != "player":
                raise Unread(f"a bare letter {tok!r} not after a player")
            out.append((Asset("player", player=m[1] or m[2]), None))
            last_kind = "player"
            continue
        m = re.fullmatch(MONEY, tok)
        if m:
            out.append((Asset("cash", dollars=money(m[1])), None))
            last_kind = "cash"
            continue
        m = re.fullmatch(r"(?:(its)|Team ([A-Z])'s)? ?(first|second)-round (?:draft picks?(?: in)? )?(\d{4})?", tok)
        if m:
            original = m[2] or own
            rnd = 1 if m[3] == "first" else 2
            if m[4]:
                out.append((Asset("pick", round=rnd, original=original, year=int(m[4])), original))
                pending_pick = None
            else:
                pending_pick = (rnd, original)
            last_kind = "pick"
            continue
        m = re.fullmatch(r"\d{4}", tok)
        if m and last_kind == "pick":
            prev = next((a for a, _ in reversed(out) if a.kind == "pick"), None)
            if pending_pick:
                out.append((Asset("pick", round=pending_pick[0], original=pending_pick[1], year=int(tok)), pending_pick[1]))
                # "its first-round draft pick and Team D's first-round draft pick in 2028": the year
                # closes every pick still waiting for one
                pending_pick = None
            elif prev is not None:
                out.append((Asset("pick", round=prev.round, original=prev.original, year=int(tok)), prev.original))
            continue
        raise Unread(f"trade asset not read: {tok!r}")
    if pending_pick:
        raise Unread(f"a pick without a year in {t!r}")
    return out


def _pick_waiters(text: str) -> str:
    """ "its first-round draft pick and Team D's first-round draft pick in 2028": both picks are
    of 2028; written out so that each pick has its year."""
    m = re.fullmatch(r"(.*?)(its|Team [A-Z]'s) (first|second)-round draft pick and (Team [A-Z]'s) (first|second)-round draft pick in (\d{4})(.*)", text)
    if not m:
        return text
    return (f"{m[1]}{m[2]} {m[3]}-round draft pick in {m[6]} and {m[4]} {m[5]}-round draft pick in {m[6]}{m[7]}")


def trade_clause(letter: str, clause: str) -> tuple[list[TradeAsset], Optional[str]]:
    """One "Team A trades X to Team B for Y" clause. Returns the trade assets (the other team
    may be ``"?"``: named by no team in the sentence, resolved by :func:`taxlogic.kb.nba.reading.resolve.resolve`) and that
    other team's letter or None."""
    m = re.match(rf"^{TEAM} (?:immediately )?trades (.+)$", clause)
    if not m:
        raise Unread(f"trade not read: {clause!r}")
    team, rest = m[1], m[2]
    rest = re.sub(rf"\s+in {TEAM}$", lambda x: f" @{x[1]}", rest)
    at = re.search(r" @([A-Z])$", rest)
    other_hint = None
    if at:
        other_hint = at[1]
        rest = rest[:at.start()]
    parts = re.fullmatch(rf"(.+?)(?: to {TEAM})?(?: for (.+))?", rest)
    if not parts:
        raise Unread(f"trade not read: {clause!r}")
    give, other, get = parts[1], parts[2] or other_hint, parts[3]
    target = other or "?"
    out = [TradeAsset(letter, team, target, a) for a, _ in _assets(_pick_waiters(give), team, target)]
    if get:
        out += [TradeAsset(letter, target, team, a) for a, _ in _assets(_pick_waiters(get), target, team)]
    return out, other
