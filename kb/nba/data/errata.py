"""Annotation errata of RuleArena's NBA problems: problems whose annotated answer contradicts the
rules of ``reference_rules.txt`` as written, read with faithful facts (``errata.json``, written by
hand from the KB's violations).

Each entry: ``reason`` (one line: the rule and the numbers), ``annotated`` and ``kb`` (the
annotated answer and the KB's with the gold facts, as ``nba_answer/1`` values), ``class`` (a key
of the file's ``classes``: what the annotation does and the rule text it contradicts),
``evidence`` (that class's text), ``kb_violations`` (the KB's first violations). The gold method
abstains on them with the reason; they are never bent to fit. :func:`load_errata` gives them in
the shared shape of :mod:`taxlogic.kb.errata` (``taxlogic data errata --domain nba``).
"""

from __future__ import annotations

import json
from importlib import resources

from taxlogic.kb.errata import Erratum
from taxlogic.tables import shared_table


@shared_table(maxsize=1)
def _doc() -> dict:
    return json.loads(resources.files("taxlogic.kb.nba.data").joinpath("errata.json").read_text(encoding="utf-8"))


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


class NbaErratum(Erratum):
    """An NBA erratum in the shared shape (:class:`taxlogic.kb.errata.Erratum`), with the file's
    own names: ``problem`` (the id), ``annotated`` (RuleArena's answer: the dataset) and ``kb``
    (the KB's answer with the gold facts: the rules), ``nba_answer/1`` values; ``kind`` (class
    names joined by ``+``)."""

    @property
    def problem(self) -> str:
        return self.id

    @property
    def annotated(self) -> str:
        return self.dataset_says

    @property
    def kb(self) -> str:
        return self.rules_give

    @property
    def kind(self) -> str:
        return self.klass


def load_errata() -> dict[str, NbaErratum]:
    """Problem id -> :class:`NbaErratum`, for every documented NBA annotation erratum: ``reason``
    and ``evidence`` as the file has them, ``dataset_says`` the annotated answer, ``rules_give``
    the KB's. Raises ValueError as :func:`errata` does."""
    return {pid: NbaErratum(id=pid, domain="nba", klass=e.get("class", ""), reason=e["reason"],
                            evidence=e.get("evidence", ""), dataset_says=e["annotated"], rules_give=e["kb"], source=dict(e))
            for pid, e in errata().items()}


def errata_records() -> tuple[NbaErratum, ...]:
    """Every NBA erratum in the shared shape, in file order (the plug-in's answer to
    :func:`taxlogic.kb.errata.load_errata`)."""
    return tuple(load_errata().values())
