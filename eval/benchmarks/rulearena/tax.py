"""RuleArena tax on the Form 1040 knowledge base (``kb/form1040``): the ``gold`` method (the
problem's ``TaxPayer`` record written as facts, one per given form line, run through the KB),
the ``agent`` method (the LangGraph loop with the form1040 domain plug-in: the LLM reads the
filled forms and writes the facts), RuleArena's ``direct`` query, and the rule sets they run
under. The domain's entry in the registry is :data:`METHODS` + :func:`tax_rule_sets`.

Scoring of a computed answer (:func:`tax_correct`): RuleArena's own tolerance for tax answers,
``numpy.isclose(prediction, answer)`` (derived README), the same check its ``auto_test.py``
applies to a model's stated amount. Problems whose RuleArena label departs from the forms' text
are listed with the reason by the plug-in (:func:`taxlogic.kb.form1040.data.errata.erratum_of`,
``kb/form1040/data/errata.json``; re-exported here as :func:`erratum_of`); their records
say so (``details["erratum"]``) and they still count as RuleArena scores them.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from taxlogic.eval.benchmarks.rulearena.agent import agent_contexts
from taxlogic.eval.benchmarks.rulearena.data import RuleArenaItem, isclose
from taxlogic.eval.benchmarks.rulearena.direct import direct_method
from taxlogic.eval.methods.registry import Method, MethodOptions, record_base
from taxlogic.eval.scoring.records import CaseRecord
from taxlogic.eval.scoring.transcript import transcript_of
from taxlogic.kb.form1040.data.errata import erratum_of

if TYPE_CHECKING:
    from taxlogic.eval.benchmarks import Dataset
    from taxlogic.kb.rules import RuleSet

__all__ = ["METHODS", "TAX_QUESTION", "erratum_of", "tax_agent_method", "tax_correct", "tax_gold_method",
           "tax_rule_sets", "tax_value"]

#: The question the tax agent answers for every problem.
TAX_QUESTION = ("What is the amount on Form 1040 line 37 (total tax minus total payments): positive if tax is "
                "owed, negative if tax was overpaid?")


def tax_rule_sets() -> dict[str, "RuleSet"]:
    """The rule sets of the tax benchmark: ``{"r": form1040}``."""
    from taxlogic.kb.form1040 import form1040_rules

    return {"r": form1040_rules()}


def tax_value(outcome) -> Fraction | None:
    """The one amount an engine outcome gives for ``amount_owed(X)`` (exact), or None."""
    nums = outcome.numbers
    if outcome.status != "values" or not nums or len({Fraction(n) for n in nums}) != 1:
        return None
    return Fraction(nums[0])


def tax_correct(prediction: float | None, answer: float) -> bool:
    """RuleArena's tolerance: ``numpy.isclose(prediction, answer)``."""
    return prediction is not None and isclose(float(prediction), float(answer))


def _explanation(opts: MethodOptions, item: RuleArenaItem, facts: str) -> dict[str, Any] | None:
    """With ``eval run --explain``: the return line by line (:mod:`taxlogic.kb.form1040.explain`)
    as the record stores it; None otherwise or when the lines cannot be read."""
    if not opts.explain:
        return None
    from taxlogic.kb.form1040.explain import explain_return
    from taxlogic.kb.form1040.reading import problem_forms

    try:
        return explain_return(opts.engines(item.rules), facts, problem_forms(item.user_prompt) if item.user_prompt else None,
                              item.id).record_view()
    except ValueError:
        return None


def _prediction(value: Fraction | None) -> float | None:
    return None if value is None else float(value)


def tax_gold_method(ds: "Dataset", opts: MethodOptions) -> Method:
    """The problem's ``TaxPayer`` record as facts (:func:`taxlogic.kb.form1040.taxpayer_to_facts`)
    run through the KB; the prediction is Form 1040 line 37 (float of the exact amount), the
    exact amount is kept in ``details["exact"]``."""
    from taxlogic.kb.form1040 import AMOUNT_QUERY, taxpayer_to_facts
    from taxlogic.tools.engine import Job

    def run(item: RuleArenaItem) -> CaseRecord:
        details: dict[str, Any] = {"level": item.level}
        if item.taxpayer is None:
            return CaseRecord(**record_base(item, ds, "gold"), invalid=True, reason="the problem has no TaxPayer record",
                              details=details)
        facts = taxpayer_to_facts(item.taxpayer)
        outcome = opts.engines(item.rules).run(Job(facts=facts, query=AMOUNT_QUERY, mode="all", var="X"))
        value = tax_value(outcome)
        if value is not None:
            details["exact"] = str(value)
        if erratum_of(item.id):
            details["erratum"] = erratum_of(item.id)
        explanation = _explanation(opts, item, facts) if value is not None else None
        return CaseRecord(**record_base(item, ds, "gold"), prediction=_prediction(value), invalid=value is None,
                          reason=None if value is not None else outcome.summary(), seconds=outcome.seconds,
                          details=details, explanation=explanation)
    return run


def tax_agent_method(ds: "Dataset", opts: MethodOptions) -> Method:
    """The LangGraph loop of SARA with the form1040 domain plug-in: the LLM reads the filled
    forms (the problem's text without RuleArena's closing instructions) and writes the facts; the
    inspector checks every given line is stated once on its form and line with its amount, no
    line to compute is asserted, and the filing status, ages and dependents match the text."""
    from taxlogic.agent.solve import solve
    from taxlogic.agent.state import CaseInput
    from taxlogic.kb.form1040 import AMOUNT_QUERY
    from taxlogic.kb.form1040.reading import problem_forms

    contexts = agent_contexts(ds, opts, "form1040")

    def run(item: RuleArenaItem) -> CaseRecord:
        ctx = contexts(item.rules)
        inp = CaseInput(case_id=item.id, text=problem_forms(item.user_prompt), question=TAX_QUESTION, kind="numeric",
                        query=AMOUNT_QUERY, answer_var="X")
        result = solve(inp, ctx, samples=opts.samples)
        pred = None if result.abstained or result.answer is None else float(Fraction(str(result.answer)))
        details: dict[str, Any] = {"level": item.level}
        if erratum_of(item.id):
            details["erratum"] = erratum_of(item.id)
        explanation = _explanation(opts, item, result.facts) if pred is not None else None
        return CaseRecord(**record_base(item, ds, "agent", ctx.model.model_name), prediction=pred,
                          abstained=result.abstained, reason=result.reason, rounds=len(result.rounds),
                          input_tokens=result.input_tokens, output_tokens=result.output_tokens, seconds=result.seconds,
                          errors=[i.render() for r in result.rounds for i in r.issues][-20:], facts=result.facts,
                          details=details, transcript=transcript_of(result), explanation=explanation)
    return run


#: The tax benchmark's methods by ``--method`` name.
METHODS = {"direct": direct_method, "gold": tax_gold_method, "agent": tax_agent_method}
