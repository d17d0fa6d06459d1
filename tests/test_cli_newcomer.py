"""What a newcomer meets (issue 51): errors that name what went wrong and where, SARA v2's
surfaces, and one-case commands that load only what they use. Each test is one finding of the
issue, before -> after in its docstring."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from taxlogic.cli import app


def _run(*args: str):
    return CliRunner(env={"COLUMNS": "80", "NO_COLOR": "1"}).invoke(app, list(args))


def _flat(res) -> str:
    return " ".join(res.output.split())


def test_run_takes_a_rulearena_tax_problem(rulearena_data):
    """Before: ``run --case tax-1-7`` said "no RuleArena tax problem 'tax-1-7'" for a valid id.
    After: the amount owed from its gold translation against RuleArena's label, as explain and
    inspect give it."""
    res = _run("run", "--case", "tax-1-7")
    assert res.exit_code == 0, res.output
    assert "no RuleArena" not in res.output and "expected (RuleArena's label)" in _flat(res)
    data = json.loads(_run("run", "--case", "tax-1-7", "--json").output)
    inspected = json.loads(_run("inspect", "--case", "tax-1-7", "--json").output)
    assert data["answer"] is not None and str(data["answer"]) == str(inspected["answer"])
    assert data["expected"] == inspected["expected"]


def test_run_of_an_unknown_tax_problem_is_a_usage_error(rulearena_data):
    res = _run("run", "--case", "tax-0-99999")
    assert res.exit_code == 2 and "no RuleArena tax problem tax-0-99999" in _flat(res)


@pytest.mark.parametrize("case", ["tax-1-7", "nba-0-5", "airline-0-5"])
def test_inspect_without_facts_inspects_the_gold_translation(case, rulearena_data):
    """Before: ``inspect --case tax-1-7`` asked for ``--gold`` though its help promises the gold
    translation. After: without --facts, the gold translation, as with --gold."""
    plain, gold = _run("inspect", "--case", case, "--json"), _run("inspect", "--case", case, "--gold", "--json")
    assert plain.exit_code == gold.exit_code and plain.exit_code in (0, 3), plain.output
    assert json.loads(plain.output) == json.loads(gold.output)


def test_inspect_of_a_sara_case_without_facts_is_its_gold_program(sara_data_dir):
    plain, gold = _run("inspect", "--case", "s151_a_neg", "--json"), _run("inspect", "--case", "s151_a_neg", "--gold", "--json")
    assert plain.exit_code == gold.exit_code == 0, plain.output
    assert json.loads(plain.output)["source"] == "gold" and json.loads(plain.output) == json.loads(gold.output)


def test_inspect_with_facts_and_gold_is_a_usage_error(tmp_path, sara_data_dir):
    facts = tmp_path / "f.pl"
    facts.write_text("income_(e).\n")
    res = _run("inspect", "--case", "s151_a_neg", "--facts", str(facts), "--gold")
    assert res.exit_code == 2 and "not both" in _flat(res)


def test_a_missing_run_folder_is_named(tmp_path):
    """Before: ``eval report runs/nope`` said "no such file" without the path. After: the path."""
    missing = tmp_path / "nope"
    res = _run("eval", "report", str(missing), "--out", str(tmp_path / "report"))
    assert res.exit_code == 1
    assert f"{missing}: no such run folder" in "".join(res.output.split("\n")), res.output


def test_every_os_error_line_names_its_path():
    """Every "no such file" a command prints names the path: one given by the OS (its filename)
    and one a loader raised with its own message."""
    from taxlogic.cli.common import os_error

    assert os_error(FileNotFoundError(2, "No such file or directory", "a/b.pl")) == "a/b.pl: no such file"
    assert os_error(FileNotFoundError("runs/x: no such run folder")) == "runs/x: no such run folder"
    assert os_error(PermissionError(13, "Permission denied", "c.pl")) == "c.pl: Permission denied"


def test_an_exemption_in_dollars_is_an_amount_not_a_year(sara_data_dir):
    """Before: ``inspect -v`` on s151_a_neg labelled "an exemption of $2000" a year. After: an
    amount; a year the text names stays a year."""
    data = json.loads(_run("inspect", "--case", "s151_a_neg", "--json").output)
    kinds = {(a["argument"], a["kind"]) for a in data["arguments"]}
    assert ("2000", "amount") in kinds and ("2015", "year") in kinds, kinds


def test_refused_facts_never_read_as_every_clause_stated(tmp_path, sara_data_dir):
    """Before: on refused facts inspect said "every clause is stated … (0 clauses)" and "every
    argument is accounted for (0 checked)". After: that nothing was checked, because nothing ran."""
    facts = tmp_path / "bad.pl"
    facts.write_text(":- halt.\nincome_(e).\n")
    res = _run("inspect", "--case", "s151_a_neg", "--facts", str(facts))
    out = _flat(res)
    assert res.exit_code == 3, res.output
    assert "every clause is stated" not in out and "every argument is accounted for" not in out
    assert "no clause was checked" in out and "no argument was checked" in out


def test_a_sara_v2_case_has_no_none_split(v2_data_dir):
    """Before: ``run --dataset sara-v2`` printed "(numeric, None)". After: "(numeric)"."""
    res = _run("run", "--dataset", "sara-v2", "--case", "tax_case_5")
    assert res.exit_code == 0, res.output
    assert "None" not in res.output and "tax_case_5 (numeric)" in res.output


def test_eval_run_help_lists_every_dataset_and_method():
    """Before: ``eval run --help`` did not list sara-v2 among the datasets (issue 51), nor any
    DeonticBench dataset or its prolog-zero-shot / prolog-few-shot methods (issue 47). Every
    built-in benchmark and every method of each is named (a plug-in registered at run time, as
    tests/test_benchmark_plugin.py's, is not in the static help)."""
    from taxlogic.eval.benchmarks import BUILTINS, benchmarks

    res = CliRunner(env={"COLUMNS": "200"}).invoke(app, ["eval", "run", "--help"])
    text = " ".join(res.output.replace("│", " ").split())
    assert res.exit_code == 0
    builtins = {n: b for n, b in benchmarks().items() if type(b).__module__ in BUILTINS}
    assert len(builtins) >= 10
    for name, bench in builtins.items():
        assert name in text, name
        for method in getattr(bench, "methods", {}) or {}:
            assert method in text, (name, method)


def test_solve_help_names_each_domains_rules():
    """Before: ``solve --help`` said "against SARA's statutes" for every domain."""
    out = _flat(_run("solve", "--help"))
    assert "Form 1040" in out and "SARA v2" in out


def test_the_errata_line_of_a_v2_summary_names_its_domain():
    """Before: a SARA v2 run's summary pointed to ``data errata`` (SARA 2020's). After:
    ``data errata --domain sara-v2``; SARA's own stays as it was."""
    from taxlogic.cli.evaluate import summary_lines

    summary = {"errata": {"numeric": {"n": 100, "acc": 0.5, "n_clean": 90, "acc_clean": 0.5, "n_errata": 10}},
               "tokens": {"input": 0, "output": 0}}
    v2 = [l for l in summary_lines(summary, "sara-v2") if "errata" in l]
    sara = [l for l in summary_lines(summary, "sara") if "errata" in l]
    assert v2 and all("taxlogic data errata --domain sara-v2" in l for l in v2)
    assert sara and all(l.endswith("taxlogic data errata)") for l in sara)


@pytest.mark.parametrize("command", ["run", "explain", "inspect", "solve"])
def test_one_case_commands_never_import_the_llm_stack(command, sara_data_dir):
    """Start-up (issue 51): ``run``, ``explain``, ``inspect`` and ``solve --translator gold`` on
    one SARA case import neither openai, langchain nor langgraph (some 2-3 s of their 3-5 s
    before)."""
    argv = {"run": ["run"], "explain": ["explain"], "inspect": ["inspect"],
            "solve": ["solve", "--translator", "gold"]}[command] + ["--case", "tax_case_5"]
    probe = ("import sys\n"
             f"sys.argv = ['taxlogic', *{argv!r}]\n"
             "from taxlogic.cli import main\n"
             "try:\n    main()\nexcept SystemExit as e:\n    code = e.code\nelse:\n    code = 0\n"
             "heavy = sorted(m for m in ('openai', 'langchain_core', 'langchain_openai', 'langgraph') if m in sys.modules)\n"
             "print('RESULT', code, ','.join(heavy) or '-')\n")
    res = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=300)
    line = [l for l in res.stdout.splitlines() if l.startswith("RESULT")]
    assert line, res.stdout + res.stderr
    _, code, heavy = line[0].split()
    assert code in ("0", "None") and heavy == "-", line[0]


def test_get_case_reads_one_file_and_gives_the_same_case(sara_data_dir):
    """One file read for one case (start-up), the same case as the full load gives."""
    from taxlogic.kb.sara.data import cases

    one = cases.get_case("s151_a_neg")
    full = {c.id: c for c in cases.load_cases()}
    assert one == full["s151_a_neg"]
    with pytest.raises(KeyError, match="did you mean"):
        cases.get_case("s151_a_ne")


def test_an_engine_started_in_the_background_answers_as_one_started_at_once(sara_data_dir):
    """``Engine(wait=False)`` (a one-case command loads its case while the worker starts): the
    first job waits for the worker and gets the same outcome as on an engine started at once."""
    from taxlogic.kb.sara.domain import case_job
    from taxlogic.kb.sara.data.cases import get_case
    from taxlogic.kb.sara.data.install import sara_rules
    from taxlogic.tools.engine import Engine

    case = get_case("tax_case_5")
    with Engine(sara_rules(), workers=1) as eager, Engine(sara_rules(), workers=1, wait=False) as lazy:
        a, b = eager.run(case_job(case, case.gold_program)), lazy.run(case_job(case, case.gold_program))
    assert (a.status, a.values) == (b.status, b.values) and a.values


def test_a_background_start_that_fails_raises_at_the_first_job_and_closes_quietly(tmp_path, sara_data_dir):
    from types import SimpleNamespace

    from taxlogic.kb.sara.data.install import sara_rules
    from taxlogic.tools.engine import Engine, EngineError, Job

    (tmp_path / "init.pl").write_text(":- this is not prolog.\n")
    broken = SimpleNamespace(name="broken", prolog_dir=tmp_path, compat_file=sara_rules().compat_file)
    engine = Engine(broken, workers=1, wait=False)
    with pytest.raises(EngineError):
        engine.run(Job(facts="", query="true"))
    with pytest.raises(EngineError):  # again: the error is kept, nothing restarts
        engine.run(Job(facts="", query="true"))
    engine.close()  # no error: run reported it
    with pytest.raises(EngineError):  # and at once when waiting (as before)
        Engine(broken, workers=1)


def test_the_statutes_schema_is_read_from_the_cache_for_the_same_files(tmp_path, monkeypatch, sara_data_dir):
    """Statutes read once (start-up): ``schema.pl``'s output is kept per content of the statute
    files; the same files read it back without starting ``swipl``, changed files run it again."""
    import shutil

    from taxlogic.kb.sara.reading import schema
    from taxlogic.kb.sara.data.install import sara_rules
    from taxlogic.settings import get_settings

    statutes = tmp_path / "statutes"
    shutil.copytree(sara_rules().prolog_dir, statutes)
    monkeypatch.setenv("TAXLOGIC_CACHE_DIR", str(tmp_path / "cache"))
    get_settings.cache_clear()
    try:
        first = schema._schema_lines(str(statutes))
        assert first and len(list((tmp_path / "cache" / "schema").iterdir())) == 1
        real_run = schema.subprocess.run

        def no_swipl(*a, **k):
            raise AssertionError("swipl started for statutes already read")

        monkeypatch.setattr(schema.subprocess, "run", no_swipl)
        assert schema._schema_lines(str(statutes)) == first
        monkeypatch.setattr(schema.subprocess, "run", real_run)
        some = sorted(statutes.glob("section*.pl"))[0]
        some.write_text(some.read_text() + "\n% changed\n")
        assert schema._schema_lines(str(statutes)) == first  # a comment: the same schema, made again
        assert len(list((tmp_path / "cache" / "schema").iterdir())) == 2
    finally:
        get_settings.cache_clear()


def test_the_html_report_shows_numeric_answers_as_money_and_a_linked_case_below_the_toolbar(tmp_path, v2_data_dir):
    """Before: SARA v2's HTML report showed numeric answers without "$", and a #case link landed
    under the sticky filter bar. After: "$116,066"; the case's top is below the bar."""
    from taxlogic.eval.reports.browser import browser_page, find_chromium
    from taxlogic.eval.reports.html_report import write_html
    from taxlogic.eval.reports.report import collect

    if find_chromium() is None:
        pytest.skip("no Chromium on this machine")
    out = tmp_path / "gold-v2"
    res = _run("eval", "run", "--method", "gold", "--dataset", "sara-v2", "--split", "all", "--limit", "3",
               "--workers", "1", "--out", str(out))
    assert res.exit_code == 0, res.output
    page_file = write_html([out], tmp_path / "report.html", collect([out]))
    case_id = json.loads((out / "records.jsonl").read_text().splitlines()[-1])["case_id"]
    with browser_page() as page:
        page.set_default_timeout(10_000)
        page.goto(page_file.as_uri() + f"#{case_id}")
        page.wait_for_selector("body[data-ready='1']")
        col = page.locator(f"#{case_id} .run-col").nth(0).inner_text()
        assert re.search(r"answer\s*\$[\d,]+", col) and re.search(r"gold\s*\$[\d,]+", col), col
        below = page.evaluate(f"document.getElementById('{case_id}').getBoundingClientRect().top >= "
                              "document.querySelector('.toolbar').getBoundingClientRect().bottom - 1")
        assert below


def test_the_statutes_vocabulary_is_read_from_the_cache_for_the_same_files(tmp_path, monkeypatch, sara_data_dir):
    """Start-up (issue 51, s17): a one-case command read the statutes' vocabulary in a ``swipl`` run
    of its own (0.04 s quiet, 0.15 s at load 7). Now kept per content of the statute files, as the
    schema is: the same files read it back without ``swipl``, the same vocabulary; changed files
    run it again; a folder ``swipl`` cannot read (none there) still raises VocabularyError, and nothing is kept."""
    import shutil

    from taxlogic.kb import vocabulary
    from taxlogic.kb.sara.data.install import sara_rules
    from taxlogic.settings import get_settings

    statutes = tmp_path / "statutes"
    shutil.copytree(sara_rules().prolog_dir, statutes)
    monkeypatch.setenv("TAXLOGIC_CACHE_DIR", str(tmp_path / "cache"))
    get_settings.cache_clear()
    vocabulary._load_vocabulary.cache_clear()
    try:
        first = vocabulary.load_vocabulary(str(statutes))
        assert len(list((tmp_path / "cache" / "vocabulary").iterdir())) == 1
        assert first.base and first.statute and first.utility
        vocabulary._load_vocabulary.cache_clear()
        real_run = vocabulary.subprocess.run

        def no_swipl(*a, **k):
            raise AssertionError("swipl started for statutes already read")

        monkeypatch.setattr(vocabulary.subprocess, "run", no_swipl)
        assert vocabulary.load_vocabulary(str(statutes)) == first
        monkeypatch.setattr(vocabulary.subprocess, "run", real_run)
        vocabulary._load_vocabulary.cache_clear()
        some = sorted(statutes.glob("section*.pl"))[0]
        some.write_text(some.read_text() + "\n% changed\n")
        assert vocabulary.load_vocabulary(str(statutes)) == first  # a comment: the same vocabulary, read again
        assert len(list((tmp_path / "cache" / "vocabulary").iterdir())) == 2
        with pytest.raises(vocabulary.VocabularyError, match="missing"):  # no such folder
            vocabulary.load_vocabulary(str(tmp_path / "missing"))
        assert len(list((tmp_path / "cache" / "vocabulary").iterdir())) == 2
    finally:
        get_settings.cache_clear()
        vocabulary._load_vocabulary.cache_clear()
