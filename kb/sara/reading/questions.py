"""Queries for the standard question forms, by rule (no model): "How much tax does Alice have to
pay in 2017?" is ``tax(alice,2017,Tax)``; "Does section 152(b)(1) apply to Bob in 2015?" is
``s152_b_1(bob,_,2015)``: the section's predicate with the person as its first argument and the
year at the argument its clause heads name ``Year`` (SARA's statutes: e.g.
``s152_b_1(Individual,Taxpayer,Year) :- …``), every other argument left open. The forms are read
by :func:`taxlogic.core.standard_question`; anything else is left to the model (``write_query``).
"""

from __future__ import annotations

import re

from taxlogic.core import CaseInput, standard_question
from taxlogic.tables import shared_table


@shared_table(maxsize=8)
def _heads(prolog_dir: str) -> dict[str, set[tuple[str, ...]]]:
    """Predicate -> the distinct argument lists (variable names) of its clause heads."""
    from pathlib import Path

    out: dict[str, set[tuple[str, ...]]] = {}
    for f in sorted(Path(prolog_dir).glob("section*.pl")):
        for m in re.finditer(r"^(s\d+\w*)\(([A-Za-z_,\s]*)\)\s*:-", f.read_text(errors="replace"), re.M):
            out.setdefault(m.group(1), set()).add(tuple(a.strip() for a in m.group(2).split(",")))
    return out


def rule_query(case: CaseInput, rules) -> tuple[str, str | None] | None:
    """(query, answer variable) for ``case.question`` when it has a standard form whose kind is
    ``case.kind`` and, for a section, whose predicate's clause heads agree on where the year is;
    else None."""
    q = standard_question(case.question)
    if q is None or q.kind != case.kind:
        return None
    if getattr(rules, "name", None) == "v2":  # SARA v2: names are strings, as the text writes them
        from taxlogic.kb.sara.data.v2 import v2_rule_query

        return v2_rule_query(case.question, q.kind)
    if q.kind == "numeric":
        return f"tax({q.person},{q.year},Tax)", "Tax"
    shapes = _heads(str(rules.prolog_dir)).get(q.section or "", set())
    years = {args.index("Year") if "Year" in args else None for args in shapes}
    arities = {len(args) for args in shapes}
    if len(years) != 1 or len(arities) != 1 or None in years or 0 in years:
        return None
    arity, year_at = arities.pop(), years.pop()
    args = [q.person if i == 0 else str(q.year) if i == year_at else "_" for i in range(arity)]
    return f"{q.section}({','.join(args)})", None
