"""SARA check: the translator's anchors (``anchor_not_in_text``, ``anchor_missing``).

An anchored translation closes each group of facts with a ``% "quoted words"`` comment citing
the case (:mod:`taxlogic.tools.facts`, module doc). Here:

- ``anchor_not_in_text``: an anchor whose words are not in the case text, after normalising
  case, whitespace and quotes (:func:`taxlogic.kb.sara.align.normalise`); the question does not
  count (it is the claim to decide, never evidence). The message names the closest sentence;
- ``anchor_missing``: when anchors were asked for (the agent's anchored prompts), facts that
  have none.

What an anchor then supports is checked by :mod:`taxlogic.kb.sara.support`.
"""

from __future__ import annotations

import difflib

from taxlogic.core import CaseInput, Issue
from taxlogic.kb.sara.align import align, normalise
from taxlogic.kb.sara.text import sentences


def anchor_issues(case: CaseInput, canonical: str, trusted: str = "", *, required: bool = False) -> list[Issue]:
    """The checks of the module doc on the facts of ``canonical``. The text read is
    ``case.text`` with ``case.background`` (a what-if change and the pattern it changes)."""
    text = " ".join(t for t in (case.background, case.text) if t)
    a = align(text, canonical, trusted)
    issues: list[Issue] = []
    seen: set[tuple[str, ...]] = set()
    for s in a.supports:
        if s.missing and s.anchor not in seen:
            seen.add(s.anchor)
            lines = [x.line for x in a.supports if x.anchor == s.anchor]
            for span in s.missing:
                near = difflib.get_close_matches(normalise(span), [normalise(x) for x in sentences(text)], n=1, cutoff=0)
                hint = f'; the closest sentence is "{_original(text, near[0])}"' if near else ""
                issues.append(Issue(kind="anchor_not_in_text", line=s.line, message=(
                    f'the anchor "{span}" (closing the facts of line{"s" if len(lines) > 1 else ""} '
                    f'{", ".join(map(str, lines[:8]))}) is not in the text: quote the words of the case exactly{hint}')))
    if required:
        bare = [s for s in a.supports if not s.anchor]
        if bare:
            shown = ", ".join(str(s.fact) for s in bare[:4]) + (f" and {len(bare) - 4} more" if len(bare) > 4 else "")
            issues.append(Issue(kind="anchor_missing", line=bare[0].line, message=(
                f"{len(bare)} fact(s) have no anchor ({shown}): close each group of facts with a line "
                '% "the words of the case it comes from"')))
    return issues


def _original(text: str, normalised: str) -> str:
    for s in sentences(text):
        if normalise(s) == normalised:
            return s.strip()
    return normalised
