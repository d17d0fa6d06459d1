"""Input checked before it costs: an empty case text, an empty or malformed ``--problems`` file and
an install path that does not exist are each one line naming what is wrong (file, line, field),
exit code 2, before any model call or run (the scripted endpoint counts zero requests); and the
first steps a newcomer reads in ``--help`` and ``data info``."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from taxlogic.cli import app
from taxlogic.eval.faults.gold_endpoint import GoldEndpoint
from taxlogic.settings import get_settings


@pytest.fixture
def endpoint(monkeypatch, tmp_path):
    """A scripted endpoint the CLI is pointed at; its ``requests`` must stay empty."""
    with GoldEndpoint([]) as ep:
        for k, v in {"LLM_BASE_URL": ep.base_url, "LLM_CACHE": "0", "LLM_MAX_RETRIES": "0",
                     "CACHE_DIR": str(tmp_path / "cache")}.items():
            monkeypatch.setenv(f"TAXLOGIC_{k}", v)
        get_settings.cache_clear()
        yield ep
    get_settings.cache_clear()


def _run(*args: str):
    return CliRunner(env={"COLUMNS": "80", "NO_COLOR": "1"}).invoke(app, list(args))


def _one_line(res) -> str:
    lines = [line for line in res.output.splitlines() if line.strip()]
    assert len(lines) == 1, res.output
    assert "Traceback" not in res.output
    return lines[0]


@pytest.mark.parametrize("text", ["", "   \n\t "], ids=["empty", "whitespace"])
@pytest.mark.parametrize("domain", [[], ["--domain", "form1040"]], ids=["sara", "form1040"])
def test_an_empty_case_text_is_refused_before_the_model_is_asked(endpoint, text, domain):
    question = [] if domain else ["--question", "How much tax does Alice owe in 2017?"]
    res = _run("solve", "--text", text, *question, *domain)
    assert res.exit_code == 2, res.output
    assert "--text is empty" in _one_line(res)
    assert endpoint.requests == []


def test_an_empty_question_is_refused_before_the_model_is_asked(endpoint):
    res = _run("solve", "--text", "Alice earned $50,000 in 2017.", "--question", "  ")
    assert res.exit_code == 2 and "--question is empty" in _one_line(res)
    assert endpoint.requests == []


def _tax_row(**overrides) -> dict:
    """A valid --problems record of RuleArena tax: a single filer with wages only."""
    row = {"id": "mine-0", "level": 0, "answer": -100.0,
           "pydantic": {"name": "A", "age": 40, "spouse_age": None, "filing_status": "single", "blind": False,
                        "spouse_blind": False, "itemized": False, "num_qualifying_children": 0,
                        "num_other_dependents": 0, "wage_tip_compensation": 50000}}
    row.update(overrides)
    return row


def _write(path, *lines: str):
    path.write_text("".join(line + "\n" for line in lines))
    return path


@pytest.mark.parametrize("lines, expected", [
    ((), "no problems in the file"),
    (("", "  "), "no problems in the file"),
    ((json.dumps(_tax_row()), '{"id": "mine-1", "level": 0,'), "line 2: not a JSON object"),
    (("[1, 2]",), "line 1: not a JSON object (a list)"),
    ((json.dumps(_tax_row()), "", json.dumps(_tax_row(id="mine-2", level=7))), "line 3 (mine-2): field 'level'"),
    ((json.dumps(_tax_row(answer="lots")),), "line 1 (mine-0): field 'answer': must be a number"),
    ((json.dumps({"id": "x", "level": 0}),), "line 1 (x): field 'answer': missing"),
    ((json.dumps(_tax_row(pydantic={**_tax_row()["pydantic"], "age": "forty"})),), "field 'pydantic.age'"),
    ((json.dumps(_tax_row(pydantic={**_tax_row()["pydantic"], "filing_status": "wed"})),), "field 'pydantic.filing_status'"),
    ((json.dumps(_tax_row(pydantic={**_tax_row()["pydantic"], "taxable_interest": [1]})),), "field 'pydantic.taxable_interest'"),
    ((json.dumps({k: v for k, v in _tax_row().items() if k != "pydantic"}),), "field 'pydantic': missing"),
], ids=["empty", "blank-lines", "malformed", "not-an-object", "bad-level", "bad-answer", "no-answer", "bad-age",
        "bad-status", "bad-amount", "no-record"])
def test_a_bad_problems_file_names_file_line_and_field_and_runs_nothing(endpoint, tmp_path, lines, expected):
    path = _write(tmp_path / "mine.jsonl", *lines)
    out = tmp_path / "run"
    res = _run("eval", "run", "--method", "agent", "--dataset", "rulearena-tax", "--problems", str(path),
               "--out", str(out))
    assert res.exit_code == 2, res.output
    line = " ".join(res.output.split())  # one line on a terminal; the runner's 80 columns wrap it
    assert line.startswith("error: --problems") and str(path) in line and expected in line, line
    assert "nothing was run" in line and "Traceback" not in res.output
    assert not out.exists() and endpoint.requests == []


def test_a_bad_airline_record_names_its_nested_field(endpoint, tmp_path):
    info = {"base_price": 300, "customer_class": "Main Cabin", "routine": "China", "direction": 0,
            "bag_list": [{"id": 1, "name": "backpack", "size": [22, 13, 6], "weight": 10},
                         {"id": 2, "name": "luggage box", "size": [44, 22], "weight": 60}]}
    path = _write(tmp_path / "air.jsonl", json.dumps({"id": "a", "level": 0, "answer": 300, "info": info}))
    res = _run("eval", "run", "--method", "gold", "--dataset", "rulearena-airline", "--problems", str(path),
               "--out", str(tmp_path / "run"))
    assert res.exit_code == 2, res.output
    assert "field 'info.bag_list[1].size'" in " ".join(res.output.split())


def test_a_good_problems_file_still_loads(tmp_path):
    from taxlogic.eval.benchmarks.rulearena.data import load_problems_file

    path = _write(tmp_path / "mine.jsonl", json.dumps(_tax_row()), "", json.dumps(_tax_row(id="mine-1", level=1)))
    items = load_problems_file(path, "tax")
    assert [(it.id, it.level, it.index) for it in items] == [("mine-0", 0, 0), ("mine-1", 1, 1)]


@pytest.mark.parametrize("command", [["data", "install"], ["data", "install-rulearena"]], ids=" ".join)
def test_an_install_path_that_does_not_exist_is_an_error_even_when_installed(tmp_path, command):
    data_dir = tmp_path / "data"
    for sub in ("sara", "rulearena"):  # both installed already: the wrong --from must not report success
        (data_dir / sub).mkdir(parents=True)
        (data_dir / sub / "INSTALL.json").write_text(json.dumps({"source": "elsewhere", "files": 1, "commit": "0" * 40}))
    missing = tmp_path / "nonexistent"
    res = _run(*command, "--from", str(missing), "--data-dir", str(data_dir))
    assert res.exit_code == 2, res.output
    line = " ".join(res.output.split())
    assert str(missing) in line and "no such" in line and "nothing was installed" in line
    assert "installed in" not in line


def test_rulearena_install_checks_the_source_before_the_installed_copy(tmp_path):
    from taxlogic.eval.benchmarks.rulearena.data import install
    from taxlogic.kb.datafiles import DataError

    (tmp_path / "rulearena").mkdir()
    (tmp_path / "rulearena" / "INSTALL.json").write_text("{}")
    with pytest.raises(DataError, match="no such folder"):
        install(tmp_path / "nonexistent", tmp_path)


def test_top_level_help_says_where_to_start():
    res = CliRunner(env={"COLUMNS": "80"}).invoke(app, ["--help"])
    text = " ".join(res.output.replace("│", " ").split())
    assert "Start here: taxlogic data install" in text and "data install-rulearena" in text


@pytest.mark.parametrize("group", ["data", "eval"])
def test_group_help_names_every_dataset(group):
    res = CliRunner(env={"COLUMNS": "200"}).invoke(app, [group, "--help"])
    text = " ".join(res.output.replace("│", " ").split())
    for name in ("SARA", "RuleArena", "tax", "NBA", "airline"):
        assert name in text, (group, name)


def test_data_info_lists_every_installed_dataset(rulearena_data):
    res = CliRunner(env={"COLUMNS": "80"}).invoke(app, ["data", "info", "--json"])
    assert res.exit_code == 0, res.output
    info = json.loads(res.output)
    assert info["cases"] == 376
    ra = info["rulearena"]["by_domain_and_level"]
    assert {d: sum(v.values()) for d, v in ra.items()} == {"tax": 300, "nba": 216, "airline": 300}
    text = CliRunner(env={"COLUMNS": "80"}).invoke(app, ["data", "info"]).output
    rows = {tuple(c.strip() for c in line.strip("│").split("│")) for line in text.splitlines() if line.startswith("│")}
    assert any(r[0] == "nba" and "216" in r for r in rows) or "nba — " in text, text
    assert "nba-0-5" in text and "airline-0-5" in text
