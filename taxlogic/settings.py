"""Settings for taxlogic, read from the environment (prefix ``TAXLOGIC_``) and an optional ``.env`` file.

Every knob that depends on the machine or the user (data directory, LLM endpoint, limits) lives
here; code never hard-codes an endpoint, a model or a key.
"""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path

from pydantic import Field, ValidationError, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict


def _default_data_dir() -> Path:
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "taxlogic"


def _default_cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "taxlogic"


class Settings(BaseSettings):
    """All of taxlogic's configuration.

    Environment variables: ``TAXLOGIC_<FIELD>`` (e.g. ``TAXLOGIC_DATA_DIR``,
    ``TAXLOGIC_LLM_BASE_URL``). ``OPENAI_API_KEY`` is also accepted for the key.
    """

    model_config = SettingsConfigDict(env_prefix="TAXLOGIC_", env_file=".env", extra="ignore")

    data_dir: Path = Field(default_factory=_default_data_dir, description="Where `taxlogic data install` puts SARA.")
    cache_dir: Path = Field(default_factory=_default_cache_dir, description="LLM response cache and other caches.")

    # Prolog engine
    workers: int = Field(default_factory=lambda: os.cpu_count() or 1, ge=0,
                         description="Prolog worker processes; 0 means one per core (as `--workers 0`).")
    time_limit: float = Field(30.0, gt=0, description=(
        "Per-query CPU time limit inside Prolog, seconds: a safety net against a runaway only (a job whose "
        "inference budget takes longer gets more); the inference limit decides (taxlogic.tools.limits)."))
    inference_limit: int = Field(200_000_000, gt=0, description=(
        "Per-query inference budget inside Prolog: the limit that decides whether a query finishes, the same on "
        "any machine under any load (taxlogic.tools.limits.QUERY_INFERENCES, measured on the gold programs)."))
    wall_limit: float = Field(60.0, gt=0, description=(
        "Hard wall-clock limit per query enforced by the parent, seconds (at least twice the CPU limit): a safety net."))
    timezone: str = Field("America/New_York", description="TZ for Prolog workers (SARA's date arithmetic needs a US zone).")

    # LLM endpoint (any OpenAI-compatible server)
    llm_base_url: str = Field("http://127.0.0.1:8765/v1", description="OpenAI-compatible base URL.")
    llm_api_key: str = Field("", description="API key; falls back to OPENAI_API_KEY, then 'sk-no-key'.")
    llm_model: str = Field("smollm2-135m", description="Model name sent to the endpoint.")
    quiz_perturb_model: str | None = Field(
        None, description="Model that writes the contamination quiz's perturbations for every quizzed model "
                          "(paper §4: one fixed model); None: llm_model.")
    llm_temperature: float = Field(0.0, ge=0)
    llm_max_tokens: int = Field(1024, gt=0, description="Max output tokens per call.")
    llm_timeout: float = Field(120.0, gt=0, description="Per-request client timeout, seconds.")
    llm_max_retries: int = Field(4, ge=0, description="Retries on transient failures (connection, 429, 5xx).")
    llm_cache: bool = Field(True, description="Cache LLM responses on disk (SQLite).")
    llm_max_consecutive_failures: int = Field(
        3, ge=1, description="A batch command (eval run, contamination, paraphrases) stops after this many "
        "consecutive LLM calls failed after their retries (endpoint down, timeouts, 5xx, auth); resuming continues.")
    llm_requests_per_minute: float = Field(
        0, ge=0, description="Cap on LLM requests per minute across all threads of a process (0: no cap).")

    # embedded server (`taxlogic llm serve`)
    serve_host: str = "127.0.0.1"
    serve_port: int = 8765
    serve_ctx: int = Field(32768, description="Context of the embedded server, tokens: direct QA holds all SARA statutes (~8k), RuleArena prompts reach ~25k.")
    serve_threads: int = Field(
        default_factory=lambda: os.cpu_count() or 1, gt=0,
        description="CPU threads of the embedded server, for generation and prompt evaluation alike.",
    )
    serve_flash_attn: bool = Field(
        True,
        description="Flash attention in the embedded server: on 2 CPU cores it evaluates a 7k-token prompt "
        "~1.5x faster (bench/llm_prompt_speed.py); same model, same greedy decoding.",
    )

    @field_validator("workers")
    @classmethod
    def _zero_is_one_per_core(cls, v: int) -> int:
        return v or os.cpu_count() or 1

    def api_key(self) -> str:
        return self.llm_api_key or os.environ.get("OPENAI_API_KEY", "") or "sk-no-key"


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    """The process-wide settings (read once)."""
    return Settings()


def describe_error(exc: ValidationError) -> str:
    """One line naming each bad variable and why, e.g. "TAXLOGIC_WORKERS='abc': Input should be a
    valid integer, unable to parse string as an integer"."""
    parts = []
    for err in exc.errors():
        name = "TAXLOGIC_" + "_".join(str(p) for p in err.get("loc", ())).upper()
        value = err.get("input")
        shown = "" if isinstance(value, dict) or value is None else f"={str(value)!r}"
        parts.append(f"{name}{shown}: {err.get('msg', 'invalid')}")
    return "invalid setting: " + "; ".join(parts)
