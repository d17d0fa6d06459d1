"""The Prolog worker process: holds one loaded statute KB and answers jobs over a pipe.

Runs in its own process (pyswip keeps one global, non-thread-safe Prolog per process). The
parent (:mod:`taxlogic.tools.engine`) sends job dicts and receives result dicts; everything
crosses into Prolog as one JSON string, so no Prolog term is ever built from raw text in Python.
"""

from __future__ import annotations

import json
import os
import signal
import time
from importlib import resources


def _escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace("'", "\\'")


def serve(conn, prolog_dir: str, compat_path: str, options: list[str], timezone: str) -> None:
    """Worker main loop. First message sent: {"ready": True, "load_seconds": s} or {"fatal": msg}.
    Ctrl-C is the parent's: the worker ignores SIGINT (before and after SWI-Prolog installs its
    handlers), and the parent closes it. SIGINT is blocked from the process's start (the parent
    spawns it so: :func:`taxlogic.tools.engine._sigint_blocked`), so a Ctrl-C before this line is
    pending, not a KeyboardInterrupt in the imports; ignoring it discards it, and it stays
    blocked."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    os.environ["TZ"] = timezone
    time.tzset()
    try:
        from pyswip import Prolog  # imported here: SWI starts after TZ is set

        t0 = time.perf_counter()
        prolog = Prolog()
        list(prolog.query("set_prolog_flag(verbose_load, silent)"))
        list(prolog.query(f"load_files('{_escape(compat_path)}', [silent(true)])"))
        for name in ("engine.pl", "explain.pl"):  # the engine, and its explanation recorder
            path = str(resources.files("taxlogic.tools").joinpath(name))
            list(prolog.query(f"load_files('{_escape(path)}', [silent(true)])"))
        opts = "[" + ",".join(options) + "]"
        list(prolog.query(f"tl_load_kb('{_escape(prolog_dir)}', {opts})"))
        msgs = [m.decode() if isinstance(m, bytes) else str(m) for m in next(prolog.query("tl_kb_messages(M)"))["M"]]
        errors = [m for m in msgs if m.startswith("error")]
        if errors:
            conn.send({"fatal": f"{len(errors)} error(s) loading {prolog_dir}: " + " | ".join(errors[:3])})
            return
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        conn.send({"ready": True, "load_seconds": time.perf_counter() - t0, "pid": os.getpid(), "kb_messages": msgs})
    except Exception as exc:  # reported to the parent, which raises EngineError
        conn.send({"fatal": f"{type(exc).__name__}: {exc}"})
        return
    from pyswip import Functor, Query, Variable

    tl_job = Functor("tl_job", 2)
    while True:
        try:
            job = conn.recv()
        except EOFError:
            return
        if job is None:
            return
        if job.get("op") == "rss":
            conn.send({"rss_kb": _rss_kb()})
            continue
        t0 = time.perf_counter()
        out = Variable()
        q = Query(tl_job(json.dumps(job), out))
        try:
            if q.nextSolution():
                value = out.value
                text = value.decode() if isinstance(value, bytes) else str(value)
                reply = json.loads(text)
                reply["worker_seconds"] = time.perf_counter() - t0
                conn.send(reply)
            else:
                conn.send({"status": "error", "error_kind": "engine", "message": "tl_job failed"})
        except Exception as exc:
            conn.send({"status": "error", "error_kind": "engine", "message": f"{type(exc).__name__}: {exc}"})
        finally:
            q.closeQuery()


def _rss_kb() -> int:
    with open("/proc/self/status") as fh:
        for line in fh:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0
