"""Evaluation methods (the "solvers"): each turns one dataset item into a :class:`CaseRecord`.

- ``gold``: the item's gold Prolog program through the engine (must score 100%);
- ``agent``: the LangGraph translator agent (LLM -> facts -> Prolog, repair, abstain);
- ``direct``: the LLM answers directly from statutes + case (paper appendix A.1.3); on RuleArena,
  RuleArena's own prompts and answer checks.

Methods are called from several threads at once; the Prolog engines are thread-safe pools.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Callable

from taxlogic.eval.datasets import Dataset
from taxlogic.eval.records import CaseRecord
from taxlogic.kb.cases import Case
from taxlogic.tools.engine import Engine

Method = Callable[[Case], CaseRecord]


def _base(item: Case, ds: Dataset, method: str, model: str | None) -> dict:
    return dict(case_id=item.id, dataset=ds.name, split=ds.split, kind=item.kind, rules=item.rules,
                method=method, model=model, gold=item.expected)


@dataclass
class Engines:
    """One engine pool per rule set, started on first use, closed together."""

    dataset: Dataset
    workers: int | None = None
    _engines: dict[str, Engine] = field(default_factory=dict)

    def __call__(self, rules: str) -> Engine:
        if rules not in self._engines:
            self._engines[rules] = Engine(self.dataset.rule_sets[rules], workers=self.workers)
        return self._engines[rules]

    def close(self) -> None:
        for e in self._engines.values():
            e.close()


def gold_method(ds: Dataset, engines: Engines) -> Method:
    from taxlogic.eval.gold import gold_result
    from taxlogic.kb.sara.answers import case_job

    if ds.name == "rulearena-airline":
        from taxlogic.eval.airline import airline_gold_method

        return airline_gold_method(ds, engines)

    def run(item: Case) -> CaseRecord:
        outcome = engines(item.rules).run(case_job(item, item.gold_facts, trusted=True, mode="first"))
        g = gold_result(item, outcome)
        return CaseRecord(**_base(item, ds, "gold", None), prediction=g.prediction, correct=g.correct,
                          invalid=g.prediction is None, reason=g.reason, seconds=g.seconds,
                          details={"inferences": g.inferences})
    return run


def agent_method(ds: Dataset, engines: Engines, *, model_name: str | None, budget: int, samples: int,
                 exemplars: int, grammar: bool | None = None, settings=None, anchors: bool = True) -> Method:
    """The agent on each item; ``anchors``: anchored translation (False: the paper's prompts)."""
    if ds.name == "rulearena-airline":
        from taxlogic.eval.airline import airline_agent_method

        return airline_agent_method(ds, engines, model_name=model_name, budget=budget, samples=samples,
                                    grammar=grammar, settings=settings)
    from taxlogic.agent.context import make_context
    from taxlogic.agent.exemplars import exemplar_block
    from taxlogic.agent.solve import solve
    from taxlogic.agent.state import CaseInput

    contexts: dict[str, object] = {}
    eval_ids = {c.id for c in ds.items}

    def ctx_for(rules: str):
        if rules not in contexts:
            contexts[rules] = make_context(ds.rule_sets[rules], engines(rules), settings, model_name=model_name,
                                           budget=budget, grammar=grammar, anchors=anchors)
        return contexts[rules]

    def run(item: Case) -> CaseRecord:
        ctx = ctx_for(item.rules)
        if exemplars:  # never an evaluated case as an exemplar
            ctx = replace(ctx, exemplars=exemplar_block(item.text, item.kind, exemplars, exclude=eval_ids,
                                                        anchored=ctx.anchored))
        result = solve(CaseInput.from_case(item), ctx, samples=samples)
        errors = [i.render() for r in result.rounds for i in r.issues]
        return CaseRecord(**_base(item, ds, "agent", ctx.model.model_name), prediction=result.answer,
                          correct=result.answer == item.expected and not result.abstained,
                          abstained=result.abstained, reason=result.reason, rounds=len(result.rounds),
                          input_tokens=result.input_tokens, output_tokens=result.output_tokens,
                          seconds=result.seconds, errors=errors[-20:], facts=result.facts)
    return run


def direct_method(ds: Dataset, *, model_name: str | None, settings=None, model=None, wait=None) -> Method:
    """``model``: a chat model to use instead of the configured endpoint (tests pass fakes).
    RuleArena datasets get RuleArena's own query and scoring (:mod:`taxlogic.eval.rulearena`)."""
    from taxlogic.eval import rulearena

    if rulearena.is_rulearena(ds.name):
        return rulearena.rulearena_direct_method(ds, model_name=model_name, settings=settings, model=model, wait=wait)
    from taxlogic.agent import llm
    from taxlogic.eval.direct import direct_messages, parse_direct_answer
    from taxlogic.settings import get_settings

    settings = settings or get_settings()
    if model_name:
        settings = settings.model_copy(update={"llm_model": model_name})
    if model is None:
        model = llm.chat_model(settings)
    name = getattr(model, "model_name", None) or settings.llm_model
    statutes = {name: rs.statute_text() for name, rs in ds.rule_sets.items()}

    def run(item: Case) -> CaseRecord:
        messages = direct_messages(item.text, item.question, item.kind, statutes[item.rules])
        base = _base(item, ds, "direct", name)
        try:
            reply = llm.invoke(model, messages, max_retries=settings.llm_max_retries, wait=wait)
        except llm.LLMError as exc:
            return CaseRecord(**base, invalid=True, reason=f"LLM call failed: {llm.describe_error(exc)}",
                              errors=[llm.describe_error(exc)])
        parsed = parse_direct_answer(reply.text, item.kind)
        pred = parsed.answer if parsed.valid else None
        return CaseRecord(**base, prediction=pred, correct=pred is not None and pred == item.expected,
                          invalid=not parsed.valid, reason=parsed.invalid_reason, rounds=1,
                          input_tokens=reply.input_tokens, output_tokens=reply.output_tokens, seconds=reply.seconds,
                          details={"confidence": parsed.confidence, "raw": reply.text[:2000]})
    return run
