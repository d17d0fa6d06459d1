"""The LLM error taxonomy: :class:`LLMError` and its subclasses (one-line messages naming the
cause and the fix), which raw exceptions are transient, and the translation of a raw exception
(openai, httpx, langchain) into an :class:`LLMError`."""

from __future__ import annotations

import importlib
from typing import Any

import openai

from taxlogic.agent.llm.endpoint import _is_embedded, _model_name, _model_url

SERVE_HINT = "start the embedded model with `taxlogic llm serve`, or set TAXLOGIC_LLM_BASE_URL"
URL_HINT = "check that the server at TAXLOGIC_LLM_BASE_URL is running and reachable"
KEY_HINT = "set TAXLOGIC_LLM_API_KEY (or OPENAI_API_KEY) to a key the endpoint accepts"


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

