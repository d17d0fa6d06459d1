"""Solving a case with the agent: one run of the graph, or k samples for self-consistency.

``solve`` streams the graph's steps to an optional ``on_event`` callback (the CLI's live trace)
and returns an :class:`AgentResult`. With ``samples = k > 1``, k independent translations are
made (different seeds); the agent answers only if every sample answered and all answers agree,
else it abstains (self-consistency as in Jurayj et al. 2025).
"""

from __future__ import annotations

import time
from contextlib import nullcontext
from dataclasses import replace
from typing import Callable

from taxlogic import spans
from taxlogic.agent.context import AgentContext
from taxlogic.agent.graph import build_graph, recursion_limit
from taxlogic.agent.state import AgentResult, CaseInput, TraceEvent

#: Nodes that call the LLM outside a translation round; their trace events carry the tokens.
LLM_NODES_OUTSIDE_ROUNDS = ("write_query",)


def run_graph(state: dict, ctx: AgentContext, on_event: Callable[[TraceEvent], None] | None = None, *,
              lead: list[TraceEvent] = (), t0: float | None = None) -> tuple[AgentResult, dict]:
    """One run of the graph from ``state`` (a case and a query; optionally given ``facts`` to
    check first, as the chat's what-if edits do). Streams each step to ``on_event``; ``lead``
    events (done before the graph, e.g. a chat edit) head the trace. Returns the result and the
    final state. Prolog trouble and a request the endpoint refused end in an abstention; an
    endpoint failure (:func:`taxlogic.agent.llm.is_endpoint_failure`: unreachable, timeouts,
    5xx or 429 after retries, a rejected key) raises that :class:`~taxlogic.agent.llm.LLMError`:
    it says nothing about the case."""
    t0 = time.perf_counter() if t0 is None else t0
    state = {"budget": ctx.budget, "round": 0, "rounds": [], "trace": [], **state}
    final: dict = dict(state)
    # each step's spans (LLM call, Prolog, checks) in its trace event; a batch run's case clock
    # when there is one, else this run's own
    with spans.case_clock() if spans.current() is None else nullcontext():
        for update in build_graph().stream(state, context=ctx, stream_mode="updates",
                                           config={"recursion_limit": recursion_limit(ctx.budget)}):
            for node_update in update.values():
                if not node_update:
                    continue
                for key, value in node_update.items():
                    final[key] = final.get(key, []) + value if key in ("rounds", "trace") else value
                if on_event:
                    for ev in node_update.get("trace", []):
                        on_event(ev)
    rounds = final.get("rounds", [])
    # LLM calls outside a translation round (the query writer) count too
    extra = [ev for ev in final.get("trace", []) if ev.node in LLM_NODES_OUTSIDE_ROUNDS]
    answered = final.get("answer") is not None and not final.get("abstain_reason")
    result = AgentResult(
        case_id=final["case"].case_id,
        answer=final.get("answer") if answered else None,
        abstained=not answered,
        reason=None if answered else final.get("abstain_reason") or "no answer",
        query=final.get("query"),
        facts=final.get("canonical") or final.get("facts", ""),
        rounds=rounds,
        trace=list(lead) + final.get("trace", []),
        input_tokens=sum(r.input_tokens for r in rounds) + sum(ev.input_tokens for ev in extra),
        output_tokens=sum(r.output_tokens for r in rounds) + sum(ev.output_tokens for ev in extra),
        seconds=time.perf_counter() - t0,
    )
    return result, final


def solve_once(case: CaseInput, ctx: AgentContext, on_event: Callable[[TraceEvent], None] | None = None) -> AgentResult:
    """One translation of ``case`` by the graph (see :func:`run_graph`)."""
    return run_graph({"case": case, "query": case.query}, ctx, on_event)[0]


def solve(case: CaseInput, ctx: AgentContext, *, samples: int = 1,
          on_event: Callable[[TraceEvent], None] | None = None) -> AgentResult:
    """Solve ``case``; with ``samples > 1`` answer only when all samples give the same answer."""
    if samples <= 1:
        return solve_once(case, ctx, on_event)
    t0 = time.perf_counter()
    runs = [solve_once(case, replace(ctx, seed=i), on_event) for i in range(samples)]
    answers = [r.answer for r in runs]
    agreed = all(not r.abstained for r in runs) and len(set(answers)) == 1
    if agreed:
        reason = None
    elif any(r.abstained for r in runs):
        reason = f"{sum(r.abstained for r in runs)} of {samples} samples abstained"
    else:
        reason = f"samples disagree: {', '.join(map(str, answers))}"
    return AgentResult(
        case_id=case.case_id, answer=answers[0] if agreed else None, abstained=not agreed, reason=reason,
        query=runs[0].query, facts=runs[0].facts, rounds=[r for run in runs for r in run.rounds],
        trace=[e for run in runs for e in run.trace],
        input_tokens=sum(r.input_tokens for r in runs), output_tokens=sum(r.output_tokens for r in runs),
        seconds=time.perf_counter() - t0, samples=runs,
    )
