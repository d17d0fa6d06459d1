"""Experiments of the papers, built on every other room of ``eval``.

:mod:`.contamination` (the Data Contamination Quiz: how much of SARA a model has memorised,
paper Table 7) and
:mod:`.paper` (reproducing Kordjamshidi et al., "Reasoners or Translators?", Tables 5-9:
``taxlogic eval paper``).

May import: every other room of ``eval`` and the agent, kb and tools layers; no room of ``eval``
imports it (the CLI does).
"""
