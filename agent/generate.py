"""Node ``generate``: the first translation of the case into Prolog facts (paper A.1.4/A.1.5)."""

from __future__ import annotations

from langchain_core.messages import AIMessage, HumanMessage, SystemMessage
from langgraph.runtime import Runtime

from taxlogic.agent.context import AgentContext, timed, usage_of
from taxlogic.agent.llm import LLMRequestRejected, describe_error
from taxlogic.agent.state import AgentState, Issue, TraceEvent


@timed
def generate(state: AgentState, runtime: Runtime[AgentContext]) -> dict:
    """Ask the translator for facts: static system prompt first, the case last (prefix reuse)."""
    ctx, case = runtime.context, state["case"]
    messages = [
        SystemMessage(ctx.system_prompt(case.kind)),
        HumanMessage(ctx.domain.user_prompt(case, state.get("query") if ctx.show_query else None, ctx.exemplars)),
    ]
    try:
        reply = ctx.call_llm(messages)
    except LLMRequestRejected as exc:  # endpoint failures propagate (not an abstention)
        issue = Issue(kind="llm_error", message=describe_error(exc))
        return {"abstain_reason": f"LLM call failed: {describe_error(exc)}",
                "trace": [TraceEvent(node="generate", round=0, seconds=0, issues=[issue])]}
    return {
        "facts": reply.text, "round": 0, "messages": messages + [AIMessage(reply.text)],
        "trace": [TraceEvent(node="generate", round=0, seconds=0, input_tokens=reply.input_tokens,
                             output_tokens=reply.output_tokens, facts=reply.text,
                             detail=f"{len(reply.text.splitlines())} lines")],
        "usage": usage_of(reply),
    }
