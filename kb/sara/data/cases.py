"""SARA cases as typed values, parsed from the installed ``cases/*.pl`` files.

A SARA case file has four comment-delimited sections: ``% Text`` (the fact pattern),
``% Question`` (a claim ending in ``Entailment``/``Contradiction``, or "How much tax ... ? $N"),
``% Facts`` (the gold Prolog facts, after a ``:- [statutes/prolog/init].`` line) and ``% Test``
(one directive, then ``:- halt.``). Negative entailment cases test ``\\+ Claim``; the claim query
is the directive without that negation. The train/test split is rebuilt from
``dataset/{train,test}.tsv`` by matching each row's text and question to a case
(Holzenberger et al. 2020, ``code/make_text_dataset.py``: comment lines joined by spaces).
"""

from __future__ import annotations

import csv
import re
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from pydantic import BaseModel, Field, model_validator

from taxlogic.core import Kind, Label
from taxlogic.kb.sara.data.install import DataError, SaraPaths, sara_paths
from taxlogic.tables import shared_table

if TYPE_CHECKING:
    from taxlogic.tools.trust import TrustedProgram

Split = Literal["train", "test"]

_SECTIONS = ("Text", "Question", "Facts", "Test")
_INIT_LINE = re.compile(r"^\s*:-\s*\[\s*statutes/prolog/init\s*\]\s*\.\s*$", re.M)
_DOLLARS = re.compile(r"\$(-?[\d,]+)\s*$")
_NUMERIC_QUERY = re.compile(r"^tax\(\s*([a-z]\w*)\s*,\s*(\d{4})\s*,\s*(-?\d+)\s*\)$")


class Case(BaseModel):
    """One SARA case.

    ``expected`` is the gold answer: a label for entailment, whole dollars (int) for numeric.
    ``gold_facts`` is Prolog text (trusted: may contain rules and ``discontiguous`` directives);
    :attr:`gold_program` is the same text as the :class:`~taxlogic.tools.trust.TrustedProgram` the
    engine runs unsandboxed. A Case is data: made only by :func:`parse_case` from an installed,
    checksum-verified case file (``taxlogic data install``) or by the SARA⁺ build from such a case;
    user and model text never becomes one (it is a ``CaseInput`` and a facts ``str``).
    ``claim_query`` is a Prolog goal: entailment cases are Entailment iff it succeeds; numeric
    cases bind the tax owed to ``answer_var`` in ``value_query``.
    """

    id: str
    text: str
    question: str
    kind: Kind
    expected: Label | int
    gold_facts: str
    gold_test: str = Field(description="The test directive's goal as written in the case file.")
    claim_query: str
    value_query: str | None = Field(None, description="Numeric cases: tax(Person, Year, Tax) with Tax unbound.")
    answer_var: str | None = None
    person: str | None = None
    year: int | None = None
    section: str | None = Field(None, description="Statute section tested, e.g. '151(d)(3)(A)'; None for tax cases.")
    split: Split | None = None
    rules: str = Field("r", description="Rule set the gold answer holds under: 'r' (SARA) or a SARA⁺ rule set such as \"r'\".")
    source_id: str | None = Field(None, description="The SARA case the item was made from: a SARA⁺ item's source (id ``<source>__<r|c|rc|p>``, :mod:`taxlogic.eval.benchmarks.sara_plus.build`); a SARA case's own id.")

    @model_validator(mode="after")
    def _own_source(self) -> "Case":
        if self.source_id is None:
            self.source_id = self.id.split("__")[0]
        return self

    @property
    def gold_program(self) -> "TrustedProgram":
        """``gold_facts`` as a trusted program (:func:`taxlogic.tools.trust.installed_program`;
        source ``SARA gold <id>``, or ``SARA+ ...`` for a SARA⁺ item)."""
        from taxlogic.tools.trust import installed_program

        kind = "SARA gold" if self.source_id in (None, self.id) else "SARA+ gold"
        return installed_program(self.gold_facts, f"{kind} {self.id}")

    @property
    def expected_label(self) -> Label | None:
        return self.expected if isinstance(self.expected, str) else None



def source_of(item) -> str:
    """The SARA case an evaluated item was made from: its ``source_id`` (every :class:`Case` has
    one), else the part of its id before ``__`` (SARA⁺ ids ``<source>__<r|c|rc|p>``)."""
    return getattr(item, "source_id", None) or str(item.id).split("__")[0]


def natural_key(case_id: str) -> list:
    """Sort key for case ids in natural order (``tax_case_2`` before ``tax_case_10``; ``s1_c_i_neg``
    before ``s151_a_neg``): digit runs compare as numbers, the rest as text."""
    return [(0, int(p), "") if p.isdigit() else (1, 0, p) for p in re.split(r"(\d+)", case_id)]


def _sections(raw: str, case_id: str) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    current = None
    for line in raw.splitlines():
        stripped = line.strip()
        if stripped.startswith("% ") and stripped[2:] in _SECTIONS:
            current = stripped[2:]
            out[current] = []
        elif current:
            out[current].append(line)
    missing = [s for s in _SECTIONS if s not in out]
    if missing:
        raise DataError(f"{case_id}: missing sections {missing}")
    return out


def _comment_text(lines: list[str]) -> str:
    return " ".join(l.strip()[1:].strip() for l in lines if l.strip().startswith("%")).strip()


def section_of(case_id: str) -> str | None:
    """'s151_d_3_A_pos' -> '151(d)(3)(A)'; tax cases -> None."""
    if not case_id.startswith("s"):
        return None
    parts = case_id[1:].rsplit("_", 1)[0].split("_")
    return parts[0] + "".join(f"({p})" for p in parts[1:])


def parse_case(case_id: str, raw: str) -> Case:
    """Parse one case file's text. Raises :class:`DataError` if it is not in SARA's format."""
    sec = _sections(raw, case_id)
    text = _comment_text(sec["Text"])
    question_full = _comment_text(sec["Question"])
    facts = _INIT_LINE.sub("", "\n".join(sec["Facts"])).strip() + "\n"
    test_lines = [l for l in sec["Test"] if l.strip() and not l.strip().startswith("%")]
    test = "\n".join(test_lines).strip()
    test = re.sub(r":-\s*halt\s*\.\s*$", "", test).strip()
    if not test.startswith(":-") or not test.endswith("."):
        raise DataError(f"{case_id}: test section is not a single directive: {test!r}")
    goal = test[2:-1].strip()
    m = _NUMERIC_QUERY.match(goal)
    if m:
        dollars = _DOLLARS.search(question_full)
        if not dollars:
            raise DataError(f"{case_id}: numeric question without a $ answer")
        question = question_full[: dollars.start()].strip()
        person, year, value = m.group(1), int(m.group(2)), int(m.group(3))
        expected = int(dollars.group(1).replace(",", ""))
        if expected != value:
            raise DataError(f"{case_id}: question says ${expected}, test says {value}")
        return Case(
            id=case_id, text=text, question=question, kind="numeric", expected=expected,
            gold_facts=facts, gold_test=goal, claim_query=goal,
            value_query=f"tax({person},{year},Tax)", answer_var="Tax", person=person, year=year,
        )
    label = question_full.rsplit(" ", 1)[-1]
    if label not in ("Entailment", "Contradiction"):
        raise DataError(f"{case_id}: question does not end in Entailment/Contradiction")
    question = question_full[: -len(label)].strip()
    negated = goal.startswith("\\+")
    claim = goal[2:].strip() if negated else goal
    if claim.startswith("(") and claim.endswith(")"):
        claim = claim[1:-1].strip()
    if negated != (label == "Contradiction"):
        raise DataError(f"{case_id}: test polarity does not match the label {label}")
    return Case(
        id=case_id, text=text, question=question, kind="entailment", expected=label,
        gold_facts=facts, gold_test=goal, claim_query=claim, section=section_of(case_id),
    )


def _splits(paths: SaraPaths) -> dict[tuple[str, str], Split]:
    return _split_index(str(paths.dataset))


@shared_table(maxsize=8)
def _split_index(dataset: str) -> dict[tuple[str, str], Split]:
    """(text, question) -> split, from ``dataset/{train,test}.tsv`` (read once per process)."""
    index: dict[tuple[str, str], Split] = {}
    for split in ("train", "test"):
        with open(Path(dataset) / f"{split}.tsv", newline="") as fh:
            for row in csv.reader(fh, delimiter="\t", quoting=csv.QUOTE_NONE):
                if len(row) >= 2:
                    index[(row[0].strip(), row[1].strip())] = split
    return index


@shared_table(maxsize=8)
def _load(root: str) -> tuple[Case, ...]:
    paths = SaraPaths(Path(root)).require()
    index = _splits(paths)
    cases = []
    for f in sorted(paths.cases.glob("*.pl")):
        case = parse_case(f.stem, f.read_text())
        case.split = index.get((case.text, case.question))
        if case.split is None:
            raise DataError(f"{case.id}: no row of dataset/*.tsv matches its text and question")
        cases.append(case)
    return tuple(cases)


#: SARA's splits and tasks, as ``--split`` and ``--task`` take them.
SPLITS = ("train", "test", "all")
TASKS = ("entailment", "numeric", "all")


def check_task(task: str) -> None:
    """Raises ValueError unless ``task`` is one of :data:`TASKS`."""
    if task not in TASKS:
        raise ValueError(f"unknown task {task!r}: SARA's tasks are {', '.join(TASKS)}")


def load_cases(data_dir: Path | None = None, split: str = "all", kind: str = "all") -> list[Case]:
    """All SARA cases (sorted by id), filtered by ``split`` (train/test/all) and ``kind``
    (entailment/numeric/all). Raises ValueError for another split or kind, :class:`DataError`
    if SARA is not installed."""
    if split not in SPLITS:
        raise ValueError(f"unknown split {split!r}: SARA's splits are {', '.join(SPLITS)}")
    check_task(kind)
    cases = _load(str(sara_paths(data_dir).root))
    return [
        c.model_copy()
        for c in cases
        if (split == "all" or c.split == split) and (kind == "all" or c.kind == kind)
    ]


@shared_table(maxsize=64)
def _load_one(root: str, case_id: str) -> Case | None:
    """The case ``case_id`` read from its own file alone (None if there is none), as :func:`_load`
    reads it: a one-case command parses one file, not 376 (issue 51's start-up)."""
    paths = SaraPaths(Path(root)).require()
    f = paths.cases / f"{case_id}.pl"
    if not re.fullmatch(r"[A-Za-z0-9_]+", case_id) or not f.is_file():
        return None
    case = parse_case(f.stem, f.read_text())
    case.split = _splits(paths).get((case.text, case.question))
    if case.split is None:
        raise DataError(f"{case.id}: no row of dataset/*.tsv matches its text and question")
    return case


def get_case(case_id: str, data_dir: Path | None = None) -> Case:
    """One case by id (its file alone is read). Raises KeyError with close matches if unknown,
    :class:`DataError` if SARA is not installed or the case's file is not in SARA's format."""
    one = _load_one(str(sara_paths(data_dir).root), case_id)
    if one is not None:
        return one.model_copy()
    for c in _load(str(sara_paths(data_dir).root)):
        if c.id == case_id:
            return c.model_copy()
    import difflib

    ids = [c.id for c in _load(str(sara_paths(data_dir).root))]
    close = difflib.get_close_matches(case_id, ids, n=3)
    raise KeyError(f"no SARA case {case_id!r}" + (f"; did you mean {', '.join(close)}?" if close else ""))
