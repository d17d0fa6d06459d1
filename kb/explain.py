"""Explanations tied to a domain: its law (:class:`taxlogic.tools.explain.Law`: citations and
quotes of its predicates, the amounts they compute), found by domain name in
``kb/<domain>/explain`` (``law(rules)``), and the explain job of a case with its facts.

:func:`explain_case` runs one case's query as an ``explain`` job in an engine and returns the
query's outcome with the annotated explanation; :func:`case_explain_job` and
:func:`explanation_for` are its two halves, for callers that run many jobs at once
(``engine.run_many``). :func:`check` tells whether an explanation is sound for an answer.
"""

from __future__ import annotations

import importlib
from typing import Any

from taxlogic.core import round_half_up
from taxlogic.kb.domain import get_domain
from taxlogic.kb.rules import RuleSet
from taxlogic.tools.engine import Engine, Job, Outcome, parse_number
from taxlogic.tools.facts import facts_only
from taxlogic.tools.trust import TrustedProgram
from taxlogic.tools.explain import ExplainOptions, Explanation, Law, annotate, explain_job, explanation_of


def law_for(domain: str, rules: RuleSet) -> Law:
    """The law of ``domain`` ("sara", "airline") over ``rules``, from the plug-in's explanation room
    (``taxlogic.kb.<domain>.explain``, a module or package defining ``law(rules)``). Raises KeyError
    if the domain has none."""
    try:
        module = importlib.import_module(f"taxlogic.kb.{domain}.explain")
    except ModuleNotFoundError:
        module = None
    if module is None or not hasattr(module, "law"):
        raise KeyError(f"the {domain!r} domain has no law for explanations (expected law(rules) in taxlogic.kb.{domain}.explain)")
    return module.law(rules)


def case_explain_job(case: Any, facts: "str | TrustedProgram", rules: RuleSet, *, domain: str = "sara",
                     query: str | None = None, options: ExplainOptions | None = None, mode: str | None = None) -> Job:
    """The explain job of ``case`` (a :class:`~taxlogic.core.CaseInput`: kind, query, answer
    variable) over ``facts``: the domain's query job (``query`` or the case's); a
    :class:`~taxlogic.tools.trust.TrustedProgram` (a gold program) may hold rules, a ``str`` must
    be validated facts. ``mode``: the query's
    mode instead of the domain's (``first`` for gold programs: FIELD-NOTES, one distinct tax
    value per case; the domain asks ``all`` values to detect ambiguous facts)."""
    job = get_domain(domain).query_job(case, query or case.query, facts)
    update: dict[str, Any] = {}
    if mode and job.mode != "prove":
        update["mode"] = mode
    return explain_job(job.model_copy(update=update), options, law_for(domain, rules))


def explanation_for(case: Any, job: Job, outcome: Outcome, rules: RuleSet, *, domain: str = "sara",
                    anchors: dict[str, str] | None = None) -> Explanation | None:
    """The annotated explanation in the outcome of ``job`` (None when the query gave no answer),
    with the case id and the domain's answer from the outcome. ``anchors``: fact text -> the
    sentence of the case stating it."""
    expl = explanation_of(job.query, outcome)
    if expl is None:
        return None
    dom = get_domain(domain)
    expl.case_id, expl.answer = case.case_id, dom.answer_of(case, outcome).value
    return annotate(expl, law_for(domain, rules), anchors)


def explain_case(engine: Engine, case: Any, facts: "str | TrustedProgram", *, domain: str = "sara",
                 query: str | None = None, anchors: dict[str, str] | None = None,
                 options: ExplainOptions | None = None, mode: str | None = None) -> tuple[Outcome, Explanation | None]:
    """Answer ``case`` from ``facts`` on ``engine`` and explain the answer: (outcome, explanation).
    The outcome is the plain query's (status, values, cost; ``mode`` as in :func:`case_explain_job`);
    the recording runs in the worker under the same limits. Raises
    :class:`~taxlogic.tools.engine.EngineError` if no worker runs."""
    job = case_explain_job(case, facts, engine.rules, domain=domain, query=query, options=options, mode=mode)
    outcome = engine.run(job)
    if anchors is None:  # a trusted gold program may hold rules and directives: its facts only
        text = facts_only(facts.text) if isinstance(facts, TrustedProgram) else facts
        anchors = fact_sentences(domain, case, text, engine.rules)
    return outcome, explanation_for(case, job, outcome, engine.rules, domain=domain, anchors=anchors)


def fact_sentences(domain: str, case: Any, facts: str, rules: RuleSet) -> dict[str, str] | None:
    """Fact text -> the sentence of the case stating it, from the domain's ``fact_sentences``
    (SARA: anchors or the aligner); None for a domain without one or a case without text."""
    find = getattr(get_domain(domain), "fact_sentences", None)
    text = getattr(case, "text", None)
    if find is None or not text:
        return None
    return find(text, facts, rules)


def check(expl: Explanation, answer: str | int | None) -> list[str]:
    """Problems of an explanation against the engine's answer (empty when it is sound): it was
    recorded within the limits; a numeric answer (whole dollars) equals the recorded value
    rounded half up; an entailment label matches whether the claim holds; every citation is in
    the statute text."""
    if expl.status != "explained" or expl.root is None:
        return [f"not explained: {expl.status}" + (f" ({expl.message})" if expl.message else "")]
    problems = []
    if isinstance(answer, int):
        v = expl.value
        n = v if isinstance(v, (int, float)) else parse_number(v) if v is not None else None
        if n is None or round_half_up(n) != answer:
            problems.append(f"the tree's value {expl.value} is not the answer {answer}")
    elif answer in ("Entailment", "Contradiction") and expl.holds != (answer == "Entailment"):
        problems.append(f"the tree {'proves' if expl.holds else 'refutes'} the claim, the answer is {answer}")
    missing = sorted({c.section for c in expl.sections() if not c.exists})
    if missing:
        problems.append("cited sections not in the statute text: " + ", ".join(missing))
    return problems
