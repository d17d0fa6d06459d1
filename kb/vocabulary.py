"""The predicate vocabulary of a statute knowledge base, read from its Prolog files.

Three groups, from the files of a SARA-style ``statutes/prolog`` folder:

- ``base``: the event and property predicates declared in ``events.pl`` (``income_/1``,
  ``agent_/2`` …): what a fact pattern is written in;
- ``statute``: predicates defined in the ``section*.pl`` files (``s151_c/4``, ``tax/3`` …),
  computed by the rules; a case may state them only when its text states that legal conclusion
  (paper, appendix A.1.4);
- ``utility``: helpers of ``utils.pl`` (dates, kinship), never facts.

The files are read term by term by ``vocabulary.pl`` in a ``swipl`` subprocess; nothing in them runs.
Its output is kept per content of the files (:func:`taxlogic.kb.datafiles.cached_reading`,
``vocabulary``): a later command reads it back without starting ``swipl``.
"""

from __future__ import annotations

import subprocess
from importlib import resources
from pathlib import Path

from taxlogic.tables import shared_table
from taxlogic.tools.vocabulary import Vocabulary


class VocabularyError(RuntimeError):
    """The statute files could not be read (swipl missing or a file unreadable)."""


def _group(rows: list[tuple[str, str, int, str]], pred) -> dict[str, frozenset[int]]:
    out: dict[str, set[int]] = {}
    for kind, name, arity, file in rows:
        if pred(kind, file):
            out.setdefault(name, set()).add(arity)
    return {k: frozenset(v) for k, v in sorted(out.items())}


def load_vocabulary(prolog_dir: str | Path) -> Vocabulary:
    """Read the vocabulary of the statute folder ``prolog_dir`` once per folder (a
    :func:`~taxlogic.tables.shared_table`: threads asking at once start one ``swipl``). Raises
    :class:`VocabularyError`."""
    return _load_vocabulary(prolog_dir)


@shared_table(maxsize=8)
def _load_vocabulary(prolog_dir: str | Path) -> Vocabulary:
    from taxlogic.kb.datafiles import cached_reading

    script = resources.files("taxlogic.kb").joinpath("vocabulary.pl")

    def make() -> str:
        try:
            proc = subprocess.run(
                ["swipl", str(script), str(prolog_dir)], capture_output=True, text=True, timeout=60
            )
        except FileNotFoundError as exc:
            raise VocabularyError("swipl not found: install SWI-Prolog (Debian: apt-get install swi-prolog-nox)") from exc
        if proc.returncode != 0:
            raise VocabularyError(f"reading {prolog_dir} failed: {proc.stderr.strip()[:500]}")
        return proc.stdout

    rows = []
    for line in cached_reading("vocabulary", Path(str(script)), prolog_dir, make).splitlines():
        kind, name, arity, file = line.split("\t")
        rows.append((kind, name, int(arity), file))
    base = _group(rows, lambda k, f: f == "events.pl")
    utility = _group(rows, lambda k, f: f == "utils.pl")
    statute = _group(rows, lambda k, f: f.startswith("section") and k == "defined")
    # events.pl also declares helpers that utils.pl or a section defines (is_before/2, gross_income/3):
    base = {n: a for n, a in base.items() if n not in statute and n not in utility}
    return Vocabulary(base=base, statute=statute, utility=utility)
