"""The protocol of Jurayj, Holzenberger and Van Durme 2025, "Language Models and Logic Programs
for Trustworthy Financial Reasoning" (arXiv 2508.21051), as ``eval run --protocol jurayj``.

What their code does (``wjurayj/legal_logic_programs_staging``: ``scripts/generate_e2e.py``,
``experiments/*_experiments.sh``, ``plotting/plotting_utils.py``), and what taxlogic runs for it:

- **Data**: SARA v2's 100 numeric cases, all of them (``--dataset sara-v2 --split all``).
- **Methods**: ``direct`` (the LLM answers from the statutes' text: taxlogic's A.1.3 direct QA);
  ``prolog`` few-shot: the statutes' Prolog and k = 5 (``--num-exemplars`` default) retrieved
  exemplar cases (text and gold program) of the other cases, the model writes the case's program
  and it runs against the gold statutes: taxlogic's ``prolog-single-shot`` with v2's
  translation prompt (its events.pl and utils.pl) and k exemplars retrieved per item
  (:data:`EXEMPLARS`), leave-one-out: never the case itself nor a case sharing its text;
  ``standalone`` (the model writes the statutes too) has no counterpart: taxlogic's statutes are
  always the human-written ones. ``agent`` runs under the protocol with its own settings, the
  same exemplars and attempts.
- **Abstention**: two generations per case (``--num-generations 2``, :data:`ATTEMPTS`); the
  answer counts only when they agree (:func:`taxlogic.eval.methods.registry.agreed_attempts`; the agent's
  ``--samples``).
- **Cost**: the break-even price per case (:mod:`taxlogic.eval.reports.break_even`), beside right / wrong /
  abstained in ``eval report``.

Differences, stated: their exemplars are ranked by an LLM re-ranker (o4-mini, ``rank_k.py``);
taxlogic retrieves by bag-of-words cosine (:mod:`taxlogic.agent.exemplars`), no model involved.
Their few-shot prompt holds every statute file; taxlogic's translation prompt holds v2's
``events.pl`` and ``utils.pl`` and the model writes facts only (a program with rules is refused
by the safety check). Their own tables were not found; their right / wrong per model come from the tax-law paper's
Table 5, which quotes them (``break_even.json``).
"""

from __future__ import annotations

#: Exemplars per case (their ``--num-exemplars`` default in ``generate_e2e.py``).
EXEMPLARS = 5
#: Generations per case; the answer counts only when they agree (their ``--num-generations 2``).
ATTEMPTS = 2
#: The datasets the protocol evaluates.
DATASETS = ("sara-v2",)
