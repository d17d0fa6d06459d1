"""The translator agent as a LangGraph ``StateGraph``: wiring and routing only.

    START -> write_query (free text only) -> generate -> validate -> execute -> inspect
    START -> [write_query ->] validate        (the initial state already has facts: chat, what-if)
    inspect -> answer                (no issues)
            -> repair -> validate    (issues, repair budget left)
                      -> unchanged -> (as after inspect)   (the repair gave the same facts again)
            -> abstain               (issues, budget spent; or the endpoint refused a request)

An endpoint failure (:func:`taxlogic.agent.llm.is_endpoint_failure`) is not an abstention: it
propagates out of the graph.

Nodes live one per module beside this file; their dependencies come from the run-time context
(:class:`taxlogic.agent.context.AgentContext`).
"""

from __future__ import annotations

from langgraph.graph import END, START, StateGraph

from taxlogic.agent.context import AgentContext
from taxlogic.agent.execute import execute
from taxlogic.agent.finish import abstain, answer
from taxlogic.agent.generate import generate
from taxlogic.agent.inspect import inspect
from taxlogic.agent.query import write_query
from taxlogic.agent.repair import repair, unchanged
from taxlogic.agent.state import AgentState
from taxlogic.agent.validate import validate
from taxlogic.tables import shared_table


def recursion_limit(budget: int) -> int:
    """Graph steps for ``budget`` repair rounds: write_query + generate + (validate, execute,
    inspect) per round + one repair per extra round + the final node, with a margin of 2."""
    return 2 + 3 * (budget + 1) + budget + 1 + 2


def _translate_or_check(state: AgentState) -> str:
    """Given facts (``state["facts"]``, e.g. a chat's earlier or edited facts) are checked as they
    are; otherwise the translator writes them."""
    return "validate" if state.get("facts") else "generate"


def _start(state: AgentState) -> str:
    return _translate_or_check(state) if state.get("query") else "write_query"


def _after_llm(state: AgentState) -> str:
    return "abstain" if state.get("abstain_reason") else "validate"


def _after_query(state: AgentState) -> str:
    return "abstain" if state.get("abstain_reason") else _translate_or_check(state)


def _after_repair(state: AgentState) -> str:
    if state.get("abstain_reason"):
        return "abstain"
    return "unchanged" if state.get("unchanged") else "validate"


def _after_validate(state: AgentState) -> str:
    return "inspect" if state.get("issues") else "execute"


def _after_inspect(state: AgentState) -> str:
    if not state.get("issues"):
        return "answer"
    return "repair" if state.get("round", 0) < state.get("budget", 0) else "abstain"


@shared_table(maxsize=1)
def build_graph():
    """The compiled graph (the repair budget is part of the state)."""
    g = StateGraph(AgentState, context_schema=AgentContext)
    for name, fn in (("write_query", write_query), ("generate", generate), ("validate", validate),
                     ("execute", execute), ("inspect", inspect), ("repair", repair),
                     ("unchanged", unchanged), ("answer", answer), ("abstain", abstain)):
        g.add_node(name, fn)
    g.add_conditional_edges(START, _start, ["generate", "write_query", "validate"])
    g.add_conditional_edges("write_query", _after_query, ["generate", "validate", "abstain"])
    g.add_conditional_edges("generate", _after_llm, ["validate", "abstain"])
    g.add_conditional_edges("repair", _after_repair, ["validate", "unchanged", "abstain"])
    g.add_conditional_edges("unchanged", _after_inspect, ["answer", "repair", "abstain"])
    g.add_conditional_edges("validate", _after_validate, ["execute", "inspect"])
    g.add_edge("execute", "inspect")
    g.add_conditional_edges("inspect", _after_inspect, ["answer", "repair", "abstain"])
    g.add_edge("answer", END)
    g.add_edge("abstain", END)
    return g.compile()
