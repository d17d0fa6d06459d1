"""What an agent run did on one case, kept in its eval record so a report can show it later.

A :class:`Transcript` holds, per translation round, the facts the model wrote (as it wrote them:
the issues' line numbers refer to this text), the issues found (kind, line, message), Prolog's
outcome, the answer of that round, tokens and seconds; and the graph's steps (the trace). It is
stored in :attr:`taxlogic.eval.scoring.records.CaseRecord.transcript` by the agent methods; records
written before it existed have ``transcript = None``.
"""

from __future__ import annotations

from pydantic import BaseModel, Field

from taxlogic.agent.state import Round


#: The graph's nodes that make up a translation round (their seconds add up to the round's).
ROUND_NODES = ("generate", "repair", "validate", "execute", "inspect")


class RoundLog(Round):
    """One translation attempt (:class:`taxlogic.agent.state.Round`) and the self-consistency
    sample it belongs to (0 without sampling); ``seconds``: wall seconds of the round's graph steps."""

    sample: int = 0


class StepLog(BaseModel):
    """One step of the graph (node name, round, wall seconds, tokens, how many issues, detail, and
    in batch runs its seconds by span: :mod:`taxlogic.spans`)."""

    sample: int = 0
    node: str
    round: int
    seconds: float = 0.0
    input_tokens: int = 0
    output_tokens: int = 0
    issues: int = 0
    detail: str = ""
    spans: dict[str, float] = Field(default_factory=dict)  # the step's seconds by span (taxlogic.spans)


class Transcript(BaseModel):
    """An agent's work on one case: the query it ran, its rounds and its steps."""

    query: str | None = None
    rounds: list[RoundLog] = Field(default_factory=list)
    trace: list[StepLog] = Field(default_factory=list)


def transcript_of(result) -> Transcript:
    """The transcript of a :class:`taxlogic.agent.state.AgentResult` (each sample's rounds and
    steps when it was solved with ``samples > 1``)."""
    runs = result.samples or [result]
    rounds, trace = [], []
    for s, run in enumerate(runs):
        for r in run.rounds:
            secs = sum(ev.seconds for ev in run.trace if ev.round == r.index and ev.node in ROUND_NODES)
            rounds.append(RoundLog(sample=s, seconds=secs, **r.model_dump(exclude={"seconds"})))
        trace.extend(StepLog(sample=s, node=ev.node, round=ev.round, seconds=ev.seconds, input_tokens=ev.input_tokens,
                             output_tokens=ev.output_tokens, issues=len(ev.issues), detail=ev.detail,
                             spans=ev.spans)
                     for ev in run.trace)
    return Transcript(query=result.query, rounds=rounds, trace=trace)
