"""RuleArena (Zhou et al., 2024) as benchmarks: ``rulearena-airline``, ``rulearena-tax``,
``rulearena-nba`` (data and answer checks: :mod:`taxlogic.eval.rulearena`).

* **items**: the problems of one domain and level (``--split level0`` .. ``level2``, or ``all``),
  in RuleArena's file order, with the user prompt rebuilt for ``--shots`` (0/1) and ``--task``
  (the prompt variant: ``all`` standard, ``textual``, ``distractor``, ``placeholder``); ``kind``
  is the domain. Airline problems are judged under the airline knowledge base (``kb/airline``).
* **score rule** (:meth:`RuleArenaBenchmark.is_correct`): a free-text reply is judged by
  RuleArena's own check of its domain (:func:`taxlogic.eval.rulearena.score`, ``auto_test.py``
  reproduced); a computed answer (airline gold and agent) must equal the gold answer.
  Accuracy = correct / problems, as in ``overall.log``; a failed call or an unparsable reply is
  wrong (``invalid`` in the record says no answer could be read; it is never an abstention).
* **methods**: RuleArena's own ``direct`` query on every domain (:func:`direct_method`: the two
  messages RuleArena sends to OpenAI-compatible APIs, system + user, temperature 0; RuleArena
  sends no ``max_tokens``, taxlogic caps the reply at ``TAXLOGIC_LLM_MAX_TOKENS``, recorded in
  each record's details; transient API errors are retried ``TAXLOGIC_LLM_MAX_RETRIES`` times,
  default 4, i.e. RuleArena's 5 attempts; a prompt the endpoint rejects is an invalid record with
  the reason, never a crash), and on airline the knowledge base's ``gold`` and ``agent``
  (:func:`airline_gold_method`, :func:`airline_agent_method`). The generic SARA methods do not apply.
* **summary and Table 2** (:func:`rulearena_summary`, :func:`table2`): accuracy per domain, level
  and shots, in the shape of RuleArena's Table 2 (its "Level 1-3" are the data's levels 0-2).
  Only Acc(t) is reproducible offline: P(t), AC(t) and R(t) need RuleArena's GPT-4o judge.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from taxlogic.eval.benchmarks import Benchmark, LoadOptions, ReportTable, register
from taxlogic.eval.methods import Method, MethodOptions, chat_model_for, record_base
from taxlogic.eval.records import CaseRecord
from taxlogic.eval.transcript import transcript_of
from taxlogic.eval.rulearena import (
    COUNTS,
    DATASETS,
    DOMAINS,
    SPLITS,
    RuleArenaItem,
    load_rulearena,
    parse_split,
    score,
)

if TYPE_CHECKING:
    from taxlogic.eval.benchmarks import Dataset
    from taxlogic.eval.records import RunConfig
    from taxlogic.kb.rules import RuleSet


# ------------------------------------------------------------------------------------ methods


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


#: The question the airline agent answers for every problem.
AIRLINE_QUESTION = "What is the total cost of the trip in dollars: the ticket price plus all checked bag fees?"


def _value(outcome) -> int | float | None:
    nums = outcome.numbers
    if outcome.status != "values" or len({float(n) for n in nums}) != 1:
        return None
    v = float(nums[0])
    return int(v) if v.is_integer() else v


def airline_gold_method(ds: "Dataset", opts: MethodOptions) -> Method:
    """The problem's gold ``info`` record written as facts (:func:`taxlogic.kb.airline.info_to_facts`)
    and run through the engine: the airline KB must compute RuleArena's answer for all 300 problems."""
    from taxlogic.kb.airline import TOTAL_QUERY, info_to_facts
    from taxlogic.tools.engine import Job

    def run(item: RuleArenaItem) -> CaseRecord:
        outcome = opts.engines(item.rules).run(Job(facts=info_to_facts(item.info), query=TOTAL_QUERY, mode="all", var="X"))
        pred = _value(outcome)
        return CaseRecord(**record_base(item, ds, "gold"), prediction=pred, invalid=pred is None,
                          reason=None if pred is not None else outcome.summary(), seconds=outcome.seconds)
    return run


def airline_agent_method(ds: "Dataset", opts: MethodOptions) -> Method:
    """The LangGraph loop of SARA with the airline domain plug-in: the LLM translates the
    passenger's description into facts, the inspector checks every listed item, the price, class
    and route; the record also holds field-level extraction accuracy against the gold ``info``
    record (``details["extraction"]``, :func:`taxlogic.kb.airline.domain.extraction_scores`)."""
    from taxlogic.agent.context import make_context
    from taxlogic.agent.solve import solve
    from taxlogic.agent.state import CaseInput
    from taxlogic.kb.airline import TOTAL_QUERY
    from taxlogic.kb.airline.domain import extraction_scores
    from taxlogic.kb.domain import get_domain

    contexts: dict = {}

    def run(item: RuleArenaItem) -> CaseRecord:
        if item.rules not in contexts:
            contexts[item.rules] = make_context(ds.rule_sets[item.rules], opts.engines(item.rules), opts.settings,
                                                model_name=opts.model_name, budget=opts.budget, grammar=opts.grammar,
                                                domain=get_domain("airline"))
        ctx = contexts[item.rules]
        inp = CaseInput(case_id=item.id, text=item.question, question=AIRLINE_QUESTION, kind="numeric",
                        query=TOTAL_QUERY, answer_var="X")
        result = solve(inp, replace(ctx), samples=opts.samples)
        pred = result.answer if not result.abstained else None
        return CaseRecord(**record_base(item, ds, "agent", ctx.model.model_name), prediction=pred,
                          abstained=result.abstained, reason=result.reason, rounds=len(result.rounds),
                          input_tokens=result.input_tokens, output_tokens=result.output_tokens, seconds=result.seconds,
                          errors=[i.render() for r in result.rounds for i in r.issues][-20:], facts=result.facts,
                          details={"extraction": extraction_scores(item.info, result.facts)},
                          transcript=transcript_of(result))
    return run


# ------------------------------------------------------------------------------------- summary


def rulearena_summary(records: list) -> dict[str, dict[str, Any]]:
    """Per domain: ``n``, ``correct``, ``accuracy`` (correct / n, RuleArena's Acc(t)),
    ``n_invalid`` (no answer read or the call failed; counted wrong), ``n_abstained`` and
    ``abstention_rate`` (the agent's abstentions; counted not correct), ``n_answered`` (neither)
    with ``accuracy_answered`` and ``err_answered``, plus the levels and shots seen; for agent
    runs on airline, ``extraction``: each field's mean share correct over the records scored
    against the gold ``info`` (:func:`taxlogic.kb.airline.domain.extraction_scores`, 0 to 1),
    with ``n`` the records scored."""
    out: dict[str, dict[str, Any]] = {}
    for domain in DOMAINS:
        rs = [r for r in records if r.kind == domain]
        if not rs:
            continue
        answered = [r for r in rs if not r.invalid and not r.abstained]  # the agent may abstain
        correct = sum(r.correct for r in rs)
        levels = sorted({r.details.get("level") for r in rs if r.details.get("level") is not None})
        shots = sorted({r.details.get("shots") for r in rs if r.details.get("shots") is not None})
        examples = sorted({str(r.details.get("oneshot_example")) for r in rs if r.details.get("oneshot_example")})
        out[domain] = {"n": len(rs), "correct": correct, "accuracy": correct / len(rs),
                       "n_invalid": sum(r.invalid for r in rs), "n_abstained": sum(r.abstained for r in rs),
                       "abstention_rate": sum(r.abstained for r in rs) / len(rs), "n_answered": len(answered),
                       "accuracy_answered": (sum(r.correct for r in answered) / len(answered)) if answered else None,
                       "err_answered": (sum(not r.correct for r in answered) / len(answered)) if answered else None,
                       "levels": levels, "shots": shots, "oneshot_examples": examples}
        scored = [r.details["extraction"] for r in rs if r.details.get("extraction")]
        if scored:
            fields = list(scored[0])
            out[domain]["extraction"] = {"n": len(scored), **{f: sum(x.get(f, 0.0) for x in scored) / len(scored)
                                                              for f in fields}}
    return out


# -------------------------------------------------------------------------------------- Table 2

#: RuleArena's Table 2, Acc(t) only: model -> setting -> domain -> (Level 1, 2, 3) = data levels 0-2.
PAPER_TABLE2: dict[str, dict[str, dict[str, tuple[float, float, float]]]] = {
    "Llama-3.1 70B": {"0-shot": {"airline": (0.01, 0.01, 0.00), "nba": (0.40, 0.36, 0.22), "tax": (0.01, 0.00, 0.00)},
                      "1-shot": {"airline": (0.17, 0.07, 0.01), "nba": (0.49, 0.25, 0.26), "tax": (0.11, 0.00, 0.00)}},
    "Qwen-2.5 72B": {"0-shot": {"airline": (0.01, 0.01, 0.00), "nba": (0.44, 0.43, 0.30), "tax": (0.10, 0.01, 0.00)},
                     "1-shot": {"airline": (0.19, 0.10, 0.01), "nba": (0.53, 0.35, 0.17), "tax": (0.17, 0.00, 0.00)}},
    "Llama-3.1 405B": {"0-shot": {"airline": (0.03, 0.06, 0.01), "nba": (0.49, 0.30, 0.28), "tax": (0.16, 0.02, 0.00)},
                       "1-shot": {"airline": (0.32, 0.16, 0.04), "nba": (0.56, 0.29, 0.10), "tax": (0.24, 0.03, 0.00)}},
    "Claude-3.5 Sonnet": {"0-shot": {"airline": (0.04, 0.00, 0.01), "nba": (0.38, 0.40, 0.28), "tax": (0.32, 0.02, 0.00)},
                          "1-shot": {"airline": (0.29, 0.30, 0.11), "nba": (0.58, 0.47, 0.26), "tax": (0.64, 0.16, 0.00)}},
    "GPT-4o": {"0-shot": {"airline": (0.02, 0.00, 0.00), "nba": (0.40, 0.26, 0.24), "tax": (0.42, 0.07, 0.00)},
               "1-shot": {"airline": (0.32, 0.16, 0.05), "nba": (0.40, 0.28, 0.20), "tax": (0.57, 0.07, 0.00)}},
}

TABLE2_COLUMNS: tuple[tuple[str, int], ...] = tuple((d, lv) for d in DOMAINS for lv in (0, 1, 2))


def report_rows(cfg: "RunConfig", records: list, summary: dict[str, Any], run_dir: Path, label: str) -> list[dict[str, Any]]:
    """``ReportRow`` fields for one RuleArena run: one row per domain, acc/err in %, and a note
    naming the tax 1-shot example, invalid records and the max_tokens cap."""
    import collections

    out = []
    for domain, m in summary["metrics"].items():
        rs = [r for r in records if r.kind == domain]
        notes = []
        examples = {(r.details.get("oneshot_example"), r.details.get("oneshot_example_official")) for r in rs
                    if domain == "tax" and r.details.get("shots")}
        for ex, official in sorted(examples, key=str):
            why = "RuleArena's choice for this model" if official else "model outside RuleArena's mapping; chosen by taxlogic"
            notes.append(f"tax 1-shot example {ex!r} ({why})")
        if m["n_invalid"]:
            reason = collections.Counter((r.reason or "")[:240] for r in rs if r.invalid).most_common(1)[0][0]
            notes.append(f"{m['n_invalid']}/{m['n']} invalid (counted wrong), e.g. {reason}")
        if m.get("extraction"):
            ex = m["extraction"]
            fields = ", ".join(f"{f} {v:.2f}" for f, v in ex.items() if f != "n")
            notes.append(f"{m['n_abstained']}/{m['n']} abstained; field extraction vs gold info (mean of {ex['n']}): {fields}")
        caps = {r.details.get("max_tokens") for r in rs if r.details.get("max_tokens")}
        if caps:
            notes.append(f"replies capped at {max(caps)} tokens (RuleArena sends no max_tokens)")
        out.append(dict(method=label, split=f"{cfg.dataset}/{cfg.split}", task=domain, n=m["n"], acc=100 * m["accuracy"],
                        err=None if m["err_answered"] is None else 100 * m["err_answered"], shots=cfg.shots or 0,
                        setting=setting_label(cfg.shots, cfg.task), total=COUNTS.get((domain, parse_split(cfg.split))),
                        note="; ".join(notes) or None, run=str(run_dir)))
    return out


def setting_label(shots: int | None, variant: str | None) -> str:
    """'0-shot', '1-shot', '1-shot textual'."""
    label = f"{shots or 0}-shot"
    return label if variant in (None, "", "all") else f"{label} {variant}"


def table2(rows: list, *, paper: bool = False) -> tuple[list[str], list[list[str]], list[str]]:
    """RuleArena rows of a report (``ReportRow`` with ``split`` = ``rulearena-<domain>/level<k>``)
    as Table 2: one line per (method, setting), one column per domain and level, cells Acc(t)
    with two decimals (``n=…/total`` added when a run covers only part of the level). Returns
    (header, lines, notes). ``paper``: append RuleArena's published Acc(t) lines."""
    header = ["model / method", "setting"] + [f"{d} L{lv + 1}" for d, lv in TABLE2_COLUMNS]
    lines: dict[tuple[str, str], dict[tuple[str, int], str]] = {}
    notes: list[str] = []
    for r in rows:
        dataset, _, split = r.split.partition("/")
        if dataset not in DATASETS or split not in SPLITS:
            continue
        domain, level = DATASETS[dataset], int(split[-1])
        key = (r.method, r.setting or setting_label(r.shots, None))
        if (domain, level) in lines.get(key, {}):  # two runs for one cell: the later gets its own line
            key = (f"{r.method} [{Path(r.run).name}]", key[1])
        total = r.total or COUNTS.get((domain, level))
        cell = "–" if r.acc is None else f"{r.acc / 100:.2f}"
        if r.acc is not None and total and r.n < total:
            cell += f" (n={r.n}/{total})"
        lines.setdefault(key, {})[(domain, level)] = cell
        note = f"{r.method}, {key[1]}, {domain} L{level + 1}: {r.note}" if r.note else None
        if note and note not in notes:
            notes.append(note)
    body = [[m, s] + [cells.get(c, "") for c in TABLE2_COLUMNS] for (m, s), cells in lines.items()]
    if paper:
        for model, settings in PAPER_TABLE2.items():
            for setting, by_domain in settings.items():
                body.append([f"paper: {model}", setting] + [f"{by_domain[d][lv]:.2f}" for d, lv in TABLE2_COLUMNS])
    notes.append("RuleArena's Table 2 numbers its levels 1-3; L1-L3 here are the data's level0-level2. "
                 "Only Acc(t) is reproduced (P/AC/R need RuleArena's GPT-4o judge).")
    return header, body, notes


def table2_markdown(rows: list, *, paper: bool = True) -> str:
    header, body, notes = table2(rows, paper=paper)
    if not any(not line[0].startswith("paper: ") for line in body):
        return ""
    out = ["## RuleArena (Table 2 shape: Acc(t) per domain and level)", "",
           "| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    out += ["| " + " | ".join(line) + " |" for line in body]
    out += [""] + [f"- {n}" for n in notes]
    return "\n".join(out) + "\n"


TABLE2 = ReportTable(title="RuleArena: Acc(t) per domain and level (Table 2 shape)", lines=table2,
                     markdown=table2_markdown)


# --------------------------------------------------------------------------------- benchmarks


def _airline_rules() -> dict[str, "RuleSet"]:
    from taxlogic.kb.airline import airline_rules

    return {"r": airline_rules()}


class RuleArenaBenchmark(Benchmark):
    """One RuleArena domain, ``rulearena-<domain>``, with its own ``methods`` and, where a
    knowledge base computes its answers, ``rule_sets()`` giving its rule sets."""

    family = "RuleArena"
    title = "RuleArena"
    splits = (*SPLITS, "all")
    default_split = "all"
    takes_shots = True
    generic_methods = False
    report_table = TABLE2

    def __init__(self, domain: str, methods: dict[str, Any],
                 rule_sets: Callable[[], dict[str, "RuleSet"]] | None = None):
        self.domain, self.name, self.methods, self._rule_sets = domain, f"rulearena-{domain}", methods, rule_sets

    def items(self, split: str, task: str, options: LoadOptions):
        levels = (0, 1, 2) if split == "all" else (parse_split(split),)
        items = [it for level in levels for it in load_rulearena(self.domain, level, shots=options.shots,
                                                                 variant=task, model=options.model)]
        return items, self._rule_sets() if self._rule_sets else {}

    def is_correct(self, item: RuleArenaItem, record: CaseRecord) -> bool:
        reply = record.details.get("reply")
        if reply is not None:  # a free-text reply: RuleArena's own check
            return score(item, reply).correct
        return record.prediction is not None and record.prediction == item.answer

    def unavailable(self, method: str) -> str:
        return f"--method {method} needs a Prolog knowledge base for {self.name}; use --method direct"

    def metrics(self, records):
        return rulearena_summary(records)

    def headline(self, kind: str, metrics: dict[str, Any]) -> dict[str, float | None]:
        """Accuracy, Err among all cases and among answered, abstention (the agent's)."""
        err = metrics.get("err_answered")
        return {"acc": metrics.get("accuracy"), "err": None if err is None else err * metrics["n_answered"] / metrics["n"],
                "err_answered": err, "abstain": metrics.get("abstention_rate")}

    def report_rows(self, cfg, records, summary, run_dir, label):
        return report_rows(cfg, records, summary, run_dir, label)


register(RuleArenaBenchmark("airline", {"direct": direct_method, "gold": airline_gold_method,
                                        "agent": airline_agent_method}, _airline_rules))
register(RuleArenaBenchmark("tax", {"direct": direct_method}))
register(RuleArenaBenchmark("nba", {"direct": direct_method}))
