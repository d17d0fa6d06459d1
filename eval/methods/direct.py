"""The direct (implicit) legal QA baseline of the paper's appendix A.1.3: messages in, parse out.

The model sees the statutes' text, the case and the question (or claim) and answers in JSON
(``reasoning``, ``final_answer``, ``confidence``). This module builds the two messages and parses
the reply; the caller invokes the model, so nothing here does I/O except :func:`statute_text`.

Parsing is tolerant of what real models emit and strict about the answer itself:

- the JSON object may sit in a ```json fence or among prose; ``<think>...</think>`` blocks are
  ignored; trailing commas are forgiven; keys are matched case-insensitively (``Final Answer`` ->
  ``final_answer``). If several objects carry a final answer, the last one is taken (models
  restate their answer at the end);
- numeric answers may be JSON numbers or strings such as ``"1,234"``, ``"$1,234"``, ``"$1,234.50"``,
  ``"-$12"``, ``"1234 dollars"``; they are rounded half up to whole dollars, as the prompt
  instructs ("0.5 rounds up": ``floor(x + 0.5)``, computed exactly on the decimal text);
- entailment labels are matched case-insensitively as a whole word after trimming quotes and
  punctuation: ``entailment``/``entailed``/``entails`` -> Entailment,
  ``contradiction``/``contradicted``/``contradicts`` -> Contradiction;
- anything else (no JSON object, no ``final_answer``, ``null``, booleans, ``"about 1200"``,
  ``"1200-1300"``, ``"Yes"``, NaN, ...) gives an invalid parse with a reason; parsing never raises.
"""

from __future__ import annotations

import ast
import json
import math
import re
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any

from langchain_core.messages import BaseMessage, HumanMessage, SystemMessage
from pydantic import BaseModel, Field, model_validator

from taxlogic.core import Kind, Label, round_half_up
from taxlogic.prompts import render


#: SARA's statute sections in the order :func:`statute_text` concatenates them.
STATUTE_ORDER: tuple[str, ...] = ("1", "2", "63", "68", "151", "152", "3301", "3306", "7703")

__all__ = [
    "DirectAnswer",
    "DirectParse",
    "STATUTE_ORDER",
    "direct_messages",
    "parse_direct_answer",
    "round_half_up",
    "statute_text",
]


class DirectAnswer(BaseModel):
    """The reply schema the A.1.3 prompts ask for (usable as a structured-output schema)."""

    reasoning: str
    final_answer: int | Label
    confidence: float = Field(ge=0.0, le=1.0)


class DirectParse(BaseModel):
    """A parsed direct reply: exactly one of ``answer`` (whole dollars or a label) and
    ``invalid_reason`` is set. ``reasoning``/``confidence`` are kept when present and well
    formed (a missing or out-of-range confidence does not make the answer invalid)."""

    answer: int | Label | None = None
    invalid_reason: str | None = None
    reasoning: str | None = None
    confidence: float | None = None

    @model_validator(mode="after")
    def _one_of(self) -> "DirectParse":
        if (self.answer is None) == (self.invalid_reason is None):
            raise ValueError("exactly one of answer and invalid_reason must be set")
        return self

    @property
    def valid(self) -> bool:
        return self.answer is not None


# ------------------------------------------------------------------------------------ messages


def statute_text(source_dir: Path) -> str:
    """SARA's statutes as one text: ``statutes/source/section<N>`` for N in
    :data:`STATUTE_ORDER`, each stripped of surrounding blank lines, separated by a blank line.
    Raises FileNotFoundError naming the missing file."""
    source_dir = Path(source_dir)
    parts = []
    for n in STATUTE_ORDER:
        f = source_dir / f"section{n}"
        if not f.is_file():
            raise FileNotFoundError(f"statute source file missing: {f}")
        parts.append(f.read_text(encoding="utf-8").strip("\n"))
    return "\n\n".join(parts)


def direct_messages(case_text: str, question: str, kind: Kind, statute_text: str) -> list[BaseMessage]:
    """[system, user] messages of appendix A.1.3 for one case (statute first, then case and
    question, so the statute prefix can be cached). ``question`` is the claim for entailment."""
    if kind not in ("entailment", "numeric"):
        raise ValueError(f"kind must be 'entailment' or 'numeric', not {kind!r}")
    user = render(f"direct_user_{kind}", statute_text=statute_text.strip("\n"),
                  case_text=case_text.strip(), question=question.strip())
    return [SystemMessage(content=render("direct_system")), HumanMessage(content=user)]


# ------------------------------------------------------------------------------------- parsing


_THINK = re.compile(r"<think(?:ing)?>.*?(?:</think(?:ing)?>|\Z)", re.S | re.I)
_TRAILING_COMMA = re.compile(r",(\s*[}\]])")
_AMOUNT = re.compile(
    r"^(?P<s1>[-+])?\s*(?:\$|usd\s*)?\s*(?P<s2>[-+])?\s*"
    r"(?P<int>\d{1,3}(?:,\d{3})+|\d+)(?P<frac>\.\d+)?"
    r"\s*(?:dollars?|usd)?$",
    re.I,
)
_ENTAIL = {"entailment", "entailed", "entails", "entail"}
_CONTRA = {"contradiction", "contradicted", "contradicts", "contradict"}


def _norm_key(k: str) -> str:
    return re.sub(r"[\s\-]+", "_", k.strip().lower())


def _balanced_end(text: str, start: int) -> int | None:
    """Index just past the ``}`` closing the ``{`` at ``start`` (JSON strings respected), or None."""
    depth = 0
    in_str = False
    i = start
    while i < len(text):
        c = text[i]
        if in_str:
            if c == "\\":
                i += 1
            elif c == '"':
                in_str = False
        elif c == '"':
            in_str = True
        elif c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    return None


def _load_object(candidate: str) -> dict[str, Any] | None:
    attempts = (
        lambda: json.loads(candidate),
        lambda: json.loads(_TRAILING_COMMA.sub(r"\1", candidate)),
        lambda: ast.literal_eval(candidate),  # Python-style dict: {'final_answer': 12}
    )
    for attempt in attempts:
        try:
            obj = attempt()
        except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
            continue
        if isinstance(obj, dict):
            return obj
    return None


def _json_objects(text: str) -> list[dict[str, Any]]:
    """Every outermost JSON object in ``text`` (inside fences or prose), in order."""
    found: list[dict[str, Any]] = []
    i = text.find("{")
    while i != -1:
        end = _balanced_end(text, i)
        obj = _load_object(text[i:end]) if end is not None else None
        if obj is not None:
            found.append(obj)
            i = text.find("{", end)
        else:
            i = text.find("{", i + 1)
    return found


def _has_answer(obj: dict[str, Any]) -> bool:
    return "final_answer" in {_norm_key(k) for k in obj if isinstance(k, str)}


def _pick(objs: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The last object with a ``final_answer`` key; failing that, the last such object nested
    one level down (``{"response": {"final_answer": ...}}``)."""
    top = [o for o in objs if _has_answer(o)]
    if top:
        return top[-1]
    nested = [v for o in objs for v in o.values() if isinstance(v, dict) and _has_answer(v)]
    return nested[-1] if nested else None


def _numeric(value: Any) -> tuple[int | None, str | None]:
    if isinstance(value, bool):
        return None, f"final_answer is a boolean ({value!r}), not a number"
    if isinstance(value, int):
        return value, None
    if isinstance(value, float):
        if not math.isfinite(value):
            return None, f"final_answer is not a finite number ({value!r})"
        return round_half_up(value), None
    if isinstance(value, str):
        s = value.strip().strip("\"'`").strip().rstrip(".").strip()
        m = _AMOUNT.match(s)
        if not m or (m.group("s1") and m.group("s2")):
            return None, f"final_answer is not a number: {value!r}"
        sign = "-" if "-" in ((m.group("s1") or "") + (m.group("s2") or "")) else ""
        digits = m.group("int").replace(",", "") + (m.group("frac") or "")
        try:
            return round_half_up(Decimal(sign + digits)), None
        except (InvalidOperation, ValueError):
            return None, f"final_answer is not a number: {value!r}"
    if value is None:
        return None, "final_answer is null"
    return None, f"final_answer is a {type(value).__name__}, not a number: {value!r}"


def _label(value: Any) -> tuple[Label | None, str | None]:
    if not isinstance(value, str):
        what = "null" if value is None else f"a {type(value).__name__} ({value!r})"
        return None, f"final_answer is {what}, not 'Entailment' or 'Contradiction'"
    s = value.strip().strip("\"'`*.!:;,()[] \t\n").lower()
    if s in _ENTAIL:
        return "Entailment", None
    if s in _CONTRA:
        return "Contradiction", None
    return None, f"final_answer is not 'Entailment' or 'Contradiction': {value!r}"


def parse_direct_answer(text: str, kind: Kind) -> DirectParse:
    """Parse a model's reply to the A.1.3 prompt for ``kind``. Never raises: a reply that does
    not yield an answer gives ``DirectParse(invalid_reason=...)`` (see the module docstring)."""
    try:
        if kind not in ("entailment", "numeric"):
            return DirectParse(invalid_reason=f"unknown kind {kind!r}")
        if not isinstance(text, str):
            return DirectParse(invalid_reason=f"reply is {type(text).__name__}, not text")
        body = _THINK.sub("", text).strip()
        if not body:
            return DirectParse(invalid_reason="empty reply")
        objs = _json_objects(body)
        if not objs:
            return DirectParse(invalid_reason="no JSON object in the reply")
        obj = _pick(objs)
        if obj is None:
            return DirectParse(invalid_reason="JSON object has no 'final_answer' field")
        fields = {_norm_key(k): v for k, v in obj.items() if isinstance(k, str)}
        value = fields["final_answer"]
        answer, reason = _numeric(value) if kind == "numeric" else _label(value)
        reasoning = fields.get("reasoning")
        reasoning = reasoning if isinstance(reasoning, str) else None
        confidence = _confidence(fields.get("confidence"))
        if answer is None:
            return DirectParse(invalid_reason=reason, reasoning=reasoning, confidence=confidence)
        return DirectParse(answer=answer, reasoning=reasoning, confidence=confidence)
    except Exception as exc:  # pragma: no cover - defensive: parsing must never raise
        return DirectParse(invalid_reason=f"unparseable reply ({type(exc).__name__}: {exc})")


def _confidence(value: Any) -> float | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, str):
        s = value.strip().rstrip("%")
        try:
            value = float(s) / (100 if value.strip().endswith("%") else 1)
        except ValueError:
            return None
    if isinstance(value, (int, float)) and math.isfinite(value) and 0.0 <= value <= 1.0:
        return float(value)
    return None
