"""Benchmarks as dataset + scorer (after inspect_ai's ``Task``), found by name in one registry.

A benchmark is one module that subclasses :class:`Benchmark` and registers it with
:func:`register` (an instance, or ``@register`` on the class). The built-in ones are :mod:`~taxlogic.eval.benchmarks.sara` (``sara``),
:mod:`~taxlogic.eval.benchmarks.sara_plus.benchmark` (``sara-plus``) and
:mod:`~taxlogic.eval.benchmarks.rulearena` (``rulearena-airline``, ``rulearena-tax``,
``rulearena-nba``); any other module may register one (a test does). A benchmark says:

- its splits, and how to load the items of a split and task with the rule sets they are judged
  under (:meth:`Benchmark.items`, wrapped by :meth:`Benchmark.load` into a :class:`Dataset`);
- how to score one prediction (:meth:`Benchmark.is_correct`); :func:`score` is the one place a
  record's ``correct`` is decided, called by the runner on every record a method returns;
- its metrics for the run summary (:meth:`Benchmark.metrics`, :meth:`Benchmark.headline`) and its
  rows in a report (:meth:`Benchmark.report_rows`, and :attr:`Benchmark.report_table` for a
  table of its own, e.g. RuleArena's Table 2);
- its own versions of a method where the generic one (:mod:`taxlogic.eval.methods.registry`) does not fit
  (:attr:`Benchmark.methods`, e.g. RuleArena airline's gold and agent), and whether the generic
  methods apply at all (:attr:`Benchmark.generic_methods`).

Methods (agent, direct, gold) only predict; the summary (:mod:`taxlogic.eval.reports.summary`), the
report (:mod:`taxlogic.eval.reports.report`) and ``taxlogic eval run`` read everything else from here.

This room holds the registry (this module) and the built-in benchmarks, each with what makes its
data: :mod:`.sara`, :mod:`.sara_plus` (SARA⁺: its generation, ``taxlogic data plus``, and its
benchmark, :mod:`.sara_plus.benchmark`) and :mod:`.rulearena` (its installer and checksums,
``rulearena/manifest.json``). May import: :mod:`taxlogic.eval.methods` (a benchmark's own
methods), :mod:`taxlogic.eval.scoring` (records, metrics), and the agent, kb and tools layers;
not the harness, reports, faults or experiments.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Mapping, Protocol

if TYPE_CHECKING:
    from taxlogic.eval.methods.registry import Method, MethodOptions
    from taxlogic.eval.scoring.records import CaseRecord, RunConfig
    from taxlogic.kb.rules import RuleSet

#: The modules of the built-in benchmarks, imported (and so registered) on first use of the registry.
BUILTINS: tuple[str, ...] = (
    "taxlogic.eval.benchmarks.sara",
    "taxlogic.eval.benchmarks.sara_plus.benchmark",
    "taxlogic.eval.benchmarks.sara_v2",
    "taxlogic.eval.benchmarks.rulearena",
)

_REGISTRY: dict[str, "Benchmark"] = {}
_builtins_loaded = False


class Item(Protocol):
    """What the runner, the methods and the scorer read from an item (a SARA
    :class:`~taxlogic.kb.sara.data.cases.Case`, a :class:`~taxlogic.eval.benchmarks.rulearena.data.RuleArenaItem`, ...):
    ``kind`` is the task (``entailment``, ``numeric``, a RuleArena domain), ``expected`` the gold
    answer, ``rules`` the key of its rule set in :attr:`Dataset.rule_sets`."""

    id: str
    kind: str
    expected: Any
    rules: str


@dataclass(frozen=True)
class LoadOptions:
    """Options some benchmarks take when loading: ``shots`` (RuleArena 0/1), ``model`` (picks
    RuleArena's tax 1-shot example), ``plus_dir`` (a SARA⁺ build folder), ``problems`` (RuleArena:
    a JSONL file of one's own problems in the derived format, read instead of RuleArena's)."""

    shots: int = 0
    model: str | None = None
    plus_dir: Path | None = None
    problems: Path | None = None


@dataclass
class Dataset:
    """``items`` of one split and task of ``benchmark``, and ``rule_sets`` by name (every item's
    ``rules`` is a key; empty when no method runs Prolog on it)."""

    name: str
    split: str
    task: str
    items: list[Item]
    rule_sets: dict[str, "RuleSet"] = field(default_factory=dict)
    benchmark: "Benchmark | None" = None


@dataclass(frozen=True)
class ReportTable:
    """A report table of a benchmark family's own (RuleArena's Table 2): ``lines(rows)`` gives
    (header, lines, notes) for the terminal, ``markdown(rows)`` the Markdown section ("" if none)."""

    title: str
    lines: Callable[[list], tuple[list[str], list[list[str]], list[str]]]
    markdown: Callable[[list], str]


MethodFactory = Callable[["Dataset", "MethodOptions"], "Method"]


class Benchmark:
    """One benchmark: subclass it, set the class attributes, implement :meth:`items` and
    :meth:`is_correct` (and :meth:`metrics`/:meth:`headline` unless the SARA metrics of
    :class:`~taxlogic.eval.benchmarks.sara.SaraBenchmark` fit), then :func:`register` an instance."""

    #: the ``--dataset`` name
    name: str = ""
    #: the data family, as reports and messages name it ("SARA", "RuleArena")
    family: str = ""
    #: how reports name the data (release included)
    title: str = ""
    #: the ``--split`` values it accepts
    splits: tuple[str, ...] = ()
    default_split: str = "test"
    #: ``--shots`` (0/1) applies
    takes_shots: bool = False
    #: its own method factories by method name (used instead of the generic one of that name)
    methods: Mapping[str, MethodFactory] = {}
    #: whether the generic methods of :mod:`taxlogic.eval.methods.registry` apply to it
    generic_methods: bool = True
    #: a report table of its own (rows of benchmarks sharing one table go into it together)
    report_table: ReportTable | None = None

    # -------------------------------------------------------------------------- dataset

    def items(self, split: str, task: str, options: LoadOptions) -> tuple[list[Item], dict[str, "RuleSet"]]:
        """The items of ``split`` and ``task`` in evaluation order, and their rule sets. Raises
        ValueError for an unknown split or task, DataError when the data is not installed."""
        raise NotImplementedError

    def load(self, split: str, task: str = "all", *, limit: int | None = None,
             options: LoadOptions | None = None) -> Dataset:
        """The :class:`Dataset` of ``split`` and ``task`` (the first ``limit`` items if given).
        Raises ValueError for ``--shots`` on a benchmark that takes none (see :meth:`items`)."""
        options = options or LoadOptions()
        if options.shots and not self.takes_shots:
            raise ValueError(shots_message())
        items, rule_sets = self.items(split, task, options)
        return Dataset(name=self.name, split=split, task=task, items=first_of_each_task(items, limit),
                       rule_sets=rule_sets, benchmark=self)

    def expected_cost(self, item: Item) -> float:
        """How long ``item`` is expected to take, relative to the benchmark's other items (no
        unit; higher starts first). A run at concurrency > 1 starts its items costliest first
        (stable: the dataset's order otherwise), so that a long item does not start in the last
        seconds and hold the whole run open behind it. Default 0: the dataset's order."""
        return 0.0

    # -------------------------------------------------------------------------- scoring

    def is_correct(self, item: Item, record: "CaseRecord") -> bool:
        """The benchmark's rule for one answered record (neither abstained nor invalid)."""
        raise NotImplementedError

    # -------------------------------------------------------------------------- methods

    def offers(self, method: str) -> bool:
        """Whether ``method`` can run on this benchmark (its own, or a generic one it accepts)."""
        from taxlogic.eval.methods.registry import METHODS

        return method in self.methods or (self.generic_methods and method in METHODS)

    def unavailable(self, method: str) -> str:
        """The one-line message for a method :meth:`offers` refuses."""
        return f"--method {method} is not available for {self.name}"

    # -------------------------------------------------------------------------- summary and report

    def metrics(self, records: list["CaseRecord"]) -> dict[str, dict[str, Any]]:
        """Metrics per task (``kind``) of a run's records; a task without records may be absent
        or have ``n`` = 0."""
        raise NotImplementedError

    def headline(self, kind: str, metrics: dict[str, Any]) -> dict[str, float | None]:
        """The few numbers a table shows for one task: ``acc``, ``err`` (wrong answers among all
        cases, paper Table 5), ``err_answered`` (among answered), ``abstain`` (fractions), and where
        defined ``m10``, ``tol``, ``cost`` (dollars)."""
        raise NotImplementedError

    def report_split(self, cfg: "RunConfig") -> str:
        """The ``split`` column of a report row: ``<dataset>/<split>``."""
        return f"{self.name}/{cfg.split}"

    def report_rows(self, cfg: "RunConfig", records: list["CaseRecord"], summary: dict[str, Any], run_dir: Path,
                    label: str) -> list[dict[str, Any]]:
        """``ReportRow`` fields for one run folder: one row per task, headline numbers in % (cost
        in dollars)."""
        rows = []
        for kind, m in summary["metrics"].items():
            h = {k: (None if v is None else (v if k == "cost" else 100 * v)) for k, v in self.headline(kind, m).items()}
            rows.append(dict(method=label, split=self.report_split(cfg), task=kind, n=m["n"], run=str(run_dir), **h))
        return rows


# ------------------------------------------------------------------------------------ scoring


def score(benchmark: Benchmark, item: Item, record: "CaseRecord") -> "CaseRecord":
    """The one place a record's ``correct`` is decided: an abstention or an invalid answer is not
    correct; any other record is judged by the benchmark's rule (:meth:`Benchmark.is_correct`).
    Returns the record with ``correct`` set."""
    correct = not record.abstained and not record.invalid and bool(benchmark.is_correct(item, record))
    return record if record.correct is correct else record.model_copy(update={"correct": correct})


# ------------------------------------------------------------------------------------ registry


def _load_builtins() -> None:
    global _builtins_loaded
    if not _builtins_loaded:
        _builtins_loaded = True
        for module in BUILTINS:
            importlib.import_module(module)


def register(benchmark: Any) -> Any:
    """Add ``benchmark`` (a :class:`Benchmark`) to the registry under its ``name`` and return it.
    As a class decorator (``@register`` on a subclass) it registers an instance made with no
    arguments and returns the class. Raises ValueError for an empty name or one taken by a
    benchmark of another class."""
    if isinstance(benchmark, type):
        register(benchmark())
        return benchmark
    known = _REGISTRY.get(benchmark.name)
    if not benchmark.name or (known is not None and type(known) is not type(benchmark)):
        raise ValueError(f"benchmark name {benchmark.name!r} is empty or already registered")
    _REGISTRY[benchmark.name] = benchmark
    return benchmark


def benchmarks() -> dict[str, Benchmark]:
    """Every registered benchmark by name: the built-ins in :data:`BUILTINS` order, then the
    others in registration order."""
    _load_builtins()

    def rank(b: Benchmark) -> int:
        module = type(b).__module__
        return BUILTINS.index(module) if module in BUILTINS else len(BUILTINS)

    return {b.name: b for b in sorted(_REGISTRY.values(), key=rank)}


def find_benchmark(name: str | None) -> Benchmark | None:
    return benchmarks().get(name or "")


def get_benchmark(name: str) -> Benchmark:
    """The benchmark registered as ``name``. Raises ValueError naming the known ones."""
    found = find_benchmark(name)
    if found is None:
        raise ValueError(f"unknown dataset {name!r}; known: {', '.join(benchmarks())}")
    return found


def infer_benchmark(name: str | None, split: str, default: str = "sara") -> str:
    """``--dataset`` when given; else the one benchmark whose splits include ``split`` (so
    ``--split sara_n_rc`` alone means SARA⁺), else ``default``."""
    if name:
        return name
    owners = [b.name for b in benchmarks().values() if split in b.splits]
    return owners[0] if len(owners) == 1 else default


def shots_message() -> str:
    """The error for ``--shots`` on a benchmark that takes none."""
    families = sorted({b.family for b in benchmarks().values() if b.takes_shots})
    return f"--shots applies to {' and '.join(families)} datasets only"


def first_of_each_task(items: list, limit: int | None) -> list:
    """``limit`` items taken from each task in turn (an item's ``kind``: entailment, numeric …),
    the first ones of each in evaluation order, kept in that order; all items when ``limit`` is
    None. ``--limit 10`` on SARA's test split gives 5 entailment and 5 numeric cases, not the
    first 10 (all entailment)."""
    if not limit or limit >= len(items):
        return list(items)
    by_task: dict[Any, list[int]] = {}
    for i, item in enumerate(items):
        by_task.setdefault(getattr(item, "kind", None), []).append(i)
    queues = [list(reversed(ix)) for ix in by_task.values()]
    chosen: set[int] = set()
    while len(chosen) < limit:
        for q in queues:
            if q and len(chosen) < limit:
                chosen.add(q.pop())
    return [item for i, item in enumerate(items) if i in chosen]


def load_dataset(name: str, split: str, task: str = "all", *, limit: int | None = None, plus_dir: Path | None = None,
                 shots: int = 0, model: str | None = None) -> Dataset:
    """``get_benchmark(name).load(...)``: the items of a split and task. Raises ValueError for an
    unknown dataset, split or task, DataError if the data is not installed."""
    return get_benchmark(name).load(split, task, limit=limit,
                                    options=LoadOptions(shots=shots, model=model, plus_dir=plus_dir))
