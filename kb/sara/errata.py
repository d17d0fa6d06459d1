"""SARA's gold errata as data: the gold programs of the 2020 release that contradict their own
case text, each with its evidence (``errata.json`` beside this module; project-authored, no SARA
text beyond the few words each piece of evidence quotes).

An erratum is documented, never fixed: the gold program stays as SARA ships it (a check that
flags it is right, and the case's label is what every published figure was scored against).
Reports give accuracy on all cases and on the cases without errata side by side
(:func:`has_erratum`: a SARA⁺ item inherits its source case's erratum, its gold program being
made from the source's).

Classes (those of :data:`taxlogic.eval.verifier.ERRATA`, whose evidence produced the first 18):
``typo``, ``arity``, ``omission``, ``spurious``, ``duplicate``, ``reversed``, ``unread``,
``unsupported``. ``found_by``: ``grounding`` (the sentence-level checks of issue 15) or
``inspector`` (flagged by the inspector before them, ``taxlogic eval verifier``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Iterable

from pydantic import BaseModel

from taxlogic.tables import shared_table

ERRATA_FILE = Path(__file__).with_name("errata.json")

#: The classes an erratum may have, with what each means.
CLASSES = {
    "typo": "a value one keystroke from the one the text states",
    "arity": "a fact with an arity no statute defines (the rules never read it)",
    "omission": "a value the text states that the gold never encodes",
    "spurious": "a value or fact the gold states that the text never does",
    "duplicate": "one event stated twice with different values",
    "reversed": "roles the other way round from the text (as the statutes read them)",
    "unread": "a fact no rule can read (a misspelt predicate, an event missing its link)",
    "unsupported": "a fact its sentence does not support (a person, date, relation or event the text does not state there)",
}


class Erratum(BaseModel):
    """One gold program that contradicts its case text: ``case`` (SARA case id), what the
    ``gold`` program says, what the ``text`` says, the ``evidence`` (the check's finding, quoting
    both), its ``klass`` (JSON ``class``, one of :data:`CLASSES`) and ``found_by``."""

    case: str
    gold: str
    text: str
    evidence: str
    klass: str
    found_by: str

    def as_json(self) -> dict[str, Any]:
        """The JSON form, with ``class`` for ``klass``."""
        d = self.model_dump()
        d["class"] = d.pop("klass")
        return d


@shared_table(maxsize=1)
def load_errata(path: str | None = None) -> tuple[Erratum, ...]:
    """Every documented erratum, in file order. Raises ValueError on an unknown class, a case
    listed twice or a malformed file."""
    raw = json.loads(Path(path or ERRATA_FILE).read_text(encoding="utf-8"))
    out, seen = [], set()
    for e in raw["errata"]:
        e = dict(e)
        klass = e.pop("class")
        if klass not in CLASSES:
            raise ValueError(f"erratum {e.get('case')}: unknown class {klass!r} (known: {', '.join(CLASSES)})")
        if e["case"] in seen:
            raise ValueError(f"erratum {e['case']} listed twice")
        seen.add(e["case"])
        out.append(Erratum(klass=klass, **e))
    return tuple(out)


def errata_ids(found_by: str | None = None) -> frozenset[str]:
    """The case ids with a documented erratum (only those ``found_by`` one source when given)."""
    return frozenset(e.case for e in load_errata() if found_by is None or e.found_by == found_by)


def has_erratum(item: Any) -> bool:
    """Does ``item`` (a SARA case, a SARA⁺ item or a record with ``case_id``) come from a case
    with a documented erratum? A SARA⁺ item's source is the part of its id before ``__``."""
    cid = getattr(item, "source_id", None) or str(getattr(item, "case_id", None) or getattr(item, "id", "")).split("__")[0]
    return cid in errata_ids()


def without_errata(items: Iterable[Any]) -> list[Any]:
    """``items`` minus those of :func:`has_erratum`."""
    return [i for i in items if not has_erratum(i)]
