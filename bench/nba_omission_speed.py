"""What the NBA omission check (issue 33, :mod:`taxlogic.kb.nba.checks.omissions`) costs per problem.

For every NBA gold program (the 216 translations a round inspects when they are right) and one
left-out step of each (``omit_step``, first place: a translation the check must catch), time one
inspection round's checks as the agent runs them, one engine, one worker:

- **before**: the answer job and the domain's static checks (:meth:`NbaDomain.inspect`);
- **after**: the same plus the omission check (:meth:`NbaDomain.omission_check`: the table
  sentence -> facts, the candidates the other checks accept, their counterfactual runs in one
  batch).

Prints per set the median, 90th percentile and maximum milliseconds per problem, the
counterfactual runs per problem, how many sets the check flags, and the tokens of each omission
issue as its repair message renders it (:func:`taxlogic.eval.scoring.tokens.count_tokens`).

    .venv/bin/python bench/nba_omission_speed.py [--every 1]
"""

from __future__ import annotations

import argparse
import statistics
import time


def _pct(values: list[float], q: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, int(q * len(s)))] if s else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--every", type=int, default=1, help="use every n-th problem")
    args = parser.parse_args()

    from taxlogic.agent.state import CaseInput
    from taxlogic.eval.scoring.tokens import count_tokens
    from taxlogic.kb.domain import get_domain
    from taxlogic.kb.nba import ANSWER_QUERY, nba_rules
    from taxlogic.kb.nba.corrupt import omit_step
    from taxlogic.kb.nba.domain import NBA_QUESTION
    from taxlogic.kb.nba.data.gold import gold_program
    from taxlogic.kb.nba.data.problems import problem_texts
    from taxlogic.tools.engine import Engine
    from taxlogic.tools.facts import check_facts

    rules, domain = nba_rules(), get_domain("nba")
    texts = problem_texts()[::args.every]
    sets = {"correct (gold)": [(p, gold_program(p.id)) for p in texts],
            "one step left out": [(p, bad) for p in texts if (bad := omit_step(gold_program(p.id), 0)) is not None]}
    with Engine(rules, workers=1) as engine:
        for name, todo in sets.items():
            before, after, runs, flagged, tokens = [], [], [], 0, []
            for p, facts in todo:
                case = CaseInput(case_id=p.id, text=p.text, question=NBA_QUESTION, kind="entailment",
                                 query=ANSWER_QUERY, answer_var="X")
                canonical = check_facts(facts, rules.vocabulary).canonical
                t0 = time.perf_counter()
                outcome = engine.run(domain.query_job(case, case.query, canonical))
                static = domain.inspect(case, case.query, canonical, outcome, rules)
                t1 = time.perf_counter()
                check = None if static else domain.omission_check(case, case.query, canonical, outcome, rules, engine)
                t2 = time.perf_counter()
                before.append(1000 * (t1 - t0))
                after.append(1000 * (t2 - t0))
                runs.append(check.runs if check is not None else 0)
                flagged += bool(static) or bool(check is not None and check.issues)
                tokens += [count_tokens(i.render()) for i in (check.issues if check is not None else [])]
            print(f"{name}: {len(todo)} problems, flagged {flagged}")
            for label, ms in (("before", before), ("after", after)):
                print(f"  {label:6} ms per problem: median {statistics.median(ms):7.1f}  p90 {_pct(ms, 0.9):7.1f}  "
                      f"max {max(ms):7.1f}")
            print(f"  counterfactual runs per problem: median {statistics.median(runs):g}  p90 {_pct(runs, 0.9):g}  "
                  f"max {max(runs)}  total {sum(runs)}")
            if tokens:
                print(f"  omission issues: {len(tokens)}; tokens each in the repair message: median "
                      f"{statistics.median(tokens):.0f}, max {max(tokens)}")


if __name__ == "__main__":
    main()
