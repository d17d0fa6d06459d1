"""``--method agent`` on DeonticBench housing and USCIS-AAO: taxlogic's agent on a domain without a
knowledge base (issue 47). The model writes the rules from the statutes given with each case and
the facts from the case (:mod:`taxlogic.kb.statutes`); the program runs sandboxed on the
benchmark's engine (its empty knowledge base: a sandboxed job needs none), is checked, repaired
or abstained on, as in ``taxlogic solve --case housing_...``. ``--samples k``: k translations
that must agree (the Jurayj protocol)."""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING

from taxlogic.eval.methods.registry import Method, MethodOptions, chat_model_for, record_base
from taxlogic.eval.scoring.records import CaseRecord

if TYPE_CHECKING:
    from taxlogic.eval.benchmarks import Dataset

__all__ = ["agent_method"]


def agent_method(ds: "Dataset", opts: MethodOptions) -> Method:
    """The agent method of ``deonticbench-housing`` and ``deonticbench-uscis`` (module doc)."""
    from taxlogic.agent.context import AgentContext
    from taxlogic.agent.graph import build_graph
    from taxlogic.agent.solve import solve
    from taxlogic.eval.scoring.transcript import transcript_of
    from taxlogic.kb.domain import get_domain
    from taxlogic.kb.statutes.domain import case_input, domain_name

    model, name, settings = chat_model_for(opts)
    build_graph()
    contexts: dict[str, AgentContext] = {}
    lock = threading.Lock()

    def ctx_for(item) -> AgentContext:
        dom = get_domain(domain_name(item))
        with lock:
            if dom.name not in contexts:
                contexts[dom.name] = AgentContext(model=model, engine=opts.engines.lazy(item.rules), rules=dom.rule_set(),
                                                  budget=opts.budget, llm_retries=settings.llm_max_retries,
                                                  grammar=False, domain=dom, llm_wait=opts.wait)
            return contexts[dom.name]

    def run(item) -> CaseRecord:
        result = solve(case_input(item), ctx_for(item), samples=opts.samples)
        errors = [i.render() for r in result.rounds for i in r.issues]
        return CaseRecord(**record_base(item, ds, "agent", name), prediction=result.answer,
                          abstained=result.abstained, reason=result.reason, rounds=len(result.rounds),
                          input_tokens=result.input_tokens, output_tokens=result.output_tokens,
                          seconds=result.seconds, errors=errors[-20:], facts=result.facts,
                          transcript=transcript_of(result))
    return run
