"""RuleArena's annotated NBA problems (``nba/annotated_problems/comp_{0,1,2}.json``): their text,
kept apart from their annotations.

A problem's id is ``nba-<level>-<index>`` (RuleArena's ``derived/nba_level<L>.jsonl`` ids; index
0-based in ``comp_<level>.json``). :func:`problem_texts` gives only the three text fields
(``team_situations``, ``player_situations``, ``operations``): the reader and the gold programs
are written from them alone. :func:`annotations` gives the annotated fields for scoring.
:func:`problem_text` writes a problem's text as RuleArena's prompt shows it ("Team
Situations:" ... "Operations:" blocks, one sentence a line); :func:`text_sentences` reads such a
text back into its sentences.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable

from taxlogic.kb.datafiles import DataError
from taxlogic.kb.nba.reading.records import SECTIONS

LEVELS = (0, 1, 2)
HEADERS = {"team_situations": "Team Situations:", "player_situations": "Player Situations:", "operations": "Operations:"}
ANNOTATIONS = ("answer", "illegal_operation", "problematic_team", "relevant_rules")


def rulearena_root(root: str | Path | None = None) -> Path:
    """The RuleArena data root (see :func:`taxlogic.kb.airline.rulearena_root`)."""
    from taxlogic.kb.airline import rulearena_root as find

    return find(root)


def problem_file(level: int, root: str | Path | None = None) -> Path:
    """``<RuleArena>/nba/annotated_problems/comp_<level>.json``; raises DataError if missing."""
    path = rulearena_root(root) / "nba" / "annotated_problems" / f"comp_{level}.json"
    if not path.is_file():
        raise DataError(f"RuleArena NBA problems not found: {path}")
    return path


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@dataclass(frozen=True)
class ProblemText:
    """One problem's text: ``id`` (``nba-L-I``), ``level``, ``index`` and its three sentence lists."""

    id: str
    level: int
    index: int
    team_situations: tuple[str, ...]
    player_situations: tuple[str, ...]
    operations: tuple[str, ...]

    def fields(self) -> dict[str, list[str]]:
        return {s: list(getattr(self, s)) for s in SECTIONS}

    @property
    def text(self) -> str:
        return problem_text(self.fields())


def _load(level: int, root: str | Path | None) -> list[dict[str, Any]]:
    data = json.loads(problem_file(level, root).read_text(encoding="utf-8"))
    if not isinstance(data, list):
        raise DataError(f"comp_{level}.json: expected a list of problems")
    return data


def problem_texts(levels: Iterable[int] = LEVELS, root: str | Path | None = None) -> list[ProblemText]:
    """Every problem of ``levels`` as text only (no annotation is read into the result)."""
    out = []
    for level in levels:
        for index, p in enumerate(_load(level, root)):
            out.append(ProblemText(f"nba-{level}-{index}", level, index,
                                   *(tuple(str(x) for x in p[s]) for s in SECTIONS)))
    return out


def annotations(levels: Iterable[int] = LEVELS, root: str | Path | None = None) -> dict[str, dict[str, Any]]:
    """id -> the annotated ``answer`` (bool), ``illegal_operation``, ``problematic_team`` (letters or
    empty) and ``relevant_rules`` (names), for scoring and errata only."""
    return {f"nba-{level}-{index}": {k: p.get(k) for k in ANNOTATIONS}
            for level in levels for index, p in enumerate(_load(level, root))}


def problem_text(fields: dict[str, Iterable[str]]) -> str:
    """The three blocks as RuleArena's prompt writes them (header line, one sentence a line, a
    blank line between blocks)."""
    return "\n\n".join(HEADERS[s] + "\n" + "\n".join(fields[s]) for s in SECTIONS)


def text_sentences(text: str) -> dict[str, list[str]]:
    """The sentences of a problem text by section (the inverse of :func:`problem_text`; lines
    before the first header are ignored, blank lines skipped)."""
    out: dict[str, list[str]] = {s: [] for s in SECTIONS}
    by_header = {h.lower(): s for s, h in HEADERS.items()}
    current = None
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.lower() in by_header:
            current = by_header[stripped.lower()]
        elif stripped and current:
            out[current].append(stripped)
    return out
