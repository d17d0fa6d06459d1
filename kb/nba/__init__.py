"""RuleArena's NBA domain (the 2023 CBA's salary-cap rules) as a Prolog knowledge base.

The fact vocabulary a problem is written with is ``events.pl`` (documented with an example
sentence per predicate in ``vocabulary.md``); the rules of RuleArena's ``nba/reference_rules.txt``
are the other ``.pl`` files of this package, each tagged with its RuleArena rule name.
"""


from taxlogic.kb.nba.domain import DOMAIN  # noqa: E402,F401  (the plug-in object: taxlogic.kb.domain.get_domain("nba"))
