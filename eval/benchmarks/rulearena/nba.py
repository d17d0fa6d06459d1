"""RuleArena NBA on the NBA knowledge base (``kb/nba``): the ``gold`` method (the committed gold
fact programs, ``kb/nba/data/gold/``) and the ``agent`` method (the LangGraph loop with the NBA domain
plug-in and its grounding checks), and the rule set they run under. Registered in
:mod:`taxlogic.eval.benchmarks.rulearena` with :data:`METHODS` + :func:`nba_rule_sets`.

Both methods answer with RuleArena's answer statement (``"Answer: True. Illegal Operation: B.
Problematic Team: A."`` or ``"Answer: False."``, :func:`taxlogic.kb.nba.domain.answer_statement`)
in ``details["reply"]``, so RuleArena's own check scores them as it scores a model's reply. A
problem listed in ``kb/nba/data/errata.json`` (an annotation that contradicts the rules as written,
with its evidence) makes the gold method abstain with that reason.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from taxlogic.eval.benchmarks.rulearena.agent import agent_contexts
from taxlogic.eval.benchmarks.rulearena.data import RuleArenaItem
from taxlogic.eval.benchmarks.rulearena.direct import direct_method
from taxlogic.eval.methods.registry import Method, MethodOptions, record_base
from taxlogic.eval.scoring.records import CaseRecord
from taxlogic.eval.scoring.transcript import transcript_of

if TYPE_CHECKING:
    from taxlogic.eval.benchmarks import Dataset
    from taxlogic.kb.rules import RuleSet

__all__ = ["METHODS", "nba_agent_method", "nba_gold_method", "nba_rule_sets", "nba_case"]


def nba_case(item: RuleArenaItem):
    """The agent's input for an NBA problem: its text (RuleArena's three blocks, from
    ``comp_<level>.json``), the standard question and the answer query."""
    from taxlogic.agent.state import CaseInput
    from taxlogic.kb.nba import ANSWER_QUERY
    from taxlogic.kb.nba.domain import NBA_QUESTION
    from taxlogic.kb.nba.data.problems import problem_texts

    text = _texts(problem_texts)[item.id]
    return CaseInput(case_id=item.id, text=text, question=NBA_QUESTION, kind="entailment", query=ANSWER_QUERY,
                     answer_var="X")


_TEXTS: dict[str, str] = {}


def _texts(load) -> dict[str, str]:
    if not _TEXTS:
        _TEXTS.update({p.id: p.text for p in load()})
    return _TEXTS


def nba_why(engine, item: RuleArenaItem, facts) -> list[str]:
    """Each operation of the problem in words with the rules it breaks (CBA section, the amounts,
    the team; :mod:`taxlogic.kb.nba.explain.why`): "B. Team A provides an offer sheet …: Team A breaks
    Article VII, Section 2(b)(1): team salary $134,500,000 plus …", or "…: no rule broken"."""
    from taxlogic.kb.nba import DETAILS_QUERY
    from taxlogic.kb.nba.data.problems import problem_texts
    from taxlogic.kb.nba.explain.why import explain_operations
    from taxlogic.tools.engine import Job

    out = engine.run(Job(facts=facts, query=DETAILS_QUERY, mode="first", var="X"))
    if out.status != "values" or not out.values:
        return []
    ops = {p.id: p for p in problem_texts()}.get(item.id)
    if ops is None:
        return []
    lines = []
    for o in explain_operations(ops.operations, out.values[0]):
        broken = "; ".join(f"Team {v.team} breaks {v.section or v.rule.replace('_', ' ')}: {v.detail}" for v in o.violations)
        lines.append(f"{o.letter}. {o.sentence} — {broken or 'no rule broken'}")
    return lines


def _violations(engine, facts) -> list[str]:
    from taxlogic.kb.nba import VIOLATIONS_QUERY
    from taxlogic.tools.engine import Job

    out = engine.run(Job(facts=facts, query=VIOLATIONS_QUERY, mode="first", var="X"))
    return list(out.values[:1]) if out.status == "values" else []


def nba_gold_method(ds: "Dataset", opts: MethodOptions) -> Method:
    """The committed gold program of each problem (``kb/nba/data/gold/``) run through the NBA KB; an
    annotation erratum abstains with its reason, and so does a problem whose answer depends on the
    Minimum Player Salary (no amount in the rule text). ``details``: the reply (RuleArena's statement),
    every violation the KB finds (``v(Letter, Team, Rule)``) and ``why``: each operation in words with
    the rules it breaks (:func:`nba_why`)."""
    from taxlogic.kb.nba import ANSWER_QUERY, MINIMUM_PROBES_QUERY, UNDETERMINED_MINIMUM, UNDETERMINED_REASON
    from taxlogic.kb.nba.domain import answer_statement
    from taxlogic.kb.nba.data.errata import errata
    from taxlogic.kb.nba.data.gold import trusted_gold_program
    from taxlogic.tools.engine import Job

    def run(item: RuleArenaItem) -> CaseRecord:
        base = record_base(item, ds, "gold")
        erratum = errata().get(item.id)
        if erratum is not None:
            return CaseRecord(**base, abstained=True, reason=f"annotation erratum: {erratum['reason']}",
                              details={"level": item.level, "erratum": erratum})
        facts = trusted_gold_program(item.id)
        engine = opts.engines(item.rules)
        outcome = engine.run(Job(facts=facts, query=ANSWER_QUERY, mode="first", var="X"))
        details = {"level": item.level, "violations": _violations(engine, facts),
                   "why": nba_why(engine, item, facts)}
        value = outcome.values[0].replace(" ", "") if outcome.status == "values" and outcome.values else None
        if value == UNDETERMINED_MINIMUM:  # the rule text does not decide it: abstain, with the reason
            probes = engine.run(Job(facts=facts, query=MINIMUM_PROBES_QUERY, mode="first", var="X"))
            details["minimum_salary_answers"] = list(probes.values[:1]) if probes.status == "values" else []
            return CaseRecord(**base, abstained=True, reason=f"undetermined: {UNDETERMINED_REASON}",
                              seconds=outcome.seconds, details=details)
        try:
            reply = answer_statement(value) if value is not None else None
        except ValueError:
            reply = None
        if reply is not None:
            details["reply"] = reply
        return CaseRecord(**base, prediction=reply, invalid=reply is None,
                          reason=None if reply is not None else outcome.summary(), seconds=outcome.seconds,
                          details=details)
    return run


def nba_agent_method(ds: "Dataset", opts: MethodOptions) -> Method:
    """The LangGraph loop with the NBA domain plug-in: the LLM translates the problem's text
    into anchored facts, the inspector runs the NBA grounding checks
    (:mod:`taxlogic.kb.nba.checks`), the KB answers; abstains after its repair budget."""
    from taxlogic.agent.solve import solve

    contexts = agent_contexts(ds, opts, "nba")

    def run(item: RuleArenaItem) -> CaseRecord:
        ctx = contexts(item.rules)
        result = solve(nba_case(item), ctx, samples=opts.samples)
        reply = result.answer if not result.abstained and isinstance(result.answer, str) else None
        return CaseRecord(**record_base(item, ds, "agent", ctx.model.model_name), prediction=reply,
                          abstained=result.abstained, invalid=not result.abstained and reply is None,
                          reason=result.reason, rounds=len(result.rounds),
                          input_tokens=result.input_tokens, output_tokens=result.output_tokens, seconds=result.seconds,
                          errors=[i.render() for r in result.rounds for i in r.issues][-20:], facts=result.facts,
                          details={"level": item.level, **({"reply": reply} if reply is not None else {})},
                          transcript=transcript_of(result))
    return run


def nba_rule_sets() -> dict[str, "RuleSet"]:
    from taxlogic.kb.nba import nba_rules
    from taxlogic.kb.nba.data.problems import rulearena_root

    try:
        source = rulearena_root() / "nba"
    except Exception:  # the KB runs without RuleArena's data; citations then name no file
        source = None
    return {"r": nba_rules(source)}


#: The NBA benchmark's methods by ``--method`` name.
METHODS = {"direct": direct_method, "gold": nba_gold_method, "agent": nba_agent_method}
