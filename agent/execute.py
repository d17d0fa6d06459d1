"""Node ``execute``: run the validated facts and the query on the Prolog engine, with limits."""

from __future__ import annotations

from langgraph.runtime import Runtime

from taxlogic.agent.context import AgentContext, timed
from taxlogic.agent.state import AgentState, CaseInput, TraceEvent
from taxlogic.tools.engine import Job


def query_job(case: CaseInput, query: str, canonical: str) -> Job:
    """Untrusted facts; numeric queries collect all distinct values (to detect ambiguity)."""
    if case.kind == "numeric":
        return Job(facts=canonical, query=query, mode="all", var=case.answer_var or "Tax", trusted=False)
    return Job(facts=canonical, query=query, mode="prove", trusted=False)


@timed
def execute(state: AgentState, runtime: Runtime[AgentContext]) -> dict:
    outcome = runtime.context.engine.run(query_job(state["case"], state["query"], state["canonical"]))
    return {
        "outcome": outcome.model_dump(),
        "trace": [TraceEvent(node="execute", round=state["round"], seconds=0,
                             detail=f"{outcome.summary()} ({outcome.inferences:,} inferences)")],
    }
