"""Engine jobs as futures, each distinct job run once (:class:`JobPool`): the verifier's checks run
in the parent while the workers run the jobs (:func:`taxlogic.eval.faults.verifier.inspect_many`)."""

from __future__ import annotations

import hashlib
import threading
from concurrent.futures import Future, ThreadPoolExecutor

from taxlogic.tools.engine import Engine, Job


class JobPool:
    """Engine jobs run in the background, as many at once as the engine has workers, each distinct
    job once: a job identical to one already submitted (the same program, trust, query, mode and
    limits) shares its future, as the same job gives the same outcome (issue 48: every limit
    that decides counts inferences or bytes). A context manager: on leaving, jobs not yet
    started are cancelled and the running ones awaited."""

    def __init__(self, engine: Engine):
        self.engine = engine
        self._ex = ThreadPoolExecutor(engine.size)
        self._futures: dict[bytes, Future] = {}
        self._lock = threading.Lock()

    def submit(self, job: Job) -> Future:
        """``job``'s outcome, to come (from any thread: a job's follow-up is submitted from the
        engine's threads). Raises RuntimeError once the pool has shut down."""
        key = job_key(job)
        with self._lock:
            f = self._futures.get(key)
            if f is None:
                f = self._futures[key] = self._ex.submit(self.engine.run, job)
        return f

    def __enter__(self) -> "JobPool":
        return self

    def __exit__(self, *exc) -> None:
        self._ex.shutdown(wait=True, cancel_futures=True)


def job_key(job: Job) -> bytes:
    """A digest (20 bytes) of what a worker reads of ``job``: :meth:`Job.wire` (its texts, each
    trusted one's tag, every other field)."""
    return hashlib.blake2b(repr(sorted(job.wire().items())).encode("utf-8", "surrogatepass"), digest_size=20).digest()
