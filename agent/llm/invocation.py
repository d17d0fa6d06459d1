"""The invoke loop: one chat-model call with retries of transient failures (backoff, the
endpoint's ``Retry-After`` and :class:`~taxlogic.agent.llm.rate.RateGate`), errors translated to
:class:`~taxlogic.agent.llm.errors.LLMError`, and the reply as an :class:`LLMReply`."""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field
from typing import Any, Callable

from langchain_core.language_models import BaseChatModel, LanguageModelInput
from langchain_core.messages import AIMessage, BaseMessage
from tenacity import (
    RetryCallState,
    Retrying,
    retry_if_exception,
    stop_after_attempt,
    wait_exponential_jitter,
)
from tenacity.wait import wait_base

from taxlogic.agent.llm.errors import _short, _translate, is_transient
from taxlogic.agent.llm.rate import gate_for, wait_retry_after
from taxlogic.spans import LLM_CALLS, span

log = logging.getLogger(__name__)


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
