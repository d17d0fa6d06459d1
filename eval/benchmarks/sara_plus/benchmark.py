"""SARA⁺ as a benchmark (``--dataset sara-plus``, or a SARA⁺ ``--split`` alone): the splits of a
SARA⁺ build (``taxlogic data plus``, :mod:`taxlogic.eval.benchmarks.sara_plus`), paper Table 2.

Splits :data:`taxlogic.eval.benchmarks.sara_plus.SPLITS` (``sara_n``, ``sara_n_r``, ``sara_n_c``, ``sara_n_rc``,
``sara_ee``, ``sara_ee_c``, ``sara_en``, ``sara_en_r``, ``sara_en_c``, ``sara_en_rc``); tasks as
SARA's. Items under the perturbed statutes carry ``rules == "r'"`` and are judged under the build's
r'. The build is ``LoadOptions.plus_dir`` (``--plus-dir``), by default ``<data>/sara_plus/seed-0``.
Score rule and metrics: SARA's (:mod:`taxlogic.eval.benchmarks.sara`).
"""

from __future__ import annotations

from pathlib import Path

from taxlogic.eval.benchmarks import LoadOptions, register
from taxlogic.eval.benchmarks.sara import SaraBenchmark
from taxlogic.eval.benchmarks.sara_plus import R, R_PRIME, SPLITS
from taxlogic.kb.sara.data.install import SARA_RELEASE


class SaraPlusBenchmark(SaraBenchmark):
    name = "sara-plus"
    title = f"SARA⁺ from {SARA_RELEASE}"
    splits = SPLITS

    def items(self, split: str, task: str, options: LoadOptions):
        from taxlogic.eval.benchmarks.sara_plus.build import default_build_dir, load_plus_split, plus_rules
        from taxlogic.kb.sara.data.cases import check_task
        from taxlogic.kb.sara.data.install import sara_rules

        if split not in SPLITS:
            raise ValueError(f"SARA⁺ splits are {', '.join(SPLITS)} (not {split!r})")
        check_task(task)
        build = Path(options.plus_dir) if options.plus_dir else default_build_dir(0)
        if not (build / f"{split}.jsonl").is_file():
            raise FileNotFoundError(f"no SARA⁺ build at {build}: run `taxlogic data plus --seed 0` first (or pass --plus-dir)")
        items = [c for c in load_plus_split(build, split) if task == "all" or c.kind == task]
        return sorted(items, key=lambda c: c.id), {R: sara_rules(), R_PRIME: plus_rules(build)}

    def report_split(self, cfg) -> str:
        """SARA⁺ split names say their dataset: the split alone."""
        return cfg.split


SARA_PLUS = register(SaraPlusBenchmark())
