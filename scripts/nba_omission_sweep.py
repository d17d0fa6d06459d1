"""Every single fact left out of every NBA gold program: what the checks catch, before and after
the omission check (issue 33, :mod:`taxlogic.kb.nba.checks.omissions`).

For each gold program and each of its fact lines other than ``operation/2`` (anchor comments kept:
a sentence left with no fact keeps its anchor quoting nothing), the program without that line is
checked as the agent's round checks it: the static checks (:func:`taxlogic.kb.nba.checks.nba_issues`,
**before**), then, if they pass, the omission check on the engine (**after**). Its answer is
compared with the gold program's. Prints, for omissions that change the answer and for those that
do not: caught before, caught only by the omission check, slipped; the false alarms (issues on the
gold programs themselves, which must be 0); the predicates left out that slipped and changed the
answer, with each one.

    .venv/bin/python scripts/nba_omission_sweep.py [--every 1] [--workers 2]
"""

from __future__ import annotations

import argparse
import collections
import time


def main() -> int:
    parser = argparse.ArgumentParser(description="every single fact left out of every NBA gold program")
    parser.add_argument("--every", type=int, default=1, help="use every n-th problem")
    parser.add_argument("--workers", type=int, default=2, help="engine worker processes")
    args = parser.parse_args()

    from taxlogic.kb.nba import ANSWER_QUERY, nba_rules
    from taxlogic.kb.nba.checks import nba_issues
    from taxlogic.kb.nba.data.gold import gold_program
    from taxlogic.kb.nba.checks.omissions import engine_check
    from taxlogic.kb.nba.data.problems import problem_texts
    from taxlogic.tools.engine import Engine, Job

    def job(facts: str) -> Job:
        return Job(facts=facts, query=ANSWER_QUERY, mode="first", var="X")

    def answer(o) -> str:
        return o.values[0] if o.status == "values" and o.values else o.status

    rules = nba_rules()
    counts: collections.Counter = collections.Counter()
    slipped: list[str] = []
    false_alarms: list[str] = []
    gold_items = runs = 0
    t0 = time.perf_counter()
    with Engine(rules, workers=args.workers) as engine:
        for p in problem_texts()[::args.every]:
            gold = gold_program(p.id)
            o = engine.run(job(gold))
            base = answer(o)
            check = engine_check(p.text, gold, o, engine, job(gold), rules)
            runs += check.runs
            gold_items += len(check.verdicts)
            false_alarms += [f"{p.id}: {i.message}" for i in check.issues + nba_issues(p.text, gold)]
            lines = gold.split("\n")
            for k, line in enumerate(lines):
                if not line or line.startswith("%") or line.startswith("operation("):
                    continue
                bad = "\n".join(lines[:k] + lines[k + 1:])
                ob = engine.run(job(bad))
                changes = answer(ob) != base
                if nba_issues(p.text, bad):
                    how = "caught before"
                else:
                    c = engine_check(p.text, bad, ob, engine, job(bad), rules)
                    runs += c.runs
                    how = "caught by the omission check" if c.issues else "slipped"
                counts[(changes, how)] += 1
                if changes and how == "slipped":
                    slipped.append(f"  {p.id}: left out {line} ({base} -> {answer(ob)})")
    for changes in (True, False):
        total = sum(v for (c, _), v in counts.items() if c == changes)
        print(f"omissions that {'change' if changes else 'do not change'} the answer: {total}")
        for how in ("caught before", "caught by the omission check", "slipped"):
            print(f"  {how:30} {counts[(changes, how)]:6}")
    print(f"false alarms on the gold programs: {len(false_alarms)}", *false_alarms, sep="\n")
    print(f"unaccounted items on the gold programs, each shown not to matter: {gold_items}")
    print(f"slipped and changed the answer: {len(slipped)}", *slipped, sep="\n")
    print(f"counterfactual runs: {runs}; {time.perf_counter() - t0:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
