"""RuleArena's own ``direct`` query, the same for every domain: the two messages RuleArena sends
to OpenAI-compatible APIs (system + user, temperature 0), the reply judged by the domain's check
(:func:`taxlogic.eval.benchmarks.rulearena.data.score`, ``auto_test.py`` reproduced).

RuleArena sends no ``max_tokens``; taxlogic caps the reply at ``TAXLOGIC_LLM_MAX_TOKENS``,
recorded in each record's details. Transient API errors are retried ``TAXLOGIC_LLM_MAX_RETRIES``
times (default 4, i.e. RuleArena's 5 attempts); a prompt the endpoint rejects is an invalid record
with the reason, never a crash.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from taxlogic.eval.benchmarks.rulearena.data import RuleArenaItem, score
from taxlogic.eval.methods.registry import Method, MethodOptions, chat_model_for, record_base
from taxlogic.eval.scoring.records import CaseRecord

if TYPE_CHECKING:
    from taxlogic.eval.benchmarks import Dataset

__all__ = ["direct_method", "single_value"]


def direct_method(ds: "Dataset", opts: MethodOptions) -> Method:
    """RuleArena's own query: ``[system, user]`` at temperature 0; the reply is kept in the
    record's details and judged by the domain's check (:meth:`RuleArenaBenchmark.is_correct`)."""
    from langchain_core.messages import HumanMessage, SystemMessage

    from taxlogic.agent import llm

    model, name, settings = chat_model_for(opts, temperature=0.0)
    sending = {"messages": "system + user (RuleArena's OpenAI-compatible path)", "temperature": 0.0,
               "max_tokens": settings.llm_max_tokens,
               "max_tokens_note": "RuleArena sends no max_tokens; taxlogic caps replies at TAXLOGIC_LLM_MAX_TOKENS"}

    def run(item: RuleArenaItem) -> CaseRecord:
        base = record_base(item, ds, "direct", name)
        details: dict[str, Any] = {"level": item.level, "shots": item.shots, "variant": item.variant,
                                   "prompt_chars": len(item.system_prompt) + len(item.user_prompt), **sending}
        if item.shots:
            details["oneshot_example"] = item.oneshot_example
            if item.domain == "tax":
                details["oneshot_example_official"] = item.oneshot_example_official
        if not item.user_prompt:  # a user's own problem (--problems) may carry no prompt
            return CaseRecord(**base, invalid=True, reason="the problem has no prompt (user_prompt_0shot) to send",
                              details=details)
        messages = [SystemMessage(content=item.system_prompt), HumanMessage(content=item.user_prompt)]
        try:
            reply = llm.invoke(model, messages, max_retries=settings.llm_max_retries, wait=opts.wait)
        except llm.LLMRequestRejected as exc:  # endpoint failures propagate: the case is errored
            why = llm.describe_error(exc)
            return CaseRecord(**base, invalid=True, reason=f"LLM call failed: {why}", errors=[why], details=details)
        s = score(item, reply.text)
        details.update(rule=s.rule, reply=reply.text, attempts=reply.attempts)
        return CaseRecord(**base, prediction=s.prediction, invalid=not s.answered, reason=s.reason,
                          rounds=1, input_tokens=reply.input_tokens, output_tokens=reply.output_tokens,
                          seconds=reply.seconds, details=details)
    return run


def single_value(outcome) -> int | float | None:
    """The one value of an engine outcome (``status == "values"`` and every binding equal), as an
    int when whole; None otherwise."""
    nums = outcome.numbers
    if outcome.status != "values" or len({float(n) for n in nums}) != 1:
        return None
    v = float(nums[0])
    return int(v) if v.is_integer() else v
