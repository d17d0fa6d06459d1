"""Node ``execute``: run the validated facts and the query on the Prolog engine, with limits."""

from __future__ import annotations

from typing import TYPE_CHECKING

from taxlogic.agent.context import timed
from taxlogic.agent.state import AgentState, CaseInput, TraceEvent
from taxlogic.priority import at_least
from taxlogic.tools.engine import Job

if TYPE_CHECKING:  # annotations only: langgraph loads with the graph (inspect and eval verifier use query_job alone)
    from langgraph.runtime import Runtime

    from taxlogic.agent.context import AgentContext


def query_job(case: CaseInput, query: str, canonical: str, domain=None) -> Job:
    """The engine job for validated (untrusted) facts, as the domain (default SARA) forms it."""
    if domain is None:
        from taxlogic.kb.domain import get_domain

        domain = get_domain("sara")
    return domain.query_job(case, query, canonical)


@timed
def execute(state: AgentState, runtime: Runtime[AgentContext]) -> dict:
    """Run the round's facts and query. The job's urgency for a shared engine is at least the
    round's number (1 for the first translation): a case in repair has shown it is long."""
    ctx = runtime.context
    with at_least(state["round"] + 1):
        outcome = ctx.engine.run(query_job(state["case"], state["query"], state["canonical"], ctx.domain))
    return {
        "outcome": outcome.model_dump(),
        "trace": [TraceEvent(node="execute", round=state["round"], seconds=0,
                             detail=f"{outcome.summary()} ({outcome.inferences:,} inferences)")],
    }
