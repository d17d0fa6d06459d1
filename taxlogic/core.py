"""Types shared by every layer (tools, kb, agent, eval, CLI): question kinds, inspector issues,
the case a solver is given and the answer it gives; and how a question is worded (its kind, a
what-if change).

This module imports nothing from taxlogic's subpackages, so any layer may import it (the
import-linter contracts in ``pyproject.toml`` keep it so).
"""

from __future__ import annotations

import re
from typing import Literal

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
        """From a :class:`taxlogic.kb.cases.Case` (numeric: the value query, never the gold answer)."""
        if case.kind == "numeric":
            return cls(case_id=case.id, text=case.text, question=case.question, kind="numeric",
                       query=case.value_query, answer_var=case.answer_var)
        return cls(case_id=case.id, text=case.text, question=case.question, kind="entailment", query=case.claim_query)


class Answer(BaseModel):
    """An answer read from an engine outcome: ``value`` "Entailment"/"Contradiction" or whole
    dollars; None with ``reason`` (one line) if the outcome gives none."""

    value: str | int | None = None
    reason: str | None = None
