"""A conversation about one fact pattern: questions, what-if follow-ups, and the facts behind them.

A :class:`ChatSession` holds the fact pattern a person pasted, the current facts (validated
Prolog facts that gave the last accepted answer), the last question with its query, and every
result so far. It backs ``taxlogic chat``.

* :meth:`ChatSession.ask` — a new question on the pattern. Its kind is numeric when it asks
  "how much tax", else a claim (entailment); the agent writes the query. The first question
  is translated from scratch (write_query -> generate -> validate -> ...). Later questions on the
  same pattern start from the facts of the last accepted answer: the graph goes write_query ->
  validate -> execute -> inspect and repairs only if the new query finds problems (e.g. a person
  the facts never mention). A new question always starts from the pattern's facts, without
  what-if changes.
* :meth:`ChatSession.what_if` — "What if Alice earned $50,000 instead?": the translator edits the
  current facts (prompt ``edit_user``: the facts and the change, asking for the complete updated
  list), then the same validate -> execute -> inspect -> repair loop runs on the edited facts
  with the last question's query. The facts are inspected against the change sentence (worded as
  a what-if, :func:`change_text`), so a new amount or date it states must appear in the edited
  facts, while the values it does not repeat are not held against them. What-ifs accumulate: each edits the
  facts the previous one left, as long as it was answered; an abstained what-if leaves the facts
  as they were.
* :meth:`ChatSession.explain` — why the last answer: the statute sections, amounts and facts
  that decided it, or the conditions that failed (:mod:`taxlogic.tools.explain`).
* :func:`is_follow_up` — does a line read as a what-if ("what if", "suppose", "assume",
  "instead", …) rather than a new question?

A domain whose rules the model writes (``kb/statutes``: DeonticBench housing and USCIS-AAO, or a
user's own statutes in :attr:`ChatSession.statutes`): each question is a new translation of the
statutes and the pattern into one program (its query is the domain's, ``housing_answer(X)``, so
an earlier program, written for another question, is never reused); ``explain`` comes from the
domain (each condition citing its statute paragraph); a what-if has the model edit the program
(the domain's ``edit_prompt``) and is judged by the domain ``editing`` it: the statutes do not
change, so every rule of the accepted program must be kept (a rule changed is an issue, repaired
or abstained on), and the edited facts are checked against the pattern and the change.

LLM and Prolog trouble never raises: it ends in an abstention, as in
:func:`taxlogic.agent.solve.solve`. Misuse (no pattern, no question yet) raises :class:`ChatError`.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field, replace
from typing import Callable, Literal

from langchain_core.messages import AIMessage, HumanMessage, SystemMessage

from taxlogic.agent.context import AgentContext, usage_of
from taxlogic.agent.solve import run_graph
from taxlogic.agent.llm import LLMRequestRejected, describe_error
from taxlogic.agent.repair import facts_diff
from taxlogic.agent.state import AgentResult, CaseInput, Issue, Kind, TraceEvent
from taxlogic.core import is_what_if, question_kind
from taxlogic.prompts import render
from taxlogic.tools.facts import check_facts

__all__ = ["ChatError", "ChatSession", "Exchange", "change_text", "is_follow_up"]

OnEvent = Callable[[TraceEvent], None] | None

_FOLLOW_UP = re.compile(
    r"^\s*(?:(?:and|but|ok|okay|now|so|then)[\s,]+)?"
    r"(?:what\s+if|what\s+would\s+happen\s+if|suppose|supposing|assume|assuming|imagine|let'?s\s+say|say|if)\b"
    r"|\binstead\b|\brather\s+than\b|\bhypothetically\b",
    re.I,
)


def change_text(change: str) -> str:
    """The text a what-if's facts are inspected against: the change itself, worded as a what-if
    ("What if: Alice earned $50,000 instead.") when it does not start like one, so the inspect step
    treats it as a change to an earlier pattern: its amounts and dates must be in the facts, but
    the other facts' values need not be stated in it."""
    change = change.strip()
    return change if is_what_if(change) else f"What if: {change}"


def is_follow_up(text: str) -> bool:
    """True when ``text`` reads as a change to the current case ("What if Alice earned $50,000
    instead?", "Suppose Bob is married", "Assume …", "… instead?") rather than a new question."""
    return bool(_FOLLOW_UP.search(text))


class ChatError(ValueError):
    """The session cannot do what was asked (no fact pattern, no question yet …); one line."""


@dataclass
class Exchange:
    """One turn: a question (``ask``) or a change (``what_if``), and what the agent made of it."""

    kind: Literal["ask", "what_if"]
    text: str
    result: AgentResult


@dataclass
class ChatSession:
    """The state of one conversation; see the module doc."""

    ctx: AgentContext
    pattern: str = ""                 # the fact pattern as pasted
    facts: str = ""                   # current facts (canonical; what-if changes included)
    base_facts: str = ""              # facts of the last accepted answer to a question on the pattern
    changes: list[str] = field(default_factory=list)   # what-ifs applied to ``facts``
    question: str | None = None       # the last question asked with :meth:`ask`
    kind: Kind | None = None
    query: str | None = None          # its Prolog query, as the agent wrote it
    answer_var: str | None = None
    history: list[Exchange] = field(default_factory=list)
    statutes: str = ""                # the law given, for a domain whose rules the model writes

    # ---------------------------------------------------------------------------------- state

    def set_fact_pattern(self, text: str) -> None:
        """Start over on a new fact pattern (facts, question and changes are forgotten; the
        history is kept)."""
        text = text.strip()
        if not text:
            raise ChatError("the fact pattern is empty")
        self.pattern = text
        self.facts = self.base_facts = ""
        self.changes = []
        self.question = self.kind = self.query = self.answer_var = None

    @property
    def last(self) -> AgentResult | None:
        """The latest result, if any."""
        return self.history[-1].result if self.history else None

    @staticmethod
    def is_follow_up(text: str) -> bool:
        """See :func:`is_follow_up`."""
        return is_follow_up(text)

    @property
    def writes_rules(self) -> bool:
        """Does the model write the rules too (the statutes domain)?"""
        return bool(getattr(self.ctx.domain, "writes_rules", False))

    def _case(self, question: str, text: str | None = None) -> CaseInput:
        """The agent's input for ``question`` on the pattern (or ``text``; a statutes domain: the
        law given, the domain's query, a yes/no kind)."""
        text = self.pattern if text is None else text
        if not self.writes_rules:
            return CaseInput(text=text, question=question, kind=question_kind(question))
        case = CaseInput(text=text, question=question, kind="entailment", statutes=self.statutes)
        query, var = self.ctx.domain.rule_query(case, self.ctx.rules)
        return case.model_copy(update={"query": query, "answer_var": var})

    @property
    def can_follow_up(self) -> bool:
        """Is there a question (with a query) and facts a what-if could change?"""
        return bool(self.query and self._current_facts())

    def _current_facts(self) -> str:
        if self.facts:
            return self.facts
        return self.last.facts if self.last else ""

    # ---------------------------------------------------------------------------------- turns

    def ask(self, question: str, on_event: OnEvent = None) -> AgentResult:
        """Answer a new ``question`` about the pattern (see the module doc)."""
        if not self.pattern:
            raise ChatError("no fact pattern yet: give one first")
        question = question.strip()
        if not question:
            raise ChatError("the question is empty")
        ctx = self.ctx
        case = self._case(question)
        kind = case.kind
        state: dict = {"case": case, "query": case.query}
        if self.base_facts and not self.writes_rules:
            # the earlier translation, as if the translator had just written it for this question
            state["facts"] = self.base_facts
            state["messages"] = [
                SystemMessage(ctx.system_prompt(kind)),
                HumanMessage(ctx.domain.user_prompt(case, None, ctx.exemplars)),
                AIMessage(self.base_facts),
            ]
        result, final = self._run(state, on_event)
        self.question, self.kind = question, kind
        self.query = final.get("query")
        self.answer_var = final["case"].answer_var if final.get("case") else None
        if not result.abstained:
            self.base_facts = result.facts
        self.facts, self.changes = self.base_facts, []
        self.history.append(Exchange("ask", question, result))
        return result

    def what_if(self, change: str, on_event: OnEvent = None) -> AgentResult:
        """Edit the current facts by ``change`` and answer the last question again (module doc)."""
        change = change.strip()
        if not change:
            raise ChatError("the change is empty")
        if not self.question:
            raise ChatError("no question yet: ask one before a what-if")
        if not self.query:
            raise ChatError("the last question has no query (the agent could not write one): ask it again")
        facts = self._current_facts()
        if not facts.strip():
            raise ChatError("there are no facts to change yet: ask the question again")
        ctx, kind = self.ctx, self.kind or question_kind(self.question)
        t0 = time.perf_counter()
        if self.writes_rules:  # one program: the statutes' rules are kept, the case's facts edited
            ctx = replace(ctx, domain=ctx.domain.editing(facts, ctx.engine))
            prompt = ctx.domain.edit_prompt(facts, change)
        else:
            prompt = render("edit_user_anchored" if ctx.anchored else "edit_user", facts=facts.strip("\n"), change=change)
        messages = [SystemMessage(ctx.system_prompt(kind)), HumanMessage(prompt)]
        try:
            reply = ctx.call_llm(messages)
        except LLMRequestRejected as exc:  # endpoint failures propagate (not an abstention)
            ev = TraceEvent(node="edit", round=0, seconds=time.perf_counter() - t0,
                            issues=[Issue(kind="llm_error", message=describe_error(exc))])
            if on_event:
                on_event(ev)
            result = AgentResult(answer=None, abstained=True, reason=f"LLM call failed during the edit: {describe_error(exc)}",
                                 query=self.query, facts=facts, trace=[ev], seconds=time.perf_counter() - t0)
            self.history.append(Exchange("what_if", change, result))
            return result
        diff = facts_diff(facts, self._comparable(reply.text))
        ev = TraceEvent(node="edit", round=0, seconds=time.perf_counter() - t0, input_tokens=reply.input_tokens,
                        output_tokens=reply.output_tokens, facts_diff=diff, facts=reply.text,
                        detail=f"{len(reply.text.splitlines())} lines" + ("" if diff else ", unchanged"))
        if on_event:
            on_event(ev)
        if self.writes_rules:  # a program's constants trace to the statutes, the pattern or the change
            case = self._case(self.question, f"{self.pattern}\n\n{change_text(change)}")
        else:  # coverage is checked against the change: its amounts and dates must be in the new facts
            case = CaseInput(text=change_text(change), question=self.question, kind=kind, query=self.query,
                             answer_var=self.answer_var, background=self.pattern)
        state = {"case": case, "query": self.query, "facts": reply.text,
                 "messages": messages + [AIMessage(reply.text)], "usage": usage_of(reply)}
        result, _ = self._run(state, on_event, lead=[ev], t0=t0, ctx=ctx)
        if not result.abstained:
            self.facts = result.facts
            self.changes.append(change)
        self.history.append(Exchange("what_if", change, result))
        return result

    def interrupted(self, kind: Literal["ask", "what_if"], text: str, events: list[TraceEvent], seconds: float = 0.0
                    ) -> AgentResult:
        """Keep an attempt stopped by Ctrl-C as the last exchange: no answer (an abstention whose
        reason says so), the steps it got through (``events``) and the last facts the model wrote,
        so ``/facts`` and ``/trace`` show how far it got. The session's facts, question and query
        are unchanged (nothing was accepted)."""
        facts = next((e.facts for e in reversed(events) if e.facts), "")
        result = AgentResult(answer=None, abstained=True, reason="interrupted (Ctrl-C) before an answer",
                             query=self.query if kind == "what_if" else None, facts=facts, trace=list(events),
                             seconds=seconds, input_tokens=sum(e.input_tokens for e in events),
                             output_tokens=sum(e.output_tokens for e in events))
        self.history.append(Exchange(kind, text, result))
        return result

    def explain(self):
        """Why the last answer: its :class:`~taxlogic.tools.explain.Explanation` (a proof, or for
        a claim that fails the conditions that failed), from the facts and query that gave it
        (None if that query now gives no answer); for a domain whose rules the model writes, the
        domain's explanation of the program (``Domain.explain``: for ``kb/statutes`` a
        :class:`~taxlogic.kb.statutes.explain.StatutesExplanation`). Raises :class:`ChatError` if nothing was
        answered yet."""
        from taxlogic.kb.explain import explain_case

        last = self.last
        if last is None:
            raise ChatError("no answer to explain yet: ask a question first")
        if last.abstained or not last.query:
            raise ChatError(f"the last attempt has no answer to explain ({last.reason or 'no query'}); "
                            "/facts and /trace show how far it got")
        if self.writes_rules:  # a model-written program: the domain explains it, citing the statutes
            return self.ctx.domain.explain(self._case(self.question or ""), last.facts, self.ctx.engine)
        case = CaseInput(text=self.pattern, question=self.question or "", kind=self.kind or "entailment",
                         query=last.query, answer_var=self.answer_var)
        return explain_case(self.ctx.engine, case, last.facts, domain=self.ctx.domain.name)[1]

    def _comparable(self, facts: str) -> str:
        """``facts`` in canonical form when they validate (so the edit's diff shows changes, not
        spacing); a program cut out of its reply; else as written."""
        if self.writes_rules:
            return self.ctx.domain.check_program(facts)[1] or facts
        check = check_facts(facts, self.ctx.rules.vocabulary)
        return check.canonical if check.canonical and not check.problems else facts

    # ---------------------------------------------------------------------------------- graph

    def _run(self, state: dict, on_event: OnEvent, *, lead: list[TraceEvent] = (), t0: float | None = None,
             ctx: AgentContext | None = None) -> tuple[AgentResult, dict]:
        """One run of the graph from ``state`` (:func:`taxlogic.agent.solve.run_graph`) on the
        session's context (or ``ctx``: a what-if's, whose domain judges an edit)."""
        return run_graph(state, ctx or self.ctx, on_event, lead=lead, t0=t0)
