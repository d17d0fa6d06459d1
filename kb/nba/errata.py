"""Annotation errata of RuleArena's NBA problems: where the KB and the gold facts disagree with
the annotated answer and the rules as written support the KB (``errata.json``, written by hand
from the KB's violations; each entry has the class of the disagreement, a note with the rule
and the numbers, and the KB's first violations).

The gold method abstains on these problems with the erratum's note as its reason; the
agreement figure counts them apart (issue 24).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources


@dataclass(frozen=True)
class Erratum:
    """One problem's erratum: ``problem`` id (``nba-<level>-<index>``), the ``annotated`` and the
    ``kb`` answers as ``nba_answer/1`` values, the ``kind`` (a key of :func:`erratum_classes`),
    the ``note`` (rule and numbers)."""

    problem: str
    annotated: str
    kb: str
    kind: str
    note: str

    @property
    def reason(self) -> str:
        """One line for an abstention: the class's explanation and this problem's note."""
        classes = erratum_classes()
        first = "; ".join(classes.get(k, k) for k in self.kind.split("+"))
        return f"annotation erratum ({self.kind}): {self.note} [{first}]"


@lru_cache(maxsize=1)
def _doc() -> dict:
    return json.loads(resources.files("taxlogic.kb.nba").joinpath("errata.json").read_text(encoding="utf-8"))


def erratum_classes() -> dict[str, str]:
    """Class name -> what the annotation does and the rule text it contradicts."""
    return dict(_doc()["classes"])


def load_errata() -> dict[str, Erratum]:
    """Problem id -> :class:`Erratum`, for every documented NBA annotation erratum."""
    return {pid: Erratum(pid, e["annotated"], e["kb"], e["class"], e["note"]) for pid, e in _doc()["errata"].items()}
