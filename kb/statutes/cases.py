"""A DeonticBench housing or USCIS-AAO case as the agent's input (:class:`~taxlogic.core.CaseInput`).

The loader is :mod:`taxlogic.kb.statutes.data` (``cases(domain, split)``, ``case(id)``); this
module only maps one of its cases (anything with ``id``, ``domain``, ``question``, ``statutes``
and, as the domain has them, ``text`` and ``state``; a dict with those keys works too) to the
agent's input. Housing cases have no fact pattern: their text is the setting DeonticBench's own
prompt gives (``state``, ``focus_year: 2021``: ``prompts/dataset_prompts.py`` of the benchmark).
"""

from __future__ import annotations

from typing import Any

from taxlogic.core import CaseInput

#: DeonticBench's name of each domain -> the plug-in's domain name.
DOMAIN_OF = {"housing": "housing", "uscis-aao": "uscis", "uscis": "uscis"}

#: The focus year DeonticBench's housing prompts state.
HOUSING_FOCUS_YEAR = 2021


def _get(case: Any, key: str, default: Any = "") -> Any:
    if isinstance(case, dict):
        return case.get(key, default)
    return getattr(case, key, default)


def domain_name(case: Any) -> str:
    """The plug-in domain of a DeonticBench case (``housing`` or ``uscis``), from its ``domain``
    or, failing that, its id's prefix. Raises KeyError for a case of another domain."""
    dom = _get(case, "domain", "") or str(_get(case, "id", "")).split("_", 1)[0]
    if dom not in DOMAIN_OF:
        raise KeyError(f"{_get(case, 'id', '?')}: not a housing or USCIS-AAO case (domain {dom!r})")
    return DOMAIN_OF[dom]


def case_input(case: Any) -> CaseInput:
    """The agent's input for a DeonticBench housing or USCIS-AAO case: its text (housing: the
    state and focus year), question and statutes; the query is the domain's
    (``housing_answer(X)``, ``decision(X)``). Never the label or the reference program."""
    from taxlogic.kb.statutes import DOMAINS

    dom = DOMAINS[domain_name(case)]
    if dom.name == "housing":
        text = f"State: {_get(case, 'state')}. Focus year: {HOUSING_FOCUS_YEAR}."
    else:
        text = str(_get(case, "text") or "")
    return CaseInput(case_id=str(_get(case, "id")), text=text, question=str(_get(case, "question")),
                     kind="entailment", query=dom.query, answer_var=dom.answer_var,
                     statutes=str(_get(case, "statutes") or ""))
