"""What the counterfactual runs decide (issue 33): an item whose candidate changes the answer is
an ``unstated_clause`` issue (:func:`issues_of`), else irrelevant with the reason
(:func:`judge`); how an outcome is compared (:func:`answer_key`) and the runs' limits."""

from __future__ import annotations

from collections import deque
from typing import Callable, Sequence

from taxlogic.core import Issue
from taxlogic.kb.sara.checks.omissions.model import CANDIDATE_BUDGET, Candidate, Item, Verdict


def judge(items: Sequence[Item], cands: Sequence[Candidate], base: object, answers: Sequence[object], *,
          unmet: Sequence[str] = ()) -> list[Verdict]:
    """Each item's verdict from the answers of its candidates' runs (``answers[i]`` for
    ``cands[i]``; None: no answer, e.g. an error or a limit, which decides nothing) against
    ``base``, the answer of the facts as they are. ``unmet``: the constants of the query no fact
    names (:func:`taxlogic.kb.meet.unmet_constants`); when there is one, an item no candidate
    made relevant is undecided, not irrelevant: the query's subject is in no fact, so no
    candidate could reach the answer (issue 50)."""
    out = []
    subject = ", ".join(unmet)
    for item in items:
        mine = [(c, ans) for c, ans in zip(cands, answers) if c.item == item]
        changed = next(((c, ans) for c, ans in mine if ans is not None and ans != base), None)
        if unmet and changed is None:
            out.append(Verdict(item, False, f"decides nothing: the query asks about {subject}, which no fact names, so no "
                               "candidate can reach the answer", undecided=True))
            continue
        if not mine:
            out.append(Verdict(item, False, "no event of its sentence to add it to" if item.kind in ("person", "date")
                               else "no fact of the kinds it speaks of can be formed from its words"))
            continue
        if changed is not None:
            out.append(Verdict(item, True, f"adding it changes the answer from {base} to {changed[1]}", changed[0].facts))
        else:
            out.append(Verdict(item, False, f"none of {len(mine)} candidate fact set(s) changes the answer ({base})"))
    return out


def issues_of(verdicts: Sequence[Verdict]) -> list[Issue]:
    """One ``unstated_clause`` issue per relevant item (quoting the clause, naming the predicates
    and what to state; never the answer)."""
    out = []
    for v in verdicts:
        if not v.relevant:
            continue
        it = v.item
        what = {"kind": f'the word "{it.what}"', "person": it.what, "date": it.what,
                "kinship": it.what.replace(" child of ", " as the child of "),
                "role": f"who the {' or '.join(it.predicates)} of {it.event} is",
                "rule": f"the {' or '.join(it.predicates)} of the events {it.what} the rules derive",
                "year": f"the {' or '.join(it.predicates)} of {it.what.split()[0]} (only of the other years: "
                        f"{', '.join(it.family)})"}[it.kind]
        if it.kind == "date" and it.event:
            what = f"when {it.event} starts"
        preds = ", ".join(sorted({p for p in it.predicates}))
        out.append(Issue(kind="unstated_clause", message=(
            f'the {"question" if it.asked else "text"} states "{it.clause}", but no fact states {what} there, and the rules\' answer depends on it; '
            f"state it with {preds}")))
    return out


def answer_key(case, outcome) -> object:
    """The answer an engine outcome gives, as the check compares answers: the answer's value
    (:func:`taxlogic.kb.answers.answer_of`); for a numeric query that has no solution, ``"no
    solution"`` (a completed run whose answer differs); None for what decides nothing (an
    error, a limit, several values, or no outcome: a candidate not run, :class:`Chains`)."""
    from taxlogic.kb.answers import answer_of

    if outcome is None:
        return None
    ans = answer_of(case, outcome)
    if ans.value is not None:
        return ans.value
    return "no solution" if outcome.status == "failed" else None


def candidate_limits(job, outcome) -> dict:
    """The limits of a candidate's run: the answer job's, with an inference budget of
    :data:`CANDIDATE_BUDGET` (a floor, and a multiple of the facts' own run's inferences, never
    above the answer job's budget; :meth:`taxlogic.tools.engine.Job.rerun_limits`)."""
    return job.rerun_limits(outcome, *CANDIDATE_BUDGET)


#: The statuses of a run a limit stopped (:data:`taxlogic.tools.engine.Status`): its inference
#: budget, or (``time_limit``) the CPU or wall-clock safety net, which never decides (issue 48).
LIMITED = ("time_limit", "inference_limit")


def rerun_job(job, answer_job, outcome):
    """The run once more of a candidate's ``job`` that its inference budget or a safety net
    stopped (``outcome``'s status is one of :data:`LIMITED`): ``job`` under ``answer_job``'s own
    budget (the settings' ``inference_limit`` by default). None when ``outcome`` decides (see
    :func:`run_candidates`), or when the stack budget stopped it (``error_kind`` ``stack``): the
    stack budget is the same in both runs, so the run once more would stop there again, at the
    same inference, with the same outcome (issue 48: a job's stacks start the same whatever ran
    before it)."""
    if outcome.status not in LIMITED or outcome.error_kind == "stack":
        return None
    return job.model_copy(update=answer_job.rerun_limits(None, float("inf"), 0.0))


class Chains:
    """The order in which candidates' runs decide their items (issue 48): each item's candidates
    (``items[i]``: candidate i's item, in the candidates' order) one after another, until one
    changes the answer. :func:`judge` takes an item's first candidate that changes the answer
    (or, when none does, needs them all), so the candidates after it cannot change the verdict,
    its reason or the issue, and need not run. Which run is "first" is the candidates' order, not
    the runs' timing, so the same candidates give the same verdicts on any machine.

    >>> c = Chains(["a", "b", "a", "a"])
    >>> c.wave(1)  # the first candidate of each item
    [0, 1]
    >>> c.after(0, changed=False)  # "a" is open: its next candidate
    2
    >>> c.after(2, changed=True) is None  # "a" is decided: candidate 3 is not run
    True
    >>> Chains(["a", "a", "a", "b"]).wave(3)  # two rounds: the open items' next, then the one after
    [0, 1, 3]
    """

    def __init__(self, items: Sequence[object]):
        self._queues: dict[object, deque[int]] = {}
        self._item: list[object] = list(items)
        for i, item in enumerate(self._item):
            self._queues.setdefault(item, deque()).append(i)

    def after(self, i: int, *, changed: bool) -> int | None:
        """The candidate to run after candidate ``i`` ran: the next of its item, or None when
        ``changed`` (its answer differs from the facts' own: the item is decided,
        :meth:`close`) or no candidate of its item is left."""
        if changed:
            self.close(i)
        q = self._queues[self._item[i]]
        return q.popleft() if q else None

    def close(self, i: int) -> None:
        """Candidate ``i`` changed the answer: its item is decided, its candidates not yet given
        out will not be."""
        self._queues[self._item[i]].clear()

    def wave(self, width: int) -> list[int]:
        """The next runs side by side (indices, ascending; empty when every item is decided or
        has run all its candidates): the next candidate of each open item, and while that is
        fewer than ``width`` (the engine's workers), the one after of each, round by round, so
        that one item with many candidates still keeps every worker busy. A candidate run beyond
        its item's first change is wasted, never wrong (:func:`judge` reads the first)."""
        out: list[int] = []
        while open_ := [q for q in self._queues.values() if q]:
            out.extend(q.popleft() for q in open_)
            if len(out) >= width:
                break
        return sorted(out)


def changes(answer: object, base: object) -> bool:
    """Whether a candidate's ``answer`` (:func:`answer_key`) changes the facts' own ``base``, as
    :func:`judge` reads it (None decides nothing)."""
    return answer is not None and answer != base


def run_candidates(engine, jobs: Sequence, answer_jobs: Sequence, items: Sequence[object] | None = None,
                   changed: Callable[[int, object], bool] | None = None) -> list:
    """The outcomes of the candidates' ``jobs`` (``answer_jobs[i]``: the answer job of the facts
    ``jobs[i]`` adds a candidate to) under :func:`candidate_limits`, on the engine's workers side
    by side. A run its limit stopped decides nothing, so it runs once more under the answer job's
    own budget (:func:`rerun_job`): a candidate may restore a computation the omission had cut
    short, whose run takes longer than the facts' own (the rules of a program's 87 employees' pay
    left out: the facts answer 0 at once, the candidate needs about 3 s). Both budgets count
    inferences (issue 48), so which runs go again is the same on any machine.

    ``items`` (``items[i]``: job i's item, hashable; the same item in two checks must be two
    keys) and ``changed(i, outcome)`` (whether job i's outcome changes its facts' answer): then
    the jobs run in waves as wide as the engine has workers (:meth:`Chains.wave`), an item's
    candidates no longer once one has changed the answer; a job not run has outcome None.
    Without them every job runs, in one wave. Returns one outcome per job, in order."""
    outs: list = [None] * len(jobs)
    chains = Chains(items if items is not None else range(len(jobs)))
    while wave := chains.wave(engine.size if items is not None else 0):
        for i, o in zip(wave, engine.run_many([jobs[i] for i in wave])):
            outs[i] = o
        again = [(i, r) for i in wave if (r := rerun_job(jobs[i], answer_jobs[i], outs[i])) is not None]
        for (i, _), o in zip(again, engine.run_many([r for _, r in again])):
            outs[i] = o
        for i in wave:
            if changed is not None and changed(i, outs[i]):
                chains.close(i)
    return outs
