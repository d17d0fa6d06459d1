"""A what-if changes the case, never the statutes: a program edited for a what-if (``taxlogic
chat``) keeps every rule of the program it edits.

In a domain whose rules the model writes, the rules and the case's facts are one program. A
what-if ("What if the notice came 20 days before instead?") has the model edit that program; the
statutes are the same, so the rules must be too, as the knowledge base's rules are under a
SARA what-if. Rules are compared by their shape: the worker's text of the clause
(``portray_clause``: layout is the worker's, not the model's) with its variables renamed in order
of appearance, so a rule moved, re-indented or with renamed variables is the same rule. Each rule
added or changed in the edited program, and each rule of the edited-from program missing from
it, is a ``rule_changed`` issue quoting it.
"""

from __future__ import annotations

import re
from collections import Counter

from taxlogic.core import Issue

_TOKEN = re.compile(r"'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"|0'.|(?<![A-Za-z0-9_])[A-Z_][A-Za-z0-9_]*")


def shape(text: str) -> str:
    """``text`` (a clause as the worker prints it) with each variable renamed ``V1``, ``V2`` ...
    in order of first appearance (``_`` stays anonymous); quoted atoms and strings unchanged."""
    names: dict[str, str] = {}

    def rename(m: re.Match) -> str:
        tok = m.group(0)
        if tok[0] in "'\"" or tok.startswith("0'") or tok == "_":
            return tok
        return names.setdefault(tok, f"V{len(names) + 1}")

    return _TOKEN.sub(rename, " ".join(text.split()))


def _one_line(text: str, limit: int = 200) -> str:
    one = " ".join(text.split())
    return one if len(one) <= limit else one[:limit] + " ..."


def rule_shapes(program: dict) -> tuple[str, ...]:
    """The shapes of the rules (clauses with a body) of ``program`` (an ``Outcome.program``), in order."""
    return tuple(shape(cl["text"]) for cl in program.get("clauses", []) if cl.get("kind") == "rule")


def rule_edit_issues(kept: tuple[str, ...], program: dict) -> list[Issue]:
    """``rule_changed`` issues (module doc): ``kept``, the rule shapes of the program edited
    (:func:`rule_shapes`); ``program``, what the worker read of the edited one. [] when every
    rule is kept and none added."""
    want, issues = Counter(kept), []
    now = Counter(rule_shapes(program))
    extra = now - want
    for cl in program.get("clauses", []):
        sh = shape(cl["text"]) if cl.get("kind") == "rule" else None
        if sh is not None and extra[sh] > 0:
            extra[sh] -= 1
            issues.append(Issue(kind="rule_changed", line=cl["line"], message=(
                f"line {cl['line']}: {_one_line(cl['text'])} is not a rule of the program before the change: "
                "a what-if changes the case's facts, never the rules the statutes give; keep every rule exactly as it "
                "was and change only facts")))
    for sh, n in (want - now).items():
        issues.append(Issue(kind="rule_changed", message=(
            f"the rule {_one_line(sh)} of the program before the change is missing"
            + (f" ({n} times)" if n > 1 else "") + ": a what-if changes the case's facts, never the rules; put it back "
            "as it was")))
    return issues
