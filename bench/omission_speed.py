"""What the omission check of issue 33 costs per SARA case, and the tokens of its repair messages.

For every rule-free gold fact program (the 317 translations a round inspects when they are right)
and one left-out event of each (``omit_event``, seed 0: a translation the check must catch),
time one inspection round's checks as the verifier runs them, one engine, two workers:

- **before**: validation, the answer job and SARA's static checks
  (:func:`taxlogic.eval.faults.verifier.inspect_many` with ``omissions=False``);
- **after**: the same plus the omission check (:func:`taxlogic.eval.faults.verifier.omission_pass`:
  the table clause -> facts, the candidates, their counterfactual runs: each item's until one
  changes the answer, as many side by side as the engine has workers).

Prints per case the median, 90th percentile and maximum milliseconds (the batch's wall time
over the number of cases: the engine's two workers run jobs side by side), the counterfactual
runs per checked case, and the tokens (:func:`taxlogic.eval.scoring.tokens.count_tokens`) of the
``unstated_clause`` issues as the repair message renders them (one line each, ``Issue.render``).

    .venv/bin/python bench/omission_speed.py
"""

from __future__ import annotations

import statistics
import time


def _ms(seconds: float, n: int) -> float:
    return 1000 * seconds / max(n, 1)


def main() -> None:
    from taxlogic.eval.faults.corrupt import corrupt, facts_of
    from taxlogic.eval.scoring.tokens import count_tokens
    from taxlogic.eval.faults.verifier import gold_program, inspect_many, plan_inspection
    from taxlogic.kb.sara.data.cases import load_cases
    from taxlogic.kb.sara.data.install import sara_rules
    from taxlogic.kb.sara.checks.coverage import legal_terms
    from taxlogic.kb.sara.checks.omissions import plan as omission_plan
    from taxlogic.tools.engine import Engine

    rules = sara_rules()
    cases = [c for c in load_cases() if not gold_program(c).rules]
    sets = {"correct (gold)": [(c, gold_program(c).fact_text) for c in cases],
            "one event left out": [(c, v.text) for c in cases
                                   for v in corrupt(facts_of(gold_program(c).fact_text), "omit_event", seed=0, key=c.id, k=1)]}
    terms = legal_terms(rules)
    with Engine(rules, workers=2) as engine:
        for name, todo in sets.items():
            plans = [plan_inspection(c, text, rules) for c, text in todo]
            per_case = {"before": [], "after": []}
            for label, om in (("before", False), ("after", True)):
                for p in plans:  # one case at a time: the cost a round pays
                    t0 = time.perf_counter()
                    inspect_many(engine, [p], omissions=om, width=engine.size)
                    per_case[label].append(time.perf_counter() - t0)
            t0 = time.perf_counter()
            results = inspect_many(engine, plans)
            batch = time.perf_counter() - t0
            runs = [len(omission_plan(p.inp, p.inp.query, p.canonical, rules, terms=terms)[1])
                    for p, r in zip(plans, results) if r.clauses]
            issues = [i for r in results for i in r.issues if i.kind == "unstated_clause"]
            tokens = [count_tokens(i.render()) for i in issues]
            print(f"{name}: {len(plans)} fact sets")
            for label in ("before", "after"):
                xs = sorted(1000 * x for x in per_case[label])
                print(f"  {label:6s} ms per case: median {statistics.median(xs):.1f}, p90 {xs[int(0.9 * len(xs))]:.1f}, "
                      f"max {xs[-1]:.1f}")
            print(f"  all at once (one batch): {_ms(batch, len(plans)):.1f} ms per case")
            if runs:
                print(f"  counterfactual runs per checked case: median {statistics.median(runs):.0f}, max {max(runs)}, "
                      f"total {sum(runs)}")
            if tokens:
                print(f"  unstated_clause issues: {len(issues)}; tokens each in the repair message: median "
                      f"{statistics.median(tokens):.0f}, max {max(tokens)}")


if __name__ == "__main__":
    main()
