"""Methods (the "solvers"): each turns one dataset item into a record holding a prediction;
whether it is correct is decided afterwards by the benchmark (:func:`taxlogic.eval.benchmarks.score`).

:mod:`.registry` (the generic methods by name, :class:`~taxlogic.eval.methods.registry.Method`,
the shared Prolog :class:`~taxlogic.eval.methods.registry.Engines`, the agent and
prolog-single-shot methods), :mod:`.direct` (the direct-QA baseline's prompt and parser, paper
appendix A.1.3) and :mod:`.gold` (each case's gold program through the engine). A benchmark's own
methods live with the benchmark (:mod:`taxlogic.eval.benchmarks.rulearena`).

May import: :mod:`taxlogic.eval.scoring`, and the agent, kb and tools layers; not the benchmarks
(a method receives its dataset; annotations only), the harness, reports, faults or experiments.
"""
