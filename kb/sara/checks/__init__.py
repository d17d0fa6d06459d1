"""SARA's checks of a fact set: what the facts themselves show, whatever Prolog answers.

The agent's shared checks (validation, Prolog errors and limits, one value per numeric query:
:mod:`taxlogic.agent.checks`) come first; these follow, in order, through
:meth:`SaraDomain.inspect <taxlogic.kb.sara.SaraDomain.inspect>`:

1. no conclusions as facts: a statute fact the text does not state (:mod:`taxlogic.kb.sara.checks.premises`);
2. the translator's anchors are the words of the text (:mod:`taxlogic.kb.sara.checks.anchors`; a
   missing anchor is no issue: the aligner places the fact);
3. coverage of the text and query (:mod:`taxlogic.kb.sara.checks.coverage`: every constant of the query
   is one of the facts, in the query's spelling), and every string of the facts that the rules
   compare with in another spelling (:func:`taxlogic.kb.meet.rule_spelling_issues`; issue 50);
4. events against the statutes (:mod:`taxlogic.kb.sara.checks.events`);
5. values against the text (:mod:`taxlogic.kb.sara.checks.grounding`), and every argument of every fact
   accounted for by the text (:mod:`taxlogic.kb.sara.checks.provenance`: a person the text never names,
   a date no sentence gives or derives …; one issue per fact the value checks left unflagged);
6. every fact against the sentences the aligner finds for it in the whole text, its anchor being
   evidence, not a constraint (:mod:`taxlogic.kb.sara.checks.support`, :mod:`taxlogic.kb.sara.checks.align`:
   an anchor pointing elsewhere is re-anchored, a whole-text anchor covers nothing);
7. who did what to whom, in the whole text and in each event's sentence (:mod:`taxlogic.kb.sara.checks.direction`).

Last, when nothing here and nothing of the shared checks objects, the omission check
(:mod:`taxlogic.kb.sara.checks.omissions`, :meth:`SaraDomain.counterfactual_issues
<taxlogic.kb.sara.SaraDomain.counterfactual_issues>`): what the text states that the facts leave
out, decided by runs of the query with candidate facts (it needs the engine, so it is not a
static check).

Nothing here knows which case it is looking at beyond its text, question and query; every check
follows from the text, the query and the statutes (the knowledge base, read once per rule set).
Coverage of legal conclusions and the event checks need the statutes (``rules``); without them
only the others run. ``trusted``: Prolog text the checks may rely on but do not check (the facts
a trusted gold rule program derives, and its rules; see :mod:`taxlogic.eval.faults.verifier`): it
counts for coverage and references, its own events are not inspected.
"""

from __future__ import annotations

from taxlogic.core import CaseInput, Issue, is_what_if
from taxlogic.kb.meet import rule_spelling_issues
from taxlogic.kb.sara.checks.align import align
from taxlogic.kb.sara.checks.anchors import anchor_issues
from taxlogic.kb.sara.checks.coverage import coverage_issues, legal_terms
from taxlogic.kb.sara.checks.direction import direction_issues, sentence_direction_issues
from taxlogic.kb.sara.checks.events import event_issues
from taxlogic.kb.sara.checks.grounding import grounding_issues
from taxlogic.kb.sara.checks.premises import premise_issues
from taxlogic.kb.sara.checks.provenance import provenance_issues
from taxlogic.kb.sara.checks.support import support_issues


def static_issues(case: CaseInput, query: str | None, canonical: str, *, rules=None, trusted: str = "") -> list[Issue]:
    """All the checks of the module doc, in order: what the facts themselves show, whatever Prolog
    answers. Anchored or not, the same facts raise the same issues, but an anchor that is not in
    the text (check 2)."""
    statutes = rules.vocabulary.statute if rules is not None else None
    terms = legal_terms(rules) if rules is not None else None
    issues = premise_issues(case, canonical, statutes=statutes, terms=terms, trusted=trusted) if rules is not None else []
    issues += anchor_issues(case, canonical, trusted)
    issues += coverage_issues(case, query, canonical, trusted, statutes=statutes, terms=terms)
    issues += rule_spelling_issues(canonical, rules) if rules is not None else []
    issues += event_issues(canonical, rules=rules, trusted=trusted, text=case.text)
    values = grounding_issues(case, query, canonical, trusted, statutes=statutes)
    issues += values
    flagged = {i.line for i in values}
    issues += [i for i in provenance_issues(case, query, canonical, trusted, rules) if i.line not in flagged]
    issues += support_issues(case, canonical, trusted, terms=terms)
    issues += _roles(case, canonical, trusted, terms)
    return issues


def _roles(case: CaseInput, canonical: str, trusted: str, terms) -> list[Issue]:
    """Check 7: roles against the whole text, then against each event's own sentence (one issue
    per line)."""
    issues = direction_issues(canonical, case.text, trusted)
    if is_what_if(case.text):
        return issues
    flagged = {i.line for i in issues}
    alignment = align(case.text, canonical, trusted, terms=terms, anchors=False)  # anchors: evidence only
    return issues + [i for i in sentence_direction_issues(canonical, alignment, trusted) if i.line not in flagged]
