"""The DeonticBench paper's own protocol as methods of the DeonticBench benchmarks, so that a run
is comparable with the paper: ``direct`` (the model answers in words), ``prolog-zero-shot`` (the
model writes the whole program from the statutes) and ``prolog-few-shot`` (the same with the
benchmark's worked examples).

Prompts are the benchmark's own, built at run time by the installed ``prompts/dataset_prompts.py``
of the pinned commit (:func:`taxlogic.kb.statutes.data.prompts_dir`), never copied here: housing
``compose_prompt_source_legal_ir`` / ``compose_prompt_standalone_prolog_legal_ir`` /
``compose_prompt_prolog_legal_ir``, USCIS the ``_uscis`` ones, called with the case's statutes
and the case's fields (never its label or reference program), sent as one user message at
temperature 0. The pinned ``prompts/`` holds no SARA or airline prompt builder (the pipeline's
``experiments/`` code is not in the repository copy), and its USCIS direct and few-shot builders
read an ``instruction`` field the hard split's cases do not have: those methods are refused with
that reason rather than run on a prompt that is not the paper's.

Answers, as the benchmark reads them (README, "Evaluating Results"): ``direct``: the first
yes/no (housing) or accepted/dismissed (USCIS) word of the reply, read by the installed
``label_utils.py``; no such word is an abstention. Prolog modes: the reply's first ```prolog
block (else the whole reply) runs in the engine's sandbox, the one the agent's programs run in
(:mod:`.sandbox`, ``tools/sandbox.pl``: SWI-Prolog's ``library(sandbox)``, the engine's inference
budget); the answer is the binding of the domain's required answer predicate
(``housing_answer(Result)``, ``decision(Result)``: the prompt's required structure, which its
``main/0`` prints), its first solution; an empty, erroneous, refused or over-budget run is an
abstention. A model program that states its own answer
(a label-printing directive, a fact of the answer predicate) is flagged in the record's details
(``states_own_answer``) and scored as the paper scores it.
"""

from __future__ import annotations

import importlib.util
import re
import sys
import threading
import types
from typing import TYPE_CHECKING, Any, Callable

from taxlogic.eval.methods.registry import Method, MethodOptions, MethodUnavailable, chat_model_for, record_base
from taxlogic.eval.scoring.records import CaseRecord
from taxlogic.kb.statutes.data import DeonticCase

if TYPE_CHECKING:
    from taxlogic.eval.benchmarks import Dataset

__all__ = ["ANSWER_GOALS", "METHODS", "PROMPT_BUILDERS", "compose_prompt", "extract_program", "prompts_module"]

#: (domain, method) -> the installed builder's name.
PROMPT_BUILDERS = {
    ("housing", "direct"): "compose_prompt_source_legal_ir",
    ("housing", "prolog-zero-shot"): "compose_prompt_standalone_prolog_legal_ir",
    ("housing", "prolog-few-shot"): "compose_prompt_prolog_legal_ir",
    ("uscis-aao", "direct"): "compose_prompt_source_uscis",
    ("uscis-aao", "prolog-zero-shot"): "compose_prompt_standalone_prolog_uscis",
    ("uscis-aao", "prolog-few-shot"): "compose_prompt_prolog_uscis",
}
#: The builders that read the case's ``instruction`` field only (USCIS direct and few-shot).
NEEDS_INSTRUCTION = {"compose_prompt_source_uscis", "compose_prompt_prolog_uscis"}
#: The answer predicate each domain's prompt requires, run with its binding printed.
ANSWER_GOALS = {"housing": "housing_answer(Result)", "uscis-aao": "decision(Result)"}
_WORDS = {"housing": r"\b(yes|no)\b", "uscis-aao": r"\b(accepted|dismissed)\b"}
_BLOCK = re.compile(r"```(?:prolog|pl)?[ \t]*\n(.*?)```", re.S | re.I)

_LOCK = threading.Lock()
_LOADED: dict[str, types.ModuleType] = {}


def prompts_module() -> types.ModuleType:
    """The installed ``prompts/dataset_prompts.py`` as a module (its ``from prompts.case_exemplars
    import ...`` resolved to the installed copy, any ``prompts`` module of this process restored
    after). Raises DataError when DeonticBench is not installed."""
    from taxlogic.kb.statutes.data import prompts_dir

    root = prompts_dir()
    with _LOCK:
        if str(root) in _LOADED:
            return _LOADED[str(root)]
        names = ("prompts", "prompts.case_exemplars", "prompts.dataset_prompts")
        saved = {n: sys.modules.get(n) for n in names}
        try:
            pkg = types.ModuleType("prompts")
            pkg.__path__ = [str(root)]  # type: ignore[attr-defined]
            sys.modules["prompts"] = pkg
            for name in names[1:]:
                spec = importlib.util.spec_from_file_location(name, root / f"{name.split('.')[1]}.py")
                module = importlib.util.module_from_spec(spec)
                sys.modules[name] = module
                spec.loader.exec_module(module)  # type: ignore[union-attr]
            loaded = sys.modules["prompts.dataset_prompts"]
        finally:
            for n, m in saved.items():
                if m is None:
                    sys.modules.pop(n, None)
                else:
                    sys.modules[n] = m
        _LOADED[str(root)] = loaded
        return loaded


def _case_fields(case: DeonticCase) -> dict[str, Any]:
    """The case as the builders read it: its fields as the data gives them, without the label
    and the reference program."""
    fields = {"id": case.id, "text": case.text, "question": case.question, "statutes": case.statutes,
              "state": case.state, "case_number": case.case_number, **case.extra}
    return {k: v for k, v in fields.items() if v is not None}


def compose_prompt(case: DeonticCase, method: str) -> str:
    """The benchmark's prompt for ``case`` under ``method`` (module doc). Raises
    :class:`MethodUnavailable` when the installed prompts have no builder for it, or the builder
    needs a field the case does not have."""
    name = PROMPT_BUILDERS.get((case.domain, method))
    if name is None:
        raise MethodUnavailable(
            f"--method {method} on DeonticBench {case.domain}: the installed prompts/ of the pinned commit build "
            "housing and USCIS prompts only (SARA and airline prompts are in the pipeline's experiments/ code, not in "
            "the repository); use --method gold")
    fields = _case_fields(case)
    if name in NEEDS_INSTRUCTION and not fields.get("instruction"):
        raise MethodUnavailable(
            f"--method {method} on DeonticBench {case.domain}: the installed {name} builds its prompt from the case's "
            "'instruction' field, which the cases of this split do not have (the pipeline that adds it is not in the "
            "pinned copy); use --method prolog-zero-shot")
    builder: Callable[..., str] = getattr(prompts_module(), name)
    return builder(case.statutes, fields)


def extract_program(reply: str) -> str:
    """The first ```prolog block of ``reply`` (else the whole reply)."""
    m = _BLOCK.search(reply)
    return m.group(1) if m else reply


def _states_own_answer(program: str, domain: str) -> list[str]:
    """What in ``program`` states the answer instead of deriving it: a label-printing directive
    or a fact of the answer predicate (``housing_answer(yes).``, ``decision('Accepted').``)."""
    from taxlogic.kb.datafiles import DataError
    from taxlogic.kb.statutes.data.reference import label_directives, split_program

    try:
        clauses = split_program(program)[0]
        found = [f":- {d}" for d in label_directives(program)]
    except DataError:
        return []
    head = ANSWER_GOALS[domain].split("(")[0]
    return found + [c for c in clauses if re.match(rf"\s*{head}\s*\([^:]*\)\s*$", c, re.S)]


def _factory(method: str) -> Callable[["Dataset", MethodOptions], Method]:
    def make(ds: "Dataset", opts: MethodOptions) -> Method:
        from taxlogic.agent import llm
        from taxlogic.eval.benchmarks.deonticbench.sandbox import run_program
        from taxlogic.eval.benchmarks.deonticbench.scoring import label_parser

        for item in ds.items[:1]:
            compose_prompt(item, method)  # an unavailable prompt is refused before any call
        model, name, settings = chat_model_for(opts, temperature=0.0)

        def run(item: DeonticCase) -> CaseRecord:
            base = record_base(item, ds, method, name)
            prompt = compose_prompt(item, method)
            details: dict[str, Any] = {"prompt_chars": len(prompt), "temperature": 0.0,
                                       "builder": PROMPT_BUILDERS[(item.domain, method)]}
            try:
                reply = llm.invoke(model, [_human(prompt)], max_retries=settings.llm_max_retries, wait=opts.wait)
            except llm.LLMRequestRejected as exc:  # endpoint failures propagate: the case is errored
                why = llm.describe_error(exc)
                return CaseRecord(**base, invalid=True, reason=f"LLM call failed: {why}", errors=[why], details=details)
            usage = dict(rounds=1, input_tokens=reply.input_tokens, output_tokens=reply.output_tokens,
                         seconds=reply.seconds)
            details["reply"] = reply.text
            parse = label_parser(item.domain)
            if method == "direct":
                words = re.findall(_WORDS[item.domain], reply.text, re.I)
                value = words[0] if words else None
            else:
                program = extract_program(reply.text)
                details["program"] = program
                details["states_own_answer"] = _states_own_answer(program, item.domain)
                sandboxed = run_program(program, opts.engines(item.rules), ANSWER_GOALS[item.domain])
                details.update(sandbox_status=sandboxed.status, sandbox_problems=sandboxed.problems[:20],
                               entry=sandboxed.entry, output=sandboxed.output[:400], value=sandboxed.value)
                value = sandboxed.value if sandboxed.status == "ok" else None
            cls = parse(value) if value is not None else None
            if cls in (None, 0):
                why = ("no answer word in the reply" if method == "direct" else
                       f"the program gave no answer (sandbox: {details.get('sandbox_status')}"
                       + (f"; {details['sandbox_problems'][-1]}" if details.get("sandbox_problems") else "") + ")")
                return CaseRecord(**base, abstained=True, reason=why, details=details, **usage)
            prediction = {"housing": {1: "yes", -1: "no"}, "uscis-aao": {1: "Accepted", -1: "Dismissed"}}[item.domain][cls]
            return CaseRecord(**base, prediction=prediction, details=details, **usage)
        return run
    return make


def _human(text: str):
    from langchain_core.messages import HumanMessage

    return HumanMessage(content=text)


#: ``--method`` name -> factory.
METHODS: dict[str, Callable[["Dataset", MethodOptions], Method]] = {
    m: _factory(m) for m in ("direct", "prolog-zero-shot", "prolog-few-shot")}
