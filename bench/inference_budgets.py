"""The inferences every gold program takes, per job kind: what the engine's inference budgets
(:mod:`taxlogic.tools.limits`, issue 48) are chosen from.

Runs, with limits far above any budget (10^11 inferences, 600 s of CPU), every job the checks
run on a correct translation, on every gold program of SARA 2020 (376), SARA v2 (100) and the
NBA (216), and records each job's inferences (measured inside Prolog, identical on any machine
and under any load) and CPU seconds:

- ``query``: the answer job of a fact set as the verifier and the agent run it (SARA: the plan of
  :func:`taxlogic.eval.faults.verifier.plan_inspection`, roles ``run`` and ``raw``; NBA:
  ``NbaDomain.query_job``), and the gold method's job (``case_job`` of the whole gold program);
- ``view``: the fact view of a rule program (:data:`taxlogic.eval.faults.verifier.DERIVED_QUERY`);
- ``candidate``: each omission candidate's run (the answer job with the candidate's facts
  added: :func:`taxlogic.eval.faults.verifier.omission_pass`, NBA: ``omissions.engine_check``),
  with its ratio to the facts' own run (the answer job's inferences);
- ``recording``: the explanation's recording of the gold answer (``explain_gold``; SARA 2020),
  with its ratio to the query's inferences.

Prints per release and kind: jobs, median and maximum inferences (and the case of the maximum),
the maximum CPU seconds, the inference rate (inferences / CPU second, the lowest over jobs of at
least 0.05 s), and the budget of :mod:`taxlogic.tools.limits` with the margin it leaves
(budget / maximum). Usage: ``python bench/inference_budgets.py [--only sara,sara-v2,nba]``.

Stack (the budgets of :data:`~taxlogic.tools.limits.STACK_BYTES`): ``--stack BYTES`` runs every job
under that stack budget instead of its own and prints how many stopped on it; ``--dump FILE``
writes each job's outcome (status, values, inferences, the recording's status), sorted, so that a
run at ``--stack 2097152`` (an eighth of the budget) can be compared with one at ``--stack
1073741824`` (SWI-Prolog's default) job by job. SWI-Prolog keeps no peak of a job's stacks, so a
job's need is found this way, by the smallest limit under which its outcome stays the same.
"""

from __future__ import annotations

import argparse
import statistics
import threading
from collections import defaultdict

from taxlogic.tools.engine import Engine

BIG = {"inference_limit": 10**11, "time_limit": 600.0, "wall_limit": 1800.0}


class Recording(Engine):
    """An engine that records every job it runs with its outcome (thread-safe)."""

    def __init__(self, *a, **kw):
        super().__init__(*a, **kw)
        self.log: list = []
        self._log_lock = threading.Lock()

    #: ``--stack BYTES``: every job runs under this stack budget instead of its own.
    stack: int | None = None

    def run(self, job):
        if self.stack:
            job = job.model_copy(update={"stack_limit": self.stack})
        out = super().run(job)
        if STACK_LOG is not None:
            with self._log_lock:
                STACK_LOG.append(_entry(job, out))
        with self._log_lock:
            self.log.append((job, out))
        return out


#: ``--dump FILE``: every job's outcome (what it decides and its inferences), to compare two runs.
STACK_LOG: list | None = None


def _entry(job, out) -> str:
    import hashlib
    import json

    key = hashlib.sha256((_text(job.facts) + "\0" + _text(job.trusted_rules or "") + "\0" + job.query + "\0"
                          + job.mode + "\0" + str(job.inference_limit)).encode()).hexdigest()[:16]
    return json.dumps([key, out.status, out.error_kind if out.error_kind == "stack" else None, out.values,
                       out.solutions, out.inferences, (out.tree or {}).get("status")])


def _text(facts) -> str:
    return getattr(facts, "text", None) or str(facts)


def _row(name: str, pairs: list[tuple[str, int, float]]) -> dict:
    infs = [i for _, i, _ in pairs]
    worst = max(pairs, key=lambda p: p[1]) if pairs else ("-", 0, 0.0)
    rates = [i / c for _, i, c in pairs if c >= 0.05]
    return {"kind": name, "jobs": len(pairs), "median": statistics.median(infs) if infs else 0, "max": worst[1],
            "max_case": worst[0], "max_cpu": max((c for _, _, c in pairs), default=0.0),
            "min_rate": min(rates) if rates else float("nan")}


def sara(release: str, explain: bool) -> list[dict]:
    from taxlogic.eval.faults.verifier import DERIVED_QUERY, gold_program, inspect_many, plan_inspection
    from taxlogic.kb.sara.domain import case_job

    if release == "sara-v2":
        from taxlogic.kb.sara.data.v2 import load_v2_cases, v2_rules

        cases, rules = load_v2_cases(), v2_rules()
    else:
        from taxlogic.kb.sara.data.cases import load_cases
        from taxlogic.kb.sara.data.install import sara_rules

        cases, rules = load_cases(), sara_rules()
    plans = [plan_inspection(c, gold_program(c).fact_program, rules, rule_text=gold_program(c).rule_program, limits=BIG)
             for c in cases]
    with Recording(rules, workers=2) as engine:
        gold = list(engine.run_many([case_job(c, c.gold_program, mode="first", **BIG) for c in cases]))
        engine.log.clear()
        inspect_many(engine, plans, omissions=True)
        answers: dict[tuple[str, str], int] = {}
        rows = defaultdict(list)
        for c, o in zip(cases, gold):
            rows["query"].append((c.id, o.inferences, o.cpu_seconds))
        for p in plans:
            for j, r in zip(p.jobs, p.roles):
                answers[(_text(j.facts), j.query)] = p.case.id
        case_of_answer = {}
        for job, o in engine.log:
            key = (_text(job.facts), job.query)
            if job.query == DERIVED_QUERY:
                rows["view"].append((answers.get(key, "?"), o.inferences, o.cpu_seconds))
            elif key in answers:
                rows["query"].append((answers[key], o.inferences, o.cpu_seconds))
                case_of_answer[key] = (answers[key], o.inferences)
        ratios = []
        for job, o in engine.log:
            key = (_text(job.facts), job.query)
            if job.query == DERIVED_QUERY or key in answers:
                continue
            text = key[0]
            base = max((k for k in case_of_answer if k[1] == job.query and text.startswith(k[0])),
                       key=lambda k: len(k[0]), default=None)
            cid, own = case_of_answer.get(base, ("?", 0))
            rows["candidate"].append((cid, o.inferences, o.cpu_seconds))
            if o.status != "inference_limit":
                rows["candidate (completed)"].append((cid, o.inferences, o.cpu_seconds))
            else:
                rows["candidate (stopped by its budget)"].append((cid, o.inferences, o.cpu_seconds))
            if own and o.status != "inference_limit":
                ratios.append((o.inferences / own, cid))
        from taxlogic.tools.limits import recording_inferences

        closest = []  # a completed candidate's inferences over the budget it ran under
        for job, o in engine.log:
            key = (_text(job.facts), job.query)
            if job.query == DERIVED_QUERY or key in answers or o.status == "inference_limit":
                continue
            if job.inference_limit and job.inference_limit < BIG["inference_limit"]:  # not a rerun
                base = max((k for k in case_of_answer if k[1] == job.query and key[0].startswith(k[0])),
                           key=lambda k: len(k[0]), default=None)
                closest.append((o.inferences / job.inference_limit, case_of_answer.get(base, ("?", 0))[0]))
        rec_ratios, rec_closest = [], []
        if explain:
            from taxlogic.eval.scoring.explained import explain_gold

            for r in explain_gold(engine, cases):
                rows["recording"].append((r.case_id, r.inferences, r.cpu_seconds))
                if r.query_inferences:
                    rec_ratios.append((r.inferences / r.query_inferences, r.case_id))
                from taxlogic.settings import get_settings

                q = get_settings().inference_limit
                rec_closest.append((r.inferences / recording_inferences(r.query_inferences, q), r.case_id))
    out = [_row(k, v) for k, v in rows.items()]
    for row in out:
        if row["kind"] == "candidate" and ratios:
            row["ratio"] = max(ratios)
        if row["kind"] == "candidate (completed)" and closest:
            row["closest"] = max(closest)
        if row["kind"] == "recording" and rec_ratios:
            row["ratio"] = max(rec_ratios)
            row["closest"] = max(rec_closest)
    return out


def nba() -> list[dict]:
    from taxlogic.agent.state import CaseInput
    from taxlogic.kb.domain import get_domain
    from taxlogic.kb.nba import ANSWER_QUERY, nba_rules
    from taxlogic.kb.nba.checks import omissions as om
    from taxlogic.kb.nba.domain import NBA_QUESTION
    from taxlogic.kb.nba.data.gold import gold_program
    from taxlogic.kb.nba.data.problems import problem_texts
    from taxlogic.tools.facts import check_facts

    rules, domain = nba_rules(), get_domain("nba")
    rows = defaultdict(list)
    ratios = []
    with Recording(rules, workers=2) as engine:
        for p in problem_texts():
            case = CaseInput(case_id=p.id, text=p.text, question=NBA_QUESTION, kind="entailment",
                             query=ANSWER_QUERY, answer_var="X")
            canonical = check_facts(gold_program(p.id), rules.vocabulary).canonical
            job = domain.query_job(case, case.query, canonical).model_copy(update=BIG)
            o = engine.run(job)
            rows["query"].append((p.id, o.inferences, o.cpu_seconds))
            engine.log.clear()
            om.engine_check(p.text, canonical, o, engine, job, rules)
            for j, co in engine.log:
                rows["candidate"].append((p.id, co.inferences, co.cpu_seconds))
                if co.status == "inference_limit":
                    rows["candidate (stopped by its budget)"].append((p.id, co.inferences, co.cpu_seconds))
                if o.inferences and co.status != "inference_limit":
                    ratios.append((co.inferences / o.inferences, p.id))
    out = [_row(k, v) for k, v in rows.items()]
    for row in out:
        if row["kind"] == "candidate" and ratios:
            row["ratio"] = max(ratios)
    return out


def main() -> None:
    from taxlogic.tools import limits

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", default="sara,sara-v2,nba", help="releases, comma-separated")
    ap.add_argument("--no-explain", action="store_true", help="skip the recordings (SARA 2020)")
    ap.add_argument("--stack", type=int, default=None,
                    help="run every job under this stack budget, bytes (to show the gold jobs need less)")
    ap.add_argument("--dump", default=None, help="write every job's outcome here, sorted (compare two --stack runs)")
    args = ap.parse_args()
    global STACK_LOG
    Recording.stack = args.stack
    if args.dump:
        STACK_LOG = []
    budgets = limits.budgets()
    for release in args.only.split(","):
        rows = nba() if release == "nba" else sara(release, explain=release == "sara" and not args.no_explain)
        print(f"== {release} (gold programs; inferences are the same on any machine)")
        for r in rows:
            budget = budgets.get(r["kind"])
            extra = f", max ratio to its own query {r['ratio'][0]:.1f}x ({r['ratio'][1]})" if "ratio" in r else ""
            margin = f"; budget {budget:,} ({budget / max(r['max'], 1):.1f}x the max)" if budget else ""
            if "closest" in r:
                margin += f"; closest to its own budget: {100 * r['closest'][0]:.1f}% ({r['closest'][1]})"
            print(f"  {r['kind']:<10} jobs {r['jobs']:>5}  median {r['median']:>13,.0f}  max {r['max']:>13,} "
                  f"({r['max_case']}, {r['max_cpu']:.2f} s CPU)  lowest rate {r['min_rate'] / 1e6:.1f} M inferences/s"
                  f"{extra}{margin}")
    if STACK_LOG is not None:
        import json

        with open(args.dump, "w") as fh:
            fh.writelines(e + "\n" for e in sorted(STACK_LOG))
        stopped = sum(1 for e in STACK_LOG if json.loads(e)[2] == "stack")
        print(f"== {len(STACK_LOG):,} jobs under a stack budget of {args.stack or limits.STACK_BYTES:,} bytes: "
              f"{stopped} stopped by it")


if __name__ == "__main__":
    main()
