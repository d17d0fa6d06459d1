"""Correct fact translations of gold programs that hold rules, for scripted endpoints.

A SARA gold program may generate its events with rules (v2's and 2020's ``tax_case_83``: twelve
days x five employees by ``member`` and ``atom_concat``); a translator may write facts only, so the
correct translation of such a case is the facts those rules derive. :func:`materialized_gold`
runs the (trusted) gold program under its statutes and lists every instance of the rule set's
event predicates (``events.pl``: ``income_/1``, ``agent_/2`` …), the facts the statutes read,
which give the same answer (the engine's own ``materialize`` does the same to speed the gold runs
up). :class:`MaterializedGoldEndpoint` is :class:`~taxlogic.eval.faults.gold_endpoint.GoldEndpoint`
serving them: what an OpenAI-compatible endpoint with a perfect translator would send, for any
release (SARA v2 included; the plain endpoint drops a rule program's rules and so its events).
"""

from __future__ import annotations

import re
from typing import Any, Iterable

from taxlogic.eval.faults.gold_endpoint import GoldEndpoint
from taxlogic.eval.faults.verifier import gold_program


def event_predicates(rules: Any) -> list[str]:
    """``name/arity`` of the rule set's event predicates: those ``events.pl`` declares with a
    name ending in ``_`` and arity 1 (types) or 2 (properties)."""
    text = rules.prolog_file("events.pl")
    return sorted({f"{n}/{a}" for n, a in re.findall(r"discontiguous\s+([a-z]\w*_)/([12])\b", text)})


def materialized_gold(engine: Any, case: Any, rules: Any) -> str:
    """The facts of ``case``'s gold program, one clause a line: its fact clauses when it holds no
    rule, else every event fact its program derives (module doc), checked to give the case's own
    answer under the statutes. Raises RuntimeError if the program does not run to the end under
    the engine's limits or its derived facts give another answer."""
    from taxlogic.tools.engine import Job

    gp = gold_program(case)
    if not gp.rules:
        return gp.fact_text
    preds = event_predicates(rules)
    types = ",".join(p for p in preds if p.endswith("/1"))
    props = ",".join(p for p in preds if p.endswith("/2"))
    # every fact a call with open arguments gives, and the properties of each declared event
    # (rules that read their event id, e.g. split_string on it, need it bound)
    def declared(t: str, g: str, e: str) -> str:  # E: the id of an event some type fact declares
        return f"member({t}/1,[{types}]), functor({g},{t},1), call({g}), arg(1,{g},{e})"

    query = (f"(member(N/A,[{','.join(preds)}]), functor(F,N,A), catch(call(F),_,fail)"
             f" ; {declared('T', 'G', 'E')}, member(P/2,[{props}]), functor(F,P,2), arg(1,F,E), catch(call(F),_,fail)"
             # a link between two events whose rule reads both ids (purpose_(Payment, Service) :- split_string …)
             f" ; {declared('T', 'G', 'E')}, {declared('T2', 'G2', 'E2')},"
             f" member(P/2,[{props}]), functor(F,P,2), arg(1,F,E), arg(2,F,E2), catch(call(F),_,fail))")
    outcome = engine.run(Job(facts=case.gold_program, query=query, mode="all", var="F",
                             max_solutions=1_000_000))
    if outcome.status != "values":
        raise RuntimeError(f"{case.id}: its gold program gave no facts ({outcome.summary()})")
    facts = by_event("\n".join(f"{v}." for v in outcome.values) + "\n")
    check = engine.run(Job(facts=case.gold_program.derive(facts, "facts its rules derive"),
                           query=case.value_query or case.claim_query, mode="all",
                           var=case.answer_var or "Tax"))
    if check.values != [str(case.expected)]:
        raise RuntimeError(f"{case.id}: the facts its gold program derives give {check.summary()}, "
                           f"not its answer {case.expected}")
    return facts


def by_event(fact_text: str) -> str:
    """``fact_text``'s facts one a line, each event's together, as a translator writes them: its
    type fact, then its properties (events in the order of their type facts; a fact of no event
    last, in its order). Anchoring (:func:`taxlogic.kb.sara.checks.align.anchor_facts`) closes a run of
    facts of one event with one anchor, so an event's facts written apart would each get their
    own (tax_case_83's 58 derived employment events: 513 kB anchored, over the validator's 200 kB
    input limit; about 75 kB together)."""
    from taxlogic.kb.sara.checks.align import group_key
    from taxlogic.tools.facts import parse_facts

    facts = parse_facts(fact_text)[0]
    order: dict[str, int] = {}
    for f in sorted(facts, key=lambda f: f.arity != 1):  # type facts first: they set the order
        order.setdefault(group_key(f), len(order))
    ranked = sorted(facts, key=lambda f: (order[group_key(f)], f.arity != 1))  # stable: their order within
    return "".join(f.canonical + "\n" for f in ranked)


class MaterializedGoldEndpoint(GoldEndpoint):
    """A :class:`~taxlogic.eval.faults.gold_endpoint.GoldEndpoint` whose translation of every case is
    :func:`materialized_gold` (computed once, before it serves; ``engine`` on ``rules``; a case
    whose derived facts do not give its answer gets an empty reply, ``unserved`` says why): plain
    fact clauses (the paper's prompts, ``--paper-prompts``), or with ``anchored=True`` each group
    of facts closed by the sentence it comes from (:func:`taxlogic.kb.sara.checks.align.anchor_facts`),
    as the agent's default anchored prompts ask."""

    def __init__(self, cases: Iterable[Any], engine: Any, rules: Any, **kwargs: Any) -> None:
        super().__init__(cases, **kwargs)
        self.translations, self.unserved = {}, {}
        for c in self.cases:
            try:
                self.translations[c.id] = materialized_gold(engine, c, rules)
            except RuntimeError as exc:  # no faithful facts-only translation: an empty reply (the agent abstains)
                self.translations[c.id], self.unserved[c.id] = "", str(exc)
        if self.anchored:
            from taxlogic.kb.sara.checks.align import anchor_facts
            from taxlogic.kb.sara.checks.coverage import legal_terms

            terms = legal_terms(rules)
            self.translations = {c.id: anchor_facts(c.text, self.translations[c.id], terms=terms) for c in self.cases}

    def translation(self, case: Any) -> str:
        return self.translations[case.id]
