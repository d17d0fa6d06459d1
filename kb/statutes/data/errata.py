"""DeonticBench's documented errata (hard splits; ``errata.json`` beside this module, written by
``scripts/deonticbench_errata.py`` from taxlogic's runs): reference programs that do not give
their label, programs that depend on redefining ``not/1`` or hold unreadable clauses, and SARA
binary cases whose text is not SARA (2020 release)'s. Each entry: ``domain``, ``class`` (keys of
the file's ``classes``, several joined by ``+``), ``reason``, ``evidence``, ``dataset_says`` (the
label) and ``rules_give`` (what the reference program gives, or the source's gold). Documented,
never fixed: :func:`errata_records` gives them in the shared shape of :mod:`taxlogic.kb.errata`
(``taxlogic data errata --domain deonticbench``).
"""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources

from taxlogic.kb.errata import Erratum

__all__ = ["erratum_classes", "errata", "errata_records"]


@lru_cache(maxsize=1)
def _doc() -> dict:
    return json.loads(resources.files("taxlogic.kb.statutes.data").joinpath("errata.json").read_text(encoding="utf-8"))


def errata() -> dict[str, dict]:
    """Case id -> its entry (module doc). Raises ValueError for an entry without a reason or with
    a class the file does not define."""
    doc = _doc()
    for cid, e in doc["errata"].items():
        if not e.get("reason"):
            raise ValueError(f"DeonticBench erratum {cid} has no reason")
        unknown = [k for k in e["class"].split("+") if k not in doc["classes"]]
        if unknown:
            raise ValueError(f"DeonticBench erratum {cid}: unknown class {unknown}")
    return doc["errata"]


def erratum_classes() -> dict[str, str]:
    """Class name -> what an erratum of that class is."""
    return dict(_doc()["classes"])


def errata_records() -> tuple[Erratum, ...]:
    """Every erratum in the shared shape (domain ``deonticbench``; the DeonticBench domain in ``source``)."""
    return tuple(Erratum(id=cid, domain="deonticbench", klass=e["class"], reason=e["reason"], evidence=e["evidence"],
                         dataset_says=e["dataset_says"], rules_give=e["rules_give"], source=dict(e))
                 for cid, e in errata().items())
