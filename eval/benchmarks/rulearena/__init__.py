"""RuleArena (Zhou et al., 2024) as benchmarks: ``rulearena-airline``, ``rulearena-tax``,
``rulearena-nba``. One home for RuleArena, one module per concept:

* :mod:`.data`: RuleArena's data (install, items with rebuilt prompts) and its own answer checks
  (``auto_test.py`` reproduced), shared by every domain;
* :mod:`.direct`: RuleArena's own ``direct`` query, the same for every domain;
* :mod:`.summary`: the run summary and Table 2;
* one module per domain that has a knowledge base, owning that domain's methods and rule sets
  (:mod:`.airline`: ``gold`` and ``agent`` on ``kb/airline``; :mod:`.tax`: ``gold`` and ``agent``
  on ``kb/form1040``); a domain module exports
  ``METHODS`` (``--method`` name -> factory) and a rule-set function, and is registered below.

* **items**: the problems of one domain and level (``--split level0`` .. ``level2``, or ``all``),
  in RuleArena's file order, with the user prompt rebuilt for ``--shots`` (0/1) and ``--task``
  (the prompt variant: ``all`` standard, ``textual``, ``distractor``, ``placeholder``); ``kind``
  is the domain.
* **score rule** (:meth:`RuleArenaBenchmark.is_correct`): a free-text reply is judged by
  RuleArena's own check of its domain (:func:`.data.score`); a computed answer (a knowledge
  base's gold and agent) must equal the gold answer. Accuracy = correct / problems, as in
  ``overall.log``; a failed call or an unparsable reply is wrong (``invalid`` in the record says
  no answer could be read; it is never an abstention). The generic SARA methods do not apply.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from taxlogic.eval.benchmarks import Benchmark, LoadOptions, register
from taxlogic.eval.benchmarks.rulearena import airline, nba, tax
from taxlogic.eval.benchmarks.rulearena.data import (
    SPLITS,
    RuleArenaItem,
    load_problems_file,
    load_rulearena,
    parse_split,
    score,
)
from taxlogic.eval.benchmarks.rulearena.summary import TABLE2, report_rows, rulearena_summary
from taxlogic.eval.scoring.records import CaseRecord

if TYPE_CHECKING:
    from taxlogic.kb.rules import RuleSet

__all__ = ["RuleArenaBenchmark"]


# --------------------------------------------------------------------------------- benchmarks


class RuleArenaBenchmark(Benchmark):
    """One RuleArena domain, ``rulearena-<domain>``, with its own ``methods`` and, where a
    knowledge base computes its answers, ``rule_sets()`` giving its rule sets."""

    family = "RuleArena"
    title = "RuleArena"
    splits = (*SPLITS, "all")
    default_split = "all"
    takes_shots = True
    generic_methods = False
    report_table = TABLE2

    def __init__(self, domain: str, methods: dict[str, Any],
                 rule_sets: Callable[[], dict[str, "RuleSet"]] | None = None, explains: tuple[str, ...] = ()):
        self.domain, self.name, self.methods, self._rule_sets = domain, f"rulearena-{domain}", methods, rule_sets
        #: the methods of this domain that save an explanation in each record with ``eval run --explain``
        self.explains = explains

    def items(self, split: str, task: str, options: LoadOptions):
        levels = (0, 1, 2) if split == "all" else (parse_split(split),)
        if options.problems is not None:  # a user's own problems in the derived JSONL format
            items = [it for it in load_problems_file(options.problems, self.domain) if it.level in levels]
        else:
            items = [it for level in levels for it in load_rulearena(self.domain, level, shots=options.shots,
                                                                     variant=task, model=options.model)]
        return items, self._rule_sets() if self._rule_sets else {}

    def is_correct(self, item: RuleArenaItem, record: CaseRecord) -> bool:
        reply = record.details.get("reply")
        if reply is not None:  # a free-text reply: RuleArena's own check
            return score(item, reply).correct
        if item.domain == "tax":  # a computed amount: RuleArena's tolerance (numpy.isclose)
            return tax.tax_correct(record.prediction, item.answer)
        return record.prediction is not None and record.prediction == item.answer

    def unavailable(self, method: str) -> str:
        names = sorted(self.methods)
        if names == ["direct"]:
            return f"--method {method} needs a Prolog knowledge base for {self.name}; use --method direct"
        return f"--method {method} is not available for {self.name}; use --method {', '.join(names[:-1])} or {names[-1]}"

    def metrics(self, records):
        return rulearena_summary(records)

    def headline(self, kind: str, metrics: dict[str, Any]) -> dict[str, float | None]:
        """Accuracy, Err among all cases and among answered, abstention (the agent's)."""
        err = metrics.get("err_answered")
        return {"acc": metrics.get("accuracy"), "err": None if err is None else err * metrics["n_answered"] / metrics["n"],
                "err_answered": err, "abstain": metrics.get("abstention_rate")}

    def report_rows(self, cfg, records, summary, run_dir, label):
        return report_rows(cfg, records, summary, run_dir, label)


register(RuleArenaBenchmark("airline", airline.METHODS, airline.airline_rule_sets))
register(RuleArenaBenchmark("tax", tax.METHODS, tax.tax_rule_sets, explains=("gold", "agent")))
register(RuleArenaBenchmark("nba", nba.METHODS, nba.nba_rule_sets, explains=("gold",)))  # records' "why": in words
