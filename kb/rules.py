"""Rule sets: a statute knowledge base as a value (its Prolog files and its statute text).

SARA's original statutes are the rule set ``r``; a perturbed copy (SARA⁺, paper §3.2) is ``r'``.
Both are folders laid out like SARA's ``statutes/``: ``prolog/init.pl`` loading the other
``.pl`` files, and ``source/`` with one text file per section. SARA's own rule set ``r`` is
loaded from the installed data by :func:`taxlogic.kb.sara.data.install.sara_rules`; a plug-in makes its
rule sets (:meth:`taxlogic.kb.domain.Domain.rule_set`).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from importlib import resources
from pathlib import Path

from taxlogic.kb.datafiles import DataError
from taxlogic.kb.vocabulary import load_vocabulary
from taxlogic.tools.vocabulary import Vocabulary

# Order of the statute text given to models (SARA's dataset/statutes.txt order).
SECTION_ORDER = ("section1", "section2", "section63", "section68", "section151", "section152",
                 "section3301", "section3306", "section7703")


def compat_layer() -> Path:
    """Path of ``compat.pl``, the SWI-9 compatibility layer loaded before any statutes."""
    return Path(str(resources.files("taxlogic.kb").joinpath("compat.pl")))


@dataclass(frozen=True)
class RuleSet:
    """A statute knowledge base: ``name`` ("r", "r'" …), its Prolog folder and its text folder."""

    name: str
    prolog_dir: Path
    source_dir: Path

    def __post_init__(self) -> None:
        if not (self.prolog_dir / "init.pl").is_file():
            raise DataError(f"rule set {self.name!r}: {self.prolog_dir}/init.pl not found")

    @property
    def compat_file(self) -> Path:
        """The SWI-9 compatibility layer the engine loads before these statutes (:func:`compat_layer`)."""
        return compat_layer()

    @cached_property
    def vocabulary(self) -> Vocabulary:
        return load_vocabulary(str(self.prolog_dir))

    def prolog_file(self, name: str) -> str:
        """Text of one Prolog file of this rule set, e.g. ``events.pl``."""
        return (self.prolog_dir / name).read_text()

    def statute_text(self) -> str:
        """All sections' text, in SARA's order, separated by blank lines (for direct QA prompts)."""
        parts = [(self.source_dir / s).read_text().strip() for s in SECTION_ORDER if (self.source_dir / s).is_file()]
        return "\n\n".join(parts) + "\n"
