"""Each SARA release's correct facts under the other release's statutes (issue 50): none may pass.

SARA 2020 writes people and event ids as atoms (``alice``, ``alice_is_paid``), SARA v2 as
strings in the case's words (``"Alice"``, ``"gross income"``), and the statutes of each read
only their own spelling: 2020's facts under v2 ask nothing about ``"Alice"`` and answer $0. A
translator may write either spelling, so for every case both releases have (the same id, text,
question and expected answer), each release's gold facts (as a translator writes them: the fact
clauses, or the events a rule program derives, :func:`taxlogic.eval.faults.gold_facts.materialized_gold`)
are inspected under the *other* release's statutes exactly as ``taxlogic inspect --facts`` does
(:func:`taxlogic.eval.faults.verifier.inspect_facts`: untrusted text, validation, the engine, every
check, the omission check). Each set is

- **refused**: the inspector raised an issue (the agent would repair, then abstain); the issue
  kinds are counted, and ``meet`` counts those refused by the check of issue 50
  (:mod:`taxlogic.kb.meet`: ``coverage_person``, ``rule_spelling``);
- **right**: no issue and the expected answer;
- **wrong**: no issue and another answer: the trust contract broken. Must be 0.

Prints the counts per direction; exits 1 if any is wrong.

    TAXLOGIC_DATA_DIR=... .venv/bin/python bench/cross_release.py [--cases tax_case_5,...]
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter


#: The issue kinds of the check of issue 50 (:mod:`taxlogic.kb.meet`).
MEET = {"coverage_person", "rule_spelling"}


def shared_cases(old, new) -> list[str]:
    """Ids of the cases both releases have: same id, text, question and expected answer."""
    by_id = {c.id: c for c in new}
    return [c.id for c in old if c.id in by_id and (c.text, c.question, c.expected)
            == (by_id[c.id].text, by_id[c.id].question, by_id[c.id].expected)]


def main() -> int:
    from taxlogic.eval.faults.gold_facts import materialized_gold
    from taxlogic.eval.faults.verifier import inspect_facts
    from taxlogic.eval.scoring.metrics import answer_correct
    from taxlogic.kb.sara.data.cases import load_cases
    from taxlogic.kb.sara.data.install import sara_rules
    from taxlogic.kb.sara.data.v2 import load_v2_cases, v2_rules
    from taxlogic.tools.engine import Engine

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cases", default="", help="comma-separated case ids (default: every case both releases have)")
    args = parser.parse_args()
    releases = {"SARA 2020": (load_cases(), sara_rules()), "SARA v2": (load_v2_cases(), v2_rules())}
    (old, r_old), (new, r_new) = releases["SARA 2020"], releases["SARA v2"]
    ids = shared_cases(old, new)
    if args.cases:
        ids = [i for i in ids if i in set(args.cases.split(","))]
    print(f"cases both releases have (same id, text, question, expected answer): {len(ids)}")
    wrong_total = 0
    for src, dst in (("SARA 2020", "SARA v2"), ("SARA v2", "SARA 2020")):
        (src_cases, src_rules), (dst_cases, dst_rules) = releases[src], releases[dst]
        src_by, dst_by = {c.id: c for c in src_cases}, {c.id: c for c in dst_cases}
        t0 = time.perf_counter()
        with Engine(src_rules, workers=2) as engine:
            facts = {i: materialized_gold(engine, src_by[i], src_rules) for i in ids}
        counts, kinds, wrong = Counter(), Counter(), []
        with Engine(dst_rules, workers=2) as engine:
            for i in ids:
                case = dst_by[i]
                result = inspect_facts(engine, case, facts[i], dst_rules)
                if result.issues:
                    counts["refused"] += 1
                    found = {x.kind for x in result.issues}
                    kinds.update(found)
                    counts["refused by the meet check"] += bool(found & MEET)
                    counts["refused by it alone"] += found <= MEET
                    counts["refused, answer as written wrong"] += not answer_correct(case.kind, case.expected,
                                                                                     result.answer)
                elif answer_correct(case.kind, case.expected, result.answer):
                    counts["right"] += 1
                else:
                    counts["wrong"] += 1
                    wrong.append(f"{i} (answered {result.answer}, expected {case.expected})")
        wrong_total += counts["wrong"]
        print(f"\n{src} gold facts under {dst}'s statutes ({len(ids)} sets, {time.perf_counter() - t0:.0f} s):")
        print(f"  refused {counts['refused']} (by the meet check: {counts['refused by the meet check']}, by it alone: "
              f"{counts['refused by it alone']}; answer as written wrong: {counts['refused, answer as written wrong']}), "
              f"right {counts['right']}, wrong {counts['wrong']}")
        print("  issue kinds (sets): " + ", ".join(f"{k} {n}" for k, n in kinds.most_common()))
        for w in wrong:
            print(f"  WRONG: {w}")
    return 1 if wrong_total else 0


if __name__ == "__main__":
    sys.exit(main())
