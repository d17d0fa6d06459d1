"""Scoring and logs: what a run records of each case and how it is scored.

:mod:`.records` (the run folder's ``run.json``, ``records.jsonl``, ``errors.jsonl``: one
:class:`~taxlogic.eval.scoring.records.CaseRecord` per case), :mod:`.transcript` (what an agent
run did on a case, kept in its record), :mod:`.metrics` (entailment and numeric metrics, pure
functions), :mod:`.explained` (each answer's explanation recorded and checked), :mod:`.tokens`
(token counts of prompts before they are sent) and :mod:`.prices` (dollar cost of token counts).

May import: the agent, kb and tools layers and the shared modules (core, settings, spans); no other
room of ``eval`` (every room imports this one).
"""
