"""The NBA domain's grounding checks: does a fact program say what the problem's text says?

Run on a translation's canonical facts (:attr:`taxlogic.tools.facts.FactCheck.canonical`, whose
anchor comments are kept) against the problem text (:func:`taxlogic.kb.nba.data.problems.problem_text`
layout). Each check targets a class of translation mistakes, never a problem; every gold program
passes all of them (tests/test_nba_facts.py). The checks, by module (each module's doc lists its
issue kinds):

- :mod:`taxlogic.kb.nba.checks.grounding`: anchors, names and values of single facts (``anchor_missing``,
  ``anchor_not_in_text``, ``ungrounded_*``, ``unknown_name``, ``name_not_in_anchor``,
  ``sentence_not_encoded``), with :mod:`taxlogic.kb.nba.reading.stated` (what a span states) and
  :mod:`taxlogic.kb.nba.reading.roles` (each predicate's argument roles);
- :mod:`taxlogic.kb.nba.checks.operations`: the operations' numbering, order, steps and anchors
  (``operation_*``);
- :mod:`taxlogic.kb.nba.checks.trades`: who sends and receives each traded asset
  (``trade_against_wording``, ``player_not_on_team``, ``trade_parties``).
"""

from __future__ import annotations

from typing import Iterable

from taxlogic.core import Issue
from taxlogic.kb.nba.checks.grounding import grounding_issues, unencoded_issues
from taxlogic.kb.nba.checks.operations import operation_issues
from taxlogic.kb.nba.data.problems import SECTIONS, text_sentences
from taxlogic.kb.nba.checks.trades import trade_issues
from taxlogic.tools.facts import parse_facts


def nba_issues(text: str, canonical: str) -> list[Issue]:
    """The checks of the module doc on ``canonical`` (fact text with anchor comments) against the
    problem ``text``; a list of :class:`~taxlogic.core.Issue` (empty: nothing found), in the order
    grounding, operations, sentences not encoded, trades."""
    facts, _ = parse_facts(canonical)
    sections = text_sentences(text)
    sentences = [s for sec in SECTIONS for s in sections[sec]]
    issues, covered = grounding_issues(facts, text, sentences)
    issues += operation_issues(facts, sections["operations"])
    issues += unencoded_issues(sentences, covered)
    issues += trade_issues(facts)
    return issues


def gold_issues(problem_ids: Iterable[str] | None = None) -> dict[str, list[Issue]]:
    """The checks on committed gold programs (all by default): id -> issues (only ids with some)."""
    from taxlogic.kb.nba.data.gold import gold_program, manifest
    from taxlogic.kb.nba.data.problems import problem_texts

    texts = {p.id: p.text for p in problem_texts()}
    ids = list(problem_ids) if problem_ids is not None else list(manifest()["programs"])
    out = {}
    for pid in ids:
        found = nba_issues(texts[pid], gold_program(pid))
        if found:
            out[pid] = found
    return out
