"""The NBA domain: RuleArena's salary-cap problems as a knowledge-base plug-in.

Facts: the vocabulary of ``events.pl`` (``kb/nba/prolog/vocabulary.md``), every group anchored to its
sentence; query: ``nba_answer(X)`` (``none`` or ``illegal(Letter, Team)``). The case text is a
problem's text as RuleArena's prompt shows it (:func:`taxlogic.kb.nba.data.problems.problem_text`).
The domain's checks are the grounding checks of :mod:`taxlogic.kb.nba.checks`; last, the omission
check of :mod:`taxlogic.kb.nba.checks.omissions` (counterfactual runs, :meth:`NbaDomain.counterfactual_issues`). The translation
prompt is ``prompts/translate_nba_system.txt`` with the vocabulary filled in.

An answer's value is RuleArena's answer statement (:func:`answer_statement`): ``"Answer:
False."`` or ``"Answer: True. Illegal Operation: B. Problematic Team: A."``, so RuleArena's own
check scores it.
"""

from __future__ import annotations


#: The question every NBA problem asks (RuleArena's prompt: "Decide whether any operation by any
#: team violate the rules").
NBA_QUESTION = "Does any operation by any team violate the rules? If so, which operation and which team?"


def answer_statement(value: str) -> str:
    """``nba_answer/1``'s binding as Prolog text -> RuleArena's answer statement. Raises
    ValueError for any other text."""
    from taxlogic.kb.nba import answer_of

    got = answer_of(value)
    if got is None:
        return "Answer: False."
    return f"Answer: True. Illegal Operation: {got[0]}. Problematic Team: {got[1]}."


class NbaDomain:
    name = "nba"
    #: always anchored: the grounding checks read each fact's anchor (the agent then asks for
    #: anchors in repairs and, on llama.cpp, constrains output to anchored facts)
    anchored = True

    def rule_set(self):
        from taxlogic.kb.nba import nba_rules

        return nba_rules()

    def system_prompt(self, rules, kind: str) -> str:
        from taxlogic.prompts import domain_system

        return domain_system("nba", str(rules.prolog_dir))

    def user_prompt(self, case, query, exemplars: str = "") -> str:
        head = exemplars.rstrip("\n") + "\n\n" if exemplars else ""
        return (f"{head}TEXT:\n{case.text.strip()}\n\nQUESTION:\n{case.question.strip()}\n\n"
                f"The rules will answer with the query: {query}\n\n"
                "Output ONLY the Prolog facts, each group closed by its anchor line, nothing else.")

    def query_job(self, case, query, canonical):
        from taxlogic.tools.engine import Job

        return Job(facts=canonical, query=query, mode="first", var=case.answer_var or "X")

    def answer_of(self, case, outcome):
        from taxlogic.core import Answer

        if outcome.status != "values" or not outcome.values:
            return Answer(reason=outcome.summary())
        try:
            return Answer(value=answer_statement(outcome.values[0]))
        except ValueError as exc:
            return Answer(reason=str(exc))

    def inspect(self, case, query, canonical, outcome, rules) -> list:
        from taxlogic.kb.nba.checks import nba_issues

        return nba_issues(case.text, canonical)

    def counterfactual_issues(self, case, query, canonical, outcome, rules, engine) -> list:
        """What a sentence states that the facts anchored to it leave out and the answer depends
        on (:mod:`taxlogic.kb.nba.checks.omissions`): run by the agent after every other check passes,
        on its engine (the query with each candidate fact added, one batch, the answer job's
        limits). Empty when the facts gave no answer (an error or a limit decides nothing)."""
        check = self.omission_check(case, query, canonical, outcome, rules, engine)
        return [] if check is None else check.issues

    def omission_check(self, case, query, canonical, outcome, rules, engine):
        """The whole omission check (:class:`taxlogic.kb.nba.checks.omissions.OmissionCheck`: the table
        sentence -> facts, each item's verdict, the issues), or None when ``outcome`` has no answer."""
        from taxlogic.kb.nba.checks.omissions import engine_check

        if outcome is None or outcome.status != "values":
            return None
        return engine_check(case.text, canonical, outcome, engine, self.query_job(case, query, canonical), rules)

    def omission_table(self, case, canonical, check=None) -> list[dict]:
        """The table sentence -> facts for ``taxlogic inspect``
        (:func:`taxlogic.kb.nba.checks.omissions.sentence_table`): ``check``'s verdicts, or, when the
        check did not run (another check objected first), the accounting with each item "not run"."""
        from taxlogic.kb.nba.checks.omissions import accounting, rule_stated, sentence_table

        if check is not None:
            return sentence_table(check)
        return sentence_table(accounting(case.text, canonical, stated_by_rules=rule_stated()))



DOMAIN = NbaDomain()
