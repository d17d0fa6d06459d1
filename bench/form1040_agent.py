"""Verifier-style run: the agent on RuleArena's tax problems with scripted translators.

For every problem (``--limit N``: the first N), the agent (budget 1) solves the return with

* ``reader``: a model that reads the filled forms correctly (:func:`taxlogic.kb.form1040.reading_to_facts`);
* for each class of mistake in ``kb/form1040/corrupt.py`` (wrong_line, dropped_line,
  wrong_filing_status, tbd_filled, wrong_amount): ``stubborn`` (the corrupted facts every time)
  and ``repaired`` (corrupted first, then correct).

Prints per row: problems, answers equal to the gold program's (exact), wrong answers (an answer
that differs from the gold program's), abstentions, problems where the class's first
translation raised no issue (caught = raised one), and seconds. The trust contract is ``wrong = 0``
on every row. Usage: ``python bench/form1040_agent.py [--limit N]``.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from fractions import Fraction
from pathlib import Path

from taxlogic.agent.context import AgentContext
from taxlogic.agent.solve import solve
from taxlogic.core import CaseInput
from taxlogic.eval.benchmarks.rulearena.data import rulearena_root
from taxlogic.kb.domain import get_domain
from taxlogic.kb.form1040 import AMOUNT_QUERY, form1040_rules, taxpayer_to_facts, text_to_facts
from taxlogic.kb.form1040.corrupt import OPERATORS, corrupt
from taxlogic.kb.form1040.reading import problem_forms
from taxlogic.tools.engine import Engine, Job

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from fakes import scripted  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--limit", type=int, default=0, help="only the first N problems (0: all 300)")
    args = ap.parse_args()
    root = rulearena_root()
    rows = [json.loads(line) for level in (0, 1, 2)
            for line in (root / "derived" / f"tax_level{level}.jsonl").read_text(encoding="utf-8").splitlines() if line]
    rows = rows[:args.limit] if args.limit else rows
    rules = form1040_rules()
    domain = get_domain("form1040")
    print(f"{'translator':<32} {'n':>4} {'=gold':>6} {'wrong':>6} {'abstain':>8} {'missed':>7} {'seconds':>8}")
    with Engine(rules) as engine:
        gold = {r["id"]: Fraction(engine.run(Job(facts=taxpayer_to_facts(r["pydantic"]), query=AMOUNT_QUERY,
                                                 mode="all", var="X")).numbers[0]) for r in rows}

        def solve_with(row, script):
            ctx = AgentContext(model=scripted(script), engine=engine, rules=rules, domain=domain, llm_retries=0,
                               budget=1)
            case = CaseInput(case_id=row["id"], text=problem_forms(row["user_prompt_0shot"]),
                             question="Form 1040 line 37?", kind="numeric", query=AMOUNT_QUERY, answer_var="X")
            return solve(case, ctx)

        def report(name, outcomes, seconds):
            n = len(outcomes)
            same = sum(1 for r, res, _ in outcomes if not res.abstained and Fraction(res.answer) == gold[r["id"]])
            wrong = sum(1 for r, res, _ in outcomes if not res.abstained and Fraction(res.answer) != gold[r["id"]])
            abstained = sum(1 for _, res, _ in outcomes if res.abstained)
            missed = sum(1 for _, _, caught in outcomes if caught is False)
            print(f"{name:<32} {n:>4} {same:>6} {wrong:>6} {abstained:>8} {missed:>7} {seconds:>8.1f}", flush=True)

        t0 = time.perf_counter()
        outs = []
        for r in rows:
            text = problem_forms(r["user_prompt_0shot"])
            outs.append((r, solve_with(r, [text_to_facts(text)]), None))
        report("reader", outs, time.perf_counter() - t0)
        for kind in OPERATORS:
            for mode in ("stubborn", "repaired"):
                t0 = time.perf_counter()
                outs = []
                for n, r in enumerate(rows):
                    text = problem_forms(r["user_prompt_0shot"])
                    right = text_to_facts(text)
                    wrong = corrupt(kind, right, text, seed=n)
                    if wrong is None:
                        continue
                    res = solve_with(r, [wrong] if mode == "stubborn" else [wrong, right])
                    outs.append((r, res, bool(res.rounds and res.rounds[0].issues)))
                report(f"{kind} {mode}", outs, time.perf_counter() - t0)


if __name__ == "__main__":
    main()
