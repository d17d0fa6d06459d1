"""The Prolog worker process: holds one loaded statute KB and answers jobs over a pipe.

Runs in its own process (pyswip keeps one global, non-thread-safe Prolog per process). The
parent (:mod:`taxlogic.tools.engine`) sends job dicts and receives result dicts; everything
crosses into Prolog as one JSON string, so no Prolog term is ever built from raw text in Python.
A job's text is trusted only if its tag verifies under the key the parent gave at spawn
(:mod:`taxlogic.tools.trust`); whatever else a job dict says, its text runs untrusted.
"""

from __future__ import annotations

import json
import os
import signal
import time
from importlib import resources


def _escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace("'", "\\'")


def serve(conn, prolog_dir: str, compat_path: str, options: list[str], timezone: str, key: bytes = b"") -> None:
    """Worker main loop. First message sent: {"ready": True, "load_seconds": s} or {"fatal": msg}.
    Ctrl-C is the parent's: the worker ignores SIGINT (before and after SWI-Prolog installs its
    handlers), and the parent closes it. SIGINT is blocked from the process's start (the parent
    spawns it so: :func:`taxlogic.tools.engine._sigint_blocked`), so a Ctrl-C before this line is
    pending, not a KeyboardInterrupt in the imports; ignoring it discards it, and it stays
    blocked. ``key``: the parent's trust key (:func:`taxlogic.tools.trust.worker_key`); without
    one, nothing runs trusted."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    os.environ["TZ"] = timezone
    time.tzset()
    try:
        from pyswip import Prolog  # imported here: SWI starts after TZ is set

        t0 = time.perf_counter()
        prolog = Prolog()
        list(prolog.query("set_prolog_flag(verbose_load, silent)"))
        list(prolog.query(f"load_files('{_escape(compat_path)}', [silent(true)])"))
        for name in ("engine.pl", "explain.pl", "sandbox.pl"):  # the engine, its explanation recorder, the sandbox
            path = str(resources.files("taxlogic.tools").joinpath(name))
            list(prolog.query(f"load_files('{_escape(path)}', [silent(true)])"))
        opts = "[" + ",".join(options) + "]"
        list(prolog.query(f"tl_load_kb('{_escape(prolog_dir)}', {opts})"))
        msgs = [m.decode() if isinstance(m, bytes) else str(m) for m in next(prolog.query("tl_kb_messages(M)"))["M"]]
        errors = [m for m in msgs if m.startswith("error")]
        if errors:
            conn.send({"fatal": f"{len(errors)} error(s) loading {prolog_dir}: " + " | ".join(errors[:3])})
            return
        _warm_up(prolog)
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
        t0, cpu0 = time.perf_counter(), time.process_time()
        job, refused = _trust(job, key)
        if refused:
            conn.send({"status": "error", "error_kind": "trust", "message": refused})
            continue
        out = Variable()
        q = Query(tl_job(json.dumps(job), out))
        try:
            if q.nextSolution():
                value = out.value
                text = value.decode() if isinstance(value, bytes) else str(value)
                reply = json.loads(text)
                reply["worker_seconds"] = time.perf_counter() - t0
                reply["worker_cpu"] = time.process_time() - cpu0
                conn.send(reply)
            else:
                conn.send({"status": "error", "error_kind": "engine", "message": "tl_job failed"})
        except Exception as exc:
            conn.send({"status": "error", "error_kind": "engine", "message": f"{type(exc).__name__}: {exc}"})
        finally:
            q.closeQuery()


#: Jobs a worker runs once before its first real one (issue 48): the first job of a fresh worker
#: paid about ten inferences more than the same job later (first calls of the engine's own code
#: paths), so a job's inference count, on which its outcome depends, depended on its place.
_WARM_UP = ({"facts": "tl_warm(1).", "query": "tl_warm(X)", "mode": "all", "var": "X"},
            {"facts": "tl_warm(1).", "query": "tl_warm(X)", "mode": "explain", "var": "X", "explain": None},
            {"facts": "", "query": "true", "mode": "prove", "var": None})


def _warm_up(prolog) -> None:
    """Run :data:`_WARM_UP` (trusted text of the worker's own, nothing kept: each job is unloaded)."""
    for job in _WARM_UP:
        full = {"trusted": True, "rules": "", "materialize": True, "max_solutions": 64, "time_limit": 10.0,
                "inference_limit": 1_000_000, "explain": None, **job}
        list(prolog.query(f"tl_job('{_escape(json.dumps(full))}', _)"))


def _trust(job: dict, key: bytes) -> tuple[dict, str | None]:
    """The job as Prolog reads it: ``trusted`` true only if the facts' tag verifies; trusted
    ``rules`` only if theirs does. (job, None), or (job, why) when a tag is given but wrong (a
    forged or corrupted job: refused whole)."""
    from taxlogic.tools.trust import tag_ok

    facts, rules = job.get("facts", ""), job.get("rules", "") or ""
    trusted = bool(key) and job.get("facts_tag") is not None and tag_ok(key, facts, job["facts_tag"])
    if job.get("facts_tag") is not None and not trusted:
        return job, "the job's trusted program does not carry a valid trust tag; refused"
    if rules and not (key and tag_ok(key, rules, job.get("rules_tag"))):
        return job, "the job's trusted rules do not carry a valid trust tag; refused"
    if job.get("sandbox") and (trusted or rules):
        return job, "a sandboxed job runs an untrusted program only; refused"
    clean = {k: v for k, v in job.items() if k not in ("facts_tag", "rules_tag")}
    clean.update(trusted=trusted, rules=rules, sandbox=bool(job.get("sandbox")))
    return clean, None


def _rss_kb() -> int:
    with open("/proc/self/status") as fh:
        for line in fh:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0
