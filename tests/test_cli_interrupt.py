"""Ctrl-C while Python imports the CLI (typer, rich, pydantic and every command: most of the first
second of any ``taxlogic`` command) ends it as a later Ctrl-C does: one line "interrupted", exit
130, no traceback. Event-driven: SIGINT is sent when the child reports that it is importing the
app, never after a delay; no timing figure is asserted."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

BIN = Path(sys.executable).with_name("taxlogic")

# The console script's own entry, with the import of typer (the app's first heavy import) held
# until SIGINT comes: the child says "loading" and waits inside that import.
LAUNCHER = r"""
import importlib.abc, sys, time

class HoldTyper(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name == "typer":
            sys.meta_path.remove(self)
            print("loading", flush=True)
            while True:  # until SIGINT, however late it comes
                time.sleep(3600)
        return None

sys.meta_path.insert(0, HoldTyper())
from taxlogic.cli import main
sys.argv = ["taxlogic", "--help"]
main()
"""


def test_ctrl_c_while_the_app_is_imported_is_one_line_and_130(tmp_path):
    launcher = tmp_path / "launch.py"
    launcher.write_text(LAUNCHER)
    proc = subprocess.Popen([sys.executable, str(launcher)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)
    try:
        assert proc.stdout.readline().strip() == "loading"
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=300)
        assert "Traceback" not in err and "KeyboardInterrupt" not in err, err
        assert proc.returncode == 130, (proc.returncode, out, err)
        assert err.strip() == "interrupted" and out == "", (out, err)
    finally:
        if proc.poll() is None:
            proc.kill()


def test_ctrl_c_in_the_console_script_once_typer_is_loaded(sara_data_dir):
    """The installed ``taxlogic`` script, SIGINT as soon as Python reports typer imported (the
    app is still loading; PYTHONPROFILEIMPORTTIME lists each import as it completes). The
    command (inspect reading facts from an open standard input) cannot end on its own first."""
    env = {**os.environ, "PYTHONPROFILEIMPORTTIME": "1"}
    proc = subprocess.Popen([str(BIN), "inspect", "--case", "tax_case_1", "--facts", "-"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        for line in proc.stderr:
            if line.startswith("import time:") and line.rsplit("|", 1)[-1].strip() == "typer":
                break
        else:
            raise AssertionError("typer was never imported")
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=300)
        err = "".join(line for line in err.splitlines(keepends=True) if not line.startswith("import time:"))
        assert "Traceback" not in err and "KeyboardInterrupt" not in err, err
        assert proc.returncode == 130, (proc.returncode, out, err)
        assert err.strip() == "interrupted", err
    finally:
        if proc.poll() is None:
            proc.kill()
