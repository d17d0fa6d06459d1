"""Every statute paragraph is encoded, or shown not to matter to the question.

The prompt asks the model to cite the paragraph each group of rules encodes (``% [2]``) and to
note a paragraph that does not bear on the question (``% [3] does not apply: ...``). A program
that follows it (it cites at least one paragraph by ``[n]``) must account for every paragraph:
cited by a comment (``[n]``, or the section numbers of its title), or named by a statute atom
among its constants (``mich_comp_laws_600_5704`` for ``[2] MICH. COMP. LAWS § 600.5704``). A
paragraph it leaves out is an issue: a rule the question may depend on was not written.

"Shown not to matter" is the model's own note, checked only for being there; a program that
cites no paragraph by number is not judged (the DeonticBench reference programs mostly do not:
5 of 78 housing hard programs cite ``[n]``, and each accounts for every paragraph by a citation
or a statute atom, but for ``housing_935f6ec8``, a documented erratum).
"""

from __future__ import annotations

import re

from taxlogic.core import Issue
from taxlogic.kb.statutes.checks.tracing import cited
from taxlogic.kb.statutes.reading.paragraphs import paragraphs, statute_paragraphs

_CITE = re.compile(r"\[(\d+)\]")


def coverage_issues(spec, case, program: dict) -> list[Issue]:
    """``uncovered_paragraph`` issues (module doc)."""
    paras = paragraphs(getattr(case, "statutes", "") or "")
    comments = [c for item in program.get("clauses", []) + program.get("directives", []) for c in item.get("comments", [])]
    if not paras or not any(_CITE.search(c) for c in comments):
        return []
    covered = set(cited(comments, paras) or [])
    for cl in program.get("clauses", []):
        for k in cl.get("constants", []):
            if k["type"] == "atom":
                covered |= {p.number for p in statute_paragraphs(k["text"], paras)}
    return [Issue(kind="uncovered_paragraph", message=(
        f"paragraph [{p.number}] {p.title} is neither encoded nor shown not to matter: write its rules "
        f"(cited % [{p.number}]), or say why it does not decide the question (% [{p.number}] does not apply: ...)"))
        for p in paras if p.number not in covered]
