"""Reports: what a run folder shows.

:mod:`.summary` (a run's metrics by the benchmark, tokens and cost), :mod:`.report` (``eval
report``: tables, CSV, Markdown and plots over run folders), :mod:`.html_report` (the one-file
HTML report, from ``templates/``), :mod:`.case_view` (its per-case data) and :mod:`.browser` (a
headless Chromium for looking at it: tests, bench, screenshot).

May import: :mod:`taxlogic.eval.benchmarks`, :mod:`taxlogic.eval.methods`,
:mod:`taxlogic.eval.faults`, :mod:`taxlogic.eval.scoring` (the rooms below it; it uses the
benchmarks and scoring), and the agent, kb and tools layers; not the harness or experiments.
"""
