"""DeonticBench housing and USCIS-AAO reference programs that cannot count as right translations.

``kb/statutes/data/translation_errata.json`` (project-authored, made by running each hard reference program with
its label directive removed through the sandbox and the checks, and with ``swipl`` as shipped;
reviewed by hand): per entry the case ``id``, ``domain`` (housing | uscis), ``class`` (a key of
its ``classes``), ``reason``, ``evidence`` (the checks' issues, or both runs' answers), ``label``,
``reference_gives`` and ``swipl_as_shipped``. Shape: :class:`taxlogic.kb.errata.Erratum`.

Beside :mod:`taxlogic.kb.statutes.data.errata` (the reference programs run as the benchmark
runs them, trusted, for every domain): these are the same programs judged as a *model's
translation* through the sandbox and the checks, so a defect the checks name (a syntax error, a
predicate nothing defines, another state's statutes) is listed here even where the benchmark's
run prints the label.
"""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources

from taxlogic.kb.errata import Erratum


@lru_cache(maxsize=1)
def _data() -> dict:
    return json.loads(resources.files("taxlogic.kb.statutes.data").joinpath("translation_errata.json").read_text(encoding="utf-8"))


def erratum_classes() -> dict[str, str]:
    """Class name -> what an erratum of that class is."""
    return dict(_data()["classes"])


def errata_records() -> tuple[Erratum, ...]:
    """Every documented erratum, in file order. Raises ValueError for an unknown class or an id
    listed twice."""
    classes, seen, out = erratum_classes(), set(), []
    for e in _data()["errata"]:
        if e["class"] not in classes or e["id"] in seen:
            raise ValueError(f"statutes errata: bad entry {e['id']!r} (class {e['class']!r}, or listed twice)")
        seen.add(e["id"])
        out.append(Erratum.model_validate({**e, "dataset_says": e["label"], "rules_give": e["reference_gives"], "source": e}))
    return tuple(out)


def errata_ids(domain: str | None = None) -> frozenset[str]:
    """Ids of the documented errata (of ``domain``, housing or uscis, when given)."""
    return frozenset(e.id for e in errata_records() if domain is None or e.domain == domain)
