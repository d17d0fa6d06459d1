"""Running a reproduction: every cell in its own run folder under one output folder, each resumed
where it stopped (:class:`taxlogic.eval.scoring.records.RunStore` skips finished cases; the quiz resumes
from its own files), so running the same command again does only what is missing. The SARA⁺
splits the cells need are built first (seeded) when the build folder lacks them."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from taxlogic.eval.experiments.paper.cells import AGENT_BUDGET, Cell, cell_config, load_cell, quiz_instances
from taxlogic.eval.scoring.records import ErroredCase, read_errored, read_records

#: ``progress(cell, done, total)``: after each finished case of a cell (and once at its start).
Progress = Callable[[Cell, int, int], None]


def plus_build_needed(cells: list[Cell], plus_dir: Path) -> bool:
    """Do ``cells`` need SARA⁺ splits that ``plus_dir`` does not hold?"""
    return any(c.dataset == "sara-plus" and not (Path(plus_dir) / f"{c.split}.jsonl").is_file() for c in cells)


def ensure_plus(cells: list[Cell], plus_dir: Path, seed: int, *, workers: int | None = None, progress=None) -> bool:
    """Build SARA⁺ (``seed``) into ``plus_dir`` if the cells need splits it lacks; True if built.
    Raises as :func:`taxlogic.eval.benchmarks.sara_plus.build.build_plus` does."""
    if not plus_build_needed(cells, plus_dir):
        return False
    from taxlogic.eval.benchmarks.sara_plus.build import build_plus

    build_plus(seed, plus_dir, workers=workers, progress=progress)
    return True


@dataclass
class CellResult:
    """What running one cell did: ``ran`` cases now (0: nothing was missing), ``errored`` cases
    left to redo."""

    cell: Cell
    ran: int
    errored: int


class SharedEngines:
    """Prolog engines shared by the cells of one reproduction, one per rule set name (``r``:
    SARA's statutes; ``r'``: the SARA⁺ build's), started on first use and closed together: the
    cells run one after the other, so each rule set loads once instead of once per cell. The pool
    is sized as :class:`taxlogic.eval.methods.registry.Engines` sizes it for ``workers`` and the cells'
    ``concurrency``. Use as a context manager."""

    def __init__(self, workers: int | None = None, concurrency: int = 1) -> None:
        self.workers = workers
        self.concurrency = concurrency
        self.engines: dict = {}

    def for_dataset(self, ds):
        """An :class:`taxlogic.eval.methods.registry.Engines` for ``ds`` drawing on the shared engines."""
        from taxlogic.eval.methods.registry import Engines

        return Engines(ds, workers=self.workers, concurrency=self.concurrency, _engines=self.engines)

    def __enter__(self) -> "SharedEngines":
        return self

    def __exit__(self, *exc) -> None:
        engines, self.engines = list(self.engines.values()), {}
        for e in engines:
            e.close()


def run_cell(cell: Cell, out: Path, model: str | None, *, plus_dir: Path | None, limit: int | None,
             concurrency: int = 2, workers: int | None = None, budget: int = AGENT_BUDGET,
             progress: Progress | None = None, engines: SharedEngines | None = None,
             processes: int = 1) -> CellResult:
    """Run (or resume) one cell into ``<out>/<cell.name>`` under the paper's protocol, then write
    its ``summary.json``. ``engines``: Prolog engines shared with the other cells (None: the
    cell's own, closed at its end). ``processes`` > 1: the cell's slots over that many forked
    worker processes (:mod:`taxlogic.eval.harness.processes`), each with its own engines for the cell
    (its share of ``workers``) instead of the shared ones. Raises
    :class:`taxlogic.eval.harness.runner.EndpointDown` when the endpoint fails on too many cases in a
    row, ValueError for a folder holding another run."""
    if cell.is_quiz:
        return _run_quiz(cell, out, model, limit, concurrency, progress)
    from taxlogic.eval.harness.history import case_rounds
    from taxlogic.eval.methods.registry import MethodOptions, method_for_run
    from taxlogic.eval.scoring.records import RunStore
    from taxlogic.eval.harness.runner import run_eval
    from taxlogic.eval.reports.summary import run_summary

    folder = cell.folder(out)
    ds, pool = load_cell(cell, model, plus_dir, limit)
    config = cell_config(cell, model, limit, budget)
    own = engines is None
    engines = (SharedEngines(workers, concurrency) if own else engines).for_dataset(ds)
    ids = {c.id for c in ds.items}
    try:
        with RunStore(folder, config) as store:
            done = len(store.done_ids() & ids)
            if done < len(ids):
                fn, _ = method_for_run(cell.method, ds, MethodOptions(
                    model_name=model, budget=budget, samples=1,
                    exemplars=4 if cell.translator else 0, exemplar_pool=pool, query_in_prompt=not cell.translator,
                    anchors=False), concurrency=concurrency, processes=processes, engines=engines)
                if progress:
                    progress(cell, done, len(ids))
                count = [done]

                def tick(_record) -> None:
                    count[0] += 1
                    if progress:
                        progress(cell, count[0], len(ids))
                rounds = case_rounds(folder.parent, ds.name) if concurrency > 1 else None  # the other cells' rounds
                counts = run_eval(ds, fn, cell.method, store, concurrency=concurrency, processes=processes,
                                  rounds=rounds, on_record=tick)
                ran = counts.ran
            else:
                ran = 0
                if progress:
                    progress(cell, done, len(ids))
    finally:
        if own:
            engines.close()
    records = [r for r in read_records(folder) if r.case_id in ids]
    errored: list[ErroredCase] = [e for e in read_errored(folder) if e.case_id in ids]
    summary = run_summary(config, records, errored)
    (folder / "summary.json").write_text(json.dumps(summary, indent=2, default=str) + "\n")
    return CellResult(cell, ran, len(errored))


def _run_quiz(cell: Cell, out: Path, model: str | None, limit: int | None, concurrency: int,
              progress: Progress | None) -> CellResult:
    """Table 7's contamination quiz (offline perturbations, seed 0) into ``<out>/<cell.name>``."""
    from taxlogic.agent import llm
    from taxlogic.eval.experiments.contamination import _load_records, run_contamination  # noqa: PLC2701
    from taxlogic.settings import get_settings

    folder = cell.folder(out)
    instances = quiz_instances(limit)
    before = len(_load_records(folder / "records.jsonl")) if (folder / "records.jsonl").is_file() else 0
    settings = get_settings()
    if model:
        settings = settings.model_copy(update={"llm_model": model})
    chat = llm.chat_model(settings)

    def report(phase: str, done: int, total: int) -> None:
        if progress and phase in ("bdq", "bcq"):
            progress(cell, done, total)
    run_contamination(chat, instances, folder, model_name=settings.llm_model, seed=0, concurrency=concurrency,
                      progress=report, extra_meta={"split": "all", "task": "all", "limit": limit or 0})
    after = len(_load_records(folder / "records.jsonl")) if (folder / "records.jsonl").is_file() else 0
    return CellResult(cell, after - before, 0)
