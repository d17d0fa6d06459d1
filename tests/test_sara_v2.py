"""SARA v2 as a second release of the SARA domain: install with checksums beside the 2020 release,
case parsing, v2's own statutes under the engine (gold 100/100), and no mixing of the releases
(run folders, errata, rule sets)."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from taxlogic.cli import app

REPO = Path(__file__).resolve().parents[1]
runner = CliRunner()


def _v2_source() -> Path:
    return Path(os.environ.get("TAXLOGIC_SARA_V2_SOURCE") or REPO.parent / "shared" / "sara_v2")


@pytest.fixture(scope="session")
def v2_data_dir(sara_data_dir):
    """The session's data directory with SARA v2 installed beside SARA (2020 release)."""
    from taxlogic.kb.sara.v2 import install_record, install_v2

    if install_record(sara_data_dir) is None:
        if not _v2_source().exists():
            pytest.skip(f"SARA v2 is not installed and no source at {_v2_source()}")
        install_v2(str(_v2_source()), sara_data_dir)
    return sara_data_dir


def test_install_verifies_checksums_and_keeps_releases_apart(tmp_path):
    from taxlogic.kb.data import DataError
    from taxlogic.kb.sara.v2 import V2_RELEASE, install_v2, v2_manifest

    if not _v2_source().exists():
        pytest.skip("no SARA v2 source")
    manifest = v2_manifest()
    assert len([f for f in manifest if f.startswith("cases/")]) == 100
    assert "statutes/prolog/init.pl" in manifest and "statutes/source/section3306" in manifest
    record = install_v2(str(_v2_source()), tmp_path)
    assert record["release"] == V2_RELEASE and record["release_id"] == "v2" and record["files"] == len(manifest)
    assert json.loads((tmp_path / "sara_v2" / "INSTALL.json").read_text())["release"] == V2_RELEASE
    assert not (tmp_path / "sara").exists()  # its own folder: the 2020 release is not touched

    tampered = tmp_path / "copy"
    shutil.copytree(_v2_source(), tampered)
    (tampered / "cases" / "tax_case_5.pl").write_text("% Text\n")
    with pytest.raises(DataError, match="checksum mismatch: cases/tax_case_5.pl"):
        install_v2(str(tampered), tmp_path / "other")
    assert not (tmp_path / "other" / "sara_v2").exists()


def test_cli_install_and_info_show_both_releases(v2_data_dir):
    res = runner.invoke(app, ["data", "install", "--release", "v2", "--from", str(_v2_source()), "--json"])
    assert res.exit_code == 0, res.output
    assert json.loads(res.output)["release"] == "SARA v2"
    res = runner.invoke(app, ["data", "info", "--json"])
    assert res.exit_code == 0, res.output
    info = json.loads(res.output)
    assert info["releases"]["2020"]["cases"] == 376 and info["releases"]["v2"]["cases"] == 100
    assert info["releases"]["v2"]["root"].endswith("sara_v2") and info["root"].endswith("sara")
    res = runner.invoke(app, ["data", "install", "--release", "v3"])
    assert res.exit_code == 2


def test_v2_cases_parse_with_string_names(v2_data_dir):
    from taxlogic.kb.cases import get_case
    from taxlogic.kb.sara.v2 import get_v2_case, load_v2_cases

    cases = load_v2_cases()
    assert len(cases) == 100 and {c.kind for c in cases} == {"numeric"} and {c.rules for c in cases} == {"v2"}
    c5 = get_v2_case("tax_case_5")
    assert c5.person == '"Alice"' and c5.year == 2017 and c5.expected == 116066
    assert c5.value_query == 'tax("Alice",2017,Tax)' and 'agent_("gross income","Alice").' in c5.gold_facts
    old = get_case("tax_case_5")
    assert old.rules == "r" and old.gold_facts != c5.gold_facts  # same id, another program
    with pytest.raises(KeyError, match="SARA v2"):
        get_v2_case("s151_a_pos")


def test_gold_run_on_v2_is_100_of_100_and_records_the_release(v2_data_dir, tmp_path, monkeypatch):
    """Every SARA v2 gold program gives its own answer under v2's statutes and the engine's
    compatibility layer (tax_case_83 and _91 included: see kb/compat.pl), and the run folder says
    which release it evaluated."""
    monkeypatch.chdir(tmp_path)
    res = runner.invoke(app, ["eval", "run", "--method", "gold", "--dataset", "sara-v2", "--json"])
    assert res.exit_code == 0, res.output
    summary = json.loads(res.output)
    assert summary["cases"] == 100 and summary["correct"] == 100
    out = tmp_path / "runs" / "gold-sara-v2-all-all"  # the default folder names the dataset
    assert json.loads((out / "run.json").read_text())["release"] == "SARA v2"
    records = [json.loads(l) for l in (out / "records.jsonl").read_text().splitlines()]
    assert {r["dataset"] for r in records} == {"sara-v2"} and {r["rules"] for r in records} == {"v2"}
    res = runner.invoke(app, ["eval", "run", "--method", "gold", "--dataset", "sara", "--limit", "2", "--json"])
    assert res.exit_code == 0, res.output
    assert json.loads((tmp_path / "runs" / "gold-sara-test-all" / "run.json").read_text())["release"] == "SARA (2020 release)"


def test_v2_errata_never_come_from_the_2020_release(v2_data_dir):
    from taxlogic.eval.benchmarks import get_benchmark
    from taxlogic.eval.records import CaseRecord
    from taxlogic.kb.sara.errata import has_erratum

    rec = CaseRecord(case_id="tax_case_18", dataset="sara-v2", split="all", kind="numeric", rules="v2",
                     method="gold", gold=1)
    assert has_erratum(rec)  # the 2020 release documents one for its tax_case_18 …
    assert not get_benchmark("sara-v2").has_erratum(rec)  # … which says nothing about v2's


def test_unknown_split_of_v2_is_a_usage_error(v2_data_dir):
    res = runner.invoke(app, ["eval", "run", "--method", "gold", "--dataset", "sara-v2", "--split", "test"])
    assert res.exit_code == 2 and "one split, all" in res.output
