"""Bad input a newcomer can give: one line on stderr, a non-zero exit, never a traceback.
Settings from the environment are checked at start-up, on every command."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

BIN = Path(sys.executable).with_name("taxlogic")


def cli(*args, env=None, cwd=None):
    """Run the installed console script (a real process: settings read fresh, real exit code)."""
    return subprocess.run([str(BIN), *args], capture_output=True, text=True, env={**os.environ, **(env or {})},
                          cwd=cwd, timeout=300)


def one_line_error(res, *needles):
    assert res.returncode != 0, res.stdout + res.stderr
    assert "Traceback" not in res.stdout + res.stderr
    lines = [l for l in res.stderr.splitlines() if l.strip()]
    assert len(lines) == 1 and lines[0].startswith("error:"), res.stderr
    for n in needles:
        assert n in lines[0], lines[0]


@pytest.mark.parametrize("var, value", [("TAXLOGIC_WORKERS", "abc"), ("TAXLOGIC_WORKERS", "-1"),
                                        ("TAXLOGIC_LLM_TIMEOUT", "abc")])
def test_bad_setting_is_named_on_any_command(var, value):
    one_line_error(cli("llm", "status", env={var: value}), var, repr(value))


def test_bad_setting_inside_eval_run(tmp_path, sara_data_dir):
    res = cli("eval", "run", "--method", "gold", "--limit", "1", "--out", str(tmp_path / "r"),
              env={"TAXLOGIC_WORKERS": "abc"})
    one_line_error(res, "TAXLOGIC_WORKERS")
    assert not (tmp_path / "r").exists()


def test_workers_zero_means_one_per_core_as_on_the_command_line(monkeypatch):
    from taxlogic.settings import Settings

    monkeypatch.setenv("TAXLOGIC_WORKERS", "0")
    assert Settings().workers == (os.cpu_count() or 1)


@pytest.mark.parametrize("args, needle", [
    (["eval", "gold", "--task", "nosuch"], "unknown task 'nosuch'"),
    (["eval", "gold", "--split", "nosuch"], "unknown split 'nosuch'"),
    (["inspect", "--case", "tax_case_1", "--facts", "."], "Is a directory"),
])
def test_bad_filters_and_paths(args, needle, sara_data_dir):
    one_line_error(cli(*args), needle)


def test_eval_run_unknown_task_creates_no_run_folder(tmp_path, sara_data_dir):
    one_line_error(cli("eval", "run", "--method", "gold", "--task", "nosuch", cwd=tmp_path), "unknown task")
    assert not (tmp_path / "runs").exists()


def test_empty_facts_file_is_an_error(tmp_path, sara_data_dir):
    (tmp_path / "empty.pl").write_text("\n")
    one_line_error(cli("run", "--case", "tax_case_1", "--facts", str(tmp_path / "empty.pl")), "empty")


def test_negative_workers_is_refused(sara_data_dir):
    res = cli("eval", "gold", "--workers", "-3")
    assert res.returncode == 2 and "Traceback" not in res.stderr and "--workers" in res.stderr


@pytest.fixture
def unwritable(monkeypatch):
    """Writing anywhere under a folder named ``locked`` fails as on a read-only folder (tests run as
    root, where chmod does not stop writes)."""
    real_mkdir, real_open = Path.mkdir, open

    def mkdir(self, *a, **k):
        if "locked" in self.parts:
            raise PermissionError(13, "Permission denied", str(self))
        return real_mkdir(self, *a, **k)

    def fake_open(file, mode="r", *a, **k):
        if "locked" in Path(str(file)).parts and any(c in mode for c in "wax"):
            raise PermissionError(13, "Permission denied", str(file))
        return real_open(file, mode, *a, **k)

    monkeypatch.setattr(Path, "mkdir", mkdir)
    monkeypatch.setattr("builtins.open", fake_open)


@pytest.mark.parametrize("args", [
    ["eval", "run", "--method", "gold", "--limit", "1", "--out", "locked/run"],
    ["solve", "--case", "tax_case_1", "--trace", "locked/trace.jsonl", "--budget", "0"],
])
def test_permission_errors_are_one_line(args, unwritable, sara_data_dir):
    from taxlogic.cli import app

    res = CliRunner().invoke(app, args)
    assert res.exit_code == 1 and res.exc_info[0] is SystemExit, res.output
    assert "locked" in res.output and "Permission denied" in res.output and "Traceback" not in res.output


def test_eval_report_to_unwritable_out(tmp_path, unwritable, sara_data_dir):
    from taxlogic.cli import app

    run = tmp_path / "run"
    assert CliRunner().invoke(app, ["eval", "run", "--method", "gold", "--limit", "2", "--out", str(run)]).exit_code == 0
    res = CliRunner().invoke(app, ["eval", "report", str(run), "--out", "locked/report"])
    assert res.exit_code == 1 and res.exc_info[0] is SystemExit, res.output
    assert "Permission denied" in res.output


def test_run_extended_with_a_larger_limit_and_conflicts_in_words(tmp_path, sara_data_dir):
    from taxlogic.cli import app

    run = str(tmp_path / "run")
    assert CliRunner().invoke(app, ["eval", "run", "--method", "gold", "--limit", "2", "--out", run]).exit_code == 0
    res = CliRunner().invoke(app, ["eval", "run", "--method", "gold", "--limit", "4", "--out", run, "--json"])
    assert res.exit_code == 0, res.output
    assert '"cases": 4' in res.output
    res = CliRunner().invoke(app, ["eval", "run", "--method", "gold", "--limit", "4", "--split", "train", "--out", run])
    assert res.exit_code == 1 and "split test (now train)" in res.output and "{" not in res.output
