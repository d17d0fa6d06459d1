"""SARA v2 as a benchmark (``--dataset sara-v2``): the 100 numeric cases of Holzenberger and Van
Durme 2021 (:mod:`taxlogic.kb.sara.data.v2`), judged under v2's own statutes (rule set ``v2``).

One split, ``all`` (the release has no train/test files; Jurayj, Holzenberger and Van Durme 2025
evaluate all 100), one task, ``numeric``. Score rule and metrics as SARA's
(:class:`~taxlogic.eval.benchmarks.sara.SaraBenchmark`: exact match in whole dollars, paper §4
"EM"), with v2's own errata (``kb/sara/data/v2_errata.json``, :mod:`taxlogic.kb.sara.data.v2_errata`) and v2's
own exemplar pool (:meth:`SaraV2Benchmark.exemplar_cases`: v2 cases only, never a 2020 case).
A run's records say ``dataset`` ``sara-v2`` and ``rules`` ``v2``; its ``run.json`` the release.
"""

from __future__ import annotations

from taxlogic.eval.benchmarks import LoadOptions, register
from taxlogic.eval.benchmarks.sara import SaraBenchmark
from taxlogic.kb.sara.data.v2 import V2, V2_RELEASE


class SaraV2Benchmark(SaraBenchmark):
    """SARA v2's 100 numeric cases (``--split all``, ``--task numeric`` or ``all``)."""

    name = "sara-v2"
    family = "SARA"
    title = V2_RELEASE
    release = V2_RELEASE
    splits = ("all",)
    default_split = "all"

    def items(self, split: str, task: str, options: LoadOptions):
        from taxlogic.kb.sara.data.cases import check_task
        from taxlogic.kb.sara.data.v2 import load_v2_cases, v2_rules

        if split not in self.splits:
            raise ValueError(f"{V2_RELEASE} has one split, all (not {split!r}): its 100 cases have no train/test files")
        check_task(task)
        cases = [c for c in load_v2_cases() if task in ("all", c.kind)]
        return cases, {V2: v2_rules()}

    def exemplar_cases(self):
        """The cases exemplars of a v2 run come from: v2's own (their facts are in v2's
        representation); which of them an item may see is :mod:`taxlogic.agent.exemplars`' rule."""
        from taxlogic.kb.sara.data.v2 import load_v2_cases

        return load_v2_cases()

    def has_erratum(self, record) -> bool:
        """Does the record's case have a documented SARA v2 erratum (not the 2020 release's)?"""
        from taxlogic.kb.sara.data.v2_errata import has_v2_erratum

        return has_v2_erratum(record)


SARA_V2 = register(SaraV2Benchmark())
