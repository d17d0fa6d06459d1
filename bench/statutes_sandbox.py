"""Speed of the statutes domain's sandboxed jobs: every DeonticBench hard housing and USCIS-AAO
reference program (label directive removed) read, checked with safe_goal/1 and run in one engine
worker (tools/sandbox.pl), then the domain's checks in Python; prints per-domain median and p90
wall seconds of the job, of the checks, and the worker's own share.

    python bench/statutes_sandbox.py [--split hard] [--repeat 3]

Reads the installed DeonticBench (``taxlogic data install-deonticbench``).
"""

from __future__ import annotations

import argparse
import statistics
import time


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--split", default="hard", choices=["hard", "smoke"])
    ap.add_argument("--repeat", type=int, default=3, help="runs of every program (the first warms the worker)")
    args = ap.parse_args()

    from taxlogic.eval.faults.program_endpoint import served_program
    from taxlogic.kb.domain import get_domain
    from taxlogic.kb.statutes.domain import case_input, domain_name
    from taxlogic.kb.statutes.data import cases
    from taxlogic.tools.engine import Engine

    def q(xs: list[float], p: float) -> float:
        xs = sorted(xs)
        return xs[min(len(xs) - 1, int(p * len(xs)))]

    for dom_name in ("housing", "uscis-aao"):
        items = cases(dom_name, args.split)
        dom = get_domain(domain_name(items[0]))
        jobs, checks, worker = [], [], []
        with Engine(dom.rule_set(), workers=1) as engine:
            for r in range(args.repeat):
                for c in items:
                    ci = case_input(c)
                    _, program = dom.check_program(served_program(c.reference_prolog))
                    out = engine.run(dom.query_job(ci, ci.query, program))
                    t0 = time.perf_counter()
                    dom.inspect(ci, ci.query, program, out, None)
                    if r:  # the first round warms the worker (autoloads, sandbox tables)
                        checks.append(time.perf_counter() - t0)
                        jobs.append(out.seconds)
                        worker.append(out.worker_seconds)
        print(f"DeonticBench {args.split} {dom_name}: {len(items)} programs x {args.repeat - 1} timed runs; "
              f"job wall s median {statistics.median(jobs):.4f} p90 {q(jobs, 0.9):.4f} "
              f"(in the worker: median {statistics.median(worker):.4f}); "
              f"checks s median {statistics.median(checks):.4f} p90 {q(checks, 0.9):.4f}")


if __name__ == "__main__":
    main()
