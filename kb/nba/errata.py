"""Annotation errata of RuleArena's NBA problems: problems whose annotated answer contradicts the
rules of ``reference_rules.txt`` as written, read with faithful facts (``errata.json``, written by
hand from the KB's violations).

Each entry: ``reason`` (one line: the rule and the numbers), ``annotated`` and ``kb`` (the
annotated answer and the KB's with the gold facts, as ``nba_answer/1`` values), ``class`` (a key
of the file's ``classes``: what the annotation does and the rule text it contradicts),
``evidence`` (that class's text), ``kb_violations`` (the KB's first violations). The gold method
abstains on them with the reason; they are never bent to fit.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources

from taxlogic.tables import shared_table


@shared_table(maxsize=1)
def _doc() -> dict:
    return json.loads(resources.files("taxlogic.kb.nba").joinpath("errata.json").read_text(encoding="utf-8"))


def errata() -> dict[str, dict]:
    """Problem id (``nba-L-I``) -> its erratum entry (see the module doc). Raises ValueError for
    an entry without a reason."""
    out = _doc()["errata"]
    for pid, entry in out.items():
        if not entry.get("reason"):
            raise ValueError(f"NBA erratum {pid} has no reason")
    return out


def erratum_classes() -> dict[str, str]:
    """Class name -> what the annotation does and the rule text it contradicts."""
    return dict(_doc().get("classes", {}))


@dataclass(frozen=True)
class Erratum:
    """One problem's erratum as a value: ``problem`` id, the ``annotated`` and ``kb`` answers
    (``nba_answer/1`` values), its ``kind`` (class names joined by ``+``) and ``reason``."""

    problem: str
    annotated: str
    kb: str
    kind: str
    reason: str


def load_errata() -> dict[str, Erratum]:
    """Problem id -> :class:`Erratum`, for every documented NBA annotation erratum."""
    return {pid: Erratum(pid, e["annotated"], e["kb"], e.get("class", ""), e["reason"]) for pid, e in errata().items()}
