"""Evaluation: running methods on benchmarks, scoring and reporting the runs, and the paper's
experiments. Seven rooms, each a sub-package whose ``__init__`` says what lives there and what it
may import (``docs/architecture.md`` draws the map; the import-linter contract ``eval-rooms`` of
``pyproject.toml`` checks it):

- :mod:`~taxlogic.eval.scoring`: what a run records of each case (records, transcript), the
  metrics, the explanation check, token counts and their dollar cost;
- :mod:`~taxlogic.eval.methods`: the methods (solvers) that answer an item: gold, agent, direct,
  prolog-single-shot;
- :mod:`~taxlogic.eval.faults`: fault injection (corruption operators, imperfect anchorers, the
  verifier experiment) and the scripted stand-ins for an LLM (gold translator, gold endpoint);
- :mod:`~taxlogic.eval.benchmarks`: datasets with their score rule, found by name in one
  registry (SARA, SARA⁺ with its generation, RuleArena);
- :mod:`~taxlogic.eval.harness`: running a method over a dataset (runner, worker processes,
  concurrency, start order, profile, protocols);
- :mod:`~taxlogic.eval.reports`: what a run folder shows (summary, tables and plots, the HTML
  report and its browser);
- :mod:`~taxlogic.eval.experiments`: the papers' experiments (contamination quiz, the paper grid).

Layers, top to bottom (a room imports only rooms below it): experiments; harness | reports;
benchmarks; methods | faults; scoring. The whole of ``eval`` may import the agent, kb and tools
layers, never the CLI.
"""
