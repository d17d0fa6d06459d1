"""Shared fixtures: SARA installed in a data directory, and one Prolog engine per session.

SARA comes from the configured data directory when installed there, else it is installed into a
temporary one from ``TAXLOGIC_SARA_SOURCE`` or ``../shared/sara`` beside the checkout.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]

# The suite never reads or writes the user's caches (LLM response cache, server pid files): a
# scripted model's replies cached under ~/.cache/taxlogic would answer a later real run.
os.environ["TAXLOGIC_CACHE_DIR"] = tempfile.mkdtemp(prefix="taxlogic-test-cache-")

# rich's Console fixes its width from COLUMNS when it is made, and the CLI's two consoles are made
# when taxlogic.cli.common is first imported: made inside a test that runs the CLI with COLUMNS=80,
# every later test of that process printed at 80 columns whatever width it set (found when the
# suite ran in two processes, another order). Made here, with no COLUMNS, they read the width each
# test's CliRunner(env={"COLUMNS": ...}) sets.
for _name in ("COLUMNS", "LINES"):
    os.environ.pop(_name, None)
import taxlogic.cli.common  # noqa: E402,F401  (the consoles, made now)


def _ensure_sara(tmp_root: Path) -> Path:
    from taxlogic.kb.sara.data.install import INSTALL_RECORD, install, sara_paths
    from taxlogic.settings import get_settings

    get_settings.cache_clear()
    if (sara_paths().root / INSTALL_RECORD).is_file():
        return get_settings().data_dir
    source = os.environ.get("TAXLOGIC_SARA_SOURCE") or str(REPO.parent / "shared" / "sara")
    if not Path(source).exists():
        pytest.skip(f"SARA is not installed and no source at {source}")
    data_dir = tmp_root / "data"
    install(source, data_dir)
    os.environ["TAXLOGIC_DATA_DIR"] = str(data_dir)
    get_settings.cache_clear()
    return data_dir


@pytest.fixture(scope="session")
def sara_data_dir(tmp_path_factory) -> Path:
    """A data directory with SARA (2020 release) installed (env TAXLOGIC_DATA_DIR points at it)."""
    return _ensure_sara(tmp_path_factory.mktemp("sara"))


@pytest.fixture(scope="session")
def rules(sara_data_dir):
    from taxlogic.kb.sara.data.install import sara_rules

    return sara_rules()


@pytest.fixture(scope="session")
def engine(rules):
    """A two-worker engine on SARA's statutes, shared by the session."""
    from taxlogic.tools.engine import Engine

    with Engine(rules, workers=2) as e:
        yield e


@pytest.fixture
def ctx_for(engine, rules, request):
    """``ctx_for(model, **overrides)``: an AgentContext on the shared engine with a scripted
    ``model``, no retry waits. Defaults: budget 3, one retry, the paper's prompts (scripted
    translations carry no anchors); a test module changes them with ``CTX_DEFAULTS = {...}``."""
    from tenacity import wait_none

    from taxlogic.agent.context import AgentContext

    defaults = {"budget": 3, "llm_retries": 1, "anchors": False, **getattr(request.module, "CTX_DEFAULTS", {})}

    def make(model, **overrides):
        return AgentContext(model=model, engine=engine, rules=rules, llm_wait=wait_none(), **{**defaults, **overrides})
    return make


@pytest.fixture(scope="session")
def rulearena_data(sara_data_dir):
    """RuleArena's root (installed, or ``../shared/rulearena`` beside the checkout); the test is
    skipped when there is none."""
    from taxlogic.eval.benchmarks.rulearena.data import rulearena_root
    from taxlogic.kb.datafiles import DataError

    try:
        return rulearena_root()
    except DataError:
        pytest.skip("RuleArena is not installed")


@pytest.fixture(scope="session")
def rulearena_gold_run(rulearena_data):
    """``make(domain, out, limit=2)``: a gold ``eval run`` on the first level-0 problems of a
    RuleArena domain into the folder ``out``; returns ``out``."""
    from typer.testing import CliRunner

    from taxlogic.cli import app

    def make(domain: str, out: Path, limit: int = 2) -> Path:
        res = CliRunner().invoke(app, ["eval", "run", "--method", "gold", "--dataset", f"rulearena-{domain}", "--split",
                                       "level0", "--limit", str(limit), "--out", str(out), "--workers", "1", "--json"])
        assert res.exit_code == 0, res.output
        return out

    return make


def v2_source() -> Path:
    """Where SARA v2's files are installed from: ``TAXLOGIC_SARA_V2_SOURCE`` or ``../shared/sara_v2``."""
    return Path(os.environ.get("TAXLOGIC_SARA_V2_SOURCE") or REPO.parent / "shared" / "sara_v2")


@pytest.fixture(scope="session")
def v2_data_dir(sara_data_dir):
    """The session's data directory with SARA v2 installed beside SARA (2020 release)."""
    from taxlogic.kb.sara.data.v2 import install_record, install_v2

    if install_record(sara_data_dir) is None:
        if not v2_source().exists():
            pytest.skip(f"SARA v2 is not installed and no source at {v2_source()}")
        install_v2(str(v2_source()), sara_data_dir)
    return sara_data_dir


def deonticbench_source() -> Path:
    """Where DeonticBench is installed from: ``TAXLOGIC_DEONTICBENCH_SOURCE`` or ``../shared/deonticbench``."""
    return Path(os.environ.get("TAXLOGIC_DEONTICBENCH_SOURCE") or REPO.parent / "shared" / "deonticbench")


@pytest.fixture(scope="session")
def deontic_data_dir(sara_data_dir):
    """The session's data directory with DeonticBench installed beside SARA; skipped without a source."""
    from taxlogic.kb.statutes.data import install, install_record

    if install_record(sara_data_dir) is None:
        if not deonticbench_source().exists():
            pytest.skip(f"DeonticBench is not installed and no source at {deonticbench_source()}")
        install(str(deonticbench_source()), sara_data_dir)
    return sara_data_dir


@pytest.fixture
def program_env(monkeypatch, tmp_path, deontic_data_dir):
    """``use(endpoint)``: point the settings at a :class:`ProgramEndpoint` (or any test endpoint
    with a ``base_url``) with DeonticBench installed, no LLM cache, no retry, one worker."""
    from taxlogic.settings import get_settings

    def use(ep) -> None:
        for k, v in {"LLM_BASE_URL": ep.base_url, "LLM_CACHE": "0", "LLM_MAX_RETRIES": "0", "WORKERS": "1",
                     "CACHE_DIR": str(tmp_path / "cache"), "DATA_DIR": str(deontic_data_dir)}.items():
            monkeypatch.setenv(f"TAXLOGIC_{k}", v)
        get_settings.cache_clear()
    yield use
    get_settings.cache_clear()
