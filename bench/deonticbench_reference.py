"""DeonticBench (commit 2b4e4ea1): every reference program of a split through taxlogic's engine,
and the SARA and airline cases through taxlogic's own knowledge bases. Prints two tables.

1. Per domain: cases; how its programs state their answer (``directive``: a query directive,
   ``initialization``: the entry ``initialization(main, main)`` names, ``entry``: the ``run/0``
   of a program without directives); how many give their label (the benchmark's rule: ±$1,
   the same 0/1, the same class); how many do not and are documented errata
   (``kb/statutes/data/errata.json``, by class); how many do not and are not (must be 0);
   engine seconds (sum of the jobs' wall time) and the slowest job.
2. SARA numeric (SARA v2), SARA binary (SARA 2020), airline (RuleArena): cases found in the source
   release, same text, same question, same label, and taxlogic's KB answer from the source's gold
   facts: agrees with the DeonticBench label (benchmark's rule) and exactly.

3. ``--sandbox``: housing and USCIS, each reference program served as the model's whole program
   through the protocol's path into the engine's sandbox (:mod:`taxlogic.eval.benchmarks.deonticbench.sandbox`,
   ``tools/sandbox.pl``, the domain's answer predicate as entry): gives its label; does not and is
   a documented erratum; refused or failed although the engine run gives the label (a false
   alarm: a right answer the sandbox costs); other; seconds per program (one engine worker).

Usage: ``python bench/deonticbench_reference.py [--split hard|smoke|whole] [--no-kb] [--sandbox]``
(DeonticBench installed; for table 2 also SARA (2020 release), SARA v2 and RuleArena).
"""

from __future__ import annotations

import argparse
import collections


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--split", default="hard")
    ap.add_argument("--no-kb", action="store_true", help="skip table 2 (the source releases and KBs)")
    ap.add_argument("--sandbox", action="store_true", help="also table 3 (reference programs through the sandbox)")
    args = ap.parse_args()

    from taxlogic.eval.benchmarks.deonticbench.reference import run_references
    from taxlogic.kb.statutes.data import DOMAINS, available_splits, cases
    from taxlogic.kb.statutes.data.errata import errata
    from taxlogic.kb.statutes.data.reference import reference_rules
    from taxlogic.tools.engine import Engine

    known = errata()
    engine_results = {}
    print(f"DeonticBench {args.split} split: reference programs through taxlogic's engine (own query, no label directive)")
    head = f"{'domain':<13}{'cases':>6}  {'states its answer by':<22}{'label':>6}{'erratum':>8}{'other':>6}{'s':>7}{'max s':>7}  errata classes"
    print(head)
    print("-" * len(head))
    totals = collections.Counter()
    with Engine(reference_rules(), workers=1) as engine:
        for d in DOMAINS:
            if args.split not in available_splits(d):
                continue
            rs = run_references(engine, cases(d, args.split))
            engine_results.update({r.case_id: r for r in rs})
            hows = ", ".join(f"{k} {v}" for k, v in collections.Counter(r.how for r in rs).items())
            wrong = [r for r in rs if not r.correct]
            documented = [r for r in wrong if r.case_id in known]
            classes = collections.Counter(k for r in documented for k in known[r.case_id]["class"].split("+"))
            other = len(wrong) - len(documented)
            totals.update(cases=len(rs), label=len(rs) - len(wrong), erratum=len(documented), other=other)
            print(f"{d:<13}{len(rs):>6}  {hows:<22}{len(rs) - len(wrong):>6}{len(documented):>8}{other:>6}"
                  f"{sum(r.seconds for r in rs):>7.2f}{max(r.seconds for r in rs):>7.2f}  "
                  + ", ".join(f"{k} {v}" for k, v in classes.items()))
            for r in wrong:
                if r.case_id not in known:
                    print(f"   not documented: {r.case_id}: label {r.label}, gives {r.answer} ({r.reason or r.output[:80]})")
        print(f"{'all':<13}{totals['cases']:>6}  {'':<22}{totals['label']:>6}{totals['erratum']:>8}{totals['other']:>6}")
        if args.sandbox:
            _sandbox_table(args.split, engine_results, known, engine)
    if args.no_kb:
        return

    from taxlogic.eval.benchmarks.deonticbench.agreement import agreement_rows

    print()
    print(f"DeonticBench {args.split} split: the cases in their source release and through taxlogic's knowledge bases (gold facts)")
    head = f"{'domain':<13}{'source':<22}{'cases':>6}{'found':>6}{'text':>6}{'quest.':>7}{'label':>6}{'KB agrees':>10}{'KB exact':>9}"
    print(head)
    print("-" * len(head))
    for d in ("sara_numeric", "sara_binary", "airline"):
        if args.split not in available_splits(d):
            continue
        rows = agreement_rows(d, args.split)
        q = "–" if d == "airline" else str(sum(r.question_same for r in rows))  # RuleArena has no question field
        print(f"{d:<13}{rows[0].source:<22}{len(rows):>6}{sum(r.source_id is not None for r in rows):>6}"
              f"{sum(r.text_same for r in rows):>6}{q:>7}{sum(r.label_same for r in rows):>6}"
              f"{sum(r.kb_agrees for r in rows):>10}{sum(r.kb_exact for r in rows):>9}")
        for r in rows:
            if not r.kb_agrees:
                print(f"   KB disagrees: {r.case_id}: label {r.label}, KB {r.kb_answer} ({r.reason})")


def _sandbox_table(split, engine_results, known, engine) -> None:
    import time

    from taxlogic.eval.benchmarks.deonticbench.protocol import ANSWER_GOALS
    from taxlogic.eval.benchmarks.deonticbench.sandbox import run_program
    from taxlogic.eval.benchmarks.deonticbench.scoring import is_correct
    from taxlogic.kb.statutes.data import available_splits, cases

    print()
    print(f"DeonticBench {split} split: each reference program as the model's program, through the engine's sandbox (the protocol's path)")
    head = f"{'domain':<13}{'cases':>6}{'label':>6}{'erratum':>8}{'false alarm':>12}{'other':>6}{'s/program':>10}"
    print(head)
    print("-" * len(head))
    for d in ("housing", "uscis-aao"):
        if split not in available_splits(d):
            continue
        counts = collections.Counter()
        alarms = []
        t0 = time.perf_counter()
        cs = cases(d, split)
        for c in cs:
            run = run_program(c.reference_prolog, engine, ANSWER_GOALS[d])
            value = run.value if run.status == "ok" else None
            if value is not None and is_correct(d, c.label, value):
                counts["label"] += 1
            elif c.id in known and not engine_results[c.id].correct:
                counts["erratum"] += 1
            elif engine_results.get(c.id) is not None and engine_results[c.id].correct:
                counts["alarm"] += 1
                alarms.append(f"{c.id}: {run.status} ({(run.problems or [''])[-1][:100]})")
            else:
                counts["other"] += 1
        per = (time.perf_counter() - t0) / len(cs)
        print(f"{d:<13}{len(cs):>6}{counts['label']:>6}{counts['erratum']:>8}{counts['alarm']:>12}{counts['other']:>6}{per:>10.2f}")
        for a in alarms:
            print(f"   false alarm: {a}")


if __name__ == "__main__":
    main()
