"""Print the statutes domain's fault table: DeonticBench housing and USCIS-AAO reference programs,
corrupted by each operator of ``eval/faults/program_corrupt.py``, through the agent with a
perfect repair (``eval/faults/program_faults.py``): caught / slipped / abstained per operator.

    python scripts/statutes_faults.py [--split hard] [--k 1] [--seed 0]

Cases documented as translation errata (``kb/statutes/data/errata.json``, kind ``translation``) are left out (their reference program
is no right translation). Reads the installed DeonticBench (``taxlogic data install-deonticbench``).
"""

from __future__ import annotations

import argparse
import time


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--split", default="hard", choices=["hard", "smoke"])
    ap.add_argument("--k", type=int, default=1, help="variants per case and operator")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()

    from taxlogic.eval.faults.program_faults import run_variants, table
    from taxlogic.kb.statutes.data import cases as deontic_cases
    from taxlogic.kb.statutes.data.errata import errata_ids

    skip = errata_ids(kind="translation")
    cases = [c for dom in ("housing", "uscis-aao") for c in deontic_cases(dom, args.split) if c.id not in skip]
    t0 = time.perf_counter()
    results, base = run_variants(cases, seed=args.seed, k=args.k)
    print(f"DeonticBench {args.split} (housing + USCIS-AAO), {base['cases']} cases not errata "
          f"({len(skip)} errata left out); identity baseline (the reference written back clause by clause): "
          f"{base['identity_right']}/{base['cases']} right with no issue")
    cols = ("op", "variants", "caught", "slipped_wrong", "slipped_harmless", "abstained", "repaired_wrong")
    print("  ".join(f"{c:>17}" for c in cols))
    rows = table(results)
    for r in rows:
        print("  ".join(f"{r[c]:>17}" for c in cols))
    tot = {c: sum(r[c] for r in rows) for c in cols[1:]}
    print("  ".join([f"{'total':>17}"] + [f"{tot[c]:>17}" for c in cols[1:]]))
    for r in results:
        if r.slipped_wrong:
            print(f"slipped, wrong: {r.case_id} {r.op}: {r.detail} (answer {r.answer}, label {r.label})")
    print(f"{time.perf_counter() - t0:.1f} s")


if __name__ == "__main__":
    main()
