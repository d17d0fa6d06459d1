"""The statutes domain's checks of a model-written program, each a class of mistakes.

They read what the sandboxed worker read (:attr:`taxlogic.tools.engine.Outcome.program`, from
``tools/sandbox.pl``), never the raw text, and return :class:`~taxlogic.core.Issue` records that
quote the clause and its line:

- :mod:`.loading`: what the worker refused or could not read (syntax errors, a clause for a
  built-in, a module-qualified head) and directives it did not run;
- :mod:`.undefined`: the query is decided by the rules, never by a predicate nothing defines
  (a closed-world "no" from a missing or misspelt predicate is an issue naming it);
- :mod:`.leaks`: a program never states its own answer (a fact of the question's conclusion, a
  directive that prints or asserts it: issue 15's conclusion leaks, for programs);
- :mod:`.tracing`: every constant a clause uses (a court, an amount, a time limit, a section)
  is found in the words of the statute paragraph it cites, or of the statutes, question and case
  text when it cites none, and every cited paragraph exists.
"""

from __future__ import annotations

from taxlogic.kb.statutes.checks.leaks import leak_issues
from taxlogic.kb.statutes.checks.loading import loading_issues
from taxlogic.kb.statutes.checks.tracing import tracing_issues
from taxlogic.kb.statutes.checks.undefined import undefined_issues

__all__ = ["program_issues", "loading_issues", "undefined_issues", "leak_issues", "tracing_issues"]


def program_issues(spec, case, outcome) -> list:
    """Every check of the module doc on a sandboxed ``outcome`` of ``case`` (a
    :class:`~taxlogic.core.CaseInput` with ``statutes``), for the domain ``spec``
    (:class:`taxlogic.kb.statutes.domain.StatutesDomain`); a list of Issues, empty when the
    program passes."""
    program = outcome.program or {}
    return (loading_issues(outcome) + undefined_issues(spec, program) + leak_issues(spec, program)
            + tracing_issues(spec, case, program))
