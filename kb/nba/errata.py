"""Annotation errata of RuleArena's NBA problems: problems whose annotated answer contradicts the
rules of ``reference_rules.txt`` as written, read with faithful facts (``errata.json``).

Each entry: ``reason`` (one line: the rule and the numbers), ``annotated`` (the annotated answer
statement), ``kb`` (what the KB with the gold facts answers), ``evidence`` (the computation, quoted
rule text). The gold method abstains on them with the reason; they are never bent to fit.
"""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources


@lru_cache(maxsize=1)
def errata() -> dict[str, dict]:
    """Problem id (``nba-L-I``) -> its erratum entry (see the module doc)."""
    raw = json.loads(resources.files("taxlogic.kb.nba").joinpath("errata.json").read_text(encoding="utf-8"))
    out = raw["errata"]
    for pid, entry in out.items():
        if not entry.get("reason"):
            raise ValueError(f"NBA erratum {pid} has no reason")
    return out
