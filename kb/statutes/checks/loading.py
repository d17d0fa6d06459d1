"""What the sandboxed worker refused or could not read, and the directives it did not run."""

from __future__ import annotations

from taxlogic.core import Issue

#: Directives that only declare (honoured or harmless, never a statement of the case): the
#: worker honours ``dynamic`` and ``discontiguous``; the others need nothing in the sandbox.
DECLARATIONS = frozenset({"dynamic", "discontiguous", "initialization", "use_module", "ensure_loaded",
                          "style_check", "set_prolog_flag"})


def loading_issues(outcome) -> list[Issue]:
    """One ``program_load`` issue per load problem (syntax error, refused clause, refused
    declaration: the worker's own words, with the line)."""
    return [Issue(kind="program_load", message=f"{p}; the clause was not loaded: fix it so that it is plain Prolog the rules can use")
            for p in outcome.load_problems]
