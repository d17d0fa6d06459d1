"""Nodes ``answer`` and ``abstain``: the two ways the graph ends."""

from __future__ import annotations

import re

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


#: What a kind of issue (:class:`taxlogic.core.Issue`) says could not be established, in one
#: clause a user reads (the issue's own message is written for the repair prompt). First match
#: by prefix of the kind.
_NOT_ESTABLISHED = (
    ("llm_error", "the language model could not be reached"),
    (("syntax", "empty", "unknown_", "predicate_", "query"), "the model's facts could not be read in the statutes' terms"),
    (("prolog_error", "time_limit", "inference_limit"), "the statutes could not be run to an answer on the model's facts"),
    ("no_value", "the model's facts give no answer to the question"),
    ("several_values", "the model's facts give more than one answer"),
    (("coverage_", "unstated_", "sentence_not_", "premise_", "ungrounded_", "omitted", "unaccounted"),
     "the model's facts leave out something the case states"),
    (("role_", "event_", "unsupported_", "anchor_", "name_", "trade_", "open_period", "player_", "operation_", "line_"),
     "the model's facts do not say what the case says"),
)


def abstention_words(reason: str | None, issues: list | None = None, rounds: int = 0) -> str:
    """An abstention in one sentence a user reads: what could not be established (from the kinds
    of the last round's ``issues``, :data:`_NOT_ESTABLISHED`; else from the ``reason``'s
    leading kind), never the repair instructions the model was given. E.g. "No answer: after
    3 rounds the model's facts leave out something the case states (coverage_amount)." """
    kinds = list(dict.fromkeys(i.kind for i in issues or []))
    if not kinds and reason:
        m = re.match(r"(?:still wrong after \d+ repair rounds?: )?(?:line \d+: )?([a-z_]+):", reason)
        kinds = [m.group(1)] if m else []
        if reason.startswith("LLM call failed"):
            kinds = ["llm_error"]
    said = []
    for k in kinds:
        for prefixes, words in _NOT_ESTABLISHED:
            if k.startswith(prefixes) and words not in said:
                said.append(words)
                break
    what = "; ".join(said) or "the model's facts could not be checked against the case"
    after = f"after {rounds} round{'s' if rounds != 1 else ''} " if rounds else ""
    return f"No answer: {after}{what}" + (f" ({', '.join(kinds)})." if kinds else ".")
