"""The NBA grounding checks against corrupted translations, through the agent: figures per class.

For every NBA problem and every corruption class of :mod:`taxlogic.kb.nba.corrupt` (the first
``--places`` places each applies to; each distinct corruption once), the agent gets the corrupted program as its first
translation and the gold program as its repair (a scripted translator, budget 1). Per class it
prints: tried, caught by the checks (round 1 has issues), of those answered as the gold method,
abstained, and uncaught (no issue): right (the corruption did not change the answer) or wrong.
Then the gold translator itself: answered as gold / abstained (false abstentions) / wrong.

    .venv/bin/python scripts/nba_corruption.py [--places 1] [--every 1] [--problems nba-1-25,nba-1-2]
                                               [--classes wrong_team] [--without-omission-check]

``--without-omission-check``: the domain without its counterfactual check
(:mod:`taxlogic.kb.nba.checks.omissions`), the figures before issue 33.

Uncaught corruptions that change the answer are listed (problem, place, the changed lines).
"""

from __future__ import annotations

import argparse
import collections
import sys
from pathlib import Path


def main() -> int:
    parser = argparse.ArgumentParser(description="NBA corruption classes through the agent")
    parser.add_argument("--places", type=int, default=1, help="places tried per operator and problem")
    parser.add_argument("--every", type=int, default=1, help="use every n-th problem")
    parser.add_argument("--problems", default="", help="comma-separated problem ids (default: all)")
    parser.add_argument("--classes", default="", help="comma-separated corruption classes (default: all)")
    parser.add_argument("--without-omission-check", action="store_true",
                        help="the domain without its counterfactual omission check (the figures before it)")
    args = parser.parse_args()

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
    from fakes import scripted

    from taxlogic.agent.context import AgentContext
    from taxlogic.agent.solve import solve
    from taxlogic.agent.state import CaseInput
    from taxlogic.kb.domain import get_domain
    from taxlogic.kb.nba import ANSWER_QUERY, nba_rules
    from taxlogic.kb.nba.corrupt import OPERATORS
    from taxlogic.kb.nba.domain import NBA_QUESTION, answer_statement
    from taxlogic.kb.nba.data.gold import gold_program, trusted_gold_program
    from taxlogic.kb.nba.data.problems import problem_texts
    from taxlogic.tools.engine import Engine, Job

    texts = problem_texts()[::args.every]
    if args.problems:
        wanted = set(args.problems.split(","))
        texts = [p for p in texts if p.id in wanted]
        if unknown := wanted - {p.id for p in texts}:
            parser.error(f"unknown problem ids: {', '.join(sorted(unknown))}")
    classes = args.classes.split(",") if args.classes else list(OPERATORS)
    if unknown := set(classes) - set(OPERATORS):
        parser.error(f"unknown classes: {', '.join(sorted(unknown))} (classes: {', '.join(OPERATORS)})")
    rules = nba_rules()
    domain = get_domain("nba")
    if args.without_omission_check:
        domain = _WithoutCounterfactuals(domain)
    with Engine(rules, workers=1) as engine:
        gold = {}
        for p in texts:
            o = engine.run(Job(facts=trusted_gold_program(p.id), query=ANSWER_QUERY, mode="first", var="X"))
            try:
                gold[p.id] = answer_statement(o.values[0]) if o.status == "values" and o.values else None
            except ValueError:  # undetermined (the Minimum Player Salary decides): the gold method abstains
                gold[p.id] = None

        def as_gold(r, pid):
            """The agent's result is the gold method's: the same answer, or an abstention where gold has none."""
            return r.abstained if gold[pid] is None else not r.abstained and r.answer == gold[pid]

        def run(p, script, budget):
            case = CaseInput(case_id=p.id, text=p.text, question=NBA_QUESTION, kind="entailment", query=ANSWER_QUERY,
                             answer_var="X")
            ctx = AgentContext(model=scripted(script), engine=engine, rules=rules, domain=domain,
                               llm_retries=0, budget=budget)
            return solve(case, ctx)

        base = collections.Counter()
        for p in texts:
            r = run(p, [gold_program(p.id)], 0)
            base["as gold" if as_gold(r, p.id) else "abstained" if r.abstained else "wrong"] += 1
        print(f"gold translator on {len(texts)} problems: {dict(base)}")
        print(f"{'class':20} {'tried':>6} {'caught':>7} {'caught+right':>13} {'abstained':>10} {'uncaught right':>15} {'uncaught WRONG':>15}")
        misses = []
        for name in classes:
            op = OPERATORS[name]
            c = collections.Counter()
            for p in texts:
                program = gold_program(p.id)
                seen = {program}
                for w in range(args.places):
                    bad = op(program, w)
                    if bad is None or bad in seen:  # fewer places than --places: each corruption once
                        continue
                    seen.add(bad)
                    c["tried"] += 1
                    r = run(p, [bad, program], 1)
                    if r.rounds[0].issues:
                        c["caught"] += 1
                        c["caught_right"] += as_gold(r, p.id)
                    elif r.abstained:
                        c["abstained"] += 1
                    elif as_gold(r, p.id):
                        c["uncaught_right"] += 1
                    else:
                        c["uncaught_wrong"] += 1
                        changed = [line for line in bad.split("\n") if line not in program.split("\n")]
                        changed += ["left out: " + line for line in program.split("\n") if line not in bad.split("\n")]
                        misses.append(f"  {name} {p.id} place {w}: {' '.join(changed)} -> {r.answer} (gold {gold[p.id]})")
            print(f"{name:20} {c['tried']:6} {c['caught']:7} {c['caught_right']:13} {c['abstained']:10} "
                  f"{c['uncaught_right']:15} {c['uncaught_wrong']:15}")
        if misses:
            print("uncaught corruptions that changed the answer:", *misses, sep="\n")
    return 0


class _WithoutCounterfactuals:
    """A domain as given, but with no ``counterfactual_issues`` (the agent then skips that step)."""

    def __init__(self, domain):
        self._domain = domain

    def __getattr__(self, name):
        if name == "counterfactual_issues":
            raise AttributeError(name)
        return getattr(self._domain, name)


if __name__ == "__main__":
    raise SystemExit(main())
