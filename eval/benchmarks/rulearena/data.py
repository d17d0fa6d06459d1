"""RuleArena (Zhou et al., 2024): its data and its own answer checks, reproduced exactly, shared by
every domain. (The three domains as benchmarks are :mod:`taxlogic.eval.benchmarks.rulearena`;
RuleArena's direct query :mod:`.direct`, the summary and Table 2 :mod:`.summary`, each domain's
knowledge-base methods its own module, e.g. :mod:`.airline`.)

RuleArena's data is read from a RuleArena root (never from this repository), resolved by
:func:`rulearena_root`: ``TAXLOGIC_RULEARENA_DIR`` if set, else ``<data_dir>/rulearena`` when
installed there (``taxlogic data install-rulearena --from ../shared/rulearena``), else
``../shared/rulearena`` relative to the working directory or to the repository checkout. Its
``derived/`` folder holds, per domain and level, the exact system and user prompts RuleArena's
``auto_test.py`` sends and the gold answers; ``derived/README.md`` documents them. This module:

* **items** (:class:`RuleArenaItem`): one problem with the user prompt already rebuilt for the
  chosen shots and variant. Prompts are read byte-exact (lines split on ``\\n`` only, no
  whitespace normalisation). 1-shot prompts are rebuilt by splicing the example at the README's
  code-point offset (``p0[:k] + example + p0[k:]``), after checking the text just before ``k``;
  the airline textual prompt is ``p0.replace(reference_rules.txt, reference_rules_textual.txt)``;
  tax ``textual``/``distractor`` come from ``tax_level0_ablations.jsonl`` (level 0, 0-shot);
  tax ``placeholder`` rewrites the final prompt (``"\\n\\n"`` -> ``"\\n" + "- " * 30 + "-\\n"``).
* **tax 1-shot example**: RuleArena picks it by model (``llm_to_example``); a model outside that
  mapping gets :data:`DEFAULT_TAX_EXAMPLE` (``gpt``: GPT-4o's example), and every record and the
  report say which example was used and whether it is RuleArena's own choice.
* **scoring** (:func:`score_airline`, :func:`score_tax`, :func:`score_nba`): the answer checks of
  ``auto_test.py``, quirks included (see each function). ``**`` is removed from the reply first.
  Accuracy = correct / problems, as in ``overall.log``; a failed call or an unparsable reply is
  wrong (``invalid`` in the record says no answer could be read; it is never an abstention).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import tempfile
from dataclasses import dataclass
from datetime import datetime, timezone
from importlib import resources
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, Field

from taxlogic.kb.datafiles import DataError
from taxlogic.tables import shared_table

RULEARENA_COMMIT = "3ca874a18fa8f87a30689b194e9531ef2245851f"
INSTALL_RECORD = "INSTALL.json"
ENV_DIR = "TAXLOGIC_RULEARENA_DIR"
_COPIED = ("derived", "airline", "LICENSE", "SOURCE")

Domain = Literal["airline", "tax", "nba"]
DOMAINS: tuple[str, ...] = ("airline", "nba", "tax")  # Table 2's order
DATASETS: dict[str, str] = {f"rulearena-{d}": d for d in ("airline", "tax", "nba")}
SPLITS: tuple[str, ...] = ("level0", "level1", "level2")
#: ``--task`` values for RuleArena: ``all`` is the standard prompt; the others are RuleArena's
#: ``--textual`` (airline any level, tax level 0), ``--distractor`` and ``--placeholder`` (tax).
VARIANTS: dict[str, tuple[str, ...]] = {"airline": ("all", "textual"), "nba": ("all",),
                                        "tax": ("all", "textual", "distractor", "placeholder")}
#: Problems per domain and level (README "Verification performed").
COUNTS: dict[tuple[str, int], int] = {("airline", 0): 100, ("airline", 1): 100, ("airline", 2): 100,
                                      ("nba", 0): 81, ("nba", 1): 89, ("nba", 2): 46,
                                      ("tax", 0): 100, ("tax", 1): 100, ("tax", 2): 100}
#: The tax 1-shot example for a model outside RuleArena's ``llm_to_example`` mapping.
DEFAULT_TAX_EXAMPLE = "gpt"
#: RuleArena's ``--placeholder`` rewrite (README "tax ablations").
PLACEHOLDER = "\n" + "- " * 30 + "-\n"

__all__ = [
    "COUNTS", "DATASETS", "DEFAULT_TAX_EXAMPLE", "DOMAINS", "SPLITS", "VARIANTS",
    "RuleArenaItem", "Score", "install", "isclose", "load_problems_file", "load_rulearena", "manifest",
    "parse_split", "rebuild_prompt", "rulearena_root", "score", "score_airline", "score_nba", "score_tax",
    "tax_example_for", "verify",
]


# ------------------------------------------------------------------------------ where the data is


def _has_derived(root: Path) -> bool:
    return (root / "derived" / "oneshot_examples.json").is_file()


def rulearena_root(data_dir: Path | None = None) -> Path:
    """The RuleArena root (the folder holding ``derived/``): ``TAXLOGIC_RULEARENA_DIR`` if set,
    else ``<data_dir>/rulearena`` if installed, else ``../shared/rulearena`` beside the working
    directory or the repository checkout. Raises :class:`DataError` naming the fix."""
    env = os.environ.get(ENV_DIR)
    if env:
        root = Path(env).expanduser()
        if not _has_derived(root):
            raise DataError(f"{ENV_DIR}={env} holds no RuleArena data (no derived/oneshot_examples.json)")
        return root
    if data_dir is None:
        from taxlogic.settings import get_settings

        data_dir = get_settings().data_dir
    installed = Path(data_dir).expanduser() / "rulearena"
    if (installed / INSTALL_RECORD).is_file() and _has_derived(installed):
        return installed
    repo = Path(__file__).resolve().parents[3]
    for candidate in (Path.cwd().parent / "shared" / "rulearena", repo.parent / "shared" / "rulearena"):
        if _has_derived(candidate):
            return candidate
    raise DataError(f"RuleArena data not found: run `taxlogic data install-rulearena --from PATH` "
                    f"(PATH holding derived/ and airline/), or set {ENV_DIR}")


# ------------------------------------------------------------------------------------- install


def manifest() -> dict[str, str]:
    """Relative path -> SHA-256 of every RuleArena file taxlogic installs (shipped with the package)."""
    text = resources.files("taxlogic.eval.benchmarks.rulearena").joinpath("manifest.json").read_text()
    return json.loads(text)["files"]


def verify(root: Path) -> list[str]:
    """Compare ``root`` with the shipped manifest; returns problems (empty: every file matches)."""
    from taxlogic.kb.datafiles import verify_files

    return verify_files(root, manifest())


def install(source: str | Path, data_dir: Path | None = None, *, force: bool = False) -> dict:
    """Copy RuleArena's ``derived/``, ``airline/``, ``LICENSE`` and ``SOURCE`` from the folder
    ``source`` into ``<data_dir>/rulearena`` after checking every file's SHA-256 against
    ``eval/benchmarks/rulearena/manifest.json``; returns the install record (the existing one when RuleArena
    is installed already and not ``force``). Nothing is installed on a mismatch, nor when
    ``source`` is not a folder, installed or not (:class:`DataError`)."""
    if data_dir is None:
        from taxlogic.settings import get_settings

        data_dir = get_settings().data_dir
    target = Path(data_dir).expanduser() / "rulearena"
    src = Path(source).expanduser()
    if not src.is_dir():  # checked first: a wrong path is an error even when RuleArena is installed
        raise DataError(f"--from {source}: no such folder (expected a RuleArena copy holding derived/ and airline/)")
    if (target / INSTALL_RECORD).is_file() and not force:
        return json.loads((target / INSTALL_RECORD).read_text())
    problems = verify(src)
    if problems:
        shown = "; ".join(problems[:5]) + (f" (+{len(problems) - 5} more)" if len(problems) > 5 else "")
        raise DataError(f"{source} is not the RuleArena data at {RULEARENA_COMMIT[:8]}: {shown}")
    target.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="taxlogic-rulearena-", dir=target.parent) as tmp:
        staging = Path(tmp) / "rulearena"
        staging.mkdir()
        for rel in manifest():  # exactly the verified files; copies are re-checked below
            dest = staging / rel
            dest.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(src / rel, dest)
        problems = verify(staging)
        if problems:
            raise DataError(f"copy to {target} failed verification: {'; '.join(problems[:5])}")
        record = {"source": str(src.resolve()), "commit": RULEARENA_COMMIT, "files": len(manifest()),
                  "installed_at": datetime.now(timezone.utc).isoformat(timespec="seconds")}
        (staging / INSTALL_RECORD).write_text(json.dumps(record, indent=2))
        if target.exists():
            shutil.rmtree(target)
        shutil.move(str(staging), str(target))
    _examples.cache_clear()
    return record


# --------------------------------------------------------------------------------------- items


class RuleArenaItem(BaseModel):
    """One RuleArena problem, ready to send: ``user_prompt`` is already rebuilt for ``shots`` and
    ``variant``. ``answer``: int dollars (airline), float owed(+)/overpaid(-) (tax), bool "some
    operation violates the rules" (nba). Behaves like a SARA case for the runner: ``kind`` is the
    domain, ``expected`` the answer, ``rules`` a rule-set key."""

    id: str
    domain: Domain
    level: int
    index: int
    shots: int = 0
    variant: str = "all"
    system_prompt: str
    user_prompt: str
    answer: int | float | bool
    oneshot_example: str | None = Field(None, description="Which example was spliced in: airline, nba, or a tax example name.")
    oneshot_example_official: bool | None = Field(None, description="Tax: the example RuleArena itself uses for this model.")
    rules: str = "r"
    # airline
    question: str | None = None
    info: dict[str, Any] | None = None
    answer_details: dict[str, Any] | None = None
    # nba
    target_response: str | None = None
    illegal_operation: str | None = None
    problematic_team: str | None = None
    relevant_rules: list[str] | None = None
    # tax
    answer_status: str | None = None
    forms: dict[str, Any] | None = Field(None, description="Tax: the problem's `dict` record (form values, $TBD fields).")
    taxpayer: dict[str, Any] | None = Field(None, description="Tax: the `pydantic` TaxPayer record.")

    @property
    def kind(self) -> str:
        return self.domain

    @property
    def expected(self) -> int | float | bool:
        return self.answer


def _read_jsonl(path: Path) -> list[dict[str, Any]]:
    """Lines split on ``\\n`` only (a rule text may hold U+2028 and the like), strings as stored."""
    if not path.is_file():
        raise DataError(f"RuleArena file missing: {path}")
    out = []
    for raw in path.read_bytes().split(b"\n"):
        if raw.strip():
            out.append(json.loads(raw.decode("utf-8")))
    return out


@shared_table(maxsize=4)
def _examples(root: str) -> dict[str, Any]:
    path = Path(root) / "derived" / "oneshot_examples.json"
    if not path.is_file():
        raise DataError(f"RuleArena file missing: {path}")
    return json.loads(path.read_bytes().decode("utf-8"))


def tax_example_for(model: str | None, mapping: dict[str, str] | None = None) -> tuple[str, bool]:
    """(example name, official): RuleArena's ``llm_to_example`` choice for ``model``, else
    (:data:`DEFAULT_TAX_EXAMPLE`, False)."""
    if mapping is None:
        mapping = _examples(str(rulearena_root()))["tax"]["llm_to_example"]
    if model in mapping:
        return mapping[model], True
    return DEFAULT_TAX_EXAMPLE, False


def splice(p0: str, k: int, example: str, before: str) -> str:
    """``p0[:k] + example + p0[k:]`` after checking that ``p0[:k]`` ends with ``before``."""
    if len(p0) < k or not p0[:k].endswith(before):
        raise DataError(f"1-shot insertion point {k} does not follow the expected text {before[-40:]!r}")
    return p0[:k] + example + p0[k:]


def rebuild_prompt(row: dict[str, Any], domain: str, *, shots: int, variant: str, root: Path,
                   tax_example: str | None = None, ablation: dict[str, Any] | None = None) -> str:
    """The user message RuleArena sends for one problem line ``row`` (README "1-shot
    reconstruction" and the variants of the module docstring)."""
    ex = _examples(str(root))
    p0 = row["user_prompt_0shot"]
    field = "user_prompt_0shot"
    if variant == "textual" and domain == "airline":
        rules = (root / "airline" / "reference_rules.txt").read_bytes().decode("utf-8")
        textual = (root / "airline" / "reference_rules_textual.txt").read_bytes().decode("utf-8")
        if p0.count(rules) != 1:
            raise DataError(f"{row['id']}: airline reference rules not found once in the 0-shot prompt")
        p0, field = p0.replace(rules, textual), "user_prompt_0shot_textual"
    elif variant in ("textual", "distractor") and domain == "tax":
        if ablation is None:
            raise DataError(f"{row['id']}: no tax ablation line")
        p0 = ablation[f"user_prompt_0shot_{variant}"]
    if shots == 1:
        if domain == "tax":
            example = ex["tax"]["examples"][tax_example or DEFAULT_TAX_EXAMPLE]
        else:
            example = ex[domain]["example"]
        p0 = splice(p0, ex[domain]["insert_at"][field], example, ex[domain]["text_before_insert_point"][field])
    if variant == "placeholder":
        p0 = p0.replace("\n\n", PLACEHOLDER)
    return p0


def load_rulearena(domain: str, level: int, *, shots: int = 0, variant: str = "all", model: str | None = None,
                   root: Path | None = None) -> list[RuleArenaItem]:
    """All problems of one domain and level, in RuleArena's file order (by ``index``), with the
    user prompt for ``shots`` (0/1) and ``variant`` (``--task``: all | textual | distractor |
    placeholder). ``model`` picks the tax 1-shot example. Raises ValueError for an unsupported
    combination, :class:`DataError` if the data is missing or inconsistent."""
    if domain not in VARIANTS:
        raise ValueError(f"unknown RuleArena domain {domain!r}; known: {', '.join(VARIANTS)}")
    if level not in (0, 1, 2):
        raise ValueError(f"RuleArena levels are 0, 1, 2 (not {level!r})")
    if shots not in (0, 1):
        raise ValueError(f"--shots must be 0 or 1 (not {shots!r})")
    if variant not in VARIANTS[domain]:
        raise ValueError(f"rulearena-{domain} --task must be one of {', '.join(VARIANTS[domain])} (not {variant!r})")
    if domain == "tax" and variant in ("textual", "distractor"):
        if level != 0:
            raise ValueError(f"tax --task {variant} exists at level 0 only (RuleArena's ablation)")
        if shots:
            raise ValueError(f"tax --task {variant} is documented 0-shot only (the derived README verifies no 1-shot splice for it)")
    root = Path(root) if root else rulearena_root()
    rows = _read_jsonl(root / "derived" / f"{domain}_level{level}.jsonl")
    ablations = {}
    if domain == "tax" and variant in ("textual", "distractor"):
        ablations = {a["id"]: a for a in _read_jsonl(root / "derived" / "tax_level0_ablations.jsonl")}
    example, official = None, None  # the spliced example's name: airline, nba, or a tax example
    if shots == 1:
        if domain == "tax":
            example, official = tax_example_for(model, _examples(str(root))["tax"]["llm_to_example"])
        else:
            example = domain
    items = []
    for row in rows:
        prompt = rebuild_prompt(row, domain, shots=shots, variant=variant, root=root,
                                tax_example=example if domain == "tax" else None,
                                ablation=ablations.get(row["id"]))
        extra: dict[str, Any] = {}
        if domain == "airline":
            extra = {k: row.get(k) for k in ("question", "info", "answer_details")}
        elif domain == "nba":
            extra = {k: row.get(k) for k in ("target_response", "illegal_operation", "problematic_team", "relevant_rules")}
        else:
            extra = {"answer_status": row.get("answer_status"), "forms": row.get("dict"), "taxpayer": row.get("pydantic")}
        items.append(RuleArenaItem(id=row["id"], domain=domain, level=row["level"], index=row["index"], shots=shots,
                                   variant=variant, system_prompt=row["system_prompt"], user_prompt=prompt,
                                   answer=row["answer"], oneshot_example=example,
                                   oneshot_example_official=official, **extra))
    return sorted(items, key=lambda it: it.index)


def load_problems_file(path: Path, domain: str) -> list[RuleArenaItem]:
    """Problems of one domain from a JSONL file in the derived format (``--problems FILE``), one
    object a line with ``id``, ``level``, ``answer`` and the domain's record (tax: ``pydantic``,
    optionally ``dict``; airline: ``info``), and optionally the prompts (``system_prompt``,
    ``user_prompt_0shot``: without them only the knowledge base's gold method can answer). Items
    keep the file's order. Every record is checked here, before any run: its ``id``, ``level``
    and ``answer`` and the domain's record the gold translation reads (:func:`record_problem`).
    Raises :class:`DataError` naming the file, the line (1-based, as an editor counts) and the
    field of the first bad entry; an empty file (no problem in it) is an error too."""
    path = Path(path).expanduser()
    if not path.is_file():
        raise DataError(f"{path}: no such file")
    items = []
    for lineno, raw in enumerate(path.read_bytes().split(b"\n"), start=1):
        if not raw.strip():
            continue
        where = f"{path} line {lineno}"
        try:
            row = json.loads(raw.decode("utf-8"))
        except UnicodeDecodeError:
            raise DataError(f"{where}: not UTF-8 text") from None
        except json.JSONDecodeError as exc:
            raise DataError(f"{where}: not a JSON object ({exc.msg} at column {exc.colno})") from None
        if not isinstance(row, dict):
            raise DataError(f"{where}: not a JSON object (a {type(row).__name__})")
        bad = record_problem(row, domain)
        if bad is not None:
            field, message = bad
            raise DataError(f"{where}" + (f" ({row['id']})" if isinstance(row.get("id"), (str, int)) and field != "id" else "")
                            + f": field {field!r}: {message}")
        extra: dict[str, Any] = {}
        if domain == "tax":
            extra = {"answer_status": row.get("answer_status"), "forms": row.get("dict"), "taxpayer": row.get("pydantic")}
        elif domain == "airline":
            extra = {k: row.get(k) for k in ("question", "info", "answer_details")}
        try:
            items.append(RuleArenaItem(id=str(row["id"]), domain=domain, level=int(row["level"]),
                                       index=int(row.get("index", len(items))), system_prompt=row.get("system_prompt", ""),
                                       user_prompt=row.get("user_prompt_0shot", ""), answer=row["answer"], **extra))
        except (ValueError, TypeError) as exc:
            raise DataError(f"{where} ({row.get('id')}): {' '.join(str(exc).split())}") from None
    if not items:
        raise DataError(f"{path}: no problems in the file (one JSON object a line: id, level, answer and the "
                        f"{'pydantic' if domain == 'tax' else 'info' if domain == 'airline' else 'problem'} record)")
    return items


def _is_number(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def record_problem(row: dict[str, Any], domain: str) -> tuple[str, str] | None:
    """The first broken field of one ``--problems`` record, as (field, what is wrong), or None.
    Checks ``id`` (a string or number), ``level`` (0, 1 or 2), ``answer`` (a number; NBA: a
    boolean) and the record the domain's gold translation reads, field by field: tax ``pydantic``
    (:func:`taxlogic.kb.form1040.taxpayer_to_facts`: filing status, ages, counts, every form line
    an amount or a ``$TBD`` text, students), airline ``info``
    (:func:`taxlogic.kb.airline.info_to_facts`); then the translation itself, so that no record
    that would fail inside a run is accepted. Nested fields are named with dots
    (``pydantic.age``, ``info.bag_list[2].weight``)."""
    for key in ("id", "level", "answer"):
        if key not in row:
            return key, "missing"
    if not isinstance(row["id"], (str, int)) or isinstance(row["id"], bool) or not str(row["id"]).strip():
        return "id", f"must be a non-empty string (not {row['id']!r})"
    if row["level"] not in (0, 1, 2) or isinstance(row["level"], bool):
        return "level", f"must be 0, 1 or 2 (not {row['level']!r})"
    if domain == "nba":
        if not isinstance(row["answer"], bool):
            return "answer", f"must be true or false (not {row['answer']!r})"
    elif not _is_number(row["answer"]):
        return "answer", f"must be a number of dollars (not {row['answer']!r})"
    for key in ("system_prompt", "user_prompt_0shot"):
        if key in row and not isinstance(row[key], str):
            return key, f"must be a string (not a {type(row[key]).__name__})"
    if domain == "tax":
        return _taxpayer_problem(row.get("pydantic"))
    if domain == "airline" and row.get("info") is not None:
        return _info_problem(row["info"])
    return None


def _taxpayer_problem(rec: Any) -> tuple[str, str] | None:
    from taxlogic.kb.form1040 import FIELD_LINES, FILING_STATUSES, taxpayer_to_facts

    if not isinstance(rec, dict):
        return "pydantic", "missing: the TaxPayer record of the problem" if rec is None else "must be an object"
    status = rec.get("filing_status")
    if str(status).lower() not in FILING_STATUSES:
        return "pydantic.filing_status", f"must be one of {', '.join(FILING_STATUSES)} (not {status!r})"
    if not _is_number(rec.get("age")):
        return "pydantic.age", f"must be a number of years (not {rec.get('age')!r})"
    for key in ("spouse_age", "num_qualifying_children", "num_other_dependents"):
        if rec.get(key) is not None and not _is_number(rec[key]):
            return f"pydantic.{key}", f"must be a number (not {rec[key]!r})"
    for key in FIELD_LINES:
        v = rec.get(key)
        if v is not None and not isinstance(v, str) and not _is_number(v):
            return f"pydantic.{key}", f"must be an amount in dollars or a text such as $TBD (not {v!r})"
    students = rec.get("student_list") or []
    if not isinstance(students, list):
        return "pydantic.student_list", "must be a list"
    for i, st in enumerate(students):
        if not isinstance(st, dict) or not _is_number(st.get("qualified_student_expenses")):
            return f"pydantic.student_list[{i}].qualified_student_expenses", "must be an amount in dollars"
        for line in ("23", "24", "25", "26"):
            if f"f8863_part_iii_{line}" not in st:
                return f"pydantic.student_list[{i}].f8863_part_iii_{line}", "missing"
    try:
        taxpayer_to_facts(rec)
    except (KeyError, ValueError, TypeError) as exc:
        return "pydantic", " ".join(str(exc).split()) or type(exc).__name__
    return None


def _info_problem(info: Any) -> tuple[str, str] | None:
    from taxlogic.kb.airline import info_to_facts

    if not isinstance(info, dict):
        return "info", "must be an object"
    for key in ("base_price", "customer_class", "routine", "direction", "bag_list"):
        if key not in info:
            return f"info.{key}", "missing"
    if not _is_number(info["base_price"]):
        return "info.base_price", f"must be an amount in dollars (not {info['base_price']!r})"
    if info["direction"] not in (0, 1) or isinstance(info["direction"], bool):
        return "info.direction", f"must be 0 (departing the U.S.) or 1 (arriving) (not {info['direction']!r})"
    if not isinstance(info["bag_list"], list):
        return "info.bag_list", "must be a list"
    for i, bag in enumerate(info["bag_list"]):
        if not isinstance(bag, dict):
            return f"info.bag_list[{i}]", "must be an object"
        size = bag.get("size")
        if not isinstance(size, list) or len(size) != 3 or not all(_is_number(x) for x in size):
            return f"info.bag_list[{i}].size", f"must be [length, width, height] in inches (not {size!r})"
        if not _is_number(bag.get("weight")):
            return f"info.bag_list[{i}].weight", f"must be a weight in lbs (not {bag.get('weight')!r})"
    try:
        info_to_facts(info)
    except (KeyError, ValueError, TypeError) as exc:
        return "info", " ".join(str(exc).split()) or type(exc).__name__
    return None


def parse_split(split: str) -> int:
    if split not in SPLITS:
        raise ValueError(f"RuleArena splits are {', '.join(SPLITS)} (not {split!r})")
    return int(split[-1])


# ------------------------------------------------------------------------------------- scoring


@dataclass(frozen=True)
class Score:
    """The benchmark's verdict on one reply. ``answered``: an answer statement was found (False
    means the record is invalid: no marker, no ``$``, no regex match, no ``Answer:``).
    ``prediction``: what was read (airline int, or the compared string on the substring path;
    tax signed float; nba the first ``Answer: ...`` statement). ``rule`` names the path taken."""

    correct: bool
    answered: bool
    prediction: int | float | str | bool | None = None
    rule: str = ""
    reason: str | None = None


def _strip_bold(reply: str) -> str:
    return reply.replace("**", "")


def isclose(a: float, b: float, rtol: float = 1e-05, atol: float = 1e-08) -> bool:
    """``numpy.isclose(a, b)`` for finite scalars: ``|a - b| <= atol + rtol * |b|`` (asymmetric in b)."""
    return abs(a - b) <= atol + rtol * abs(b)


AIRLINE_MARKER = "The total cost is"


def score_airline(reply: str, answer: int) -> Score:
    """``airline/auto_test.py``: remove ``**``; find the first ``The total cost is`` (case
    sensitive), then the first ``$`` from there; take *everything* after it to the end of the
    reply and delete every ``,`` and ``.`` -> ``v``. If ``v.isnumeric()``: correct iff
    ``int(v) == answer``; otherwise correct iff ``str(answer)`` occurs anywhere in ``v``.

    Quirks kept: ``$1,245.00.`` -> 124500 (wrong); text after the amount switches to the
    substring rule, so ``$F0 dollars`` is a false positive and a later restatement of the right
    amount rescues a wrong first one. Edge case: ``v.isnumeric()`` but ``int(v)`` fails (``½``):
    RuleArena's exception handler re-runs the whole attempt up to 5 times and then counts the
    problem wrong; here it is wrong at once (invalid, with that reason) - at temperature 0 the
    repeated call returns the same reply."""
    text = _strip_bold(reply)
    start = text.find(AIRLINE_MARKER)
    if start == -1:
        return Score(False, False, rule="no-marker", reason=f"no {AIRLINE_MARKER!r} in the reply")
    dollar = text.find("$", start)
    if dollar == -1:
        return Score(False, False, rule="no-dollar", reason=f"no '$' after {AIRLINE_MARKER!r}")
    v = text[dollar + 1:].replace(",", "").replace(".", "")
    if v.isnumeric():
        try:
            value = int(v)
        except ValueError:
            return Score(False, False, rule="int-failed",
                         reason=f"{v[:40]!r} is numeric but int() fails: RuleArena retries the attempt (5 at most), then counts it wrong")
        return Score(value == answer, True, prediction=value, rule="int")
    return Score(str(answer) in v, True, prediction=v[:120], rule="substring")


#: ``tax/auto_test.py``'s pattern, verbatim (the final ``.`` is unescaped: any one character).
TAX_PATTERN = re.compile(r"The total tax (owed|overpaid) is \$((?:\d{1,3}(?:,\d{3})*|\d+)(\.\d+)?).")


def score_tax(reply: str, answer: float) -> Score:
    """``tax/auto_test.py``: remove ``**``; ``re.search`` :data:`TAX_PATTERN`; value =
    ``float(group(2) without commas)``, negated for ``overpaid``; correct iff
    ``numpy.isclose(value, answer)``.

    Quirks kept: ``$12345.67.`` parses as 123 (the ``\\d{1,3}`` alternative wins and the final
    ``.`` eats a digit); a number ending the reply loses its last character (``$1,234.56`` ->
    1234.5); a minus sign never matches (the sign comes only from owed/overpaid)."""
    m = TAX_PATTERN.search(_strip_bold(reply))
    if m is None:
        return Score(False, False, rule="no-match", reason="no 'The total tax owed/overpaid is $X.' in the reply")
    value = float(m.group(2).replace(",", ""))
    if m.group(1) == "overpaid":
        value = -value
    return Score(isclose(value, answer), True, prediction=value, rule=m.group(1))


_NBA_ANSWER = re.compile(r"Answer: (?:False|True(?:\. Illegal Operation: \S*\. Problematic Team: \S*)?)")


def score_nba(reply: str, target_response: str) -> Score:
    """``nba/auto_test.py``: remove ``**``; correct iff ``target_response`` (``Answer: False``, or
    ``Answer: True. Illegal Operation: X. Problematic Team: Y``) occurs anywhere in the reply,
    case-sensitive. The prediction shown is the first ``Answer: ...`` statement (information
    only; it does not decide correctness)."""
    text = _strip_bold(reply)
    correct = target_response in text
    m = _NBA_ANSWER.search(text)
    if correct:
        return Score(True, True, prediction=target_response, rule="target")
    if m is None:
        return Score(False, False, rule="no-answer", reason="no 'Answer: True/False' statement in the reply")
    return Score(False, True, prediction=m.group(0), rule="target")


def score(item: RuleArenaItem, reply: str) -> Score:
    if item.domain == "airline":
        return score_airline(reply, int(item.answer))
    if item.domain == "tax":
        return score_tax(reply, float(item.answer))
    return score_nba(reply, item.target_response or "")
