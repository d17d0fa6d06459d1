"""Benchmark: the 376 SARA gold programs, naive (one `swipl` process per case) vs taxlogic's engine.

Naive: from the SARA root, ``swipl <compat.pl> cases/X.pl`` per case (TZ=America/New_York;
compat.pl only fixes rdiv, no speed-ups), a case passes iff its test directive neither failed
nor raised. Engine: one pool (one worker per core), the gold program of every case, answers read
as in ``taxlogic eval gold``. Prints both wall times (the engine's includes starting its
workers), per-worker memory, whether the per-case answers are identical, and last
``speedup: X``. Usage: ``python bench/gold_speed.py [--limit N]``.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import time

from taxlogic.eval.methods.gold import run_gold
from taxlogic.kb.sara.data.cases import load_cases
from taxlogic.kb.sara.data.install import sara_paths
from taxlogic.kb.rules import compat_layer
from taxlogic.kb.sara.data.install import sara_rules
from taxlogic.settings import get_settings
from taxlogic.tools.engine import Engine


def naive(case_id: str, root, env) -> tuple[bool, float]:
    t0 = time.perf_counter()
    proc = subprocess.run(["swipl", str(compat_layer()), f"cases/{case_id}.pl"], cwd=root, env=env,
                          capture_output=True, text=True, timeout=600)
    out = proc.stdout + proc.stderr
    ok = "Goal (directive) failed" not in out and "ERROR" not in out
    return ok, time.perf_counter() - t0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--limit", type=int, default=0, help="only the first N cases (0: all 376)")
    args = ap.parse_args()
    cases = load_cases()
    if args.limit:
        cases = cases[: args.limit]
    root = sara_paths().root
    env = dict(os.environ, TZ=get_settings().timezone)

    t0 = time.perf_counter()
    naive_ok, naive_times = {}, {}
    for c in cases:
        naive_ok[c.id], naive_times[c.id] = naive(c.id, root, env)
    naive_wall = time.perf_counter() - t0
    slow = sorted(naive_times.items(), key=lambda kv: -kv[1])[:2]

    t0 = time.perf_counter()
    with Engine(sara_rules()) as engine:
        results = list(run_gold(engine, cases))
        engine_wall = time.perf_counter() - t0
        rss = engine.worker_rss_kb()
    engine_ok = {r.case_id: r.correct for r in results}
    by_id = {r.case_id: r for r in results}

    identical = naive_ok == engine_ok
    print(f"cases: {len(cases)}  workers: {engine.size}")
    print(f"naive (one swipl per case): {naive_wall:.2f} s wall, {sum(naive_ok.values())}/{len(cases)} pass")
    print(f"taxlogic engine:            {engine_wall:.2f} s wall, {sum(engine_ok.values())}/{len(cases)} correct")
    for cid, t in slow:
        print(f"  slowest naive: {cid} {t:.2f} s naive, {by_id[cid].seconds:.3f} s engine")
    print("per-worker memory (RSS): " + ", ".join(f"{kb / 1024:.1f} MiB" for kb in rss))
    print(f"identical answers: {identical}")
    if not identical:
        diff = [cid for cid in naive_ok if naive_ok[cid] != engine_ok.get(cid)]
        print("differing cases: " + ", ".join(diff))
    print(f"speedup: {naive_wall / engine_wall:.1f}")


if __name__ == "__main__":
    main()
