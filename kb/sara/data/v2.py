"""SARA v2 (Holzenberger and Van Durme 2021), the second release of the SARA domain: where it is
installed, how it is verified, its cases and its statutes as a rule set.

SARA v2 is read from its own folder of the data directory (``Settings.data_dir / "sara_v2"``),
beside SARA (2020 release) in ``sara/`` and never mixed with it. ``install`` copies it there from a
local folder, a local archive or the public archive of the repository of Jurayj, Holzenberger and
Van Durme 2025 (``wjurayj/legal_logic_programs_staging``, folder ``sara_v2/``) at a pinned commit,
and checks every file against the SHA-256 checksums shipped in ``manifest_v2.json``; the record
``INSTALL.json`` names the release (:data:`V2_RELEASE`).

How v2 differs from the 2020 release: its 100 cases are numeric only (``tax_case_1`` …
``tax_case_100``: the ids of the 2020 release, with other texts for 20 of them and other gold
programs for all); statute predicates have other arities (``s2_a/5`` -> ``s2_a/3``, ``s7703/9`` ->
``s7703/4`` …); entity names and event ids are strings (``"Alice"``, ``"gross income"``); and the
test directive is ``tax("Alice",2017,116066)``. There are no train/test files: the release is one
set of 100 cases (``--split all``). Figures on the two releases are not comparable.

A v2 case is a :class:`taxlogic.kb.sara.data.cases.Case` with ``rules`` = ``"v2"`` (the key of its rule set
in a dataset, so it is never run under the 2020 statutes), ``release`` = ``"v2"`` and its id as
the dataset names it; which release a case id means is said by the dataset (``--dataset
sara-v2``), never guessed from the id.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from taxlogic.kb.sara.data.cases import Case, _comment_text, _sections, natural_key
from taxlogic.kb.sara.data.install import INSTALL_RECORD, DataError, SaraPaths, install_release, sara_paths, verify
from taxlogic.kb.rules import RuleSet
from taxlogic.tables import shared_table

#: How taxlogic names the release everywhere (install record, run folders, reports).
V2_RELEASE = "SARA v2"
V2_REFERENCE = "Holzenberger and Van Durme 2021 (as used by Jurayj, Holzenberger and Van Durme 2025)"
#: The short name of the release (``data install --release v2``, a case's ``release``).
V2 = "v2"
V2_REPO = "wjurayj/legal_logic_programs_staging"
V2_COMMIT = "ba2d493d59114216bfb6c9f183e566c907a722ce"
V2_ARCHIVE_URL = f"https://github.com/{V2_REPO}/archive/{V2_COMMIT}.tar.gz"
#: The folder of the data directory v2 is installed in (2020: ``sara``).
V2_FOLDER = "sara_v2"
_COPIED = ("cases", "statutes")

_INIT_LINE = re.compile(r"^\s*:-\s*\[\s*statutes/prolog/init\s*\]\s*\.\s*$", re.M)
_DOLLARS = re.compile(r"\$(-?[\d,]+)\s*$")
_NUMERIC_QUERY = re.compile(r'^tax\(\s*("(?:[^"\\]|\\.)*")\s*,\s*(\d{4})\s*,\s*(-?\d+)\s*\)$')


@dataclass(frozen=True)
class V2Paths(SaraPaths):
    """Paths inside an installed SARA v2 root (``<data_dir>/sara_v2``): ``cases``,
    ``statutes_prolog``, ``statutes_source`` as :class:`~taxlogic.kb.sara.data.install.SaraPaths` names them."""

    def installed(self) -> bool:
        return (self.root / INSTALL_RECORD).is_file()

    def require(self) -> "V2Paths":
        """Return self if installed, else raise :class:`DataError` naming the fix."""
        try:
            return super().require()
        except DataError:
            raise DataError(f"{V2_RELEASE} is not installed in {self.root}. Run `taxlogic data install --release v2 "
                            "--from PATH` (a copy of its sara_v2/ folder), or set TAXLOGIC_DATA_DIR.") from None


def v2_paths(data_dir: Path | None = None) -> V2Paths:
    """The SARA v2 root for ``data_dir`` (default: the configured ``TAXLOGIC_DATA_DIR``), beside
    the 2020 release's ``sara/``."""
    return V2Paths(sara_paths(data_dir).root.parent / V2_FOLDER)


# -------------------------------------------------------------------------------------- install


def v2_manifest() -> dict[str, str]:
    """Relative path -> SHA-256 of every file of SARA v2 taxlogic uses (``manifest_v2.json``,
    made from the release's ``sara_v2/`` folder at :data:`V2_COMMIT`)."""
    text = resources.files("taxlogic.kb.sara.data").joinpath("manifest_v2.json").read_text()
    return json.loads(text)["files"]


def verify_v2(root: Path) -> list[str]:
    """Compare the files under ``root`` with the shipped v2 manifest; the problems (empty: all match)."""
    return verify(root, v2_manifest())


def install_v2(source: str | None, data_dir: Path | None = None, *, force: bool = False) -> dict:
    """Install SARA v2 into ``<data_dir>/sara_v2`` and return the install record: source,
    ``release`` (:data:`V2_RELEASE`), ``release_id`` (``v2``), reference, commit, files, errata
    applied (none: v2's errata are documented, never fixed), time.

    ``source``: a local folder (the ``sara_v2/`` folder, or a copy of the repository), a local
    ``.tar.gz``/``.zip`` archive, an ``http(s)`` URL, or None for the public archive at
    :data:`V2_COMMIT`. Raises :class:`DataError` if the source cannot be read or any file differs
    from the shipped checksums (nothing is installed then)."""
    return install_release(source, v2_paths(data_dir).root, force=force, archive_url=V2_ARCHIVE_URL,
                           release=V2_RELEASE, commit=V2_COMMIT, files=v2_manifest(), copied=_COPIED, depth=2,
                           record={"release": V2_RELEASE, "release_id": V2, "reference": V2_REFERENCE})


def install_record(data_dir: Path | None = None) -> dict | None:
    """The SARA v2 ``INSTALL.json`` of ``data_dir``, None when v2 is not installed there."""
    p = v2_paths(data_dir).root / INSTALL_RECORD
    return json.loads(p.read_text()) if p.is_file() else None


# ---------------------------------------------------------------------------------------- cases


class V2Case(Case):
    """A SARA v2 case: a :class:`~taxlogic.kb.sara.data.cases.Case` (numeric; ``person`` is the Prolog
    string, e.g. ``'"Alice"'``; ``value_query`` ``tax("Alice",2017,Tax)``) whose ``rules`` is
    ``"v2"`` and ``release`` ``"v2"``."""

    release: str = V2


def parse_v2_case(case_id: str, raw: str) -> V2Case:
    """Parse one SARA v2 case file: ``% Text``, ``% Question`` ("How much tax does Alice have to
    pay in 2017? $116066"), ``% Facts`` (after ``:- [statutes/prolog/init].``) and ``% Test``
    (``:- tax("Alice",2017,116066).`` then ``:- halt.``). Raises :class:`DataError` if it is not
    in that format or the question's dollars differ from the test's."""
    try:
        sec = _sections(raw, case_id)
    except DataError as exc:
        raise DataError(f"{V2_RELEASE} {exc}") from None
    text = _comment_text(sec["Text"])
    question_full = _comment_text(sec["Question"])
    facts = _INIT_LINE.sub("", "\n".join(sec["Facts"])).strip() + "\n"
    test = "\n".join(l for l in sec["Test"] if l.strip() and not l.strip().startswith("%")).strip()
    test = re.sub(r":-\s*halt\s*\.\s*$", "", test).strip()
    if not test.startswith(":-") or not test.endswith("."):
        raise DataError(f"{V2_RELEASE} {case_id}: test section is not a single directive: {test!r}")
    goal = test[2:-1].strip()
    m = _NUMERIC_QUERY.match(goal)
    dollars = _DOLLARS.search(question_full)
    if not m or not dollars:
        raise DataError(f"{V2_RELEASE} {case_id}: not a numeric case (test {goal!r})")
    person, year, value = m.group(1), int(m.group(2)), int(m.group(3))
    expected = int(dollars.group(1).replace(",", ""))
    if expected != value:
        raise DataError(f"{V2_RELEASE} {case_id}: question says ${expected}, test says {value}")
    return V2Case(id=case_id, text=text, question=question_full[: dollars.start()].strip(), kind="numeric",
                  expected=expected, gold_facts=facts, gold_test=goal, claim_query=goal,
                  value_query=f"tax({person},{year},Tax)", answer_var="Tax", person=person, year=year,
                  rules=V2)


@shared_table(maxsize=4)
def _load(root: str) -> tuple[V2Case, ...]:
    paths = V2Paths(Path(root)).require()
    cases = [parse_v2_case(f.stem, f.read_text()) for f in paths.cases.glob("*.pl")]
    return tuple(sorted(cases, key=lambda c: natural_key(c.id)))


def load_v2_cases(data_dir: Path | None = None) -> list[V2Case]:
    """All 100 SARA v2 cases in natural id order. Raises :class:`DataError` if v2 is not installed."""
    return [c.model_copy() for c in _load(str(v2_paths(data_dir).root))]


def get_v2_case(case_id: str, data_dir: Path | None = None) -> V2Case:
    """One SARA v2 case by id. Raises KeyError with close matches if unknown."""
    cases = _load(str(v2_paths(data_dir).root))
    for c in cases:
        if c.id == case_id:
            return c.model_copy()
    import difflib

    close = difflib.get_close_matches(case_id, [c.id for c in cases], n=3)
    raise KeyError(f"no {V2_RELEASE} case {case_id!r}" + (f"; did you mean {', '.join(close)}?" if close else ""))


# ------------------------------------------------------------------------------------ rule set


def v2_rules(data_dir: Path | None = None) -> RuleSet:
    """SARA v2's own statutes (rule set ``v2``) from the installed data directory, loaded like the
    2020 ones: after the compatibility layer (``kb/compat.pl``: time zone, tabling of the
    ``s3306`` employment predicates at v2's arities), under the engine's limits and sandbox."""
    paths = v2_paths(data_dir).require()
    return RuleSet(V2, paths.statutes_prolog, paths.statutes_source)


# ------------------------------------------------------------------------------------- queries


def prolog_string(text: str) -> str:
    """``text`` as a Prolog double-quoted string (SARA v2's names and event ids): ``Alice`` ->
    ``"Alice"``; backslashes and double quotes escaped."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def v2_rule_query(question: str, kind: str) -> tuple[str, str | None] | None:
    """The query of a standard numeric question in v2's representation, by rule: "How much tax
    does Alice have to pay in 2017?" -> ``('tax("Alice",2017,Tax)', "Tax")`` (the name as the
    question writes it: v2's gold programs name people by the words of the case). None for any
    other question (v2 has no entailment cases; its statutes' arities differ from the 2020 forms)."""
    from taxlogic.core import _TAX_QUESTION

    m = _TAX_QUESTION.match(question)
    if kind != "numeric" or not m:
        return None
    return f"tax({prolog_string(' '.join(m.group(1).split()))},{int(m.group(2))},Tax)", "Tax"
