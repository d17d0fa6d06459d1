"""SARA's checks of a fact set: what the facts themselves show, whatever Prolog answers.

The agent's shared checks (validation, Prolog errors and limits, one value per numeric query:
:mod:`taxlogic.agent.checks`) come first; these follow, in order, through
:meth:`SaraDomain.inspect <taxlogic.kb.sara.SaraDomain.inspect>`:

1. coverage of the text and query (:mod:`taxlogic.kb.sara.coverage`);
2. events against the statutes (:mod:`taxlogic.kb.sara.events`);
3. values against the text (:mod:`taxlogic.kb.sara.grounding`);
4. who did what to whom (:mod:`taxlogic.kb.sara.direction`).

Nothing here knows which case it is looking at beyond its text, question and query; every check
follows from the text, the query and the statutes (the knowledge base, read once per rule set).
Coverage of legal conclusions and the event checks need the statutes (``rules``); without them
only the others run. ``trusted``: Prolog text the checks may rely on but do not check (the facts
a trusted gold rule program derives, and its rules; see :mod:`taxlogic.eval.verifier`): it
counts for coverage and references, its own events are not inspected.
"""

from __future__ import annotations

from taxlogic.core import CaseInput, Issue
from taxlogic.kb.sara.coverage import coverage_issues, legal_terms
from taxlogic.kb.sara.direction import direction_issues
from taxlogic.kb.sara.events import event_issues
from taxlogic.kb.sara.grounding import grounding_issues


def static_issues(case: CaseInput, query: str | None, canonical: str, *, rules=None, trusted: str = "") -> list[Issue]:
    """All the checks of the module doc, in order: what the facts themselves show, whatever Prolog answers."""
    statutes = rules.vocabulary.statute if rules is not None else None
    issues = coverage_issues(case, query, canonical, trusted, statutes=statutes,
                             terms=legal_terms(rules) if rules is not None else None)
    issues += event_issues(canonical, rules=rules, trusted=trusted, text=case.text)
    issues += grounding_issues(case, query, canonical, trusted, statutes=statutes)
    issues += direction_issues(canonical, case.text, trusted)
    return issues

