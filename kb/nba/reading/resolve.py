"""What an NBA problem's sentences leave to the whole problem, filled in after the reader has read
them (:func:`resolve`): a trade's unnamed other team, a matched offer sheet's player."""

from __future__ import annotations

from dataclasses import replace
from typing import Iterable

from taxlogic.kb.nba.reading.phrases import Unread
from taxlogic.kb.nba.reading.result import Reading
from taxlogic.kb.nba.reading.records import Contract, MatchOffer, Record, Sign, TradeAsset, Traded


def holders(records: Iterable[Record]) -> dict[str, str]:
    """Which team each player is with after the player situations (the last contract or trade
    in time; a contract of unstated year counts before dated events), then after ``records``'
    operations in order (signings, trades)."""
    dated: list[tuple[tuple[int, int, int], str, str]] = []
    order = 0
    for r in records:
        order += 1
        if isinstance(r, Contract):
            key = (r.signed_year if r.signed_year is not None else 0, 0 if r.period == "moratorium" else 1, order)
            dated.append((key, r.player, r.team))
        elif isinstance(r, Traded):
            key = (r.season, 0 if r.period == "moratorium" else 1, order)
            dated.append((key, r.player, r.to_team))
    out: dict[str, str] = {}
    for _, player, team in sorted(dated):
        out[player] = team
    for r in records:
        if isinstance(r, Sign) and not r.offer:
            out[r.player] = r.team
        elif isinstance(r, TradeAsset) and r.asset.kind == "player" and r.to_team != "?":
            out[r.asset.player] = r.to_team  # type: ignore[index]
    return out


def resolve(reading: Reading) -> None:
    """Fill in, in place, what a sentence leaves to the whole problem: a trade's other team
    ("?": the team that holds the first player the trading team receives, by :func:`holders` of
    everything before the operation) and a matched Offer Sheet's player (the player of the
    offering team's offer-sheet operation, else of the only offer sheet). A sentence whose
    reference cannot be resolved becomes unread."""
    before: list[Record] = []
    for s in reading.sentences:
        if s.records is None:
            continue
        try:
            s.records = [_resolved(r, s.records, before) for r in s.records]
        except Unread as exc:
            s.records, s.why = None, str(exc)
            continue
        before += s.records


def _resolved(r: Record, sentence: list[Record], before: list[Record]) -> Record:
    if isinstance(r, TradeAsset) and "?" in (r.from_team, r.to_team):
        got = [x.asset.player for x in sentence if isinstance(x, TradeAsset) and x.to_team != "?" and x.from_team == "?"
               and x.asset.kind == "player"]
        held = holders(before)
        other = held.get(got[0]) if got else None  # type: ignore[arg-type]
        if other is None:
            raise Unread("the trade names no other team and no player of it")
        asset = r.asset
        if asset.kind == "pick" and asset.original == "?":
            asset = replace(asset, original=other)
        return replace(r, from_team=other if r.from_team == "?" else r.from_team,
                       to_team=other if r.to_team == "?" else r.to_team, asset=asset)
    if isinstance(r, MatchOffer) and r.player is None:
        offers = [x for x in before if isinstance(x, Sign) and x.offer]
        named = [x for x in offers if x.team == r.offering_team] if r.offering_team else offers
        if len(named) != 1:
            raise Unread(f"{len(named)} offer sheets the match can be of")
        return replace(r, player=named[0].player)
    return r
