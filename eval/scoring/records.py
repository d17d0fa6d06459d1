"""Evaluation logs as data: a run folder holds ``run.json`` (what was run), ``records.jsonl``
(one :class:`CaseRecord` per finished case, appended as it finishes) and ``errors.jsonl`` (one
:class:`ErroredCase` per case the LLM endpoint failed on: errored, not a result).

A run is resumable: re-running the same command skips the cases already in ``records.jsonl``,
so a crash or Ctrl-C loses at most the cases in flight; errored cases are not in
``records.jsonl``, so they are redone. One process writes a run folder at a
time (an exclusive ``flock`` on ``.lock``); within a process, records are written whole, one
line per ``write`` under a lock, so concurrent cases never mix or duplicate records. A partial
last line left by a killed process is ignored (and rewritten when that case is run again).
"""

from __future__ import annotations

import fcntl
import threading
from pathlib import Path
from typing import Any, Iterator

from pydantic import BaseModel, Field

from taxlogic.eval.scoring.transcript import Transcript


class RunConfig(BaseModel):
    """What a run evaluates; a resumed run must have the same config."""

    method: str
    dataset: str
    split: str
    task: str
    model: str | None = None
    budget: int | None = None
    samples: int | None = None
    exemplars: int | None = None
    limit: int | None = None
    shots: int | None = None  # RuleArena: 0 or 1 (None for SARA, keeping older run folders valid)
    explain: bool | None = None  # records hold explanations (``eval run --explain``)
    protocol: str | None = None  # ``eval run --protocol`` (None: default, keeping older run folders valid)
    holdout: str | None = None  # ``--holdout paper``: held-out cases left out and used as exemplars
    held_out: list[str] | None = None  # their ids (the hold-out rule may change: a folder resumes only with the same set)
    query_in_prompt: bool | None = None  # False: the translator did not see the query (paper A.1.4/A.1.5)
    anchors: bool | None = None  # agent: anchored translation (None: not the agent, or a run before anchors)
    problems: str | None = None  # RuleArena ``--problems FILE``: a user's own problems (None: RuleArena's)
    release: str | None = None  # the data release evaluated ("SARA (2020 release)", "SARA v2"; None: a run before releases were recorded)


class CaseRecord(BaseModel):
    """One evaluated case. ``prediction``: label or whole dollars, None if abstained or invalid.
    ``correct``: entailment label match or numeric exact match (whole dollars). RuleArena records
    have ``kind`` = the domain (airline, tax, nba), ``gold`` its answer (int, float, bool) and
    ``correct`` by RuleArena's own check (:mod:`taxlogic.eval.benchmarks.rulearena.data`)."""

    case_id: str
    dataset: str
    split: str
    kind: str
    rules: str = "r"
    method: str
    model: str | None = None
    gold: str | int | float | bool
    prediction: str | int | float | bool | None = None
    correct: bool = False
    abstained: bool = False
    invalid: bool = False
    reason: str | None = None
    rounds: int = 0
    input_tokens: int = 0
    output_tokens: int = 0
    cached_tokens: int | None = None  # prompt tokens served from the endpoint's cache (None: not reported)
    seconds: float = 0.0
    errors: list[str] = Field(default_factory=list)
    facts: str | None = None
    details: dict[str, Any] = Field(default_factory=dict)
    transcript: Transcript | None = None  # agent runs: rounds (facts, issues, outcome) and trace
    explanation: dict[str, Any] | None = None  # ``eval run --explain``: a taxlogic.tools.explain.Explanation
    # wall seconds of the case by span (taxlogic.spans: llm, engine_wait, engine, the nodes, graph,
    # slot_wait); they add up to the case's time in the runner; empty in runs before spans
    spans: dict[str, float] = Field(default_factory=dict)
    span_cpu: dict[str, float] = Field(default_factory=dict)  # the case thread's CPU seconds by span
    # CPU seconds of the case by phase (taxlogic.spans.PHASES: validation, engine, grounding, omission
    # candidates, explanation, other), where spent: {"python": {phase: s}, "prolog": {phase: s}}
    phase_cpu: dict[str, dict[str, float]] = Field(default_factory=dict)


class ErroredCase(BaseModel):
    """A case the method could not finish because the LLM endpoint failed (after retries):
    neither an answer nor an abstention; redone when the run is resumed. ``error``: the one-line
    message, naming the endpoint."""

    case_id: str
    kind: str
    error: str


class RunLockedError(RuntimeError):
    """Another process is writing to this run folder."""


class RunStore:
    """The files of one run folder. Use as a context manager (holds the folder's lock)."""

    def __init__(self, out: Path, config: RunConfig):
        self.out, self.config = Path(out), config
        self.records_path = self.out / "records.jsonl"
        self.errors_path = self.out / "errors.jsonl"
        self._lock = threading.Lock()
        self._lockfile = None

    def __enter__(self) -> "RunStore":
        self.out.mkdir(parents=True, exist_ok=True)
        self._lockfile = open(self.out / ".lock", "w")
        try:
            fcntl.flock(self._lockfile, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            self._lockfile.close()
            raise RunLockedError(f"another taxlogic process is writing to {self.out}; wait for it or use another --out") from None
        cfg_path = self.out / "run.json"
        if cfg_path.is_file():
            old = RunConfig.model_validate_json(cfg_path.read_text())
            diff = [k for k in RunConfig.model_fields if k != "limit" and getattr(old, k) != getattr(self.config, k)
                    and not (k == "release" and old.release is None)]  # a folder from before releases were recorded
            if diff:
                said = ", ".join(f"{k} {getattr(old, k)} (now {getattr(self.config, k)})" for k in diff)
                raise ValueError(f"{self.out} holds a run with other settings: {said}; use the same settings to "
                                 "resume it, or another --out")
            # a run is extended (or resumed in part) with another --limit: its records stay valid
            limits = (old.limit, self.config.limit)
            self.config = self.config.model_copy(update={"limit": None if None in limits else max(limits)})
        cfg_path.write_text(self.config.model_dump_json(indent=2) + "\n")
        self._repair_tail()
        return self

    def __exit__(self, *exc) -> None:
        if self._lockfile:
            fcntl.flock(self._lockfile, fcntl.LOCK_UN)
            self._lockfile.close()

    def _repair_tail(self) -> None:
        """Drop a partial last line (a write cut short by a kill)."""
        for path in (self.records_path, self.errors_path):
            if path.is_file():
                data = path.read_bytes()
                if data and not data.endswith(b"\n"):
                    path.write_bytes(data[: data.rfind(b"\n") + 1])

    def done_ids(self) -> set[str]:
        return {r.case_id for r in read_records(self.out)}

    def append(self, record: CaseRecord) -> None:
        self._write(self.records_path, record.model_dump_json() + "\n")

    def append_error(self, errored: ErroredCase) -> None:
        """Log a case the endpoint failed on (``errors.jsonl``); it stays to be done."""
        self._write(self.errors_path, errored.model_dump_json() + "\n")

    def _write(self, path: Path, line: str) -> None:
        with self._lock, open(path, "a", encoding="utf-8") as fh:
            fh.write(line)
            fh.flush()


def read_records(out: Path) -> list[CaseRecord]:
    """All complete records of a run folder, first occurrence of each case id."""
    path = Path(out) / "records.jsonl"
    if not path.is_file():
        return []
    seen, records = set(), []
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            rec = CaseRecord.model_validate_json(line)
        except ValueError:
            continue  # a partial line from an interrupted write
        if rec.case_id not in seen:
            seen.add(rec.case_id)
            records.append(rec)
    return records


def read_errored(out: Path) -> list[ErroredCase]:
    """The cases of a run folder still errored: logged in ``errors.jsonl`` (latest entry per case)
    and not finished since (no record in ``records.jsonl``)."""
    path = Path(out) / "errors.jsonl"
    if not path.is_file():
        return []
    done = {r.case_id for r in read_records(out)}
    latest: dict[str, ErroredCase] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            e = ErroredCase.model_validate_json(line)
        except ValueError:
            continue  # a partial line from an interrupted write
        latest[e.case_id] = e
    return [e for cid, e in latest.items() if cid not in done]


def read_config(out: Path) -> RunConfig:
    path = Path(out) / "run.json"
    if not path.is_file():
        raise FileNotFoundError(f"{out} is not a run folder (no run.json)")
    return RunConfig.model_validate_json(path.read_text())


def iter_run_dirs(paths: list[Path]) -> Iterator[Path]:
    """Run folders among ``paths`` (a folder of runs is expanded to its run sub-folders)."""
    for p in paths:
        p = Path(p)
        if (p / "run.json").is_file():
            yield p
        elif p.is_dir():
            yield from sorted(q for q in p.iterdir() if (q / "run.json").is_file())
        elif not p.exists():
            raise FileNotFoundError(f"{p}: no such run folder")
