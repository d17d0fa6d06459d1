"""What the sandboxed worker refused or could not read, and the directives it did not run."""

from __future__ import annotations

from taxlogic.core import Issue

#: Directives that only declare (honoured or harmless, never a statement of the case): the
#: worker honours ``dynamic`` and ``discontiguous``; the others need nothing in the sandbox.
DECLARATIONS = frozenset({"dynamic", "discontiguous", "initialization", "use_module", "ensure_loaded",
                          "style_check", "set_prolog_flag"})


def loading_issues(outcome) -> list[Issue]:
    """One ``program_load`` issue per load problem (syntax error, refused clause, refused
    declaration, refused goal: the worker's own words, with the line). A refused goal (a
    module-qualified goal naming a module outside the program, ``user:assertz(...)``) leaves its
    clause loaded, and the query is refused wherever it can reach the goal."""
    return [Issue(kind="program_load", message=f"{p}; " + (
        "the goal never runs: call the program's own predicates (a module the program names is its own)"
        if ": goal refused (" in p else "the clause was not loaded") + ": fix it so that it is plain Prolog the rules can use")
            for p in outcome.load_problems]
