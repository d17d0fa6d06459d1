"""Node ``inspect``: turn what went wrong into issues, and close the round's record."""

from __future__ import annotations

from langgraph.runtime import Runtime

from taxlogic import spans
from taxlogic.agent.context import AgentContext, timed
from taxlogic.agent.checks import round_issues
from taxlogic.agent.state import AgentState, Round, TraceEvent
from taxlogic.priority import at_least
from taxlogic.tools.engine import Outcome
from taxlogic.tools.facts import check_facts


@timed
def inspect(state: AgentState, runtime: Runtime[AgentContext]) -> dict:
    case = state["case"]
    outcome = Outcome.model_validate(state["outcome"]) if state.get("outcome") else None
    rules = runtime.context.rules
    # where each canonical fact stands in the translator's text, so that issues point there
    domain, canonical = runtime.context.domain, state.get("canonical", "")
    # (a domain whose model writes a program gives issues its program's own lines: no mapping)
    with spans.span("validate"):
        lines = ([f.line for f in check_facts(state.get("facts", ""), rules.vocabulary).facts]
                 if outcome is not None and not hasattr(domain, "check_program") else None)
    # the domain's own checks of the facts (SARA: coverage, events, grounding; airline: items)
    with spans.span("grounding"):
        static = domain.inspect(case, state.get("query"), canonical, outcome, rules) if outcome is not None else None
    issues = round_issues(case, state.get("issues", []), outcome, static=static or (), lines=lines)
    if outcome is not None and not issues and hasattr(domain, "counterfactual_issues"):
        # last: what the text states that the facts leave out, decided by runs of the query
        with at_least(state["round"] + 1), spans.span("omissions"):
            issues = list(domain.counterfactual_issues(case, state.get("query"), canonical, outcome, rules,
                                                       runtime.context.engine))
    answer = domain.answer_of(case, outcome).value if outcome is not None and not issues else None
    usage = state.get("usage", {})
    rnd = Round(index=state["round"], facts=state["facts"], issues=issues,
                outcome=outcome.summary() if outcome else None, answer=answer,
                input_tokens=int(usage.get("input", 0)), output_tokens=int(usage.get("output", 0)),
                cached_tokens=int(usage.get("cached", 0)), llm_seconds=float(usage.get("seconds", 0.0)))
    return {
        "issues": issues, "answer": answer, "rounds": [rnd],
        "trace": [TraceEvent(node="inspect", round=state["round"], seconds=0, issues=issues,
                             detail="no issues" if not issues else f"{len(issues)} issue(s)")],
    }
