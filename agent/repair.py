"""Node ``repair``: show the translator its facts and the issues found; get a corrected set."""

from __future__ import annotations

import difflib

from langchain_core.messages import AIMessage, HumanMessage
from langgraph.runtime import Runtime

from taxlogic.agent.context import AgentContext, timed, usage_of
from taxlogic.agent.llm import LLMError, describe_error
from taxlogic.agent.state import AgentState, Issue, TraceEvent
from taxlogic.prompts import repair_user


def facts_diff(old: str, new: str) -> list[str]:
    """Lines removed (``-``) and added (``+``) between two fact sets, for the trace."""
    return [l for l in difflib.unified_diff(old.splitlines(), new.splitlines(), lineterm="", n=0)
            if l[:1] in "+-" and not l.startswith(("+++", "---"))]


@timed
def repair(state: AgentState, runtime: Runtime[AgentContext]) -> dict:
    ctx = runtime.context
    rnd = state["round"] + 1
    ask = HumanMessage(repair_user(state["facts"], [i.render() for i in state["issues"]], anchored=ctx.anchored))
    messages = list(state["messages"]) + [ask]
    try:
        reply = ctx.call_llm(messages)
    except LLMError as exc:
        issue = Issue(kind="llm_error", message=describe_error(exc))
        return {"abstain_reason": f"LLM call failed during repair: {describe_error(exc)}",
                "trace": [TraceEvent(node="repair", round=rnd, seconds=0, issues=[issue])]}
    return {
        "facts": reply.text, "round": rnd, "messages": messages + [AIMessage(reply.text)], "usage": usage_of(reply),
        "trace": [TraceEvent(node="repair", round=rnd, seconds=0, input_tokens=reply.input_tokens,
                             output_tokens=reply.output_tokens, facts_diff=facts_diff(state["facts"], reply.text),
                             detail=f"{len(reply.text.splitlines())} lines")],
    }
