"""LLM access: a ``ChatOpenAI`` built from :class:`~taxlogic.settings.Settings`, retries, cache, errors.

Everything that talks to the language model goes through this module:

* :func:`make_chat_model` builds a ``langchain_openai.ChatOpenAI`` for the configured OpenAI-compatible
  endpoint (``TAXLOGIC_LLM_BASE_URL``, ``TAXLOGIC_LLM_MODEL``, ``TAXLOGIC_LLM_API_KEY`` /
  ``OPENAI_API_KEY``). The endpoint, model and key come only from the settings.
* :func:`enable_cache` turns on langchain's SQLite response cache so re-runs cost nothing.
* :func:`invoke` calls a chat model, retries transient failures (connection errors, timeouts, 429,
  5xx) with capped exponential backoff and jitter, and returns an :class:`LLMReply` with the text,
  token counts and wall time. Failures a user can meet become :class:`LLMError` subclasses whose
  message is one line naming the cause and the fix.
* :data:`PROLOG_FACTS_GBNF` and :func:`grammar_extra_body` constrain llama.cpp's output to lines of
  Prolog facts (``extra_body={"grammar": ...}``; only servers built on llama.cpp honour it, see
  :func:`supports_grammar`).

Typical use::

    from taxlogic.agent.llm import enable_cache, invoke, make_chat_model
    settings = get_settings()
    enable_cache(settings)
    model = make_chat_model(settings)
    reply = invoke(model, [("system", "..."), ("user", "...")], max_retries=settings.llm_max_retries)
    print(reply.text, reply.input_tokens, reply.output_tokens)
"""

from __future__ import annotations

import importlib
import logging
import re
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable
from urllib.parse import urlsplit

import openai
from langchain_core.language_models import BaseChatModel, LanguageModelInput
from langchain_core.messages import AIMessage, BaseMessage
from langchain_openai import ChatOpenAI
from tenacity import (
    RetryCallState,
    Retrying,
    retry_if_exception,
    stop_after_attempt,
    wait_exponential_jitter,
)
from tenacity.wait import wait_base

from taxlogic.settings import Settings, get_settings
from taxlogic.spans import LLM_CALLS, span

__all__ = [
    "LLMReply",
    "LLMError",
    "EndpointUnreachable",
    "ModelNotFound",
    "InvalidKey",
    "LLMRequestRejected",
    "LLMFailed",
    "is_endpoint_failure",
    "retry_after",
    "RateGate",
    "gate_for",
    "chat_model",
    "make_chat_model",
    "enable_cache",
    "disable_cache",
    "invoke",
    "is_transient",
    "describe_error",
    "default_wait",
    "supports_grammar",
    "grammar_extra_body",
    "PROLOG_FACTS_GBNF",
    "PROLOG_ANCHORED_FACTS_GBNF",
    "PROLOG_FACT_LINE_RE",
]

log = logging.getLogger(__name__)

SERVE_HINT = "start the embedded model with `taxlogic llm serve`, or set TAXLOGIC_LLM_BASE_URL"
URL_HINT = "check that the server at TAXLOGIC_LLM_BASE_URL is running and reachable"
KEY_HINT = "set TAXLOGIC_LLM_API_KEY (or OPENAI_API_KEY) to a key the endpoint accepts"

# --------------------------------------------------------------------------------------------------
# errors


class LLMError(RuntimeError):
    """An LLM failure a user can meet; ``str(exc)`` is one line with the cause and the fix."""

    def __init__(self, message: str, *, cause: BaseException | None = None) -> None:
        super().__init__(_one_line(message))
        self.cause = cause


class LLMFailed(LLMError):
    """A transient failure persisted after all retries; ``cause`` is the last error."""

    def __init__(self, message: str, *, cause: BaseException | None = None, attempts: int = 0) -> None:
        super().__init__(message, cause=cause)
        self.attempts = attempts


class EndpointUnreachable(LLMFailed):
    """Nothing answers at the endpoint (connection refused / DNS / network), even after retries."""

    def __init__(self, url: str, *, cause: BaseException | None = None, attempts: int = 0) -> None:
        tries = f" after {attempts} attempt{'s' if attempts != 1 else ''}" if attempts else ""
        hint = SERVE_HINT if _is_embedded(url) else URL_HINT
        super().__init__(
            f"cannot reach the LLM endpoint {url}{tries} ({_short(cause)}): {hint}",
            cause=cause,
            attempts=attempts,
        )
        self.url = url


class ModelNotFound(LLMError):
    """The endpoint answered HTTP 404 for the model (or the base URL's path is wrong)."""

    def __init__(self, model: str, url: str, *, cause: BaseException | None = None) -> None:
        super().__init__(
            f"model {model!r} not found at {url} (HTTP 404): set TAXLOGIC_LLM_MODEL to a model the endpoint "
            f"serves (see {url.rstrip('/')}/models) and check that TAXLOGIC_LLM_BASE_URL ends in /v1",
            cause=cause,
        )
        self.model = model
        self.url = url


class InvalidKey(LLMError):
    """The endpoint rejected the API key (HTTP 401/403)."""

    def __init__(self, url: str, status: int | None, *, cause: BaseException | None = None) -> None:
        code = f"HTTP {status}" if status else "authentication failed"
        super().__init__(f"the LLM endpoint {url} rejected the API key ({code}): {KEY_HINT}", cause=cause)
        self.url = url
        self.status = status


class LLMRequestRejected(LLMError):
    """The endpoint refused the request itself (HTTP 400/422, e.g. the prompt is too long)."""

    def __init__(self, url: str, status: int | None, detail: str, *, cause: BaseException | None = None) -> None:
        super().__init__(
            f"the LLM endpoint {url} rejected the request ({f'HTTP {status}' if status else 'invalid'}): {detail} "
            "- shorten the prompt or lower TAXLOGIC_LLM_MAX_TOKENS",
            cause=cause,
        )
        self.url = url
        self.status = status


def is_endpoint_failure(exc: BaseException) -> bool:
    """True for failures of the endpoint, not of the case: unreachable, timeouts, 429/5xx after
    every retry (:class:`LLMFailed`), a rejected key (:class:`InvalidKey`) or an unknown model
    (:class:`ModelNotFound`). A batch run records such a case as *errored* and redoes it on
    resume; it is never an abstention. False for :class:`LLMRequestRejected` (this request was
    refused, e.g. a prompt too long: the method's outcome for this case)."""
    return isinstance(exc, (LLMFailed, InvalidKey, ModelNotFound))


def _is_embedded(url: str) -> bool:
    """Is ``url`` the embedded server's (``taxlogic llm serve``: loopback, ``TAXLOGIC_SERVE_PORT``)?"""
    try:
        parts = urlsplit(url)
        return (parts.hostname or "").lower() in _LOOPBACK_HOSTS and parts.port == get_settings().serve_port
    except ValueError:
        return False


def _one_line(text: str) -> str:
    return " ".join(str(text).split())


def _short(exc: BaseException | None, limit: int = 200) -> str:
    if exc is None:
        return "no details"
    msg = _one_line(getattr(exc, "message", None) or str(exc)) or type(exc).__name__
    # name the innermost network cause (e.g. "Connection refused") when openai only says "Connection error."
    inner = exc.__cause__ or exc.__context__
    seen = 0
    while inner is not None and seen < 5:
        detail = _one_line(str(inner))
        if detail and detail not in msg and not isinstance(inner, openai.OpenAIError):
            msg = f"{msg} {detail}"
            break
        inner = inner.__cause__ or inner.__context__
        seen += 1
    return msg if len(msg) <= limit else msg[: limit - 3] + "..."


# --------------------------------------------------------------------------------------------------
# classification of exceptions


def _classes(module: str, *names: str) -> tuple[type[BaseException], ...]:
    """The exception classes ``module.<name>`` that exist (tolerates missing modules and names)."""
    try:
        mod = importlib.import_module(module)
    except Exception:  # pragma: no cover - optional dependency
        return ()
    return tuple(c for n in names if isinstance(c := getattr(mod, n, None), type))


_NETWORK_NAMES = ("ConnectError", "ConnectTimeout", "ReadTimeout", "WriteTimeout", "PoolTimeout",
                  "TimeoutException", "NetworkError", "RemoteProtocolError", "ReadError", "WriteError")
# openai >= 3 uses ``httpx2``; langchain and older openai use ``httpx``.
_HTTPX_TRANSIENT = _classes("httpx", *_NETWORK_NAMES) + _classes("httpx2", *_NETWORK_NAMES)
_HTTPX_CONNECT = _classes("httpx", "ConnectError") + _classes("httpx2", "ConnectError")


def _lc_exceptions(*names: str) -> tuple[type[BaseException], ...]:
    return _classes("langchain_core.exceptions", *names)


_LC_MODEL_ERROR = _lc_exceptions("ModelError")
_LC_TRANSIENT = _lc_exceptions("ModelConnectionError", "ModelTimeoutError", "ModelRateLimitError", "ModelAPIError")
_LC_AUTH = _lc_exceptions("ModelAuthenticationError", "ModelPermissionDeniedError")
_LC_NOT_FOUND = _lc_exceptions("ModelNotFoundError")
_LC_CONNECT = _lc_exceptions("ModelConnectionError")
_LC_TIMEOUT = _lc_exceptions("ModelTimeoutError")
_LC_REJECTED = _lc_exceptions("ModelInvalidRequestError", "ContextOverflowError")

_TRANSIENT_STATUS = {408, 409, 425, 429}


def _status(exc: BaseException) -> int | None:
    code = getattr(exc, "status_code", None)
    if isinstance(code, int):
        return code
    response = getattr(exc, "response", None)
    code = getattr(response, "status_code", None)
    return code if isinstance(code, int) else None


def _is_timeout(exc: BaseException) -> bool:
    return isinstance(exc, (openai.APITimeoutError, TimeoutError) + _LC_TIMEOUT) or "Timeout" in type(exc).__name__


def _is_connection(exc: BaseException) -> bool:
    """A failure to talk to the endpoint at all (not a timeout, not an HTTP status)."""
    if _is_timeout(exc):
        return False
    return isinstance(exc, (openai.APIConnectionError, ConnectionError) + _HTTPX_CONNECT + _LC_CONNECT)


def is_transient(exc: BaseException) -> bool:
    """True for failures worth retrying: connection errors, timeouts, HTTP 408/409/429 and 5xx."""
    if isinstance(exc, LLMError):
        return False
    if isinstance(exc, (openai.APIConnectionError, openai.RateLimitError, openai.InternalServerError)):
        return True
    if isinstance(exc, (ConnectionError, TimeoutError) + _HTTPX_TRANSIENT + _LC_TRANSIENT):
        return True
    status = _status(exc)
    if status is not None and isinstance(exc, (openai.APIStatusError,) + _LC_MODEL_ERROR):
        return status >= 500 or status in _TRANSIENT_STATUS
    return False


def _unwrap(model: Any) -> Any:
    """The chat model inside ``model.bind(...)`` / ``with_structured_output(...)`` wrappers."""
    for _ in range(5):
        inner = getattr(model, "bound", None) or getattr(model, "first", None)
        if inner is None or inner is model:
            break
        model = inner
    return model


def _model_url(model: Any, exc: BaseException | None = None) -> str:
    model = _unwrap(model)
    for attr in ("openai_api_base", "base_url"):
        value = getattr(model, attr, None)
        if isinstance(value, str) and value:
            return value
    request = getattr(exc, "request", None) if exc is not None else None
    url = getattr(request, "url", None)
    if url is not None:
        return str(url)
    return "the configured LLM endpoint"


def _model_name(model: Any) -> str:
    model = _unwrap(model)
    for attr in ("model_name", "model"):
        value = getattr(model, attr, None)
        if isinstance(value, str) and value:
            return value
    return "(unknown model)"


def _translate(exc: BaseException, model: Any = None, *, attempts: int = 1) -> BaseException:
    """Map a raw exception to an :class:`LLMError` (or return it unchanged if it is a programming error)."""
    if isinstance(exc, LLMError):
        return exc
    url = _model_url(model, exc)
    status = _status(exc)
    if isinstance(exc, (openai.AuthenticationError, openai.PermissionDeniedError) + _LC_AUTH) or status in (401, 403):
        return InvalidKey(url, status, cause=exc)
    if isinstance(exc, (openai.NotFoundError,) + _LC_NOT_FOUND) or status == 404:
        return ModelNotFound(_model_name(model), url, cause=exc)
    if is_transient(exc):
        if _is_connection(exc):
            return EndpointUnreachable(url, cause=exc, attempts=attempts)
        what = "timed out" if _is_timeout(exc) else f"failed ({_short(exc)})"
        hint = ("raise TAXLOGIC_LLM_TIMEOUT or TAXLOGIC_LLM_MAX_RETRIES, or use a faster model"
                if _is_timeout(exc) else "check the server's log, or raise TAXLOGIC_LLM_MAX_RETRIES")
        return LLMFailed(
            f"the LLM call to {url} {what} after {attempts} attempt{'s' if attempts != 1 else ''}: {hint}",
            cause=exc,
            attempts=attempts,
        )
    if isinstance(exc, _LC_REJECTED) or (
        isinstance(exc, openai.APIStatusError) and status is not None and 400 <= status < 500
    ):
        return LLMRequestRejected(url, status, _short(exc), cause=exc)
    return exc


def describe_error(exc: BaseException) -> str:
    """A one-line, user-facing description of ``exc`` (cause and, where known, the fix)."""
    translated = _translate(exc)
    if isinstance(translated, LLMError):
        return str(translated)
    return _one_line(f"{type(exc).__name__}: {exc}")


# --------------------------------------------------------------------------------------------------
# model construction and cache


def _is_openai_api(url: str) -> bool:
    host = (urlsplit(url).hostname or "").lower()
    return host == "api.openai.com" or host.endswith(".openai.azure.com")


def make_chat_model(settings: Settings | None = None, **overrides: Any) -> ChatOpenAI:
    """A ``ChatOpenAI`` for the configured endpoint.

    Uses ``settings.llm_base_url``, ``settings.api_key()``, ``llm_model``, ``llm_temperature``,
    ``llm_max_tokens`` and ``llm_timeout`` (client timeout); ``max_retries=0`` because :func:`invoke`
    retries; with ``llm_requests_per_minute`` a rate limiter shared by the process's models. ``max_tokens`` is also sent as ``extra_body["max_tokens"]`` (llama.cpp ignores
    ``max_completion_tokens``), except for api.openai.com, whose newer models reject it.
    Keyword ``overrides`` are passed to ``ChatOpenAI`` (e.g. ``temperature=0.7``); an
    ``extra_body`` override is merged, e.g. ``extra_body=grammar_extra_body(PROLOG_FACTS_GBNF)``.
    """
    s = settings or get_settings()
    max_tokens = overrides.pop("max_tokens", s.llm_max_tokens)
    extra_body = dict(overrides.pop("extra_body", None) or {})
    base_url = overrides.pop("base_url", s.llm_base_url)
    if max_tokens is not None and not _is_openai_api(base_url):
        extra_body.setdefault("max_tokens", max_tokens)
    kwargs: dict[str, Any] = {
        "base_url": base_url,
        "api_key": s.api_key(),
        "model": s.llm_model,
        "temperature": s.llm_temperature,
        "max_tokens": max_tokens,
        "timeout": s.llm_timeout,
        "max_retries": 0,
    }
    if extra_body:
        kwargs["extra_body"] = extra_body
    if s.llm_requests_per_minute > 0:
        kwargs["rate_limiter"] = _rate_limiter(base_url, s.llm_requests_per_minute)
    kwargs.update(overrides)
    return ChatOpenAI(**kwargs)


def chat_model(settings: Settings | None = None, *, model_name: str | None = None, **overrides: Any) -> ChatOpenAI:
    """The one factory every command uses: the configured endpoint's ``ChatOpenAI``
    (:func:`make_chat_model`) with langchain's SQLite response cache enabled (:func:`enable_cache`,
    a no-op when ``TAXLOGIC_LLM_CACHE`` is off). ``model_name`` overrides ``TAXLOGIC_LLM_MODEL``;
    ``overrides`` go to :func:`make_chat_model` (e.g. ``max_tokens=4096``, ``temperature=0.0``)."""
    s = settings or get_settings()
    if model_name:
        s = s.model_copy(update={"llm_model": model_name})
    enable_cache(s)
    return make_chat_model(s, **overrides)


_cache_lock = threading.Lock()
_cache_state: dict[str, Any] = {"path": None, "cache": None}


def _sqlite_cache(path: Path) -> Any:
    """langchain_community's SQLite cache, hardened for concurrent use.

    Differences from ``SQLiteCache``: a 30 s lock timeout and WAL journal (several eval processes can
    share one file), writes that tolerate a concurrent identical write (two threads missing the same
    prompt), unreadable entries treated as misses, and entries read back with an explicit
    ``allowed_objects`` where langchain-core supports it.
    """
    import inspect
    import warnings

    with warnings.catch_warnings():  # "langchain-community is being sunset" (import-time notice)
        warnings.simplefilter("ignore", DeprecationWarning)
        from langchain_community.cache import SQLAlchemyCache
    from langchain_core.load import dumps, loads
    from sqlalchemy import create_engine, event, select
    from sqlalchemy.exc import IntegrityError, OperationalError
    from sqlalchemy.orm import Session

    load_kwargs = {"allowed_objects": "core"} if "allowed_objects" in inspect.signature(loads).parameters else {}

    class _SQLiteCache(SQLAlchemyCache):
        def lookup(self, prompt: str, llm_string: str) -> Any:
            stmt = (
                select(self.cache_schema.response)
                .where(self.cache_schema.prompt == prompt)
                .where(self.cache_schema.llm == llm_string)
                .order_by(self.cache_schema.idx)
            )
            try:
                with Session(self.engine) as session:
                    rows = session.execute(stmt).fetchall()
                if not rows:
                    return None
                with warnings.catch_warnings():  # "`loads` is in beta"
                    warnings.simplefilter("ignore")
                    return [loads(row[0], **load_kwargs) for row in rows]
            except Exception as exc:  # unreadable (old format / tampered / locked): a miss
                log.warning("LLM cache %s: ignoring an unreadable entry (%s)", path, _short(exc))
                return None

        def update(self, prompt: str, llm_string: str, return_val: Any) -> None:
            items = [
                self.cache_schema(prompt=prompt, llm=llm_string, response=dumps(gen), idx=i)
                for i, gen in enumerate(return_val)
            ]
            for _ in range(2):
                try:
                    with Session(self.engine) as session, session.begin():
                        for item in items:
                            session.merge(item)
                    return
                except IntegrityError:  # another thread/process stored the same answer meanwhile
                    return
                except OperationalError as exc:  # e.g. "database is locked": caching is best effort
                    last = exc
                    time.sleep(0.05)
            log.warning("LLM cache %s: could not store an answer (%s)", path, _short(last))

    engine = create_engine(f"sqlite:///{path}", connect_args={"timeout": 30, "check_same_thread": False})

    @event.listens_for(engine, "connect")
    def _pragmas(dbapi_conn: Any, _record: Any) -> None:
        cur = dbapi_conn.cursor()
        try:
            cur.execute("PRAGMA journal_mode=WAL")
        except Exception:  # e.g. a file system without shared memory: keep the default journal
            pass
        finally:
            cur.close()

    for attempt in range(3):
        try:
            return _SQLiteCache(engine)
        except OperationalError:  # two processes creating the table at once
            if attempt == 2:
                raise
            time.sleep(0.1)
    raise AssertionError("unreachable")


def enable_cache(settings: Settings | None = None) -> Path | None:
    """Install langchain's SQLite LLM cache at ``settings.cache_dir / "llm-cache.sqlite"``.

    Does nothing (returns ``None``) when ``settings.llm_cache`` is false. Idempotent: calling it again
    with the same path keeps the installed cache. Returns the database path.
    """
    s = settings or get_settings()
    if not s.llm_cache:
        return None
    from langchain_core.globals import get_llm_cache, set_llm_cache

    path = Path(s.cache_dir).expanduser() / "llm-cache.sqlite"
    with _cache_lock:
        if _cache_state["path"] == path and get_llm_cache() is _cache_state["cache"]:
            return path
        path.parent.mkdir(parents=True, exist_ok=True)
        cache = _sqlite_cache(path)
        set_llm_cache(cache)
        _cache_state.update(path=path, cache=cache)
        log.debug("LLM cache at %s", path)
        return path


def disable_cache() -> None:
    """Remove the global LLM cache (whatever installed it)."""
    from langchain_core.globals import set_llm_cache

    with _cache_lock:
        set_llm_cache(None)
        _cache_state.update(path=None, cache=None)


# --------------------------------------------------------------------------------------------------
# rate limits


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


_gates: dict[str, RateGate] = {}
_limiters: dict[tuple[str, float], Any] = {}


def gate_for(model: Any) -> RateGate:
    """The :class:`RateGate` of ``model``'s endpoint (one per base URL per process)."""
    url = _model_url(model)
    with _cache_lock:
        return _gates.setdefault(url, RateGate())


def _rate_limiter(url: str, per_minute: float) -> Any:
    """langchain's token-bucket limiter capping requests to ``url`` at ``per_minute``, shared by
    every chat model of the process on that endpoint (``TAXLOGIC_LLM_REQUESTS_PER_MINUTE``)."""
    from langchain_core.rate_limiters import InMemoryRateLimiter

    with _cache_lock:
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


# --------------------------------------------------------------------------------------------------
# invocation


@dataclass(frozen=True)
class LLMReply:
    """One model answer: text, token usage (0 when the endpoint reports none) and wall time."""

    text: str
    input_tokens: int = 0
    output_tokens: int = 0
    cached_tokens: int | None = None
    seconds: float = 0.0
    attempts: int = 1
    message: BaseMessage | None = field(default=None, repr=False, compare=False)

    @property
    def total_tokens(self) -> int:
        return self.input_tokens + self.output_tokens


def default_wait() -> wait_base:
    """Exponential backoff with jitter: ~0.5, 1, 2, 4, 8 s (+ up to 0.5 s jitter), capped at 8 s."""
    import inspect

    first = "multiplier" if "multiplier" in inspect.signature(wait_exponential_jitter).parameters else "initial"
    return wait_exponential_jitter(**{first: 0.5}, max=8.0, exp_base=2, jitter=0.5)


def _text_of(message: Any) -> str:
    content = getattr(message, "content", message)
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        parts = []
        for block in content:
            if isinstance(block, str):
                parts.append(block)
            elif isinstance(block, dict) and block.get("type") == "text":
                parts.append(str(block.get("text", "")))
        return "".join(parts)
    return "" if content is None else str(content)


def _usage(message: Any) -> tuple[int, int, int | None]:
    usage = getattr(message, "usage_metadata", None) or {}
    details = usage.get("input_token_details") or {}
    cached = details.get("cache_read")
    return int(usage.get("input_tokens") or 0), int(usage.get("output_tokens") or 0), (
        int(cached) if cached is not None else None
    )


def invoke(
    model: BaseChatModel,
    messages: LanguageModelInput,
    *,
    max_retries: int,
    wait: wait_base | None = None,
    sleep: Callable[[float], None] = time.sleep,
    **kwargs: Any,
) -> LLMReply:
    """Call ``model.invoke(messages, **kwargs)``, retrying transient failures.

    Transient failures (connection errors, timeouts, HTTP 408/409/429/5xx) are retried up to
    ``max_retries`` times after the first attempt with ``wait`` between attempts (default
    :func:`default_wait`: exponential backoff with jitter, at most 8 s), or the endpoint's
    ``Retry-After`` when it sends one; anything else fails at once. Before each attempt the call
    waits at the endpoint's :class:`RateGate`, which a 429 closes for every thread.

    Raises :class:`EndpointUnreachable`, :class:`LLMFailed`, :class:`InvalidKey`,
    :class:`ModelNotFound` or :class:`LLMRequestRejected`; other exceptions (bugs) propagate unchanged.
    """
    if max_retries < 0:
        raise ValueError("max_retries must be >= 0")
    attempts = 0

    def _before_sleep(state: RetryCallState) -> None:
        exc = state.outcome.exception() if state.outcome else None
        log.warning(
            "LLM call failed (attempt %d/%d): %s; retrying in %.1fs",
            state.attempt_number, max_retries + 1, _short(exc),
            state.next_action.sleep if state.next_action else 0.0,
        )

    gate = gate_for(model)

    def waiting(seconds: float) -> None:  # the gate and the backoff: waiting, not calling
        with span("llm_wait"):
            sleep(seconds)

    retrying = Retrying(
        stop=stop_after_attempt(max_retries + 1),
        wait=wait_retry_after(wait if wait is not None else default_wait(), gate),
        retry=retry_if_exception(is_transient),
        reraise=True,
        sleep=waiting,
        before_sleep=_before_sleep,
    )
    start = time.perf_counter()
    try:
        for attempt in retrying:
            with attempt:
                attempts = attempt.retry_state.attempt_number
                if (pause := gate.delay()) > 0:
                    waiting(pause)
                with span("llm"), LLM_CALLS:
                    result = model.invoke(messages, **kwargs)
    except Exception as exc:  # noqa: BLE001 - translated or re-raised below
        translated = _translate(exc, model, attempts=attempts)
        if translated is exc:
            raise
        raise translated from exc
    seconds = time.perf_counter() - start
    if isinstance(result, BaseMessage):
        input_tokens, output_tokens, cached = _usage(result) if isinstance(result, AIMessage) else (0, 0, None)
        return LLMReply(_text_of(result), input_tokens, output_tokens, cached, seconds, attempts, result)
    return LLMReply(_text_of(result), 0, 0, None, seconds, attempts, None)


# --------------------------------------------------------------------------------------------------
# grammar-constrained output (llama.cpp)

_LOOPBACK_HOSTS = {"127.0.0.1", "localhost", "::1", "[::1]"}
_NO_GRAMMAR_PORTS = {11434}  # Ollama's OpenAI API ignores ``grammar``


def supports_grammar(settings: Settings | None = None) -> bool:
    """Heuristic: does the configured endpoint honour llama.cpp's ``grammar`` request field?

    True for a loopback endpoint (the embedded ``taxlogic llm serve`` server and other local
    llama.cpp servers), except Ollama's default port; False for remote/hosted APIs.
    """
    s = settings or get_settings()
    parts = urlsplit(s.llm_base_url)
    host = (parts.hostname or "").lower()
    try:
        port = parts.port
    except ValueError:
        return False
    if host not in _LOOPBACK_HOSTS:
        return False
    return port not in _NO_GRAMMAR_PORTS


def grammar_extra_body(gbnf: str, base: dict[str, Any] | None = None) -> dict[str, Any]:
    """``extra_body`` for a llama.cpp request constrained by the GBNF grammar ``gbnf``.

    Merge into ``make_chat_model(extra_body=...)`` (which keeps ``max_tokens``), e.g.
    ``make_chat_model(settings, extra_body=grammar_extra_body(PROLOG_FACTS_GBNF))``.
    """
    body = dict(base or {})
    body["grammar"] = gbnf
    return body


#: GBNF (llama.cpp) grammar: one or more lines, each a Prolog fact ``name(arg, ...).``
#: with 1-12 arguments; arguments are lowercase atoms, double-quoted strings, integers or ``_``.
#: Lengths are bounded (names/atoms 48 chars, integers 15 digits, strings 200 chars) so a small
#: model cannot run on inside one token forever.
PROLOG_FACTS_GBNF = r"""
root    ::= fact ("\n" fact)* "\n"?
fact    ::= name "(" arg ("," " "? arg){0,11} ")."
name    ::= [a-z] [a-zA-Z0-9_]{0,47}
arg     ::= atom | string | integer | "_"
atom    ::= [a-z] [a-zA-Z0-9_]{0,47}
string  ::= "\"" ( [^"\\\n] | "\\" ["\\nt] ){0,200} "\""
integer ::= "-"? [0-9]{1,15}
""".strip() + "\n"

PROLOG_ANCHORED_FACTS_GBNF = PROLOG_FACTS_GBNF.replace(
    'root    ::= fact ("\\n" fact)* "\\n"?', 'root    ::= line ("\\n" line)* "\\n"?\nline    ::= fact | anchor', 1
) + 'anchor  ::= "% \\"" [^"\\n]{1,400} "\\""\n'
""":data:`PROLOG_FACTS_GBNF` with anchor lines (``% "quoted sentence"``) between the facts: the
anchored translation's output (:mod:`taxlogic.tools.facts`, anchors)."""

_ARG_RE = r'(?:[a-z][a-zA-Z0-9_]{0,47}|"(?:[^"\\\n]|\\["\\nt]){0,200}"|-?[0-9]{1,15}|_)'
#: Regex matching exactly one line that :data:`PROLOG_FACTS_GBNF` accepts as a fact.
PROLOG_FACT_LINE_RE = re.compile(rf"[a-z][a-zA-Z0-9_]{{0,47}}\({_ARG_RE}(?:, ?{_ARG_RE}){{0,11}}\)\.")
