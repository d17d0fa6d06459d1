"""The cue table (``cues.json``): the words a SARA case uses for each predicate of its event
vocabulary, and the words that state a statute predicate as a premise.

One entry per predicate of ``events.pl`` (the 2020 release): its ``kind`` (event, status,
kinship, entity: type facts that need a cue in the sentence stating them; role, date, amount,
link: property facts; helper: a predicate only gold rule programs define), its ``cues`` (regular
expressions matched case-insensitively at the start of a word; a cue is a prefix unless it ends
in ``\\b``), whether the event is ``durative`` (it lasts, so it ends when the text says so) and
how many ``parties`` it has as ``agent_`` (a marriage: two; a birth, a death, a status: one).
``premise_terms``: words that state a statute predicate beyond the terms the statutes define
(:func:`taxlogic.kb.sara.checks.coverage.legal_terms`), e.g. "paid … for work" for wages (section
3306(b): "all remuneration for employment"). The table is data; ``tests/test_grounding.py``
checks it against the sentences of every SARA gold fact set.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

from taxlogic.tables import shared_table

_CLAUSES = re.compile(r"[,;]|\b(?:and|but|while|whereas|although)\b", re.I)
_NEGATION = re.compile(r"\b(?:not|no|never|neither|nor|without)\b|n't\b", re.I)

TYPE_KINDS = frozenset({"event", "status", "kinship", "entity"})
"""Kinds of type predicates (unary facts) whose sentence must hold a cue."""


@dataclass(frozen=True)
class CueEntry:
    """One predicate's row of the table (see the module doc)."""

    kind: str
    cues: tuple[str, ...] = ()
    durative: bool = False
    parties: int = 0

    @property
    def pattern(self) -> re.Pattern | None:
        return _compile(self.cues)


@dataclass(frozen=True)
class CueTable:
    """The whole table: ``predicates`` (name -> entry) and ``premise_terms`` (statute predicate ->
    regular expressions, matched like cues)."""

    predicates: dict[str, CueEntry]
    premise_terms: dict[str, tuple[str, ...]]

    def entry(self, name: str) -> CueEntry | None:
        return self.predicates.get(name)

    def cue_in(self, name: str, sentence: str) -> str | None:
        """The first word of ``sentence`` that is a cue of predicate ``name`` (None if none, or if
        the table has no cue for it)."""
        e = self.predicates.get(name)
        pat = e.pattern if e else None
        m = pat.search(sentence) if pat else None
        return m.group() if m else None

    def affirmed_cue_in(self, name: str, sentence: str) -> str | None:
        """:meth:`cue_in` a clause of ``sentence`` that is not negated ("Bob had no income in 2017"
        affirms no income)."""
        for clause in _CLAUSES.split(sentence):
            if not _NEGATION.search(clause):
                cue = self.cue_in(name, clause)
                if cue:
                    return cue
        return None

    def needs_cue(self, name: str) -> bool:
        """Is ``name`` a type predicate whose sentence must hold one of its cues?"""
        e = self.predicates.get(name)
        return bool(e and e.kind in TYPE_KINDS and e.cues)

    def durative(self, name: str) -> bool:
        e = self.predicates.get(name)
        return bool(e and e.durative)

    def parties(self, name: str) -> int:
        """How many people an event of type ``name`` has as agent_ (0: no fixed number)."""
        e = self.predicates.get(name)
        return e.parties if e else 0

    def premise_term_in(self, name: str, text: str) -> str | None:
        """The words of ``text`` that state statute predicate ``name`` by a premise term."""
        pat = _compile(self.premise_terms.get(name, ()))
        m = pat.search(text) if pat else None
        return m.group() if m else None

    def cue_words(self, name: str) -> str:
        """The cues of ``name`` for a message: "marri…, wife, husband"."""
        e = self.predicates.get(name)
        return ", ".join(_readable(c) for c in (e.cues if e else ())[:5])


def _readable(cue: str) -> str:
    text = cue.replace("\\b", "").replace("\\s+", " ").replace("?", "")
    text = re.sub(r"\(\?:([^)]*)\)", lambda m: m.group(1).split("|")[0], text)
    text = re.sub(r"\[([^\]]*)\]", lambda m: m.group(1)[:1], text)
    return text if cue.endswith("\\b") else text + "…"


@lru_cache(maxsize=256)
def _compile(cues: tuple[str, ...]) -> re.Pattern | None:
    return re.compile(r"\b(?:" + "|".join(cues) + ")", re.I) if cues else None


@shared_table(maxsize=1)
def cue_table() -> CueTable:
    """The table shipped with taxlogic (``kb/sara/reading/cues.json``). Raises ValueError if an entry is
    malformed (an unknown kind, a cue that is not a regular expression)."""
    raw = json.loads(resources.files("taxlogic.kb.sara.reading").joinpath("cues.json").read_text(encoding="utf-8"))
    kinds = TYPE_KINDS | {"role", "date", "amount", "link", "helper"}
    preds = {}
    for name, e in raw["predicates"].items():
        if e.get("kind") not in kinds:
            raise ValueError(f"cues.json: {name} has an unknown kind {e.get('kind')!r}")
        entry = CueEntry(kind=e["kind"], cues=tuple(e.get("cues", ())), durative=bool(e.get("durative", False)),
                         parties=int(e.get("parties", 0)))
        try:
            entry.pattern
        except re.error as exc:
            raise ValueError(f"cues.json: a cue of {name} is not a regular expression: {exc}") from None
        preds[name] = entry
    terms = {k: tuple(v) for k, v in raw.get("premise_terms", {}).items()}
    return CueTable(preds, terms)
