"""A headless Chromium for looking at the HTML report: its tests, its benchmark, its screenshot.

Uses the system's Chromium (Debian's ``chromium``, installed by ``scripts/system-deps.sh``) through
Playwright (the ``dev`` extra); Playwright's own browser download is never used. Each launch gets
a fresh profile in a temporary folder and no network features (no QUIC, sync, component updates
or background requests).
"""

from __future__ import annotations

import os
import shutil
import tempfile
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

#: Chromium's switches for a quiet, sandbox-free (containers run as root), offline headless run.
CHROMIUM_ARGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync")


def find_chromium() -> str | None:
    """The Chromium executable: ``TAXLOGIC_CHROMIUM`` if set, else ``chromium`` or
    ``chromium-browser`` on the PATH; None when there is none."""
    env = os.environ.get("TAXLOGIC_CHROMIUM")
    if env:
        return env if Path(env).is_file() else None
    return shutil.which("chromium") or shutil.which("chromium-browser")


@contextmanager
def browser_page(width: int = 1360, height: int = 900) -> Iterator:
    """A Playwright ``Page`` in a fresh headless Chromium profile (closed on exit). Raises
    RuntimeError when no Chromium is installed, ImportError when Playwright is missing."""
    from playwright.sync_api import sync_playwright

    exe = find_chromium()
    if exe is None:
        raise RuntimeError("no Chromium found: install Debian's chromium (scripts/system-deps.sh) or set TAXLOGIC_CHROMIUM")
    with tempfile.TemporaryDirectory(prefix="taxlogic-chromium-") as profile, sync_playwright() as pw:
        ctx = pw.chromium.launch_persistent_context(profile, executable_path=exe, headless=True, args=list(CHROMIUM_ARGS),
                                                    viewport={"width": width, "height": height})
        try:
            yield ctx.pages[0] if ctx.pages else ctx.new_page()
        finally:
            ctx.close()
