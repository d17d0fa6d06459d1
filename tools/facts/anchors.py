"""Anchors: the ``%`` comments of quoted spans that cite, for a group of facts, the words of
the case they come from (the package's docstring); read here, written by
:func:`~taxlogic.tools.facts.terms.anchor_comment`."""

from __future__ import annotations

import bisect
import re
from dataclasses import replace

from taxlogic.tools.facts.syntax import _Raw
from taxlogic.tools.facts.tokens import _Lines, _Tokenizer

#: Typographic quotes a model may write around an anchor's span.
_CURLY = str.maketrans({"\u201c": '"', "\u201d": '"', "\u201e": '"', "\u00ab": '"', "\u00bb": '"'})
_ANCHOR_HEAD = re.compile(r'\s*(?:anchor\s*:\s*)?"', re.I)


def _anchor_spans(comment: str) -> tuple[str, ...]:
    """The quoted spans of a ``%`` comment that is an anchor (its text, after an optional
    ``anchor:``, starts with a double quote); ``()`` for any other comment. Spans are read as
    Prolog strings (same escapes); empty spans are dropped."""
    comment = comment.translate(_CURLY)
    if not _ANCHOR_HEAD.match(comment):
        return ()
    inner = _Lines(comment)
    spans = tuple(t.value for t in _Tokenizer(comment, inner).run() if t.kind == "str" and str(t.value).strip())
    return spans


def _anchors(comments: list[tuple[int, str]]) -> list[tuple[int, tuple[str, ...]]]:
    """The anchor comments among the line ``comments`` (offset, text after the ``%``): (offset, spans)."""
    return [(pos, spans) for pos, text in comments if (spans := _anchor_spans(text))]


def _anchored(raws: list[_Raw], anchors: list[tuple[int, tuple[str, ...]]]) -> list[_Raw]:
    """Each clause with the anchor that closes its group: the first anchor comment after it."""
    if not anchors:
        return raws
    at = [pos for pos, _ in anchors]
    out = []
    for raw in raws:
        k = bisect.bisect_left(at, raw.end)
        out.append(replace(raw, anchor=anchors[k][1]) if k < len(anchors) else raw)
    return out
