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


# ------------------------------------------------------------------------------ benchmarks


def test_score_rules_follow_the_benchmark(deontic_data_dir):
    from taxlogic.eval.benchmarks.deonticbench.scoring import is_correct, label_parser, macro_f1

    # numeric: the README's ±1 rounding tolerance
    assert is_correct("sara_numeric", "68844", "68844.74") and is_correct("airline", "949", 950)
    assert not is_correct("sara_numeric", "68844", "68846") and not is_correct("airline", "949", None)
    assert is_correct("sara_binary", "1", "1") and not is_correct("sara_binary", "1", "0")
    # housing and USCIS: the installed label_utils.py decides the class; an abstention is never right
    parse = label_parser("uscis-aao")
    assert parse("Accepted") == 1 and parse("Dismissed") == -1 and parse("unknown") == 0
    assert is_correct("uscis-aao", "Accepted", "accept") and not is_correct("uscis-aao", "Accepted", "abstain")
    assert is_correct("housing", "yes", "Yes") and not is_correct("housing", "no", "yes")
    # macro-F1 over the two classes; an abstention (0) misses its class and predicts none
    assert macro_f1([1, -1], [1, -1]) == 1.0
    assert macro_f1([1, 1, -1, -1], [1, 0, -1, 1]) == pytest.approx((1 / 2 + 2 / 3) / 2)  # F1(+1) 2/4, F1(-1) 2/3
    with pytest.raises(ValueError):
        label_parser("airline")


@pytest.mark.parametrize("dataset", ["deonticbench-sara-numeric", "deonticbench-sara-binary", "deonticbench-airline",
                                     "deonticbench-housing", "deonticbench-uscis"])
def test_every_benchmark_runs_its_reference_programs(deontic_data_dir, tmp_path, dataset):
    from taxlogic.eval.benchmarks import get_benchmark
    from taxlogic.kb.statutes.data import cases

    bench = get_benchmark(dataset)
    out = tmp_path / "run"
    res = runner.invoke(app, ["eval", "run", "--method", "gold", "--dataset", dataset, "--split", "smoke", "--out",
                              str(out), "--workers", "1", "--json"])
    assert res.exit_code == 0, res.output
    records = [json.loads(line) for line in (out / "records.jsonl").read_text().splitlines() if line.strip()]
    smoke = cases(bench.domain, "smoke")
    assert sorted(r["case_id"] for r in records) == sorted(c.id for c in smoke)
    assert all(r["details"]["how"] in ("directive", "initialization", "entry") for r in records)
    # every prediction is what the program printed, scored by the benchmark's rule against its label
    from taxlogic.eval.benchmarks.deonticbench.scoring import is_correct

    by_id = {c.id: c for c in smoke}
    for r in records:
        c = by_id[r["case_id"]]
        assert r["correct"] == (r["prediction"] is not None and is_correct(c.domain, c.label, r["prediction"]))
    res = runner.invoke(app, ["eval", "report", str(out), "--out", str(tmp_path / "report")])
    assert res.exit_code == 0, res.output
    assert "DeonticBench: the benchmark's score" in res.output
    md = (tmp_path / "report" / "report.md").read_text()
    assert "## DeonticBench" in md
    assert "no published figure" in md  # the paper's figures are of the hard split only


def test_report_shows_a_hard_run_beside_the_paper():
    from taxlogic.eval.benchmarks.deonticbench.published import published_figures, report_lines
    from taxlogic.eval.reports.report import ReportRow

    assert {(f["domain"], f["value"]) for f in published_figures(split="hard")} == {("sara_numeric", 44.4), ("housing", 46.6)}
    row = ReportRow(method="agent", split="deonticbench-housing/hard", task="housing", n=78, acc=50.0,
                    note="acc = macro-F1", run="runs/x")
    header, lines, notes = report_lines([row])
    assert lines[0][:5] == ["agent", "deonticbench-housing/hard", "78", "50.0", "macro-F1"]
    assert lines[1][:5] == ["paper (best)", "housing/hard", "–", "46.6", "macro-F1"] and len(lines[1]) == len(header)
    assert "arXiv 2604.04443 abstract" in notes[0]


def test_reference_programs_never_run_their_label_directive(deontic_data_dir):
    from taxlogic.kb.statutes.data import cases
    from taxlogic.kb.statutes.data.reference import clauses_text, label_directives, reference_query

    housing = cases("housing", "hard")
    assert all(len(label_directives(c.reference_prolog)) == 1 for c in housing)  # each prints its label
    for c in housing + cases("airline", "hard"):
        q = reference_query(c)
        assert "Label" not in q.goal and "Label:" not in clauses_text(c)
    uscis = cases("uscis-aao", "hard")
    assert {reference_query(c).how for c in uscis} == {"entry"}


# ------------------------------------------------------------------ reference programs, errata


def test_every_hard_reference_program_gives_its_label_or_is_a_documented_erratum(deontic_data_dir):
    from taxlogic.eval.benchmarks.deonticbench.reference import run_references
    from taxlogic.kb.statutes.data import DOMAINS, cases
    from taxlogic.kb.statutes.data.errata import errata
    from taxlogic.kb.statutes.data.reference import reference_rules
    from taxlogic.tools.engine import Engine

    known = errata()
    program_classes = {"reference_program_wrong", "reference_disagrees_with_label", "reference_incomplete"}
    with Engine(reference_rules(), workers=1) as eng:
        for d in DOMAINS:
            for r in run_references(eng, cases(d, "hard")):
                documented = set(known.get(r.case_id, {}).get("class", "").split("+")) & program_classes
                # a program that misses its label is documented; a documented one still misses it (no stale entry)
                assert r.correct != bool(documented), (r.case_id, r.label, r.answer, r.reason)
                # what the engine could not load: a program's own copy of a library predicate (sum_list/2:
                # refused, the library's gives the same), else a documented erratum (syntax, not/1)
                others = [p for p in r.load_problems if "library predicate" not in p or ": not(" in p]
                assert not others or r.case_id in known, (r.case_id, others)


def test_errata_are_one_file_with_a_kind():
    """One home: the reference runs' errata and the reference programs' as translations are entries
    of one file, told apart by ``kind``; every entry of both former files is there with its
    evidence, and the loader refuses an unknown kind or an entry listed twice."""
    import copy
    import json as _json
    from importlib import resources

    from taxlogic.kb.errata import load_errata
    from taxlogic.kb.statutes.data.errata import checked, errata, errata_ids, errata_records

    run, translation = errata("run"), errata("translation")
    assert (len(run), len(translation)) == (32, 20) and len(set(run) & set(translation)) == 17
    assert errata() == run and errata_ids() == frozenset(translation)
    assert len(errata_ids("housing")) == 6 and errata_ids("uscis") == errata_ids("uscis-aao") and len(errata_ids("uscis")) == 14
    assert errata_ids("housing", kind="run") == frozenset(i for i, e in run.items() if e["domain"] == "housing")
    assert all(e["evidence"] and e["dataset_says"] and e["rules_give"] for e in [*run.values(), *translation.values()])
    assert all(e["swipl_as_shipped"] for e in translation.values())  # the translation entries' own field, kept
    assert [e.source["kind"] for e in load_errata("deonticbench")] == [e.source["kind"] for e in errata_records()]
    doc = _json.loads(resources.files("taxlogic.kb.statutes.data").joinpath("errata.json").read_text())
    twice = copy.deepcopy(doc)
    twice["errata"].append(dict(twice["errata"][0]))
    with pytest.raises(ValueError, match="listed twice"):
        checked(twice)
    odd = copy.deepcopy(doc)
    odd["errata"][0]["kind"] = "guess"
    with pytest.raises(ValueError, match="unknown kind"):
        checked(odd)
    with pytest.raises(ValueError, match="unknown DeonticBench erratum kind"):
        errata("guess")


def test_sara_and_airline_cases_through_taxlogics_knowledge_bases(deontic_data_dir, v2_data_dir, rulearena_data):
    from taxlogic.eval.benchmarks.deonticbench.agreement import agreement_rows
    from taxlogic.kb.statutes.data.errata import errata

    known = errata()
    for d in ("sara_numeric", "sara_binary", "airline"):
        rows = agreement_rows(d, "hard")
        assert rows and all(r.source_id is not None for r in rows), d
        # every label is the source release's gold answer, and the KB gives it from the source's gold facts
        assert all(r.label_same and r.kb_agrees for r in rows), [r for r in rows if not (r.label_same and r.kb_agrees)]
        for r in rows:  # a text or question that is not the source's is a documented erratum
            changed = not r.text_same or (d != "airline" and not r.question_same)
            assert changed == ("text_differs_from_source" in known.get(r.case_id, {}).get("class", "")), r.case_id


# ------------------------------------------------------------------- the benchmark's protocol


_ENGINES: list = []


@pytest.fixture(autouse=True, scope="module")
def _close_engines():
    yield
    while _ENGINES:
        _ENGINES.pop().close()


def _method(name, dataset, replies, split="smoke"):
    """A protocol method on ``dataset`` with a scripted model answering ``replies``; its engines
    (the model's programs run in the engine's sandbox) are closed after the module."""
    from tenacity import wait_none

    from fakes import scripted
    from taxlogic.eval.benchmarks import get_benchmark
    from taxlogic.eval.methods.registry import Engines, MethodOptions, make_method

    ds = get_benchmark(dataset).load(split)
    model = scripted(replies)
    engines = Engines(ds, workers=1)
    _ENGINES.append(engines)
    return ds, make_method(name, ds, MethodOptions(model=model, wait=wait_none(), engines=engines)), model


def test_prompts_are_built_by_the_installed_copy(deontic_data_dir):
    from taxlogic.eval.benchmarks.deonticbench.protocol import compose_prompt, prompts_module
    from taxlogic.kb.statutes.data import cases

    c = cases("housing", "smoke")[0]
    few, zero = compose_prompt(c, "prolog-few-shot"), compose_prompt(c, "prolog-zero-shot")
    for p in (few, zero, compose_prompt(c, "direct")):
        assert c.question in p and c.statutes.strip()[:200] in p
        assert c.reference_prolog not in p and "Label:" not in p  # never the label or the reference program
    assert prompts_module().EXAMPLE_LEGAL_IR_ONE_SHOT in few and prompts_module().EXAMPLE_LEGAL_IR_ONE_SHOT not in zero
    assert "prompts" not in __import__("sys").modules or not hasattr(__import__("sys").modules["prompts"], "compose_prompt_prolog_uscis")
    u = cases("uscis-aao", "smoke")[0]
    assert u.text in compose_prompt(u, "prolog-zero-shot")


def test_zero_shot_prolog_runs_the_models_program_sandboxed(deontic_data_dir):
    from taxlogic.kb.statutes.data import cases

    smoke = cases("housing", "smoke")
    replies = [f"Here it is:\n```prolog\n{c.reference_prolog}\n```\n" for c in smoke]
    ds, run, model = _method("prolog-zero-shot", "deonticbench-housing", replies)
    for c in smoke:
        r = run(c)
        # the reference program as the model's program: its answer predicate gives the label
        assert r.prediction == c.label and not r.abstained and r.details["sandbox_status"] == "ok", r.reason
        # its label directive is flagged as the program stating its own answer, and never ran
        assert len(r.details["states_own_answer"]) == 1 and "Label" in r.details["states_own_answer"][0]
        assert any(d.startswith("directive not run: format(\"Label") for d in r.details["sandbox_problems"])
    assert len(model.calls) == len(smoke) and model.calls[0][0].type == "human"


def test_a_program_that_reaches_outside_is_refused_and_abstains(deontic_data_dir, tmp_path):
    from taxlogic.kb.statutes.data import cases

    c = cases("housing", "smoke")[0]
    marker = tmp_path / "pwned"
    evil = [f"```prolog\nhousing_answer(yes) :- shell('touch {marker}').\n```",
            f"```prolog\nhousing_answer(yes) :- G =.. [shell, 'touch {marker}'], call(G).\n```",
            f"```prolog\n:- initialization(shell('touch {marker}')).\nhousing_answer(R) :- R = yes.\n```",
            "```prolog\nhousing_answer(R) :- repeat, fail, R = yes.\n```",
            "no program at all"]
    ds, run, _ = _method("prolog-zero-shot", "deonticbench-housing", evil)
    statuses = []
    for _ in evil:
        r = run(c)
        statuses.append(r.details["sandbox_status"])
        if r.details["sandbox_status"] != "ok":
            assert r.abstained and r.prediction is None and r.reason
    assert not marker.exists()  # nothing the model wrote ran outside the sandbox
    # the directive never runs (only its entry is named, and the answer predicate is run instead)
    assert statuses == ["unsafe", "error", "ok", "inference_limit", "no_entry"]  # a budget decides (issue 48)


def test_the_protocol_runs_in_the_engines_sandbox(deontic_data_dir, tmp_path):
    """One sandbox: the protocol's programs run as the agent's do (``tools/sandbox.pl``,
    ``Job(sandbox=True)``): every program the agent's sandbox refuses is refused here too, nothing
    runs outside it, and no second copy of the sandbox's rules ships."""
    from importlib import resources

    from test_statutes import UNSAFE_PROGRAMS
    from taxlogic.eval.benchmarks.deonticbench.sandbox import run_program
    from taxlogic.kb.statutes.data.reference import reference_rules
    from taxlogic.tools.engine import Engine

    marker = tmp_path / "pwned"
    with Engine(reference_rules(), workers=1) as eng:
        runs = [run_program(p.format(f=marker), eng, "housing_answer(Result)") for p, _ in UNSAFE_PROGRAMS]
        fine = run_program(":- initialization(main, main).\nhousing_answer(yes).\nmain :- halt.\n", eng,
                           "housing_answer(Result)")
    assert [r.status for r in runs if r.status not in ("unsafe", "error")] == [] and not marker.exists()
    assert all(r.value is None for r in runs)
    assert (fine.status, fine.value) == ("ok", "yes") and fine.problems == ["directive not run: initialization(main, main)"]
    assert not resources.files("taxlogic.eval.benchmarks.deonticbench").joinpath("sandbox.pl").is_file()


def test_every_hard_reference_program_through_the_protocols_sandbox(deontic_data_dir):
    """The reference programs as the model's whole programs, through the protocol's path into the
    engine's sandbox (``bench/deonticbench_reference.py --sandbox``): every housing program gives
    its label (``housing_a4c96a7b`` too: its module-qualified clauses and goals,
    ``effect_of_sealing: ...``, are the program's own predicates in the sandbox; once its one
    false alarm), every USCIS program but the documented errata of its run."""
    from taxlogic.eval.benchmarks.deonticbench.protocol import ANSWER_GOALS
    from taxlogic.eval.benchmarks.deonticbench.sandbox import run_program
    from taxlogic.eval.benchmarks.deonticbench.scoring import is_correct
    from taxlogic.kb.statutes.data import cases
    from taxlogic.kb.statutes.data.errata import errata
    from taxlogic.kb.statutes.data.reference import reference_rules
    from taxlogic.tools.engine import Engine

    missed = {}
    with Engine(reference_rules(), workers=1) as eng:
        for d in ("housing", "uscis-aao"):
            for c in cases(d, "hard"):
                run = run_program(c.reference_prolog, eng, ANSWER_GOALS[d])
                if not (run.status == "ok" and is_correct(d, c.label, run.value)):
                    missed[c.id] = run
    assert {i for i in missed if i.startswith("housing")} == set()
    assert {i for i in missed if i.startswith("uscis")} == {i for i, e in errata("run").items() if e["domain"] == "uscis-aao"}


def test_eval_run_zero_shot_end_to_end_through_the_engines_sandbox(deontic_data_dir, tmp_path, monkeypatch):
    """``taxlogic eval run --method prolog-zero-shot`` on the housing smoke split, over HTTP: an
    endpoint answers each of the benchmark's prompts with the case's reference program (label
    directive removed); every program runs in the engine's sandbox and gives its label."""
    from taxlogic.eval.faults.program_endpoint import ProgramEndpoint, ServedCase
    from taxlogic.kb.statutes.data import cases
    from taxlogic.settings import get_settings

    smoke = cases("housing", "smoke")
    served = [ServedCase(c.id, c.statutes.strip()[:200], c.question, c.reference_prolog) for c in smoke]
    out = tmp_path / "run"
    with ProgramEndpoint(served) as ep:
        for k, v in {"LLM_BASE_URL": ep.base_url, "LLM_CACHE": "0", "LLM_MAX_RETRIES": "0", "WORKERS": "1",
                     "CACHE_DIR": str(tmp_path / "cache"), "DATA_DIR": str(deontic_data_dir)}.items():
            monkeypatch.setenv(f"TAXLOGIC_{k}", v)
        get_settings.cache_clear()
        try:
            res = runner.invoke(app, ["eval", "run", "--method", "prolog-zero-shot", "--dataset", "deonticbench-housing",
                                      "--split", "smoke", "--out", str(out)])
        finally:
            get_settings.cache_clear()
    assert res.exit_code == 0, res.output
    records = [json.loads(line) for line in (out / "records.jsonl").read_text().splitlines()]
    assert sorted(r["case_id"] for r in records) == sorted(c.id for c in smoke) == sorted(r.case_id for r in ep.requests)
    for r in records:
        assert r["prediction"] == r["gold"] and r["details"]["sandbox_status"] == "ok", r
        assert "directive not run: initialization(main, main)" in r["details"]["sandbox_problems"]


def test_direct_answers_are_read_as_the_benchmark_reads_them(deontic_data_dir):
    from taxlogic.eval.benchmarks.deonticbench.scoring import is_correct
    from taxlogic.kb.statutes.data import cases

    c = cases("housing", "smoke")[0]
    ds, run, _ = _method("direct", "deonticbench-housing", ["**No.** The statute says ...", "I cannot tell."])
    r = run(c)
    assert r.prediction == "no" and is_correct("housing", c.label, r.prediction) == (c.label == "no")
    r = run(c)
    assert r.abstained and r.prediction is None


def test_protocol_methods_without_the_papers_prompt_are_refused(deontic_data_dir, tmp_path):
    from taxlogic.eval.methods.registry import MethodUnavailable

    with pytest.raises(MethodUnavailable, match="instruction"):
        _method("direct", "deonticbench-uscis", ["Accepted"])
    with pytest.raises(MethodUnavailable, match="housing and USCIS prompts only"):
        _method("prolog-few-shot", "deonticbench-sara-numeric", ["x"])
    res = runner.invoke(app, ["eval", "run", "--method", "direct", "--dataset", "deonticbench-airline", "--split", "smoke",
                              "--out", str(tmp_path / "r")])
    assert res.exit_code != 0 and "housing and USCIS prompts only" in res.output and "Traceback" not in res.output


def test_the_hubs_whole_split_is_installed_when_given_and_never_trusted(source, tmp_path):
    from taxlogic.kb.datafiles import DataError
    from taxlogic.kb.statutes.data import available_splits, cases, install
    from taxlogic.kb.statutes.data.reference import reference_program

    copy = tmp_path / "with-hub"
    shutil.copytree(source, copy)
    entries = json.loads((source / "data" / "housing" / "hard.json").read_text())
    (copy / "data" / "housing" / "whole.json").write_text(json.dumps(entries[:7]))
    record = install(str(copy), tmp_path / "data")
    assert list(record["hub_files"]) == ["data/housing/whole.json"]
    assert available_splits("housing", tmp_path / "data") == ("hard", "smoke", "whole")
    assert available_splits("airline", tmp_path / "data") == ("hard", "smoke")
    whole = cases("housing", "whole", tmp_path / "data")
    assert len(whole) == 7 and {c.split for c in whole} == {"whole"}
    with pytest.raises(DataError, match="not pinned"):  # no shipped checksum: its programs are not trusted
        reference_program(whole[0], tmp_path / "data")


def test_gold_on_an_unpinned_split_runs_sandboxed_and_never_answers_otherwise(deontic_data_dir):
    from taxlogic.eval.benchmarks.deonticbench.reference import run_references, sandboxed_reference
    from taxlogic.kb.statutes.data import DOMAINS, cases
    from taxlogic.kb.statutes.data.reference import reference_rules
    from taxlogic.tools.engine import Engine

    with Engine(reference_rules(), workers=1) as eng:
        for d in DOMAINS:
            smoke = cases(d, "smoke")
            for trusted, c in zip(run_references(eng, smoke), smoke):
                untrusted = sandboxed_reference(c, eng)  # the same program as untrusted text
                if untrusted.answer is not None and d in ("sara_numeric", "airline"):  # printed ~2f or ~w: the cent
                    assert abs(float(untrusted.answer) - float(trusted.answer)) < 0.01, (c.id, untrusted, trusted)
                else:
                    assert untrusted.answer is None or untrusted.answer == trusted.answer, (c.id, untrusted, trusted)
                assert untrusted.answer is not None or untrusted.reason
