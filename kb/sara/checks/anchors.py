"""SARA check: the translator's anchors are words of the case (``anchor_not_in_text``).

An anchored translation closes each group of facts with a ``% "quoted words"`` comment citing
the case (:mod:`taxlogic.tools.facts`, module doc). Here:

- ``anchor_not_in_text``: an anchor whose words are not in the case text, after normalising
  case, whitespace and quotes (:func:`taxlogic.kb.sara.checks.align.normalise`); the question does not
  count (it is the claim to decide, never evidence). The message names the closest sentence;
An anchor is evidence, not a constraint (issue 22, :mod:`taxlogic.kb.sara.checks.align`): a fact
without one, or with one that points to another sentence, takes the sentence the aligner finds
for it, without a model round; so a missing anchor is no issue (before issue 22 it was
``anchor_missing``, which cost right answers). The facts are judged against the whole text by
:mod:`taxlogic.kb.sara.checks.support`.
"""

from __future__ import annotations

import difflib

from taxlogic.core import CaseInput, Issue
from taxlogic.kb.sara.checks.align import anchor_sentences, normalise
from taxlogic.kb.sara.reading.text import sentences
from taxlogic.kb.sara.reading.view import FactView


def anchor_issues(case: CaseInput, canonical: str, trusted: str = "") -> list[Issue]:
    """The checks of the module doc on the facts of ``canonical``. The text read is
    ``case.text`` with ``case.background`` (a what-if change and the pattern it changes)."""
    text = " ".join(t for t in (case.background, case.text) if t)
    anchored = [(line, f.anchor) for line, f in FactView.of(canonical, trusted).facts if f.anchor]
    issues: list[Issue] = []
    seen: set[tuple[str, ...]] = set()
    for line, anchor in anchored:
        if anchor in seen:
            continue
        seen.add(anchor)
        _, missing = anchor_sentences(text, anchor, ())  # the spans not in the text (no sentence needed)
        if missing:
            lines = [x for x, other in anchored if other == anchor]
            for span in missing:
                near = difflib.get_close_matches(normalise(span), [normalise(x) for x in sentences(text)], n=1, cutoff=0)
                hint = f'; the closest sentence is "{_original(text, near[0])}"' if near else ""
                issues.append(Issue(kind="anchor_not_in_text", line=line, message=(
                    f'the anchor "{span}" (closing the facts of line{"s" if len(lines) > 1 else ""} '
                    f'{", ".join(map(str, lines[:8]))}) is not in the text: quote the words of the case exactly{hint}')))
    return issues


def _original(text: str, normalised: str) -> str:
    for s in sentences(text):
        if normalise(s) == normalised:
            return s.strip()
    return normalised
