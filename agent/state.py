"""Typed state of the translator agent (LangGraph ``StateGraph`` state) and its result record."""

from __future__ import annotations

import operator
from typing import Annotated, Any, TypedDict

from pydantic import BaseModel, Field

from taxlogic.core import CaseInput, Issue, Kind

__all__ = ["AgentResult", "AgentState", "CaseInput", "Issue", "Kind", "Round", "TraceEvent"]


class Round(BaseModel):
    """One translation attempt: the model's facts, what was found, what Prolog said."""

    index: int
    facts: str
    issues: list[Issue] = Field(default_factory=list)
    outcome: str | None = None
    answer: str | int | None = None
    input_tokens: int = 0
    output_tokens: int = 0
    cached_tokens: int = 0
    seconds: float = 0.0
    llm_seconds: float = 0.0
    unchanged: bool = False  # a repair gave the same canonical facts as the round before: not run again


class TraceEvent(BaseModel):
    """One step of the graph, for the live trace and ``--trace FILE`` (JSONL)."""

    node: str
    round: int
    seconds: float
    input_tokens: int = 0
    output_tokens: int = 0
    issues: list[Issue] = Field(default_factory=list)
    detail: str = ""
    facts_diff: list[str] = Field(default_factory=list)
    facts: str = ""             # generate, repair, edit: the facts the model wrote (issues' lines refer to them)
    spans: dict[str, float] = Field(default_factory=dict)  # batch runs: the node's wall seconds by span (taxlogic.spans)


class AgentState(TypedDict, total=False):
    """The graph's state. ``rounds`` and ``trace`` accumulate (reducer: list concatenation)."""

    case: CaseInput
    query: str | None
    facts: str                  # raw text of the latest translation
    canonical: str              # validated, re-serialised facts (what Prolog runs)
    issues: list[Issue]         # problems of the current round
    outcome: dict[str, Any] | None
    answer: str | int | None
    round: int                  # 0 = first translation, 1.. = repairs
    budget: int                 # repair rounds allowed after the first translation
    messages: list[Any]         # the conversation with the translator
    usage: dict[str, float]     # tokens (input, output, cached) and seconds of this round's LLM call
    rounds: Annotated[list[Round], operator.add]
    trace: Annotated[list[TraceEvent], operator.add]
    abstain_reason: str | None
    unchanged: bool             # the latest repair gave the same facts as the round before


class AgentResult(BaseModel):
    """The agent's outcome: an answer (label or whole dollars) or an abstention with its reason."""

    case_id: str | None = None
    answer: str | int | None = None
    abstained: bool = False
    reason: str | None = None
    query: str | None = None
    facts: str = ""
    rounds: list[Round] = Field(default_factory=list)
    trace: list[TraceEvent] = Field(default_factory=list)
    input_tokens: int = 0
    output_tokens: int = 0
    seconds: float = 0.0
    samples: list["AgentResult"] = Field(default_factory=list)
