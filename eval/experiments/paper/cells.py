"""The cells of a reproduction: one (method × dataset × split × task) run per cell, each under the
paper's protocol (:mod:`taxlogic.eval.harness.protocol`), found from the published tables' columns
(:mod:`.published`). Table 7's contamination quiz is one cell of its own (method
``contamination``)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

from taxlogic.eval.experiments.paper.published import published
from taxlogic.eval.scoring.records import RunConfig

#: The methods a reproduction may run (the paper's Dir and Pro columns, and taxlogic's agent).
METHODS = ("direct", "prolog-single-shot", "agent")
#: The tables it may write.
TABLES = (5, 6, 7, 8, 9)
#: The agent's repair rounds under the paper's protocol (``eval run``'s default).
AGENT_BUDGET = 3
#: Table 7's method name (not an ``eval run`` method: :func:`taxlogic.eval.experiments.contamination.run_contamination`).
QUIZ = "contamination"


@dataclass(frozen=True)
class Cell:
    """One run: ``method`` on ``dataset``/``split``/``task``. Its run folder is
    ``<out>/<name>``."""

    method: str
    dataset: str
    split: str
    task: str

    @property
    def name(self) -> str:
        return f"{self.method}-{self.dataset}-{self.split}-{self.task}"

    @property
    def is_quiz(self) -> bool:
        return self.method == QUIZ

    @property
    def translator(self) -> bool:
        return self.method in ("agent", "prolog-single-shot")

    def folder(self, out: Path) -> Path:
        return Path(out) / self.name


def cells_for(tables: Iterable[int], methods: Iterable[str]) -> list[Cell]:
    """Every cell the chosen ``tables`` need with the chosen ``methods``, in table order, each
    once (Table 5's Direct column and Table 6's Dir-N are one cell)."""
    methods = set(methods)
    out: dict[Cell, None] = {}
    for n in tables:
        for col in published().table(n).columns:
            for m in col.methods:
                if m == QUIZ or m in methods:
                    out[Cell(m, col.dataset, col.split, col.task)] = None
    return list(out)


def cell_config(cell: Cell, model: str | None, limit: int | None = None, budget: int = AGENT_BUDGET) -> RunConfig:
    """The run folder's config: what ``taxlogic eval run --protocol paper --method M --dataset D
    --split S --task T`` writes, so a cell can also be resumed with ``eval run``."""
    from taxlogic.eval.harness.protocol import held_out_ids

    translator = cell.translator
    return RunConfig(held_out=sorted(held_out_ids()), method=cell.method, dataset=cell.dataset, split=cell.split, task=cell.task, model=model,
                     budget=budget if cell.method == "agent" else None, samples=1 if cell.method == "agent" else None,
                     exemplars=4 if translator else None, limit=limit, protocol="paper", holdout="paper",
                     query_in_prompt=False if translator else None, anchors=False if cell.method == "agent" else None)


def load_cell(cell: Cell, model: str | None, plus_dir: Path | None, limit: int | None):
    """(dataset, exemplar pool) of a run cell under the paper's protocol: its items minus the
    held-out cases (and SARA⁺ items made from them), the first ``limit``. Raises ValueError or
    FileNotFoundError (no SARA⁺ build) as the benchmark does."""
    from taxlogic.eval.benchmarks import LoadOptions, get_benchmark
    from taxlogic.eval.harness.protocol import apply_holdout
    from taxlogic.settings import get_settings

    bench = get_benchmark(cell.dataset)
    ds = bench.load(cell.split, cell.task, options=LoadOptions(model=model or get_settings().llm_model, plus_dir=plus_dir))
    pool = apply_holdout(ds, "paper", limit)
    return ds, pool


def quiz_instances(limit: int | None, seed: int = 0):
    """Table 7's quiz instances: SARA's cases (all 376, or a seeded sample of ``limit``)."""
    from taxlogic.eval.experiments.contamination import instances_from_cases, select_cases
    from taxlogic.kb.sara.data.cases import load_cases

    return instances_from_cases(select_cases(load_cases(), limit or 0, seed))
