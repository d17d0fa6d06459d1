"""Scripted fake chat models for tests (no network, no LLM)."""

from __future__ import annotations

from typing import Any, Callable

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage
from langchain_core.outputs import ChatGeneration, ChatResult


class ScriptedChatModel(BaseChatModel):
    """Answers from ``script``: a list of strings or exceptions (raised), consumed in order; or a
    callable ``(messages, call_index) -> str``. Records every prompt in ``calls``."""

    script: Any
    calls: list = []

    @property
    def _llm_type(self) -> str:
        return "scripted"

    def _generate(self, messages: list[BaseMessage], stop=None, run_manager=None, **kwargs) -> ChatResult:
        i = len(self.calls)
        self.calls.append(messages)
        if callable(self.script):
            item = self.script(messages, i)
        else:
            item = self.script[min(i, len(self.script) - 1)]
        if isinstance(item, BaseException):
            raise item
        msg = AIMessage(content=item, usage_metadata={"input_tokens": 100 + i, "output_tokens": 10, "total_tokens": 110 + i})
        return ChatResult(generations=[ChatGeneration(message=msg)])


def scripted(script: list | Callable) -> ScriptedChatModel:
    return ScriptedChatModel(script=script, calls=[])


def trusted(text: str, source: str = "a test's program"):
    """``text`` as a :class:`~taxlogic.tools.trust.TrustedProgram`, for tests of what trusted
    programs may do (rules, materialisation): tests are code, so they may use the private token
    that the loaders use; nothing outside the tests and :mod:`taxlogic.tools.trust` does."""
    from taxlogic.tools import trust

    return trust.TrustedProgram(text, source, trust._TOKEN)
