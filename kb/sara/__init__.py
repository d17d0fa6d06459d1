"""The SARA domain: the statutes of SARA, the 2020 release (Holzenberger, Blair-Stanek and Van
Durme 2020; sections 1, 2, 63, 68, 151, 152, 3301, 3306, 7703), and its second release, SARA v2.

The plug-in's rooms, as every domain's (docs/architecture.md):

- :mod:`.domain`: :data:`DOMAIN`, the :class:`~taxlogic.kb.domain.Domain` value (rule set, prompts,
  query job, answers, checks). Prompts: paper appendix A.1.4 (entailment) and A.1.5 (numeric),
  filled with the rule set's ``events.pl`` and ``utils.pl``; anchored (the default) with the ANCHORS
  section of :mod:`taxlogic.prompts`. A claim is Entailment iff it is proved; a numeric question
  binds ``tax(Person, Year, Tax)``.
- ``prolog/``: the project's own Prolog (``schema.pl``, the statutes' event model); the statutes
  themselves are the installed release's (:func:`taxlogic.kb.sara.data.install.sara_rules`).
- :mod:`.data`: install and checksums of each release, cases, gold errata.
- :mod:`.reading`: what a case's text, question and query state; the sentence each fact comes from.
- :mod:`.checks`: the checks of a fact set (premises, anchors, coverage, events, grounding,
  sentence support, direction; omissions by counterfactual runs, :mod:`.checks.omissions`).
- :mod:`.explain`: the law for explanations (statute citations with quotes, a tax computation's amounts).
"""

from __future__ import annotations

from taxlogic.kb.sara.domain import DOMAIN, SaraDomain

__all__ = ["DOMAIN", "SaraDomain"]
