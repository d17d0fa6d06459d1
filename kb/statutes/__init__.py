"""The statutes plug-in: domains without a knowledge base (issue 47), where the model writes the
rules from the statutes given with each case and the facts from the case.

Two domains (:mod:`.domain`): :data:`HOUSING` (DeonticBench housing: US state housing and
eviction law, yes / no) and :data:`USCIS` (DeonticBench USCIS-AAO: immigration appeals,
Accepted / Dismissed); :data:`DOMAINS` maps their names, which
:func:`taxlogic.kb.domain.get_domain` finds. Rooms: ``prolog/`` (the empty rule folder the
engine starts on), :mod:`.reading` (paragraphs, words, the program in a reply),
:mod:`.checks` (the checks of a program), :mod:`.explain` (an answer in words, citing the
paragraphs), :mod:`.data` (DeonticBench install and loader: ``cases(domain, split)``,
``case(id)``; the reference
programs and their errata, of the runs and of the programs as translations, in one file).
"""

from __future__ import annotations

from taxlogic.kb.statutes.domain import HOUSING, USCIS, StatutesDomain

#: The plug-in's domains by name (:func:`taxlogic.kb.domain.get_domain`).
DOMAINS = {HOUSING.name: HOUSING, USCIS.name: USCIS}

__all__ = ["DOMAINS", "HOUSING", "USCIS", "StatutesDomain"]
