"""Write the ``run`` entries of ``kb/statutes/data/errata.json``: DeonticBench's documented errata
(hard splits) of the reference programs run as the benchmark runs them, each with the evidence the
runs give. The file's ``translation`` entries (reference programs judged as a model's translation,
reviewed by hand: :mod:`taxlogic.kb.statutes.data.errata`), its ``kinds`` and their classes are
kept as they are.

Usage: ``python scripts/deonticbench_errata.py [--check]`` (DeonticBench, SARA (2020 release), SARA v2
and RuleArena installed; ``--check``: compare with the committed file, exit 1 when it differs).

Classes of the ``run`` kind (hand-written in :data:`CLASSES`; every entry's evidence comes from a run):

* ``reference_program_wrong``: the reference program, run in taxlogic with its own query, does not
  give its label, and the label is the source release's gold answer, which taxlogic's KB gives
  from the source's gold facts (SARA binary: SARA 2020);
* ``redefines_system_predicate``: the program defines clauses for ``not/1`` (a system predicate);
  plain SWI-Prolog lets ``user:not/1`` facts shadow negation, the engine refuses a case clause for
  a library or system predicate, so the query raises where a shipped run answers;
* ``reference_disagrees_with_label``: USCIS: the program prints the other decision; no source
  release decides which side is wrong (the evidence lists which conditions of ``eligibility_met``
  hold);
* ``reference_incomplete``: USCIS: the program calls a predicate nothing defines and prints
  "Lack of information" instead of a decision;
* ``syntax_error``: clauses SWI-Prolog cannot read (dropped when loading);
* ``text_differs_from_source``: the case text or question is not the source release's (the
  difference quoted; the label is the source's; whether it still follows from the new text is
  not re-derived).
"""

from __future__ import annotations

import argparse
import difflib
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "kb" / "statutes" / "data" / "errata.json"

CLASSES = {
    "reference_program_wrong": "The reference program, run with its own query (its label directive never runs), does not give its label; the label is the source release's gold answer, and taxlogic's knowledge base gives it from the source's gold facts. The program, not the label, is wrong.",
    "redefines_system_predicate": "The program defines clauses for not/1, a system predicate. Plain SWI-Prolog 9 lets these user:not/1 facts shadow negation (so a shipped run answers); taxlogic's engine refuses a case clause for a library or system predicate, so the query raises an existence error on the negated predicate. The program depends on a redefinition no translation may make.",
    "reference_disagrees_with_label": "USCIS-AAO: the reference program prints the other decision than the AAO's label (run in taxlogic and as shipped, swipl -g run, the same). No source release decides which side is wrong; the evidence lists which conditions of eligibility_met hold.",
    "reference_incomplete": "USCIS-AAO: the program calls a predicate nothing defines; its handler prints 'Lack of information: predicate P is not defined.' instead of Accepted or Dismissed (also as shipped).",
    "syntax_error": "Clauses of the program SWI-Prolog cannot read (Operator expected); they are dropped when it loads, in taxlogic as in a shipped run.",
    "text_differs_from_source": "The case text or question is not the source release's (the difference quoted). The label is the source's gold answer; whether it still follows from the changed text is not re-derived here.",
}


def _diff(a: str, b: str) -> str:
    a, b = " ".join(a.split()), " ".join(b.split())
    ops = [(op, a[i1:i2], b[j1:j2]) for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b).get_opcodes()
           if op != "equal"]
    return "; ".join(f"{op} {x!r} -> {y!r}" for op, x, y in ops[:6]) + (" ..." if len(ops) > 6 else "")


def _syntax_evidence(problem: str, text: str) -> str:
    """``line L, column C: <message>: <the line>`` from the engine's message (its line counts the
    clauses as the engine reads them, directives removed)."""
    import re

    m = re.search(r":(\d+):(\d+):? (Syntax error: .*)$", problem)
    if not m:
        return problem
    lines = text.splitlines()
    n = int(m.group(1))
    line = lines[n - 1].strip() if 0 < n <= len(lines) else ""
    return f"{m.group(3)} at column {m.group(2)} of: {line[:160]!r}"


def _conditions(engine, case) -> str:
    """Which body goals of eligibility_met hold (USCIS), in the program's order."""
    from taxlogic.kb.statutes.data.reference import reference_program
    from taxlogic.tools.engine import Job

    q = ("clause(eligibility_met, B), comma_list(B, Gs), member(G, Gs), "
         "( catch(G, _, fail) -> R = holds ; R = fails ), format(atom(X), '~w ~w', [G, R])")
    out = engine.run(Job(facts=reference_program(case), query=q, mode="all", var="X", materialize=False))
    return ", ".join(v.strip("'") for v in out.values) or out.summary()


def build() -> dict:
    from taxlogic.eval.benchmarks.deonticbench.agreement import agreement_rows
    from taxlogic.eval.benchmarks.deonticbench.reference import run_references
    from taxlogic.kb.sara.data.cases import get_case
    from taxlogic.kb.statutes.data import DOMAINS, cases
    from taxlogic.kb.statutes.data.reference import clauses_text, reference_rules
    from taxlogic.tools.engine import Engine

    entries: dict[str, dict] = {}

    def add(case_id: str, domain: str, klass: str, reason: str, evidence: str, says: str, gives: str) -> None:
        e = entries.get(case_id)
        if e is None:
            entries[case_id] = {"domain": domain, "class": klass, "reason": reason, "evidence": evidence,
                                "dataset_says": says, "rules_give": gives}
        else:
            e["class"] += "+" + klass
            e["reason"] += " " + reason
            e["evidence"] += " | " + evidence

    kb = {d: {r.case_id: r for r in agreement_rows(d)} for d in ("sara_numeric", "sara_binary", "airline")}
    with Engine(reference_rules(), workers=1) as engine:
        for domain in DOMAINS:
            for c, r in zip(cases(domain), run_references(engine, cases(domain))):
                syntax = [p for p in r.load_problems if "Syntax error" in p]
                not_facts = [p for p in r.load_problems if "library predicate" in p and ": not(" in p]
                if r.correct and not syntax:
                    continue
                printed = (r.output.strip() or r.reason or "")[:200]
                if not r.correct and domain in kb:
                    a = kb[domain][c.id]
                    if a.label_same and a.kb_agrees:
                        add(c.id, domain, "reference_program_wrong",
                            f"The reference program gives {r.answer!r} ({printed!r}); the label {c.label} is {a.source}'s "
                            f"gold ({a.source_label}) and taxlogic's KB gives {a.kb_answer} from its gold facts.",
                            f"taxlogic run of the program's own query: {printed!r}; {a.source} {a.source_id}: gold "
                            f"{a.source_label}, KB {a.kb_answer}", c.label, str(r.answer))
                if not_facts:
                    add(c.id, domain, "redefines_system_predicate",
                        "The program states negated facts as clauses of not/1.",
                        "refused clauses: " + "; ".join(p.split(": ", 1)[-1] for p in not_facts), c.label,
                        str(r.answer))
                if domain == "uscis-aao" and not r.correct:
                    if r.answer is None:
                        add(c.id, domain, "reference_incomplete", f"The program prints {printed!r}.",
                            f"taxlogic run of run/0: {printed!r}", c.label, "no decision")
                    else:
                        add(c.id, domain, "reference_disagrees_with_label",
                            f"The program decides {r.answer}; the AAO label is {c.label}.",
                            f"eligibility_met: {_conditions(engine, c)}", c.label, str(r.answer))
                if syntax:
                    add(c.id, domain, "syntax_error", f"{len(syntax)} clause(s) cannot be read.",
                        "; ".join(_syntax_evidence(s, clauses_text(c)) for s in syntax), c.label, str(r.answer))
                if not r.correct and c.id not in entries:
                    add(c.id, domain, "unexplained", f"The program gives {r.answer!r}.", printed, c.label, str(r.answer))
    for a in kb["sara_binary"].values():
        if a.source_id and not (a.text_same and a.question_same):
            s = get_case(a.source_id)
            c = next(x for x in cases("sara_binary") if x.id == a.case_id)
            what = "text" if not a.text_same else "question"
            ev = _diff(s.text, c.text) if not a.text_same else _diff(s.question, c.question)
            add(a.case_id, "sara_binary", "text_differs_from_source",
                f"The case {what} is not SARA (2020 release)'s.", f"SARA 2020 -> DeonticBench: {ev}", a.label,
                f"SARA 2020 gold {a.source_label}")
    unexplained = [k for k, e in entries.items() if "unexplained" in e["class"]]
    if unexplained:
        raise SystemExit(f"reference programs that do not give their label and fit no class: {unexplained}")
    return [{"id": cid, "kind": "run", **e} for cid, e in sorted(entries.items())]


def merged(run_entries: list[dict]) -> dict:
    """The file with ``run_entries`` (and :data:`CLASSES`) in place of its run entries; its about,
    kinds, translation entries and their classes as committed."""
    doc = json.loads(OUT.read_text(encoding="utf-8"))
    kept = [e for e in doc["errata"] if e["kind"] != "run"]
    kept_classes = {k for e in kept for k in e["class"].split("+")}
    classes = {**CLASSES, **{k: v for k, v in doc["classes"].items() if k in kept_classes and k not in CLASSES}}
    return {"about": doc["about"], "kinds": doc["kinds"], "classes": classes, "errata": run_entries + kept}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true", help="compare with the committed file instead of writing it")
    args = ap.parse_args()
    doc = merged(build())
    text = json.dumps(doc, indent=1, ensure_ascii=False) + "\n"
    if args.check:
        same = OUT.is_file() and OUT.read_text(encoding="utf-8") == text
        print("errata.json is up to date" if same else "errata.json differs from the runs: rerun without --check")
        return 0 if same else 1
    OUT.write_text(text, encoding="utf-8")
    counts: dict[str, int] = {}
    for e in doc["errata"]:
        key = f"{e['kind']} {e['domain']}"
        counts[key] = counts.get(key, 0) + 1
    print(f"wrote {OUT.relative_to(ROOT)}: {len(doc['errata'])} entries ({', '.join(f'{k} {v}' for k, v in counts.items())})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
