"""What the NBA reader returns: a problem's sentences, each with its records or why it is unread."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

from taxlogic.kb.nba.reading.records import Record


@dataclass
class Sentence:
    """One sentence of the problem: its section, its position there, the text as written, and its
    records (None when unread; ``why`` then says what was not understood)."""

    section: str
    position: int
    text: str
    records: Optional[list[Record]] = None
    why: str = ""
    by_hand: bool = False


@dataclass
class Reading:
    """A whole problem read: every sentence in the text's order (team situations, player
    situations, operations)."""

    sentences: list[Sentence] = field(default_factory=list)

    @property
    def complete(self) -> bool:
        return all(s.records is not None for s in self.sentences)

    @property
    def unread(self) -> list[Sentence]:
        return [s for s in self.sentences if s.records is None]

    def records(self) -> list[Record]:
        return [r for s in self.sentences for r in (s.records or [])]
