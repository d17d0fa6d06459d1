"""The NBA KB against RuleArena's annotations: agreement and the rules the explanations cite.

Runs every gold program (kb/nba/data/gold) through the KB and prints, per level and in all: problems
whose answer is the annotation, documented errata (kb/nba/data/errata.json) per class, problems the
KB leaves undetermined (their answer changes with the Minimum Player Salary, which the rule text
does not give), other disagreements (there should be none). Then, over the agreeing problems, the share of each
problem's annotated ``relevant_rules`` (canonical names, citations.canonical_rule) that the
explanation cites: of the whole problem (every rule the run applied) and of the illegal
operation alone (its violated, met and not-met rules; annotated problems list the rules of all
operations, so this share is lower by construction).

    .venv/bin/python scripts/nba_rules_check.py [--rulearena DIR]
"""

from __future__ import annotations

import argparse
import collections
import json


def main() -> int:
    parser = argparse.ArgumentParser(description="NBA KB vs RuleArena annotations")
    parser.add_argument("--rulearena", help="RuleArena root (default: the installed or shared data)")
    args = parser.parse_args()

    from taxlogic.kb.airline import rulearena_root
    from taxlogic.kb.nba import ANSWER_QUERY, UNDETERMINED_MINIMUM, nba_rules
    from taxlogic.kb.nba.explain.citations import canonical_rule
    from taxlogic.kb.nba.data.errata import load_errata
    from taxlogic.kb.nba.data.gold import trusted_gold_program
    from taxlogic.tools.engine import Engine, Job

    root = rulearena_root(args.rulearena) / "nba" / "annotated_problems"
    errata = load_errata()
    problems = {}
    for level in (0, 1, 2):
        for index, p in enumerate(json.loads((root / f"comp_{level}.json").read_text())):
            problems[f"nba-{level}-{index}"] = p
    ids = list(problems)
    query = f"{ANSWER_QUERY}, findall(L-Rs, cited_rules(L, Rs), C), Y = r(X, C)"
    with Engine(nba_rules(), workers=2) as engine:
        jobs = [Job(facts=trusted_gold_program(pid), query=query, mode="first", var="Y") for pid in ids]
        outs = dict(zip(ids, engine.run_many(jobs)))

    per_level = collections.Counter()
    agree = collections.Counter()
    kinds = collections.Counter()
    other = []
    undetermined = []
    share_all, share_op = [], []
    for pid in ids:
        p = problems[pid]
        level = pid.split("-")[1]
        per_level[level] += 1
        want = "none" if not p["answer"] else f"illegal({p['illegal_operation'].lower()},team_{p['problematic_team'].lower()})"
        out = outs[pid]
        text = out.values[0].replace(" ", "") if out.values else out.status
        got = text[2:text.index(",[")] if text.startswith("r(") else text
        if got == UNDETERMINED_MINIMUM:
            undetermined.append(pid)
            continue
        if got != want:
            if pid in errata:
                kinds[errata[pid].kind] += 1
            else:
                other.append((pid, want, got))
            continue
        agree[level] += 1
        cited: dict[str, set[str]] = {}
        for part in text[text.index(",[") + 2:-2].split("]"):
            part = part.strip(",")
            if "-[" in part:
                letter, rules = part.split("-[", 1)
                cited[letter] = set(filter(None, rules.split(",")))
        relevant = {canonical_rule(r) for r in p["relevant_rules"]}
        whole = set().union(*cited.values()) if cited else set()
        share_all.append(len(relevant & whole) / len(relevant))
        if p["answer"]:
            share_op.append(len(relevant & cited.get(p["illegal_operation"].lower(), set())) / len(relevant))

    for level in sorted(per_level):
        print(f"level {level}: {agree[level]}/{per_level[level]} give the annotated answer")
    print(f"all: {sum(agree.values())}/{len(ids)}; errata {sum(kinds.values())}; "
          f"undetermined (the answer changes with the Minimum Player Salary, no amount in the rule text) {len(undetermined)}"
          f"{' (' + ', '.join(undetermined) + ')' if undetermined else ''}; other disagreements {len(other)}")
    for kind, n in kinds.most_common():
        print(f"  erratum class {kind}: {n}")
    for pid, want, got in other:
        print(f"  NOT AN ERRATUM {pid}: annotated {want}, KB {got}")
    if share_all:
        print(f"agreeing problems: share of annotated relevant_rules the explanation cites: {sum(share_all) / len(share_all):.3f} (whole problem, n={len(share_all)}), "
              f"{sum(share_op) / max(1, len(share_op)):.3f} (illegal operation only, n={len(share_op)})")
    return 0 if not other else 1


if __name__ == "__main__":
    raise SystemExit(main())
