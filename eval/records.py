"""Evaluation logs as data: a run folder holds ``run.json`` (what was run) and ``records.jsonl``
(one :class:`CaseRecord` per finished case, appended as it finishes).

A run is resumable: re-running the same command skips the cases already in ``records.jsonl``,
so a crash or Ctrl-C loses at most the cases in flight. One process writes a run folder at a
time (an exclusive ``flock`` on ``.lock``); within a process, records are written whole, one
line per ``write`` under a lock, so concurrent cases never mix or duplicate records. A partial
last line left by a killed process is ignored (and rewritten when that case is run again).
"""

from __future__ import annotations

import fcntl
import json
import threading
from pathlib import Path
from typing import Any, Iterator

from pydantic import BaseModel, Field


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
    anchors: bool | None = None  # agent: anchored translation (None: not the agent, or a run before anchors)


class CaseRecord(BaseModel):
    """One evaluated case. ``prediction``: label or whole dollars, None if abstained or invalid.
    ``correct``: entailment label match or numeric exact match (whole dollars). RuleArena records
    have ``kind`` = the domain (airline, tax, nba), ``gold`` its answer (int, float, bool) and
    ``correct`` by RuleArena's own check (:mod:`taxlogic.eval.rulearena`)."""

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
    seconds: float = 0.0
    errors: list[str] = Field(default_factory=list)
    facts: str | None = None
    details: dict[str, Any] = Field(default_factory=dict)


class RunLockedError(RuntimeError):
    """Another process is writing to this run folder."""


class RunStore:
    """The files of one run folder. Use as a context manager (holds the folder's lock)."""

    def __init__(self, out: Path, config: RunConfig):
        self.out, self.config = Path(out), config
        self.records_path = self.out / "records.jsonl"
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
            if old != self.config:
                diff = {k: (getattr(old, k), getattr(self.config, k)) for k in RunConfig.model_fields
                        if getattr(old, k) != getattr(self.config, k)}
                raise ValueError(f"{self.out} holds a run with other settings {diff}; use another --out")
        else:
            cfg_path.write_text(self.config.model_dump_json(indent=2) + "\n")
        self._repair_tail()
        return self

    def __exit__(self, *exc) -> None:
        if self._lockfile:
            fcntl.flock(self._lockfile, fcntl.LOCK_UN)
            self._lockfile.close()

    def _repair_tail(self) -> None:
        """Drop a partial last line (a write cut short by a kill)."""
        if not self.records_path.is_file():
            return
        data = self.records_path.read_bytes()
        if data and not data.endswith(b"\n"):
            self.records_path.write_bytes(data[: data.rfind(b"\n") + 1])

    def done_ids(self) -> set[str]:
        return {r.case_id for r in read_records(self.out)}

    def append(self, record: CaseRecord) -> None:
        line = record.model_dump_json() + "\n"
        with self._lock, open(self.records_path, "a", encoding="utf-8") as fh:
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


def dump(obj: Any) -> str:
    return json.dumps(obj, indent=2, default=str)
