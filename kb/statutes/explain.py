"""An answer of the statutes domain in words, each step citing the statute paragraph it came from.

A model-written program runs only in the sandbox, so its explanation is built from runs of
that program, never from a recorder walking its clauses: one more sandboxed job per condition on
the query's path (a predicate some rule defines that the query reaches: ``eligibility_met``,
``eviction_cases_first_heard_in_municipal_court``, ``is_primary_method_required(M, A)``) asks
whether it holds, and for one with arguments, its first instance. Each step then says, in words,
the condition (its name with ``_`` read as spaces, and the instance), whether it holds, the line
of its rule and the paragraphs it comes from (those of a statute atom in the instance too):

- the paragraphs the rule's comments cite (``% [2]``, or a section number of a paragraph's
  title; :func:`taxlogic.kb.statutes.checks.tracing.cited`);
- the paragraphs named by a statute atom (``mich_comp_laws_600_5704`` -> ``[2] MICH. COMP. LAWS §
  600.5704``: the title's numbers in order) among the rule's constants, or among the constants
  of the facts it relies on (a fact of a predicate the rule calls that shares a constant with
  the rule: ``jurisdiction(mich_comp_laws_600_5704, municipal_court)`` for a rule that asks for
  ``jurisdiction(Law, municipal_court)``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from taxlogic.kb.statutes.checks.tracing import cited
from taxlogic.kb.statutes.checks.undefined import reachable
from taxlogic.kb.statutes.reading.paragraphs import Paragraph, paragraphs, statute_paragraphs

#: Conditions shown at most (the nearest to the query first).
MAX_STEPS = 12


@dataclass(frozen=True)
class Step:
    """One condition: ``name`` (the predicate), ``words`` (its name read as words), ``holds``
    (True, False, or None when its run raised an error), ``line`` (of its first rule or fact),
    ``cites`` ([n] titles of the paragraphs it comes from)."""

    name: str
    words: str
    holds: bool | None
    line: int | None
    cites: tuple[str, ...]

    def text(self, sep: str = ": ") -> str:
        """``eviction cases first heard in municipal court: holds (from [2] ...), line 24``
        (``sep`` between the words and the verdict)."""
        verdict = {True: "holds", False: "does not hold", None: "could not be decided"}[self.holds]
        src = f" (from {'; '.join(self.cites)})" if self.cites else ""
        at = f", line {self.line}" if self.line else ""
        return f"{self.words}{sep}{verdict}{src}{at}"


@dataclass
class StatutesExplanation:
    """The answer and its steps (:class:`Step`), nearest the query first."""

    answer: str | None
    query: str
    steps: list[Step] = field(default_factory=list)

    @property
    def failed(self) -> list[Step]:
        """The conditions on the query's path that do not hold (or could not be decided)."""
        return [s for s in self.steps if s.holds is not True]

    def because(self) -> str:
        """The answer in the law's words, one line: the answer and the condition nearest the
        query that cites a statute paragraph (else the nearest one), e.g. ``yes, because eviction
        cases first heard in municipal court holds (from [2] MICH. COMP. LAWS § 600.5704), line 24``."""
        if self.answer is None:
            return f"{self.query} gives no answer"
        step = next((s for s in self.steps if s.cites), self.steps[0] if self.steps else None)
        return f"{self.answer}, because {step.text(' ')}" if step else f"{self.answer} ({self.query}: no condition on its path)"

    def lines(self, failed_only: bool = False) -> list[str]:
        """The head line and one line a step (``failed_only``: the steps in :attr:`failed`)."""
        head = f"{self.query} gives {self.answer}" if self.answer is not None else f"{self.query} gives no answer"
        return [head] + [f"  {s.text()}" for s in (self.failed if failed_only else self.steps)]

    def dump(self) -> dict:
        return {"answer": self.answer, "query": self.query,
                "steps": [{"name": s.name, "words": s.words, "holds": s.holds, "line": s.line, "cites": list(s.cites)}
                          for s in self.steps]}


def _sources(clause: dict, program: dict, paras: list[Paragraph]) -> list[Paragraph]:
    by_number = {p.number: p for p in paras}
    found = [by_number[n] for n in (cited(clause.get("comments", []), paras) or []) if n in by_number]
    consts = {k["text"] for k in clause.get("constants", []) if k["type"] == "atom"}
    for a in consts:
        found += statute_paragraphs(a, paras)
    calls = set(clause.get("calls", []))
    for f in program.get("clauses", []):
        if f["kind"] == "fact" and f["head"] in calls:
            fc = {k["text"] for k in f.get("constants", []) if k["type"] == "atom"}
            if fc & consts:
                for a in fc:
                    found += statute_paragraphs(a, paras)
    seen, out = set(), []
    for p in found:
        if p.number not in seen:
            seen.add(p.number)
            out.append(p)
    return out


def conditions(spec, program: dict) -> list[str]:
    """The conditions on the query's path ("name/arity"), nearest the query first: predicates the
    query reaches that some rule defines (a predicate of facts only is data, shown as the instance
    a condition holds for), not the query's own, not one whose every clause prints (``main/0``)."""
    order, seen = [], set()
    calls: dict[str, list[str]] = {}
    rules = {cl["head"] for cl in program.get("clauses", []) if cl["kind"] == "rule"}
    for cl in program.get("clauses", []):
        calls.setdefault(cl["head"], []).extend(cl.get("calls", []))
    frontier = [spec.query_pi]
    reach = reachable(program, spec.query_pi)
    while frontier:
        nxt = []
        for pi in frontier:
            for c in [pi] + calls.get(pi, []):
                if c in seen or c not in calls:
                    continue
                seen.add(c)
                nxt.append(c)
                order.append(c)
        frontier = nxt
    # conditions reached only through a dynamic call (call(Goal)) come after, in program order
    order += [pi for pi in calls if pi in reach and pi not in seen]
    printers = {pi for pi in calls if all(
        any(c.split("/")[0] in _OUTPUT for c in cl.get("calls", []))
        for cl in program.get("clauses", []) if cl["head"] == pi)}
    return [pi for pi in order if pi in rules and pi not in printers and pi != spec.query_pi][:MAX_STEPS]


_OUTPUT = frozenset({"format", "write", "writeln", "print", "writeq", "print_message", "nl", "write_term"})


def condition_query(pi: str) -> str:
    """A sandboxed query binding ``X`` to ``yes(Instance)`` (its first solution), ``no`` or
    ``error`` for the condition ``pi`` (name/arity) called with fresh variables."""
    name, arity = pi.rsplit("/", 1)
    goal = name if arity == "0" else f"{name}({', '.join(f'A{i}' for i in range(int(arity)))})"
    return f"catch(({goal} -> X = yes({goal}) ; X = no), _, X = error)"


def explain_program(spec, case, program_text: str, outcome, engine) -> StatutesExplanation:
    """The explanation of ``outcome`` (the sandboxed run of ``program_text`` for ``case``) in
    words (module doc); runs one sandboxed job per condition on ``engine``."""
    from taxlogic.tools.engine import Job

    answer = spec.answer_of(case, outcome).value
    program = outcome.program or {}
    paras = paragraphs(getattr(case, "statutes", "") or "")
    pis = conditions(spec, program)
    jobs = [Job(facts=program_text, query=condition_query(pi), mode="first", var="X", sandbox=True) for pi in pis]
    steps = []
    for pi, out in zip(pis, engine.run_many(jobs)):
        value = out.values[0] if out.status == "values" and out.values else "error"
        holds = True if value.startswith("yes(") else (False if value == "no" else None)
        instance = value[4:-1] if holds and not pi.endswith("/0") else ""
        own = [cl for cl in program.get("clauses", []) if cl["head"] == pi]
        srcs: list[Paragraph] = []
        for cl in own:
            srcs += [p for p in _sources(cl, program, paras) if p not in srcs]
        for atom in re.findall(r"[a-z][a-z0-9_]*", instance):
            srcs += [p for p in statute_paragraphs(atom, paras) if p not in srcs]
        words = pi.rsplit("/", 1)[0].replace("_", " ")
        steps.append(Step(pi.rsplit("/", 1)[0], words + (f" [{instance}]" if instance else ""), holds,
                          own[0]["line"] if own else None, tuple(f"[{p.number}] {p.title}" for p in srcs)))
    return StatutesExplanation(answer, spec.query, steps)


def explain_reply(spec, case, reply: str, engine) -> StatutesExplanation | None:
    """The explanation of the program in ``reply`` (a translation as the model handed it in, or
    a program) for ``case``: cut out and run sandboxed as the agent does
    (:meth:`~taxlogic.kb.statutes.domain.StatutesDomain.check_program`, ``query_job``), then
    :func:`explain_program`. None when no program can be cut out of ``reply``. Raises
    :class:`~taxlogic.tools.engine.EngineError` if no worker runs."""
    issues, program = spec.check_program(reply)
    if issues:
        return None
    outcome = engine.run(spec.query_job(case, spec.query, program))
    return explain_program(spec, case, program, outcome, engine)
