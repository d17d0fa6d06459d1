"""In-context exemplars (text -> gold facts) retrieved by similarity, never related to an
evaluated item.

Similarity is the cosine of bag-of-words vectors (lower-cased word counts) between case texts;
ties break by case id. The pool is SARA's train split unless a caller gives one (the paper
protocol's held-out cases, :mod:`taxlogic.eval.harness.protocol`).

**No leak.** A case is *related* to an evaluated item, and never an exemplar, when it is the
item's source (a SARA⁺ item is made from one SARA case: :attr:`~taxlogic.kb.sara.data.cases.Case.source_id`)
or when its text is the item's text or the item's source's text (SARA's pos/neg siblings share
one text, some across train and test). :func:`related_ids` computes that set over *all* evaluated
items at once, so no item of a run sees a case related to any other item either.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from typing import Any, Iterable, Sequence

from taxlogic.kb.sara.data.cases import Case, load_cases, source_of
from taxlogic.prompts import Exemplar, exemplars_block

_WORD = re.compile(r"[a-z]+")


class ExemplarError(ValueError):
    """Too few cases unrelated to the evaluated items are left to give k exemplars."""


def _vector(text: str) -> Counter:
    return Counter(_WORD.findall(text.lower()))


def _cosine(a: Counter, b: Counter) -> float:
    dot = sum(v * b.get(k, 0) for k, v in a.items())
    na, nb = math.sqrt(sum(v * v for v in a.values())), math.sqrt(sum(v * v for v in b.values()))
    return dot / (na * nb) if na and nb else 0.0


def related_ids(items: Iterable[Any], cases: Sequence[Case] | None = None) -> set[str]:
    """Ids of the SARA ``cases`` (default: all of SARA) related to any of ``items`` (module
    doc): each item's id and source id, and every case whose text equals an item's text or its
    source case's text."""
    cases = list(cases) if cases is not None else load_cases(split="all")
    by_id = {c.id: c for c in cases}
    ids: set[str] = set()
    texts: set[str] = set()
    for item in items:
        src = source_of(item)
        ids |= {str(item.id), src}
        texts.add(item.text)
        if src in by_id:
            texts.add(by_id[src].text)
    return ids | {c.id for c in cases if c.text in texts}


def select_exemplars(text: str, kind: str, k: int, exclude: Iterable[str] = (), pool: list[Case] | None = None) -> list[Exemplar]:
    """The ``k`` cases of ``pool`` (default: SARA train) of the same ``kind`` most similar to
    ``text``, best first, none in ``exclude`` (case ids). Ties break by case id."""
    if k <= 0:
        return []
    excluded = set(exclude)
    pool = [c for c in (pool if pool is not None else load_cases(split="train")) if c.kind == kind and c.id not in excluded]
    q = _vector(text)
    ranked = sorted(pool, key=lambda c: (-_cosine(q, _vector(c.text)), c.id))
    return [Exemplar(c.text, c.question, c.gold_facts) for c in ranked[:k]]


def exemplar_block(text: str, kind: str, k: int, exclude: Iterable[str] = (), pool: list[Case] | None = None,
                   *, domain: Any = None) -> str:
    """Rendered exemplar block for the translation prompt (``""`` when k = 0). ``domain``: the
    knowledge-base plug-in whose translation format the exemplars follow; a domain with
    ``exemplar_facts(case_text, program)`` (SARA with anchored translation: the gold facts with
    their ``% "sentence"`` anchors) writes each exemplar's facts itself."""
    chosen = select_exemplars(text, kind, k, exclude, pool)
    write = getattr(domain, "exemplar_facts", None)
    if write is None:
        return exemplars_block(chosen)
    return exemplars_block([Exemplar(e.case_text, e.question, write(e.case_text, e.facts)) for e in chosen],
                           strip_directives=False)


class ExemplarSource:
    """Exemplars for every item of one evaluation: ``k`` per item from ``pool`` (default SARA
    train), none related to any of ``items`` (:func:`related_ids`).

    Raises :class:`ExemplarError` when a task of ``items`` has fewer than ``k`` unrelated cases
    left (e.g. ``--split all``, which evaluates every SARA case): never silently fewer."""

    def __init__(self, items: Sequence[Any], k: int, pool: list[Case] | None = None, *, hint: str = "",
                 cases: Sequence[Case] | None = None, leave_one_out: bool = False):
        self.k = k
        self.pool = pool if pool is not None else load_cases(split="train")
        self.leave_one_out = leave_one_out
        # leave-one-out (the Jurayj protocol): per item, every pool case but those with its text
        # (:meth:`block`); else none related to any evaluated item (cases: the items' release)
        self.excluded = set() if leave_one_out else related_ids(items, cases)
        if k <= 0:
            return
        if leave_one_out:
            for item in items:
                left = sum(c.kind == item.kind and c.text != item.text and c.id != item.id for c in self.pool)
                if left < k:
                    raise ExemplarError(f"--exemplars {k}: only {left} {item.kind} case(s) of the pool have another "
                                        f"text than {item.id}")
            return
        for kind in sorted({i.kind for i in items}):
            left = sum(c.kind == kind and c.id not in self.excluded for c in self.pool)
            if left < k:
                raise ExemplarError(
                    f"--exemplars {k}: only {left} {kind} case(s) of the exemplar pool are unrelated to the "
                    f"evaluated items (an item's own case, its source or a case with the same text is never an "
                    f"exemplar){hint}")

    def block(self, text: str, kind: str, domain: Any = None) -> str:
        """The rendered block of the ``k`` unrelated exemplars most similar to ``text``, in
        ``domain``'s translation format (:func:`exemplar_block`); leave-one-out: never a case
        whose text is ``text`` (the item itself, or a case sharing its text)."""
        excluded = self.excluded
        if self.leave_one_out:
            excluded = {c.id for c in self.pool if c.text == text}
        return exemplar_block(text, kind, self.k, excluded, self.pool, domain=domain)
