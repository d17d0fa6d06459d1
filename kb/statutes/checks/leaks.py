"""A program never states its own answer (issue 15's conclusion leaks, for programs).

Three forms, each an issue quoting the clause or directive:

- a directive that prints, writes or asserts anything (``:- format("Label: ~w~n", ["yes"]).``,
  which every DeonticBench housing reference program opens with, or ``:- assertz(...)``): the
  worker never runs directives, so what it states is no derivation;
- a fact of a conclusion predicate: the query's predicate (``housing_answer/1``,
  ``decision/1``), the domain's named conclusion (``derived_answer/1``, ``eligibility_met/0``),
  the predicate a ``question_predicate/2`` fact names, and any predicate the query's clauses
  merely rename (a rule whose body is one call); a fact of one of them before any rule of it
  decides the question without the statutes;
- a conclusion predicate none of whose clauses calls another predicate of the program (its
  answer is written, not derived).
"""

from __future__ import annotations

import re

from taxlogic.core import Issue
from taxlogic.kb.statutes.checks.loading import DECLARATIONS

_STATES = re.compile(r"^(format|write|writeln|print|writeq|write_canonical|print_message|assert|asserta|assertz|retract|retractall|nb_setval|b_setval|recorda|recordz|flag)$")


def conclusion_predicates(spec, program: dict) -> set[str]:
    """The conclusion predicates of the module doc ("name/arity")."""
    clauses = program.get("clauses", [])
    heads = {cl["head"] for cl in clauses}
    out = {spec.query_pi} | set(spec.conclusions)
    for cl in clauses:
        if cl["head"] == "question_predicate/2" and cl["kind"] == "fact":
            for k in cl.get("constants", []):
                if k["type"] == "atom" and f"{k['text']}/0" in heads:
                    out.add(f"{k['text']}/0")
    todo = list(out)
    while todo:
        pi = todo.pop()
        for cl in clauses:
            if cl["head"] == pi and cl["kind"] == "rule" and len(cl.get("calls", [])) == 1:
                callee = cl["calls"][0]
                if callee in heads and callee not in out:
                    out.add(callee)
                    todo.append(callee)
    return out


def leak_issues(spec, program: dict) -> list[Issue]:
    """``leak`` issues (module doc) and ``directive`` issues for directives the worker did not run
    that are neither declarations nor statements."""
    issues = []
    for d in program.get("directives", []):
        if not d.get("text"):  # the comments after the last clause (tools/sandbox.pl), no directive
            continue
        name = d.get("name", "")
        if _STATES.match(name) or re.search(r"\b(format|write|writeln|print|assert[az]?)\s*\(", d["text"]):
            issues.append(Issue(kind="leak", line=d["line"], message=(
                f"the directive {d['text']!r} states something instead of deriving it (a program must not print, "
                "write or assert an answer or a fact in a directive; the engine runs no directive): remove it")))
        elif name not in DECLARATIONS:
            issues.append(Issue(kind="directive", line=d["line"], message=(
                f"the directive {d['text']!r} is not run by the engine (only facts and rules are read): "
                "write what it should establish as facts or rules")))
    clauses = program.get("clauses", [])
    heads = {cl["head"] for cl in clauses}
    for pi in sorted(conclusion_predicates(spec, program)):
        own = [cl for cl in clauses if cl["head"] == pi]
        if not own:
            continue
        first_rule = next((i for i, cl in enumerate(own) if cl["kind"] == "rule"), len(own))
        stated = [cl for cl in own[:first_rule] if cl["kind"] == "fact"]
        derives = any(set(cl.get("calls", [])) & heads for cl in own)
        if stated:
            cl = stated[0]
            issues.append(Issue(kind="leak", line=cl["line"], message=(
                f"{cl['text']} states the question's conclusion ({pi}) as a fact: "
                "derive it with rules from the statutes and the facts of the case")))
        elif not derives:
            cl = own[0]
            issues.append(Issue(kind="leak", line=cl["line"], message=(
                f"{cl['text'].splitlines()[0]} gives the question's conclusion ({pi}) "
                "without calling any rule of the program: derive it from the statutes")))
    return issues
