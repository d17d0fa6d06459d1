"""SARA's answers: from a case and a fact set to an engine job (:func:`case_job`), and from an
outcome back to an answer (:func:`taxlogic.kb.answers.answer_of`, shared by every domain).

Shared by every method that runs Prolog (gold, agent, verifier) so that all of them ask the
same query and read answers the same way: entailment, the case's claim query; numeric,
``tax(Person, Year, Tax)`` with its single distinct value of ``Tax`` in whole dollars.
"""

from __future__ import annotations

from taxlogic.core import Answer
from taxlogic.kb.answers import answer_of
from taxlogic.kb.sara.cases import Case
from taxlogic.tools.engine import Job, Outcome
from taxlogic.tools.trust import TrustedProgram

__all__ = ["Answer", "answer_of", "case_job"]


def case_job(case: Case, facts: str | TrustedProgram, *, mode: str = "all", **limits) -> Job:
    """The job that answers ``case`` from ``facts`` (a ``str``: untrusted, validated facts; a
    :class:`~taxlogic.tools.trust.TrustedProgram`: a gold program, run unsandboxed). ``mode`` for numeric cases: ``all``
    (distinct values, to detect ambiguity) or ``first`` (fast; FIELD-NOTES: tax/3 yields one
    distinct value on every gold case)."""
    if case.kind == "numeric":
        return Job(facts=facts, query=case.value_query, mode=mode, var=case.answer_var, **limits)
    return Job(facts=facts, query=case.claim_query, mode="prove", **limits)
