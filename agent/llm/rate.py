"""Rate limiting: the endpoint's ``Retry-After``, a per-endpoint :class:`RateGate` that a 429
closes for every thread, and the ``TAXLOGIC_LLM_REQUESTS_PER_MINUTE`` token bucket."""

from __future__ import annotations

import threading
import time
from typing import Any

from tenacity import RetryCallState
from tenacity.wait import wait_base

from taxlogic.agent.llm.endpoint import _model_url
from taxlogic.agent.llm.errors import _status


def retry_after(exc: BaseException | None) -> float | None:
    """Seconds the endpoint asked us to wait (HTTP ``Retry-After``: seconds or an HTTP date, or
    OpenAI's ``retry-after-ms``) on a 429/503 ``exc`` (or the error it wraps); None if it did not say."""
    import email.utils

    for _ in range(4):
        if exc is None:
            return None
        headers = getattr(getattr(exc, "response", None), "headers", None)
        if headers is not None:
            ms = headers.get("retry-after-ms")
            value = headers.get("retry-after")
            try:
                if ms is not None:
                    return max(0.0, float(ms) / 1000)
                if value is not None:
                    return max(0.0, float(value))
            except ValueError:
                when = email.utils.parsedate_to_datetime(value) if value else None
                if when is not None:
                    return max(0.0, when.timestamp() - time.time())
            return None
        exc = exc.__cause__ or exc.__context__
    return None


class RateGate:
    """The calls to one endpoint, from every thread of the process, wait here before each attempt.

    When a call is refused with HTTP 429, :meth:`hold` closes the gate for the ``Retry-After``
    seconds (or the retry's own backoff): every in-flight case waits, not only the one that got
    the 429. When it reopens, waiting calls pass one every ``spacing`` seconds rather than all at
    once (no thundering herd)."""

    def __init__(self, spacing: float = 0.05) -> None:
        self.spacing = spacing
        self._lock = threading.Lock()
        self._open_at = 0.0   # monotonic time the gate reopens
        self._next_slot = 0.0  # next free start time while callers drain after a hold

    def hold(self, seconds: float) -> None:
        """Close the gate for ``seconds`` from now (never shortens a longer hold)."""
        with self._lock:
            self._open_at = max(self._open_at, time.monotonic() + seconds)

    def delay(self) -> float:
        """Seconds this caller must wait before its request (0 when the gate is open and idle);
        reserves the caller's slot."""
        with self._lock:
            now = time.monotonic()
            if now >= self._open_at and now >= self._next_slot:
                return 0.0
            slot = max(self._open_at, self._next_slot, now)
            self._next_slot = slot + self.spacing
            return slot - now


_lock = threading.Lock()  # guards _gates and _limiters
_gates: dict[str, RateGate] = {}
_limiters: dict[tuple[str, float], Any] = {}


def gate_for(model: Any) -> RateGate:
    """The :class:`RateGate` of ``model``'s endpoint (one per base URL per process)."""
    url = _model_url(model)
    with _lock:
        return _gates.setdefault(url, RateGate())


def _rate_limiter(url: str, per_minute: float) -> Any:
    """langchain's token-bucket limiter capping requests to ``url`` at ``per_minute``, shared by
    every chat model of the process on that endpoint (``TAXLOGIC_LLM_REQUESTS_PER_MINUTE``)."""
    from langchain_core.rate_limiters import InMemoryRateLimiter

    with _lock:
        key = (url, per_minute)
        if key not in _limiters:
            _limiters[key] = InMemoryRateLimiter(requests_per_second=per_minute / 60.0,
                                                 check_every_n_seconds=min(0.1, 30.0 / per_minute), max_bucket_size=1)
        return _limiters[key]


class wait_retry_after(wait_base):
    """Tenacity wait: the endpoint's ``Retry-After`` when it gave one, else ``fallback``'s wait;
    a 429 also closes the endpoint's :class:`RateGate` for that long, pausing every other call."""

    def __init__(self, fallback: wait_base, gate: RateGate | None = None) -> None:
        self.fallback, self.gate = fallback, gate

    def __call__(self, retry_state: RetryCallState) -> float:
        exc = retry_state.outcome.exception() if retry_state.outcome else None
        seconds = float(self.fallback(retry_state))
        after = retry_after(exc)
        if after is not None:
            seconds = after
        if self.gate is not None and exc is not None and _status(exc) == 429:
            self.gate.hold(seconds)
        return seconds
