"""Reading an answer from an engine outcome, shared by every domain (SARA, airline).

- entailment: the claim query is proved -> ``Entailment``; fails -> ``Contradiction``;
- numeric: the answer is the single distinct value of the query's variable, rounded half up to
  whole dollars (:func:`taxlogic.core.round_half_up`); no value, a non-numeric value or several
  distinct values is no answer (with the reason).
"""

from __future__ import annotations

from typing import Any

from taxlogic.core import Answer, round_half_up
from taxlogic.tools.engine import Outcome

__all__ = ["answer_of"]


def answer_of(case: Any, outcome: Outcome) -> Answer:
    """Read the answer to ``case`` (anything with a ``kind``: entailment or numeric) from an engine
    outcome."""
    if case.kind == "entailment":
        if outcome.status == "proved":
            return Answer(value="Entailment")
        if outcome.status == "failed":
            return Answer(value="Contradiction")
        return Answer(reason=outcome.summary())
    if outcome.status == "failed":
        return Answer(reason="the tax query has no solution")
    if outcome.status != "values":
        return Answer(reason=outcome.summary())
    nums = outcome.numbers
    if len(nums) != len(outcome.values):
        return Answer(reason=f"non-numeric tax value(s): {', '.join(outcome.values)}")
    distinct = sorted({round_half_up(n) for n in nums})
    if len(distinct) > 1:
        return Answer(reason=f"several distinct tax values: {', '.join(map(str, distinct[:5]))}")
    return Answer(value=distinct[0])
