"""The query is decided by the rules, never by a predicate nothing defines.

Prolog answers "no" for a predicate declared but never defined, and a program that catches the
existence error (as DeonticBench's USCIS frame does) turns a misspelt or missing predicate into
"Dismissed". Both are a closed-world "no" that no rule decided. The worker lists the predicates
reachable from the query through the program's clauses that nothing defines
(``program.undefined``) and those declared dynamic with no clause (``program.declared_empty``);
each reachable one is an issue naming it and the clauses that call it.
"""

from __future__ import annotations

from taxlogic.core import Issue


def reachable(program: dict, start: str) -> set[str]:
    """Predicates ("name/arity") reachable from ``start`` through the clauses' calls; through a
    dynamic call (``call/1``: a goal unknown until run time) every predicate of the program."""
    calls: dict[str, set[str]] = {}
    for cl in program.get("clauses", []):
        calls.setdefault(cl["head"], set()).update(cl.get("calls", []))
    seen, todo = set(), [start]
    while todo:
        pi = todo.pop()
        if pi not in seen:
            seen.add(pi)
            todo.extend(calls.get(pi, ()))
            if pi == "call/1":  # a goal unknown until run time: any predicate may be called
                todo.extend(calls)
    return seen


def callers(program: dict, pi: str) -> list[dict]:
    """The clauses whose bodies call ``pi``."""
    return [cl for cl in program.get("clauses", []) if pi in cl.get("calls", [])]


def undefined_issues(spec, program: dict) -> list[Issue]:
    """``undefined_predicate`` issues (module doc) for the query of ``spec``."""
    issues = []
    reach = reachable(program, spec.query_pi)
    if spec.query_pi not in {cl["head"] for cl in program.get("clauses", [])}:
        issues.append(Issue(kind="undefined_predicate", message=(
            f"the program defines no {spec.query_pi}: the question is answered by the query {spec.query}, "
            "which the rules must define")))
    missing = [(pi, "nothing defines it") for pi in program.get("undefined", [])]
    missing += [(pi, "it is declared but has no clause") for pi in program.get("declared_empty", []) if pi in reach]
    for pi, why in missing:
        if pi == spec.query_pi:
            continue
        where = callers(program, pi)
        quote = "; ".join(f"line {c['line']}: {c['text'].splitlines()[0]}" for c in where[:2])
        issues.append(Issue(kind="undefined_predicate", line=where[0]["line"] if where else None, message=(
            f"{pi} is called ({quote}) but {why}, so Prolog's closed-world 'no' would decide it, not a rule: "
            "define it from the statutes or state it from the case, or correct its spelling")))
    return issues
