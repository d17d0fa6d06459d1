"""DeonticBench's documented errata (hard splits; ``errata.json`` beside this module): reference
programs that do not stand, each with its evidence. One file, one entry a case and kind:

- kind ``run``: the reference program run as the benchmark runs it, trusted, with its own query
  (never its label directive): it does not give its label (the program wrong, incomplete or at
  odds with the label), depends on redefining ``not/1``, holds unreadable clauses, or the case
  text is not its source release's (SARA binary). Written by ``scripts/deonticbench_errata.py``
  from taxlogic's runs (``--check`` compares).
- kind ``translation``: a housing or USCIS-AAO reference program judged as a model's
  *translation* (label directive removed) through the sandbox and the statutes checks: a defect a
  check names (a syntax error, a predicate nothing defines, another state's statutes), even where
  the benchmark's run prints the label, or the other answer than the label. Reviewed by hand; the
  script keeps these entries as they are. The statutes domain's figures and its fault table leave
  these cases out.

A case may have an entry of each kind (the same program seen both ways). Each entry: ``id``,
``kind`` (a key of the file's ``kinds``), ``domain`` (DeonticBench's: ``housing``, ``uscis-aao``
...), ``class`` (keys of the file's ``classes``, several joined by ``+``), ``reason``,
``evidence``, ``dataset_says`` (the label), ``rules_give`` (what the reference program gives, or
the source's gold), and a translation entry's ``swipl_as_shipped``. Documented, never fixed:
:func:`errata_records` gives them in the shared shape of :mod:`taxlogic.kb.errata` (``taxlogic
data errata --domain deonticbench``).
"""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources

from taxlogic.kb.errata import Erratum

__all__ = ["KINDS", "checked", "erratum_classes", "errata", "errata_ids", "errata_records", "erratum_kinds"]

#: The kinds of entry, in the file's order.
KINDS = ("run", "translation")
#: The statutes plug-in's domain names -> DeonticBench's.
_DEONTIC = {"uscis": "uscis-aao"}


@lru_cache(maxsize=1)
def _doc() -> dict:
    return checked(json.loads(resources.files("taxlogic.kb.statutes.data").joinpath("errata.json").read_text(encoding="utf-8")))


def checked(doc: dict) -> dict:
    """``doc`` (the errata file's JSON) when every entry has a reason, a kind of :data:`KINDS`
    that the file's ``kinds`` describes, classes its ``classes`` define, and no (id, kind) twice;
    else ValueError naming the entry."""
    seen: set[tuple[str, str]] = set()
    for e in doc["errata"]:
        key = (e.get("id", ""), e.get("kind", ""))
        if not e.get("reason"):
            raise ValueError(f"DeonticBench erratum {key} has no reason")
        if key[1] not in doc["kinds"] or key[1] not in KINDS:
            raise ValueError(f"DeonticBench erratum {key}: unknown kind {key[1]!r}")
        unknown = [k for k in e["class"].split("+") if k not in doc["classes"]]
        if unknown:
            raise ValueError(f"DeonticBench erratum {key}: unknown class {unknown}")
        if key in seen:
            raise ValueError(f"DeonticBench erratum {key} is listed twice")
        seen.add(key)
    return doc


def _entries(kind: str | None) -> list[dict]:
    if kind is not None and kind not in KINDS:
        raise ValueError(f"unknown DeonticBench erratum kind {kind!r}; known: {', '.join(KINDS)}")
    return [e for e in _doc()["errata"] if kind is None or e["kind"] == kind]


def errata(kind: str = "run") -> dict[str, dict]:
    """Case id -> its entry of ``kind`` (module doc; default ``run``: the reference runs). Raises
    ValueError for an unknown kind, or a malformed file (an entry without a reason, with an
    unknown kind or class, or listed twice)."""
    return {e["id"]: e for e in _entries(kind)}


def errata_ids(domain: str | None = None, kind: str | None = "translation") -> frozenset[str]:
    """Ids of the documented errata of ``kind`` (default ``translation``: reference programs that
    are no right translation; None: either kind), of ``domain`` when given (DeonticBench's name or
    the statutes plug-in's: ``uscis`` is ``uscis-aao``)."""
    want = _DEONTIC.get(domain, domain) if domain else None
    return frozenset(e["id"] for e in _entries(kind) if want is None or e["domain"] == want)


def erratum_classes() -> dict[str, str]:
    """Class name -> what an erratum of that class is (both kinds' classes)."""
    return dict(_doc()["classes"])


def erratum_kinds() -> dict[str, str]:
    """Kind -> what an entry of that kind judges."""
    return dict(_doc()["kinds"])


def errata_records(kind: str | None = None) -> tuple[Erratum, ...]:
    """Every erratum (of ``kind`` when given) in the shared shape, in file order (domain
    ``deonticbench``; the entry, with its kind and DeonticBench domain, in ``source``)."""
    return tuple(Erratum(id=e["id"], domain="deonticbench", klass=e["class"], reason=e["reason"],
                         evidence=e["evidence"], dataset_says=e["dataset_says"], rules_give=e["rules_give"],
                         source=dict(e))
                 for e in _entries(kind))
