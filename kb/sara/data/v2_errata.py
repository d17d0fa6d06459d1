"""SARA v2's gold errata as data (``v2_errata.json`` beside this module), apart from the 2020
release's (``errata.json``): the two releases share case ids (``tax_case_18`` is in both, with
other gold programs), so an erratum of one never marks a case of the other. Same fields and
classes as :mod:`taxlogic.kb.sara.data.errata`; documented, never fixed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from taxlogic.kb.sara.data.errata import SaraErratum, load_errata

V2_ERRATA_FILE = Path(__file__).with_name("v2_errata.json")


def v2_errata() -> tuple[SaraErratum, ...]:
    """Every documented SARA v2 erratum, in file order (shape of :func:`taxlogic.kb.sara.data.errata.load_errata`)."""
    return load_errata(str(V2_ERRATA_FILE))


def has_v2_erratum(item: Any) -> bool:
    """Does ``item`` (a v2 case or a record with ``case_id``) have a documented SARA v2 erratum?"""
    cid = str(getattr(item, "case_id", None) or getattr(item, "id", ""))
    return cid in {e.case for e in v2_errata()}
