"""Benchmark: the wall time of one-case commands from a shell (issue 51: ``run``, ``explain``,
``inspect`` and ``solve --translator gold`` on one case in under 1 s; ``--version`` for the
interpreter and the app alone).

Each command is the installed console script (``taxlogic`` beside this interpreter, or
``--taxlogic PATH``) run as a user runs it, in a fresh process, its output discarded; the time
is the wall time from spawn to exit (seconds) and the CPU seconds (user + system) of the
process and its children (the Prolog worker), ``--repeat`` times (default 10) per command.
Prints a table per console script: command, median, min and max wall seconds, median CPU
seconds, and last ``slowest median: X s``. The figures are on SARA (2020 release) case
``--case`` (default tax_case_5). Wall time depends on the machine's load (CPU time much less):
to compare two versions fairly, give both (``--taxlogic OLD --taxlogic NEW``): their runs
alternate, so both see the same load; the load average before and after is printed beside the
figures. The commands run with Python's bytecode cache on, as in a user's shell: a
``PYTHONDONTWRITEBYTECODE`` set in the calling environment is dropped for them (with it, and no
``__pycache__`` written yet, every run compiles taxlogic's own modules from source again);
``--no-bytecode`` keeps it. Usage: ``python bench/startup.py [--repeat N] [--case ID]
[--only NAME] [--taxlogic PATH ...] [--no-bytecode]``.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path


def commands(case: str) -> dict[str, list[str]]:
    """Name -> arguments of each command timed (SARA 2020 case ``case``)."""
    return {
        "--version": ["--version"],
        "run": ["run", "--case", case],
        "explain": ["explain", "--case", case],
        "inspect --gold": ["inspect", "--case", case, "--gold"],
        "solve --translator gold": ["solve", "--case", case, "--translator", "gold", "--quiet"],
    }


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def time_once(exe: str, args: list[str], env: dict[str, str] | None = None) -> tuple[float, float]:
    """(wall seconds, CPU seconds) of one run of ``exe args``, output discarded; the CPU time
    counts the processes it waited for (its Prolog worker). Raises RuntimeError with its stderr
    when it exits with an error (1 or 2: an answer, 0, or an abstention, 3, count)."""
    cpu0, t0 = _children_cpu(), time.perf_counter()
    proc = subprocess.run([exe, *args], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=env)
    seconds, cpu = time.perf_counter() - t0, _children_cpu() - cpu0
    if proc.returncode not in (0, 3):
        raise RuntimeError(f"{exe} {' '.join(args)}: exit {proc.returncode}: {proc.stderr.strip()[-400:]}")
    return seconds, cpu


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=10, help="runs per command; the median counts")
    ap.add_argument("--case", default="tax_case_5", help="the SARA (2020 release) case of each command")
    ap.add_argument("--only", action="append", help="time only this command (repeatable), e.g. run")
    ap.add_argument("--taxlogic", action="append",
                    help="a console script to time (repeatable: their runs alternate; default: the one beside "
                         "this Python)")
    ap.add_argument("--no-bytecode", action="store_true",
                    help="keep PYTHONDONTWRITEBYTECODE from the environment (default: dropped, as in a user's shell)")
    args = ap.parse_args()
    env = dict(os.environ)
    if not args.no_bytecode:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
    load0 = os.getloadavg()
    exes = args.taxlogic or [str(Path(sys.executable).with_name("taxlogic"))]
    todo = {name: argv for name, argv in commands(args.case).items() if not args.only or name in args.only}
    runs: dict[tuple[str, str], list[tuple[float, float]]] = {(e, n): [] for e in exes for n in todo}
    for _ in range(args.repeat):
        for name, argv in todo.items():
            for exe in exes:
                runs[exe, name].append(time_once(exe, argv, env))
    load1 = os.getloadavg()
    print(f"load average (1, 5, 15 min) before: {load0[0]:.2f} {load0[1]:.2f} {load0[2]:.2f}, "
          f"after: {load1[0]:.2f} {load1[1]:.2f} {load1[2]:.2f}; bytecode cache "
          + ("as the environment says" if args.no_bytecode else "on"))
    slowest = 0.0
    for exe in exes:
        print(f"{exe}: taxlogic start-up, SARA (2020 release) {args.case}, {args.repeat} runs each (seconds)")
        print(f"{'command':<26}{'median':>8}{'min':>8}{'max':>8}{'cpu':>8}")
        for name in todo:
            wall = [w for w, _ in runs[exe, name]]
            cpu = statistics.median(c for _, c in runs[exe, name])
            print(f"{name:<26}{statistics.median(wall):>8.2f}{min(wall):>8.2f}{max(wall):>8.2f}{cpu:>8.2f}")
        slowest = max(statistics.median(w for w, _ in runs[exe, name]) for name in todo)
        print(f"slowest median: {slowest:.2f} s")


if __name__ == "__main__":
    main()
