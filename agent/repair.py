"""Node ``repair``: show the translator its facts and the issues found; get a corrected set."""

from __future__ import annotations

import difflib

from langchain_core.messages import AIMessage, HumanMessage
from langgraph.runtime import Runtime

from taxlogic.agent.context import AgentContext, timed, usage_of
from taxlogic.agent.llm import LLMRequestRejected, describe_error
from taxlogic.agent.state import AgentState, Issue, Round, TraceEvent
from taxlogic.agent.validate import validation_issues
from taxlogic.prompts import repair_user


def facts_diff(old: str, new: str) -> list[str]:
    """Lines removed (``-``) and added (``+``) between two fact sets, for the trace."""
    return [l for l in difflib.unified_diff(old.splitlines(), new.splitlines(), lineterm="", n=0)
            if l[:1] in "+-" and not l.startswith(("+++", "---"))]


def same_facts(old: str, new: str, rules, domain=None) -> bool:
    """Do two translations say the same thing: the same canonical facts (order and layout of the
    text aside) and the same validation problems? (``domain``: see :func:`validation_issues`.)"""
    (old_issues, old_canonical), (new_issues, new_canonical) = (validation_issues(old, rules, domain),
                                                                validation_issues(new, rules, domain))
    return old_canonical == new_canonical and [i.render() for i in old_issues] == [i.render() for i in new_issues]


@timed
def repair(state: AgentState, runtime: Runtime[AgentContext]) -> dict:
    """Ask for corrected facts. When the reply states the same facts as the round before
    (:func:`same_facts`), ``unchanged`` is set: the graph skips validation and execution."""
    ctx = runtime.context
    rnd = state["round"] + 1
    problems = [i.render() for i in state["issues"]]
    if hasattr(ctx.domain, "repair_prompt"):  # a domain whose model writes a program (kb/statutes)
        ask = HumanMessage(ctx.domain.repair_prompt(state["facts"], problems))
    else:
        ask = HumanMessage(repair_user(state["facts"], problems, anchored=ctx.anchored))
    messages = list(state["messages"]) + [ask]
    try:
        reply = ctx.call_llm(messages)
    except LLMRequestRejected as exc:  # endpoint failures propagate (not an abstention)
        issue = Issue(kind="llm_error", message=describe_error(exc))
        return {"abstain_reason": f"LLM call failed during repair: {describe_error(exc)}",
                "trace": [TraceEvent(node="repair", round=rnd, seconds=0, issues=[issue])]}
    unchanged = same_facts(state["facts"], reply.text, ctx.rules, ctx.domain)
    detail = f"{len(reply.text.splitlines())} lines" + (f", unchanged: the same facts as round {rnd - 1}" if unchanged else "")
    return {
        "facts": reply.text, "round": rnd, "messages": messages + [AIMessage(reply.text)], "usage": usage_of(reply),
        "unchanged": unchanged,
        "trace": [TraceEvent(node="repair", round=rnd, seconds=0, input_tokens=reply.input_tokens,
                             output_tokens=reply.output_tokens, facts_diff=facts_diff(state["facts"], reply.text),
                             facts=reply.text, detail=detail)],
    }


@timed
def unchanged(state: AgentState, runtime: Runtime[AgentContext]) -> dict:
    """Node ``unchanged``: the repair gave the facts of the round before, so they are neither
    validated nor run again; the round is recorded as unchanged with that round's issues."""
    prev, rnd = state["rounds"][-1], state["round"]
    usage = state.get("usage", {})
    record = Round(index=rnd, facts=state["facts"], issues=prev.issues, outcome=prev.outcome, unchanged=True,
                   input_tokens=int(usage.get("input", 0)), output_tokens=int(usage.get("output", 0)),
                   cached_tokens=int(usage.get("cached", 0)), llm_seconds=float(usage.get("seconds", 0.0)))
    return {
        "issues": prev.issues, "answer": None, "rounds": [record],
        "trace": [TraceEvent(node="unchanged", round=rnd, seconds=0, issues=prev.issues,
                             detail=f"the same facts as round {prev.index}: not run again; {len(prev.issues)} issue(s) stand")],
    }
