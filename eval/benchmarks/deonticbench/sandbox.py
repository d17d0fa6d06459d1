"""A model-written whole program (DeonticBench's protocol: the model writes rules and facts) run
through taxlogic's one sandbox: the engine's (``tools/sandbox.pl``, :attr:`Job.sandbox
<taxlogic.tools.engine.Job.sandbox>`), the path the agent's programs take too.

The program is untrusted text: the worker reads it term by term into a module of its own (no
directive runs: ``initialization/1,2`` and the label-printing ``format`` are reported, never
run; clauses for built-ins are refused; a module the program names is its own, one outside it
refused), checks the entry with ``safe_goal/1`` (every predicate it can reach is safe; a goal
built at run time is checked when it is called; a predicate the program calls but never
defines raises its existence error when reached, as in plain SWI-Prolog), and runs it under the
engine's limits
(:mod:`taxlogic.tools.limits`: the settings' inference budget decides, CPU and wall clocks are
safety nets), its output captured. Nothing of it reaches the trusted path.

The entry is given: the domain's answer predicate (``housing_answer(Result)``,
``decision(Result)``: the prompt's required structure), its first solution's binding the value;
or a reference program's own query (``tax(alice, 2017, T), format(...)``), its output read.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from taxlogic.tools.engine import Engine, Outcome

__all__ = ["SandboxRun", "run_program"]

_VAR = re.compile(r"(?<![A-Za-z0-9_'\"])([A-Z][A-Za-z0-9_]*)")


@dataclass(frozen=True)
class SandboxRun:
    """What a sandboxed program gave: ``status`` (``ok``: the entry succeeded; ``failed``;
    ``unsafe``: ``safe_goal/1`` refused it, nothing ran; ``error``: a predicate nothing defines
    was reached, or another error; ``inference_limit``: the budget decided; ``time_limit``: a
    safety net fired (not a verdict); ``no_entry``: the program defines no answer predicate),
    ``entry`` (the goal run), ``value`` (the binding of the entry's first variable, as printed
    with ``~w``; None without one), ``output`` (what it printed), ``problems`` (terms dropped,
    directives not run, predicates stubbed, the sandbox's refusal or the error)."""

    status: str
    entry: str | None
    output: str
    problems: list[str] = field(default_factory=list)
    value: str | None = None


def first_variable(goal: str) -> str | None:
    """The first named variable of ``goal`` (``housing_answer(Result)`` -> ``Result``), outside
    quotes; None when it has none."""
    unquoted = re.sub(r"'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"", "''", goal)
    m = _VAR.search(unquoted)
    return m.group(1) if m else None


def run_program(text: str, engine: "Engine", entry: str) -> SandboxRun:
    """Run ``text`` (a whole Prolog program) in the engine's sandbox (module doc) with ``entry``
    as its query: its first solution, the binding of its first variable as :attr:`SandboxRun.value`,
    what it printed as :attr:`SandboxRun.output`. ``engine``: an
    :class:`~taxlogic.tools.engine.Engine` on the empty rule set programs run on
    (:func:`taxlogic.kb.statutes.data.reference.reference_rules`). Never raises for a bad program;
    raises :class:`taxlogic.tools.engine.EngineError` when no worker runs."""
    from taxlogic.tools.engine import Job

    var = first_variable(entry)
    job = Job(facts=text, query=entry, mode="first" if var else "prove", var=var, sandbox=True)
    return sandbox_run(entry, engine.run(job))


def _plain(value: str) -> str:
    """A value as ``~w`` prints it (``'Accepted'`` -> ``Accepted``)."""
    return value[1:-1].replace("\\'", "'") if len(value) > 1 and value[0] == value[-1] == "'" else value


def sandbox_run(entry: str, out: "Outcome") -> SandboxRun:
    """:class:`SandboxRun` of the engine's outcome ``out`` of a sandboxed job whose query was ``entry``."""
    program = out.program or {}
    m = re.match(r"\s*([a-z]\w*)\s*(?:\(|$)", entry)
    head = m.group(1) if m else None
    problems = list(out.load_problems)
    problems += [f"directive not run: {d['text'].removeprefix(':-').strip().rstrip('.')}"
                 for d in program.get("directives", []) if d.get("text")]
    problems += [f"undefined: {pi} (a call raises an existence error)" for pi in program.get("stubbed", [])]
    defined = {cl["head"].rsplit("/", 1)[0] for cl in program.get("clauses", [])}
    if head and head not in defined and any(pi.rsplit("/", 1)[0] == head for pi in program.get("undefined", [])):
        return SandboxRun("no_entry", entry, "", problems + [f"the answer predicate {entry} is not defined"])
    output = out.output or ""
    if out.status in ("values", "proved"):
        value = _plain(out.values[0]) if out.values else None
        return SandboxRun("ok", entry, output, problems, value)
    if out.status == "failed":
        return SandboxRun("failed", entry, output, problems)
    if out.status in ("inference_limit", "time_limit"):
        return SandboxRun(out.status, entry, "", problems + [out.message or out.status])
    status = "unsafe" if out.error_kind == "sandbox" else "error"
    return SandboxRun(status, entry, "", problems + [out.message or out.summary()])
