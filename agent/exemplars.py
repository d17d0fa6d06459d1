"""In-context exemplars (text -> gold facts) retrieved from the train split by similarity.

Similarity is the cosine of bag-of-words vectors (lower-cased word counts) between case texts.
The evaluated cases are never exemplars: callers pass them in ``exclude`` (the case itself at
least), so no eval case can leak its own gold facts into a prompt.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from typing import Iterable

from taxlogic.kb.cases import Case, load_cases
from taxlogic.prompts import Exemplar, exemplars_block

_WORD = re.compile(r"[a-z]+")


def _vector(text: str) -> Counter:
    return Counter(_WORD.findall(text.lower()))


def _cosine(a: Counter, b: Counter) -> float:
    dot = sum(v * b.get(k, 0) for k, v in a.items())
    na, nb = math.sqrt(sum(v * v for v in a.values())), math.sqrt(sum(v * v for v in b.values()))
    return dot / (na * nb) if na and nb else 0.0


def select_exemplars(text: str, kind: str, k: int, exclude: Iterable[str] = (), pool: list[Case] | None = None) -> list[Exemplar]:
    """The ``k`` train cases of the same ``kind`` most similar to ``text``, best first, none in
    ``exclude`` (case ids). Ties break by case id. ``pool`` defaults to the SARA train split."""
    if k <= 0:
        return []
    excluded = set(exclude)
    pool = [c for c in (pool if pool is not None else load_cases(split="train")) if c.kind == kind and c.id not in excluded]
    q = _vector(text)
    ranked = sorted(pool, key=lambda c: (-_cosine(q, _vector(c.text)), c.id))
    return [Exemplar(c.text, c.question, c.gold_facts) for c in ranked[:k]]


def exemplar_block(text: str, kind: str, k: int, exclude: Iterable[str] = (), *, anchored: bool = False) -> str:
    """Rendered exemplar block for the translation prompt (``""`` when k = 0). ``anchored``: the
    exemplars' gold facts written as anchored translations (:func:`taxlogic.kb.sara.align.anchor_facts`),
    the format the anchored prompts ask for."""
    chosen = select_exemplars(text, kind, k, exclude)
    if anchored:
        from taxlogic.kb.sara.align import anchor_facts

        chosen = [Exemplar(e.case_text, e.question, anchor_facts(e.case_text, _facts_only(e.facts))) for e in chosen]
        return exemplars_block(chosen, strip_directives=False)
    return exemplars_block(chosen)


def _facts_only(program: str) -> str:
    from taxlogic.tools.facts import split_clauses

    return "".join(c.text + "\n" for c in split_clauses(program) if c.kind == "fact")
