"""LLM access: a ``ChatOpenAI`` built from :class:`~taxlogic.settings.Settings`, retries, cache, errors.

Everything that talks to the language model goes through this package, one module per concept:

* :mod:`~taxlogic.agent.llm.factory`: :func:`make_chat_model` builds a ``langchain_openai.ChatOpenAI``
  for the configured OpenAI-compatible endpoint (``TAXLOGIC_LLM_BASE_URL``, ``TAXLOGIC_LLM_MODEL``,
  ``TAXLOGIC_LLM_API_KEY`` / ``OPENAI_API_KEY``); :func:`chat_model` adds the cache. The endpoint,
  model and key come only from the settings.
* :mod:`~taxlogic.agent.llm.cache`: :func:`enable_cache` turns on langchain's SQLite response cache
  so re-runs cost nothing.
* :mod:`~taxlogic.agent.llm.invocation`: :func:`invoke` calls a chat model, retries transient
  failures (connection errors, timeouts, 429, 5xx) with capped exponential backoff and jitter, and
  returns an :class:`LLMReply` with the text, token counts and wall time.
* :mod:`~taxlogic.agent.llm.rate`: the endpoint's ``Retry-After`` (:func:`retry_after`), the
  per-endpoint :class:`RateGate` a 429 closes for every thread, the requests-per-minute limiter.
* :mod:`~taxlogic.agent.llm.errors`: failures a user can meet become :class:`LLMError` subclasses
  whose message is one line naming the cause and the fix.
* :mod:`~taxlogic.agent.llm.grammar`: :data:`PROLOG_FACTS_GBNF` and :func:`grammar_extra_body`
  constrain llama.cpp's output to lines of Prolog facts (``extra_body={"grammar": ...}``; only
  servers built on llama.cpp honour it, see :func:`supports_grammar`).
* :mod:`~taxlogic.agent.llm.endpoint`: which endpoint and model a chat model talks to.

Typical use::

    from taxlogic.agent.llm import enable_cache, invoke, make_chat_model
    settings = get_settings()
    enable_cache(settings)
    model = make_chat_model(settings)
    reply = invoke(model, [("system", "..."), ("user", "...")], max_retries=settings.llm_max_retries)
    print(reply.text, reply.input_tokens, reply.output_tokens)

The names below are re-exported from their modules; a test that monkeypatches one must patch
the module that defines it (patching the package does not change what the modules call).
"""

from __future__ import annotations

from taxlogic.agent.llm.cache import disable_cache, enable_cache
from taxlogic.agent.llm.errors import (
    EndpointUnreachable,
    InvalidKey,
    LLMError,
    LLMFailed,
    LLMRequestRejected,
    ModelNotFound,
    describe_error,
    is_endpoint_failure,
    is_transient,
)
from taxlogic.agent.llm.factory import chat_model, make_chat_model
from taxlogic.agent.llm.grammar import (
    PROLOG_ANCHORED_FACTS_GBNF,
    PROLOG_FACT_LINE_RE,
    PROLOG_FACTS_GBNF,
    grammar_extra_body,
    supports_grammar,
)
from taxlogic.agent.llm.invocation import LLMReply, default_wait, invoke
from taxlogic.agent.llm.rate import RateGate, gate_for, retry_after

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
