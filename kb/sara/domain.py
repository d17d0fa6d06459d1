"""The SARA domain as a value of :class:`~taxlogic.kb.domain.Domain` (:data:`DOMAIN`): its rule set,
prompts, query job, answers and checks; and SARA's answers: from a case and a fact set to an
engine job (:func:`case_job`), and from an outcome back to an answer
(:func:`taxlogic.kb.answers.answer_of`, shared by every domain).

The answers are shared by every method that runs Prolog (gold, agent, verifier) so that all of
them ask the same query and read answers the same way: entailment, the case's claim query;
numeric, ``tax(Person, Year, Tax)`` with its single distinct value of ``Tax`` in whole dollars.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from taxlogic.core import Answer
from taxlogic.kb.answers import answer_of
from taxlogic.kb.rules import RuleSet
from taxlogic.kb.sara.data.cases import Case
from taxlogic.kb.sara.data.install import sara_rules
from taxlogic.tables import shared_table
from taxlogic.tools.engine import Job, Outcome
from taxlogic.tools.trust import TrustedProgram

__all__ = ["DOMAIN", "Answer", "SaraDomain", "answer_of", "case_job"]


def case_job(case: Case, facts: str | TrustedProgram, *, mode: str = "all", **limits) -> Job:
    """The job that answers ``case`` from ``facts`` (a ``str``: untrusted, validated facts; a
    :class:`~taxlogic.tools.trust.TrustedProgram`: a gold program, run unsandboxed). ``mode`` for numeric cases: ``all``
    (distinct values, to detect ambiguity) or ``first`` (fast; FIELD-NOTES: tax/3 yields one
    distinct value on every gold case)."""
    if case.kind == "numeric":
        return Job(facts=facts, query=case.value_query, mode=mode, var=case.answer_var, **limits)
    return Job(facts=facts, query=case.claim_query, mode="prove", **limits)


@shared_table(maxsize=8)
def _system_prompts(prolog_dir: str, kind: str, anchored: bool, release: str = "2020", utilities: bool = True) -> str:
    from taxlogic.prompts import read_code_slots, translate_system

    slots = read_code_slots(prolog_dir)
    return translate_system(kind, slots["EVENTS_PL"], slots["UTILS_PL"], anchored=anchored, release=release,
                            utilities=utilities)


@dataclass(frozen=True)
class SaraDomain:
    """``anchored``: the translator cites, for each group of facts, the sentence of the case it
    comes from (``% "…"`` lines; prompts ``translate_anchors_*``), which the inspector takes as
    evidence, not a constraint (:mod:`taxlogic.kb.sara.checks.align`);
    False: the paper's appendix prompts as they are (:meth:`with_anchors`). ``utilities`` False:
    the translation prompt without the statutes' date utilities (:meth:`with_utilities`)."""

    anchored: bool = True
    name: str = "sara"
    utilities: bool = True

    def with_anchors(self, anchored: bool) -> "SaraDomain":
        """This domain with anchored translation on or off."""
        return replace(self, anchored=anchored)

    def with_utilities(self, utilities: bool) -> "SaraDomain":
        """This domain with the prompt's utilities code (utils.pl) in or out
        (:func:`taxlogic.prompts.translate_system` ``utilities``)."""
        return replace(self, utilities=utilities)

    def rule_set(self) -> RuleSet:
        return sara_rules()

    def exemplar_facts(self, case_text: str, program: str) -> str:
        """An exemplar's gold ``program`` as this domain's translator must write it: its facts
        (:func:`taxlogic.tools.facts.facts_only`), with anchors when translation is anchored
        (:func:`taxlogic.kb.sara.checks.align.anchor_facts`)."""
        from taxlogic.tools.facts import facts_only

        if not self.anchored:
            return facts_only(program)
        from taxlogic.kb.sara.checks.align import anchor_facts

        return anchor_facts(case_text, facts_only(program))

    def system_prompt(self, rules: RuleSet, kind: str) -> str:
        """The A.1.4/A.1.5 prompt filled with ``rules``' own events.pl and utils.pl; for SARA v2's
        rule set (name ``v2``) the prompt in v2's representation (``translate_numeric_system_v2``:
        names and event ids as strings)."""
        return _system_prompts(str(rules.prolog_dir), kind, self.anchored, "v2" if rules.name == "v2" else "2020",
                               self.utilities)

    def user_prompt(self, case, query, exemplars: str = "") -> str:
        from taxlogic.prompts import translate_user

        return translate_user(case.text, case.question, query=query, exemplars=exemplars, anchored=self.anchored)

    def query_job(self, case, query, canonical):
        from taxlogic.tools.engine import Job

        if case.kind == "numeric":  # all distinct values, to detect ambiguous facts
            return Job(facts=canonical, query=query, mode="all", var=case.answer_var or "Tax")
        return Job(facts=canonical, query=query, mode="prove")

    def fact_sentences(self, case_text: str, facts: str, rules: RuleSet) -> dict[str, str]:
        """Each fact of ``facts`` (fact clauses: a translation with anchors, or facts without: the
        aligner's sentence) -> the sentence of the case that states it
        (:func:`taxlogic.kb.sara.checks.align.supporting_sentences`). For explanations' case facts."""
        from taxlogic.kb.sara.checks.align import supporting_sentences
        from taxlogic.kb.sara.checks.coverage import legal_terms

        return supporting_sentences(case_text, facts, terms=legal_terms(rules))

    def case_words(self, case_text: str, facts: str) -> tuple[dict[str, str], dict[str, str]]:
        """(names, happened) of a case's facts for explanations: each constant in the case's words
        ("alice" -> "Alice", v2's "\"Alice\"" -> "Alice", "alice_and_bob" -> "the marriage of
        Alice and Bob") and each dated event's clause ("bob_dies" -> "Bob died"):
        :mod:`taxlogic.kb.sara.explain.wording`."""
        from taxlogic.kb.sara.explain.wording import case_names, happenings

        return case_names(case_text, facts), happenings(case_text, facts)

    def rule_query(self, case, rules):
        """The query of a standard question form, by rule (:mod:`.questions`); None otherwise."""
        from taxlogic.kb.sara.reading.questions import rule_query

        return rule_query(case, rules)

    def answer_of(self, case, outcome):
        return answer_of(case, outcome)

    def inspect(self, case, query, canonical, outcome, rules):
        from taxlogic.kb.sara.checks import static_issues

        return static_issues(case, query, canonical, rules=rules)

    def counterfactual_issues(self, case, query, canonical, outcome, rules, engine):
        """What the text states that the facts leave out and the answer depends on
        (:mod:`.omissions`): run by the agent after every other check passes, on its engine (the
        query with each candidate fact added, the answer job's limits; each item's candidates
        until one changes the answer, :func:`~taxlogic.kb.sara.checks.omissions.run_candidates`)."""
        from taxlogic.kb.sara.checks.coverage import legal_terms
        from taxlogic.kb.sara.checks.omissions import applies_to, engine_check

        if outcome is None or not outcome.ok or not applies_to(rules):
            return []
        job = self.query_job(case, query, canonical)
        return engine_check(case, query, canonical, rules, outcome, engine, job, terms=legal_terms(rules)).issues


DOMAIN = SaraDomain()
