"""``taxlogic explain --case tax-2-0``: a RuleArena tax problem's return explained line by line
(:mod:`taxlogic.kb.form1040.explain`): the chain of form lines with amounts and the
instructions the problem prints, and why-not for credits that did not apply."""

from __future__ import annotations

import re
import sys
from pathlib import Path

from taxlogic.cli.common import console, fail, friendly_errors, print_json

#: RuleArena tax problem ids: ``tax-<level>-<index>``.
TAX_ID = re.compile(r"^tax-([012])-(\d+)$")


def is_tax_problem(case_id: str) -> bool:
    return TAX_ID.match(case_id) is not None


def explain_tax_problem(case_id: str, facts_file: Path | None, *, as_json: bool, markdown: bool) -> None:
    """Explain RuleArena tax problem ``case_id`` from its gold translation (or ``facts_file``,
    validated first). Prints text for an 80-column terminal, JSON or Markdown."""
    from taxlogic.eval.benchmarks.rulearena.data import load_rulearena
    from taxlogic.eval.benchmarks.rulearena.tax import erratum_of
    from taxlogic.kb.form1040 import form1040_rules, taxpayer_to_facts
    from taxlogic.kb.form1040.explain import explain_return, render
    from taxlogic.kb.form1040.text import problem_forms
    from taxlogic.tools.engine import Engine
    from taxlogic.tools.facts import check_facts

    level = int(TAX_ID.match(case_id)[1])
    with friendly_errors():
        items = {it.id: it for it in load_rulearena("tax", level)}
        item = items.get(case_id)
        if item is None:
            fail(f"no RuleArena tax problem {case_id} (level {level} has {len(items)})")
        rules = form1040_rules()
        if facts_file is not None:
            checked = check_facts(facts_file.read_text(encoding="utf-8"), rules.vocabulary)
            if not checked.ok:
                fail(f"{facts_file}: " + "; ".join(str(p) for p in checked.problems[:3]))
            facts = checked.canonical
        else:
            facts = taxpayer_to_facts(item.taxpayer or {})
        with Engine(rules, workers=1) as engine:
            try:
                expl = explain_return(engine, facts, problem_forms(item.user_prompt), case_id)
            except ValueError as exc:
                fail(f"{case_id}: {exc}")
    errata = erratum_of(case_id) if facts_file is None else []
    if as_json:
        print_json({**expl.model_dump(), "expected": item.answer, "erratum": errata})
    elif markdown:
        sys.stdout.write(expl.to_markdown())
    else:
        console.print(f"[bold]{case_id}[/] (tax)  expected (RuleArena's label): {item.answer:,.2f}", highlight=False)
        if errata:
            console.print(f"RuleArena's label departs from the forms' text here: erratum {', '.join(errata)} "
                          "(kb/form1040/errata.json)", highlight=False)
        sys.stdout.write(render(expl, width=min(console.width, 100) if console.width else 80))
