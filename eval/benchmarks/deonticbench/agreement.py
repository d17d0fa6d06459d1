"""DeonticBench's SARA and airline cases through the knowledge bases taxlogic already has, from
their gold facts: where each case comes from, whether its text, question and label are the
source release's, and whether taxlogic's KB gives the DeonticBench label.

* SARA numeric: SARA v2 (Holzenberger and Van Durme 2021; :mod:`taxlogic.kb.sara.data.v2`), same ids
  (``tax_case_N``); the v2 gold program under v2's statutes;
* SARA binary: SARA (2020 release; :mod:`taxlogic.kb.sara.data.cases`), same ids (``s1_a_2_ii_neg``);
  label 1 = Entailment, 0 = Contradiction; the 2020 gold program under the 2020 statutes;
* airline: RuleArena airline (Zhou et al. 2024), ``airline_cases_complexity_L_airline_cases_I``
  = RuleArena ``airline-L-(I-1)`` (DeonticBench counts from 1, RuleArena from 0; the texts match); RuleArena's ``info`` record as facts (:func:`taxlogic.kb.airline.info_to_facts`)
  under the airline KB (``kb/airline``).

A KB answer agrees under the benchmark's rule (:func:`.scoring.is_correct`: ±$1 for dollars) and
is also compared exactly (whole dollars). Texts are compared with white space normalised.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from taxlogic.eval.benchmarks.deonticbench.scoring import dollars, is_correct
from taxlogic.kb.statutes.data import DeonticCase

__all__ = ["Agreement", "SOURCES", "agreement_rows"]

#: The release each KB-backed domain's cases come from, as taxlogic names it.
SOURCES = {"sara_numeric": "SARA v2", "sara_binary": "SARA (2020 release)", "airline": "RuleArena airline"}
_AIRLINE_ID = re.compile(r"^airline_cases_complexity_(\d)_airline_cases_(\d+)$")


@dataclass(frozen=True)
class Agreement:
    """One DeonticBench case against its source release: ``source_id`` (None: no such case there),
    ``text_same``, ``question_same``, ``source_label`` (the source's gold answer, as the
    DeonticBench label writes it), ``label_same``, ``kb_answer`` (taxlogic's KB from the source's
    gold facts; None: no answer), ``kb_agrees`` (by the benchmark's rule), ``kb_exact`` (whole
    dollars or the same 0/1)."""

    case_id: str
    domain: str
    source: str
    source_id: str | None
    text_same: bool
    question_same: bool
    label: str
    source_label: str | None
    label_same: bool
    kb_answer: str | None
    kb_agrees: bool
    kb_exact: bool
    reason: str | None = None


def _norm(text: str) -> str:
    return " ".join(text.split())


def _row(c: DeonticCase, source_id, text, question, source_label, kb_answer, reason=None) -> Agreement:
    agrees = kb_answer is not None and is_correct(c.domain, c.label, kb_answer)
    exact = kb_answer is not None and (dollars(kb_answer) == dollars(c.label) if c.domain != "sara_binary"
                                       else str(kb_answer) == c.label)
    return Agreement(case_id=c.id, domain=c.domain, source=SOURCES[c.domain], source_id=source_id,
                     text_same=text is not None and _norm(text) == _norm(c.text),
                     question_same=question is not None and _norm(question) == _norm(c.question), label=c.label,
                     source_label=source_label, label_same=source_label is not None and source_label == c.label,
                     kb_answer=None if kb_answer is None else str(kb_answer), kb_agrees=agrees, kb_exact=exact,
                     reason=reason)


def _missing(c: DeonticCase, why: str) -> Agreement:
    return _row(c, None, None, None, None, None, why)


def _sara_rows(cases: list[DeonticCase], source_cases: dict, rules, binary: bool) -> list[Agreement]:
    from taxlogic.eval.methods.gold import run_gold
    from taxlogic.tools.engine import Engine

    found = [source_cases[c.id] for c in cases if c.id in source_cases]
    with Engine(rules, workers=1) as engine:
        results = {g.case_id: g for g in run_gold(engine, found, mode="first")}
    rows = []
    for c in cases:
        s = source_cases.get(c.id)
        if s is None:
            rows.append(_missing(c, f"no {SOURCES[c.domain]} case {c.id}"))
            continue
        g = results[s.id]
        if binary:
            label = {"Entailment": "1", "Contradiction": "0"}.get(str(s.expected))
            kb = {"Entailment": "1", "Contradiction": "0"}.get(str(g.prediction)) if g.prediction is not None else None
        else:
            label, kb = str(s.expected), g.prediction
        rows.append(_row(c, s.id, s.text, s.question, label, kb, g.reason))
    return rows


def _airline_rows(cases: list[DeonticCase]) -> list[Agreement]:
    from taxlogic.eval.benchmarks.rulearena.data import load_rulearena
    from taxlogic.eval.benchmarks.rulearena.direct import single_value
    from taxlogic.kb.airline import TOTAL_QUERY, airline_rules, info_to_facts
    from taxlogic.tools.engine import Engine, Job

    items = {it.id: it for level in (0, 1, 2) for it in load_rulearena("airline", level)}
    rows = []
    with Engine(airline_rules(), workers=1) as engine:
        for c in cases:
            m = _AIRLINE_ID.match(c.id)
            it = items.get(f"airline-{m.group(1)}-{int(m.group(2)) - 1}") if m else None
            if it is None:
                rows.append(_missing(c, f"no RuleArena airline problem for {c.id}"))
                continue
            outcome = engine.run(Job(facts=info_to_facts(it.info), query=TOTAL_QUERY, mode="all", var="X"))
            value = single_value(outcome)
            rows.append(_row(c, it.id, it.question, None, str(it.answer), value,
                             None if value is not None else outcome.summary()))
    return rows


def agreement_rows(domain: str, split: str = "hard") -> list[Agreement]:
    """Every case of ``domain`` (``sara_numeric``, ``sara_binary``, ``airline``) and ``split``
    against its source release and taxlogic's KB (module doc). Raises ValueError for another
    domain, DataError when the source release is not installed."""
    from taxlogic.kb.statutes.data import cases as deontic_cases

    cs = deontic_cases(domain, split)
    if domain == "sara_numeric":
        from taxlogic.kb.sara.data.v2 import load_v2_cases, v2_rules

        return _sara_rows(cs, {c.id: c for c in load_v2_cases()}, v2_rules(), binary=False)
    if domain == "sara_binary":
        from taxlogic.kb.sara.data.cases import load_cases
        from taxlogic.kb.sara.data.install import sara_rules

        return _sara_rows(cs, {c.id: c for c in load_cases()}, sara_rules(), binary=True)
    if domain == "airline":
        return _airline_rows(cs)
    raise ValueError(f"no knowledge base of taxlogic's for DeonticBench {domain} (only {', '.join(SOURCES)})")
