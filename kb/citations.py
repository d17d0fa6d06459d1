"""A domain's law for explanations (:class:`taxlogic.tools.explain.Law`): citations and quotes
of its predicates and the amounts they compute. Each domain has it in ``kb/<domain>/citations.py``
as ``law(rules)``; :func:`law_for` finds it by domain name."""

from __future__ import annotations

import importlib

from taxlogic.kb.rules import RuleSet
from taxlogic.tools.explain import Law


def law_for(domain: str, rules: RuleSet) -> Law:
    """The law of ``domain`` ("sara", "airline") over ``rules``. Raises KeyError if the domain
    has no ``citations`` module."""
    try:
        module = importlib.import_module(f"taxlogic.kb.{domain}.citations")
    except ModuleNotFoundError:
        raise KeyError(f"the {domain!r} domain has no citations (expected taxlogic.kb.{domain}.citations)") from None
    return module.law(rules)
