"""Benchmark: a batch run of the agent against an OpenAI-compatible endpoint with 1.0 s latency, at
concurrency 1, 4, 16 and 32, on the SARA test split.

The endpoint is :class:`taxlogic.eval.gold_endpoint.GoldEndpoint` (a real HTTP server on
127.0.0.1 answering each case with its gold fact clauses after ``--latency`` seconds); the agent
runs with ``--budget 0``, so each case is one LLM call and the endpoint-bound ideal is
``concurrency / latency`` cases/s (at most the number of cases over one latency). Each
concurrency gets a fresh run (its engines started inside the timed run, as in ``eval run``),
with the LLM cache off. Prints, per concurrency: cases, wall seconds, cases/s, the ideal, the
share of it reached, the most Prolog processes alive at once (children of this process) and the
LLM requests made. Concurrency 1 runs on the first ``--c1-cases`` cases only (1 s each).

Usage: ``python bench/endpoint_concurrency.py [--latency 1.0] [--levels 1,4,16,32] [--c1-cases 30]``.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import threading
import time
from pathlib import Path


def prolog_processes() -> int:
    """Live descendants of this process (the engines' Prolog workers; spawn's helper excluded)."""
    me, children = os.getpid(), {}
    for d in Path("/proc").iterdir():
        if not d.name.isdigit():
            continue
        try:
            stat = (d / "stat").read_text()
            cmd = (d / "cmdline").read_bytes()
        except OSError:
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        children.setdefault(ppid, []).append((int(d.name), cmd))
    count, todo = 0, [me]
    while todo:
        for pid, cmd in children.get(todo.pop(), []):
            todo.append(pid)
            count += b"resource_tracker" not in cmd
    return count


def run_once(ds, concurrency: int, latency: float) -> dict:
    from taxlogic.eval.gold_endpoint import GoldEndpoint
    from taxlogic.eval.methods import Engines, MethodOptions, make_method
    from taxlogic.eval.records import RunConfig, RunStore
    from taxlogic.eval.runner import run_eval
    from taxlogic.settings import get_settings

    with GoldEndpoint(ds.items, latency=latency) as ep, tempfile.TemporaryDirectory() as tmp:
        os.environ.update(TAXLOGIC_LLM_BASE_URL=ep.base_url, TAXLOGIC_LLM_CACHE="0")
        get_settings.cache_clear()
        most, stop = [0], threading.Event()

        def sample() -> None:
            while not stop.wait(0.2):
                most[0] = max(most[0], prolog_processes())

        sampler = threading.Thread(target=sample, daemon=True)
        sampler.start()
        cfg = RunConfig(method="agent", dataset="sara", split="test", task="all", budget=0)
        t0 = time.perf_counter()
        engines = Engines(ds)
        try:
            with RunStore(Path(tmp), cfg) as store:
                method = make_method("agent", ds, MethodOptions(engines=engines, budget=0, anchors=False))  # gold facts carry no anchors
                counts = run_eval(ds, method, "agent", store, concurrency=concurrency)
            seconds = time.perf_counter() - t0
        finally:
            engines.close()
            stop.set()
            sampler.join()
    n = counts.ran
    ideal = min(concurrency, n) / latency
    return {"concurrency": concurrency, "cases": n, "errored": counts.errored, "seconds": seconds,
            "rate": n / seconds, "ideal": ideal, "share": n / seconds / ideal, "prolog": most[0],
            "requests": len(ep.requests)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--latency", type=float, default=1.0, help="endpoint latency, seconds")
    ap.add_argument("--levels", default="1,4,16,32", help="concurrency levels")
    ap.add_argument("--c1-cases", type=int, default=30, help="cases at concurrency 1 (0: the whole split)")
    args = ap.parse_args()

    from taxlogic.eval.benchmarks import load_dataset
    from taxlogic.settings import get_settings

    full = load_dataset("sara", "test", "all")
    print(f"SARA test split: {len(full.items)} cases; endpoint latency {args.latency:.1f} s; agent --budget 0; "
          f"TAXLOGIC_WORKERS={get_settings().workers}; {os.cpu_count()} cores")
    print(f"{'conc':>4} {'cases':>5} {'errored':>7} {'seconds':>8} {'cases/s':>8} {'ideal':>6} {'share':>6} "
          f"{'Prolog procs':>12} {'requests':>8}")
    for level in (int(x) for x in args.levels.split(",")):
        ds = full
        if level == 1 and args.c1_cases:
            ds = load_dataset("sara", "test", "all", limit=args.c1_cases)
        r = run_once(ds, level, args.latency)
        print(f"{r['concurrency']:>4} {r['cases']:>5} {r['errored']:>7} {r['seconds']:>8.1f} {r['rate']:>8.2f} "
              f"{r['ideal']:>6.1f} {100 * r['share']:>5.0f}% {r['prolog']:>12} {r['requests']:>8}", flush=True)


if __name__ == "__main__":
    main()
