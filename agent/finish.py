"""Nodes ``answer`` and ``abstain``: the two ways the graph ends."""

from __future__ import annotations

from langgraph.runtime import Runtime

from taxlogic.agent.context import AgentContext
from taxlogic.agent.state import AgentState, TraceEvent


def answer(state: AgentState, runtime: Runtime[AgentContext]) -> dict:
    return {"trace": [TraceEvent(node="answer", round=state.get("round", 0), seconds=0, detail=str(state["answer"]))]}


def abstain(state: AgentState, runtime: Runtime[AgentContext]) -> dict:
    reason = state.get("abstain_reason")
    if not reason:
        n = runtime.context.budget
        left = "; ".join(i.render() for i in state.get("issues", [])[:3])
        reason = f"still wrong after {n} repair round{'s' if n != 1 else ''}: {left}"
    return {"abstain_reason": reason, "answer": None,
            "trace": [TraceEvent(node="abstain", round=state.get("round", 0), seconds=0, detail=reason)]}
