"""Which endpoint and model a chat model talks to: its base URL and model name (through
``bind``/``with_structured_output`` wrappers), loopback hosts, the embedded server's URL and
OpenAI's own API (which take different request fields and error hints)."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from taxlogic.settings import get_settings

_LOOPBACK_HOSTS = {"127.0.0.1", "localhost", "::1", "[::1]"}


def _is_embedded(url: str) -> bool:
    """Is ``url`` the embedded server's (``taxlogic llm serve``: loopback, ``TAXLOGIC_SERVE_PORT``)?"""
    try:
        parts = urlsplit(url)
        return (parts.hostname or "").lower() in _LOOPBACK_HOSTS and parts.port == get_settings().serve_port
    except ValueError:
        return False


def _is_openai_api(url: str) -> bool:
    host = (urlsplit(url).hostname or "").lower()
    return host == "api.openai.com" or host.endswith(".openai.azure.com")


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
