"""The per-case data of the HTML report (:mod:`taxlogic.eval.reports.html_report`): every case of the
runs, with its text and question, and per run what the method did, as plain JSON-ready dicts.

A case is the same across runs when its dataset, id, rule set and text agree (so a SARA⁺ split
that perturbs a case's text keeps it apart from the original). Cases whose verdict differs
between runs come first, then by case id (natural order: ``tax_case_2`` before ``tax_case_10``).
"""

from __future__ import annotations

import difflib
import hashlib
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from taxlogic.eval.scoring.records import CaseRecord, RunConfig
from taxlogic.kb.sara.data.cases import natural_key

#: Characters kept of one text field (case text, model reply) on the page; longer ones are cut
#: with a note, so that one runaway reply cannot make a report unusable.
TEXT_CAP = 20_000
VERDICTS = ("correct", "wrong", "abstained", "invalid")
_RENDERED_ISSUE = re.compile(r"^(?:line (\d+): )?([a-z_]+): (.*)$", re.S)  # taxlogic.core.Issue.render


@dataclass
class Run:
    """One run folder as the report shows it."""

    label: str
    path: Path
    config: RunConfig
    records: list[CaseRecord]


def verdict(rec: CaseRecord) -> str:
    """correct | wrong | abstained | invalid (an abstention is never counted wrong)."""
    if rec.abstained:
        return "abstained"
    if rec.invalid:
        return "invalid"
    return "correct" if rec.correct else "wrong"


def _cap(text: str | None) -> str | None:
    if text is None or len(text) <= TEXT_CAP:
        return text
    return text[:TEXT_CAP] + f"\n… ({len(text) - TEXT_CAP:,} more characters not shown)"


def case_texts(cfg: RunConfig) -> dict[str, dict[str, Any]]:
    """Case id -> {text, question, split} from the run's dataset; empty when the dataset cannot
    be loaded here (data not installed, a SARA⁺ build elsewhere): the page then says so."""
    from taxlogic.eval.benchmarks import load_dataset
    from taxlogic.settings import get_settings

    try:
        ds = load_dataset(cfg.dataset, cfg.split, cfg.task, limit=cfg.limit, shots=cfg.shots or 0,
                          model=cfg.model or get_settings().llm_model)
    except (ValueError, OSError, RuntimeError):  # RuntimeError: taxlogic.kb.datafiles.DataError
        return {}
    out = {}
    for item in ds.items:
        text, question = getattr(item, "text", None), getattr(item, "question", None)
        rulebook = None
        if text is None:  # RuleArena: the problem's own text; the rulebook behind a link
            text, question, rulebook = rulearena_text(item)
        out[item.id] = {"text": _cap(text), "question": question, "split": getattr(item, "split", None),
                        "rulebook": rulebook}
    return out


def rulearena_text(item) -> tuple[str, str | None, str | None]:
    """(text, question, rulebook) of a RuleArena problem as the report shows it: the problem's own
    text, never the rulebook its prompt holds first (NBA: team and player situations and the
    operations, :mod:`taxlogic.kb.nba.data.problems`; airline: the passenger's trip; tax: the filled
    forms, :func:`taxlogic.kb.form1040.reading.problem_forms`), the domain's question, and the
    rulebook as a ``file:`` link (NBA and airline: RuleArena's ``reference_rules.txt``; None
    when it is not found here). Falls back to the whole prompt when the text cannot be read."""
    from taxlogic.eval.benchmarks.rulearena.data import rulearena_root
    from taxlogic.kb.datafiles import DataError

    domain = getattr(item, "domain", None)
    rulebook = None
    try:
        book = rulearena_root() / domain / "reference_rules.txt" if domain in ("nba", "airline") else None
        rulebook = book.resolve().as_uri() if book is not None and book.is_file() else None
    except DataError:
        pass
    try:
        if domain == "nba":
            from taxlogic.kb.nba.domain import NBA_QUESTION
            from taxlogic.kb.nba.data.problems import problem_texts

            return {p.id: p for p in problem_texts()}[item.id].text, NBA_QUESTION, rulebook
        if domain == "airline" and item.question:
            from taxlogic.eval.benchmarks.rulearena.airline import AIRLINE_QUESTION

            return item.question, AIRLINE_QUESTION, rulebook
        if domain == "tax":
            from taxlogic.eval.benchmarks.rulearena.tax import TAX_QUESTION
            from taxlogic.kb.form1040.reading import problem_forms

            return problem_forms(item.user_prompt), TAX_QUESTION, rulebook
    except (KeyError, ValueError, DataError):
        pass
    return getattr(item, "question", None) or getattr(item, "user_prompt", ""), None, rulebook


def unified_diff(old: str, new: str) -> list[str]:
    """The repair's change between two fact sets, as unified-diff lines (hunk headers, 2 lines of context)."""
    return list(difflib.unified_diff(old.splitlines(), new.splitlines(), lineterm="", n=2))[2:]


def _issue(i) -> dict[str, Any]:
    return {"kind": i.kind, "message": i.message, "line": i.line}


def _parsed_error(text: str) -> dict[str, Any]:
    m = _RENDERED_ISSUE.match(text)
    if not m:
        return {"kind": "error", "message": text, "line": None}
    return {"kind": m.group(2), "message": m.group(3), "line": int(m.group(1)) if m.group(1) else None}


def _explanation(rec: CaseRecord) -> Any:
    ex = getattr(rec, "explanation", None)
    return ex.model_dump(mode="json") if hasattr(ex, "model_dump") else ex


def record_view(rec: CaseRecord) -> dict[str, Any]:
    """What the page shows of one record. Agent records with a transcript give their rounds
    (facts, issues by line, the repair's diff, Prolog's outcome) and trace; older records their
    last facts and error lines."""
    view: dict[str, Any] = {
        "verdict": verdict(rec), "prediction": rec.prediction, "gold": rec.gold, "reason": rec.reason,
        "method": rec.method, "model": rec.model, "rounds_n": rec.rounds, "tokens": [rec.input_tokens, rec.output_tokens],
        "seconds": round(rec.seconds, 3), "explanation": _explanation(rec),
    }
    details = dict(rec.details)
    reply = details.pop("raw", None)
    view["reply"] = _cap(reply) if isinstance(reply, str) else None
    view["details"] = details or None
    t = rec.transcript
    if t is None:
        view.update(rounds=None, trace=None, query=None, facts=_cap(rec.facts), errors=[_parsed_error(e) for e in rec.errors])
        view["kinds"] = sorted({e["kind"] for e in view["errors"]})
        return view
    rounds, prev = [], {}
    for r in t.rounds:
        before = prev.get(r.sample)
        rounds.append({"sample": r.sample, "index": r.index, "facts": _cap(r.facts), "issues": [_issue(i) for i in r.issues],
                       "outcome": r.outcome, "answer": r.answer, "tokens": [r.input_tokens, r.output_tokens],
                       "seconds": round(r.seconds, 3),
                       "diff": unified_diff(before, r.facts) if before is not None else None})
        prev[r.sample] = r.facts
    view.update(rounds=rounds, query=t.query, facts=None, errors=None,
                trace=[[s.node, s.round, round(s.seconds, 3), s.input_tokens, s.output_tokens, s.issues, _cap(s.detail), s.sample]
                       for s in t.trace],
                samples=len({r.sample for r in t.rounds}))
    view["kinds"] = sorted({i.kind for r in t.rounds for i in r.issues})
    return view


def page_cases(runs: list[Run], texts: Callable[[RunConfig], dict] = case_texts) -> list[dict[str, Any]]:
    """Every case of ``runs``: {key, id, dataset, split, task, text, question, runs: [view or None
    per run], differs (the runs that hold the case disagree on its verdict)}; those cases first.
    ``texts``: a run's case texts by id (default :func:`case_texts`)."""
    cases: dict[tuple, dict[str, Any]] = {}
    for n, run in enumerate(runs):
        texts_of_run = texts(run.config)
        for rec in run.records:
            info = texts_of_run.get(rec.case_id, {})
            digest = hashlib.sha1((info.get("text") or "").encode()).hexdigest()[:10]
            key = (rec.dataset, rec.case_id, rec.rules, digest)
            case = cases.get(key)
            if case is None:
                case = cases[key] = {"key": "/".join(key), "id": rec.case_id, "dataset": rec.dataset,
                                     "split": info.get("split") or rec.split, "task": rec.kind,
                                     "text": info.get("text"), "question": info.get("question"),
                                     "rulebook": info.get("rulebook"), "runs": [None] * len(runs)}
            if case["runs"][n] is None:
                case["runs"][n] = record_view(rec)
    out = list(cases.values())
    for c in out:
        present = {v["verdict"] for v in c["runs"] if v is not None}
        c["differs"] = len(present) > 1
    out.sort(key=lambda c: (not c["differs"], natural_key(c["id"]), c["key"]))
    return out
