"""Datasets for evaluation: items (typed :class:`~taxlogic.kb.cases.Case` records) and the rule
sets they are judged under.

- ``sara``: SARA v2; splits ``train``, ``test``, ``all``; tasks ``entailment`` (SARA_E),
  ``numeric`` (SARA_N), ``all``.
- ``sara-plus``: a SARA⁺ build (``taxlogic data plus``); splits ``sara_n``, ``sara_n_r``,
  ``sara_n_c``, ``sara_n_rc``, ``sara_ee``, ``sara_ee_c``, ``sara_en``, ``sara_en_r``,
  ``sara_en_c``, ``sara_en_rc`` (paper Table 2); items under r' carry ``rules == "r'"``.
- ``rulearena-airline``, ``rulearena-tax``, ``rulearena-nba``: RuleArena (:mod:`taxlogic.eval.rulearena`);
  splits ``level0``-``level2``; ``shots`` 0 or 1; ``task`` is the prompt variant (``all``: standard,
  ``textual``, ``distractor``, ``placeholder``); items are :class:`~taxlogic.eval.rulearena.RuleArenaItem`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from taxlogic.kb.cases import Case, load_cases
from taxlogic.kb.rules import RuleSet, sara_rules

if TYPE_CHECKING:
    from taxlogic.eval.rulearena import RuleArenaItem

PLUS_SPLITS = ("sara_n", "sara_n_r", "sara_n_c", "sara_n_rc", "sara_ee", "sara_ee_c",
               "sara_en", "sara_en_r", "sara_en_c", "sara_en_rc")


@dataclass
class Dataset:
    """``items`` to evaluate and ``rule_sets`` by name (every item's ``rules`` is a key)."""

    name: str
    split: str
    task: str
    items: list[Case | RuleArenaItem]
    rule_sets: dict[str, RuleSet] = field(default_factory=dict)


def default_plus_dir(seed: int = 0) -> Path:
    from taxlogic.settings import get_settings

    return get_settings().data_dir / "sara_plus" / f"seed-{seed}"


def infer_dataset(dataset: str | None, split: str) -> str:
    """``--split sara_n_rc`` alone means the SARA⁺ dataset."""
    if dataset:
        return dataset
    return "sara-plus" if split in PLUS_SPLITS else "sara"


def load_dataset(name: str, split: str, task: str = "all", *, limit: int | None = None,
                 plus_dir: Path | None = None, shots: int = 0, model: str | None = None) -> Dataset:
    """Load a dataset's items, sorted by id, filtered by ``task``, the first ``limit`` if given.
    RuleArena: items in file order, ``task`` = variant, ``shots`` 0/1, ``model`` picks the tax
    1-shot example. Raises ValueError for an unknown dataset or split, DataError if data is not installed."""
    from taxlogic.eval import rulearena

    if rulearena.is_rulearena(name):
        levels = (0, 1, 2) if split == "all" else (rulearena.parse_split(split),)
        items = [it for level in levels
                 for it in rulearena.load_rulearena(rulearena.DATASETS[name], level, shots=shots, variant=task, model=model)]
        rule_sets = {}
        if name == "rulearena-airline":  # the airline KB (gold and agent methods)
            from taxlogic.kb.airline import airline_rules

            rule_sets = {"r": airline_rules()}
        return Dataset(name=name, split=split, task=task, items=items[:limit] if limit else items, rule_sets=rule_sets)
    if shots:
        raise ValueError("--shots applies to RuleArena datasets only")
    if name == "sara":
        if split not in ("train", "test", "all"):
            raise ValueError(f"SARA splits are train, test, all (not {split!r}); SARA⁺ splits need --dataset sara-plus")
        items = load_cases(split=split, kind=task)
        rule_sets = {"r": sara_rules()}
    elif name == "sara-plus":
        if split not in PLUS_SPLITS:
            raise ValueError(f"SARA⁺ splits are {', '.join(PLUS_SPLITS)} (not {split!r})")
        from taxlogic.eval.plus.build import load_plus_split, plus_rules

        build = Path(plus_dir) if plus_dir else default_plus_dir()
        if not (build / f"{split}.jsonl").is_file():
            raise FileNotFoundError(f"no SARA⁺ build at {build}: run `taxlogic data plus --seed 0` first (or pass --plus-dir)")
        items = [c for c in load_plus_split(build, split) if task == "all" or c.kind == task]
        rule_sets = {"r": sara_rules(), "r'": plus_rules(build)}
    else:
        raise ValueError(f"unknown dataset {name!r}; known: sara, sara-plus, {', '.join(rulearena.DATASETS)}")
    items = sorted(items, key=lambda c: c.id)
    if limit:
        items = items[:limit]
    return Dataset(name=name, split=split, task=task, items=items, rule_sets=rule_sets)
