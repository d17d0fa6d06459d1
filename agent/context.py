"""What the agent's nodes need besides the state: the model, the engine, the rules, the budget.

Passed to the graph as LangGraph's run-time context (``graph.invoke(state, context=ctx)``).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable

from taxlogic import spans

if TYPE_CHECKING:  # annotations only: langchain and the engine load when an agent runs (one-case commands' start-up)
    from langchain_core.language_models import BaseChatModel

    from taxlogic.kb.rules import RuleSet
    from taxlogic.tools.engine import Engine


@dataclass
class AgentContext:
    """``domain``: the knowledge-base plug-in (prompts, query forms, answers, domain checks).
    ``budget``: repair rounds after the first translation (paper's single-shot baseline: 0).
    ``llm_retries``: retries of transient LLM failures per call. ``grammar``: constrain output to
    Prolog facts with a llama.cpp GBNF grammar. ``exemplars``: a rendered exemplar block (train
    split only; never the case itself). ``show_query``: give the translator the query its facts
    must serve and its constants (False: the paper appendix's input, text and question only; the
    query still runs). ``seed``: sample index for self-consistency (sent to the endpoint as
    ``seed`` so samples differ and cache separately). ``anchors``: anchored translation where the
    domain offers it (SARA: each group of facts closed by a ``% "quoted sentence"`` line, and the
    inspector requires one); False runs the paper's protocol, its appendix prompts as they are.
    ``utilities``: the statutes' utilities code in the translation prompt, where the domain offers
    to leave it out (SARA: False, a prompt a small local model can read in time; ``make demo``)."""

    model: BaseChatModel
    engine: Engine
    rules: RuleSet
    budget: int = 3
    llm_retries: int = 4
    grammar: bool = False
    exemplars: str = ""
    show_query: bool = True
    seed: int | None = None
    llm_wait: Any = None  # tenacity wait strategy (tests use none)
    domain: Any = None  # a taxlogic.kb.domain.Domain; None means SARA
    anchors: bool = True
    utilities: bool = True

    def __post_init__(self) -> None:
        if self.domain is None:
            from taxlogic.kb.domain import get_domain

            self.domain = get_domain("sara")
        if hasattr(self.domain, "with_anchors"):  # a domain that offers anchored translation
            self.domain = self.domain.with_anchors(self.anchors)
        if not self.utilities and hasattr(self.domain, "with_utilities"):
            self.domain = self.domain.with_utilities(False)
        if getattr(self.domain, "writes_rules", False):  # the model writes a program: no facts-only grammar
            self.grammar = False

    @property
    def anchored(self) -> bool:
        """Is the translator asked for anchors (the setting, where the domain offers them)?"""
        return bool(getattr(self.domain, "anchored", False))

    def system_prompt(self, kind: str) -> str:
        """The domain's static translation prompt for ``kind`` (first in every conversation)."""
        return self.domain.system_prompt(self.rules, kind)

    def call_llm(self, messages: list, *, facts_grammar: bool = True):
        """One LLM call with retries; returns :class:`taxlogic.agent.llm.LLMReply`. Raises LLMError."""
        from taxlogic.agent import llm

        kwargs: dict[str, Any] = {}
        if self.seed is not None:
            kwargs["seed"] = self.seed
        if self.grammar and facts_grammar:
            gbnf = llm.PROLOG_ANCHORED_FACTS_GBNF if self.anchored else llm.PROLOG_FACTS_GBNF
            kwargs["extra_body"] = llm.grammar_extra_body(gbnf, getattr(self.model, "extra_body", None))
        return llm.invoke(self.model, messages, max_retries=self.llm_retries, wait=self.llm_wait, **kwargs)


def make_context(rules: RuleSet, engine: Engine, settings=None, *, model_name: str | None = None,
                 budget: int = 3, grammar: bool | None = None, domain: Any = None, anchors: bool = True,
                 model: BaseChatModel | None = None, utilities: bool = True) -> AgentContext:
    """An :class:`AgentContext` from settings: ChatOpenAI on the configured endpoint (``model_name``
    overrides ``TAXLOGIC_LLM_MODEL``), the disk cache enabled, grammar on where the endpoint
    supports it (llama.cpp) unless ``grammar`` says otherwise; ``anchors``, ``utilities``: see :class:`AgentContext`.
    ``model``: a chat model made already (a batch run shares one across its contexts: building
    one sets up HTTP clients and TLS contexts)."""
    from taxlogic.agent import llm
    from taxlogic.settings import get_settings

    settings = settings or get_settings()
    model = model if model is not None else llm.chat_model(settings, model_name=model_name)
    use_grammar = llm.supports_grammar(settings) if grammar is None else grammar
    return AgentContext(model=model, engine=engine, rules=rules, budget=budget,
                        llm_retries=settings.llm_max_retries, grammar=use_grammar, domain=domain, anchors=anchors,
                        utilities=utilities)


def timed(fn: Callable[..., dict]) -> Callable[..., dict]:
    """Decorator for nodes: adds wall seconds to the trace event the node returns and, in a timed
    case (:func:`taxlogic.spans.case_clock`), the node's spans (:attr:`TraceEvent.spans`: its own
    Python under the node's name, and the LLM call, engine waits and jobs inside it)."""
    name = fn.__name__

    def wrapper(state, runtime):
        t0 = time.perf_counter()
        clock = spans.current()
        before = clock.snapshot() if clock is not None else None
        with spans.span(name):
            update = fn(state, runtime)
        parts = spans.diff(clock.snapshot(), before) if clock is not None else {}
        for ev in update.get("trace", []):
            ev.seconds = time.perf_counter() - t0
            ev.spans = parts
        return update

    wrapper.__name__ = fn.__name__
    wrapper.__doc__ = fn.__doc__
    return wrapper


def usage_of(reply) -> dict[str, int]:
    """Token counts of one LLM reply, as stored in the state's ``usage``."""
    return {"input": reply.input_tokens, "output": reply.output_tokens, "cached": reply.cached_tokens or 0,
            "seconds": reply.seconds}
