"""Data Contamination Quiz (DCQ) on SARA: how much of the dataset a model has memorised.

Paper: §3.1.1 and Table 7 of Kordjamshidi et al., "Reasoners or Translators?", following Golchin
and Surdeanu (2025); prompts of appendix A.1.1 (quiz) and A.1.2 (perturbations).

Pipeline
--------
1. **Instances.** Each SARA case becomes one instance, formatted exactly as the A.1.1 example::

       Text: <case text>
       Question: <question or claim>
       Answer: <Entailment | Contradiction | $<tax owed as written in SARA, e.g. $8710>>

2. **Perturbations.** Four word-level, meaning-preserving perturbations per instance: by an LLM
   with the A.1.2 prompt (:func:`llm_perturbations`; the reply is parsed strictly and every
   perturbation is checked with :func:`taxlogic.eval.benchmarks.sara_plus.paraphrase.check_perturbation`; rejected ones
   are asked for again, with the problems listed, up to ``tries`` calls), or - only when no LLM is
   configured (``perturber=None``) - by the offline paraphraser
   (:func:`taxlogic.eval.benchmarks.sara_plus.paraphrase.perturbations`). An instance without four acceptable, distinct
   perturbations is *skipped* and counted; it takes no part in the quiz.
3. **BDQ** (bias detector quiz): options A-D are the four perturbations, E is "None of the
   provided options." (the right answer). The answers give the model's positional distribution.
4. **Non-preferred positions**: the positions among A-D the model picks in BDQ with probability
   *lower than chance*, where chance = 1/5 (the model chooses among five letters, A-E; a model
   answering uniformly at random picks each with probability 1/5). If no position is below
   chance (possible only if the model never or rarely answers E), the least chosen position(s)
   of A-D are used instead and the summary says so (``non_preferred_rule``).
5. **BCQ** (bias compensator quiz): one split per non-preferred position p; in split p the
   perturbation at p is replaced by the verbatim instance, so the right answer is p.
6. **κ** (chance-adjusted, Cohen's kappa), per BCQ split p::

       p_o(p)  = #(BCQ_p items answered p) / #(BCQ_p items)          observed agreement
       p_e(p)  = #(BDQ items answered p)   / #(BDQ items)            expected agreement
       κ(p)    = (p_o(p) - p_e(p)) / (1 - p_e(p))

   Our reading of §3.1.1: "p_o is the observed agreement, i.e., the best BCQ performance, and
   p_e is the expected agreement, i.e. the probability of selecting the non-preferred option in
   BDQ where the LLM achieved its best performance by placing the correct answer in that
   position." So the headline **κ = κ(p*)** with ``p* = argmax_p p_o(p)`` (ties: the split with the
   larger p_e, i.e. the more conservative κ). **Min contamination** = ``min_p κ(p)`` over the
   non-preferred positions, **max contamination** = ``max_p κ(p)`` over the BCQ splits (Table 7).
   Both are also given as raw BCQ accuracy, ``min_p p_o(p)`` and ``max_p p_o(p)``
   (``min_bcq_accuracy``, ``max_bcq_accuracy``): Table 7's Max values are all whole numbers and
   would need positional-bias rates p_e below 0.2 to be κ, so the paper's "Max Cont" is most
   likely raw BCQ accuracy; reports show both, labelled.
   Invalid answers stay in both denominators (they are not a choice of p). κ is None when a split
   has no items. κ may be negative (the model avoids the verbatim option).

Quiz replies must be exactly ``{"answer": "X"}`` with X one of A-E (one key, an upper-case
letter); surrounding whitespace and one enclosing Markdown code fence are tolerated, anything else
is an *invalid* answer: recorded with its reason and counted, never raised.

Files (all in the run directory; JSON Lines are appended and fsync'ed item by item)
----------------------------------------------------------------------------------
``meta.json``            model, dataset, perturbation source and seed of the run; a resumed run
                         must match (else :class:`ContaminationError`).
``perturbations.jsonl``  one :class:`PerturbationRecord` per instance (may live elsewhere and be
                         shared by runs of several models, see ``perturbations_path``).
``records.jsonl``        one :class:`QuizRecord` per quiz item (BDQ and each BCQ split).
``summary.json``         :func:`summarize`'s output (schema in ``taxlogic.cli.contamination``).

A re-run skips every item already in ``records.jsonl`` (same key and same options) and every
instance already in ``perturbations.jsonl``, so an interrupted run resumes where it stopped and a
crash loses at most the item in flight (a half-written last line is dropped). Records hold no
timestamps, so a resumed run writes the same files as an uninterrupted one.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import re
import threading
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, Literal, NamedTuple, Sequence

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage
from pydantic import BaseModel

from taxlogic.agent.llm import invoke
from taxlogic.eval.harness.concurrency import run_bounded
from taxlogic.eval.benchmarks.sara_plus.paraphrase import check_perturbation, perturbations as offline_paraphrases
from taxlogic.prompts import render

__all__ = [
    "CHANCE",
    "ContaminationError",
    "DATASET_NAME",
    "Instance",
    "NONE_OPTION",
    "POSITIONS",
    "PerturbationRecord",
    "QuizAnswer",
    "QuizItem",
    "QuizRecord",
    "SCHEMA",
    "bcq_item",
    "bdq_item",
    "format_instance",
    "instances_from_cases",
    "kappa",
    "llm_perturbations",
    "non_preferred_positions",
    "offline_perturbations",
    "parse_perturbation_reply",
    "parse_quiz_answer",
    "perturbation_messages",
    "positional_distribution",
    "quiz_messages",
    "run_contamination",
    "select_cases",
    "summarize",
]

SCHEMA = "taxlogic.contamination/1"
DATASET_NAME = "SARA"
LETTERS: tuple[str, ...] = ("A", "B", "C", "D", "E")
POSITIONS: tuple[str, ...] = ("A", "B", "C", "D")
NONE_OPTION = "E"
#: Chance level of picking one letter: the quiz has five options (A-E).
CHANCE = 1 / len(LETTERS)
K = 4  # perturbations per instance

#: Our retry turn after rejected perturbations (not in the paper; A.1.2 retries "silently").
RETRY_TEMPLATE = (
    "Your previous answer was rejected:\n{problems}\n\n"
    "Return FOUR new perturbations of the same Input Text, as ONLY valid JSON with the same "
    "structure, following every rule above (word-for-word synonym swaps of ordinary words only; "
    "keep names, numbers, dates, years, section references, negations, terms of art, labels, "
    "punctuation and whitespace exactly)."
)


class ContaminationError(ValueError):
    """A user-facing problem with a contamination run (e.g. resuming with another model)."""


# ------------------------------------------------------------------------------------ instances


@dataclass(frozen=True)
class Instance:
    """One quiz instance: a SARA case formatted as in A.1.1. ``kind`` names the quiz's split."""

    id: str
    kind: str
    text: str
    split: str | None = None

    @property
    def sha(self) -> str:
        return _sha(self.text)


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def format_instance(case: Any) -> str:
    """``Text: ...\\nQuestion: ...\\nAnswer: ...`` for a :class:`~taxlogic.kb.sara.data.cases.Case`.

    The answer is the label for entailment cases and the dollar amount as SARA writes it
    (``$8710``: a dollar sign and digits, no separators) for numeric cases.
    """
    if case.kind == "numeric":
        value = int(case.expected)
        answer = f"-${-value}" if value < 0 else f"${value}"
    else:
        answer = str(case.expected)
    return f"Text: {case.text.strip()}\nQuestion: {case.question.strip()}\nAnswer: {answer}"


def instances_from_cases(cases: Iterable[Any]) -> list[Instance]:
    return [Instance(c.id, c.kind, format_instance(c), getattr(c, "split", None)) for c in cases]


def select_cases(cases: Sequence[Any], limit: int = 0, seed: int = 0) -> list[Any]:
    """All ``cases`` (``limit`` <= 0), else a seeded random sample of ``limit`` of them; sorted by id."""
    pool = sorted(cases, key=lambda c: c.id)
    if limit and limit < len(pool):
        pool = sorted(random.Random(f"taxlogic-dcq-sample:{seed}").sample(pool, limit), key=lambda c: c.id)
    return pool


# -------------------------------------------------------------------------------- perturbations


class PerturbationRecord(BaseModel):
    """One line of ``perturbations.jsonl``: an instance's four perturbations, or why it was skipped."""

    instance: str
    original_sha: str
    source: str  # "offline" or "llm:<model>"
    seed: int | None = None  # offline only
    perturbations: list[str] | None = None
    skipped: str | None = None
    attempts: int = 0
    rejected: list[str] = []
    input_tokens: int = 0
    output_tokens: int = 0


def perturbation_messages(original: str) -> list[BaseMessage]:
    """The A.1.2 system and user messages for ``original``."""
    return [SystemMessage(render("perturb_system")), HumanMessage(render("perturb_user", text=original))]


_FENCE = re.compile(r"^```[A-Za-z]*[ \t]*\n?(.*?)\n?[ \t]*```$", re.S)


def _strict_json(text: str) -> Any:
    """``text`` as JSON: whitespace and one enclosing Markdown code fence allowed, nothing else;
    duplicate keys rejected. Raises ValueError."""
    s = text.strip()
    m = _FENCE.match(s)
    if m:
        s = m.group(1).strip()

    def no_dupes(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        keys = [k for k, _ in pairs]
        if len(keys) != len(set(keys)):
            raise ValueError(f"duplicate key {next(k for k in keys if keys.count(k) > 1)!r}")
        return dict(pairs)

    try:
        return json.loads(s, object_pairs_hook=no_dupes)
    except json.JSONDecodeError as exc:
        raise ValueError(f"not valid JSON ({exc.msg} at line {exc.lineno} column {exc.colno})") from None


def parse_perturbation_reply(text: str, k: int = K) -> list[str]:
    """The perturbed texts of an A.1.2 reply, parsed strictly.

    The reply must be a JSON object with exactly the key ``perturbations``: a list of exactly
    ``k`` objects, each with exactly the keys ``text`` (a string) and ``changes`` (a list of
    strings). Raises ValueError naming the first violation.
    """
    obj = _strict_json(text)
    if not isinstance(obj, dict) or set(obj) != {"perturbations"}:
        raise ValueError("expected a JSON object with exactly the key 'perturbations'")
    items = obj["perturbations"]
    if not isinstance(items, list) or len(items) != k:
        raise ValueError(f"'perturbations' must be a list of exactly {k} objects")
    out = []
    for n, item in enumerate(items, start=1):
        if not isinstance(item, dict) or set(item) != {"text", "changes"}:
            raise ValueError(f"perturbation {n} must be an object with exactly the keys 'text' and 'changes'")
        if not isinstance(item["text"], str):
            raise ValueError(f"perturbation {n}: 'text' must be a string")
        if not isinstance(item["changes"], list) or not all(isinstance(c, str) for c in item["changes"]):
            raise ValueError(f"perturbation {n}: 'changes' must be a list of strings")
        out.append(item["text"])
    return out


def llm_perturbations(
    model: BaseChatModel,
    instance: Instance,
    *,
    source: str | None = None,
    k: int = K,
    tries: int = 3,
    max_retries: int = 4,
    invoke_kwargs: dict[str, Any] | None = None,
) -> PerturbationRecord:
    """Ask ``model`` for ``k`` perturbations of ``instance`` with the A.1.2 prompt.

    Each reply is parsed with :func:`parse_perturbation_reply`; each perturbation is checked
    with :func:`check_perturbation` and must differ from the original and from those already
    accepted. Accepted perturbations accumulate over up to ``tries`` calls; after a call that
    leaves fewer than ``k``, the conversation continues with the model's reply and a retry turn
    listing the problems (:data:`RETRY_TEMPLATE`). Returns a record with ``k`` perturbations, or
    with ``skipped`` set. LLM errors (:class:`~taxlogic.agent.llm.LLMError`) propagate.
    """
    original = instance.text
    messages: list[BaseMessage] = perturbation_messages(original)
    accepted: list[str] = []
    rejected: list[str] = []
    tokens_in = tokens_out = 0
    attempts = 0
    last_problem = ""
    for attempt in range(1, max(1, tries) + 1):
        attempts = attempt
        reply = invoke(model, messages, max_retries=max_retries, **(invoke_kwargs or {}))
        tokens_in += reply.input_tokens
        tokens_out += reply.output_tokens
        problems: list[str] = []
        try:
            texts = parse_perturbation_reply(reply.text, k)
        except ValueError as exc:
            problems.append(f"the reply is not in the required JSON format: {exc}")
            texts = []
        for n, text in enumerate(texts, start=1):
            found = check_perturbation(original, text)
            if not found and text in accepted:
                found = ["duplicates an earlier perturbation"]
            if found:
                problems.append(f"perturbation {n}: " + "; ".join(found))
            elif len(accepted) < k:
                accepted.append(text)
        rejected.extend(f"attempt {attempt}: {p}" for p in problems)
        if len(accepted) >= k:
            break
        last_problem = problems[0] if problems else "too few distinct perturbations"
        messages = messages + [
            AIMessage(reply.text),
            HumanMessage(RETRY_TEMPLATE.format(problems="\n".join(f"- {p}" for p in problems)
                                               or "- too few distinct perturbations")),
        ]
    src = source or f"llm:{_model_name(model)}"
    if len(accepted) < k:
        return PerturbationRecord(
            instance=instance.id, original_sha=instance.sha, source=src, attempts=attempts,
            skipped=f"only {len(accepted)} of {k} acceptable perturbations after {attempts} call(s); last problem: {last_problem}",
            rejected=rejected, input_tokens=tokens_in, output_tokens=tokens_out,
        )
    return PerturbationRecord(
        instance=instance.id, original_sha=instance.sha, source=src, perturbations=accepted[:k],
        attempts=attempts, rejected=rejected, input_tokens=tokens_in, output_tokens=tokens_out,
    )


def offline_perturbations(instance: Instance, seed: int = 0, k: int = K) -> PerturbationRecord:
    """``k`` perturbations from the offline paraphraser; the random stream depends only on
    ``seed`` and the instance id (not on which other instances are run)."""
    rng = random.Random(f"taxlogic-dcq:{seed}:{instance.id}")
    found = offline_paraphrases(instance.text, rng, k)
    if found is None:
        return PerturbationRecord(instance=instance.id, original_sha=instance.sha, source="offline", seed=seed,
                                  skipped=f"the offline paraphraser cannot make {k} distinct perturbations", attempts=1)
    return PerturbationRecord(instance=instance.id, original_sha=instance.sha, source="offline", seed=seed,
                              perturbations=found, attempts=1)


def _model_name(model: Any) -> str:
    for attr in ("model_name", "model"):
        value = getattr(model, attr, None)
        if isinstance(value, str) and value:
            return value
    return type(model).__name__


# ----------------------------------------------------------------------------------------- quiz


class QuizItem(NamedTuple):
    """One quiz question. ``position`` is None for BDQ, the verbatim option's letter for BCQ."""

    quiz: Literal["bdq", "bcq"]
    position: str | None
    instance: Instance
    options: tuple[str, str, str, str]
    correct: str

    @property
    def key(self) -> str:
        return f"{self.quiz}:{self.position or '-'}:{self.instance.id}"

    @property
    def options_sha(self) -> str:
        return _sha("\x1e".join(self.options))


def bdq_item(instance: Instance, perts: Sequence[str]) -> QuizItem:
    """The BDQ item: the four perturbations as A-D; the right answer is E."""
    if len(perts) != K:
        raise ValueError(f"BDQ needs {K} perturbations, got {len(perts)}")
    return QuizItem("bdq", None, instance, tuple(perts), NONE_OPTION)  # type: ignore[arg-type]


def bcq_item(instance: Instance, perts: Sequence[str], position: str) -> QuizItem:
    """The BCQ item of split ``position``: the perturbation there replaced by the verbatim instance."""
    if len(perts) != K:
        raise ValueError(f"BCQ needs {K} perturbations, got {len(perts)}")
    if position not in POSITIONS:
        raise ValueError(f"position must be one of {', '.join(POSITIONS)}, not {position!r}")
    options = list(perts)
    options[POSITIONS.index(position)] = instance.text
    return QuizItem("bcq", position, instance, tuple(options), position)  # type: ignore[arg-type]


def quiz_messages(options: Sequence[str], split_name: str, dataset_name: str = DATASET_NAME) -> list[BaseMessage]:
    """The A.1.1 system and user messages for four options (E is fixed in the template)."""
    if len(options) != K:
        raise ValueError(f"the quiz has {K} options before E, got {len(options)}")
    a, b, c, d = options
    return [
        SystemMessage(render("quiz_system", split_name=split_name, dataset_name=dataset_name)),
        HumanMessage(render("quiz_user", option_a=a, option_b=b, option_c=c, option_d=d)),
    ]


class QuizAnswer(NamedTuple):
    """A parsed quiz reply: exactly one of ``letter`` and ``invalid`` is set."""

    letter: str | None
    invalid: str | None


def parse_quiz_answer(text: str) -> QuizAnswer:
    """Parse ``{"answer": "X"}`` strictly (X one of A-E); never raises.

    Tolerated: surrounding whitespace, one enclosing Markdown code fence. Everything else - prose,
    lower-case letters, ``"A)"``, extra keys, several objects - is invalid, with the reason.
    """
    if not isinstance(text, str) or not text.strip():
        return QuizAnswer(None, "empty reply")
    try:
        obj = _strict_json(text)
    except ValueError as exc:
        return QuizAnswer(None, str(exc))
    if not isinstance(obj, dict):
        return QuizAnswer(None, "the reply is not a JSON object")
    if set(obj) != {"answer"}:
        return QuizAnswer(None, f"expected exactly the key 'answer', got {sorted(obj)}")
    value = obj["answer"]
    if not isinstance(value, str):
        return QuizAnswer(None, f"'answer' must be a string, got {type(value).__name__}")
    if value not in LETTERS:
        return QuizAnswer(None, f"'answer' must be one of A, B, C, D, E; got {value[:20]!r}")
    return QuizAnswer(value, None)


class QuizRecord(BaseModel):
    """One line of ``records.jsonl``: a quiz item and the model's answer."""

    key: str
    quiz: Literal["bdq", "bcq"]
    position: str | None
    instance: str
    kind: str
    split: str | None
    options_sha: str
    correct: str
    answer: str | None
    invalid: str | None = None
    reply: str
    input_tokens: int = 0
    output_tokens: int = 0


def answer_item(model: BaseChatModel, item: QuizItem, *, max_retries: int = 4,
                dataset_name: str = DATASET_NAME, invoke_kwargs: dict[str, Any] | None = None) -> QuizRecord:
    """Ask ``model`` one quiz item (A.1.1 prompt); an unparseable reply becomes an invalid record."""
    reply = invoke(model, quiz_messages(item.options, item.instance.kind, dataset_name),
                   max_retries=max_retries, **(invoke_kwargs or {}))
    parsed = parse_quiz_answer(reply.text)
    return QuizRecord(
        key=item.key, quiz=item.quiz, position=item.position, instance=item.instance.id,
        kind=item.instance.kind, split=item.instance.split, options_sha=item.options_sha,
        correct=item.correct, answer=parsed.letter, invalid=parsed.invalid, reply=reply.text[:500],
        input_tokens=reply.input_tokens, output_tokens=reply.output_tokens,
    )


# ----------------------------------------------------------------------------------- statistics


def positional_distribution(answers: Iterable[str | None]) -> dict[str, Any]:
    """Counts and shares of A-E and ``invalid`` (None) over ``answers``; shares are None if empty."""
    answers = list(answers)
    counts = Counter("invalid" if a is None else a for a in answers)
    keys = list(LETTERS) + ["invalid"]
    n = len(answers)
    return {
        "n": n,
        "counts": {k: counts.get(k, 0) for k in keys},
        "shares": {k: (counts.get(k, 0) / n if n else None) for k in keys},
    }


def non_preferred_positions(shares: dict[str, float | None], chance: float = CHANCE) -> tuple[list[str], str]:
    """The positions A-D chosen with probability below ``chance``, and the rule used.

    Returns ``(positions, "below_chance")``; if none is below chance, the least chosen position(s)
    of A-D and ``"least_preferred"``; ``([], "no_bdq")`` when there is no BDQ answer.
    """
    vals = {p: shares.get(p) for p in POSITIONS}
    if any(v is None for v in vals.values()):
        return [], "no_bdq"
    below = [p for p in POSITIONS if vals[p] < chance]  # type: ignore[operator]
    if below:
        return below, "below_chance"
    low = min(vals.values())  # type: ignore[type-var]
    return [p for p in POSITIONS if vals[p] == low], "least_preferred"


def kappa(p_o: float | None, p_e: float | None) -> float | None:
    """Cohen's kappa ``(p_o - p_e) / (1 - p_e)``; None if undefined (missing value or p_e = 1)."""
    if p_o is None or p_e is None or p_e >= 1:
        return None
    return (p_o - p_e) / (1 - p_e)


def summarize(
    instances: Sequence[Instance],
    perturbations: dict[str, PerturbationRecord],
    records: dict[str, QuizRecord],
    *,
    meta: dict[str, Any] | None = None,
    chance: float = CHANCE,
) -> dict[str, Any]:
    """The run's summary (the ``summary.json`` schema) over ``instances``."""
    perturbed = [i for i in instances if (p := perturbations.get(i.id)) is not None and p.perturbations]
    skipped = [i for i in instances if (p := perturbations.get(i.id)) is not None and not p.perturbations]
    pending = [i for i in instances if i.id not in perturbations]
    reasons = Counter((perturbations[i.id].skipped or "").split(";")[0] for i in skipped)

    bdq = [r for i in perturbed if (r := records.get(f"bdq:-:{i.id}")) is not None]
    dist = positional_distribution(r.answer for r in bdq)
    bdq_complete = len(bdq) == len(perturbed)
    positions, rule = non_preferred_positions(dist["shares"], chance) if bdq else ([], "no_bdq")

    splits = []
    for p in positions:
        rs = [r for i in perturbed if (r := records.get(f"bcq:{p}:{i.id}")) is not None]
        n = len(rs)
        correct = sum(r.answer == p for r in rs)
        p_o = correct / n if n else None
        p_e = dist["shares"][p]
        splits.append({
            "position": p, "n": n, "correct": correct, "p_o": p_o, "p_e": p_e, "kappa": kappa(p_o, p_e),
            "invalid": sum(r.answer is None for r in rs),
            "answers": positional_distribution(r.answer for r in rs)["counts"],
            "complete": n == len(perturbed),
        })
    scored = [s for s in splits if s["kappa"] is not None]
    best = max(scored, key=lambda s: (s["p_o"], s["p_e"])) if scored else None
    kappas = [s["kappa"] for s in scored]
    accs = [s["p_o"] for s in splits if s["p_o"] is not None]
    quiz_records = bdq + [r for i in perturbed for p in positions if (r := records.get(f"bcq:{p}:{i.id}"))]
    bcq_invalid = sum(s["invalid"] for s in splits)
    pert_used = [perturbations[i.id] for i in instances if i.id in perturbations]
    complete = not pending and bdq_complete and all(s["complete"] for s in splits)
    return {
        "schema": SCHEMA,
        **(meta or {}),
        "instances": len(instances),
        "quizzed": len(perturbed),
        "skipped": len(skipped),
        "skipped_reasons": dict(reasons),
        "pending": len(pending),
        "chance": chance,
        "bdq": {
            "n": dist["n"],
            "counts": dist["counts"],
            "distribution": dist["shares"],
            "non_preferred": positions,
            "non_preferred_rule": rule,
            "complete": bdq_complete,
        },
        "bcq": splits,
        "best_position": best["position"] if best else None,
        "p_o": best["p_o"] if best else None,
        "p_e": best["p_e"] if best else None,
        "kappa": best["kappa"] if best else None,
        "min_contamination": min(kappas) if kappas else None,
        "max_contamination": max(kappas) if kappas else None,
        "min_bcq_accuracy": min(accs) if accs else None,
        "max_bcq_accuracy": max(accs) if accs else None,
        "invalid_answers": {"bdq": dist["counts"]["invalid"], "bcq": bcq_invalid,
                            "total": dist["counts"]["invalid"] + bcq_invalid},
        "tokens": {
            "quiz": {"input": sum(r.input_tokens for r in quiz_records),
                     "output": sum(r.output_tokens for r in quiz_records)},
            "perturbation": {"input": sum(p.input_tokens for p in pert_used),
                             "output": sum(p.output_tokens for p in pert_used)},
        },
        "complete": complete,
    }


# ---------------------------------------------------------------------------------------- files


def _read_jsonl(path: Path) -> Iterator[dict[str, Any]]:
    """The records of a JSON Lines file; a half-written last line (crash) is cut off the file."""
    if not path.exists():
        return
    data = path.read_bytes()
    if data and not data.endswith(b"\n"):
        cut = data.rfind(b"\n") + 1
        with open(path, "r+b") as fh:
            fh.truncate(cut)
        data = data[:cut]
    for line in data.decode("utf-8").splitlines():
        if line.strip():
            try:
                yield json.loads(line)
            except json.JSONDecodeError:
                continue


class _Appender:
    """Append JSON lines durably (flush + fsync per line), from any thread."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.lock = threading.Lock()
        path.parent.mkdir(parents=True, exist_ok=True)

    def write(self, record: BaseModel) -> None:
        line = record.model_dump_json() + "\n"
        with self.lock, open(self.path, "a", encoding="utf-8") as fh:
            fh.write(line)
            fh.flush()
            os.fsync(fh.fileno())


def _load_perturbations(path: Path) -> list[PerturbationRecord]:
    out = []
    for obj in _read_jsonl(path):
        try:
            out.append(PerturbationRecord.model_validate(obj))
        except ValueError:
            continue
    return out


def _load_records(path: Path) -> dict[str, QuizRecord]:
    out: dict[str, QuizRecord] = {}
    for obj in _read_jsonl(path):
        try:
            rec = QuizRecord.model_validate(obj)
        except ValueError:
            continue
        out[rec.key] = rec  # a later record of the same key wins
    return out


def _check_meta(path: Path, meta: dict[str, Any]) -> None:
    identity = {k: meta[k] for k in ("model", "dataset", "perturber", "seed")}
    if path.exists():
        old = json.loads(path.read_text(encoding="utf-8"))
        diff = [f"{k} {old.get(k)!r} (now {v!r})" for k, v in identity.items() if old.get(k) != v]
        if diff:
            raise ContaminationError(
                f"{path.parent} holds a contamination run with {', '.join(diff)}; "
                "resume with the same settings or choose another output directory"
            )
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps({"schema": SCHEMA, **identity}, indent=2) + "\n", encoding="utf-8")
    tmp.replace(path)


def _write_json(path: Path, data: Any) -> None:
    tmp = path.with_suffix(path.suffix + ".tmp")
    tmp.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    tmp.replace(path)


# --------------------------------------------------------------------------------------- runner

Progress = Callable[[str, int, int], None]


def run_contamination(
    model: BaseChatModel,
    instances: Sequence[Instance],
    out_dir: Path | str,
    *,
    model_name: str | None = None,
    perturber: BaseChatModel | None = None,
    perturber_name: str | None = None,
    perturbations_path: Path | str | None = None,
    seed: int = 0,
    tries: int = 3,
    max_retries: int = 4,
    concurrency: int = 1,
    dataset: str = "sara",
    dataset_name: str = DATASET_NAME,
    progress: Progress | None = None,
    extra_meta: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Run (or resume) the contamination quiz of ``model`` on ``instances`` into ``out_dir``.

    ``perturber`` is the chat model that writes perturbations (A.1.2); None means no LLM is
    configured and the offline paraphraser is used. Phases: perturbations -> BDQ -> BCQ for each
    non-preferred position; each finished unit is appended to its JSON Lines file at once and
    skipped by a later run. ``progress(phase, done, total)`` is called with phase ``"perturb"``,
    ``"bdq"`` or ``"bcq"``. Returns the summary (also written to ``out_dir/summary.json``), with
    ``seconds``, the wall time of this call.

    Raises :class:`ContaminationError` if ``out_dir`` holds a run with another model, dataset,
    perturbation source or seed; LLM errors propagate (what finished is kept).
    """
    t0 = time.perf_counter()
    out = Path(out_dir)
    model_name = model_name or _model_name(model)
    source = "offline" if perturber is None else f"llm:{perturber_name or _model_name(perturber)}"
    meta = {"model": model_name, "dataset": dataset, "perturber": source, "seed": seed}
    _check_meta(out / "meta.json", meta)
    p_path = Path(perturbations_path) if perturbations_path else out / "perturbations.jsonl"
    r_path = out / "records.jsonl"
    report = progress or (lambda phase, done, total: None)

    # 1. perturbations (cached by instance, text and source)
    def p_key(instance_id: str, sha: str) -> tuple[str, str, str, int | None]:
        return (instance_id, sha, source, seed if perturber is None else None)

    cached = {p_key(p.instance, p.original_sha): p for p in _load_perturbations(p_path)}
    perts: dict[str, PerturbationRecord] = {}
    todo = []
    for inst in instances:
        hit = cached.get(p_key(inst.id, inst.sha))
        if hit is not None:
            perts[inst.id] = hit
        else:
            todo.append(inst)
    p_out = _Appender(p_path)
    report("perturb", len(perts), len(instances))

    def make(inst: Instance) -> PerturbationRecord:
        if perturber is None:
            return offline_perturbations(inst, seed)
        return llm_perturbations(perturber, inst, source=source, tries=tries, max_retries=max_retries)

    def got_perts(inst: Instance, rec: PerturbationRecord) -> None:
        p_out.write(rec)
        perts[inst.id] = rec
        report("perturb", len(perts), len(instances))

    run_bounded(todo, make, got_perts, concurrency if perturber is not None else 1)

    # 2./4. quiz phases
    records = _load_records(r_path)
    r_out = _Appender(r_path)
    quizzed = [i for i in instances if perts[i.id].perturbations]

    def ask(item: QuizItem) -> QuizRecord:
        return answer_item(model, item, max_retries=max_retries, dataset_name=dataset_name)

    def run_phase(phase: str, items: list[QuizItem]) -> None:
        pending = [it for it in items if not ((r := records.get(it.key)) and r.options_sha == it.options_sha)]
        finished = len(items) - len(pending)
        report(phase, finished, len(items))

        def got(item: QuizItem, rec: QuizRecord) -> None:
            nonlocal finished
            r_out.write(rec)
            records[rec.key] = rec
            finished += 1
            report(phase, finished, len(items))

        run_bounded(pending, ask, got, concurrency)

    run_phase("bdq", [bdq_item(i, perts[i.id].perturbations or []) for i in quizzed])
    bdq_answers = [records[f"bdq:-:{i.id}"].answer for i in quizzed]
    positions, _ = non_preferred_positions(positional_distribution(bdq_answers)["shares"])
    run_phase("bcq", [bcq_item(i, perts[i.id].perturbations or [], p) for p in positions for i in quizzed])

    summary = summarize(instances, perts, records, meta={**meta, **(extra_meta or {})})
    summary["seconds"] = round(time.perf_counter() - t0, 3)
    _write_json(out / "summary.json", summary)
    return summary
