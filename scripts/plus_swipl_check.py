"""Re-run every item of a SARA⁺ build in plain SWI-Prolog, one ``swipl`` process per item (no
taxlogic engine, no pyswip): laid out like SARA's case files, the item's fact directives
(``discontiguous``), its rule set's ``init.pl``, its gold facts (with taxlogic's SWI-9
compatibility layer loaded first, FIELD-NOTES), its gold test as the goal.
Prints per split ``agree/total`` and every disagreement; exit 1 if any.

    .venv/bin/python scripts/plus_swipl_check.py [BUILD_DIR] [--splits sara_n_r,sara_en_rc]

BUILD_DIR defaults to ``<data_dir>/sara_plus/seed-0``. Environment: ``TZ=America/New_York``
(SARA's date arithmetic needs a US time zone, FIELD-NOTES).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from taxlogic.eval.benchmarks.sara_plus import R_PRIME, SPLITS
from taxlogic.eval.benchmarks.sara_plus.build import default_build_dir, load_plus_split, plus_rules
from taxlogic.kb.rules import compat_layer
from taxlogic.kb.sara.data.install import sara_rules

PROGRAM = """:- use_module(library(time)).
:- ['{compat}'].
{directives}
:- ['{init}'].
{facts}
:- initialization(main, main).
main :- ( catch(call_with_time_limit({limit}, ({goal})), E, (print_message(error, E), fail)) -> writeln(agree) ; writeln(disagree) ).
"""


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("build", nargs="?", type=Path, default=None)
    ap.add_argument("--splits", default=",".join(SPLITS))
    ap.add_argument("--limit", type=int, default=300, help="CPU seconds per item")
    args = ap.parse_args()
    build = args.build or default_build_dir(0)
    inits = {"r": sara_rules().prolog_dir / "init.pl", R_PRIME: plus_rules(build).prolog_dir / "init.pl"}
    env = dict(os.environ, TZ="America/New_York")
    bad = 0
    with tempfile.TemporaryDirectory() as tmp:
        for split in args.splits.split(","):
            items = load_plus_split(build, split)
            agree = 0
            for item in items:
                f = Path(tmp) / "item.pl"
                # as in SARA's case files: the facts' directives (discontiguous) before the statutes
                lines = item.gold_facts.splitlines()
                directives = "\n".join(x for x in lines if x.lstrip().startswith(":-"))
                facts = "\n".join(x for x in lines if not x.lstrip().startswith(":-"))
                f.write_text(PROGRAM.format(compat=compat_layer(), init=inits[item.rules], directives=directives,
                                            facts=facts, limit=args.limit, goal=item.gold_test))
                out = subprocess.run(["swipl", str(f)], capture_output=True, text=True, env=env, timeout=args.limit + 60)
                if out.stdout.strip().endswith("agree") and not out.stdout.strip().endswith("disagree"):
                    agree += 1
                else:
                    bad += 1
                    print(f"DISAGREE {split} {item.id}: {out.stdout.strip()[-200:]} {out.stderr.strip()[-300:]}", flush=True)
            print(f"{split}: {agree}/{len(items)} agree with plain swipl", flush=True)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
