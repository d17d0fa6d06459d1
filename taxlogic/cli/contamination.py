"""``taxlogic eval contamination``: the Data Contamination Quiz of the paper's §3.1.1 / Table 7.

Mounted as ``eval contamination`` by the command table in :mod:`taxlogic.cli`. The
method (instances, perturbations, BDQ, BCQ, κ) is documented in ``taxlogic.eval.experiments.contamination``.

Output directory (``--out``): ``meta.json``, ``perturbations.jsonl`` (unless ``--perturbations``
points elsewhere), ``records.jsonl`` and ``summary.json``. Re-running the same command resumes.

``summary.json`` schema (``"schema": "taxlogic.contamination/1"``); rates are fractions in [0, 1]
(κ may be negative), ``null`` where undefined::

    schema              "taxlogic.contamination/1"
    model               quizzed model name (as sent to the endpoint)
    dataset             "sara"
    perturber           "offline" or "llm:<model>" (who wrote the perturbations)
    seed                seed of the sample (--limit) and of the offline paraphraser
    split, task, limit  the selection (train|test|all, entailment|numeric|all, 0 = all)
    instances           instances selected
    quizzed             instances with four accepted perturbations (in the quiz)
    skipped             instances without them; skipped_reasons: {reason: count}
    pending             instances whose perturbations are not made yet (interrupted run)
    chance              1/5: an option's probability under uniform random choice among A-E
    bdq                 {n, counts: {A..E, invalid}, distribution: {A..E, invalid: share},
                         non_preferred: [positions], non_preferred_rule:
                         "below_chance" | "least_preferred" | "no_bdq", complete}
    bcq                 [{position, n, correct, p_o, p_e, kappa, invalid, answers: {A..E,
                         invalid: count}, complete}] one per BCQ split (non-preferred position)
    best_position       the split with the best BCQ performance (highest p_o)
    p_o, p_e, kappa     κ as §3.1.1 defines it: p_o of the best split, p_e = BDQ share of that
                         position, kappa = (p_o - p_e) / (1 - p_e)
    min_contamination   lowest κ over the BCQ splits (Table 7 "Min Cont")
    max_contamination   highest κ over the BCQ splits (Table 7 "Max Cont")
    min_bcq_accuracy    lowest raw BCQ accuracy p_o over the BCQ splits
    max_bcq_accuracy    highest raw BCQ accuracy p_o (most likely what Table 7's "Max Cont" is)
    invalid_answers     {bdq, bcq, total}: replies that were not exactly {"answer": "X"}
    tokens              {quiz: {input, output}, perturbation: {input, output}}
    complete            every item of the selection answered
    seconds             wall time of the last invocation (a resumed run counts only its own)
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Optional

import typer
from rich.table import Table

from taxlogic.cli.common import check_choice, console, fail, friendly_errors, print_json, progress_bar, stage_progress

__all__ = ["contamination", "render_summary"]

_PHASES = {"perturb": "perturbations", "bdq": "BDQ (bias detector)", "bcq": "BCQ (bias compensator)"}


def _pct(x: float | None, digits: int = 1) -> str:
    return "-" if x is None else f"{100 * x:.{digits}f}%"


def render_summary(summary: dict[str, Any]) -> None:
    """Print the Table-7-like table, the BCQ splits and the BDQ positional distribution."""
    from taxlogic.kb.sara.data.install import SARA_RELEASE

    title = f"Data contamination on {SARA_RELEASE} ({summary.get('split', 'all')}, {summary.get('task', 'all')})"
    main = Table(title=title)
    main.add_column("Model", no_wrap=True)
    for col in ("Min Cont (κ)", "Max Cont (κ)", "Min BCQ acc", "Max BCQ acc", "κ (best)", "Quizzed", "Skipped", "Invalid"):
        main.add_column(col, justify="right")
    main.add_row(
        str(summary.get("model")),
        _pct(summary.get("min_contamination")),
        _pct(summary.get("max_contamination")),
        _pct(summary.get("min_bcq_accuracy")),
        _pct(summary.get("max_bcq_accuracy")),
        _pct(summary.get("kappa")) + (f" ({summary['best_position']})" if summary.get("best_position") else ""),
        f"{summary['quizzed']}/{summary['instances']}",
        str(summary["skipped"]),
        str(summary["invalid_answers"]["total"]),
    )
    console.print(main)

    if summary["bcq"]:
        splits = Table(title="BCQ splits (verbatim instance at a non-preferred position)")
        for col in ("Position", "Items", "p_o (BCQ)", "p_e (BDQ)", "κ", "Invalid"):
            splits.add_column(col, justify="right")
        for s in summary["bcq"]:
            splits.add_row(s["position"] + (" *" if s["position"] == summary.get("best_position") else ""),
                           str(s["n"]), _pct(s["p_o"]), _pct(s["p_e"]), _pct(s["kappa"]), str(s["invalid"]))
        console.print(splits)

    bdq = summary["bdq"]
    if bdq["n"]:
        dist = Table(title=f"BDQ positional distribution ({bdq['n']} items, right answer E)")
        for col in ("A", "B", "C", "D", "E", "invalid"):
            dist.add_column(col, justify="right")
        dist.add_row(*[
            f"{_pct(bdq['distribution'][k])}{' ↓' if k in bdq['non_preferred'] else ''}"
            for k in ("A", "B", "C", "D", "E", "invalid")
        ])
        console.print(dist)
        rule = {"below_chance": "positions chosen below chance",
                "least_preferred": "no position below chance: the least chosen one(s)"}.get(bdq["non_preferred_rule"], "")
        console.print(f"non-preferred (↓): {', '.join(bdq['non_preferred']) or 'none'} - {rule} "
                      f"(chance {_pct(summary['chance'], 0)})", highlight=False)
    if summary["skipped"]:
        reasons = "; ".join(f"{n}× {r}" for r, n in summary["skipped_reasons"].items())
        console.print(f"[yellow]skipped {summary['skipped']} instance(s):[/] {reasons}", highlight=False)
    if summary["quizzed"] == 0:
        console.print("[yellow]no instance entered the quiz: use a stronger --perturb-model or --perturber offline[/]")
    if not summary["complete"]:
        console.print("[yellow]incomplete: re-run the same command to resume[/]")


_QUIZ, _PERT, _RUN = "What to quiz", "Perturbations (the distractors)", "Run"


def contamination(
    model: Optional[str] = typer.Option(
        None, "--model", help="Model to quiz (sent to the configured endpoint); default TAXLOGIC_LLM_MODEL.", rich_help_panel=_QUIZ),
    dataset: str = typer.Option("sara", "--dataset", help="Dataset: sara.", rich_help_panel=_QUIZ),
    split: str = typer.Option("all", "--split", help="all | train | test", rich_help_panel=_QUIZ),
    task: str = typer.Option("all", "--task", help="all | entailment | numeric", rich_help_panel=_QUIZ),
    limit: int = typer.Option(0, "--limit", min=0, help="Quiz a seeded random sample of N instances (0: all).", rich_help_panel=_QUIZ),
    out: Path = typer.Option(..., "--out", help="Run directory, e.g. runs/NAME; re-running resumes it.", rich_help_panel=_RUN),
    seed: int = typer.Option(0, "--seed", help="Seed of the --limit sample and of the offline paraphraser.", rich_help_panel=_QUIZ),
    perturber: str = typer.Option(
        "llm", "--perturber",
        help="Who writes the perturbations: llm (A.1.2 prompt, checked in code) or offline (the "
             "word-level paraphraser; no LLM needed).", rich_help_panel=_PERT),
    perturb_model: Optional[str] = typer.Option(
        None, "--perturb-model",
        help="Model that writes perturbations (--perturber llm); default TAXLOGIC_QUIZ_PERTURB_MODEL, else "
             "TAXLOGIC_LLM_MODEL: one fixed model for every quizzed --model, as the paper (Claude Sonnet 4.5 for "
             "all); a small model's perturbations are mostly rejected.", rich_help_panel=_PERT),
    perturbations: Optional[Path] = typer.Option(
        None, "--perturbations",
        help="Perturbation cache (JSONL) to use instead of OUT/perturbations.jsonl, e.g. to quiz several models "
             "on the same options.", rich_help_panel=_PERT),
    tries: int = typer.Option(3, "--tries", min=1, help="LLM calls per instance to get four acceptable perturbations.", rich_help_panel=_PERT),
    concurrency: int = typer.Option(1, "--concurrency", min=1, help="LLM calls in flight at once.", rich_help_panel=_RUN),
    max_tokens: Optional[int] = typer.Option(
        None, "--max-tokens", min=1, help="Max output tokens per quiz answer (default TAXLOGIC_LLM_MAX_TOKENS).", rich_help_panel=_RUN),
    perturb_max_tokens: Optional[int] = typer.Option(
        None, "--perturb-max-tokens", min=1,
        help="Max output tokens per perturbation reply (default: the larger of TAXLOGIC_LLM_MAX_TOKENS and 4096).", rich_help_panel=_PERT),
    as_json: bool = typer.Option(False, "--json", help="Print the JSON summary instead of tables.", rich_help_panel=_RUN),
) -> None:
    """Data Contamination Quiz (paper §3.1.1, Table 7): can the model pick the verbatim SARA
    instance among four meaning-preserving perturbations?

    BDQ (four perturbations + "None of the provided options") measures the model's positional
    preferences; BCQ puts the verbatim instance at each non-preferred position (chosen below
    chance, 1/5). Reports κ = (p_o - p_e)/(1 - p_e) and the min/max contamination across BCQ
    splits. Results are appended to OUT as each item finishes: re-run the same command to resume.
    """
    from taxlogic.agent.llm import chat_model
    from taxlogic.eval.experiments.contamination import ContaminationError, instances_from_cases, run_contamination, select_cases
    from taxlogic.kb.sara.data.cases import load_cases
    from taxlogic.settings import get_settings

    check_choice("--dataset", dataset.lower(), ("sara",))
    check_choice("--split", split, ("all", "train", "test"))
    check_choice("--task", task, ("all", "entailment", "numeric"))
    check_choice("--perturber", perturber, ("llm", "offline"))

    settings = get_settings()
    name = model or settings.llm_model
    with friendly_errors():
        cases = select_cases(load_cases(split=split, kind=task), limit, seed)
        if not cases:
            fail(f"no SARA case matches --split {split} --task {task}")
        instances = instances_from_cases(cases)
        quiz_model = chat_model(settings, model_name=name, **({"max_tokens": max_tokens} if max_tokens else {}))
        perturb_llm = None
        perturb_name = None
        if perturber == "llm":
            perturb_name = perturb_model or settings.quiz_perturb_model or settings.llm_model
            perturb_llm = chat_model(
                settings, model_name=perturb_name, max_tokens=perturb_max_tokens or max(settings.llm_max_tokens, 4096))
        try:
            with progress_bar() as bar:
                summary = run_contamination(
                    quiz_model, instances, out, model_name=name, perturber=perturb_llm, perturber_name=perturb_name,
                    perturbations_path=perturbations, seed=seed, tries=tries, max_retries=settings.llm_max_retries,
                    concurrency=concurrency, progress=stage_progress(bar, _PHASES),
                    extra_meta={"split": split, "task": task, "limit": limit},
                )
        except ContaminationError as exc:
            fail(str(exc))
    if as_json:
        print_json(summary)
    else:
        render_summary(summary)
        console.print(f"records: {Path(out) / 'records.jsonl'}  summary: {Path(out) / 'summary.json'}  "
                      f"({summary['seconds']:.1f} s)", highlight=False)
