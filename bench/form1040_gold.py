"""Benchmark: RuleArena's 300 tax problems through the Form 1040 KB (the gold run).

Each problem's ``TaxPayer`` record is written as facts (:func:`taxlogic.kb.form1040.taxpayer_to_facts`)
and ``amount_owed(X)`` runs in the engine's pool (``--workers``, default one per core). Prints
the time to start the pool, the wall time of the 300 runs, per-problem mean and maximum engine
seconds and Prolog inferences of one level-2 problem (run in plain ``swipl``), and per level how
many answers equal RuleArena's label within its tolerance (the rest: kb/form1040/data/errata.json).
Usage: ``python bench/form1040_gold.py [--workers N]``.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import tempfile
import time
from fractions import Fraction

from taxlogic.eval.benchmarks.rulearena.data import isclose, rulearena_root
from taxlogic.kb.form1040 import AMOUNT_QUERY, form1040_rules, taxpayer_to_facts
from taxlogic.tools.engine import Engine, Job


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--workers", type=int, default=0, help="Prolog workers (0: one per core)")
    args = ap.parse_args()
    root = rulearena_root()
    rows = [json.loads(line) for level in (0, 1, 2)
            for line in (root / "derived" / f"tax_level{level}.jsonl").read_text(encoding="utf-8").splitlines() if line]
    rules = form1040_rules()
    t0 = time.perf_counter()
    with Engine(rules, workers=args.workers or None) as engine:
        started = time.perf_counter() - t0
        jobs = [Job(facts=taxpayer_to_facts(r["pydantic"]), query=AMOUNT_QUERY, mode="all", var="X") for r in rows]
        t1 = time.perf_counter()
        outs = list(engine.run_many(jobs))
        wall = time.perf_counter() - t1
        size = engine.size if hasattr(engine, "size") else "?"
    secs = [o.seconds for o in outs]
    correct = {0: 0, 1: 0, 2: 0}
    for r, o in zip(rows, outs):
        if o.status == "values" and isclose(float(Fraction(o.numbers[0])), r["answer"]):
            correct[r["level"]] += 1
    with tempfile.NamedTemporaryFile("w", suffix=".pl", delete=False) as fh:
        fh.write(taxpayer_to_facts(rows[-1]["pydantic"]))
    goal = (f"consult('{rules.prolog_dir}/init.pl'), consult('{fh.name}'), statistics(inferences, I0), "
            "amount_owed(_), statistics(inferences, I1), I is I1 - I0, writeln(I), halt")
    inferences = subprocess.run(["swipl", "-q", "-g", goal], capture_output=True, text=True, timeout=60).stdout.strip()
    print(f"workers: {size}; pool start: {started:.2f} s")
    print(f"300 problems: {wall:.2f} s wall; per problem mean {sum(secs) / len(secs) * 1000:.1f} ms, "
          f"max {max(secs) * 1000:.1f} ms (engine seconds)")
    print(f"inferences for {rows[-1]['id']} (plain swipl): {inferences}")
    print("equal to RuleArena's label (numpy.isclose): " + ", ".join(f"level {lv} {n}/100" for lv, n in correct.items()))


if __name__ == "__main__":
    main()
