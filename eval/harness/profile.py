"""Where a batch run's concurrency slots go: ``eval run --profile`` and ``bench/endpoint_concurrency.py``.

A :class:`RunProfile` is started before a run and finished after it (before its engines close):
it sums every record's timing spans (:attr:`taxlogic.eval.scoring.records.CaseRecord.spans`,
:mod:`taxlogic.spans`) over the run's slot-seconds (``concurrency`` x wall seconds), reads the
process-wide gauges (LLM calls, cases and Prolog jobs in flight over time; a run over worker
processes adds theirs, :meth:`RunProfile.add_workers`), the CPU seconds used by the run's Python
processes and by the Prolog processes (the engines' workers, and short-lived ``swipl``
children), and the whole machine's CPU use over the run (:class:`MachineCPU`: whether the cores
were the bound). A slot's time is either in a case (split by span) or ``empty`` (no case in
it: the start, the tail of the run, and cases that ended without a record).
"""

from __future__ import annotations

import math
import os
import resource
import threading
import time
from typing import Any

from taxlogic import spans

#: Span groups as the summary shows them: (label, span names); names not listed go to "other nodes".
GROUPS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("LLM call", ("llm",)),
    ("LLM gate/backoff", ("llm_wait",)),
    ("case set-up (context, exemplars)", ("setup",)),
    ("engine start", ("engine_start",)),
    ("waiting for a Prolog worker", ("engine_wait",)),
    ("Prolog job (in the worker)", ("engine",)),
    ("Prolog job hand-over (pipe, scheduling)", ("engine_handover",)),
    ("checks (validate, inspect)", ("validate", "inspect", "grounding", "omissions")),
    ("explanation", ("explain",)),
    ("Python between nodes, around the case", ("graph",)),
    ("slot free, case not started", ("slot_wait",)),
)
OTHER_NODES = "other nodes (generate, repair, ...)"

#: The phases of a case's CPU in the order the profile shows them (:data:`taxlogic.spans.PHASES`,
#: then :data:`taxlogic.spans.OTHER_PHASE`).
PHASE_ORDER: tuple[str, ...] = tuple(dict.fromkeys(spans.PHASES.values())) + (spans.OTHER_PHASE,)


def _quantile(values: list[float], q: float) -> float:
    """The ``q`` quantile of ``values`` (nearest rank: the smallest value with at least ``q`` of
    them at or below it); 0.0 for none."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered) - 1e-9) - 1))]


def phase_table(records: list, process_cpu: float, prolog_cpu: float) -> dict:
    """CPU seconds per case by phase (:data:`PHASE_ORDER`) over ``records``' ``phase_cpu``
    (:attr:`taxlogic.eval.scoring.records.CaseRecord.phase_cpu`): for each phase and ``total``,
    ``mean``, ``p90``, ``p99``, ``max`` (Python and Prolog CPU added), ``python`` and ``prolog``
    (their means); ``outside`` the CPU seconds per case of the run's Python processes
    (``process_cpu``) and Prolog processes (``prolog_cpu``) no case counted (start-up: the
    engines' KB loads, the checks' one-time tables; threads outside cases), ``all`` their sum
    with the total's mean: what a case costs the machine on average."""
    n = max(1, len(records))
    per: dict[str, list[float]] = {p: [] for p in PHASE_ORDER + ("total",)}
    means = {p: [0.0, 0.0] for p in PHASE_ORDER + ("total",)}
    for r in records:
        got = getattr(r, "phase_cpu", None) or {}
        py, pl = got.get("python", {}), got.get("prolog", {})
        total = 0.0
        for p in PHASE_ORDER:
            a, b = py.get(p, 0.0), pl.get(p, 0.0)
            per[p].append(a + b)
            means[p][0] += a
            means[p][1] += b
            total += a + b
        per["total"].append(total)
        means["total"][0] += sum(py.values())
        means["total"][1] += sum(pl.values())
    out = {p: {"mean": sum(v) / n, "p90": _quantile(v, 0.9), "p99": _quantile(v, 0.99), "max": max(v, default=0.0),
               "python": means[p][0] / n, "prolog": means[p][1] / n} for p, v in per.items()}
    outside = {"python": max(0.0, process_cpu - means["total"][0]) / n, "prolog": max(0.0, prolog_cpu - means["total"][1]) / n}
    return {"phases": {p: {k: round(x, 5) for k, x in v.items()} for p, v in out.items()},
            "outside": {k: round(v, 5) for k, v in outside.items()},
            "all": round(out["total"]["mean"] + outside["python"] + outside["prolog"], 5)}


class MachineCPU:
    """The machine's CPU use over time, every process included (the endpoint on the same machine,
    the Prolog workers, other load): ``/proc/stat`` read every ``interval`` seconds by a daemon
    thread until :meth:`stop` (Linux; elsewhere nothing is read and :meth:`timeline` is None)."""

    def __init__(self, interval: float = 0.1) -> None:
        self.samples: list[tuple[float, float, float]] = []  # (perf_counter, busy, total) jiffies
        self._stop = threading.Event()
        if self._read() is None:
            return
        self._thread = threading.Thread(target=self._run, args=(interval,), name="machine-cpu", daemon=True)
        self._thread.start()

    @staticmethod
    def _read() -> tuple[float, float, float] | None:
        try:
            with open("/proc/stat", encoding="ascii") as f:
                fields = [float(x) for x in f.readline().split()[1:9]]
        except (OSError, ValueError):
            return None
        idle = fields[3] + fields[4]  # idle + iowait
        return time.perf_counter(), sum(fields) - idle, sum(fields)

    def _run(self, interval: float) -> None:
        while True:
            sample = self._read()
            if sample is not None:
                self.samples.append(sample)
            if self._stop.wait(interval):
                return

    def stop(self) -> None:
        self._stop.set()
        sample = self._read()
        if sample is not None:
            self.samples.append(sample)

    def timeline(self, start: float, end: float, buckets: int = 10) -> list[float] | None:
        """The machine's busy share (0-1, of all its cores) in each of ``buckets`` equal intervals
        of ``[start, end]`` (``time.perf_counter()`` seconds); None without samples."""
        pts = list(self.samples)
        if len(pts) < 2:
            return None
        width, out = (end - start) / buckets, []
        for i in range(buckets):
            lo, hi = start + i * width, start + (i + 1) * width
            inside = [p for p in pts if lo <= p[0] <= hi] or [min(pts, key=lambda p: abs(p[0] - (lo + hi) / 2))]
            before = [p for p in pts if p[0] < inside[0][0]]
            first = before[-1] if before else inside[0]
            last = inside[-1]
            total = last[2] - first[2]
            out.append(round((last[1] - first[1]) / total, 3) if total > 0 else 0.0)
        return out


def _cpu() -> tuple[float, float]:
    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime, kids.ru_utime + kids.ru_stime


class RunProfile:
    """Profile one run: ``RunProfile(concurrency, engines)`` (``engines``: the run's
    :class:`~taxlogic.eval.methods.registry.Engines`, or anything with ``cpu_seconds()``), :meth:`add`
    each record as it finishes, :meth:`finish` before the engines close. Resets the gauges."""

    def __init__(self, concurrency: int, engines: Any = None) -> None:
        self.concurrency, self.engines = max(1, concurrency), engines
        for g in spans.GAUGES.values():
            g.reset()
        self.records: list = []
        self.workers: list[dict] = []
        self.load_before = os.getloadavg()
        self.machine = MachineCPU()
        self.cpu0 = _cpu()
        self.start = time.perf_counter()

    def add(self, record: Any) -> None:
        self.records.append(record)

    def add_workers(self, reports: list[dict]) -> None:
        """A run over worker processes (:attr:`taxlogic.eval.harness.runner.RunCounts.workers`): their
        gauges join this process's, and their CPU is told apart from their Prolog workers'."""
        self.workers = list(reports)
        for report in reports:
            for name, steps in report.get("gauges", {}).items():
                if name in spans.GAUGES:
                    spans.GAUGES[name].absorb(steps)

    def finish(self) -> dict:
        """The profile as a dict (seconds; ``share``: of the run's slot-seconds): ``cases``,
        ``wall``, ``concurrency``, ``processes``, ``slot_seconds``, ``spans`` (summed over cases, by name),
        ``groups`` (label -> seconds and share, ``empty`` included), ``llm_calls``, ``cases_in_flight``,
        ``engine_jobs`` (:meth:`taxlogic.spans.Gauge.stats`), ``cpu`` (``process``, ``prolog``
        seconds, ``cores``, ``use``: their sum over cores x wall, ``machine``: the whole machine's
        busy share per tenth of the run, :class:`MachineCPU`), ``load`` (1-minute load average
        before and after)."""
        end = time.perf_counter()
        self.machine.stop()
        wall = end - self.start
        cpu_self, cpu_kids = _cpu()
        prolog_live = self.engines.cpu_seconds() if self.engines is not None and hasattr(self.engines, "cpu_seconds") else 0.0
        totals: dict[str, float] = {}
        cpu: dict[str, float] = {}
        for r in self.records:
            for k, v in (getattr(r, "spans", None) or {}).items():
                totals[k] = totals.get(k, 0.0) + v
            for k, v in (getattr(r, "span_cpu", None) or {}).items():
                cpu[k] = cpu.get(k, 0.0) + v
        slots = self.concurrency * wall
        groups: dict[str, tuple[float, float | None]] = {}
        named = {n for _, names in GROUPS for n in names}
        for label, names in GROUPS:
            groups[label] = (sum(totals.get(n, 0.0) for n in names), sum(cpu.get(n, 0.0) for n in names))
        groups[OTHER_NODES] = (sum(v for k, v in totals.items() if k not in named),
                               sum(v for k, v in cpu.items() if k not in named))
        groups["slot empty (no case)"] = (max(0.0, slots - sum(totals.values())), None)
        longest = sorted(self.records, key=lambda r: -sum((getattr(r, "spans", None) or {}).values()))[:3]
        cores = os.cpu_count() or 1
        workers = sum(w.get("cpu", 0.0) for w in self.workers)  # forked workers: reaped, so in `cpu_kids`
        process = cpu_self - self.cpu0[0] + workers
        prolog = cpu_kids - self.cpu0[1] - workers + prolog_live
        return {
            "cases": len(self.records), "wall": round(wall, 3), "concurrency": self.concurrency,
            "slot_seconds": round(slots, 3),
            "spans": {k: round(v, 3) for k, v in sorted(totals.items(), key=lambda kv: -kv[1])},
            "cpu_spans": {k: round(v, 3) for k, v in sorted(cpu.items(), key=lambda kv: -kv[1])},
            "groups": {k: {"seconds": round(v, 3), "share": round(v / slots, 4) if slots else 0.0,
                           "cpu": None if c is None else round(c, 3)}
                       for k, (v, c) in groups.items()},
            "longest": [{"case": r.case_id, "seconds": round(sum(r.spans.values()), 2), "rounds": r.rounds,
                         "spans": {k: v for k, v in sorted(r.spans.items(), key=lambda kv: -kv[1])[:3]}}
                        for r in longest],
            "llm_calls": spans.LLM_CALLS.stats(self.start, end),
            "cases_in_flight": spans.CASES.stats(self.start, end),
            "engine_jobs": spans.ENGINE_JOBS.stats(self.start, end),
            "processes": max(1, len(self.workers)),
            "cpu": {"process": round(process, 2), "prolog": round(prolog, 2), "cores": cores,
                    "use": round((process + prolog) / (cores * wall), 3) if wall else 0.0,
                    "machine": self.machine.timeline(self.start, end)},
            "load": [round(self.load_before[0], 2), round(os.getloadavg()[0], 2)],
            "phase_cpu": phase_table(self.records, process, prolog),
        }


def render(profile: dict) -> list[str]:
    """The profile as plain text lines for a terminal (80 columns)."""
    p = profile
    procs = p.get("processes", 1)
    lines = [f"{p['cases']} cases in {p['wall']:.1f} s at concurrency {p['concurrency']}"
             f"{f' over {procs} processes' if procs > 1 else ''}: {p['slot_seconds']:.0f} slot-seconds",
             f"  {'where the slots went':<40} {'wall s':>9} {'share':>6} {'CPU s':>7}"]
    for label, g in p["groups"].items():
        if g["seconds"] >= 0.0005 or label.startswith("LLM call"):
            cpu = "" if g.get("cpu") is None else f"{g['cpu']:.2f}"
            lines.append(f"  {label:<40} {g['seconds']:>9.2f} {100 * g['share']:>5.1f}% {cpu:>7}")
    lines.append("  in flight (mean, most; mean per tenth of the run):")
    for key, what in (("llm_calls", "LLM calls"), ("cases_in_flight", "cases"), ("engine_jobs", "Prolog jobs")):
        g = p[key]
        lines.append(f"    {what:<11} {g['mean']:>6.1f} {g['most']:>4}; " + " ".join(f"{x:.0f}" for x in g["timeline"]))
    for r in p.get("longest", []):
        parts = ", ".join(f"{k} {v:.1f}" for k, v in r["spans"].items())
        lines.append(f"  longest: {r['case']} {r['seconds']:.1f} s, {r['rounds']} round(s) ({parts})")
    c = p["cpu"]
    if c.get("machine"):
        lines.append(f"    {'machine CPU':<11} {'':>6} {'':>4}  " + " ".join(f"{100 * x:.0f}%" for x in c["machine"]))
    lines.append(f"  CPU: {'this process' if procs == 1 else f'the {procs} processes'} {c['process']:.1f} s, Prolog {c['prolog']:.1f} s: "
                 f"{100 * c['use']:.0f}% of {c['cores']} cores x {p['wall']:.1f} s")
    lines.append(f"  machine load average (1 min): {p['load'][0]:g} before, {p['load'][1]:g} after")
    if p.get("phase_cpu"):
        lines += render_phases(p["phase_cpu"])
    return lines


def render_phases(table: dict) -> list[str]:
    """:func:`phase_table` as plain text lines: CPU milliseconds per case by phase."""
    lines = [f"  CPU ms per case by phase {'mean':>8} {'p90':>7} {'p99':>7} {'max':>7} {'Python':>7} {'Prolog':>7}"]
    for phase, v in table["phases"].items():
        lines.append(f"    {phase:<22} {1000 * v['mean']:>8.1f} {1000 * v['p90']:>7.1f} {1000 * v['p99']:>7.1f} "
                     f"{1000 * v['max']:>7.0f} {1000 * v['python']:>7.1f} {1000 * v['prolog']:>7.1f}")
    o = table["outside"]
    lines.append(f"    {'outside any case':<22} {1000 * (o['python'] + o['prolog']):>8.1f} {'':>7} {'':>7} {'':>7} "
                 f"{1000 * o['python']:>7.1f} {1000 * o['prolog']:>7.1f}")
    lines.append(f"    {'all (a case costs)':<22} {1000 * table['all']:>8.1f}")
    return lines
