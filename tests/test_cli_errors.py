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


def _spawned_workers(parent: int) -> list[int]:
    """Pids of the multiprocessing-spawned children of ``parent`` (the engine's Prolog workers)."""
    pids = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            ppid = int(stat.read_text().rsplit(")", 1)[1].split()[1])
            if ppid == parent and b"spawn_main" in (stat.parent / "cmdline").read_bytes():
                pids.append(int(stat.parent.name))
        except (OSError, ValueError, IndexError):
            continue  # the process ended meanwhile
    return pids


@pytest.mark.parametrize("workers_seen", [1, 2])
def test_ctrl_c_while_the_workers_start_is_one_line_and_130(workers_seen, sara_data_dir):
    """Ctrl-C (SIGINT to the whole process group, as a terminal sends it) as soon as the engine's
    workers exist, i.e. while they start (interpreter start-up, imports, loading the KB): no
    traceback from them or the parent, the interrupted line, exit 130, and no worker left behind.
    Event-driven (SIGINT when the workers appear), no timing figure asserted."""
    import signal
    import time

    proc = subprocess.Popen([str(BIN), "eval", "gold", "--split", "test", "--workers", "2"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, start_new_session=True)
    seen: list[int] = []
    deadline = time.monotonic() + 120
    while len(seen) < workers_seen and proc.poll() is None and time.monotonic() < deadline:
        seen = _spawned_workers(proc.pid)
        time.sleep(0.005)
    assert len(seen) >= workers_seen, "the engine's workers never started"
    os.killpg(proc.pid, signal.SIGINT)
    out, err = proc.communicate(timeout=120)
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err
    assert proc.returncode == 130, (proc.returncode, out, err)
    assert "interrupted after 0 of 120 cases" in out, out + err
    for pid in seen:  # the parent closed them (or they saw their pipe close)
        for _ in range(200):
            if not Path(f"/proc/{pid}").exists() or "Z" in Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1][:3]:
                break
            time.sleep(0.05)
        else:
            raise AssertionError(f"worker {pid} still running after the command ended")


def test_ctrl_c_in_any_command_is_one_line_and_130(monkeypatch, sara_data_dir):
    """typer alone ends a command interrupted by Ctrl-C with exit 130 and says nothing; the root
    group says "interrupted"."""
    from taxlogic.cli import app

    def interrupted(*_a, **_k):
        raise KeyboardInterrupt

    monkeypatch.setattr("taxlogic.kb.sara.data.cases.get_case", interrupted)
    res = CliRunner().invoke(app, ["run", "--case", "tax_case_1"])
    assert res.exit_code == 130, res.output
    assert res.output.strip() == "interrupted"
