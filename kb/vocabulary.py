"""The predicate vocabulary of a statute knowledge base, read from its Prolog files.

Three groups, from the files of a SARA-style ``statutes/prolog`` folder:

- ``base``: the event and property predicates declared in ``events.pl`` (``income_/1``,
  ``agent_/2`` …): what a fact pattern is written in;
- ``statute``: predicates defined in the ``section*.pl`` files (``s151_c/4``, ``tax/3`` …),
  computed by the rules; a case may state them only when its text states that legal conclusion
  (paper, appendix A.1.4);
- ``utility``: helpers of ``utils.pl`` (dates, kinship), never facts.

The files are read term by term by ``vocabulary.pl`` in a ``swipl`` subprocess; nothing in them runs.
"""

from __future__ import annotations

import subprocess
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from pathlib import Path


class VocabularyError(RuntimeError):
    """The statute files could not be read (swipl missing or a file unreadable)."""


@dataclass(frozen=True)
class Vocabulary:
    """Predicate name -> allowed arities, per group. All fields are immutable mappings."""

    base: dict[str, frozenset[int]] = field(default_factory=dict)
    statute: dict[str, frozenset[int]] = field(default_factory=dict)
    utility: dict[str, frozenset[int]] = field(default_factory=dict)

    @property
    def event_types(self) -> frozenset[str]:
        """Unary base predicates: event or entity types (``income_``, ``marriage_`` …)."""
        return frozenset(n for n, a in self.base.items() if a == {1})

    @property
    def properties(self) -> frozenset[str]:
        """Binary base predicates ending in ``_``: event properties (``agent_``, ``amount_`` …)."""
        return frozenset(n for n, a in self.base.items() if 2 in a and n.endswith("_"))

    def assertable(self) -> dict[str, frozenset[int]]:
        """What a fact may use: base and statute predicates (not utilities)."""
        out = dict(self.statute)
        for n, a in self.base.items():
            out[n] = out.get(n, frozenset()) | a
        return out

    def arities(self, name: str) -> frozenset[int]:
        """All known arities of ``name`` in any group (empty if unknown)."""
        return self.base.get(name, frozenset()) | self.statute.get(name, frozenset()) | self.utility.get(name, frozenset())


def _group(rows: list[tuple[str, str, int, str]], pred) -> dict[str, frozenset[int]]:
    out: dict[str, set[int]] = {}
    for kind, name, arity, file in rows:
        if pred(kind, file):
            out.setdefault(name, set()).add(arity)
    return {k: frozenset(v) for k, v in sorted(out.items())}


@lru_cache(maxsize=8)
def load_vocabulary(prolog_dir: str | Path) -> Vocabulary:
    """Read the vocabulary of the statute folder ``prolog_dir``. Raises :class:`VocabularyError`."""
    script = resources.files("taxlogic.kb").joinpath("vocabulary.pl")
    try:
        proc = subprocess.run(
            ["swipl", str(script), str(prolog_dir)], capture_output=True, text=True, timeout=60
        )
    except FileNotFoundError as exc:
        raise VocabularyError("swipl not found: install SWI-Prolog (Debian: apt-get install swi-prolog-nox)") from exc
    if proc.returncode != 0:
        raise VocabularyError(f"reading {prolog_dir} failed: {proc.stderr.strip()[:500]}")
    rows = []
    for line in proc.stdout.splitlines():
        kind, name, arity, file = line.split("\t")
        rows.append((kind, name, int(arity), file))
    base = _group(rows, lambda k, f: f == "events.pl")
    utility = _group(rows, lambda k, f: f == "utils.pl")
    statute = _group(rows, lambda k, f: f.startswith("section") and k == "defined")
    # events.pl also declares helpers that utils.pl or a section defines (is_before/2, gross_income/3):
    base = {n: a for n, a in base.items() if n not in statute and n not in utility}
    return Vocabulary(base=base, statute=statute, utility=utility)
