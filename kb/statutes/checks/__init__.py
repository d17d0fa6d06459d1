"""The statutes domain's checks of a model-written program, each a class of mistakes.

They read what the sandboxed worker read (:attr:`taxlogic.tools.engine.Outcome.program`, from
``tools/sandbox.pl``), never the raw text, and return :class:`~taxlogic.core.Issue` records that
quote the clause and its line:

- :func:`answer_issues`: the query gives exactly one of the domain's answers;
- :mod:`.loading`: what the worker refused or could not read (syntax errors, a clause for a
  built-in, a head or goal naming a module outside the program) and directives it did not run;
- :mod:`.undefined`: the query is decided by the rules, never by a predicate nothing defines
  (a closed-world "no" from a missing or misspelt predicate is an issue naming it);
- :mod:`.leaks`: a program never states its own answer (a fact of the question's conclusion, a
  directive that prints or asserts it: issue 15's conclusion leaks, for programs);
- :mod:`.tracing`: every constant a clause uses (a court, an amount, a time limit, a section)
  is found in the words of the statute paragraph it cites, or of the statutes, question and case
  text when it cites none, and every cited paragraph exists;
- :mod:`.coverage`: a program that cites paragraphs accounts for every one (encoded, or noted
  ``% [n] does not apply: ...``);
- :mod:`.variables`: a rule reads its variables (a condition left out leaves a variable in the
  head that the body never reads, a value computed and never used, or a goal that shares no
  variable with the rest of the rule);
- :mod:`.edits`: a program edited for a what-if (``taxlogic chat``) keeps every rule of the
  program it edits (the statutes do not change); the domain applies it when it judges an edit
  (:meth:`taxlogic.kb.statutes.domain.StatutesDomain.editing`).
"""

from __future__ import annotations

from taxlogic.kb.statutes.checks.coverage import coverage_issues
from taxlogic.kb.statutes.checks.leaks import leak_issues
from taxlogic.kb.statutes.checks.loading import loading_issues
from taxlogic.kb.statutes.checks.tracing import tracing_issues
from taxlogic.kb.statutes.checks.undefined import undefined_issues
from taxlogic.kb.statutes.checks.variables import variable_issues

__all__ = ["program_issues", "answer_issues", "coverage_issues", "loading_issues", "undefined_issues", "leak_issues",
           "tracing_issues", "variable_issues"]


def program_issues(spec, case, outcome) -> list:
    """Every check of the module doc on a sandboxed ``outcome`` of ``case`` (a
    :class:`~taxlogic.core.CaseInput` with ``statutes``), for the domain ``spec``
    (:class:`taxlogic.kb.statutes.domain.StatutesDomain`); a list of Issues, empty when the
    program passes."""
    program = outcome.program or {}
    return (loading_issues(outcome) + answer_issues(spec, outcome) + undefined_issues(spec, program)
            + leak_issues(spec, program) + tracing_issues(spec, case, program)
            + coverage_issues(spec, case, program) + variable_issues(spec, program))


def answer_issues(spec, outcome) -> list:
    """The query must give exactly one of the domain's answers: ``no_value`` when it fails (no
    rule concludes either way), ``several_values`` or ``bad_value`` otherwise. (Prolog errors
    and limits are the agent's shared checks.)"""
    from taxlogic.core import Issue

    if outcome.status == "failed" or (outcome.status == "values" and not outcome.values):
        return [Issue(kind="no_value", message=(
            f"the query {spec.query} has no solution: the rules must conclude {' or '.join(spec.answers)} "
            "(a default answer needs its own rule)"))]
    if outcome.status != "values":
        return []
    values = [v.strip("'") for v in outcome.values]
    bad = [v for v in values if v not in spec.answers]
    if bad:
        return [Issue(kind="bad_value", message=(
            f"the query {spec.query} gives {', '.join(bad)}, not one of {', '.join(spec.answers)}"))]
    if len(set(values)) > 1:
        return [Issue(kind="several_values", message=(
            f"the query {spec.query} gives several answers ({', '.join(values)}): the rules must decide one"))]
    return []
