"""The checks every domain shares, and the issues of one round.

Given the case, the validator's verdict on the facts and the engine's outcome, they return
:class:`~taxlogic.core.Issue` records that the repair step turns into feedback. In order:

1. **validation** (:func:`taxlogic.tools.facts.check_facts`): syntax, predicate vocabulary and
   arity, date and amount formats, each with its line; if anything was rejected, nothing else
   runs (the facts were not run);
2. **Prolog** (:func:`outcome_issues`): exceptions (existence, type, instantiation …), time and
   inference limits;
3. **one value per numeric query** (:func:`outcome_issues`): no value, or several distinct
   values (Jurayj et al. 2025 abstain there);
4. the domain's own checks of the facts (:meth:`taxlogic.kb.domain.Domain.inspect`; SARA:
   :mod:`taxlogic.kb.sara.checks`), passed in as ``static``;
5. when none of these objects, the domain's counterfactual checks, if it has them
   (``counterfactual_issues``; SARA: :mod:`taxlogic.kb.sara.checks.omissions`), called by the inspect
   node (:mod:`taxlogic.agent.inspect`): they need the engine.
"""

from __future__ import annotations

from typing import Iterable, Sequence

from taxlogic.core import CaseInput, Issue
from taxlogic.tools.engine import Outcome


def outcome_issues(case: CaseInput, outcome: Outcome) -> list[Issue]:
    """Checks 2 and 3 of the module doc: what Prolog's outcome says is wrong."""
    if outcome.status == "error":
        hint = {
            "existence": "a predicate the rules need is undefined or misspelled",
            "type": "an argument has the wrong type (dates are strings \"YYYY-MM-DD\", amounts are integers)",
            "instantiation": "an argument that must be known is left unbound",
        }.get(outcome.error_kind or "", "")
        msg = f"Prolog raised an error ({outcome.error_kind}): {outcome.message}" + (f"; {hint}" if hint else "")
        return [Issue(kind="prolog_error", message=msg)]
    if outcome.status == "inference_limit":  # the budget: the same on any machine (taxlogic.tools.limits)
        return [Issue(kind=outcome.status, message=(
            f"the query did not finish within its inference budget ({outcome.message}); facts that make the rules "
            "loop or explode, e.g. an event that is its own purpose, must be fixed"))]
    if outcome.status == "time_limit":  # a safety net (CPU or wall clock): says so, decides nothing of the facts
        return [Issue(kind=outcome.status, message=(
            f"the query was stopped by a safety net ({outcome.message}); no answer can be given from this run"))]
    if case.kind == "numeric":
        if outcome.status == "failed" or (outcome.status == "values" and not outcome.values):
            return [Issue(kind="no_value", message=(
                f"the query {case.query or ''} has no solution: the rules could not compute the tax from these facts "
                "(check income events, agents, dates and the year)"))]
        if outcome.status == "values":
            nums = outcome.numbers
            if len(nums) != len(outcome.values):
                return [Issue(kind="no_value", message=f"the tax query returned non-numbers: {', '.join(outcome.values)}")]
            if len({round(float(n)) for n in nums}) > 1:
                return [Issue(kind="several_values", message=(
                    f"the tax query gives several different amounts ({', '.join(outcome.values[:5])}): "
                    "the facts are ambiguous (e.g. duplicated events or two incomes for the same thing)"))]
    return []


def round_issues(case: CaseInput, validation: Iterable[Issue], outcome: Outcome | None, *,
                 static: Sequence[Issue] = (), lines: Sequence[int] | None = None) -> list[Issue]:
    """All issues for one round. ``validation``: the validator's problems as issues (if any, the
    facts were not run and ``outcome`` is None, and nothing else is checked); otherwise
    :func:`outcome_issues`, then ``static``: the domain's checks of these facts
    (:meth:`~taxlogic.kb.domain.Domain.inspect`). ``lines``: for each canonical fact, its line in
    the translator's text (issues then point there)."""
    issues = list(validation)
    if issues or outcome is None:
        return issues
    found = outcome_issues(case, outcome) + list(static)
    if lines is not None:
        found = [i.model_copy(update={"line": lines[i.line - 1] if i.line and 0 < i.line <= len(lines) else None})
                 for i in found]
    return issues + found
