"""The chat-model factory: a ``langchain_openai.ChatOpenAI`` built from
:class:`~taxlogic.settings.Settings` (endpoint, model and key come only from the settings)."""

from __future__ import annotations

from typing import Any

from langchain_openai import ChatOpenAI

from taxlogic.agent.llm.cache import enable_cache
from taxlogic.agent.llm.endpoint import _is_openai_api
from taxlogic.agent.llm.rate import _rate_limiter
from taxlogic.settings import Settings, get_settings


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
