"""SARA check: nothing the case states is left out (issue 33), the mirror of provenance.

Provenance (:mod:`taxlogic.kb.sara.checks.provenance`) holds every argument of every fact to the text;
this module holds every clause of the text to the facts. A clause is **accounted for** when the
facts the aligner places in its sentence (:func:`taxlogic.kb.sara.checks.align.align`, anchors as
evidence only) state what it says, item by item:

- ``kind``: each word of the clause that the KB's vocabulary documents (a cue of ``cues.json``:
  "married" for ``marriage_``, "joint" for ``joint_return_``, "employee" for ``service_``, "lives"
  for ``residence_``), in a clause that is not negated, is matched by a fact of one of the types
  it is a cue of;
- ``person``: each person the clause names is an argument of one of those facts;
- ``date``: each full date and each year the clause gives is a date of one of them;
- ``kinship``: each (child, parent) pair the sentence words
  (:func:`taxlogic.kb.sara.checks.direction.sentence_kinship`) is tied by a family fact;
- each **event** the sentence states is complete as its clause states it
  (:func:`_event_items`, with the rule set's event schema): a role the statutes read of its type
  that no fact fills, a start its clause dates. This holds a fact left out when another fact of
  the sentence shares its date or person ("for work done from Feb 1st to Sep 2nd": the payment's
  date is the work's end) and the clause-level items above see it as accounted for.

- the **events a trusted rule derives** (household maintenance year by year) are held to what
  their type is read with, family by family (:func:`_family_items`): a property one short of a
  way the statutes read the type (a role only when the events hold none), or the type itself, is
  an item of the clause the rule states, its candidates added to every event of the family.
- the **events stated year by year** (a payment for the home each year "from 2015 to 2019", a
  joint return each of "the years 2017 to 2019") hold every year of the span their sentence
  gives (:func:`~.years.year_items`): a year no event of the family is of is an item, its
  candidate an event of the family copied to that year.

What no fact states is not an issue by itself (a clause may not matter to the question). Whether
it matters is decided by the rules: :func:`~.candidate_facts.candidates` gives, for each item, the **candidate
facts** a translation could have written for it, built only from the KB's vocabulary (the types
whose cue the clause uses, the properties the statutes read of them: :mod:`.schema`) and the
clause's own names, dates, years and amounts (the case's people when a type needs more parties
than the clause names; the question's year when the clause gives none; never the gold facts).
:func:`engine_check` runs the query once per candidate, added to the facts (the engine,
same limits, untrusted job: candidates are validated facts), and :func:`judge` compares answers:
an item whose candidate changes the answer is an issue (``unstated_clause``, quoting the clause
and naming the predicates); one whose candidates cannot change it is recorded as irrelevant,
with the reason, and costs no round. An item's candidates run in order until one changes the
answer (:class:`~.verdicts.Chains`): the verdict names the first that does, so the rest could
change nothing and are not run (issue 48: a fifth of the candidates of a verifier sample). Facts
a trusted rule program derives (``trusted``) count like facts: a clause a gold rule states
(household maintenance year by year) is accounted for.

The package, by concept: :mod:`.model` (the records: rows, items, candidates, verdicts),
:mod:`.reading` (what is read of the text and the facts: clauses, names, dates),
:mod:`.items` (the table clause -> facts and its items), :mod:`.families` (events a trusted
rule derives), :mod:`.years` (events stated year by year), :mod:`.candidate_facts` (the facts a translation could have written),
:mod:`.verdicts` (what the counterfactual runs decide); here, the check end to end.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

from taxlogic.core import CaseInput, Issue
from taxlogic.kb.sara.checks.omissions.candidate_facts import candidates
from taxlogic.kb.sara.checks.omissions.items import accounting
from taxlogic.kb.sara.checks.omissions.model import (CANDIDATE_BUDGET, MAX_CANDIDATES, PER_TYPE, PROBE_AMOUNT, Candidate, ClauseRow,
                                              Item, Verdict)
from taxlogic.kb.sara.checks.omissions.reading import case_people, respell, spellings
from taxlogic.kb.sara.reading.names import person_key
from taxlogic.kb.sara.checks.omissions.verdicts import (Chains, answer_key, candidate_limits, changes, issues_of, judge,
                                                          rerun_job, run_candidates)

__all__ = ["CANDIDATE_BUDGET", "MAX_CANDIDATES", "NOT_MEASURED_ON", "PER_TYPE", "PROBE_AMOUNT", "Candidate", "Chains",
           "ClauseRow", "Item", "OmissionCheck", "Verdict", "accounting", "answer_key", "applies_to", "candidate_limits", "candidates",
           "case_people", "changes", "clause_table", "decide", "engine_check", "issues_of", "judge", "omission_check", "plan", "query_unmet",
           "rerun_job", "respell", "run_candidates", "spellings"]


#: The rule sets the omission check does not run on (none). It was measured on SARA 2020's
#: representation first (issue 33: 0 false alarms on the 376 gold sets); on SARA v2's it raised
#: false alarms until names were compared as the text writes them (:func:`person_key`: v2 writes
#: people as strings in the case's spelling, ``"Alice"``, ``"her spouse"``), and now raises none
#: on v2's 100 correct fact sets (issue 35); the mechanism stays for a release not yet measured.
NOT_MEASURED_ON: frozenset[str] = frozenset()


def query_unmet(query: str | None, canonical: str, trusted: str = "") -> list[str]:
    """The constants of ``query`` no fact of ``canonical`` (or ``trusted``) names in the query's
    spelling (:func:`taxlogic.kb.meet.unmet_constants`): while there is one, the counterfactual
    runs decide nothing (:func:`judge`)."""
    from taxlogic.kb.meet import unmet_constants

    return [u.constant for u in unmet_constants(query, canonical, trusted)]


def applies_to(rules) -> bool:
    """Whether the omission check runs for ``rules`` (a :class:`~taxlogic.kb.rules.RuleSet`):
    every rule set but those of :data:`NOT_MEASURED_ON`."""
    return getattr(rules, "name", None) not in NOT_MEASURED_ON


@dataclass
class OmissionCheck:
    """The whole check on one fact set: the table (:func:`accounting`), each unstated item's
    verdict, and the issues (relevant items only). ``runs``: the candidates (each run, but those
    after the one of its item that changed the answer: :class:`Chains`)."""

    rows: list[ClauseRow]
    verdicts: list[Verdict]
    issues: list[Issue]
    runs: int = 0


def plan(case: CaseInput, query: str | None, canonical: str, rules, *, trusted: str = "",
         terms: dict | None = None) -> tuple[list[ClauseRow], list[Candidate]]:
    """The table and the candidates to run (pure Python; :func:`decide` finishes the check)."""
    rows = accounting(case, canonical, trusted, terms=terms, rules=rules)
    return rows, candidates(case, query, canonical, rows, rules, trusted=trusted)


def decide(rows: Sequence[ClauseRow], cands: Sequence[Candidate], base: object, answers: Sequence[object], *,
           unmet: Sequence[str] = ()) -> OmissionCheck:
    """Verdicts and issues from the candidates' answers (see :func:`judge`; ``unmet``: the
    query's constants no fact names, :func:`query_unmet`)."""
    items = [i for r in rows for i in r.items]
    verdicts = judge(items, cands, base, answers, unmet=unmet)
    return OmissionCheck(list(rows), verdicts, issues_of(verdicts), len(cands))


def clause_table(rows: Sequence[ClauseRow], verdicts: Sequence[Verdict] = ()) -> list[dict]:
    """The table clause -> facts as JSON-able rows (``taxlogic inspect``): sentence, clause, the
    facts aligned with its sentence (on its first clause), and each unstated item with its
    verdict (``issue``, ``irrelevant`` with the reason, ``undecided`` when the query asks about a
    constant no fact names, or ``not run`` when another check flagged the facts first)."""
    by_item = {id(v.item): v for v in verdicts}
    by_key = {(v.item.kind, v.item.sentence, v.item.clause, v.item.what): v for v in verdicts}
    out = []
    for r in rows:
        items = []
        for i in r.items:
            v = by_item.get(id(i)) or by_key.get((i.kind, i.sentence, i.clause, i.what))
            items.append({"kind": i.kind, "what": i.what, "predicates": list(i.predicates),
                          "verdict": "not run" if v is None else "issue" if v.relevant else
                          "undecided" if v.undecided else "irrelevant",
                          "reason": v.reason if v is not None else ""})
        out.append({"sentence": r.sentence, "clause": r.clause, "facts": list(r.facts), "items": items})
    return out


def omission_check(case: CaseInput, query: str | None, canonical: str, rules, base: object,
                   run: Callable[[list[Candidate]], list[object]], *, trusted: str = "",
                   terms: dict | None = None) -> OmissionCheck:
    """:func:`plan`, then ``run`` (the answers of the query with each candidate's facts added,
    in order; None where a run gives no answer, or where it was not run: an earlier candidate of
    its item changed the answer, :class:`Chains`), then :func:`decide`. ``base``: the answer of
    the facts as they are."""
    rows, cands = plan(case, query, canonical, rules, trusted=trusted, terms=terms)
    answers = run(cands) if cands else []
    return decide(rows, cands, base, answers, unmet=query_unmet(query, canonical, trusted))


def engine_check(case: CaseInput, query: str | None, canonical: str, rules, outcome, engine, job, *,
                 trusted: str = "", terms: dict | None = None) -> OmissionCheck:
    """:func:`omission_check` on the engine: ``job`` is the answer job of the facts (its facts
    the candidates are appended to, its limits kept), ``outcome`` its outcome; the candidates
    run in waves, each item's until one changes the answer (:func:`run_candidates`)."""
    limits = candidate_limits(job, outcome)
    base = answer_key(case, outcome)

    def run(cands: list[Candidate]) -> list[object]:
        jobs = [job.model_copy(update={"facts": job.facts + c.facts, **limits}) for c in cands]
        outs = run_candidates(engine, jobs, [job] * len(jobs), [c.item for c in cands],
                              lambda _, o: changes(answer_key(case, o), base))
        return [answer_key(case, o) for o in outs]

    return omission_check(case, query, canonical, rules, base, run, trusted=trusted, terms=terms)
