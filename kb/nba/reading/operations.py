"""Read an operation sentence of an NBA problem ("B. Team A signs ... and trades ... on July 1,
2024"): its letter, index and date, and its clauses (:mod:`taxlogic.kb.nba.reading.signings`,
:mod:`taxlogic.kb.nba.reading.trades`, qualifying offers and matched offer sheets here)."""

from __future__ import annotations

import re
from typing import Optional

from taxlogic.kb.nba.reading.phrases import PLAYER, TEAM, Unread, strip_end
from taxlogic.kb.nba.reading.signings import offer_clause, sign_clause
from taxlogic.kb.nba.reading.trades import trade_clause
from taxlogic.kb.nba.reading.records import MatchOffer, Operation, OperationDate, QualifyingOffer, Record

_MONTHS = {m: i for i, ms in enumerate((("january", "jan"), ("february", "feb"), ("march", "mar"), ("april", "apr"),
                                        ("may",), ("june", "jun"), ("july", "jul"), ("august", "aug"),
                                        ("september", "sep", "sept"), ("october", "oct"), ("november", "nov"),
                                        ("december", "dec")), 1) for m in ms}
_DATE = re.compile(r"(?:,? execute the transaction in)?\s+(?:in|on)\s+(?:([A-Z][a-z]+)(?:\s+(\d+)(?:st|nd|rd|th)?,?)?\s+(?:of\s+)?)(\d{4})$")


def operation_sentence(letter: str, index: int, text: str) -> list[Record]:
    """The records of a normalised operation sentence (its letter ``letter``, lower case, and its
    1-based ``index`` in the text). Raises :class:`~taxlogic.kb.nba.reading.phrases.Unread`."""
    body = strip_end(re.sub(r"^[A-Z]\.\s*", "", text))
    out: list[Record] = [Operation(letter, index)]
    date: Optional[OperationDate] = None
    d = _DATE.search(body)
    if d and d[1] and d[1].lower() in _MONTHS:
        date = OperationDate(letter, int(d[3]), _MONTHS[d[1].lower()], int(d[2]) if d[2] else None)
        body = body[:d.start()]
    body = re.sub(r"\s+in in\s+", " in ", body)
    m = re.fullmatch(rf"{TEAM} provides a qualifying offer for {PLAYER}", body)
    if m:
        out.append(QualifyingOffer(letter, m[1], m[2]))
    elif (m := re.fullmatch(rf"{TEAM} matches the offer(?: sheet)?(?: (?:from|by) {TEAM}| for {PLAYER})", body)):
        out.append(MatchOffer(letter, m[1], m[3], m[2]))
    elif re.match(rf"{TEAM} provides", body):
        out.append(offer_clause(letter, body))
    elif re.match(rf"{TEAM} (?:immediately )?trades ", body):
        trades, _ = trade_clause(letter, body)
        out += trades
    elif re.match(rf"{TEAM} signs ", body):
        team = body.split()[1]
        parts = re.split(r",? and (?:immediately |subsequently )?(?=trades |signs )", body)
        for k, part in enumerate(parts):
            clause = part if k == 0 else f"Team {team} {part}"
            if clause.startswith(f"Team {team} trades"):
                trades, _ = trade_clause(letter, clause)
                out += trades
            else:
                out.append(sign_clause(letter, clause))
    else:
        raise Unread("no operation phrasing matches")
    if date:
        out.append(date)
    return out
