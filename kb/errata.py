"""Dataset errata, one concept for every domain: documented disagreements between a dataset's
gold or label and the rules as written (or the case's own text), each with its evidence.

An erratum is documented, never fixed: the gold fact or rule is not bent to fit the label, and
the label stays what every published figure was scored against. Each domain keeps its own data
file in its plug-in folder (project-authored) and converts its entries to :class:`Erratum`:

- ``sara``: ``kb/sara/data/errata.json``, SARA (2020 release) gold programs that contradict their
  own case text (:mod:`taxlogic.kb.sara.data.errata`);
- ``nba``: ``kb/nba/data/errata.json``, RuleArena NBA annotations that contradict the rules of
  ``reference_rules.txt`` read with faithful facts (:mod:`taxlogic.kb.nba.data.errata`);
- ``form1040``: ``kb/form1040/data/errata.json``, RuleArena tax labels that depart from the forms'
  text as the prompt prints it (:mod:`taxlogic.kb.form1040.data.errata`);
- ``deonticbench``: ``kb/statutes/data/errata.json``, DeonticBench reference programs that do not
  stand, by kind: run as the benchmark runs them (they do not give their label; case texts that
  are not their source release's) and judged as a model's translation (a defect a check names,
  the other answer than the label); a case may have one entry of each kind
  (:mod:`taxlogic.kb.statutes.data.errata`).

A domain with errata has a module ``taxlogic.kb.<domain>.data.errata`` (DeonticBench: ``taxlogic.kb.statutes.data.errata``) defining ``errata_records()
-> tuple[Erratum, ...]`` (file order) and ``erratum_classes() -> dict[str, str]`` (class name ->
what it means); :func:`load_errata` and :func:`errata_classes` find it by name, as
:func:`taxlogic.kb.domain.get_domain` finds a plug-in. ``taxlogic data errata --domain D``
lists them.
"""

from __future__ import annotations

import importlib
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

__all__ = ["ERRATA_DOMAINS", "Erratum", "errata_classes", "load_errata"]

#: The domains that document errata, in the order ``taxlogic data errata`` offers them.
ERRATA_DOMAINS = ("sara", "nba", "form1040", "deonticbench")
#: The errata module of a domain whose data is not a plug-in of its own name.
_MODULES = {"deonticbench": "taxlogic.kb.statutes.data.errata"}


class Erratum(BaseModel):
    """One documented erratum in the shared shape.

    ``id``: the case or problem id (SARA case id, ``nba-L-I``, ``tax-L-I``); ``domain``: one of
    :data:`ERRATA_DOMAINS`; ``klass`` (JSON ``class``): the domain's class name(s), several
    joined by ``+``; ``reason``: one line, why the dataset is wrong here; ``evidence``: what shows
    it (the check's finding, the rule text, the reading that reproduces the label);
    ``dataset_says`` and ``rules_give``: what the dataset's gold or label says and what the rules
    (or the case text) as written give; ``source``: the entry as the domain's file has it (its
    own field names, unchanged)."""

    model_config = ConfigDict(frozen=True, populate_by_name=True)

    id: str
    domain: str
    klass: str = Field(alias="class")
    reason: str
    evidence: str
    dataset_says: str
    rules_give: str
    source: dict[str, Any] = Field(default_factory=dict)

    def as_json(self) -> dict[str, Any]:
        """The JSON form: the domain file's own fields (for readers of a domain's earlier output)
        and over them the shared ones, ``class`` for ``klass``."""
        shared = self.model_dump(by_alias=True, exclude={"source"})
        return {**self.source, **shared}


def _plugin(domain: str):
    if domain not in ERRATA_DOMAINS:
        raise ValueError(f"no errata for domain {domain!r} (known: {', '.join(ERRATA_DOMAINS)})")
    return importlib.import_module(_MODULES.get(domain, f"taxlogic.kb.{domain}.data.errata"))


def load_errata(domain: str | None = None) -> tuple[Erratum, ...]:
    """Every documented erratum of ``domain`` (every domain's, in :data:`ERRATA_DOMAINS` order,
    when None), each in its file's order. Raises ValueError for an unknown domain, and as the
    domain's loader does for a malformed file (unknown class, id listed twice, no reason)."""
    domains = ERRATA_DOMAINS if domain is None else (domain,)
    return tuple(e for d in domains for e in _plugin(d).errata_records())


def errata_classes(domain: str) -> dict[str, str]:
    """Class name -> what an erratum of that class is (the domain's wording). Raises ValueError
    for an unknown domain."""
    return dict(_plugin(domain).erratum_classes())
