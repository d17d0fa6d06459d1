"""SARA's gold errata as data: the gold programs of the 2020 release that contradict their own
case text, each with its evidence (``errata.json`` beside this module; project-authored, no SARA
text beyond the few words each piece of evidence quotes).

The entries are converted to the shared shape of :mod:`taxlogic.kb.errata` (one concept for
every domain's errata; ``taxlogic data errata --domain sara``). An erratum is documented, never fixed: the gold program stays as SARA ships it (a check that
flags it is right, and the case's label is what every published figure was scored against).
Reports give accuracy on all cases and on the cases without errata side by side
(:func:`has_erratum`: a SARA⁺ item inherits its source case's erratum, its gold program being
made from the source's).

Classes (those of :data:`taxlogic.eval.faults.verifier.ERRATA`, whose evidence produced the first 18):
``typo``, ``arity``, ``omission``, ``spurious``, ``duplicate``, ``reversed``, ``unread``,
``unsupported``, ``spelling``. ``found_by``: ``grounding`` (the sentence-level checks of issue 15),
``inspector`` (flagged by the inspector before them, ``taxlogic eval verifier``) or ``rule_spelling``
(the gold program run again with a constant in the spelling its rules compare with, as
:func:`taxlogic.kb.meet.rule_spellings` reads it: SARA 2020's gold writes the atom ``usa`` in 18 sets where
§3306(c)(A)'s rule reads the string ``"usa"``; in 15 the answer is the same either way, in 3 it is not).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Iterable

from taxlogic.kb.errata import Erratum
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
    "spelling": "a constant in another spelling than the one the rules compare it with (the atom usa where the statute reads the "
                "string \"usa\"), on which the label depends: in the rules' spelling the program gives no such answer",
}


class SaraErratum(Erratum):
    """A SARA erratum in the shared shape (:class:`taxlogic.kb.errata.Erratum`), with the file's
    own names for its fields: ``case`` (the id), ``gold`` (what the gold program says: the
    dataset), ``text`` (what the case text says), ``found_by``."""

    @property
    def case(self) -> str:
        return self.id

    @property
    def gold(self) -> str:
        return self.dataset_says

    @property
    def text(self) -> str:
        return self.rules_give

    @property
    def found_by(self) -> str:
        return self.source["found_by"]


def erratum_classes() -> dict[str, str]:
    """Class name -> what an erratum of that class is (:data:`CLASSES`)."""
    return dict(CLASSES)


@shared_table(maxsize=1)
def load_errata(path: str | None = None) -> tuple[SaraErratum, ...]:
    """Every documented erratum (``errata.json``, or ``path``), in file order, in the shared shape:
    ``reason`` is the class's meaning, ``evidence`` the check's finding, ``dataset_says`` the
    gold, ``rules_give`` the text. Raises ValueError on an unknown class, a case listed twice or a
    malformed file."""
    raw = json.loads(Path(path or ERRATA_FILE).read_text(encoding="utf-8"))
    out, seen = [], set()
    for e in raw["errata"]:
        klass = e["class"]
        if klass not in CLASSES:
            raise ValueError(f"erratum {e.get('case')}: unknown class {klass!r} (known: {', '.join(CLASSES)})")
        if e["case"] in seen:
            raise ValueError(f"erratum {e['case']} listed twice")
        seen.add(e["case"])
        out.append(SaraErratum(id=e["case"], domain="sara", klass=klass, reason=CLASSES[klass], evidence=e["evidence"],
                               dataset_says=e["gold"], rules_give=e["text"], source=dict(e)))
    return tuple(out)


def errata_records() -> tuple[SaraErratum, ...]:
    """Every SARA erratum in the shared shape (the plug-in's answer to
    :func:`taxlogic.kb.errata.load_errata`)."""
    return load_errata()


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
