"""The statutes domain: a rule base the model writes, from the statutes given with each case.

DeonticBench's housing and USCIS-AAO cases (Dou et al. 2026, arXiv 2604.04443) come with their
own law: excerpts of a state's statutes, or the legal framework of an immigration appeal. There
is no knowledge base to run the case against, so the model writes the rules (from the statutes)
and the facts (from the case) as one program, and the same trust contract holds:

- the program is untrusted: the worker reads it into a module of its own, runs no directive,
  checks the query with SWI-Prolog's ``safe_goal/1`` and runs it under the engine's limits
  (:attr:`taxlogic.tools.engine.Job.sandbox`, ``tools/sandbox.pl``);
- the checks (:mod:`taxlogic.kb.statutes.checks`) judge what the worker read: nothing it could
  not load, no predicate nothing defines on the query's path, no stated answer, every constant in
  the statute's words;
- the answer is the query's one value (``housing_answer(X)``: yes | no; ``decision(X)``:
  Accepted | Dismissed), mapped to the benchmark's label; none, or two, is no answer.

One plug-in, two values of :class:`taxlogic.kb.domain.Domain`: :data:`HOUSING` and
:data:`USCIS` (``get_domain("housing")``, ``get_domain("uscis")``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

from typing import Any

from taxlogic.core import CaseInput
from taxlogic.kb.rules import RuleSet


@dataclass(frozen=True)
class StatutesDomain:
    """A domain whose rules the model writes. ``name``: the domain's name; ``query``: the goal
    that answers (``housing_answer(X)``); ``answer_var``: its variable; ``answers``: Prolog
    value -> the benchmark's label; ``conclusions``: the predicates (name/arity) that conclude
    (:mod:`taxlogic.kb.statutes.checks.leaks`); ``task``: the prompt's description of the
    program's frame; ``setting_words``: words of the case's setting the prompt states (the focus
    year), where constants may come from too; ``kept_rules``: when the program judged is an edit
    for a what-if, the rule shapes of the program it edits, which it must keep
    (:meth:`editing`, :mod:`taxlogic.kb.statutes.checks.edits`)."""

    name: str
    query: str
    answer_var: str
    answers: dict[str, str]
    conclusions: tuple[str, ...]
    task: str
    setting_words: str = ""
    kept_rules: tuple[str, ...] = ()
    writes_rules: bool = field(default=True, init=False)

    @property
    def query_pi(self) -> str:
        """The query's predicate as name/arity (``housing_answer/1``)."""
        name, _, args = self.query.partition("(")
        return f"{name}/{len(args.rstrip(')').split(',')) if args else 0}"

    # -------------------------------------------------------------- the Domain interface

    def rule_set(self) -> RuleSet:
        """An empty rule folder (``kb/statutes/prolog/init.pl``): the program brings the rules."""
        here = Path(str(resources.files("taxlogic.kb.statutes")))
        return RuleSet(self.name, here / "prolog", here / "prolog")

    def system_prompt(self, rules, kind: str) -> str:
        from taxlogic.prompts import render

        return render("translate_statutes_system", task=self.task, query=self.query,
                      answers=" or ".join(self.answers))

    def user_prompt(self, case, query, exemplars: str = "") -> str:
        from taxlogic.kb.statutes.reading.paragraphs import numbered
        from taxlogic.prompts import render

        return render("translate_statutes_user", statutes=numbered(getattr(case, "statutes", "") or ""),
                      case_text=case.text.strip() or "(no facts beyond the question)", question=case.question,
                      query=query or self.query)

    def repair_prompt(self, text: str, problems: list[str]) -> str:
        """The repair turn for a program: the program with line numbers and the problems found."""
        from taxlogic.prompts import render

        lines = text.strip("\n").splitlines() or [""]
        width = len(str(len(lines)))
        numbered = "\n".join(f"{i:>{width}}: {line}" for i, line in enumerate(lines, start=1))
        return render("repair_statutes_user", program=numbered,
                      problems="\n".join(f"{i}. {p}" for i, p in enumerate(problems, start=1)))

    def check_program(self, reply: str) -> tuple[list, str]:
        """The validation step for a program (instead of the fact validator): the program cut
        out of the reply (:func:`taxlogic.kb.statutes.reading.program.program_text`), refused
        when empty or longer than its limit. Returns (issues, program text); the text runs only
        in the sandbox."""
        from taxlogic.core import Issue
        from taxlogic.kb.statutes.reading.program import MAX_CHARS, program_text

        text = program_text(reply)
        if not text:
            return [Issue(kind="empty", message="no Prolog program found in the answer")], ""
        if len(text) > MAX_CHARS:
            return [Issue(kind="too_long", message=f"the program has {len(text):,} characters; at most {MAX_CHARS:,} are accepted")], ""
        return [], text + "\n"

    def rule_query(self, case, rules):
        """The query is the domain's own, never the model's (``housing_answer(X)``)."""
        return self.query, self.answer_var

    def query_job(self, case, query, canonical):
        from taxlogic.tools.engine import Job

        return Job(facts=canonical, query=self.query, mode="all", var=self.answer_var, sandbox=True)

    def answer_of(self, case, outcome):
        """The label of the query's one value; none for no value, several, or an unknown one."""
        from taxlogic.core import Answer

        if outcome.status != "values":
            return Answer(reason=f"the query {self.query} gave no value ({outcome.summary()})")
        values = [v.strip("'") for v in outcome.values]
        labels = {self.answers.get(v) for v in values}
        if None in labels:
            return Answer(reason=f"{self.query} gave {', '.join(outcome.values)}, not one of {', '.join(self.answers)}")
        if len(labels) != 1:
            return Answer(reason=f"{self.query} gave several answers: {', '.join(outcome.values)}")
        return Answer(value=labels.pop())

    def inspect(self, case, query, canonical, outcome, rules) -> list:
        from taxlogic.kb.statutes.checks import program_issues
        from taxlogic.kb.statutes.checks.edits import rule_edit_issues

        issues = program_issues(self, case, outcome)
        if self.kept_rules:  # an edit for a what-if: the statutes' rules stay as they were
            issues += rule_edit_issues(self.kept_rules, outcome.program or {})
        return issues

    # -------------------------------------------------------------- what-ifs (taxlogic chat)

    def editing(self, reply: str, engine) -> "StatutesDomain":
        """This domain judging an edit of the program in ``reply`` (the accepted translation) for
        a what-if: its :attr:`kept_rules` are that program's rules, read by the sandboxed worker
        on ``engine``. Raises :class:`~taxlogic.tools.engine.EngineError` if no worker runs."""
        from dataclasses import replace

        from taxlogic.kb.statutes.checks.edits import rule_shapes

        _, program = self.check_program(reply)
        outcome = engine.run(self.query_job(None, self.query, program))
        return replace(self, kept_rules=rule_shapes(outcome.program or {}))

    def edit_prompt(self, reply: str, change: str) -> str:
        """The what-if turn: the accepted program (cut out of ``reply``) and the change, asking
        for the complete program with the facts changed and every rule kept."""
        from taxlogic.prompts import render

        _, program = self.check_program(reply)
        return render("edit_statutes_user", program=(program or reply).strip("\n"), change=change.strip())

    def explain(self, case, reply: str, engine):
        """Why the program in ``reply`` answers ``case`` as it does, each condition citing its
        statute paragraph (:func:`taxlogic.kb.statutes.explain.explain_reply`; None when no
        program can be cut out of ``reply``)."""
        from taxlogic.kb.statutes.explain import explain_reply

        return explain_reply(self, case, reply, engine)


HOUSING = StatutesDomain(
    name="housing",
    query="housing_answer(X)",
    answer_var="X",
    answers={"yes": "yes", "no": "no"},
    conclusions=("housing_answer/1", "derived_answer/1"),
    task=("a question about a US state's housing and eviction law, answered yes or no from the statutes "
          "given. Define housing_answer(Result), Result yes or no, derived from the statute rules; "
          "never hard-code it."),
    setting_words="2021",
)

USCIS = StatutesDomain(
    name="uscis",
    query="decision(X)",
    answer_var="X",
    answers={"Accepted": "Accepted", "Dismissed": "Dismissed"},
    conclusions=("decision/1", "eligibility_met/0"),
    task=("an appeal to the USCIS Administrative Appeals Office, accepted or dismissed under the law given. "
          "Define eligibility_met/0 as all the conditions the law sets for accepting the case, and end with: "
          "decision(Result) :- ( eligibility_met -> Result = 'Accepted' ; Result = 'Dismissed' ). "
          "For yes/no conditions use predicates of arity 0 (there_is_evidence, not there_is_evidence(true))."),
)


# ------------------------------------------------------------------ a DeonticBench case as the agent's input

#: DeonticBench's name of each domain -> the plug-in's domain name.
DOMAIN_OF = {"housing": "housing", "uscis-aao": "uscis", "uscis": "uscis"}

#: The focus year DeonticBench's housing prompts state.
HOUSING_FOCUS_YEAR = 2021


def _get(case: Any, key: str, default: Any = "") -> Any:
    if isinstance(case, dict):
        return case.get(key, default)
    return getattr(case, key, default)


def domain_name(case: Any) -> str:
    """The plug-in domain of a DeonticBench case (``housing`` or ``uscis``), from its ``domain``
    or, failing that, its id's prefix. Raises KeyError for a case of another domain."""
    dom = _get(case, "domain", "") or str(_get(case, "id", "")).split("_", 1)[0]
    if dom not in DOMAIN_OF:
        raise KeyError(f"{_get(case, 'id', '?')}: not a housing or USCIS-AAO case (domain {dom!r})")
    return DOMAIN_OF[dom]


def case_input(case: Any) -> CaseInput:
    """The agent's input for a DeonticBench housing or USCIS-AAO case: its text (housing: the
    state and focus year), question and statutes; the query is the domain's
    (``housing_answer(X)``, ``decision(X)``). Never the label or the reference program."""
    dom = {HOUSING.name: HOUSING, USCIS.name: USCIS}[domain_name(case)]
    if dom.name == "housing":
        text = f"State: {_get(case, 'state')}. Focus year: {HOUSING_FOCUS_YEAR}."
    else:
        text = str(_get(case, "text") or "")
    return CaseInput(case_id=str(_get(case, "id")), text=text, question=str(_get(case, "question")),
                     kind="entailment", query=dom.query, answer_var=dom.answer_var,
                     statutes=str(_get(case, "statutes") or ""))
