"""The command line: one-line errors, gold runs, facts files, data install."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from taxlogic.cli import app

runner = CliRunner()


def test_eval_gold_json_on_test_split(sara_data_dir):
    res = runner.invoke(app, ["eval", "gold", "--split", "test", "--json"])
    assert res.exit_code == 0, res.output
    summary = json.loads(res.stdout)
    assert summary["total"] == 120 and summary["correct"] == 120 and summary["failed"] == 0
    assert set(summary["errata"]) == {"cases/s3306_c_2_pos.pl", "cases/s3306_c_2_neg.pl"}


def test_run_gold_case(sara_data_dir):
    res = runner.invoke(app, ["run", "--case", "tax_case_83", "--json"])
    assert res.exit_code == 0, res.output
    out = json.loads(res.stdout)
    assert out["answer"] == 206073 and out["correct"] is True


@pytest.mark.parametrize("args", [
    ["run", "--case", "tax_case_1000"],
    ["explain", "--case", "tax_case_1000"],
    ["inspect", "--case", "tax_case_1000", "--gold"],
    ["solve", "--case", "tax_case_1000", "--translator", "gold"],
    ["solve", "--case", "tax_case_1000"],
    ["eval", "verifier", "--cases", "tax_case_1,tax_case_1000"],
])
def test_unknown_case_is_a_usage_error_in_one_line_with_suggestion(args, sara_data_dir):
    """An unknown case id is a wrong command line (README "Exit codes": 2), on every command
    that takes one, with close matches; never a traceback."""
    res = runner.invoke(app, args)
    assert res.exit_code == 2, res.output
    lines = [line for line in res.output.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: --case"), res.output
    assert "no SARA case 'tax_case_1000'" in lines[0] and "did you mean" in lines[0]
    assert "Traceback" not in res.output


def test_unknown_rulearena_tax_problem_is_a_usage_error():
    from taxlogic.eval.benchmarks.rulearena.data import DataError, load_rulearena

    try:
        load_rulearena("tax", 2)
    except DataError as exc:
        pytest.skip(str(exc))
    res = runner.invoke(app, ["explain", "--case", "tax-2-9999"])
    assert res.exit_code == 2, res.output
    assert res.output.strip() == "error: --case: no RuleArena tax problem tax-2-9999 (level 2 has 100)"


def test_bad_facts_file_is_rejected_and_nothing_runs(sara_data_dir, tmp_path):
    bad = tmp_path / "facts.pl"
    bad.write_text(':- shell("touch /tmp/taxlogic-should-not-exist").\nincome_(x).\nsalary_(x, 5).\n')
    res = runner.invoke(app, ["run", "--case", "tax_case_1", "--facts", str(bad)])
    assert res.exit_code == 1
    assert "line 1" in res.output and "line 3" in res.output and "nothing was run" in res.output
    import os

    assert not os.path.exists("/tmp/taxlogic-should-not-exist")


def test_good_facts_file_runs_untrusted(sara_data_dir, tmp_path):
    from taxlogic.kb.sara.data.cases import get_case

    facts = tmp_path / "facts.pl"
    facts.write_text(get_case("tax_case_1").gold_facts)
    res = runner.invoke(app, ["run", "--case", "tax_case_1", "--facts", str(facts), "--json"])
    assert res.exit_code == 0, res.output
    assert json.loads(res.stdout)["correct"] is True


def test_data_install_from_missing_path(tmp_path):
    res = runner.invoke(app, ["data", "install", "--from", str(tmp_path / "nope"), "--data-dir", str(tmp_path / "d")])
    assert res.exit_code == 2 and "no such file or folder" in res.output  # a wrong command line, nothing installed


def test_data_install_rejects_tampered_copy(tmp_path, sara_data_dir):
    import shutil

    from taxlogic.kb.sara.data.install import sara_paths

    src = tmp_path / "sara"
    shutil.copytree(sara_paths().root, src)
    (src / "cases" / "tax_case_1.pl").write_text("% tampered\n")
    res = runner.invoke(app, ["data", "install", "--from", str(src), "--data-dir", str(tmp_path / "d")])
    assert res.exit_code == 1 and "checksum mismatch: cases/tax_case_1.pl" in res.output
    assert not (tmp_path / "d" / "sara").exists()


def test_data_install_records_the_release(tmp_path):
    """INSTALL.json says which SARA this is: the original 2020 release, not SARA v2."""
    import os
    from pathlib import Path

    import pytest

    source = os.environ.get("TAXLOGIC_SARA_SOURCE") or str(Path(__file__).resolve().parents[2] / "shared" / "sara")
    if not Path(source).exists():
        pytest.skip(f"no SARA source at {source}")
    res = runner.invoke(app, ["data", "install", "--from", source, "--data-dir", str(tmp_path / "d"), "--json"])
    assert res.exit_code == 0, res.output
    record = json.loads((tmp_path / "d" / "sara" / "INSTALL.json").read_text())
    assert json.loads(res.stdout) == record
    assert record["release"] == "SARA (2020 release)"
    assert record["reference"] == "Holzenberger, Blair-Stanek and Van Durme 2020"
