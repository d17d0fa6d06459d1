"""The fault table of the statutes domain: corrupted reference programs through the agent.

For each DeonticBench housing and USCIS-AAO case of a split that is not a documented erratum
(:mod:`taxlogic.kb.statutes.data.errata`, kind ``translation``), the reference program is read by the sandboxed worker,
each operator of :mod:`taxlogic.eval.faults.program_corrupt` makes up to ``k`` variants, and
each variant goes through the agent (:func:`taxlogic.agent.solve.solve_once`) as its first
translation, the reference program as every repair (a perfect repair). Per variant:

- ``caught``: the first round had issues (the checks, or Prolog's own errors and limits);
- ``slipped``: the first round answered; ``wrong`` when its answer is not the label (the
  corruption changed the answer and nothing noticed), else harmless;
- ``abstained``: the agent gave no answer in the end;
- ``final``: the agent's answer after repair (a perfect repair must never give a wrong one:
  ``repaired_wrong``).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any, Iterable

from taxlogic.eval.faults.program_corrupt import PROGRAM_OPERATORS, corrupt_program, render_program, program_items
from taxlogic.eval.faults.program_endpoint import program_translator, served_program


@dataclass(frozen=True)
class VariantResult:
    """One variant's fate (module doc): ``case_id``, ``op``, ``detail``, ``caught``, ``answer``
    (the first round's, or None), ``label``, ``final`` (the agent's answer, None if it
    abstained), ``issues`` (kinds of the first round's issues)."""

    case_id: str
    op: str
    detail: str
    caught: bool
    answer: Any
    label: str
    final: Any
    issues: tuple[str, ...]

    @property
    def slipped_wrong(self) -> bool:
        return not self.caught and self.answer != self.label

    @property
    def slipped_harmless(self) -> bool:
        return not self.caught and self.answer == self.label


def run_variants(cases: Iterable[Any], *, ops: Iterable[str] = tuple(PROGRAM_OPERATORS), seed: int = 0, k: int = 1,
                 budget: int = 1) -> tuple[list[VariantResult], dict[str, int]]:
    """Every variant of every case (module doc); also the baseline counts: ``cases``, ``identity_right``
    (the reference program written back clause by clause answers its label with no issue).
    ``cases``: DeonticBench cases (the loader's, or dicts with ``id``, ``question``,
    ``statutes``, ``label``, ``reference_prolog`` and ``state`` or ``text``)."""
    from taxlogic.agent.context import AgentContext
    from taxlogic.agent.solve import solve_once
    from taxlogic.kb.domain import get_domain
    from taxlogic.kb.statutes.domain import case_input, domain_name
    from taxlogic.tools.engine import Engine

    results: list[VariantResult] = []
    base = Counter()
    by_domain: dict[str, list[Any]] = {}
    for c in cases:
        by_domain.setdefault(domain_name(c), []).append(c)
    for name, group in by_domain.items():
        domain = get_domain(name)
        rules = domain.rule_set()
        with Engine(rules, workers=1) as engine:
            for c in group:
                get = (lambda k_: c[k_]) if isinstance(c, dict) else (lambda k_: getattr(c, k_))
                ci, label = case_input(c), str(get("label"))
                _, program = domain.check_program(served_program(get("reference_prolog")))
                read = engine.run(domain.query_job(ci, ci.query, program))
                base["cases"] += 1
                identity = render_program(program_items(read.program or {}))
                idem = engine.run(domain.query_job(ci, ci.query, identity))
                if not domain.inspect(ci, ci.query, identity, idem, rules) and domain.answer_of(ci, idem).value == label:
                    base["identity_right"] += 1
                for op in ops:
                    for v in corrupt_program(read.program or {}, op, seed=seed, key=ci.case_id or "", k=k,
                                             query_pi=domain.query_pi):
                        model = program_translator(["```prolog\n" + v.text + "```", served_program(get("reference_prolog"))])
                        ctx = AgentContext(model=model, engine=engine, rules=rules, domain=domain, budget=budget,
                                           llm_retries=0)
                        res = solve_once(ci, ctx)
                        first = res.rounds[0] if res.rounds else None
                        caught = bool(first and first.issues)
                        results.append(VariantResult(ci.case_id or "", op, v.detail, caught,
                                                     None if caught or first is None else first.answer, label,
                                                     None if res.abstained else res.answer,
                                                     tuple(sorted({i.kind for i in first.issues})) if first else ()))
    return results, dict(base)


def table(results: list[VariantResult]) -> list[dict[str, Any]]:
    """One row per operator: ``op``, ``variants``, ``caught``, ``slipped_wrong``,
    ``slipped_harmless``, ``abstained`` (no final answer), ``repaired_wrong`` (caught, then a
    wrong answer after the perfect repair: must be 0)."""
    rows = []
    for op in dict.fromkeys(r.op for r in results):
        rs = [r for r in results if r.op == op]
        rows.append({"op": op, "variants": len(rs), "caught": sum(r.caught for r in rs),
                     "slipped_wrong": sum(r.slipped_wrong for r in rs),
                     "slipped_harmless": sum(r.slipped_harmless for r in rs),
                     "abstained": sum(r.final is None for r in rs),
                     "repaired_wrong": sum(r.caught and r.final is not None and r.final != r.label for r in rs)})
    return rows
