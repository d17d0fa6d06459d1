"""How much time the grounding checks of issue 15 add to an inspection round, per SARA case.

For every case's gold fact clauses (the translation a round inspects), time the checks issue 15
added to :func:`taxlogic.kb.sara.checks.static_issues`: no conclusions as facts
(:mod:`~taxlogic.kb.sara.checks.premises`), anchors (:mod:`~taxlogic.kb.sara.checks.anchors`), the aligner and the
sentence checks (:mod:`~taxlogic.kb.sara.checks.align`, :mod:`~taxlogic.kb.sara.checks.support`) and roles in
each event's sentence (:func:`~taxlogic.kb.sara.checks.direction.sentence_direction_issues`). Caches are
cleared before each case (a round's facts are new text), except the fact view the older checks
build anyway. Prints the median, 90th percentile and maximum in milliseconds, and the whole
``static_issues`` for comparison. Target (issue 15): median added time at most 50 ms.

    .venv/bin/python bench/grounding_speed.py [--repeat 3]
"""

from __future__ import annotations

import argparse
import statistics
import time


def main() -> None:
    parser = argparse.ArgumentParser(description="time the grounding checks per SARA case")
    parser.add_argument("--repeat", type=int, default=3, help="runs per case (the fastest counts)")
    args = parser.parse_args()

    from taxlogic.core import CaseInput
    from taxlogic.eval.faults.verifier import gold_program
    from taxlogic.kb.sara.data.cases import load_cases
    from taxlogic.kb.sara.data.install import sara_rules
    from taxlogic.kb.sara.checks import align as align_mod
    from taxlogic.kb.sara.reading import text as text_mod
    from taxlogic.kb.sara.checks.anchors import anchor_issues
    from taxlogic.kb.sara.checks import static_issues
    from taxlogic.kb.sara.checks.coverage import legal_terms
    from taxlogic.kb.sara.checks.direction import sentence_direction_issues
    from taxlogic.kb.sara.checks.premises import premise_issues
    from taxlogic.kb.sara.checks.support import support_issues
    from taxlogic.kb.sara.reading.view import FactView

    rules = sara_rules()
    statutes, terms = rules.vocabulary.statute, legal_terms(rules)
    static_issues(CaseInput(text="warm up.", question="?", kind="numeric"), None, "income_(a).\n", rules=rules)
    added, whole = [], []
    for case in load_cases():
        gp = gold_program(case)
        inp = CaseInput.from_case(case)
        facts, trusted = gp.fact_text, gp.rule_text
        best_added = best_whole = float("inf")
        for _ in range(args.repeat):
            align_mod._align.cache_clear()
            align_mod._normalised_with_offsets.cache_clear()
            text_mod.read_sentences.cache_clear()
            FactView.of(facts, trusted)  # built by the older checks in any round
            t0 = time.perf_counter()
            premise_issues(inp, facts, statutes=statutes, terms=terms, trusted=trusted)
            anchor_issues(inp, facts, trusted)
            support_issues(inp, facts, trusted, terms=terms)
            sentence_direction_issues(facts, align_mod.align(inp.text, facts, trusted, terms=terms), trusted)
            best_added = min(best_added, time.perf_counter() - t0)
            align_mod._align.cache_clear()
            text_mod.read_sentences.cache_clear()
            t0 = time.perf_counter()
            static_issues(inp, inp.query, facts, rules=rules, trusted=trusted)
            best_whole = min(best_whole, time.perf_counter() - t0)
        added.append(1000 * best_added)
        whole.append(1000 * best_whole)

    def row(name: str, xs: list[float]) -> str:
        xs = sorted(xs)
        return (f"{name:<28} median {statistics.median(xs):7.2f} ms   p90 {xs[int(0.9 * (len(xs) - 1))]:7.2f} ms   "
                f"max {xs[-1]:7.2f} ms")

    print(f"{len(added)} SARA cases (gold fact clauses), best of {args.repeat} runs each")
    print(row("grounding checks (added)", added))
    print(row("all static checks", whole))
    print("target: added median <= 50 ms:", "met" if statistics.median(added) <= 50 else "NOT met")


if __name__ == "__main__":
    main()
