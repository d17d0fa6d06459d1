"""Benchmark: explaining an answer vs the plain query, on SARA's gold programs (issue 16: at most
10x on the median case; the figures of the heaviest cases, tax_case_83 and tax_case_91).

Plain: each case's gold program and query in mode ``first``, as ``taxlogic eval gold`` runs it.
Explain: the same job in mode ``explain`` (the query, then the recording of its explanation,
:mod:`taxlogic.tools.explain`). Costs are measured inside Prolog (CPU seconds, inferences), the
minimum over ``--repeat`` runs of each case. Prints, over the cases, the median ratio of the
recording to the plain query and of the whole explain job (query + recording) to the plain
query, the two heaviest cases, tree sizes, and last ``median explain/plain: X`` (the whole
job, CPU). Usage: ``python bench/explain_speed.py [--limit N] [--repeat R]``.
"""

from __future__ import annotations

import argparse
import statistics
import time

from taxlogic.eval.scoring.explained import explain_gold
from taxlogic.kb.sara.data.cases import load_cases
from taxlogic.kb.sara.data.install import sara_rules
from taxlogic.kb.sara.domain import case_job
from taxlogic.tools.engine import Engine
from taxlogic.tools.explain import ExplainOptions

HEAVY = ("tax_case_83", "tax_case_91")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--limit", type=int, default=0, help="only the first N cases (0: all 376), plus the heavy ones")
    ap.add_argument("--repeat", type=int, default=3, help="runs per case; the minimum cost counts")
    args = ap.parse_args()
    cases = load_cases()
    if args.limit:
        cases = cases[: args.limit] + [c for c in cases[args.limit:] if c.id in HEAVY]
    ids = [c.id for c in cases]
    plain_cpu = {i: float("inf") for i in ids}
    plain_inf = {i: 0 for i in ids}
    rec_cpu = {i: float("inf") for i in ids}
    rec_inf = {i: 0 for i in ids}
    job_cpu = {i: float("inf") for i in ids}
    nodes, problems = {}, {}
    walls = {"plain": [], "explain": []}
    with Engine(sara_rules()) as engine:
        for _ in range(args.repeat):
            t0 = time.perf_counter()
            for c, o in zip(cases, engine.run_many([case_job(c, c.gold_program, mode="first") for c in cases])):
                plain_cpu[c.id] = min(plain_cpu[c.id], o.cpu_seconds)
                plain_inf[c.id] = o.inferences
            walls["plain"].append(time.perf_counter() - t0)
            t0 = time.perf_counter()
            for r in explain_gold(engine, cases):
                rec_cpu[r.case_id] = min(rec_cpu[r.case_id], r.cpu_seconds)
                job_cpu[r.case_id] = min(job_cpu[r.case_id], r.cpu_seconds + r.query_cpu_seconds)
                rec_inf[r.case_id] = r.inferences
                nodes[r.case_id], problems[r.case_id] = r.nodes, r.problems
            walls["explain"].append(time.perf_counter() - t0)

    def ratio(a: dict, b: dict, i: str) -> float:
        return a[i] / b[i] if b[i] else float("nan")

    rec_cpu_r = [ratio(rec_cpu, plain_cpu, i) for i in ids]
    job_cpu_r = [ratio(job_cpu, plain_cpu, i) for i in ids]
    rec_inf_r = [ratio(rec_inf, plain_inf, i) for i in ids]
    job_inf_r = [(rec_inf[i] + plain_inf[i]) / plain_inf[i] for i in ids if plain_inf[i]]
    ok = sum(not p for p in problems.values())
    opts = ExplainOptions()
    print(f"cases: {len(ids)}, explained and sound: {ok}/{len(ids)}; recorder options: "
          f"max_nodes={opts.max_nodes} max_solutions={opts.max_solutions}")
    print(f"wall, all cases (min of {args.repeat}): plain {min(walls['plain']):.2f} s, explain {min(walls['explain']):.2f} s")
    print(f"median plain query: {statistics.median(plain_cpu.values()) * 1000:.2f} ms CPU, "
          f"{statistics.median(plain_inf.values()):,.0f} inferences")
    print(f"median recording / plain: CPU {statistics.median(rec_cpu_r):.2f}x, inferences {statistics.median(rec_inf_r):.2f}x")
    print(f"median explain job (query + recording) / plain: CPU {statistics.median(job_cpu_r):.2f}x, "
          f"inferences {statistics.median(job_inf_r):.2f}x")
    print(f"max recording / plain (CPU): {max(rec_cpu_r):.1f}x ({ids[rec_cpu_r.index(max(rec_cpu_r))]})")
    print(f"tree nodes: median {statistics.median(nodes.values()):.0f}, max {max(nodes.values())}")
    for i in HEAVY:
        if i in plain_cpu:
            print(f"{i}: plain {plain_cpu[i]:.3f} s CPU ({plain_inf[i]:,} inferences); recording {rec_cpu[i]:.3f} s "
                  f"({rec_inf[i]:,}); explain job / plain {ratio(job_cpu, plain_cpu, i):.1f}x CPU; {nodes[i]} nodes; "
                  f"{'sound' if not problems[i] else problems[i]}")
    print(f"median explain/plain: {statistics.median(job_cpu_r):.2f}")


if __name__ == "__main__":
    main()
