"""A rule's variables are read: a condition left out of a rule leaves a variable nothing reads.

A statute's condition, encoded as a body goal, ties the rule's variables together
(``first_hearing(Law) :- hearing_in(Law, district_court), ...``). A rule written one condition
short often leaves a named variable that occurs once (SWI-Prolog's singleton warning) in one of
three places, each an issue quoting the rule:

- ``head``: no variable of the head occurs in the body: the conclusion holds for any value
  (``empowered_to_execute_writ(Person) :- !.``; the condition on ``Person`` is missing);
- ``unused``: a value computed and never used: ``Goal =.. [Pred, State]`` with no ``call(Goal)``,
  ``X is ...``, ``X = ...``;
- ``alone``: a body goal all of whose arguments are variables nothing else reads
  (``unlawful :- unlawful_reason(Reason).``: it asks only whether some value exists; the
  condition relating it to the case is missing).

A singleton elsewhere (``qa_item(State, Question)`` where only ``Question`` is used, a head
variable beside others the body reads, one under ``\\+`` or inside ``findall/3``) is common in
right programs and not judged: on the 86 DeonticBench hard housing and USCIS reference programs
that are no erratum, these three places refuse none, while any singleton would refuse 8. A
variable meant to be unused is written ``_X`` or ``_``. The worker lists each rule's singletons
with their place (``tools/sandbox.pl``: ``tl_singletons/3``).
"""

from __future__ import annotations

from taxlogic.core import Issue

#: Body goals whose singleton variable is a value computed and never used.
COMPUTED = frozenset({"=../2", "=/2", "is/2", "functor/3"})


def dangling(clause: dict) -> list[tuple[str, str]]:
    """(variable, place) of ``clause`` (a dict of ``Outcome.program["clauses"]``) for the places
    of the module doc: ``head``, ``unused`` or ``alone``; [] for a fact or a rule with none."""
    if clause.get("kind") != "rule":
        return []
    out = []
    for s in clause.get("singletons", []):
        if s["site"] == "head":
            if s["alone"]:
                out.append((s["name"], "head"))
        elif s["site"] in COMPUTED:
            out.append((s["name"], "unused"))
        elif s["alone"]:
            out.append((s["name"], "alone"))
    return out


_WHY = {
    "head": "is in the head, and no variable of the head is read by the body: the rule concludes for any {v}; "
            "the condition of the statute that {v} must meet is missing",
    "unused": "is computed and never used: the goal that uses {v} is missing",
    "alone": "is read by one goal only, whose arguments nothing else reads: the goal only asks whether some value "
             "exists; the condition relating {v} to the rest of the rule is missing",
}


def variable_issues(spec, program: dict) -> list[Issue]:
    """``dangling_variable`` issues (module doc), one a variable, with the rule's line and first
    line; [] when every rule reads its variables."""
    issues = []
    for cl in program.get("clauses", []):
        for var, place in dangling(cl):
            first = cl["text"].splitlines()[0]
            issues.append(Issue(kind="dangling_variable", line=cl["line"], message=(
                f"line {cl['line']}: {first} ... : the variable {var} " + _WHY[place].format(v=var)
                + f" (write _{var} only if any value is meant)")))
    return issues
