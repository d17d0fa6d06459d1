"""The run harness: running a method over a dataset and keeping the run folder.

:mod:`.runner` (``eval run``: resumable runs, records scored by the benchmark), :mod:`.processes`
(a run's slots over worker processes), :mod:`.concurrency` (at most N calls in flight),
:mod:`.history` (earlier runs' costs: the start order), :mod:`.profile` (where a run's
concurrency slots go, ``--profile``) and :mod:`.protocol` (the ``default`` and ``paper``
evaluation protocols).

May import: :mod:`taxlogic.eval.benchmarks`, :mod:`taxlogic.eval.methods`,
:mod:`taxlogic.eval.scoring` (and :mod:`taxlogic.eval.faults`, below it, though nothing does),
and the agent, kb and tools layers; not the reports or experiments.
"""
