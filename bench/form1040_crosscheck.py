"""Benchmark: the cost of the Tax-Calculator cross-check (``taxlogic eval crosscheck``).

Prints returns per second of the KB alone (the compared lines, one Prolog query per return, in
the engine's pool) and of Tax-Calculator (one batch; its first call compiles its numba functions,
timed apart as "first call", then the same batch again warm), for RuleArena's 300 problems and
for ``--generate N`` returns of the project's generator (seed ``--seed``). Needs the extra
``pip install 'taxlogic[crosscheck]'``.
Usage: ``python bench/form1040_crosscheck.py [--generate 3000] [--seed 34] [--workers N]``.
"""

from __future__ import annotations

import argparse
import time

from taxlogic.eval.benchmarks.rulearena.crosscheck import _kb_lines, load_returns
from taxlogic.kb.form1040 import form1040_rules
from taxlogic.kb.form1040.checks.tax_calculator import compute
from taxlogic.tools.engine import Engine


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--generate", type=int, default=3000, help="generated returns (0: none)")
    ap.add_argument("--seed", type=int, default=34)
    ap.add_argument("--workers", type=int, default=0, help="Prolog workers (0: one per core)")
    args = ap.parse_args()
    sets = [load_returns()]
    if args.generate:
        sets.append(load_returns(generate=args.generate, seed=args.seed))
    t0 = time.perf_counter()
    compute([sets[0][1][0]["pydantic"]])
    print(f"Tax-Calculator first call (import and numba compilation, 1 return): {time.perf_counter() - t0:.1f} s")
    with Engine(form1040_rules(), workers=args.workers or None) as engine:
        for name, rows in sets:
            records = [r["pydantic"] for r in rows]
            t0 = time.perf_counter()
            _kb_lines(engine, records)
            kb = time.perf_counter() - t0
            t0 = time.perf_counter()
            compute(records)
            tc = time.perf_counter() - t0
            n = len(records)
            print(f"{name}: {n} returns; KB alone {kb:.2f} s ({n / kb:.0f} returns/s); Tax-Calculator {tc:.2f} s "
                  f"({n / tc:.0f} returns/s); both {n / (kb + tc):.0f} returns/s")


if __name__ == "__main__":
    main()
