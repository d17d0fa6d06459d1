"""DeonticBench (Dou et al. 2026, arXiv 2604.04443) as data: install with checksums from a local
copy (the pinned repository's URL gives a clear error offline), the typed cases of every domain
and split, and the CLI's install and info."""

from __future__ import annotations

import json
import shutil

import pytest
from typer.testing import CliRunner

from conftest import deonticbench_source
from taxlogic.cli import app

runner = CliRunner()


@pytest.fixture(scope="module")
def source():
    if not deonticbench_source().exists():
        pytest.skip("no DeonticBench source")
    return deonticbench_source()


def test_install_verifies_every_file_and_refuses_a_changed_one(source, tmp_path):
    from taxlogic.kb.datafiles import DataError
    from taxlogic.kb.statutes.data import COMMIT, RELEASE, install, installed_root, manifest

    with pytest.raises(DataError, match="install-deonticbench"):
        installed_root(tmp_path)
    files = manifest()
    assert {f"data/{d}/{s}.json" for d in ("sara_numeric", "housing", "uscis-aao") for s in ("hard", "smoke")} <= set(files)
    assert "label_utils.py" in files and "prompts/dataset_prompts.py" in files
    record = install(str(source), tmp_path)
    assert record["release"] == RELEASE and record["commit"] == COMMIT and record["files"] == len(files)
    root = installed_root(tmp_path)
    assert root == tmp_path / "deonticbench" and (root / "INSTALL.json").is_file()
    assert not (root / "SOURCE").exists()  # exactly the pinned commit's files

    tampered = tmp_path / "copy"
    shutil.copytree(source, tampered)
    path = tampered / "data" / "housing" / "hard.json"
    path.write_text(path.read_text().replace('"label": "yes"', '"label": "no"', 1))
    with pytest.raises(DataError, match="checksum mismatch: data/housing/hard.json"):
        install(str(tampered), tmp_path / "other")
    assert not (tmp_path / "other" / "deonticbench").exists()


def test_the_public_repository_offline_is_a_clear_error(tmp_path, monkeypatch):
    import urllib.request

    from taxlogic.kb.datafiles import DataError
    from taxlogic.kb.statutes import data

    def offline(url, dest):
        raise OSError("no network")

    monkeypatch.setattr(urllib.request, "urlretrieve", offline)
    with pytest.raises(DataError, match=r"could not download https://github.com/guangyaodou/DeonticBench/archive/2b4e4ea1.*--from PATH"):
        data.install(None, tmp_path)
    assert not (tmp_path / "deonticbench").exists()


def test_cases_of_every_domain_are_typed(source, tmp_path):
    from taxlogic.kb.datafiles import DataError
    from taxlogic.kb.statutes.data import DOMAINS, case, cases, install, shared_statutes

    install(str(source), tmp_path)
    sizes = {d: len(cases(d, "hard", tmp_path)) for d in DOMAINS}
    raw = {d: len(json.loads((source / "data" / d / "hard.json").read_text())) for d in DOMAINS}
    assert sizes == raw
    for d in DOMAINS:
        smoke = cases(d, "smoke", tmp_path)
        assert len(smoke) == 5 and {c.split for c in smoke} == {"smoke"} and {c.domain for c in smoke} == {d}
        assert all(c.label and c.question and c.reference_prolog for c in smoke)
    housing = cases("housing", "hard", tmp_path)
    assert all(c.text == "" and c.statutes and c.state for c in housing)
    assert {c.label for c in housing} == {"yes", "no"}
    uscis = cases("uscis-aao", "hard", tmp_path)
    assert all(c.case_number and c.statutes and c.text for c in uscis)
    numeric = cases("sara_numeric", "hard", tmp_path)
    assert all(c.label.lstrip("-").isdigit() and c.statutes == "" for c in numeric)
    first = numeric[0]
    assert case(first.id, tmp_path) == first
    with pytest.raises(KeyError, match="did you mean"):
        case(first.id + "x", tmp_path)
    with pytest.raises(DataError, match="dataset hub"):
        cases("housing", "whole", tmp_path)
    with pytest.raises(ValueError, match="known: sara_numeric"):
        cases("tax", "hard", tmp_path)
    assert "section1" in shared_statutes("sara_numeric", tmp_path) and shared_statutes("housing", tmp_path) == {}


def test_cli_install_and_info(source, tmp_path):
    res = runner.invoke(app, ["data", "install-deonticbench", "--from", str(tmp_path / "nowhere")])
    assert res.exit_code == 2 and "no such file or folder" in res.output
    res = runner.invoke(app, ["data", "install-deonticbench", "--from", str(source), "--data-dir", str(tmp_path), "--json"])
    assert res.exit_code == 0, res.output
    assert json.loads(res.output)["repository"] == "guangyaodou/DeonticBench"
    res = runner.invoke(app, ["data", "install-deonticbench", "--from", str(source), "--data-dir", str(tmp_path)])
    assert res.exit_code == 0 and "already installed" in res.output


def test_data_info_counts_deonticbench(deontic_data_dir):
    res = runner.invoke(app, ["data", "info", "--json"])
    assert res.exit_code == 0, res.output
    db = json.loads(res.output)["deonticbench"]
    assert db["root"].endswith("deonticbench")
    assert db["by_domain_and_split"]["housing"]["smoke"] == 5 and "whole" not in db["by_domain_and_split"]["housing"]
    res = runner.invoke(app, ["data", "info"])
    assert res.exit_code == 0 and "DeonticBench cases" in res.output
