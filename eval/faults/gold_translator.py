"""A scripted perfect translator: every SARA case's gold facts, anchored, as an LLM would send them.

It answers a translation request (and any repair request of the same conversation) with the
gold fact program of the case whose TEXT and QUESTION the first user message holds, written as an
anchored translation (:func:`taxlogic.kb.sara.checks.align.anchor_facts`). Only fact programs have such a
translation: a rule program's rules are no facts a translator may write (the validator rejects
them), so those cases get an empty reply.

What it is for: the agent on a correct translation must answer, and answer right (no new false
abstention from the grounding checks). :class:`GoldTranslator` is a LangChain chat model (tests,
scripts); ``python -m taxlogic.eval.faults.gold_endpoint --anchored --port 8399`` serves the same answers as an
OpenAI-compatible endpoint, so that the real ``taxlogic eval run --method agent`` can be pointed
at it (``TAXLOGIC_LLM_BASE_URL=http://127.0.0.1:8399/v1 TAXLOGIC_LLM_CACHE=false``).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage
from langchain_core.outputs import ChatGeneration, ChatResult

from taxlogic.tables import shared_table

_ASK = re.compile(r"TEXT:\n(?P<text>.*?)\n\nQUESTION:\n(?P<question>.*?)\n", re.S)


@shared_table(maxsize=1)
def _index() -> dict[tuple[str, str], Any]:
    from taxlogic.kb.sara.data.cases import load_cases

    return {(c.text.strip(), c.question.strip()): c for c in load_cases()}


@lru_cache(maxsize=512)
def anchored_gold(case_id: str) -> str:
    """The anchored gold translation of a fact-program case; ``""`` for a rule program."""
    from taxlogic.eval.faults.verifier import gold_program
    from taxlogic.kb.sara.data.cases import get_case
    from taxlogic.kb.sara.data.install import sara_rules
    from taxlogic.kb.sara.checks.align import anchor_facts
    from taxlogic.kb.sara.checks.coverage import legal_terms

    gp = gold_program(get_case(case_id))
    if gp.rules:
        return ""
    return anchor_facts(gp.case.text, gp.fact_text, terms=legal_terms(sara_rules()))


def reply_to(messages: list[dict[str, str]] | list[BaseMessage]) -> str:
    """The translator's reply to a conversation (OpenAI-style dicts or LangChain messages): the
    anchored gold of the case its first user message asks about; ``""`` if there is none."""
    for m in messages:
        role = m.get("role") if isinstance(m, dict) else ("user" if isinstance(m, HumanMessage) else "")
        content = m.get("content", "") if isinstance(m, dict) else m.content
        if role != "user" or not isinstance(content, str):
            continue
        asks = list(_ASK.finditer(content))  # the case comes last, after any exemplars
        ask = asks[-1] if asks else None
        if ask:
            case = _index().get((ask.group("text").strip(), ask.group("question").strip()))
            return anchored_gold(case.id) if case is not None else ""
    return ""


class GoldTranslator(BaseChatModel):
    """A chat model that translates SARA cases perfectly (module doc); counts its ``calls``."""

    calls: int = 0
    model_name: str = "gold-translator"

    @property
    def _llm_type(self) -> str:
        return "gold-translator"

    def _generate(self, messages: list[BaseMessage], stop=None, run_manager=None, **kwargs) -> ChatResult:
        self.calls += 1
        text = reply_to(messages)
        msg = AIMessage(content=text, usage_metadata={"input_tokens": 0, "output_tokens": len(text.split()),
                                                      "total_tokens": len(text.split())})
        return ChatResult(generations=[ChatGeneration(message=msg)])
