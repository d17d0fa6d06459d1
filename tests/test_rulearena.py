"""RuleArena: prompts rebuilt exactly, the benchmark's own answer checks (every probe of the
derived README), the direct method through the runner, summaries, the Table-2 report, the CLI."""

from __future__ import annotations

import json
import shutil

import httpx2
import openai
import pytest
from tenacity import wait_none

from taxlogic.eval.benchmarks.rulearena import data as ra
from taxlogic.eval.benchmarks.rulearena import summary as bra
from taxlogic.eval.benchmarks.rulearena.data import isclose, score_airline, score_nba, score_tax
from taxlogic.kb.datafiles import DataError
from fakes import scripted


@pytest.fixture(scope="module")
def root():
    try:
        return ra.rulearena_root()
    except DataError as exc:
        pytest.skip(str(exc))


def _items(domain, level=0, **kw):
    return ra.load_rulearena(domain, level, **kw)


@pytest.fixture(scope="module")
def airline0(root):
    return _items("airline")


@pytest.fixture(scope="module")
def tax0(root):
    return _items("tax")


@pytest.fixture(scope="module")
def nba0(root):
    return _items("nba")


REASONING = "Let me work through the rules step by step.\n\nStep 1: the ticket price.\nStep 2: the bag fees.\n\n"

# ----------------------------------------------------------------------------- airline probes

#: README airline probe table: (reply built from the answer F, correct on all 100 level-0 problems?)
AIRLINE_PROBES = {
    "thousands separators": (lambda F: f"The total cost is ${F:,}.", True),
    "plain": (lambda F: f"The total cost is ${F}.", True),
    "bold": (lambda F: f"**The total cost is ${F:,}.**", True),
    "more text after (substring rule)": (lambda F: f"The total cost is ${F:,}.\n\nLet me know if you need anything else.", True),
    "space after $ (substring rule)": (lambda F: f"The total cost is $ {F}.", True),
    "first occurrence $0, later $F": (lambda F: f"The total cost is $0 so far.\n\nAdding the bags, the total cost is ${F}.\n\nThe total cost is ${F}.", True),
    "$F0 dollars (false positive)": (lambda F: f"The total cost is ${F}0 dollars", True),
    "$1,245.00. becomes 124500": (lambda F: f"The total cost is ${F:,}.00.", False),
    "$F0.": (lambda F: f"The total cost is ${F}0.", False),
    "$F+1.": (lambda F: f"The total cost is ${F + 1}.", False),
    "no $": (lambda F: f"The total cost is {F}.", False),
    "lower case": (lambda F: f"the total cost is ${F}.", False),
}


@pytest.mark.parametrize("probe", list(AIRLINE_PROBES))
def test_airline_probe_on_one_answer(probe):
    make, ok = AIRLINE_PROBES[probe]
    assert score_airline(REASONING + make(1245), 1245).correct is ok


@pytest.mark.parametrize("probe", list(AIRLINE_PROBES))
def test_airline_probe_on_all_level0_problems(probe, airline0):
    make, ok = AIRLINE_PROBES[probe]
    correct = sum(score_airline(REASONING + make(it.answer), it.answer).correct for it in airline0)
    assert correct == (100 if ok else 0)


def test_airline_parsing_details():
    s = score_airline("The total cost is $1,245.", 1245)
    assert (s.correct, s.prediction, s.rule) == (True, 1245, "int")
    s = score_airline("The total cost is $1,245.00.", 1245)
    assert (s.correct, s.prediction) == (False, 124500)
    s = score_airline("The total cost is $ 1245.", 1245)
    assert s.rule == "substring" and s.correct and s.prediction == " 1245"
    assert score_airline("The total cost is $.", 1245).rule == "substring"  # v == "" is not numeric
    s = score_airline("Nothing here", 1245)
    assert not s.correct and not s.answered and "The total cost is" in s.reason
    s = score_airline("The total cost is 1245 dollars", 1245)
    assert not s.answered and s.rule == "no-dollar"
    # "$" before the marker does not count: the search starts at the marker
    assert not score_airline("Bag 1 costs $1245. The total cost is 1245.", 1245).correct


def test_airline_isnumeric_but_int_fails_counts_wrong():
    s = score_airline("The total cost is $1245½", 1245)  # '1245½'.isnumeric() but int() raises
    assert not s.correct and not s.answered and s.rule == "int-failed" and "retries" in s.reason
    assert score_airline("The total cost is $١٢٤٥", 1245).correct  # Arabic-Indic digits: int() accepts them


# --------------------------------------------------------------------------------- tax probes


def _money(x: float, decimals: int | None = 2, sep: bool = True) -> str:
    if decimals is None:  # full precision, with separators
        whole, _, frac = repr(abs(x)).partition(".")
        return f"{int(whole):,}" + (f".{frac}" if frac else "")
    return f"{abs(x):{',' if sep else ''}.{decimals}f}"


def _word(x: float) -> str:
    return "owed" if x >= 0 else "overpaid"


#: README tax probe table: (reply built from the answer, correct count on the 100 level-0 problems)
TAX_PROBES = {
    "correct sign, $12,345.67.": (lambda a: f"The total tax {_word(a)} is ${_money(a)}.", 100),
    "full precision": (lambda a: f"The total tax {_word(a)} is ${_money(a, None)}.", 100),
    "bold": (lambda a: f"**The total tax {_word(a)} is ${_money(a)}.**", 100),
    "at the very end, no final character": (lambda a: f"The total tax {_word(a)} is ${_money(a)}", 87),
    "whole dollars with separators": (lambda a: f"The total tax {_word(a)} is ${_money(a, 0)}.", 38),
    "no thousands separators": (lambda a: f"The total tax {_word(a)} is ${_money(a, sep=False)}.", 4),
    "owed with a negative number for refunds": (lambda a: f"The total tax owed is ${a:,.2f}.", 72),
    "sign word swapped": (lambda a: f"The total tax {'overpaid' if a >= 0 else 'owed'} is ${_money(a)}.", 0),
}


@pytest.mark.parametrize("probe", list(TAX_PROBES))
def test_tax_probe_on_all_level0_problems(probe, tax0):
    make, expected = TAX_PROBES[probe]
    assert sum(score_tax(REASONING + make(it.answer), it.answer).correct for it in tax0) == expected


TAX_ONE = 4192.544513009998
TAX_ONE_EXPECTED = {"correct sign, $12,345.67.": True, "full precision": True, "bold": True,
                    "at the very end, no final character": False,  # 4192.5: 0.0445 off, tolerance 0.0419
                    "whole dollars with separators": False, "no thousands separators": False,
                    "owed with a negative number for refunds": True, "sign word swapped": False}


@pytest.mark.parametrize("probe", list(TAX_PROBES))
def test_tax_probe_on_one_answer(probe):
    make, _ = TAX_PROBES[probe]
    assert score_tax(REASONING + make(TAX_ONE), TAX_ONE).correct is TAX_ONE_EXPECTED[probe]
    refund = -TAX_ONE
    expected_refund = TAX_ONE_EXPECTED[probe] and probe != "owed with a negative number for refunds"
    assert score_tax(REASONING + make(refund), refund).correct is expected_refund


@pytest.mark.parametrize("reply,value", [
    ("The total tax owed is $12345.67.", 123.0),       # \d{1,3} wins, the final '.' eats '4'
    ("The total tax owed is $1,234.56", 1234.5),       # at the end: the last character is lost
    ("The total tax owed is $1,234", 1.0),
    ("The total tax overpaid is $1,234.56.", -1234.56),  # the sign comes from the word
    ("The total tax owed is $5!", 5.0),                # any character after the number will do
])
def test_tax_regex_quirks(reply, value):
    assert score_tax(reply, 1.0).prediction == value


def test_tax_minus_sign_and_newline_never_match():
    assert not score_tax("The total tax owed is $-5.", -5.0).answered
    assert not score_tax("The total tax owed is $5\n", 5.0).answered  # '.' does not match a newline


def test_isclose_is_numpy_default():
    assert isclose(100000.5, 100000.0) and not isclose(100001.1, 100000.0)
    assert isclose(1e-8, 0.0) and not isclose(2e-8, 0.0)
    assert isclose(-77.66253691999736 + 5e-4, -77.66253691999736) and not isclose(-77.66, -77.66253691999736)


@pytest.mark.parametrize("level,whole_dollars", [(0, 38), (1, 32), (2, 32)])
def test_tax_cents_and_whole_dollars_per_level(root, level, whole_dollars):
    items = _items("tax", level)
    cents_fail = [it.id for it in items if not score_tax(f"The total tax {_word(it.answer)} is ${_money(it.answer)}.", it.answer).correct]
    assert cents_fail == (["tax-2-24"] if level == 2 else [])
    assert sum(score_tax(f"The total tax {_word(it.answer)} is ${_money(it.answer, 0)}.", it.answer).correct
               for it in items) == whole_dollars


# --------------------------------------------------------------------------------- nba probes

NBA_PROBES = {
    "exact target": (lambda t: t, 81),
    "bold Answer:": (lambda t: t.replace("Answer:", "**Answer:**"), 81),
    "comma before Problematic Team": (lambda t: t.replace(". Problematic Team", ", Problematic Team"), 24),
    "lower case": (lambda t: t.lower(), 0),
    "always Answer: False.": (lambda t: "Answer: False.", 24),
}


@pytest.mark.parametrize("probe", list(NBA_PROBES))
def test_nba_probe_on_all_level0_problems(probe, nba0):
    make, expected = NBA_PROBES[probe]
    assert sum(score_nba(REASONING + make(it.target_response), it.target_response).correct for it in nba0) == expected


@pytest.mark.parametrize("probe", list(NBA_PROBES))
def test_nba_probe_on_one_answer(probe):
    make, expected = NBA_PROBES[probe]
    target = "Answer: True. Illegal Operation: B. Problematic Team: A"
    assert score_nba(REASONING + make(target), target).correct is (expected == 81)
    assert score_nba(REASONING + make("Answer: False"), "Answer: False").correct is (probe != "lower case")


def test_nba_target_anywhere_and_prediction():
    t = "Answer: True. Illegal Operation: C. Problematic Team: B"
    s = score_nba("Answer: False ... on reflection " + t + ".", t)
    assert s.correct
    s = score_nba("Answer: True. Illegal Operation: A. Problematic Team: B", t)
    assert not s.correct and s.answered and s.prediction == "Answer: True. Illegal Operation: A. Problematic Team: B"
    assert not score_nba("I cannot tell.", t).answered


def test_answers_score_100_percent(root):
    """The README's verification: replies stating the stored answers score every problem."""
    for level in (0, 1, 2):
        for it in _items("airline", level):
            assert ra.score(it, f"The total cost is ${it.answer:,}.").correct
        for it in _items("tax", level):
            assert ra.score(it, f"The total tax {_word(it.answer)} is ${_money(it.answer, None)}.").correct
        for it in _items("nba", level):
            assert ra.score(it, it.target_response).correct


# ------------------------------------------------------------------------------------ prompts

#: README sanity table (0-shot, and 1-shot / textual where given): (min, max) characters.
SANITY = {
    ("airline", 0, 0, "all"): (20049, 20163), ("airline", 0, 1, "all"): (24554, 24668),
    ("airline", 0, 0, "textual"): (48547, 48661), ("airline", 1, 0, "all"): (20063, 20298),
    ("airline", 2, 0, "all"): (20190, 20436), ("nba", 0, 0, "all"): (99604, 100503),
    ("nba", 0, 1, "all"): (105940, 106839), ("nba", 1, 0, "all"): (100008, 101254),
    ("nba", 2, 0, "all"): (100688, 101920), ("tax", 0, 0, "all"): (19450, 19496),
    ("tax", 1, 0, "all"): (21109, 35674), ("tax", 2, 0, "all"): (28010, 39395),
}


@pytest.mark.parametrize("key", list(SANITY))
def test_prompt_lengths_match_the_readme(root, key):
    domain, level, shots, variant = key
    items = _items(domain, level, shots=shots, variant=variant)
    lengths = [len(it.user_prompt) for it in items]
    assert (min(lengths), max(lengths)) == SANITY[key]
    assert len(items) == ra.COUNTS[(domain, level)]
    assert [it.index for it in items] == list(range(len(items)))
    assert all(it.user_prompt.startswith("\n") and it.user_prompt.endswith("Your response:\n") for it in items)


def test_prompts_are_read_exactly(root):
    raw = (root / "derived" / "airline_level0.jsonl").read_bytes().split(b"\n")[0]
    row = json.loads(raw.decode("utf-8"))
    it = _items("airline")[0]
    assert it.user_prompt == row["user_prompt_0shot"] and it.system_prompt == row["system_prompt"]
    rules = (root / "airline" / "reference_rules.txt").read_text(encoding="utf-8")
    assert rules in it.user_prompt and it.question in it.user_prompt


@pytest.mark.parametrize("domain,variant,example_len", [("airline", "all", 4505), ("airline", "textual", 4505),
                                                        ("nba", "all", 6336)])
def test_one_shot_is_the_zero_shot_prompt_with_the_example_spliced(root, domain, variant, example_len):
    zero = _items(domain, variant=variant)
    one = _items(domain, shots=1, variant=variant)
    ex = json.loads((root / "derived" / "oneshot_examples.json").read_text(encoding="utf-8"))[domain]
    field = "user_prompt_0shot" + ("_textual" if variant == "textual" else "")
    k = ex["insert_at"][field]
    for z, o in zip(zero, one):
        assert len(o.user_prompt) == len(z.user_prompt) + example_len
        assert o.user_prompt == z.user_prompt[:k] + ex["example"] + z.user_prompt[k:]
        assert z.user_prompt[:k].endswith(ex["text_before_insert_point"][field])
        assert o.oneshot_example == domain


def test_airline_textual_swaps_the_rule_text(root):
    rules = (root / "airline" / "reference_rules.txt").read_text(encoding="utf-8")
    textual = (root / "airline" / "reference_rules_textual.txt").read_text(encoding="utf-8")
    for z, t in zip(_items("airline", 1), _items("airline", 1, variant="textual")):
        assert t.user_prompt == z.user_prompt.replace(rules, textual) and textual in t.user_prompt


@pytest.mark.parametrize("model,name,official", [
    ("gpt-4o-2024-08-06", "gpt", True), ("claude-3-5-sonnet-20241022", "claude", True), ("o1-preview", "claude", True),
    ("qwen2.5-72b-instruct", "qwen", True), ("meta/llama-3.1-70b-instruct-maas", "llama", True),
    ("smollm2-135m", "gpt", False), (None, "gpt", False)])
def test_tax_one_shot_example_by_model(root, model, name, official):
    sizes = {"gpt": 22383, "claude": 21433, "qwen": 24149, "llama": 22466}
    zero = _items("tax", 1)
    one = _items("tax", 1, shots=1, model=model)
    assert {(it.oneshot_example, it.oneshot_example_official) for it in one} == {(name, official)}
    for z, o in zip(zero, one):
        assert len(o.user_prompt) == len(z.user_prompt) + sizes[name]
        assert o.user_prompt.startswith(z.user_prompt[:288]) and o.user_prompt.endswith(z.user_prompt[288:])


def test_tax_ablations_and_placeholder(root):
    abl = {json.loads(l)["id"]: json.loads(l) for l in (root / "derived" / "tax_level0_ablations.jsonl").read_text(encoding="utf-8").splitlines()[:3]}
    for variant in ("textual", "distractor"):
        for it in _items("tax", variant=variant)[:3]:
            assert it.user_prompt == abl[it.id][f"user_prompt_0shot_{variant}"]
    for z, p in zip(_items("tax", shots=1, model="gpt-4o-2024-08-06"), _items("tax", shots=1, variant="placeholder", model="gpt-4o-2024-08-06")):
        assert p.user_prompt == z.user_prompt.replace("\n\n", "\n" + "- " * 30 + "-\n")
    with pytest.raises(ValueError, match="level 0"):
        _items("tax", 1, variant="textual")
    with pytest.raises(ValueError, match="0-shot"):
        _items("tax", 0, shots=1, variant="distractor")
    with pytest.raises(ValueError, match="--task"):
        _items("nba", variant="textual")


# ----------------------------------------------------------------------- method, runner, report


def _cfg(dataset, split="level0", shots=0, limit=None):
    from taxlogic.eval.scoring.records import RunConfig

    return RunConfig(method="direct", dataset=dataset, split=split, task="all", limit=limit, shots=shots)


def _run(tmp_path, dataset, replies, *, shots=0, limit=4, name="run", model_name=None):
    from taxlogic.eval.benchmarks import load_dataset
    from taxlogic.eval.methods.registry import make_method
    from taxlogic.eval.scoring.records import RunStore, read_records
    from taxlogic.eval.harness.runner import run_eval

    ds = load_dataset(dataset, "level0", "all", limit=limit, shots=shots, model=model_name)
    model = scripted(replies)
    with RunStore(tmp_path / name, _cfg(dataset, shots=shots, limit=limit)) as store:
        run_eval(ds, make_method("direct", ds, model=model, wait=wait_none()), "direct", store, concurrency=2)
    return ds, model, read_records(tmp_path / name)


def test_direct_sends_system_and_user_and_scores_by_the_benchmark(root, tmp_path):
    from taxlogic.eval.reports.summary import run_summary

    answers = {it.user_prompt: it.answer for it in _items("airline")}

    def reply(messages, i):  # right for even problems, wrong for odd ones
        ans = answers[messages[1].content]
        return f"Step by step...\n\n**The total cost is ${ans if ans % 2 == 0 else ans + 1:,}.**"

    ds, model, records = _run(tmp_path, "rulearena-airline", reply)
    assert len(records) == 4 and len(model.calls) == 4
    msgs = model.calls[0]
    assert [m.type for m in msgs] == ["system", "human"]
    assert {m[0].content for m in model.calls} == {ds.items[0].system_prompt}
    assert {m[1].content for m in model.calls} == {it.user_prompt for it in ds.items}
    for r in records:
        it = next(i for i in ds.items if i.id == r.case_id)
        assert r.kind == "airline" and r.gold == it.answer and isinstance(r.gold, int)
        assert r.correct is (it.answer % 2 == 0) and r.prediction == (it.answer if it.answer % 2 == 0 else it.answer + 1)
        assert r.details["temperature"] == 0.0 and "max_tokens" in r.details and r.details["rule"] == "int"
        assert r.details["reply"].startswith("Step by step")
    summary = run_summary(_cfg("rulearena-airline", limit=4), records)
    m = summary["metrics"]["airline"]
    assert m["n"] == 4 and m["accuracy"] == sum(r.correct for r in records) / 4
    assert "entailment" not in summary["metrics"] and "numeric" not in summary["metrics"]


def test_prompt_too_long_is_an_invalid_record_not_a_crash(root, tmp_path):
    err = openai.BadRequestError("Requested tokens (26000) exceed context window of 8192",
                                 response=httpx2.Response(400, request=httpx2.Request("POST", "http://x/v1")), body=None)
    _, _, records = _run(tmp_path, "rulearena-nba", [err], limit=2)
    assert len(records) == 2 and all(r.invalid and not r.correct for r in records)
    assert all("exceed context window" in r.reason for r in records)


def test_records_round_trip_bool_and_float_gold(root, tmp_path):
    _, _, nba = _run(tmp_path, "rulearena-nba", ["Answer: False"], limit=3, name="nba")
    assert all(isinstance(r.gold, bool) for r in nba)
    assert [r.correct for r in nba] == [r.gold is False for r in nba]
    _, _, tax = _run(tmp_path, "rulearena-tax", ["The total tax owed is $1."], limit=3, name="tax", shots=1)
    assert all(isinstance(r.gold, float) and r.prediction == 1.0 for r in tax)
    assert {(r.details["oneshot_example"], r.details["oneshot_example_official"]) for r in tax} == {("gpt", False)}


def test_report_has_a_table2_shaped_table(root, tmp_path):
    from taxlogic.eval.reports.report import collect, to_csv, to_markdown, write_report

    _run(tmp_path / "runs", "rulearena-airline", ["The total cost is $1."], name="a0")
    _run(tmp_path / "runs", "rulearena-tax", ["The total tax owed is $1."], shots=1, name="t1")
    rows = collect([tmp_path / "runs"])
    assert {(r.split, r.task, r.setting) for r in rows} == {("rulearena-airline/level0", "airline", "0-shot"),
                                                           ("rulearena-tax/level0", "tax", "1-shot")}
    md = to_markdown(rows)
    assert "| model / method | setting | airline L1 | airline L2 | airline L3 | nba L1 |" in md
    assert "0.00 (n=4/100)" in md and "tax 1-shot example 'gpt'" in md and "paper: GPT-4o | 1-shot" in md
    header, lines, _ = bra.table2(rows)
    assert len(lines) == 2 and all(len(line) == len(header) == 11 for line in lines)
    assert "setting" in to_csv(rows).splitlines()[0]
    assert write_report(rows, tmp_path / "report")["plot"].stat().st_size > 1000


# ------------------------------------------------------------------------------ install, CLI


def test_install_verifies_checksums(root, tmp_path, monkeypatch):
    monkeypatch.delenv(ra.ENV_DIR, raising=False)
    record = ra.install(root, tmp_path / "data")
    assert record["files"] == len(ra.manifest()) and not ra.verify(tmp_path / "data" / "rulearena")
    assert ra.rulearena_root(tmp_path / "data") == tmp_path / "data" / "rulearena"
    bad = tmp_path / "bad"
    shutil.copytree(root / "airline", bad / "airline")
    with pytest.raises(DataError, match="missing: derived"):
        ra.install(bad, tmp_path / "data2")
    assert not (tmp_path / "data2" / "rulearena").exists()


def test_root_from_environment(root, tmp_path, monkeypatch):
    monkeypatch.setenv(ra.ENV_DIR, str(root))
    assert ra.rulearena_root(tmp_path) == root
    monkeypatch.setenv(ra.ENV_DIR, str(tmp_path))
    with pytest.raises(DataError, match=ra.ENV_DIR):
        ra.rulearena_root()


def test_cli_run_and_report_without_a_model(root, tmp_path, monkeypatch):
    """Wiring: --shots, the run folder name, summary.json, the Table-2 report; an unreachable
    endpoint gives errored cases (no records, exit 1 naming it), not a crash."""
    from typer.testing import CliRunner

    from taxlogic.cli import app
    from taxlogic.settings import get_settings

    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("TAXLOGIC_LLM_BASE_URL", "http://127.0.0.1:9/v1")
    monkeypatch.setenv("TAXLOGIC_LLM_MAX_RETRIES", "0")
    monkeypatch.setenv("TAXLOGIC_LLM_CACHE", "false")
    get_settings.cache_clear()
    try:
        runner = CliRunner()
        res = runner.invoke(app, ["eval", "run", "--method", "direct", "--dataset", "rulearena-airline", "--split", "level0",
                                  "--shots", "1", "--limit", "2", "--json"])
        assert res.exit_code == 1 and "127.0.0.1:9" in res.output and "errored" in res.output, res.output
        who = get_settings().llm_model.replace("/", "_")
        out = tmp_path / "runs" / f"direct-{who}-rulearena-airline-level0-all-1shot"
        summary = json.loads((out / "summary.json").read_text())
        assert summary["config"]["shots"] == 1 and summary["errored"] == 2 and summary["cases"] == 0
        from taxlogic.eval.scoring.records import CaseRecord, RunConfig, RunStore, read_errored

        with RunStore(out, RunConfig.model_validate_json((out / "run.json").read_text())) as store:
            for e in read_errored(out):  # what a model that answers nothing usable would leave
                store.append(CaseRecord(case_id=e.case_id, dataset="rulearena-airline", split="level0", kind=e.kind,
                                        method="direct", gold=0, invalid=True, reason="no answer"))
        res = runner.invoke(app, ["eval", "run", "--method", "prolog-single-shot", "--dataset", "rulearena-nba",
                                  "--split", "level0"])
        assert res.exit_code == 2 and "use --method agent, direct or gold" in res.output, res.output
        res = runner.invoke(app, ["eval", "run", "--method", "direct", "--split", "test", "--shots", "1"])
        assert res.exit_code == 2 and "RuleArena" in res.output
        res = runner.invoke(app, ["eval", "report", str(tmp_path / "runs"), "--out", str(tmp_path / "rep")])
        assert res.exit_code == 0, res.output
        assert "Table 2 shape" in res.output and "airline L1" in (tmp_path / "rep" / "report.md").read_text()
    finally:
        get_settings.cache_clear()


def test_report_keeps_sara_rows_next_to_rulearena(root, tmp_path):
    from taxlogic.eval.scoring.records import CaseRecord, RunConfig, RunStore
    from taxlogic.eval.reports.report import collect, to_markdown
    from taxlogic.settings import get_settings

    cfg = RunConfig(method="direct", dataset="sara", split="test", task="all")
    with RunStore(tmp_path / "runs" / "sara", cfg) as store:
        store.append(CaseRecord(case_id="s1", dataset="sara", split="test", kind="entailment", method="direct",
                                gold="Entailment", prediction="Entailment", correct=True))
        store.append(CaseRecord(case_id="t1", dataset="sara", split="test", kind="numeric", method="direct",
                                gold=100, prediction=90))
    _run(tmp_path / "runs", "rulearena-nba", ["Answer: False"], name="nba", limit=2)
    rows = collect([tmp_path / "runs"])
    assert {r.task for r in rows} == {"entailment", "numeric", "nba"}
    md = to_markdown(rows)
    who = f"direct {get_settings().llm_model}"
    assert f"| {who} | sara/test | entailment | 1 | 100.0 |" in md
    assert f"| {who} | 0-shot |  |  |  | 0.00 (n=2/81) |" in md


def test_two_runs_for_one_cell_get_their_own_lines(root, tmp_path):
    from taxlogic.eval.reports.report import collect

    _run(tmp_path / "runs", "rulearena-airline", ["The total cost is $1."], name="first", limit=2)
    _run(tmp_path / "runs", "rulearena-airline", ["The total cost is $1."], name="second", limit=3)
    _, lines, _ = bra.table2(collect([tmp_path / "runs"]))
    assert len(lines) == 2 and lines[1][0].endswith("[second]")
    assert {line[2] for line in lines} == {"0.00 (n=2/100)", "0.00 (n=3/100)"}


def test_summary_averages_airline_field_extraction():
    from taxlogic.eval.scoring.records import CaseRecord

    def rec(i, extraction, abstained):
        return CaseRecord(case_id=f"airline-0-{i}", dataset="rulearena-airline", split="level0", kind="airline",
                          method="agent", gold=100, abstained=abstained, details={"extraction": extraction})

    records = [rec(0, {"route": 1.0, "item_dims": 0.5, "all": 0.0}, True),
               rec(1, {"route": 0.0, "item_dims": 1.0, "all": 0.0}, False),
               CaseRecord(case_id="tax-0-0", dataset="rulearena-tax", split="level0", kind="tax", method="direct", gold=1.0)]
    m = bra.rulearena_summary(records)
    assert m["airline"]["extraction"] == {"n": 2, "route": 0.5, "item_dims": 0.75, "all": 0.0}
    assert m["airline"]["n_abstained"] == 1 and "extraction" not in m["tax"]
