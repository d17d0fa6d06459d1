"""The verifier under fault injection: how many wrong translations slip through the inspector?

No capable LLM runs offline, so the agent's promise (abstain rather than answer from a wrong
translation) is measured without one: SARA's gold programs stand for correct translations,
:mod:`taxlogic.eval.faults.corrupt` breaks them the way LLM translators do, and every corrupted fact set
goes through the same validator, engine job and inspector as the agent's ``validate -> execute
-> inspect`` round (:func:`inspect_facts`; ``taxlogic inspect`` prints one). Each variant is

- **caught**: the inspector raised at least one issue (the agent would repair or abstain) and
  the answer changed; **caught_harmless**: flagged, but the answer did not change (a real
  corruption with no wrong answer at stake); **caught_limited**: flagged, answer unknown (below);
- **slipped**: nothing flagged and the answer differs from the gold answer (or there is none):
  the agent would have answered wrongly, the offline measure of Err;
- **harmless**: nothing flagged and the answer is the gold answer.

"Answer" is what the engine gives on the corrupted facts *as written* (a trusted run when the
validator rejected something, so that a rejected set is classified by what it would have done
without the validator: a corruption of a gold program is text the project derived from it,
:meth:`~taxlogic.tools.trust.TrustedProgram.derive`). Facts from anywhere else (``taxlogic
inspect --facts``: a ``str``) are never run as written: when the validator rejects them, the
"as written" job gets the facts that pass the safety checks alone
(:func:`~taxlogic.tools.facts.check_safety`), on the untrusted path; if any clause fails those
(a rule, a directive, an unknown or utility predicate, a syntax or size problem) nothing runs
and the inspection says so (``reason``: :data:`REFUSED`). The catch rate is caught / (caught + slipped): the share of
answer-changing corruptions flagged. False alarms are issues on the untouched gold sets.

**Gold programs.** A SARA gold program is trusted text: besides facts it may hold
``:- discontiguous`` directives and rules. Treatment, the same for every case:

- ``:- discontiguous`` directives are dropped: they only silence load warnings (the engine
  asserts clauses and never needs them) and no translator writes them;
- **fact programs** (no rules once directives are dropped; 317 of 376 cases): the fact text takes
  the *exact agent path*: :func:`~taxlogic.agent.validate.validation_issues` (``check_facts``),
  the canonical facts as an untrusted job (:func:`~taxlogic.agent.execute.query_job`), then
  :func:`~taxlogic.agent.checks.round_issues` with SARA's checks on the rule set
  (:func:`~taxlogic.kb.sara.checks.static_issues`);
- **rule programs** (59 cases: repeated events generated with ``between``/``member``, legal
  conclusions for a range of years, ``s3306_c`` stated with a date test): the rules are trusted
  and kept verbatim; the fact clauses are the "translation". They are validated like LLM output;
  if they pass, facts + rules run as a trusted job (the gold method's, with materialisation) and
  the inspector gets, as trusted context, the program's fact view (:data:`DERIVED_QUERY`: every
  ground fact it holds after materialisation, and what rules that take an event's id apart state
  of each event, asked per id) and the rule text: it checks the written facts, with
  the derived events and the rules counting for coverage and references. Corruptions touch only
  the fact clauses.

Gold sets the inspector flags are reported by name with the evidence (:func:`gold_evidence`:
a value one keystroke from the text's, an arity no statute defines, roles the other way round
…) as **gold errata** when every issue has such evidence, else as **false alarms**, and are
left out of the corruption experiment (a corruption of a flagged set is trivially "caught").

**Limits** (:mod:`taxlogic.tools.limits`, issue 48). Jobs get the agent's own inference budget
(:func:`experiment_limits`), which decides the same on any machine under any load; the CPU and
wall-clock limits are safety nets only. A corrupted set the inspector already flags before
Prolog answers (the validator, or the checks on the facts themselves) is one the agent never
answers from; its answer job gets a quick budget
(:data:`~taxlogic.tools.limits.QUICK_INFERENCES` inferences and
:data:`~taxlogic.tools.limits.QUICK_STACK_BYTES` of stack), and if it hits it the variant is
``caught_limited`` (left out of the catch rate: its answer is unknown). Unflagged sets always get
the full limits, exactly as the agent runs them.
"""

from __future__ import annotations

import re
import threading
import time
from collections import Counter
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Callable, NamedTuple, Sequence

from pydantic import BaseModel, Field

from taxlogic.agent.execute import query_job
from taxlogic.agent.checks import round_issues
from taxlogic.agent.state import CaseInput, Issue
from taxlogic.agent.validate import validation_issues
from taxlogic.eval.faults.job_pool import JobPool
from taxlogic.kb.sara.data.cases import Case
from taxlogic.kb.rules import RuleSet
from taxlogic.kb.sara.domain import answer_of, case_job
from taxlogic.kb.sara.checks import static_issues
from taxlogic.kb.sara.checks.coverage import legal_terms
from taxlogic.kb.sara.checks.omissions import (Chains, answer_key, applies_to, candidate_limits, changes, clause_table,
                                              decide, plan as omission_plan, query_unmet, rerun_job, run_candidates)
from taxlogic.tools.engine import Engine, Job, Outcome
from taxlogic.tools.facts import split_clauses
from taxlogic.tools.limits import QUICK_INFERENCES
from taxlogic.tools.trust import TrustedProgram

#: Query (trusted jobs only) listing the "fact view" of a rule program (``tl_case_view/1``,
#: tools/engine.pl): every ground fact clause of the loaded case after the engine's
#: materialisation of rule-defined event predicates, then what the rules materialisation could
#: not list (they take an event's id apart) state of each event a type fact names, asked per id.
#: The view is read by the checks only; the program keeps its rules.
DERIVED_QUERY = "tl_case_view(H)"
DERIVED_MAX = 200_000

# ------------------------------------------------------------------------- gold programs


@dataclass(frozen=True)
class GoldProgram:
    """A gold program split for the experiment: fact clauses (the translation), rules (trusted,
    verbatim) and the dropped ``discontiguous`` directives."""

    case: Case
    facts: tuple[str, ...]
    rules: tuple[str, ...] = ()
    directives: tuple[str, ...] = ()

    @property
    def kind(self) -> str:
        return "rules" if self.rules else "facts"

    @property
    def fact_text(self) -> str:
        return "".join(f + "\n" for f in self.facts)

    @property
    def rule_text(self) -> str:
        return "".join(r + "\n" for r in self.rules)

    @property
    def fact_program(self) -> TrustedProgram:
        """:attr:`fact_text` as a trusted program (derived from the case's installed gold program)."""
        return self.case.gold_program.derive(self.fact_text, "fact clauses")

    @property
    def rule_program(self) -> TrustedProgram | None:
        """:attr:`rule_text` as a trusted program; None for a fact program."""
        return self.case.gold_program.derive(self.rule_text, "rules") if self.rules else None

    def corruption(self, text: str, op: str) -> TrustedProgram:
        """A corruption of :attr:`fact_text` (:mod:`taxlogic.eval.faults.corrupt`, operator ``op``) as a
        trusted program: text this project derived from the gold program."""
        return self.case.gold_program.derive(text, f"corruption {op}")


def gold_program(case: Case) -> GoldProgram:
    """Split ``case.gold_facts`` (see the module doc). Directives other than ``discontiguous``
    are kept with the rules (trusted; the engine reports and never runs them)."""
    facts, rules, dirs = [], [], []
    for cl in split_clauses(case.gold_facts):
        if cl.kind == "directive" and re.match(r":-\s*discontiguous\b", cl.text):
            dirs.append(cl.text)
        elif cl.kind == "fact":
            facts.append(cl.text)
        else:
            rules.append(cl.text)
    return GoldProgram(case, tuple(facts), tuple(rules), tuple(dirs))


# ----------------------------------------------------------------------------- inspection


class Inspection(BaseModel):
    """What the inspector found on one fact set, and what answer the facts give.

    ``issues``: the inspector's issues (the agent answers only when there are none).
    ``answer``: the engine's answer on the facts as written (``None`` with ``reason`` if none),
    whether or not the inspector let it through; ``agent_answer``: the answer the agent would
    give (``answer`` if no issues, else None). ``mode``: ``untrusted`` (the agent path) or
    ``trusted-rules`` (fact clauses validated, trusted rules kept). ``limited``: the run hit the
    quick limit given to an already flagged fact set (:func:`inspect_many`), so ``answer`` is
    unknown rather than none. ``inferences``: the answer job's (None: not run). ``clauses``: the
    omission check's table clause -> facts with each unstated item's verdict
    (:func:`taxlogic.kb.sara.checks.omissions.clause_table`; empty when another check flagged
    the set first).
    """

    case_id: str
    mode: str
    issues: list[Issue] = Field(default_factory=list)
    answer: str | int | None = None
    reason: str | None = None
    agent_answer: str | int | None = None
    outcome: str | None = None
    limited: bool = False
    seconds: float = 0.0
    inferences: int | None = None
    clauses: list[dict] = Field(default_factory=list)

    @property
    def flagged(self) -> bool:
        return bool(self.issues)

    @property
    def refused(self) -> bool:
        """The facts as written were refused and not run (untrusted facts; :data:`REFUSED`), or
        the engine refused them while loading (its second line of defence)."""
        r = self.reason or ""
        return r.startswith(REFUSED) or "rejected while loading" in r


@dataclass
class _Plan:
    case: Case
    inp: CaseInput
    mode: str
    issues: list[Issue]
    canonical: str
    rule_text: str = ""
    rules: RuleSet | None = None
    lines: list[int] = field(default_factory=list)
    jobs: list[Job] = field(default_factory=list)
    roles: list[str] = field(default_factory=list)  # "derived" first (if any), then "run" or "raw"
    refused: str | None = None  # why the facts as written were not run (untrusted facts only)


#: ``Inspection.reason`` when the facts as written were refused and not run (see the module doc).
REFUSED = "refused: the facts as written were not run"


def plan_inspection(case: Case, facts: str | TrustedProgram, rules: RuleSet, *,
                    rule_text: TrustedProgram | None = None, limits: dict | None = None) -> _Plan:
    """Validation in Python, and the engine jobs the inspection needs (run with :func:`finish`):
    for a rule program whose fact clauses pass, first the derived-facts job; then the answer job
    (``run``: the agent's job, or the trusted program; ``raw``: the facts as written, when the
    validator rejected something, to know what they would have answered).

    ``facts``: a ``str`` (anyone's: untrusted) or a :class:`TrustedProgram` derived from the
    case's gold program (:meth:`GoldProgram.fact_program`, :meth:`GoldProgram.corruption`);
    ``rule_text``: the trusted rules of a gold rule program (:attr:`GoldProgram.rule_program`).
    Untrusted facts the validator rejects run as written only through the safety checks
    (module doc); if those refuse a clause there is no ``raw`` job and ``refused`` says why."""
    from taxlogic.tools.facts import check_facts, check_safety

    limits = dict(limits or {})
    inp = CaseInput.from_case(case)
    trusted = isinstance(facts, TrustedProgram)
    if rule_text is not None and not isinstance(rule_text, TrustedProgram):
        raise TypeError("rule_text must be a TrustedProgram (GoldProgram.rule_program), not text")
    text = facts.text if trusted else facts
    issues, canonical = validation_issues(text, rules)
    lines = [f.line for f in check_facts(text, rules.vocabulary).facts]
    rule_prog = rule_text
    rule_text = rule_prog.text if rule_prog is not None else ""
    if not rule_text:
        plan = _Plan(case, inp, "untrusted", issues, canonical, rules=rules, lines=lines)
        if not issues:
            plan.jobs.append(query_job(inp, inp.query, canonical).model_copy(update=limits))
            plan.roles.append("run")
    else:
        # the rules are part of the program: fact clauses may be few or none
        issues = [i for i in issues if i.kind != "empty"]
        plan = _Plan(case, inp, "trusted-rules", issues, canonical, rule_text, rules, lines)
        if not issues:
            extra = {} if trusted else {"trusted_rules": rule_prog}
            program = facts.derive(canonical, "validated facts") + rule_prog if trusted else canonical
            plan.jobs.append(Job(facts=program, query=DERIVED_QUERY, mode="all", var="H",
                                 max_solutions=DERIVED_MAX, **extra, **limits))
            plan.roles.append("derived")
            plan.jobs.append(case_job(case, program, **limits).model_copy(update=extra))
            plan.roles.append("run")
    if issues and trusted:  # what the derived facts as written would answer without the validator
        plan.jobs.append(case_job(case, facts + rule_prog if rule_prog is not None else facts, **limits))
        plan.roles.append("raw")
    elif issues:  # anyone's facts: only what passes the safety checks runs, untrusted
        safe = check_safety(text, rules.vocabulary)
        if safe.problems or not safe.facts:
            p = safe.problems[0] if safe.problems else None
            plan.refused = f"{REFUSED} ({f'line {p.line}' if p.line else 'input'}: {p.kind})" if p else REFUSED
        else:
            plan.jobs.append(case_job(case, safe.canonical, **limits).model_copy(update={"trusted_rules": rule_prog}))
            plan.roles.append("raw")
    return plan


_VAR_TEXT = re.compile(r"(?<![\w'\"])_[A-Z0-9]\w*")


def derived_fact_text(outcome: Outcome) -> str:
    """The derived-facts job's values as fact text (one per line; variables written ``_``)."""
    if outcome.status != "values":
        return ""
    return "".join(_VAR_TEXT.sub("_", v) + ".\n" for v in outcome.values)


def _trusted(plan: _Plan, derived: Outcome | None) -> str:
    return derived_fact_text(derived) + plan.rule_text if derived is not None else ""


def static_flags(plan: _Plan, derived: Outcome | None = None) -> list[Issue]:
    """What the inspector finds before Prolog answers: the validator's issues, or the checks on
    the facts themselves (:func:`taxlogic.kb.sara.checks.static_issues`)."""
    if plan.issues:
        return list(plan.issues)
    return static_issues(plan.inp, plan.inp.query, plan.canonical, rules=plan.rules, trusted=_trusted(plan, derived))


def finish(plan: _Plan, outcomes: Sequence[Outcome], *, quick: int | None = None,
           static: Sequence[Issue] | None = None) -> Inspection:
    """Run the inspector on a planned fact set given its jobs' outcomes (``quick``: the inference
    budget the answer job had, if it was shortened because the set was already flagged; ``static``: the
    inspector's static issues if already computed, see :func:`static_flags`)."""
    by_role = dict(zip(plan.roles, outcomes))
    run, raw = by_role.get("run"), by_role.get("raw")
    if not plan.issues and run is not None and static is None:
        static = static_flags(plan, by_role.get("derived"))
    issues = round_issues(plan.inp, plan.issues, run, static=static or (), lines=plan.lines)
    ans_outcome = run if run is not None else raw
    ans = answer_of(plan.case, ans_outcome) if ans_outcome is not None else None
    limited = quick is not None and ans_outcome is not None and ans_outcome.status in ("time_limit", "inference_limit")
    return Inspection(
        case_id=plan.case.id, mode=plan.mode, issues=issues,
        answer=ans.value if ans else None, reason=ans.reason if ans else (plan.refused or "not run"),
        agent_answer=ans.value if ans and not issues else None,
        outcome=ans_outcome.summary() if ans_outcome is not None else None, limited=limited,
        seconds=sum(o.seconds for o in outcomes),
        inferences=ans_outcome.inferences if ans_outcome is not None else None,
    )


def _quick_limits(job: Job, quick: int) -> dict:
    """A quick job's limits: ``quick`` inferences (at most the job's own budget), the quick stack
    budget (:data:`~taxlogic.tools.limits.QUICK_STACK_BYTES`, 8 MiB, at most the job's own), and
    the engine's CPU safety net for that budget (:func:`taxlogic.tools.limits.safety_seconds`: 50 s
    for :data:`~taxlogic.tools.limits.QUICK_INFERENCES`, never above the job's own) with a wall net
    of at least 2 x that + 10 s: a safety net decides nothing, so a runaway it stops costs half."""
    from taxlogic.settings import get_settings
    from taxlogic.tools.limits import QUICK_STACK_BYTES, STACK_BYTES, safety_seconds

    s = get_settings()
    inferences = min(quick, job.inference_limit or quick)
    t = safety_seconds(inferences, s.time_limit)
    if job.time_limit is not None:
        t = min(t, job.time_limit)
    wall = _wall_net(s, t)
    if job.wall_limit is not None:
        wall = min(wall, job.wall_limit)
    stack = min(QUICK_STACK_BYTES, job.stack_limit or STACK_BYTES)
    return {"inference_limit": inferences, "stack_limit": stack, "time_limit": t, "wall_limit": wall}


def _wall_net(s, cpu: float) -> float:
    """The verifier's wall-clock safety net for a job whose CPU net is ``cpu`` seconds: at least
    the settings' ``wall_limit`` and 2 x ``cpu`` + 10 s (seconds; a safety net, never a verdict)."""
    return max(s.wall_limit, 2 * cpu + 10)


def inspect_many(engine: Engine, plans: Sequence[_Plan], *, quick: int | None = None,
                 on_done: Callable[[int], None] | None = None, omissions: bool = True,
                 width: int = 1) -> list[Inspection]:
    """Run every plan's jobs on the engine pool (concurrently) and inspect each.

    ``quick`` (inferences, e.g. :data:`~taxlogic.tools.limits.QUICK_INFERENCES`): a fact set the
    inspector already flags before Prolog answers (the validator, or :func:`static_flags`) is one
    the agent would never answer from, whatever the outcome; its answer job then gets this
    smaller inference budget (the answer only tells a caught
    corruption that changed the answer from one that did not). A set that hits it is reported
    as ``limited`` (answer unknown) rather than as a changed answer. Unflagged sets keep their
    full limits, exactly as the agent runs them. ``omissions``: then the omission check on every
    set nothing else flagged (:func:`omission_pass`). ``on_done(1)``: called as each set's jobs
    (its fact view and answer; not the omission check's) have finished, from the engine's threads.
    ``width``: a set's omission candidates in flight at first (each item's first, and more while
    fewer: :meth:`~taxlogic.kb.sara.checks.omissions.Chains.wave`); 1 for a batch's throughput
    (no run beyond an item's first change; the runs, like the verdicts, the same on any machine),
    the engine's workers for one set's latency (then which runs beyond an item's first change
    happen can depend on which run ends first; the verdicts cannot).

    The checks (Python) run while the workers run the jobs
    (:class:`~taxlogic.eval.faults.job_pool.JobPool`): every fact view first, then each set's
    answer job as soon as its static flags are known, and each set's omission candidates as soon
    as its answer is in (the sets in order, looked at between two answer jobs' submissions), so
    the workers wait for the checks only at the start. What each set gets is the same as checking
    them one after another; an identical job (two corruptions giving the same program) runs once."""
    plans = list(plans)
    with JobPool(engine) as jobs:
        derived = {i: jobs.submit(j) for i, p in enumerate(plans) for j, r in zip(p.jobs, p.roles) if r == "derived"}
        main: dict[int, Future] = {}
        shortened: set[int] = set()
        static: dict[int, list[Issue]] = {}
        result: list[Inspection] = []
        views: dict[int, Outcome | None] = {}
        checks: list[tuple[int, _OmissionJobs, list[Future]]] = []  # (plan index, its check, the candidates' runs)

        def settle(i: int) -> None:  # set i's inspection and its omission candidates, once its jobs ran
            p = plans[i]
            views[i] = derived[i].result() if i in derived else None
            outcomes = [views[i] if r == "derived" else main[i].result() for r in p.roles]
            result.append(finish(p, outcomes, quick=quick if i in shortened else None, static=static.get(i)))
            check = _omission_jobs(p, result[i], views[i], main[i].result() if i in main else None) if omissions else None
            if check is not None:
                checks.append((i, check, _CandidateRuns(jobs, check, lambda o, c=p.case, b=result[i].answer:
                                                        changes(answer_key(c, o), b), width).outcomes))

        def ran(i: int) -> bool:
            return all(f.done() for f in (derived.get(i), main.get(i)) if f is not None)

        for i, p in enumerate(plans):
            for j, r in zip(p.jobs, p.roles):
                if r == "derived":
                    continue
                if quick is not None:
                    flags = static_flags(p, derived[i].result() if i in derived else None)
                    if not p.issues:
                        static[i] = flags
                    if flags:
                        j = j.model_copy(update=_quick_limits(j, quick))
                        shortened.add(i)
                main[i] = jobs.submit(j)
            if on_done is not None:
                last = main.get(i) or derived.get(i)
                if last is None:
                    on_done(1)
                else:
                    last.add_done_callback(lambda _: on_done(1))
            while len(result) <= i and ran(len(result)):  # the sets whose jobs ran meanwhile, in order
                settle(len(result))
        while len(result) < len(plans):
            settle(len(result))
        for i, check, outcomes in checks:
            result[i] = _omission_result(plans[i], result[i], views[i], check, outcomes.result())
    return result


class _CandidateRuns:
    """One omission check's candidate jobs on a :class:`JobPool`, as
    :func:`~taxlogic.kb.sara.checks.omissions.run_candidates` runs them, without waiting between
    waves: each item's candidates one after another (:class:`~taxlogic.kb.sara.checks.omissions.Chains`),
    the next submitted as one before it ran and did not change the answer (``changed``), a run
    its limit stopped once more (:func:`~taxlogic.kb.sara.checks.omissions.rerun_job`). ``width``:
    at first, the runs of :meth:`~taxlogic.kb.sara.checks.omissions.Chains.wave` (1: one per item).
    ``outcomes``: a future of the outcomes, one per job (None: not run); it holds the error if a
    run raised."""

    def __init__(self, pool: JobPool, check: _OmissionJobs, changed: Callable[[Outcome], bool], width: int = 1):
        self.pool, self.check, self.changed = pool, check, changed
        self.chains = Chains([c.item for c in check.cands])
        self.outs: list[Outcome | None] = [None] * len(check.jobs)
        self.outcomes: Future = Future()
        first = self.chains.wave(width)
        self.open, self.lock = len(first), threading.Lock()  # runs in flight
        if not first:
            self.outcomes.set_result(self.outs)
        for k in first:
            self._submit(k, check.jobs[k], rerun=False)

    def _submit(self, k: int, job: Job, *, rerun: bool) -> None:
        try:
            self.pool.submit(job).add_done_callback(lambda f: self._ran(k, job, f, rerun))
        except BaseException as e:  # the pool shut down (Ctrl-C, an error elsewhere)
            self._fail(e)

    def _ran(self, k: int, job: Job, f: Future, rerun: bool) -> None:  # in an engine thread
        try:
            o = f.result()
            again = None if rerun else rerun_job(job, self.check.answer_job, o)
            if again is not None:
                return self._submit(k, again, rerun=True)
            self.outs[k] = o
            n = self.chains.after(k, changed=self.changed(o))
            if n is not None:
                return self._submit(n, self.check.jobs[n], rerun=False)
            with self.lock:
                self.open -= 1
                last = self.open == 0
            if last:
                self.outcomes.set_result(self.outs)
        except BaseException as e:
            self._fail(e)

    def _fail(self, e: BaseException) -> None:
        with self.lock:
            if not self.outcomes.done():
                self.outcomes.set_exception(e)


def _with_candidate(facts: str | TrustedProgram, candidate: str) -> str | TrustedProgram:
    """``facts`` with a candidate fact of the omission check added: untrusted text stays untrusted
    (the candidate is plain facts, validated by the worker again); a trusted program (a gold set or
    its corruption) stays trusted, derived by the check from it and the case's own words."""
    if isinstance(facts, TrustedProgram):
        return facts.derive(facts.text + candidate, "omission candidate")
    return facts + candidate


class _OmissionJobs(NamedTuple):
    """The omission check's plan for one inspected set (:func:`_omission_jobs`)."""

    rows: list
    cands: list
    jobs: list[Job]
    answer_job: Job


def _omission_jobs(p: _Plan, r: Inspection, derived: Outcome | None, run: Outcome | None) -> _OmissionJobs | None:
    """The omission check's plan for one inspected set: its rows, candidates, the candidates' jobs
    and the answer job, each candidate job the answer job with the candidate's facts added under
    :func:`~taxlogic.kb.sara.checks.omissions.candidate_limits` (``run``: the answer job's
    outcome); None when the check does not run (another check flagged the set, it has no answer,
    or the query is not one the check applies to)."""
    if r.issues or r.answer is None or "run" not in p.roles or not applies_to(p.rules):
        return None
    job = p.jobs[p.roles.index("run")]
    rows, cands = omission_plan(p.inp, p.inp.query, p.canonical, p.rules, trusted=_trusted(p, derived),
                                terms=legal_terms(p.rules))
    limits = candidate_limits(job, run)
    return _OmissionJobs(rows, cands, [job.model_copy(update={"facts": _with_candidate(job.facts, c.facts), **limits})
                                       for c in cands], job)


def _omission_result(p: _Plan, r: Inspection, derived: Outcome | None, check: _OmissionJobs,
                     outcomes: Sequence[Outcome | None]) -> Inspection:
    """``r`` with the omission check's clause table and issues, from its candidates' outcomes
    (None: not run, as an earlier candidate of its item changed the answer)."""
    answers = [answer_key(p.case, o) for o in outcomes]
    unmet = query_unmet(p.inp.query, p.canonical, _trusted(p, derived))
    verdict = decide(check.rows, check.cands, r.answer, answers, unmet=unmet)
    update: dict = {"clauses": clause_table(verdict.rows, verdict.verdicts)}
    if verdict.issues:
        update |= {"issues": list(r.issues) + verdict.issues, "agent_answer": None}
    return r.model_copy(update=update)


def omission_pass(engine: Engine, plans: Sequence[_Plan], results: list[Inspection],
                  derived: dict[int, Outcome] | None = None, runs: dict[int, Outcome] | None = None) -> list[Inspection]:
    """The omission check (:mod:`taxlogic.kb.sara.checks.omissions`) on every inspected set that nothing
    else flagged and that has an answer, as the agent's round runs it after the other checks:
    the candidates of every set in waves on the engine, each item's until one changes the answer
    (the answer job with the candidate's facts added, the limits of
    :func:`~taxlogic.kb.sara.checks.omissions.candidate_limits`, a run they stop once more under
    the answer job's, :func:`~taxlogic.kb.sara.checks.omissions.run_candidates`; ``runs``: the
    answer jobs' outcomes by plan index). Returns the inspections with its issues added."""
    derived, runs = derived or {}, runs or {}
    todo = [(i, c) for i, (p, r) in enumerate(zip(plans, results))
            if (c := _omission_jobs(p, r, derived.get(i), runs.get(i))) is not None]
    base = [(plans[i].case, results[i].answer) for i, c in todo for _ in c.jobs]  # each job's case and facts' answer
    outs = iter(run_candidates(engine, [j for _, c in todo for j in c.jobs], [c.answer_job for _, c in todo for _ in c.jobs],
                               [(i, cand.item) for i, c in todo for cand in c.cands],
                               lambda k, o: changes(answer_key(base[k][0], o), base[k][1])))
    results = list(results)
    for i, c in todo:
        outcomes = [next(outs) for _ in c.jobs]  # noqa: B023
        results[i] = _omission_result(plans[i], results[i], derived.get(i), c, outcomes)
    return results


def inspect_facts(engine: Engine, case: Case, facts: str | TrustedProgram, rules: RuleSet, *,
                  rule_text: TrustedProgram | None = None, limits: dict | None = None,
                  omissions: bool = True) -> Inspection:
    """Validate, run and inspect one fact set for ``case`` as the agent's round does
    (``facts`` and ``rule_text`` as for :func:`plan_inspection`; see the module doc;
    ``omissions``: with the omission check, :func:`omission_pass`)."""
    plan = plan_inspection(case, facts, rules, rule_text=rule_text, limits=limits)
    outcomes = [engine.run(j) for j in plan.jobs]
    result = finish(plan, outcomes)
    if not omissions:
        return result
    by_role = dict(zip(plan.roles, outcomes))
    derived, run = by_role.get("derived"), by_role.get("run")
    return omission_pass(engine, [plan], [result], {0: derived} if derived is not None else {},
                         {0: run} if run is not None else {})[0]


def inspect_gold(engine: Engine, case: Case, rules: RuleSet, *, limits: dict | None = None) -> Inspection:
    """:func:`inspect_facts` on ``case``'s own gold program (module doc: fact and rule programs)."""
    gp = gold_program(case)
    return inspect_facts(engine, case, gp.fact_program, rules, rule_text=gp.rule_program, limits=limits)


# --------------------------------------------------------------------------- gold errata

_DATE_ISO = re.compile(r'"(\d{4})-(\d{2})-(\d{2})"')
#: Issue kinds that point at a gold fact set contradicting its own text (given evidence).
ERRATA = {
    "typo": "a value one keystroke from the one the text states",
    "arity": "a fact with an arity no statute defines (the rules never read it)",
    "omission": "a value the text states that the gold never encodes",
    "spurious": "a value the gold states that the text never does",
    "duplicate": "one event stated twice with different values",
    "reversed": "roles the other way round from the text (as the statutes read them)",
    "unread": "a fact no rule can read (a misspelt predicate, an event missing its link)",
    "unsupported": "a fact its sentence does not support (a person, date or event the text does not state there)",
}


def _digits_close(a: str, b: str) -> bool:
    """One edit apart (a digit changed, added or dropped, or two neighbours transposed)."""
    if a == b:
        return False
    if len(a) == len(b):
        diff = [i for i in range(len(a)) if a[i] != b[i]]
        return len(diff) == 1 or (len(diff) == 2 and diff[1] == diff[0] + 1
                                  and a[diff[0]] == b[diff[1]] and a[diff[1]] == b[diff[0]])
    short, long_ = sorted((a, b), key=len)
    return len(long_) - len(short) == 1 and any(long_[:i] + long_[i + 1:] == short for i in range(len(long_)))


def gold_evidence(case: Case, issue: Issue) -> tuple[str, str]:
    """(category, evidence) for an issue the inspector raised on ``case``'s untouched gold facts.

    Categories of :data:`ERRATA` (the gold contradicts its own text; evidence quotes both), or
    ``other`` (a false alarm unless shown otherwise; resource limits are ``other`` too)."""
    facts = case.gold_facts
    kind, msg = issue.kind, issue.message
    if kind == "arity":
        return "arity", f"{msg}; SARA loads the fact but no rule ever calls that arity"
    m = re.search(r"the text states \$(\S+), but", msg)
    if kind == "coverage_amount" and m:
        stated = m.group(1).rstrip(",")
        near = sorted({n for n in re.findall(r"(?<![\w.])\d+(?![\w.])", facts) if _digits_close(stated, n)})
        if near:
            return "typo", f"text states ${stated}; gold has {', '.join(near)}"
        return "omission", f"text states ${stated}; no gold fact holds it"
    m = re.search(r"the date (\d{4})-(\d{2})-(\d{2})", msg)
    if kind == "coverage_date" and m:
        stated = m.groups()
        near = sorted({"-".join(g) for g in _DATE_ISO.findall(facts) if sum(x != y for x, y in zip(g, stated)) == 1})
        if near:
            return "typo", f"text states {'-'.join(stated)}; gold has {', '.join(near)}"
        return "omission", f"text states {'-'.join(stated)}; no gold fact holds it"
    if kind == "amount_unstated":
        m = re.search(r"has the number (\S+),", msg)
        n = m.group(1) if m else ""
        near = [a for a in re.findall(r"\$\s?(\d[\d,]*)", case.text) if _digits_close(a.replace(",", ""), n)]
        return ("typo", f"{msg}; the text states ${near[0]}") if near else ("spurious", msg)
    category = {"date_near_miss": "typo", "name_near_miss": "typo", "predicate_unread": "unread",
                "event_unusable": "unread", "event_conflict": "duplicate", "event_duplicate": "duplicate",
                "role_direction": "reversed", "role_clash": "reversed", "role_link": "reversed",
                "event_undeclared": "typo", "date_year": "typo", "coverage_conclusion": "omission",
                "premise_unstated": "spurious", "unsupported_fact": "unsupported", "open_period": "omission",
                "role_missing": "unsupported", "unaccounted": "spurious"}.get(kind, "other")
    return category, msg


# ------------------------------------------------------------------------------ experiment

#: The operator that leaves out one rule group of a gold rule program (issue 33); the others
#: change the fact clauses (:data:`taxlogic.eval.faults.corrupt.OPERATORS`).
RULE_OPERATOR = "omit_rules"


def rule_variants(p: GoldProgram, *, seed: int, k: int, every: bool = False) -> list[tuple[object, str]]:
    """Up to ``k`` distinct variants of a rule program with one rule group left out
    (:func:`taxlogic.eval.faults.corrupt.omit_rule_group`), deterministic in (``seed``, case), or
    with ``every`` each of them (:func:`taxlogic.eval.faults.corrupt.rule_groups`): each a
    (:class:`~taxlogic.eval.faults.corrupt.Corruption` of the unchanged facts, the new rule text)."""
    import random

    from taxlogic.eval.faults.corrupt import Corruption, omit_rule_group, rule_groups

    if not p.rules:
        return []
    if every:
        return [(Corruption(RULE_OPERATOR, p.facts, detail), text) for text, detail in rule_groups(p.rule_text)]
    rng = random.Random(f"{seed}:{p.case.id}:{RULE_OPERATOR}")
    out: list[tuple[object, str]] = []
    seen: set[str] = set()
    for _ in range(20):
        if len(out) >= k:
            break
        got = omit_rule_group(p.rule_text, rng)
        if got is None:
            break
        text, detail = got
        if text not in seen:
            seen.add(text)
            out.append((Corruption(RULE_OPERATOR, p.facts, detail), text))
    return out


Klass = str  # caught | caught_harmless | caught_limited | harmless | slipped


class Variant(BaseModel):
    """One corrupted fact set and how the inspector and the engine judged it."""

    case_id: str
    op: str
    detail: str
    program: str
    expected: str | int
    answer: str | int | None
    changed: bool | None
    issues: list[str]
    klass: Klass


def classify(expected, answer, flagged: bool, limited: bool = False) -> Klass:
    """``caught`` (flagged, answer changed or none), ``caught_harmless`` (flagged, answer
    unchanged), ``caught_limited`` (flagged, answer unknown: the quick limit), ``harmless`` (not
    flagged, answer unchanged and correct), ``slipped`` (not flagged, answer wrong or none)."""
    if flagged and limited:
        return "caught_limited"
    changed = answer is None or answer != expected
    if flagged:
        return "caught" if changed else "caught_harmless"
    return "slipped" if changed else "harmless"


def _rate(num: int, den: int) -> float | None:
    return None if den == 0 else round(num / den, 4)


def summarise(variants: Sequence[Variant]) -> dict:
    """Counts per class; ``catch_rate`` = caught / (caught + slipped), the share of answer-changing
    corruptions the inspector flags; ``slip_rate`` = 1 - catch_rate; ``slipped_of_all``:
    slipped / variants (how often a corruption would end in a wrong answer)."""
    c = Counter(v.klass for v in variants)
    changed = c["caught"] + c["slipped"]
    return {
        "variants": len(variants), "caught": c["caught"], "caught_harmless": c["caught_harmless"],
        "caught_limited": c["caught_limited"], "harmless": c["harmless"], "slipped": c["slipped"],
        "answer_changing": changed, "catch_rate": _rate(c["caught"], changed), "slip_rate": _rate(c["slipped"], changed),
        "slipped_of_all": _rate(c["slipped"], len(variants)),
    }


def experiment_limits(settings=None, time_limit: float | None = None) -> dict:
    """Job limits of the experiment: the agent's own inference budget (settings'
    ``inference_limit``: the verifier decides as the agent does, on any machine under any load),
    and the safety nets: ``time_limit`` CPU seconds (default: the engine's own,
    :func:`taxlogic.tools.limits.safety_seconds`) and a wall limit of at least 2 x that + 10 s.
    Returns ``{"inference_limit", "time_limit", "wall_limit"}``."""
    from taxlogic.settings import get_settings
    from taxlogic.tools.limits import safety_seconds

    s = settings or get_settings()
    t = time_limit if time_limit is not None else safety_seconds(s.inference_limit, s.time_limit)
    return {"inference_limit": s.inference_limit, "time_limit": t, "wall_limit": _wall_net(s, t)}


def _planned_variants(programs: Sequence[GoldProgram], ops: Sequence[str], rules: RuleSet, *, seed: int, k: int,
                      every: bool, limits: dict, stop: threading.Event) -> list[tuple[list, list[_Plan], list[str]]]:
    """Each gold program's corruptions (:func:`run_verifier`) and their inspection plans, in
    ``programs``' order: ``(todo, plans, none)`` per program, ``todo`` its ``(program, variant,
    the variant's rule text)`` items, ``plans`` theirs, ``none`` the operators that gave no
    variant. Stops early (a shorter list) once ``stop`` is set."""
    from taxlogic.eval.faults.corrupt import corrupt, every_omission, facts_of

    statute = dict(rules.vocabulary.statute)
    out = []
    for p in programs:
        if stop.is_set():
            break
        facts = facts_of(p.fact_text)
        todo, none = [], []
        for op in ops:
            if op == RULE_OPERATOR:
                vs = rule_variants(p, seed=seed, k=k, every=every)
                todo += [(p, v, text) for v, text in vs]
            else:
                vs = every_omission(facts, op) if every else corrupt(facts, op, seed=seed, key=p.case.id, k=k,
                                                                      statute=statute)
                todo += [(p, v, p.rule_text) for v in vs]
            if not vs:
                none.append(op)
        plans = [plan_inspection(p.case, p.corruption(v.text, v.op), rules, limits=limits,
                                 rule_text=(p.case.gold_program.derive(text, f"corruption {v.op}") if text else None)
                                 if v.op == RULE_OPERATOR else p.rule_program)
                 for p, v, text in todo]
        out.append((todo, plans, none))
    return out


def run_verifier(engine: Engine, rules: RuleSet, cases: Sequence[Case], *, seed: int = 0, k: int = 3,
                 ops: Sequence[str] | None = None, limits: dict | None = None, quick: int | None = QUICK_INFERENCES,
                 progress: Callable[[str, int, int], None] | None = None, keep_variants: bool = True,
                 omissions: bool = True, every: bool = False) -> dict:
    """The whole experiment: gold baseline (false alarms) on ``cases``, then every operator on
    every case whose gold set passes; returns the JSON-able report (see the module doc).
    ``every``: instead of ``k`` sampled variants, every variant of each operator (omission
    operators only, :data:`~taxlogic.eval.faults.corrupt.OMISSIONS` and ``omit_rules``; ValueError
    for another).
    ``limits``: job limits (default :func:`experiment_limits`); ``quick``: see :func:`inspect_many`
    (None: every job gets the full limits); ``omissions``: with the omission check
    (:func:`omission_pass`)."""
    from taxlogic.eval.faults.corrupt import ERROR_CLASSES, OMISSIONS, OPERATORS

    known = [*OPERATORS, RULE_OPERATOR]
    ops = list(ops or ([*OMISSIONS, RULE_OPERATOR] if every else known))
    unknown = [o for o in ops if o not in known]
    if unknown:
        raise KeyError(f"unknown operator(s) {', '.join(unknown)}; known: {', '.join(known)}")
    sampled = [o for o in ops if o not in (*OMISSIONS, RULE_OPERATOR)]
    if every and sampled:
        raise ValueError(f"every variant is enumerated for the omission operators only "
                         f"({', '.join([*OMISSIONS, RULE_OPERATOR])}), not {', '.join(sampled)}")
    limits = limits or experiment_limits()
    t0 = time.perf_counter()
    programs = [gold_program(c) for c in cases]
    plans = [plan_inspection(p.case, p.fact_program, rules, rule_text=p.rule_program, limits=limits) for p in programs]

    def ticker(stage: str, total: int):
        done, lock = [0], threading.Lock()

        def tick(n: int) -> None:  # called from the engine's threads
            with lock:
                done[0] += n
                if progress:
                    progress(stage, done[0], total)
        return tick

    stop = threading.Event()
    with ThreadPoolExecutor(1) as side:  # the corruptions are planned while the gold pass runs
        planning = side.submit(_planned_variants, programs, ops, rules, seed=seed, k=k, every=every, limits=limits,
                               stop=stop)
        try:
            gold = inspect_many(engine, plans, on_done=ticker("gold facts", len(plans)), omissions=omissions)
        except BaseException:  # Ctrl-C or an error: the planning stops at its next case
            stop.set()
            raise
        per_case = planning.result()
    alarms, wrong_gold = [], []
    for p, g in zip(programs, gold):
        if g.answer != p.case.expected:
            wrong_gold.append({"case": p.case.id, "answer": g.answer, "reason": g.reason, "expected": p.case.expected})
        if g.issues:
            ev = [{"kind": i.kind, "line": i.line, **dict(zip(("category", "evidence"), gold_evidence(p.case, i)))}
                  for i in g.issues]
            alarms.append({"case": p.case.id, "program": p.kind, "issues": ev,
                           "category": "erratum" if all(e["category"] in ERRATA for e in ev) else "false_alarm"})
    gold_seconds = time.perf_counter() - t0

    # corruptions of every clean gold set
    kept = [i for i, (p, g) in enumerate(zip(programs, gold)) if not g.issues and g.answer == p.case.expected]
    clean = [programs[i] for i in kept]
    todo: list[tuple[GoldProgram, object, str]] = []  # (program, variant, its rule text)
    vplans: list[_Plan] = []
    weight: list[int] = []  # each variant's case's gold answer job, inferences
    skipped: Counter = Counter()
    for i in kept:
        items, case_plans, none = per_case[i]
        todo += items
        vplans += case_plans
        weight += [gold[i].inferences or 0] * len(items)
        skipped.update(none)
    # The heaviest cases' sets first (longest first): the workers run their jobs while the parent
    # checks the many light sets, which alone would leave the workers waiting for the parent. Each
    # set's inspection does not depend on the order (inspect_many); the report keeps todo's order.
    order = sorted(range(len(todo)), key=lambda j: -weight[j])
    ordered = inspect_many(engine, [vplans[j] for j in order], quick=quick, omissions=omissions,
                           on_done=ticker("corrupted facts", len(vplans)))
    results: list[Inspection] = [None] * len(todo)  # type: ignore[list-item]
    for j, r in zip(order, ordered):
        results[j] = r
    variants = []
    for (p, v, _), r in zip(todo, results):
        klass = classify(p.case.expected, r.answer, r.flagged, r.limited)
        variants.append(Variant(case_id=p.case.id, op=v.op, detail=v.detail, program=p.kind, expected=p.case.expected,
                                answer=r.answer, changed=None if klass == "caught_limited" else klass in ("caught", "slipped"),
                                issues=[i.kind for i in r.issues], klass=klass))
    by_op = {op: {**summarise([v for v in variants if v.op == op]), "cases_skipped": skipped[op]} for op in ops}
    classes = {**ERROR_CLASSES, RULE_OPERATOR: "omission"}
    by_class = {cls: {**summarise([v for v in variants if classes.get(v.op) == cls]),
                      "operators": [op for op in ops if classes.get(op) == cls]}
                for cls in dict.fromkeys(classes.get(op, "other") for op in ops)}
    caught_by: Counter = Counter(v.issues[0] for v in variants if v.klass == "caught")
    excluded = sorted({a["case"] for a in alarms} | {w["case"] for w in wrong_gold})
    report = {
        "seed": seed, "k": "every" if every else k, "operators": ops, "limits": limits, "quick_limit": quick,
        "gold": {
            "cases": len(cases), "fact_programs": sum(p.kind == "facts" for p in programs),
            "rule_programs": sum(p.kind == "rules" for p in programs),
            "flagged": len(alarms),
            "gold_errata": sum(a["category"] == "erratum" for a in alarms),
            "false_alarms": sum(a["category"] == "false_alarm" for a in alarms),
            "errata_categories": ERRATA,
            "alarms": alarms, "wrong_answers": wrong_gold, "seconds": round(gold_seconds, 2),
        },
        "experiment": {
            "cases": len(clean), "excluded": excluded,
            "overall": summarise(variants),
            "by_program": {kind: summarise([v for v in variants if v.program == kind]) for kind in ("facts", "rules")},
            "by_operator": by_op,
            "by_class": by_class,
            "first_issue_of_caught": dict(caught_by.most_common()),
        },
        "seconds": round(time.perf_counter() - t0, 2),
    }
    if keep_variants:
        report["variants"] = [v.model_dump() for v in variants]
    return report
