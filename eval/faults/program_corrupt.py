"""Corruption operators for programs the model writes (rules and facts: the statutes domain).

The program-level counterpart of :mod:`taxlogic.eval.faults.corrupt`: each operator takes a
program as the sandboxed worker read it (:attr:`taxlogic.tools.engine.Outcome.program`: its
clauses in order, each with its comments and text, and its directives) and a
``random.Random``, and returns a :class:`ProgramCorruption` (the new program text and what
changed), or None where it does not apply. :func:`corrupt_program` draws up to ``k`` distinct
variants per program and operator from ``random.Random(f"{seed}:{key}:{op}")``. Operators never
look at the statutes, the case text or the label: they model what a translator gets wrong, not
what the checks look for. Issue 47's five:

``drop_condition``
    a rule loses one condition of its body: ``p :- a, b, c.`` -> ``p :- a, c.``
``change_constant``
    one number, or one number in an atom, is off by one step: a time limit ``30`` -> ``31``,
    a section ``mich_comp_laws_600_5704`` -> ``mich_comp_laws_600_5705``; where the program has
    no number, one atom argument is replaced by another atom argument of the program.
``flip_fact``
    a fact's truth flipped: a fact the rules use is left out, or a condition written false
    (``national_importance :- fail.``) is made a fact.
``drop_rule``
    one rule (a statute's rule, not the query's) is left out.
``misspell_predicate``
    one call in a rule body has its predicate misspelt (a letter dropped, doubled or two
    swapped): ``eligibility_met`` -> ``eligiblity_met``.

The program is written back clause by clause (each clause as SWI-Prolog's ``portray_clause``
printed it, after the comments read with it; directives at their place), so the operators edit
clauses, never raw text; :func:`render_program` of an unchanged program is the ``identity``
baseline (it must answer as the original does).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from typing import Callable

__all__ = ["ProgramCorruption", "PROGRAM_OPERATORS", "corrupt_program", "program_items", "render_program"]


@dataclass(frozen=True)
class ProgramCorruption:
    """One corrupted program: ``op``, the program ``text`` and what changed (``detail``)."""

    op: str
    text: str
    detail: str


def program_items(program: dict) -> list[dict]:
    """Clauses and directives in line order, each a dict with ``comments`` and ``text``."""
    items = [dict(c, item="clause") for c in program.get("clauses", [])]
    items += [dict(d, item="directive") for d in program.get("directives", [])]
    return sorted(items, key=lambda x: x["line"])


def render_program(items: list[dict]) -> str:
    """The program text of ``items`` (:func:`program_items` order): each one's comments, then its text."""
    out = []
    for it in items:
        out.extend(it.get("comments", []))
        out.append(it["text"])
    return "\n".join(out) + "\n"


def _body_lines(text: str) -> tuple[str, list[str]] | None:
    """A rule printed by portray_clause as ``Head :-`` and one goal per line at the first indent:
    (head line, goal lines without their trailing ',' or '.'); None for other shapes."""
    lines = text.splitlines()
    if len(lines) < 3 or not lines[0].rstrip().endswith(":-"):
        return None
    goals = lines[1:]
    if not all(re.match(r"^    \S", g) for g in goals):
        return None  # nested control (if-then-else, disjunction): not a plain conjunction
    if not all(g.rstrip().endswith(",") for g in goals[:-1]) or not goals[-1].rstrip().endswith("."):
        return None
    return lines[0], [g.rstrip()[:-1] for g in goals]


def drop_condition(items: list[dict], rng: random.Random) -> ProgramCorruption | None:
    slots = [(i, b) for i, it in enumerate(items) if it["item"] == "clause" and it["kind"] == "rule"
             and (b := _body_lines(it["text"])) is not None]
    if not slots:
        return None
    i, (head, goals) = rng.choice(slots)
    j = rng.randrange(len(goals))
    kept = goals[:j] + goals[j + 1:]
    text = head + "\n" + ",\n".join(kept) + "."
    new = list(items)
    new[i] = dict(items[i], text=text)
    return ProgramCorruption("drop_condition", render_program(new), f"line {items[i]['line']}: dropped {goals[j].strip()}")


_NUM = re.compile(r"(?<![A-Za-z0-9_'\"])(\d+)(?![\d.])")


def change_constant(items: list[dict], rng: random.Random) -> ProgramCorruption | None:
    slots = []
    for i, it in enumerate(items):
        if it["item"] != "clause":
            continue
        for k in it.get("constants", []):
            if k["type"] == "number" and re.fullmatch(r"\d+", k["text"]):
                slots.append((i, "number", k["text"]))
            elif k["type"] == "atom" and re.search(r"\d", k["text"]) and re.fullmatch(r"[a-z][a-z0-9_]*", k["text"]):
                slots.append((i, "atom", k["text"]))
    if slots:
        i, kind, old = rng.choice(slots)
        if kind == "number":
            new_text = str(int(old) + 1)
            pattern = re.compile(rf"(?<![A-Za-z0-9_'\"]){re.escape(old)}(?![\d.])")
        else:
            runs = list(re.finditer(r"\d+", old))
            m = rng.choice(runs)
            new_text = old[:m.start()] + str(int(m[0]) + 1) + old[m.end():]
            pattern = re.compile(rf"\b{re.escape(old)}\b")
        text, n = pattern.subn(new_text, items[i]["text"], count=1)
        if n == 0:
            return None
    else:
        atoms = sorted({k["text"] for it in items if it["item"] == "clause" for k in it.get("constants", [])
                        if k["type"] == "atom" and re.fullmatch(r"[a-z][a-z0-9_]*", k["text"])})
        choices = [(i, k["text"]) for i, it in enumerate(items) if it["item"] == "clause" and it["kind"] == "fact"
                   for k in it.get("constants", []) if k["type"] == "atom" and k["text"] in atoms]
        if len(atoms) < 2 or not choices:
            return None
        i, old = rng.choice(choices)
        new_text = rng.choice([a for a in atoms if a != old])
        text, n = re.subn(rf"\b{re.escape(old)}\b", new_text, items[i]["text"], count=1)
        if n == 0:
            return None
    new = list(items)
    new[i] = dict(items[i], text=text)
    return ProgramCorruption("change_constant", render_program(new), f"line {items[i]['line']}: {old} -> {new_text}")


def flip_fact(items: list[dict], rng: random.Random) -> ProgramCorruption | None:
    called = {c for it in items if it["item"] == "clause" for c in it.get("calls", [])}
    used = [i for i, it in enumerate(items) if it["item"] == "clause" and it["kind"] == "fact" and it["head"] in called]
    false = [i for i, it in enumerate(items) if it["item"] == "clause" and it["kind"] == "rule"
             and re.fullmatch(r"[a-z][A-Za-z0-9_]*\s*:-\s*fail\.", " ".join(it["text"].split()))]
    slots = [("drop", i) for i in used] + [("true", i) for i in false]
    if not slots:
        return None
    how, i = rng.choice(slots)
    new = list(items)
    if how == "drop":
        del new[i]
        detail = f"line {items[i]['line']}: left out {items[i]['text']}"
    else:
        head = items[i]["text"].split(":-")[0].strip()
        new[i] = dict(items[i], text=head + ".")
        detail = f"line {items[i]['line']}: {' '.join(items[i]['text'].split())} -> {head}."
    return ProgramCorruption("flip_fact", render_program(new), detail)


def drop_rule(items: list[dict], rng: random.Random, query_pi: str = "") -> ProgramCorruption | None:
    slots = [i for i, it in enumerate(items) if it["item"] == "clause" and it["kind"] == "rule"
             and it["head"] != query_pi and not it["head"].startswith(("main/", "run/", "handle_undefined/"))]
    if not slots:
        return None
    i = rng.choice(slots)
    new = items[:i] + items[i + 1:]
    return ProgramCorruption("drop_rule", render_program(new), f"line {items[i]['line']}: left out the rule {items[i]['text'].splitlines()[0]}")


def _misspelt(name: str, rng: random.Random) -> str | None:
    letters = [i for i, ch in enumerate(name) if ch.isalpha() and 0 < i < len(name) - 1]
    if not letters:
        return None
    i = rng.choice(letters)
    how = rng.choice(("drop", "double", "swap"))
    if how == "drop":
        return name[:i] + name[i + 1:]
    if how == "double":
        return name[:i] + name[i] + name[i:]
    if name[i] == name[i + 1]:
        return name[:i] + name[i + 1:]
    return name[:i] + name[i + 1] + name[i] + name[i + 2:]


def misspell_predicate(items: list[dict], rng: random.Random) -> ProgramCorruption | None:
    heads = {it["head"] for it in items if it["item"] == "clause"}
    slots = [(i, c) for i, it in enumerate(items) if it["item"] == "clause" and it["kind"] == "rule"
             for c in it.get("calls", []) if c in heads]
    if not slots:
        return None
    i, pi = rng.choice(slots)
    name = pi.rsplit("/", 1)[0]
    wrong = _misspelt(name, rng)
    if not wrong or f"{wrong}/{pi.rsplit('/', 1)[1]}" in heads:
        return None
    head, sep, body = items[i]["text"].partition(":-")
    body, n = re.subn(rf"(?<![A-Za-z0-9_]){re.escape(name)}(?![A-Za-z0-9_])", wrong, body, count=1)
    if n == 0:
        return None
    new = list(items)
    new[i] = dict(items[i], text=head + sep + body)
    return ProgramCorruption("misspell_predicate", render_program(new), f"line {items[i]['line']}: {name} -> {wrong}")


PROGRAM_OPERATORS: dict[str, Callable[..., ProgramCorruption | None]] = {
    "drop_condition": drop_condition,
    "change_constant": change_constant,
    "flip_fact": flip_fact,
    "drop_rule": drop_rule,
    "misspell_predicate": misspell_predicate,
}


def corrupt_program(program: dict, op: str, *, seed: int, key: str, k: int = 1, tries: int = 20,
                    query_pi: str = "") -> list[ProgramCorruption]:
    """Up to ``k`` distinct corruptions of ``program`` (an :attr:`Outcome.program
    <taxlogic.tools.engine.Outcome.program>`) by ``op``, deterministic in (``seed``, ``key``,
    ``op``); ``[]`` where the operator does not apply. ``query_pi``: the query's predicate
    (name/arity), which ``drop_rule`` keeps. Raises KeyError for an unknown operator."""
    fn = PROGRAM_OPERATORS[op]
    rng = random.Random(f"{seed}:{key}:{op}")
    items = program_items(program)
    original = render_program(items)
    out: list[ProgramCorruption] = []
    seen = {original}
    for _ in range(tries):
        if len(out) >= k:
            break
        c = fn(items, rng, query_pi) if op == "drop_rule" else fn(items, rng)
        if c is not None and c.text not in seen:
            seen.add(c.text)
            out.append(c)
    return out
