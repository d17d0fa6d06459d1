"""A model-written whole program (DeonticBench's protocol: the model writes rules and facts)
run in SWI-Prolog's ``library(sandbox)``, in a process of its own, with limits.

The program is untrusted text: it never reaches the engine's trusted path. ``sandbox.pl`` (beside
this module) reads it term by term, runs no directive (``initialization/1,2`` only names the
entry), asserts its clauses into a module of their own (module-qualified heads and built-ins
refused), checks the entry with ``safe_goal/1`` (every predicate it can reach is safe: no file,
process, network, database-of-other-modules or flag access) and only then runs it under
``call_with_inference_limit/3`` (``Settings.inference_limit``, the budget that decides) and
``call_with_time_limit/2`` (a safety net: :func:`taxlogic.tools.limits.safety_seconds`), its
output captured. The process also has a wall-clock safety net (twice that), a 512 MB Prolog stack limit and a 2 GB address-space limit.
"""

from __future__ import annotations

import os
import subprocess
import tempfile
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

__all__ = ["SandboxRun", "run_program"]

_STACK = "512m"
_ADDRESS_SPACE = 2 << 30


@dataclass(frozen=True)
class SandboxRun:
    """What a sandboxed program gave: ``status`` (``ok``: the entry succeeded; ``failed``,
    ``unsafe`` (``safe_goal/1`` refused it: nothing ran), ``error`` (a predicate nothing
    defines was reached: it raises, never a closed-world "no"; or another error), ``time_limit``,
    ``inference_limit``, ``no_entry``, ``wall_limit``, ``crash``), ``entry`` (the goal run),
    ``output`` (what it printed), ``problems`` (terms dropped, directives not run, the sandbox's
    refusal)."""

    status: str
    entry: str | None
    output: str
    problems: list[str] = field(default_factory=list)


def _limit_memory() -> None:  # pragma: no cover - runs in the child
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (_ADDRESS_SPACE, _ADDRESS_SPACE))


def run_program(text: str, settings=None, answer_goal: str | None = None) -> SandboxRun:
    """Run ``text`` (a whole Prolog program) sandboxed (module doc). ``answer_goal``: the
    domain's answer predicate with one variable (``housing_answer(X)``, ``decision(X)``), run as
    the entry and its binding printed; None: the program's own entry (``initialization/2``'s
    goal, else ``main/0``, else ``run/0``). Never raises for a bad program; raises
    :class:`taxlogic.tools.engine.EngineError` when ``swipl`` is missing."""
    from taxlogic.settings import get_settings
    from taxlogic.tools.engine import EngineError
    from taxlogic.tools.limits import safety_seconds

    settings = settings or get_settings()
    driver = Path(str(resources.files("taxlogic.eval.benchmarks.deonticbench").joinpath("sandbox.pl")))
    with tempfile.TemporaryDirectory(prefix="taxlogic-sandbox-") as tmp:
        prog = Path(tmp) / "program.pl"
        prog.write_text(text, encoding="utf-8")
        # the inference budget decides; CPU and wall clock are safety nets above it, as the engine's
        # (tools/limits.py: never below the budget at the slowest inference rate measured)
        cpu = safety_seconds(settings.inference_limit, settings.time_limit)
        wall = max(settings.wall_limit, 2 * cpu)
        cmd = ["swipl", "-q", f"--stack-limit={_STACK}", str(driver), "--", str(prog),
               str(cpu), str(settings.inference_limit), answer_goal or ""]
        env = {**os.environ, "TZ": settings.timezone}
        try:
            p = subprocess.run(cmd, capture_output=True, text=True, timeout=wall, cwd=tmp, env=env,
                               stdin=subprocess.DEVNULL, preexec_fn=_limit_memory)
        except FileNotFoundError as exc:
            raise EngineError("swipl (SWI-Prolog) not found on PATH") from exc
        except subprocess.TimeoutExpired:
            return SandboxRun("wall_limit", None, "", [f"the process ran over {wall:g} s and was killed (a safety net, not a verdict)"])
    head, sep, output = p.stdout.partition("\noutput:\n")
    if not sep and p.stdout.endswith("output:\n"):
        head, sep, output = p.stdout[: -len("output:\n")], "x", ""
    lines = head.splitlines()
    problems = [l.removeprefix("problem: ") for l in lines if l.startswith("problem: ")]
    status = next((l.removeprefix("status: ") for l in lines if l.startswith("status: ")), None)
    entry = next((l.removeprefix("entry: ") for l in lines if l.startswith("entry: ")), None)
    if status is None:
        return SandboxRun("crash", entry, "", problems + [f"exit {p.returncode}: {p.stderr.strip()[-300:]}"])
    return SandboxRun(status, entry, output if sep else "", problems)
