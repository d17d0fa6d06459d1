"""Read a RuleArena NBA problem's text into records (:mod:`taxlogic.kb.nba.reading.records`).

Only the text is read: ``team_situations``, ``player_situations`` and ``operations`` (never
``answer``, ``illegal_operation``, ``problematic_team`` or ``relevant_rules``). Each sentence is
read on its own by a small grammar of the phrasings RuleArena's problems use; a sentence is
*read* only when every part of it is understood, else it is *unread* and needs a hand reading
(``hand_readings.json``, :func:`hand_readings`): the reader never guesses. The texts' typos are
read as a person would ("signes", "traeds", "contrct", "proving" for "providing", "Salary year"
for "Salary Cap Year"): :data:`TYPOS`.

Two things are read from the problem as a whole, after the sentences
(:func:`~taxlogic.kb.nba.reading.resolve.resolve`):
which team a trade's other side is when the sentence names none ("Team A trades Player A for
Player B": the team Player B plays for, by the player situations and the operations before),
and which player a matched Offer Sheet is for ("Team B matches the offer sheet from Team A": the
player of Team A's offer-sheet operation).

:func:`read_problem` returns a :class:`~taxlogic.kb.nba.reading.result.Reading`: per sentence its
records (or None), in the text's order.

The grammar, by part of the text: :mod:`taxlogic.kb.nba.reading.teams` (team situations),
:mod:`~taxlogic.kb.nba.reading.players` (player situations), :mod:`~taxlogic.kb.nba.reading.operations`
(operations, with :mod:`~taxlogic.kb.nba.reading.signings` and :mod:`~taxlogic.kb.nba.reading.trades`
for their clauses), on the shared phrases of :mod:`~taxlogic.kb.nba.reading.phrases`; the whole-problem
step is :mod:`taxlogic.kb.nba.reading.resolve`.
"""

from __future__ import annotations

import json
import re
from dataclasses import replace
from importlib import resources
from typing import Any

from taxlogic.kb.nba.reading.phrases import Unread
from taxlogic.kb.nba.reading.operations import operation_sentence
from taxlogic.kb.nba.reading.players import player_sentence
from taxlogic.kb.nba.reading.teams import team_sentence
from taxlogic.kb.nba.reading.result import Reading, Sentence
from taxlogic.kb.nba.reading.records import SECTIONS, Operation, Record, from_json
from taxlogic.kb.nba.reading.resolve import resolve
from taxlogic.tables import shared_table

#: Typos of the problem texts and what a reader reads there (whole words, case kept).
TYPOS: dict[str, str] = {
    "signes": "signs", "traeds": "trades", "contrct": "contract", "proving": "providing",
}


def _normalise(sentence: str) -> str:
    text = sentence.strip()
    for wrong, right in TYPOS.items():
        text = re.sub(rf"\b{wrong}\b", right, text)
    text = re.sub(r"\bSalary year\b", "Salary Cap Year", text)
    text = re.sub(r"\s+", " ", text)
    return text


def read_sentence(section: str, position: int, text: str) -> list[Record]:
    """The records of one sentence. ``position``: 0-based within its section (an operation's
    index is ``position + 1``). Raises :class:`Unread` when the grammar does not read it."""
    norm = _normalise(text)
    if section == "team_situations":
        return team_sentence(norm)
    if section == "player_situations":
        return player_sentence(norm)
    if section == "operations":
        m = re.match(r"([A-Z])\.\s", norm)
        if not m:
            raise Unread("an operation must start with its letter (\"A. \")")
        return operation_sentence(m[1].lower(), position + 1, norm)
    raise ValueError(f"unknown section {section!r}")


@shared_table(maxsize=1)
def hand_readings() -> dict[str, list[Record]]:
    """``hand_readings.json``: sentence text (as written) -> its records, for the sentences the
    grammar does not read. Each entry also has ``why``, the reader's own words for it."""
    raw = json.loads(resources.files("taxlogic.kb.nba.reading").joinpath("hand_readings.json").read_text(encoding="utf-8"))
    return {entry["sentence"]: [from_json(r) for r in entry["records"]] for entry in raw["sentences"]}


def read_problem(problem: dict[str, Any], *, use_hand: bool = True) -> Reading:
    """Read the text of one annotated problem (a dict with ``team_situations``,
    ``player_situations`` and ``operations``); other keys are never looked at. With
    ``use_hand`` an unread sentence takes its hand reading when there is one. Then
    :func:`resolve` fills in what only the whole problem tells."""
    reading = Reading()
    hand = hand_readings() if use_hand else {}
    for section in SECTIONS:
        for position, text in enumerate(problem[section]):
            s = Sentence(section, position, text)
            try:
                s.records = read_sentence(section, position, text)
            except Unread as exc:
                s.why = str(exc)
                if text in hand:
                    s.records, s.by_hand = _reindex(hand[text], section, position), True
            reading.sentences.append(s)
    resolve(reading)
    return reading


def _reindex(records: list[Record], section: str, position: int) -> list[Record]:
    if section != "operations":
        return list(records)
    return [replace(r, index=position + 1) if isinstance(r, Operation) else r for r in records]
