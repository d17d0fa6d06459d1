"""Imperfect anchorers, and the inspector under them (issue 22; ``taxlogic eval verifier --anchors``).

An anchored translation closes each group of facts with the words of the case it comes from
(:mod:`taxlogic.tools.facts`). Translators anchor honestly but imperfectly; each anchorer below
writes the anchors of a fact text the way one such translator would, from the case text and the
facts alone (never the answer):

``none``
    no anchors at all (the paper's prompts);
``aligned``
    one anchor per group, the sentence the aligner finds for it: a careful translator;
``word_overlap``
    one anchor per group, the sentence sharing the most words with the group's constants and
    numbers (ties: the first): a lazy reading;
``shifted``
    the aligner's sentence moved to the next sentence (the previous one for the last): an
    anchor on a neighbouring sentence;
``whole_text``
    every fact closed by one anchor quoting the whole text;
``missing``
    the aligner's anchors, with one group in two (drawn from the seed) left without one.

:func:`run_anchor_simulation` puts every clean gold fact program (rule programs are left out:
their facts are partly derived, no translator writes them) through the agent's inspection under
each anchorer, then every corruption of :mod:`taxlogic.eval.faults.corrupt` under each:

- correct facts: **right** (no issue, the gold answer), **wrong** (no issue, another answer),
  **abstained** (an issue: the agent would repair, and with nothing to change, abstain);
- a corruption, with a perfect repair (the next translation is the gold facts, anchored by the
  same anchorer): **repaired** (flagged, and the repair is answered right), **slipped** (not
  flagged and the answer changed: a wrong answer), **right** (not flagged, the answer did not
  change), **abstained** (flagged, and the repair is not answered right either); **limited**:
  the corrupted set's Prolog run hit the quick inference budget (answer unknown; left out).

Anchors are comments: Prolog's answer does not depend on them, so each fact set runs once and
only the inspector's checks run per anchorer. The facts are kept as written (a malformed
clause stays malformed); only anchor lines are added.
"""

from __future__ import annotations

import random
import re
import time
from collections import Counter
from typing import Callable, Sequence

from taxlogic.kb.sara.checks.align import align, group_key
from taxlogic.kb.sara.reading.text import plain_number, read_sentences
from taxlogic.tools.facts import Atom, Number, anchor_comment, parse_facts
from taxlogic.tools.limits import QUICK_INFERENCES

ANCHORERS = ("none", "aligned", "word_overlap", "shifted", "whole_text", "missing")


def _groups(fact_text: str):
    """Runs of facts of one group, in order: [(group key, [fact lines])]."""
    out: list[tuple[str, list]] = []
    for f in parse_facts(fact_text)[0]:
        key = group_key(f)
        if out and out[-1][0] == key:
            out[-1][1].append(f)
        else:
            out.append((key, [f]))
    return out


def _write(groups: list[tuple[list, tuple[str, ...]]], raw: list[str]) -> str:
    """The facts as written (``raw``: the input's lines, so that a malformed clause stays
    malformed), each group closed by its anchor; lines that are no fact come last."""
    lines, used = [], set()
    for facts, spans in groups:
        for f in facts:
            if f.line not in used:
                used.add(f.line)
                lines.append(raw[f.line - 1])
        if spans:
            lines.append(anchor_comment(spans).strip())
    lines += [line for i, line in enumerate(raw, 1) if i not in used and line.strip()]
    return "\n".join(lines) + "\n"


def _words(facts) -> set[str]:
    out: set[str] = set()
    for f in facts:
        for a in f.args:
            if isinstance(a, Atom):
                out |= {w for w in a.value.lower().split("_") if len(w) > 2}
            elif isinstance(a, Number):
                out.add(plain_number(a.canonical))
            elif hasattr(a, "value") and isinstance(a.value, str):
                out |= {w for w in re.findall(r"[a-z0-9]+", a.value.lower()) if len(w) > 2}
    return out


def anchor(text: str, fact_text: str, anchorer: str, *, seed: str = "0", terms: dict | None = None) -> str:
    """``fact_text`` anchored by ``anchorer`` (module doc). Raises KeyError for an unknown one."""
    if anchorer not in ANCHORERS:
        raise KeyError(f"unknown anchorer {anchorer!r}; known: {', '.join(ANCHORERS)}")
    facts = parse_facts(fact_text)[0]
    raw = fact_text.splitlines()
    if anchorer == "none" or not facts:
        return fact_text
    bare = "".join(f.canonical + "\n" for f in facts)  # for the aligner only: one fact per line, in order
    sentences = read_sentences(text)
    if anchorer == "whole_text":
        return fact_text.rstrip("\n") + "\n" + anchor_comment((" ".join(text.split()),)).strip() + "\n"
    if anchorer == "word_overlap":
        out = []
        for _, fs in _groups(fact_text):
            words = _words(fs)
            score = [len(words & {w.lower() for w in re.findall(r"[A-Za-z0-9]+", s.text.replace(",", ""))})
                     for s in sentences]
            best = max(range(len(sentences)), key=lambda i: (score[i], -i)) if sentences else None
            out.append((fs, (sentences[best].text.strip(),) if best is not None else ()))
        return _write(out, raw)
    a = align(text, bare, terms=terms, anchors=False)
    primary = {s.line: s.primary for s in a.supports}
    by_line = {f.line: k for k, f in enumerate(facts, 1)}  # input line -> line in ``bare``
    rng = random.Random(f"{seed}:{text[:40]}:{anchorer}")
    out = []
    for _, fs in _groups(fact_text):
        i = primary.get(by_line.get(fs[0].line))
        if i is None:
            out.append((fs, ()))
            continue
        if anchorer == "shifted" and len(sentences) > 1:
            i = i + 1 if i + 1 < len(sentences) else i - 1
        keep = anchorer != "missing" or rng.random() < 0.5
        out.append((fs, (sentences[i].text.strip(),) if keep else ()))
    return _write(out, raw)


# ------------------------------------------------------------------------------ simulation


def _issues_under(plan, outcomes, anchored_text: str, rules) -> list:
    """The agent's round issues for ``anchored_text``: the plan's fact set with other anchors
    (validation, then the run's outcome, then the domain's checks on the anchored canonical)."""
    from taxlogic.agent.checks import round_issues
    from taxlogic.agent.validate import validation_issues
    from taxlogic.eval.faults.verifier import _trusted
    from taxlogic.kb.sara.checks import static_issues

    issues, canonical = validation_issues(anchored_text, rules)
    if issues:
        return issues
    by_role = dict(zip(plan.roles, outcomes))
    run = by_role.get("run")
    if run is None:  # the plain text failed validation but the anchored one did not (cannot happen)
        return []
    static = static_issues(plan.inp, plan.inp.query, canonical, rules=rules, trusted=_trusted(plan, by_role.get("derived")))
    return round_issues(plan.inp, [], run, static=static)


def _omission_flags(engine, plans, outcomes, answer, among: Sequence[int]) -> dict[int, bool]:
    """For every plan of ``among`` whose facts gave an answer: does the omission check flag them
    (:func:`taxlogic.eval.faults.verifier.omission_pass`, the candidates in waves)?"""
    from taxlogic.eval.faults.verifier import Inspection, omission_pass

    idx = [i for i in among if answer(i) is not None]
    sub = [plans[i] for i in idx]
    base = [Inspection(case_id=plans[i].case.id, mode=plans[i].mode, answer=answer(i)) for i in idx]
    runs = {k: dict(zip(plans[i].roles, outcomes[i]))["run"] for k, i in enumerate(idx)}
    derived = {k: dict(zip(plans[i].roles, outcomes[i])).get("derived") for k, i in enumerate(idx)}
    done = omission_pass(engine, sub, base, {k: d for k, d in derived.items() if d is not None}, runs)
    return {i: bool(r.issues) for i, r in zip(idx, done)}


def run_anchor_simulation(engine, rules, cases: Sequence, *, seed: int = 0, k: int = 1,
                          ops: Sequence[str] | None = None, anchorers: Sequence[str] = ANCHORERS,
                          limits: dict | None = None, quick: int | None = QUICK_INFERENCES,
                          progress: Callable[[str, int, int], None] | None = None, omissions: bool = True) -> dict:
    """The simulation of the module doc over the fact programs of ``cases``; the JSON-able report:
    ``correct`` (per anchorer: right, wrong, abstained), ``corrupted`` (per anchorer: overall,
    per error class and per operator: repaired, slipped, right, abstained, limited).
    ``limits``: the gold sets' job limits (default :func:`~taxlogic.eval.faults.verifier.experiment_limits`);
    ``quick`` (inferences): the corrupted sets' inference budget (None: the gold's); a corrupted set that
    hits it is **limited** (its answer unknown, whatever the inspector says), counted apart.
    ``omissions``: with the omission check (:mod:`taxlogic.kb.sara.checks.omissions`; it reads no
    anchors, so it runs once per fact set); False: the checks before issue 33."""
    from taxlogic.eval.faults.corrupt import ERROR_CLASSES, OPERATORS, corrupt, facts_of
    from taxlogic.eval.faults.verifier import experiment_limits, gold_program, plan_inspection
    from taxlogic.kb.sara.checks.coverage import legal_terms

    ops = list(ops or OPERATORS)
    unknown = [o for o in ops if o not in OPERATORS] + [a for a in anchorers if a not in ANCHORERS]
    if unknown:
        raise KeyError(f"unknown operator(s) or anchorer(s): {', '.join(unknown)}")
    limits = limits or experiment_limits()
    terms = legal_terms(rules)
    t0 = time.perf_counter()
    programs = [gold_program(c) for c in cases]
    programs = [p for p in programs if not p.rules]
    statute = dict(rules.vocabulary.statute)
    todo: list[tuple[object, str, str, str]] = []  # (program, op, detail, fact text); op "" = the gold
    for p in programs:
        todo.append((p, "", "", p.fact_text))
        for op in ops:
            for v in corrupt(facts_of(p.fact_text), op, seed=seed, key=p.case.id, k=k, statute=statute):
                todo.append((p, op, v.detail, v.text))
    short = dict(limits, inference_limit=min(quick, limits.get("inference_limit") or quick)) if quick else limits
    plans = [plan_inspection(p.case, p.corruption(text, op) if op else p.fact_program, rules,
                             limits=limits if not op else short) for p, op, _, text in todo]
    outcomes: list[list] = []
    jobs = [(i, j) for i, pl in enumerate(plans) for j in pl.jobs]
    by_plan: dict[int, list] = {}
    done = 0
    for (i, _), o in zip(jobs, engine.run_many([j for _, j in jobs])):
        by_plan.setdefault(i, []).append(o)
        done += 1
        if progress:
            progress("Prolog runs", done, len(jobs))
    outcomes = [by_plan.get(i, []) for i in range(len(plans))]
    from taxlogic.kb.sara.domain import answer_of

    def answer(i: int):
        plan, outs = plans[i], outcomes[i]
        by_role = dict(zip(plan.roles, outs))
        o = by_role.get("run") or by_role.get("raw")
        return answer_of(plan.case, o).value if o is not None else None

    # the omission check (issue 33) does not read anchors (the aligner's sentences only): once per fact set
    # (and only where the plain facts raise no other issue: an anchor only ever adds one)
    plain = [not plans[i].issues and "run" in plans[i].roles and not _issues_under(plans[i], outcomes[i], t[3], rules)
             for i, t in enumerate(todo)]
    omitted = _omission_flags(engine, plans, outcomes, answer, [i for i, ok in enumerate(plain) if ok]) if omissions else {}
    checks = len(todo) * len(anchorers)
    done = 0
    gold_ok: dict[tuple[str, str], bool] = {}
    correct = {a: Counter() for a in anchorers}
    corrupted = {a: {"overall": Counter(), "by_class": {}, "by_operator": {}} for a in anchorers}
    examples: dict[str, list] = {a: [] for a in anchorers}
    def limited(i: int) -> bool:
        by_role = dict(zip(plans[i].roles, outcomes[i]))
        o = by_role.get("run") or by_role.get("raw")
        return bool(quick) and o is not None and o.status in ("time_limit", "inference_limit")

    for i, (p, op, detail, text) in enumerate(todo):
        ans = answer(i)
        if op and limited(i):
            for a in anchorers:
                corrupted[a]["overall"]["limited"] += 1
                corrupted[a]["by_class"].setdefault(ERROR_CLASSES.get(op, "other"), Counter())["limited"] += 1
                corrupted[a]["by_operator"].setdefault(op, Counter())["limited"] += 1
            continue
        for a in anchorers:
            anchored = anchor(p.case.text, text, a, seed=f"{seed}:{p.case.id}:{op}:{i}", terms=terms)
            flagged = bool(_issues_under(plans[i], outcomes[i], anchored, rules)) or omitted.get(i, False)
            done += 1
            if progress and done % 25 == 0:
                progress("inspections under each anchorer", done, checks)
            if not op:
                verdict = "abstained" if flagged else "right" if ans == p.case.expected else "wrong"
                correct[a][verdict] += 1
                gold_ok[(p.case.id, a)] = verdict == "right"
                continue
            if flagged:
                verdict = "repaired" if gold_ok[(p.case.id, a)] else "abstained"
            else:
                verdict = "right" if ans == p.case.expected else "slipped"
            if verdict == "slipped" and len(examples[a]) < 20:
                examples[a].append({"case": p.case.id, "op": op, "detail": detail})
            c = corrupted[a]
            c["overall"][verdict] += 1
            c["by_class"].setdefault(ERROR_CLASSES.get(op, "other"), Counter())[verdict] += 1
            c["by_operator"].setdefault(op, Counter())[verdict] += 1
    if progress:
        progress("inspections under each anchorer", checks, checks)

    def counts(c: Counter, keys: Sequence[str]) -> dict:
        return {key: c[key] for key in keys} | {"n": sum(c.values())}

    right_keys, corr_keys = ("right", "wrong", "abstained"), ("repaired", "slipped", "right", "abstained", "limited")
    return {
        "seed": seed, "k": k, "quick_limit": quick, "operators": ops, "anchorers": list(anchorers), "fact_programs": len(programs),
        "variants": len(todo) - len(programs),
        "correct": {a: counts(correct[a], right_keys) for a in anchorers},
        "corrupted": {a: {"overall": counts(corrupted[a]["overall"], corr_keys),
                          "by_class": {cls: counts(c, corr_keys) for cls, c in corrupted[a]["by_class"].items()},
                          "by_operator": {op: counts(c, corr_keys) for op, c in corrupted[a]["by_operator"].items()}}
                      for a in anchorers},
        "slipped_examples": examples,
        "seconds": round(time.perf_counter() - t0, 1),
    }
