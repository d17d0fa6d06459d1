"""Node ``validate``: parse and check the untrusted facts before anything runs."""

from __future__ import annotations

from typing import TYPE_CHECKING

from taxlogic.agent.context import timed
from taxlogic.agent.state import AgentState, Issue, TraceEvent
from taxlogic.tools.facts import check_facts

if TYPE_CHECKING:  # annotations only: langgraph loads with the graph (inspect and eval verifier use query_job alone)
    from langgraph.runtime import Runtime

    from taxlogic.agent.context import AgentContext


def validation_issues(facts: str, rules, domain=None) -> tuple[list[Issue], str]:
    """The validator's problems as issues, and the canonical facts (``""`` if none accepted).
    A ``domain`` whose model writes rules as well (it has ``check_program``: ``kb/statutes``)
    checks its program instead; the text then runs only in the engine's sandbox."""
    if domain is not None and hasattr(domain, "check_program"):
        return domain.check_program(facts)
    check = check_facts(facts, rules.vocabulary)
    issues = [Issue(kind=p.kind, line=p.line or None, message=p.message) for p in check.problems]
    if not check.facts and not issues:
        issues.append(Issue(kind="empty", message="no Prolog facts found in the answer; output only facts like income_(e). agent_(e, alice)."))
    return issues, check.canonical


@timed
def validate(state: AgentState, runtime: Runtime[AgentContext]) -> dict:
    """Check syntax, vocabulary, dates and amounts; keep the canonical text for the engine."""
    issues, canonical = validation_issues(state["facts"], runtime.context.rules, runtime.context.domain)
    return {
        "issues": issues, "canonical": canonical, "outcome": None,
        "trace": [TraceEvent(node="validate", round=state["round"], seconds=0, issues=issues,
                             detail="ok" if not issues else f"{len(issues)} problem(s)")],
    }
