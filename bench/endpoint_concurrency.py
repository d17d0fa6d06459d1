"""Benchmark: batch runs of the agent against an OpenAI-compatible endpoint with 1.0 s latency, at
several concurrency levels, with a profile of where each run's slots went.

The cases are SARA's rule-free cases (all splits: the 317 whose gold program is facts only, so a
translator can give it whole); the endpoint is :class:`taxlogic.eval.faults.gold_endpoint.GoldEndpoint`
(a real HTTP server on 127.0.0.1 answering each translation request with the case's gold fact
clauses ``--latency`` seconds after it arrives; by default in a process of its own, as a remote endpoint
is, so that its HTTP threads do not compete for this process's GIL; ``--endpoint thread``
serves it from this process's threads); the agent runs with the paper's prompts
(``--paper-prompts``) and its default repair budget (3), so some cases make more than one call.
Levels default to 8 and 64.
The endpoint-bound ideal is ``concurrency / (latency x calls per case)`` cases/s (at most every
case in one round of calls). Each level gets a fresh run (its engines started inside the timed
run, as in ``eval run``), with the LLM cache off.

First a reference run at concurrency 1 with ``--ref-latency`` (default 0: answers do not depend
on latency); every level's records are then compared with it, case by case: prediction,
abstention, invalid, reason, issues, rounds and facts. Per level it prints cases, wall seconds,
cases/s, LLM requests per case, the ideal and the share of it reached, the most Prolog processes
alive at once, CPU seconds of this process and of Prolog, the machine's load average, whether
the records equal the reference, and the profile (:mod:`taxlogic.eval.harness.profile`).

**CPU by phase** (issue 48): every level's profile ends with the CPU milliseconds per case by
phase (:func:`taxlogic.eval.harness.profile.phase_table`: validation, the answer's engine job,
grounding (the static checks), omission candidates, explanation, other), mean, p90, p99 and
max over the cases, each counted where it is spent (the Python processes' for Python, the Prolog
workers' for the jobs), the CPU no case counted (start-up) and what a case costs in all. The
run ends with a summary: cases/s per level and against the lowest level, CPU seconds per case
(the test endpoint's own included: it shares the machine) and the cores' bound on cases/s
(cores / CPU seconds per case), with the load average beside each figure.

Each level runs its slots over ``--processes`` worker processes (default ``auto``:
:func:`taxlogic.eval.harness.processes.auto_processes`, 1 at concurrency 8, 2 at 64 on 2 cores), as
``eval run`` does.

Each level runs in each start order of ``--order`` (default both): ``benchmark``, the
benchmark's own order (:meth:`~taxlogic.eval.benchmarks.Benchmark.expected_cost`), what a first
run of the cases gets; ``history``, the cases that took most rounds in the reference run first
(:mod:`taxlogic.eval.harness.history`: what ``eval run`` does when earlier runs of the same cases lie
beside the new one). For each run it also prints the **schedule bound**: the seconds the run
would take if nothing but the endpoint took time, its cases started in that order with the
rounds they took in the reference run, each in the first slot to free up
(:func:`taxlogic.eval.harness.history.schedule_makespan`); ``bound share`` is the share of the ideal
that bound allows (no run in that order can reach more), ``of bound`` the bound over the run's
seconds (what the run's own overhead costs).

Issue 48's figures: ``python bench/endpoint_concurrency.py --latency 0.2 --levels 8,16,64 --order benchmark``.

Usage: ``python bench/endpoint_concurrency.py [--latency 1.0] [--levels 8,64] [--limit N]
[--ref-latency 0] [--endpoint process|thread] [--processes auto|N]
[--order benchmark,history] [--json FILE]``.
"""

from __future__ import annotations

import argparse
import json
import os
import tempfile
import threading
import time
from dataclasses import replace
from pathlib import Path


def prolog_processes() -> int:
    """Live descendants of this process (the engines' Prolog workers; spawn's helper excluded),
    read from each process's ``/proc/<pid>/task/<tid>/children`` (a few small files, not a walk
    of all of ``/proc``: the sampler runs every 0.2 s in the measured process, under its GIL)."""
    count, todo = 0, [os.getpid()]
    while todo:
        pid = todo.pop()
        try:
            tasks = list(Path(f"/proc/{pid}/task").iterdir())
        except OSError:
            continue
        for task in tasks:
            try:
                kids = [int(k) for k in (task / "children").read_text().split()]
            except OSError:
                continue
            for kid in kids:
                todo.append(kid)
                try:
                    count += b"resource_tracker" not in Path(f"/proc/{kid}/cmdline").read_bytes()
                except OSError:
                    pass
    return count


def rule_free_cases():
    """SARA's cases (every split) whose gold program is fact clauses only."""
    from taxlogic.eval.benchmarks import load_dataset
    from taxlogic.eval.faults.verifier import gold_program

    full = load_dataset("sara", "all", "all")
    return replace(full, items=[c for c in full.items if not gold_program(c).rule_text.strip()])


def comparable(record) -> dict:
    """What must not depend on concurrency: the answer, abstention, reasons, issues, rounds, facts."""
    return {"prediction": record.prediction, "correct": record.correct, "abstained": record.abstained,
            "invalid": record.invalid, "reason": record.reason, "errors": record.errors, "rounds": record.rounds,
            "facts": record.facts}


def _serve(conn, limit: int, latency: float) -> None:
    """Child process: serve the gold endpoint over the bench's cases; send its port, then, when
    told, the number of requests it saw and the CPU seconds it used meanwhile."""
    from taxlogic.eval.faults.gold_endpoint import GoldEndpoint

    ds = rule_free_cases()
    with GoldEndpoint(ds.items[:limit] if limit else ds.items, latency=latency) as ep:
        conn.send(ep.port)
        cpu = time.process_time()
        while conn.recv() == "start":  # the run starts: its CPU from here
            cpu = time.process_time()
        conn.send((len(ep.requests), time.process_time() - cpu))


class ProcessEndpoint:
    """The gold endpoint in a process of its own, as a remote endpoint is: its HTTP threads do not
    take this process's GIL (``--endpoint process``). ``requests`` and ``cpu`` (its process's CPU
    seconds from the start of the run: what it takes of the machine the run shares) are known
    after the exit."""

    def __init__(self, limit: int, latency: float) -> None:
        import multiprocessing as mp

        ctx = mp.get_context("spawn")
        self.conn, child = ctx.Pipe()
        self.proc = ctx.Process(target=_serve, args=(child, limit, latency), daemon=True)
        self.proc.start()
        self.port = self.conn.recv()
        self.base_url = f"http://127.0.0.1:{self.port}/v1"
        self.requests: list = []
        self.cpu: float | None = None

    def start_run(self) -> None:
        """The run starts now: the endpoint's CPU is counted from here."""
        self.conn.send("start")

    def __enter__(self) -> "ProcessEndpoint":
        return self

    def __exit__(self, *exc) -> None:
        self.conn.send("count")
        n, self.cpu = self.conn.recv()
        self.requests = [None] * n
        self.proc.join(10)


def run_once(ds, concurrency: int, latency: float, endpoint: str = "process", limit: int = 0,
             processes: int = 1, rounds: dict[str, int] | None = None) -> tuple[dict, dict]:
    """One fresh run; (figures and profile, case id -> :func:`comparable` record). ``endpoint``:
    ``process`` (the endpoint in a child process) or ``thread`` (in this process's threads);
    ``processes``: worker processes sharing the slots (:mod:`taxlogic.eval.harness.processes`); ``rounds``:
    case id -> rounds an earlier run took (:func:`taxlogic.eval.harness.history.case_rounds`: the start order)."""
    from taxlogic.eval.faults.gold_endpoint import GoldEndpoint
    from taxlogic.eval.methods.registry import MethodOptions, method_for_run
    from taxlogic.eval.harness.profile import RunProfile
    from taxlogic.eval.scoring.records import RunConfig, RunStore, read_records
    from taxlogic.eval.harness.runner import run_eval
    from taxlogic.settings import get_settings

    ep_cm = ProcessEndpoint(limit, latency) if endpoint == "process" else GoldEndpoint(ds.items, latency=latency)
    with ep_cm as ep, tempfile.TemporaryDirectory() as tmp:
        os.environ.update(TAXLOGIC_LLM_BASE_URL=ep.base_url, TAXLOGIC_LLM_CACHE="0")
        get_settings.cache_clear()
        most, stop = [0], threading.Event()

        def sample() -> None:
            while not stop.wait(0.2):
                most[0] = max(most[0], prolog_processes())

        sampler = threading.Thread(target=sample, daemon=True)
        sampler.start()
        cfg = RunConfig(method="agent", dataset="sara", split="all", task="all", budget=3, anchors=False)
        if hasattr(ep, "start_run"):
            ep.start_run()
        profile = RunProfile(concurrency)  # started first: making the method is part of the timed run
        method, engines = method_for_run("agent", ds, MethodOptions(budget=3, anchors=False), concurrency=concurrency,
                                         processes=processes)
        profile.engines = engines
        try:
            with RunStore(Path(tmp), cfg) as store:
                counts = run_eval(ds, method, "agent", store, concurrency=concurrency, processes=processes,
                                  rounds=rounds, on_record=profile.add)
            profile.add_workers(counts.workers)
            prof = profile.finish()
        finally:
            if engines is not None:
                engines.close()
            stop.set()
            sampler.join()
        records = {r.case_id: comparable(r) for r in read_records(Path(tmp))}
    n, seconds = counts.ran, prof["wall"]
    calls = len(ep.requests) / max(n, 1)
    ideal = min(concurrency, n) / (latency * calls) if latency else float("nan")
    return {"concurrency": concurrency, "processes": max(1, len(counts.workers)), "cases": n, "errored": counts.errored, "seconds": seconds,
            "rate": n / seconds, "calls_per_case": calls, "ideal": ideal, "share": n / seconds / ideal if latency else None,
            "prolog_procs": most[0], "requests": len(ep.requests), "endpoint_cpu": getattr(ep, "cpu", None),
            "profile": prof}, records


def orders(text: str) -> list[str]:
    """``--order``: a comma-separated list of start orders (benchmark, history)."""
    got = [o.strip() for o in text.split(",") if o.strip()]
    bad = [o for o in got if o not in ("benchmark", "history")]
    if bad or not got:
        raise argparse.ArgumentTypeError(f"start orders are benchmark and history, not {', '.join(bad) or 'none'}")
    return got


def main() -> None:
    from taxlogic.eval.harness.profile import render

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--latency", type=float, default=1.0, help="endpoint latency, seconds")
    ap.add_argument("--levels", default="8,64", help="concurrency levels (the reference run at 1 always runs)")
    ap.add_argument("--limit", type=int, default=0, help="the first N cases only (0: all 317)")
    ap.add_argument("--ref-latency", type=float, default=0.0, help="latency of the reference run at concurrency 1")
    ap.add_argument("--json", type=Path, help="also write every figure and profile to this file")
    ap.add_argument("--records", type=Path,
                    help="the reference run's records (what must not depend on concurrency): compared with this file "
                         "if it exists (an earlier commit's, before an optimisation), else written to it")
    ap.add_argument("--processes", default="auto",
                    help="worker processes sharing each level's slots: a number, or auto (one per 16 cases in flight, "
                         "at most one per core: taxlogic.eval.harness.processes.auto_processes)")
    ap.add_argument("--order", default="benchmark,history", type=orders,
                    help="start orders to run each level in (comma-separated): benchmark, the benchmark's own "
                         "(numeric cases first: a first run), and history, the cases that took most rounds in the "
                         "reference run first (as eval run does from earlier runs beside it)")
    ap.add_argument("--endpoint", choices=("process", "thread"), default="process",
                    help="the endpoint in a process of its own (as a remote one) or in this process's threads")
    args = ap.parse_args()

    ds = rule_free_cases()
    if args.limit:
        ds = replace(ds, items=ds.items[:args.limit])
    print(f"SARA rule-free cases: {len(ds.items)}; endpoint latency {args.latency:.1f} s (endpoint: {args.endpoint}); agent --paper-prompts "
          f"--budget 3; TAXLOGIC_WORKERS={os.environ.get('TAXLOGIC_WORKERS', 'unset')}; {os.cpu_count()} cores; start orders: {', '.join(args.order)}", flush=True)
    t0 = time.perf_counter()
    _, ref = run_once(ds, 1, args.ref_latency, args.endpoint, args.limit)
    print(f"reference run at concurrency 1 (latency {args.ref_latency:g} s): {len(ref)} records in "
          f"{time.perf_counter() - t0:.1f} s", flush=True)
    if args.records is not None:
        compare_records(ref, args.records)
    print(f"{'conc':>4} {'order':>9} {'procs':>5} {'cases':>5} {'seconds':>7} {'cases/s':>7} {'calls/case':>10} "
          f"{'ideal':>6} {'share':>5} {'bound s':>7} {'bound share':>11} {'of bound':>8} {'Prolog procs':>12} "
          f"{'CPU self':>8} {'CPU Prolog':>10} {'load':>5} {'= c1':>6}")
    results = []
    from taxlogic.eval.harness.history import schedule_makespan, start_order
    from taxlogic.eval.harness.processes import auto_processes

    ref_rounds = {k: v["rounds"] for k, v in ref.items()}
    for level in (int(x) for x in args.levels.split(",")):
        procs = auto_processes(level) if args.processes == "auto" else int(args.processes)
        for order in args.order:
            rounds = ref_rounds if order == "history" else None
            r, records = run_once(ds, level, args.latency, args.endpoint, args.limit, procs, rounds)
            diff = [cid for cid in ref if records.get(cid) != ref[cid]] + [cid for cid in records if cid not in ref]
            started = ds.items if level == 1 else start_order(ds.items, rounds, ds.benchmark.expected_cost)
            bound = schedule_makespan([ref_rounds.get(c.id, 1) for c in started], level, args.latency)
            r.update(order=order, differ_from_c1=diff, bound_seconds=bound,
                     bound_share=len(ds.items) / bound / r["ideal"] if bound else None)
            results.append(r)
            p = r["profile"]
            print(f"{level:>4} {order:>9} {r['processes']:>5} {r['cases']:>5} {r['seconds']:>7.1f} {r['rate']:>7.2f} "
                  f"{r['calls_per_case']:>10.2f} {r['ideal']:>6.1f} {100 * r['share']:>4.0f}% {bound:>7.1f} "
                  f"{100 * (r['bound_share'] or 0):>10.0f}% {100 * bound / r['seconds']:>7.0f}% {r['prolog_procs']:>12} "
                  f"{p['cpu']['process']:>7.1f}s {p['cpu']['prolog']:>9.1f}s {p['load'][1]:>5.1f} "
                  f"{'same' if not diff else f'{len(diff)} differ'}", flush=True)
            print("\n".join("      " + line for line in render(p)), flush=True)
            if r["endpoint_cpu"] is not None:
                print(f"        the test endpoint's own process: {r['endpoint_cpu']:.1f} CPU-s (a remote endpoint's are not "
                      "this machine's)", flush=True)
            if diff:
                print(f"      differing cases: {', '.join(diff[:10])}", flush=True)
    summary(results, os.cpu_count() or 1)
    if args.json:
        args.json.write_text(json.dumps(results, indent=1, default=str) + "\n")


def compare_records(ref: dict[str, dict], path: Path) -> None:
    """The reference run's records against ``path`` (``--records``), case by case, or written to it."""
    if not path.exists():
        path.write_text(json.dumps(ref, indent=0, sort_keys=True, default=str) + "\n")
        print(f"reference records written to {path}", flush=True)
        return
    old = json.loads(path.read_text())
    now = json.loads(json.dumps(ref, default=str))
    diff = sorted(k for k in set(old) | set(now) if old.get(k) != now.get(k))
    print(f"reference records against {path}: {len(now)} cases, "
          f"{'the same' if not diff else f'{len(diff)} differ: ' + ', '.join(diff[:10])}", flush=True)


def summary(results: list[dict], cores: int) -> None:
    """Print each run's cases/s, its ratio to the lowest level's (same order), CPU ms per case (the
    run's, :func:`taxlogic.eval.harness.profile.phase_table` ``all``, and the test endpoint's) and
    the cores' bound on cases/s, with the load average (1 min, before and after the run)."""
    print("summary (CPU ms per case: the run's own, its Python and Prolog processes; the endpoint's; "
          f"bound: {cores} cores / both)")
    print(f"{'conc':>4} {'order':>9} {'cases/s':>7} {'x lowest':>8} {'CPU ms/case':>11} {'endpoint':>8} {'bound/s':>7} "
          f"{'load':>11} {'= c1':>6}")
    lowest: dict[str, float] = {}
    for r in sorted(results, key=lambda r: r["concurrency"]):
        lowest.setdefault(r["order"], r["rate"])
        own = r["profile"]["phase_cpu"]["all"]
        ep = (r["endpoint_cpu"] or 0.0) / max(1, r["cases"])
        load = r["profile"]["load"]
        print(f"{r['concurrency']:>4} {r['order']:>9} {r['rate']:>7.2f} {r['rate'] / lowest[r['order']]:>7.2f}x "
              f"{1000 * own:>11.1f} {1000 * ep:>8.1f} {cores / (own + ep):>7.1f} {load[0]:>5.2f}-{load[1]:<5.2f} "
              f"{'same' if not r['differ_from_c1'] else str(len(r['differ_from_c1'])) + ' differ'}", flush=True)


if __name__ == "__main__":
    main()
