"""Types shared by every layer (tools, kb, agent, eval, CLI): question kinds, inspector issues,
the case a solver is given and the answer it gives; and how a question is worded (its kind, a
what-if change).

This module imports nothing from taxlogic's subpackages, so any layer may import it (the
import-linter contracts in ``pyproject.toml`` keep it so).
"""

from __future__ import annotations

import re
import math
from decimal import Decimal
from fractions import Fraction
from typing import Literal, Union

from pydantic import BaseModel

Kind = Literal["entailment", "numeric"]
"""A SARA question's kind: an entailment claim (SARA_E: Entailment/Contradiction) or the tax owed
(SARA_N: whole dollars)."""

Label = Literal["Entailment", "Contradiction"]
"""The answer to an entailment question (SARA_E)."""

_WHAT_IF = re.compile(
    r"^\s*(?:(?:and|but|ok|okay|now|so|then)[\s,]+)?"
    r"(?:what\s+if|what\s+would\s+happen\s+if|suppose|supposing|assume|assuming|imagine|let'?s\s+say)\b",
    re.I,
)


def question_kind(question: str) -> Kind:
    """numeric for "How much tax …" questions, else entailment (a claim to prove or refute)."""
    return "numeric" if "how much tax" in question.lower() else "entailment"


_NAME = r"([A-Z][A-Za-z]*(?:\s+[A-Z][A-Za-z]*)*?)"
_TAX_QUESTION = re.compile(r"^\s*how\s+much\s+tax\s+(?:does|do|will|would|should)\s+" + _NAME
                           + r"\s+(?:have\s+to\s+|need\s+to\s+)?(?:pay|owe)\s+(?:for\s+|in\s+)?(?:the\s+year\s+)?(\d{4})\s*\??\s*$", re.I)
_SECTION_QUESTION = re.compile(r"^\s*(?:does\s+)?section\s+(\d+(?:\([A-Za-z0-9]+\))*)\s+appl(?:y|ies)\s+to\s+" + _NAME
                               + r"\s+(?:in|for)\s+(?:the\s+year\s+)?(\d{4})\s*[.?]?\s*$", re.I)


class StandardQuestion(BaseModel):
    """A question in one of the standard forms (:func:`standard_question`): who, which year, and
    for a claim the statute section as SARA's predicate name (``s152_b_1`` for §152(b)(1))."""

    kind: Kind
    person: str          # a Prolog atom: "Alice" -> alice, "Mary Smith" -> mary_smith
    year: int
    section: str | None = None


def standard_question(question: str) -> StandardQuestion | None:
    """The question's parts when it has a standard form, else None:

    - "How much tax does Alice have to pay in 2017?" (also "… owe for 2017") -> numeric;
    - "Does section 152(b)(1) apply to Bob in 2015?" / "Section 152(b)(1) applies to Bob for the
      year 2015." (SARA's own wording of its claims) -> entailment, section ``s152_b_1``.
    """
    if m := _TAX_QUESTION.match(question):
        return StandardQuestion(kind="numeric", person=_atom(m.group(1)), year=int(m.group(2)))
    if m := _SECTION_QUESTION.match(question):
        section = "s" + m.group(1).replace(")(", "_").replace("(", "_").replace(")", "")
        return StandardQuestion(kind="entailment", person=_atom(m.group(2)), year=int(m.group(3)), section=section)
    return None


def _atom(name: str) -> str:
    return "_".join(name.lower().split())


def is_what_if(text: str) -> bool:
    """Does ``text`` start as a change to an earlier fact pattern ("What if Alice earned …?",
    "Suppose …", "Assume …")?"""
    return bool(_WHAT_IF.search(text))


class Issue(BaseModel):
    """One problem the inspector found: ``kind`` (e.g. syntax, unknown_predicate, prolog_error,
    time_limit, no_value, several_values, coverage_person, coverage_amount, coverage_date,
    llm_error), the facts' line when it has one, and a message written for the repair prompt."""

    kind: str
    message: str
    line: int | None = None

    def render(self) -> str:
        return (f"line {self.line}: " if self.line else "") + f"{self.kind}: {self.message}"


class CaseInput(BaseModel):
    """What a solver is given: a fact pattern, a question, and (for SARA cases) the formal query.

    ``query``: a Prolog goal the facts must support (entailment: its truth decides; numeric:
    ``tax(Person, Year, Tax)`` binds ``answer_var``). None for free text: the agent writes it.
    ``background``: when ``text`` is a what-if change, the fact pattern it changes (what the
    facts carried over from it may cite; empty for a whole fact pattern).
    """

    case_id: str | None = None
    text: str
    question: str
    kind: Kind
    query: str | None = None
    answer_var: str | None = None
    background: str = ""

    @classmethod
    def from_case(cls, case) -> "CaseInput":
        """From a :class:`taxlogic.kb.sara.data.cases.Case` (numeric: the value query, never the gold answer)."""
        if case.kind == "numeric":
            return cls(case_id=case.id, text=case.text, question=case.question, kind="numeric",
                       query=case.value_query, answer_var=case.answer_var)
        return cls(case_id=case.id, text=case.text, question=case.question, kind="entailment", query=case.claim_query)


class Answer(BaseModel):
    """An answer read from an engine outcome: ``value`` "Entailment"/"Contradiction" or whole
    dollars; None with ``reason`` (one line) if the outcome gives none."""

    value: str | int | None = None
    reason: str | None = None


def round_half_up(x: Union[int, float, Fraction, Decimal, str]) -> int:
    """Whole dollars, 0.5 rounds up: ``floor(x + 1/2)`` computed exactly (a float is taken at its
    exact binary value, a string as decimal text, a Prolog rational as a Fraction). Source:
    appendix A.1.3 of the paper ("Round to the nearest whole dollar (0.5 rounds up)"); SARA_N
    answers are whole dollars. Raises ValueError for booleans, non-numbers and non-finite values."""
    if isinstance(x, bool):
        raise ValueError("a boolean is not an amount")
    if isinstance(x, int):
        return x
    try:
        q = Fraction(x)
    except (ValueError, OverflowError, TypeError, ZeroDivisionError) as exc:
        raise ValueError(f"not a finite amount: {x!r}") from exc
    return math.floor(q + Fraction(1, 2))
