"""What a reproduction will run and cost, before anything runs: per cell, the cases still to do,
the LLM calls, and the input and output tokens of the prompts *as they will be sent*, built by the
same functions the methods send them with (:func:`taxlogic.eval.methods.direct.direct_messages`,
:func:`taxlogic.eval.methods.registry.translation_messages` with the paper protocol's held-out exemplars,
A.1.1's quiz messages), counted by :mod:`taxlogic.eval.scoring.tokens`; dollars from a price
(:mod:`taxlogic.eval.scoring.prices`).

Output tokens are not known before a model writes them. Estimates: a translation is as long as the
item's gold translation (its gold fact clauses); a direct answer :data:`DIRECT_OUTPUT_ASSUMED`
tokens (a reasoning model may write far more); a quiz answer :data:`QUIZ_OUTPUT`. Where a previous
run of the cell has records, their measured means replace these (output tokens per call, and the
agent's repair rate: repair calls per case). Without a measured repair rate the agent's figures
are a range, from no repair to every case using its whole budget; Table 7's BCQ phase is a range
too (one to four non-preferred positions, known only after BDQ).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from taxlogic.eval.experiments.paper.cells import AGENT_BUDGET, Cell, cell_config, load_cell, quiz_instances
from taxlogic.eval.scoring.prices import Price
from taxlogic.eval.scoring.records import read_records
from taxlogic.eval.scoring.tokens import MESSAGE_OVERHEAD, count_tokens, message_tokens

#: Assumed output tokens of one direct answer (A.1.3's JSON with a brief reasoning) until a run
#: measures it.
DIRECT_OUTPUT_ASSUMED = 400
#: Output tokens of one quiz answer (``{"answer": "X"}``).
QUIZ_OUTPUT = 8
#: Tokens of the repair request around the issues (the template, the issues' text).
REPAIR_REQUEST = 250


@dataclass
class CellPlan:
    """One cell's plan: ``cases`` (items in the cell), ``todo`` (not yet done), LLM ``calls`` and
    tokens as (low, high) ranges (equal when nothing is assumed), the ``basis`` of the estimate
    in words, and the ``dollars`` range (None: unpriced)."""

    cell: Cell
    cases: int
    todo: int
    calls: tuple[int, int]
    input_tokens: tuple[int, int]
    output_tokens: tuple[int, int]
    basis: list[str] = field(default_factory=list)
    dollars: tuple[float, float] | None = None

    def as_json(self) -> dict[str, Any]:
        d = asdict(self)
        d["cell"] = self.cell.name
        d.update(method=self.cell.method, dataset=self.cell.dataset, split=self.cell.split, task=self.cell.task)
        return d


@dataclass
class Plan:
    """The whole reproduction: its cells' plans, the model, the price used and the totals."""

    model: str
    cells: list[CellPlan]
    price: Price | None

    def total(self, attr: str) -> tuple[int, int]:
        vals = [getattr(c, attr) for c in self.cells]
        return sum(v[0] for v in vals), sum(v[1] for v in vals)

    @property
    def todo(self) -> int:
        return sum(c.todo for c in self.cells)

    @property
    def dollars(self) -> tuple[float, float] | None:
        if self.price is None:
            return None
        return tuple(round(sum(c.dollars[i] for c in self.cells), 4) for i in (0, 1))  # type: ignore[return-value]

    def as_json(self) -> dict[str, Any]:
        return {"model": self.model, "cells": [c.as_json() for c in self.cells], "todo": self.todo,
                "calls": self.total("calls"), "input_tokens": self.total("input_tokens"),
                "output_tokens": self.total("output_tokens"), "dollars": self.dollars,
                "price": None if self.price is None else asdict(self.price)}


def _mean(xs: list[float]) -> float | None:
    return sum(xs) / len(xs) if xs else None


def plan_cell(cell: Cell, out: Path, model: str, *, plus_dir: Path | None, limit: int | None,
              budget: int = AGENT_BUDGET, price: Price | None = None) -> CellPlan:
    """The plan of one cell (see the module doc). Raises as :func:`~.cells.load_cell` does."""
    if cell.is_quiz:
        return _plan_quiz(cell, out, limit, price)
    from taxlogic.eval.methods.registry import MethodOptions, exemplar_source, translation_messages

    ds, pool = load_cell(cell, model, plus_dir, limit)
    done = {r.case_id: r for r in read_records(cell.folder(out))}
    items = ds.items
    todo = [i for i in items if i.id not in done]
    previous = [done[i.id] for i in items if i.id in done]
    basis: list[str] = []
    measured_out = _mean([r.output_tokens / max(1, r.rounds) for r in previous if r.output_tokens])
    if cell.method == "direct":
        from taxlogic.eval.methods.direct import direct_messages

        statutes = {k: rs.statute_text() for k, rs in ds.rule_sets.items()}
        ins = [message_tokens(direct_messages(i.text, i.question, i.kind, statutes[i.rules])) for i in todo]
        out_each = measured_out or DIRECT_OUTPUT_ASSUMED
        basis.append(f"output {out_each:,.0f} tokens a call " + (f"(measured on {len(previous)} cases)" if measured_out
                                                                  else "(assumed: A.1.3's JSON with a brief reasoning)"))
        n_in, n_out = sum(ins), round(out_each * len(todo))
        return _priced(CellPlan(cell, len(items), len(todo), (len(todo),) * 2, (n_in,) * 2, (n_out,) * 2, basis), price)

    opts = MethodOptions(exemplars=4, exemplar_pool=pool, query_in_prompt=False, anchors=False)
    source = exemplar_source(ds, opts)
    firsts = [message_tokens(translation_messages(ds, i, opts, source, agent=cell.method == "agent")) for i in todo]
    outs = [count_tokens(_gold_translation(i)) for i in todo]
    if measured_out:
        scale = measured_out / max(1.0, _mean([count_tokens(_gold_translation(i)) for i in items if i.id in done]) or 1.0)
        outs = [round(o * scale) for o in outs]
        basis.append(f"output scaled by {scale:.2f} (measured on {len(previous)} cases against their gold translations)")
    else:
        basis.append("output as long as each item's gold translation")
    basis.append("input: the A.1.4/A.1.5 prompt, 4 held-out exemplars, the case")
    n_in, n_out = sum(firsts), sum(outs)
    if cell.method == "prolog-single-shot":
        return _priced(CellPlan(cell, len(items), len(todo), (len(todo),) * 2, (n_in,) * 2, (n_out,) * 2, basis), price)
    # agent: the k-th repair resends the conversation, plus the facts so far and a repair request each round
    def repairs(k: float) -> tuple[float, float, float]:
        calls = ins = outs_ = 0.0
        for f_in, f_out in zip(firsts, outs):
            full, part = int(k), k - int(k)
            for j in range(1, full + 1):
                ins += f_in + j * (f_out + REPAIR_REQUEST + 2 * MESSAGE_OVERHEAD)
            if part:
                ins += part * (f_in + (full + 1) * (f_out + REPAIR_REQUEST + 2 * MESSAGE_OVERHEAD))
            calls += k
            outs_ += k * f_out
        return calls, ins, outs_
    rate = _mean([max(0, r.rounds - 1) for r in previous if r.rounds])
    if rate is not None:
        basis.append(f"repair rate {rate:.2f} repairs a case (measured on {len(previous)} cases)")
        c, i_, o_ = repairs(rate)
        lo = hi = (len(todo) + round(c), n_in + round(i_), n_out + round(o_))
    else:
        basis.append(f"repairs: none to {budget} a case (no previous run to measure the repair rate)")
        c, i_, o_ = repairs(budget)
        lo, hi = (len(todo), n_in, n_out), (len(todo) + round(c), n_in + round(i_), n_out + round(o_))
    return _priced(CellPlan(cell, len(items), len(todo), (lo[0], hi[0]), (lo[1], hi[1]), (lo[2], hi[2]), basis), price)


def _gold_translation(item: Any) -> str:
    """The item's gold fact clauses (what a perfect translator writes), the yardstick of a
    translation's length."""
    from taxlogic.eval.faults.verifier import gold_program

    return gold_program(item).fact_text


def _plan_quiz(cell: Cell, out: Path, limit: int | None, price: Price | None) -> CellPlan:
    """Table 7: one BDQ call per instance, then one BCQ call per instance and non-preferred
    position (one to four); each quiz shows four perturbations about as long as the instance.
    Perturbations are made offline (no LLM call)."""
    from taxlogic.eval.experiments.contamination import quiz_messages
    from taxlogic.eval.experiments.contamination import _load_records  # noqa: PLC2701 - the quiz's own records file

    import json

    instances = quiz_instances(limit)
    folder = cell.folder(out)
    summary = json.loads((folder / "summary.json").read_text()) if (folder / "summary.json").is_file() else {}
    basis = ["perturbations offline (no LLM call)", "BCQ: one to four non-preferred positions (known after BDQ)"]
    if summary.get("complete") and summary.get("instances") == len(instances):
        return _priced(CellPlan(cell, len(instances), 0, (0, 0), (0, 0), (0, 0), ["done"]), price)
    answered = _load_records(folder / "records.jsonl") if (folder / "records.jsonl").is_file() else {}
    bdq_todo = sum(f"bdq:-:{i.id}" not in answered for i in instances)
    bcq_done = sum(k.startswith("bcq:") for k in answered)
    lo_calls = bdq_todo + max(0, len(instances) - bcq_done)
    hi_calls = bdq_todo + max(0, 4 * len(instances) - bcq_done)
    each = [message_tokens(quiz_messages([i.text] * 4, i.kind)) for i in instances]
    mean_in = sum(each) / max(1, len(each))
    plan = CellPlan(cell, len(instances), bdq_todo, (lo_calls, hi_calls),
                    (round(mean_in * lo_calls), round(mean_in * hi_calls)), (QUIZ_OUTPUT * lo_calls, QUIZ_OUTPUT * hi_calls),
                    basis)
    return _priced(plan, price)


def _priced(plan: CellPlan, price: Price | None) -> CellPlan:
    if price is not None:
        plan.dollars = (round(price.dollars(plan.input_tokens[0], plan.output_tokens[0]), 4),
                        round(price.dollars(plan.input_tokens[1], plan.output_tokens[1]), 4))
    return plan


def make_plan(cells: list[Cell], out: Path, model: str, *, plus_dir: Path | None, limit: int | None,
              budget: int = AGENT_BUDGET, price: Price | None = None, progress=None) -> Plan:
    """The plan of every cell (``progress(done, total)`` after each)."""
    plans = []
    for k, cell in enumerate(cells):
        plans.append(plan_cell(cell, out, model, plus_dir=plus_dir, limit=limit, budget=budget, price=price))
        if progress:
            progress(k + 1, len(cells))
    return Plan(model, plans, price)


__all__ = ["CellPlan", "Plan", "make_plan", "plan_cell", "cell_config"]
