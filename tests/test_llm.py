"""LLM access: retries, error translation, usage extraction, cache (no network, no real model)."""

from __future__ import annotations

import socket
from typing import Any

import httpx2
import openai
import pytest
from langchain_core.language_models import BaseChatModel
from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
from langchain_core.messages import AIMessage, BaseMessage
from langchain_core.outputs import ChatGeneration, ChatResult
from tenacity import wait_none

from taxlogic.agent import llm
from taxlogic.agent.llm import (
    PROLOG_FACT_LINE_RE,
    PROLOG_FACTS_GBNF,
    EndpointUnreachable,
    InvalidKey,
    LLMError,
    LLMFailed,
    LLMReply,
    LLMRequestRejected,
    ModelNotFound,
    describe_error,
    disable_cache,
    enable_cache,
    grammar_extra_body,
    invoke,
    is_transient,
    make_chat_model,
    supports_grammar,
)
from taxlogic.agent.llm.errors import _translate
from taxlogic.settings import Settings

URL = "http://127.0.0.1:9/v1/chat/completions"


def _request() -> httpx2.Request:
    return httpx2.Request("POST", URL)


def connection_error() -> openai.APIConnectionError:
    return openai.APIConnectionError(request=_request())


def status_error(cls: type[openai.APIStatusError], code: int, message: str = "boom") -> openai.APIStatusError:
    return cls(message, response=httpx2.Response(code, request=_request()), body={"error": {"message": message}})


class ScriptedChatModel(BaseChatModel):
    """Plays a script: each call pops the next item; exceptions are raised, strings/messages returned."""

    script: list[Any]
    calls: int = 0

    @property
    def _llm_type(self) -> str:
        return "scripted"

    def _generate(self, messages: list[BaseMessage], stop=None, run_manager=None, **kwargs: Any) -> ChatResult:
        self.calls += 1
        item = self.script.pop(0) if len(self.script) > 1 else self.script[0]
        if isinstance(item, BaseException):
            raise item
        message = item if isinstance(item, AIMessage) else AIMessage(content=str(item))
        return ChatResult(generations=[ChatGeneration(message=message)])


@pytest.fixture(autouse=True)
def _no_global_cache():
    disable_cache()
    yield
    disable_cache()


def settings(**kw: Any) -> Settings:
    kw.setdefault("llm_cache", False)
    return Settings(**kw)


FAST = {"wait": wait_none()}


def test_retries_transient_then_answers():
    model = ScriptedChatModel(script=[connection_error(), connection_error(), "tax(alice, 100)."])
    reply = invoke(model, "hi", max_retries=3, **FAST)
    assert isinstance(reply, LLMReply)
    assert reply.text == "tax(alice, 100)."
    assert model.calls == 3
    assert reply.attempts == 3
    assert reply.seconds >= 0


def test_retries_5xx_and_429():
    model = ScriptedChatModel(script=[
        status_error(openai.InternalServerError, 503), status_error(openai.RateLimitError, 429), "ok",
    ])
    assert invoke(model, "hi", max_retries=2, **FAST).text == "ok"
    assert model.calls == 3


@pytest.mark.parametrize("max_retries", [0, 1, 3])
def test_always_failing_gives_llm_failed_after_all_attempts(max_retries):
    model = ScriptedChatModel(script=[status_error(openai.InternalServerError, 500, "kaput")])
    with pytest.raises(LLMFailed) as info:
        invoke(model, "hi", max_retries=max_retries, **FAST)
    assert model.calls == max_retries + 1
    assert info.value.attempts == max_retries + 1
    assert isinstance(info.value.cause, openai.InternalServerError)
    assert "kaput" in str(info.value)
    assert "\n" not in str(info.value)


def test_always_unreachable_gives_endpoint_unreachable_which_is_llm_failed():
    model = ScriptedChatModel(script=[connection_error()])
    with pytest.raises(EndpointUnreachable) as info:
        invoke(model, "hi", max_retries=2, **FAST)
    assert isinstance(info.value, LLMFailed)
    assert model.calls == 3


def test_uses_injected_wait_and_sleep():
    slept: list[float] = []
    model = ScriptedChatModel(script=[connection_error(), connection_error(), "ok"])
    invoke(model, "hi", max_retries=5, sleep=slept.append)  # default backoff, fake sleep
    assert len(slept) == 2
    assert all(0 < s <= 8.5 for s in slept)


def test_default_wait_is_capped():
    from tenacity import RetryCallState

    wait = llm.default_wait()
    state = RetryCallState(None, None, (), {})
    for n in range(1, 20):
        state.attempt_number = n
        assert wait(state) <= 8.0 + 1e-9


@pytest.mark.parametrize(
    "exc,kind",
    [
        (status_error(openai.AuthenticationError, 401, "bad key"), InvalidKey),
        (status_error(openai.PermissionDeniedError, 403), InvalidKey),
        (status_error(openai.NotFoundError, 404, "no such model"), ModelNotFound),
        (status_error(openai.BadRequestError, 400, "context too long"), LLMRequestRejected),
    ],
)
def test_non_transient_fail_immediately(exc, kind):
    model = ScriptedChatModel(script=[exc, "never"])
    with pytest.raises(kind) as info:
        invoke(model, "hi", max_retries=4, **FAST)
    assert model.calls == 1
    assert isinstance(info.value, LLMError)
    assert "\n" not in str(info.value)


def test_invalid_key_message_names_the_fix():
    model = make_chat_model(settings(llm_base_url="http://127.0.0.1:9/v1"))
    err = _translate(status_error(openai.AuthenticationError, 401), model)
    assert isinstance(err, InvalidKey)
    assert "TAXLOGIC_LLM_API_KEY" in str(err) and "OPENAI_API_KEY" in str(err) and "401" in str(err)


def test_model_not_found_names_the_model():
    model = make_chat_model(settings(llm_base_url="http://127.0.0.1:9/v1", llm_model="no-such-model"))
    err = _translate(status_error(openai.NotFoundError, 404), model)
    assert isinstance(err, ModelNotFound)
    assert "no-such-model" in str(err) and "404" in str(err)


def test_programming_errors_propagate_unchanged():
    model = ScriptedChatModel(script=[KeyError("bug"), "never"])
    with pytest.raises(KeyError):
        invoke(model, "hi", max_retries=3, **FAST)
    assert model.calls == 1


def test_is_transient():
    assert is_transient(connection_error())
    assert is_transient(openai.APITimeoutError(request=_request()))
    assert is_transient(httpx2.ConnectError("refused"))
    assert is_transient(status_error(openai.InternalServerError, 502))
    assert is_transient(status_error(openai.RateLimitError, 429))
    assert not is_transient(status_error(openai.AuthenticationError, 401))
    assert not is_transient(status_error(openai.BadRequestError, 400))
    assert not is_transient(ValueError("x"))


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def test_connection_refused_with_real_chatopenai_names_url():
    url = f"http://127.0.0.1:{_free_port()}/v1"
    model = make_chat_model(settings(llm_base_url=url, llm_timeout=5))
    with pytest.raises(EndpointUnreachable) as info:
        invoke(model, [("user", "hi")], max_retries=1, **FAST)
    msg = str(info.value)
    assert url in msg
    assert "taxlogic llm serve" not in msg and "TAXLOGIC_LLM_BASE_URL" in msg  # a URL of the user's: no embedded-model hint
    assert "\n" not in msg
    assert info.value.attempts == 2
    assert describe_error(info.value) == msg


def test_connection_refused_at_the_embedded_servers_url_hints_llm_serve(monkeypatch):
    from taxlogic.settings import get_settings

    port = _free_port()
    monkeypatch.setenv("TAXLOGIC_SERVE_PORT", str(port))
    get_settings.cache_clear()
    try:
        model = make_chat_model(settings(llm_base_url=f"http://127.0.0.1:{port}/v1", llm_timeout=5))
        with pytest.raises(EndpointUnreachable, match="start the embedded model with `taxlogic llm serve`"):
            invoke(model, [("user", "hi")], max_retries=0, **FAST)
    finally:
        monkeypatch.delenv("TAXLOGIC_SERVE_PORT")
        get_settings.cache_clear()


def test_describe_error_raw_exceptions():
    assert "TAXLOGIC_LLM_API_KEY" in describe_error(status_error(openai.AuthenticationError, 401))
    assert "127.0.0.1:9/v1" in describe_error(connection_error()) and "TAXLOGIC_LLM_BASE_URL" in describe_error(connection_error())
    assert describe_error(ValueError("a\nb")) == "ValueError: a b"


def test_usage_metadata_extracted():
    message = AIMessage(
        content="p(a).",
        usage_metadata={"input_tokens": 12, "output_tokens": 5, "total_tokens": 17,
                        "input_token_details": {"cache_read": 8}},
    )
    reply = invoke(GenericFakeChatModel(messages=iter([message])), "hi", max_retries=0)
    assert (reply.text, reply.input_tokens, reply.output_tokens, reply.cached_tokens) == ("p(a).", 12, 5, 8)
    assert reply.total_tokens == 17
    assert reply.message is not None


def test_no_usage_metadata_gives_zero():
    reply = invoke(GenericFakeChatModel(messages=iter(["plain"])), "hi", max_retries=0)
    assert (reply.text, reply.input_tokens, reply.output_tokens, reply.cached_tokens) == ("plain", 0, 0, None)


def test_content_blocks_are_joined():
    message = AIMessage(content=[{"type": "text", "text": "a("}, {"type": "text", "text": "b)."}])
    assert invoke(GenericFakeChatModel(messages=iter([message])), "hi", max_retries=0).text == "a(b)."


def test_cache_hits_model_once(tmp_path):
    s = settings(cache_dir=tmp_path, llm_cache=True)
    path = enable_cache(s)
    assert path == tmp_path / "llm-cache.sqlite"
    assert enable_cache(s) == path  # idempotent
    model = ScriptedChatModel(script=["first answer", "second answer"])
    one = invoke(model, [("user", "same question")], max_retries=0)
    two = invoke(model, [("user", "same question")], max_retries=0)
    assert one.text == two.text == "first answer"
    assert model.calls == 1
    assert path.exists()
    three = invoke(model, [("user", "another question")], max_retries=0)
    assert three.text == "second answer" and model.calls == 2


def test_cache_persists_across_enables(tmp_path):
    s = settings(cache_dir=tmp_path, llm_cache=True)
    enable_cache(s)
    invoke(ScriptedChatModel(script=["cached"]), "q", max_retries=0)
    disable_cache()
    enable_cache(s)  # a new process would do this
    model = ScriptedChatModel(script=["fresh"])
    assert invoke(model, "q", max_retries=0).text == "cached"
    assert model.calls == 0


def test_cache_is_safe_under_concurrency(tmp_path):
    from concurrent.futures import ThreadPoolExecutor

    enable_cache(settings(cache_dir=tmp_path, llm_cache=True))
    model = ScriptedChatModel(script=["same"])
    with ThreadPoolExecutor(8) as pool:
        texts = list(pool.map(lambda i: invoke(model, f"question {i % 10}", max_retries=0).text, range(80)))
    assert texts == ["same"] * 80
    calls = model.calls
    assert 10 <= calls < 80  # identical prompts racing may both miss, but nothing crashes
    for i in range(10):
        invoke(model, f"question {i}", max_retries=0)
    assert model.calls == calls  # all stored


def test_cache_disabled_by_setting(tmp_path):
    assert enable_cache(settings(cache_dir=tmp_path, llm_cache=False)) is None
    assert not (tmp_path / "llm-cache.sqlite").exists()


def test_make_chat_model_from_settings():
    s = settings(llm_base_url="http://127.0.0.1:9999/v1", llm_model="m1", llm_api_key="k1",
                 llm_temperature=0.3, llm_max_tokens=77, llm_timeout=12)
    model = make_chat_model(s)
    assert model.openai_api_base == "http://127.0.0.1:9999/v1"
    assert model.model_name == "m1"
    assert model.openai_api_key.get_secret_value() == "k1"
    assert model.temperature == 0.3
    assert model.max_tokens == 77
    assert model.request_timeout == 12
    assert model.max_retries == 0
    assert model.extra_body == {"max_tokens": 77}
    params = model._default_params
    assert params["max_completion_tokens"] == 77 and params["extra_body"]["max_tokens"] == 77


def test_make_chat_model_overrides_and_grammar():
    s = settings(llm_max_tokens=50)
    model = make_chat_model(s, temperature=0.9, max_tokens=20, extra_body=grammar_extra_body(PROLOG_FACTS_GBNF))
    assert model.temperature == 0.9
    assert model.extra_body == {"grammar": PROLOG_FACTS_GBNF, "max_tokens": 20}


def test_make_chat_model_openai_api_has_no_extra_max_tokens():
    model = make_chat_model(settings(llm_base_url="https://api.openai.com/v1"))
    assert not (model.extra_body or {}).get("max_tokens")


def test_api_key_falls_back(monkeypatch):
    monkeypatch.delenv("TAXLOGIC_LLM_API_KEY", raising=False)
    monkeypatch.setenv("OPENAI_API_KEY", "sk-env")
    assert make_chat_model(settings(llm_api_key="")).openai_api_key.get_secret_value() == "sk-env"
    monkeypatch.delenv("OPENAI_API_KEY")
    assert make_chat_model(settings(llm_api_key="")).openai_api_key.get_secret_value() == "sk-no-key"


def test_supports_grammar():
    assert supports_grammar(settings(llm_base_url="http://127.0.0.1:8765/v1"))
    assert supports_grammar(settings(llm_base_url="http://localhost:8080/v1"))
    assert not supports_grammar(settings(llm_base_url="http://localhost:11434/v1"))
    assert not supports_grammar(settings(llm_base_url="https://api.openai.com/v1"))


@pytest.mark.parametrize(
    "line,ok",
    [
        ("p(a).", True),
        ('filing_status(alice, "single", 2017, _).', True),
        ("amount(x, -300).", True),
        ('says(bob, "a \\"quoted\\" word").', True),
        ("P(a).", False),
        ("p(A).", False),
        ("p().", False),
        ("p(a)", False),
        ("p(f(a)).", False),
        ("p(1.5).", False),
    ],
)
def test_fact_line_regex(line, ok):
    assert bool(PROLOG_FACT_LINE_RE.fullmatch(line)) is ok


def test_gbnf_shape():
    assert PROLOG_FACTS_GBNF.startswith("root")
    for rule in ("root", "fact", "name", "arg", "atom", "string", "integer"):
        assert f"\n{rule}" in "\n" + PROLOG_FACTS_GBNF
