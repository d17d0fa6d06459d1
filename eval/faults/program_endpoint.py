"""Test endpoints for the statutes domain: DeonticBench's reference programs served as the
model's translation.

- :func:`served_program`: a reference program as a translator would hand it in: in a ```prolog
  block, its opening ``:- format("Label: ...")`` directive removed (every housing reference
  program opens with one; it prints the label, which no translation may do:
  :mod:`taxlogic.kb.statutes.checks.leaks`).
- :class:`ProgramEndpoint`: the HTTP endpoint of :class:`~taxlogic.eval.faults.gold_endpoint.GoldEndpoint`
  answering each statutes translation request (the case recognised by its text and question in
  the prompt) with the case's served program, or, once per case, with a program of ``first``
  (a corrupted variant: the first translation wrong, every repair the reference program).
- :func:`program_translator`: the same as a scripted chat model (no HTTP), for batch runs of
  the fault table (:mod:`taxlogic.eval.faults.program_faults`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Iterable

from taxlogic.eval.faults.gold_endpoint import GoldEndpoint

_LABEL = re.compile(r'(?m)^:-\s*format\(\s*"Label:[^\n]*\n?')


def served_program(reference: str) -> str:
    """``reference`` in a ```prolog block, its ``:- format("Label: ...")`` directive removed."""
    return "```prolog\n" + _LABEL.sub("", reference).strip("\n") + "\n```"


@dataclass(frozen=True)
class ServedCase:
    """What the endpoint knows of a case: ``id``, the ``text`` and ``question`` the agent's
    prompt shows (:func:`taxlogic.kb.statutes.domain.case_input`) and the reference ``program``."""

    id: str
    text: str
    question: str
    program: str


def served_cases(cases: Iterable[Any]) -> list[ServedCase]:
    """:class:`ServedCase` of DeonticBench housing or USCIS cases (the loader's cases, or dicts)."""
    from taxlogic.kb.statutes.domain import case_input

    out = []
    for c in cases:
        ci = case_input(c)
        ref = c["reference_prolog"] if isinstance(c, dict) else c.reference_prolog
        out.append(ServedCase(ci.case_id or "", ci.text, ci.question, ref))
    return out


class ProgramEndpoint(GoldEndpoint):
    """The endpoint over ``cases`` (:class:`ServedCase`); ``first``: case id -> program text
    answered to that case's first request instead of its reference (each later request, a
    repair, gets the reference)."""

    def __init__(self, cases: Iterable[ServedCase], *, first: dict[str, str] | None = None, **kwargs: Any) -> None:
        super().__init__(cases, **kwargs)
        self.first = dict(first or {})
        self._asked: set[str] = set()

    def translation(self, case: ServedCase) -> str:
        with self._lock:
            again = case.id in self._asked
            self._asked.add(case.id)
        if not again and case.id in self.first:
            return "```prolog\n" + self.first[case.id].strip("\n") + "\n```"
        return served_program(case.program)


def program_translator(replies: list[str]):
    """A scripted chat model answering ``replies`` in order (the last one again after them), with
    token usage: the translator of one fault-table run (corrupted program, then the reference)."""
    from langchain_core.language_models import BaseChatModel
    from langchain_core.messages import AIMessage
    from langchain_core.outputs import ChatGeneration, ChatResult

    class ScriptedTranslator(BaseChatModel):
        script: list
        calls: int = 0

        @property
        def _llm_type(self) -> str:
            return "scripted-programs"

        def _generate(self, messages, stop=None, run_manager=None, **kwargs) -> ChatResult:
            item = self.script[min(self.calls, len(self.script) - 1)]
            self.calls += 1
            msg = AIMessage(content=item, usage_metadata={"input_tokens": 0, "output_tokens": 0, "total_tokens": 0})
            return ChatResult(generations=[ChatGeneration(message=msg)])

    return ScriptedTranslator(script=list(replies))
