"""Node ``write_query``: for free text, the translator also writes the Prolog query.

Numeric questions ("How much tax does Alice have to pay in 2017?") must be answered by
``tax(Person, Year, Tax)``; claims by one statute predicate of the KB vocabulary with its arity
(paper §3: "the question is similarly translated into a logical query").
"""

from __future__ import annotations

import re

from langchain_core.messages import HumanMessage, SystemMessage
from langgraph.runtime import Runtime

from taxlogic.agent.context import AgentContext, timed
from taxlogic.agent.llm import LLMRequestRejected, describe_error
from taxlogic.agent.state import AgentState, Issue, TraceEvent
from taxlogic.tools.vocabulary import Vocabulary
from taxlogic.prompts import render

_GOAL = re.compile(r"^\s*([a-z][A-Za-z0-9_]*)\s*\((.*)\)\s*\.?\s*$", re.S)
_ARG = re.compile(r'^(?:[a-z][A-Za-z0-9_]*|[A-Z_][A-Za-z0-9_]*|-?\d+(?:\.\d+)?|"[^"\\]*")$')


def split_args(text: str) -> list[str]:
    """Top-level comma split of an argument list (commas inside quotes do not split)."""
    args, cur, quote = [], "", None
    for ch in text:
        if quote:
            cur += ch
            if ch == quote:
                quote = None
        elif ch in "\"'":
            quote, cur = ch, cur + ch
        elif ch == ",":
            args.append(cur.strip())
            cur = ""
        else:
            cur += ch
    args.append(cur.strip())
    return args


def check_query(text: str, kind: str, vocab: Vocabulary) -> tuple[str | None, str | None, str | None]:
    """Check a model-written query. Returns (query, answer variable, None) or (None, None, error).

    Accepted: one goal ``name(arg, ...)`` whose args are atoms, variables, numbers or strings;
    numeric: ``tax(Person, Year, Var)``; entailment: a statute predicate with a known arity.
    """
    lines = [l.strip().strip("`") for l in text.strip().splitlines() if l.strip() and not l.strip().startswith("```")]
    if not lines:
        return None, None, "no query found"
    m = _GOAL.match(lines[0])
    if not m:
        return None, None, f"not a single Prolog goal: {lines[0][:120]!r}"
    name, args = m.group(1), split_args(m.group(2))
    if not all(_ARG.match(a) for a in args):
        return None, None, f"arguments must be atoms, variables, numbers or \"YYYY-MM-DD\" strings: {lines[0][:120]!r}"
    goal = f"{name}({','.join(args)})"
    if kind == "numeric":
        if name != "tax" or len(args) != 3 or not args[2][:1].isupper() or not re.fullmatch(r"\d{4}", args[1]):
            return None, None, "a tax question needs tax(person, Year, Tax) with a 4-digit year and a variable for the tax"
        return goal, args[2], None
    arities = vocab.statute.get(name)
    if not arities:
        return None, None, f"{name} is not a statute predicate of the knowledge base"
    if len(args) not in arities:
        return None, None, f"{name} takes {' or '.join(map(str, sorted(arities)))} arguments, not {len(args)}"
    return goal, None, None


@timed
def write_query(state: AgentState, runtime: Runtime[AgentContext]) -> dict:
    ctx, case = runtime.context, state["case"]
    preds = ", ".join(f"{n}/{'|'.join(map(str, sorted(a)))}" for n, a in ctx.rules.vocabulary.statute.items())
    messages = [SystemMessage(ctx.system_prompt(case.kind)),
                HumanMessage(render("write_query_user", case_text=case.text, question=case.question,
                                    kind=case.kind, predicates=preds))]
    by_rule = getattr(ctx.domain, "rule_query", None)
    found = by_rule(case, ctx.rules) if by_rule else None
    if found:  # a standard question form: no model call
        query, var = found
        return {"case": case.model_copy(update={"query": query, "answer_var": var}), "query": query,
                "trace": [TraceEvent(node="write_query", round=0, seconds=0, detail=f"{query} (by rule)")]}
    issues: list[Issue] = []
    tokens = {"input_tokens": 0, "output_tokens": 0}  # every attempt's, for the result's totals
    for _ in range(ctx.budget + 1):
        try:
            reply = ctx.call_llm(messages, facts_grammar=False)
        except LLMRequestRejected as exc:  # endpoint failures propagate (not an abstention)
            return {"abstain_reason": f"LLM call failed: {describe_error(exc)}",
                    "trace": [TraceEvent(node="write_query", round=0, seconds=0, **tokens,
                                         issues=[Issue(kind="llm_error", message=describe_error(exc))])]}
        tokens["input_tokens"] += reply.input_tokens
        tokens["output_tokens"] += reply.output_tokens
        query, var, error = check_query(reply.text, case.kind, ctx.rules.vocabulary)
        if query:
            new_case = case.model_copy(update={"query": query, "answer_var": var})
            return {"case": new_case, "query": query,
                    "trace": [TraceEvent(node="write_query", round=0, seconds=0, detail=query, issues=issues, **tokens)]}
        issues.append(Issue(kind="query", message=error))
        messages = messages + [HumanMessage(f"That query is not usable: {error}. Answer with the corrected query only.")]
    return {"abstain_reason": f"could not write a valid query: {issues[-1].message}",
            "trace": [TraceEvent(node="write_query", round=0, seconds=0, issues=issues, **tokens)]}
