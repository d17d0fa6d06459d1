"""The engine's limits (issue 48): inference budgets that decide, CPU and wall clocks that only guard.

An outcome that a limit decides (a case's answer job hits its limit: the agent raises an issue; an
omission candidate hits its: it decides nothing and runs again; the verifier's quick job hits its:
the variant is ``caught_limited``; a recording hits its: the answer has no explanation) must be
the same on any machine under any load, so every such limit counts **inferences**
(``call_with_inference_limit/3`` in ``tools/engine.pl`` and ``tools/explain.pl``), which a
program spends the same on any machine. A limit in CPU seconds does not: the same query takes more
CPU seconds on a slower or busier machine (a shared core, a cold cache), and an omission candidate
given "max(2 s, 5x the facts' own run)" was decided one way on a quiet machine and another on a
loaded one (issue 48: 119, 118, 117 and 116 rule groups flagged on one sweep).

Budgets per job kind (inferences), chosen from the gold programs (``bench/inference_budgets.py``
prints every kind's maximum on SARA 2020, SARA v2 and the NBA gold programs, and each budget's
margin; the figures are in ``docs/limits.md``):

- **query** (:attr:`Settings.inference_limit <taxlogic.settings.Settings.inference_limit>`,
  default :data:`QUERY_INFERENCES`): a case's answer job, the agent's, the gold method's and the
  verifier's alike;
- **quick** (:data:`QUICK_INFERENCES`): the verifier's answer job of a fact set the inspector
  already flags before Prolog answers (its answer only tells a caught corruption that changed it
  from one that did not);
- **candidate** (:func:`candidate_inferences`): an omission candidate's run, at least
  :data:`CANDIDATE_FLOOR` and :data:`CANDIDATE_TIMES` times the facts' own run's inferences, never
  above the answer job's budget (a candidate that makes the rules loop decides nothing and must
  not cost the job's whole budget; one its budget stops runs once more under the answer job's);
- **recording** (:func:`recording_inferences`): an explanation's recording, at least
  :data:`RECORDING_FLOOR` and :data:`RECORDING_TIMES` times the query's own inferences, never above
  the job's budget (so an explanation job's CPU safety net covers twice the budget);
- fixed inside Prolog and unchanged: a call of the fact view (``tl_view_limit/1``, 10^6), a
  materialised predicate (``tl_derive/2``, 5 x 10^7), a recorder's probe (``tl_x_probe_limit``,
  10^5 + 10 x the query's inferences).

- **stack** (:data:`STACK_BYTES`, :data:`QUICK_STACK_BYTES` for the verifier's quick job,
  :data:`EXPLAIN_STACK_BYTES` for an explanation job): bytes of
  Prolog stack a job may use (SWI-Prolog's ``stack_limit``, set for each job and restored after):
  a runaway that grows its stacks while spending few inferences (its time goes to garbage
  collection) is stopped by a count of bytes, the same on any machine under any load; its outcome
  is a budget's (status ``inference_limit``, ``error_kind`` ``stack``), and the worker is replaced
  (an overflow inside a tabled call leaves SWI's tabling state broken).

**Safety nets.** :attr:`Settings.time_limit <taxlogic.settings.Settings.time_limit>` (CPU seconds
inside Prolog, default :data:`SAFETY_CPU_SECONDS`) and the parent's wall-clock limit
(:attr:`Settings.wall_limit <taxlogic.settings.Settings.wall_limit>`, at least twice the CPU limit,
four times for an explanation) only stop a runaway that spends time without inferences (huge
arithmetic, a hung foreign call). They are set so that no budget is reached after them: the CPU
limit of a job is at least its budget at :data:`SAFETY_RATE` inferences per second, a rate 2.5
times below the lowest this engine was measured at (an explanation job: twice its budget, the
query's and the recording's). When one fires, the outcome's status is
``time_limit`` (``error_kind`` ``cpu`` or ``wall``), never ``inference_limit``, and its message
says it is a machine-dependent safety net, not a verdict on the facts.
"""

from __future__ import annotations

#: A case's answer job (the default of ``Settings.inference_limit``): ~10x the most any gold
#: program's answer job takes (SARA 2020's tax_case_33, 20.5 M); about the 10 s of CPU the answer
#: job had before issue 48 (the engine runs 5-25 M inferences a CPU second).
QUERY_INFERENCES = 200_000_000
#: The verifier's quick job (an answer job of a fact set already flagged): ~5x the most a gold
#: program's answer job takes; about the 5 s of CPU it had before.
QUICK_INFERENCES = 100_000_000
#: An omission candidate's run: at least this many inferences (about the 2 s of CPU it had before,
#: on a quiet machine) ...
CANDIDATE_FLOOR = 40_000_000
#: ... and this many times the facts' own run's (as before, then in CPU seconds).
CANDIDATE_TIMES = 5
#: An explanation's recording: at least this many inferences (10x the most a gold program's
#: recording takes, SARA 2020's tax_case_33, 5.1 M) ...
RECORDING_FLOOR = 50_000_000
#: ... and this many times the query's own, never above the job's budget.
RECORDING_TIMES = 10
#: A job's stack budget, bytes (SWI-Prolog's ``stack_limit`` flag, set per job by
#: ``tl_with_stack_limit/2`` in ``tools/engine.pl``: the local, global and trail stacks together;
#: a job past it stops with status ``inference_limit``, ``error_kind`` ``stack``): the answer job,
#: the fact view and an omission candidate. Every gold job of these kinds
#: (SARA 2020, v2, NBA) gives the same outcome under 2 MiB (8x below; the answer jobs under 1 MiB);
#: the verifier's runaways (``merge_events`` on tax_case_49) stop in seconds, where under SWI's
#: default 1 GiB they ran until a clock's safety net (100 s of CPU).
STACK_BYTES = 16 * 1024 * 1024
#: The verifier's quick job's (an answer job of a fact set already flagged; see
#: :data:`QUICK_INFERENCES`): half the answer job's, as its inference budget is half. Every gold
#: answer job gives its outcome under 1 MiB, so the margin is still 8x. A runaway that grows its
#: stacks stops at half the depth and, where its time is quadratic in that depth (a recursion
#: that returns an answer at each depth exits every frame above it, and exits count no
#: inference: ``is_descendent_of/4`` on a family cycle), in about a quarter of the CPU.
QUICK_STACK_BYTES = 8 * 1024 * 1024
#: An explanation job's (the query and its recording): every gold recording of SARA 2020 is
#: explained under 4 MiB (8x below), not all under 3 MiB (tax_case_20, 33, 83, 91).
EXPLAIN_STACK_BYTES = 32 * 1024 * 1024
#: The CPU safety net's default, seconds (``Settings.time_limit``).
SAFETY_CPU_SECONDS = 30.0
#: Inferences per CPU second the safety net assumes at least: 2.5 times below the lowest rate
#: measured on a gold job of at least 0.05 s (4.9 M a second, on 2 cores at load 11).
SAFETY_RATE = 2_000_000



def candidate_inferences(own: int, ceiling: int) -> int:
    """An omission candidate's budget, inferences: ``max(CANDIDATE_FLOOR, CANDIDATE_TIMES * own)``
    (``own``: the inferences of the facts' own run), at most ``ceiling`` (the answer job's budget)."""
    return int(min(ceiling, max(CANDIDATE_FLOOR, CANDIDATE_TIMES * max(own, 0))))


def recording_inferences(query: int, ceiling: int) -> int:
    """An explanation's recording budget, inferences: ``max(RECORDING_FLOOR, RECORDING_TIMES * query)``
    (``query``: the inferences of the query the recording re-derives), at most ``ceiling`` (the
    job's budget). ``tl_x_recording_limit/3`` in ``tools/explain.pl`` computes the same in the
    worker, from the query's count there."""
    return int(min(ceiling, max(RECORDING_FLOOR, RECORDING_TIMES * max(query, 0))))


def safety_seconds(inferences: int, floor: float) -> float:
    """The CPU safety net of a job whose budget is ``inferences``: ``floor`` seconds (the settings'
    ``time_limit``, or the job's own), or the budget at :data:`SAFETY_RATE`, whichever is more."""
    return max(floor, inferences / SAFETY_RATE)


def budgets(settings=None) -> dict[str, int]:
    """The budgets by job kind as ``bench/inference_budgets.py`` reports them: ``query``, ``quick``,
    the largest ``candidate`` (the answer job's) and ``recording`` of a query at the query budget."""
    from taxlogic.settings import get_settings

    q = (settings or get_settings()).inference_limit
    return {"query": q, "quick": QUICK_INFERENCES, "candidate": q, "view": q,
            "recording": recording_inferences(q, q)}
