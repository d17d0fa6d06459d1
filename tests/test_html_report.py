"""The HTML report (``eval report --html``) in a real headless browser: Debian's Chromium driven by
Playwright, on run folders made here with real records (gold programs through SWI-Prolog; the
agent with a scripted fake model)."""

from __future__ import annotations

import json

import pytest

from taxlogic.eval.reports.browser import browser_page, find_chromium
from taxlogic.eval.reports.case_view import Run, page_cases, record_view
from taxlogic.eval.benchmarks import load_dataset
from taxlogic.eval.reports.html_report import embed_json, load_runs, render_html, write_html
from taxlogic.eval.methods.registry import Engines, make_method
from taxlogic.eval.scoring.records import CaseRecord, RunConfig, RunStore, read_records
from taxlogic.eval.reports.report import collect
from taxlogic.eval.harness.runner import run_eval
from fakes import ScriptedChatModel

pytestmark = pytest.mark.timeout(300)
needs_browser = pytest.mark.skipif(find_chromium() is None, reason="no Chromium on this machine: install Debian's "
                                   "chromium (scripts/system-deps.sh, run by `make setup`) to run the browser tests")

GOLD = RunConfig(method="gold", dataset="sara", split="test", task="entailment", limit=6)
AGENT = RunConfig(method="agent", dataset="sara", split="test", task="entailment", limit=6, budget=1, samples=1, exemplars=0)
# valid facts on lines 1-2; the validator flags line 3 (unknown predicate) and line 4 (quoted amount)
BAD = 'income_(e).\nagent_(e, alice).\nfoo_bar_(e).\namount_(e, "12").\n'
PAYLOAD = '<script>window.__pwned = 1</script>\n<img src=x onerror="window.__pwned = 2">\nincome_(e).\n'
# per case of the first six test cases: what the scripted translator writes, round by round
PLAN = {"s151_c_pos": [BAD, "gold"], "s151_d_1_neg": [BAD], "s151_d_1_pos": [PAYLOAD]}


def _facts_only(program: str) -> str:
    """A gold program without its directives (``:- discontiguous …``), as a translator writes it."""
    return "\n".join(l for l in program.splitlines() if not l.lstrip().startswith(":-")) + "\n"


class NamedScripted(ScriptedChatModel):
    model_name: str = "scripted-translator"


@pytest.fixture(scope="module")
def ds(sara_data_dir):
    return load_dataset("sara", "test", "entailment", limit=6)


@pytest.fixture(scope="module")
def runs(ds, tmp_path_factory):
    """Two run folders on six SARA test cases: gold programs, and the agent (budget 1) with a
    translator that is right, repairs a bad translation, stays bad, or writes HTML."""
    from taxlogic.agent import llm

    root = tmp_path_factory.mktemp("runs")
    by_text = {c.text: c for c in ds.items}

    def translate(messages, i):
        case = next(c for t, c in by_text.items() if t in messages[1].content)
        plan = PLAN.get(case.id, ["gold"])
        reply = plan[min(sum(1 for m in messages if m.type == "ai"), len(plan) - 1)]
        return _facts_only(case.gold_facts) if reply == "gold" else reply

    engines = Engines(ds, workers=2)
    try:
        with RunStore(root / "gold", GOLD) as store:
            run_eval(ds, make_method("gold", ds, engines=engines), "gold", store, concurrency=2)
        with pytest.MonkeyPatch.context() as mp:
            mp.setattr(llm, "chat_model", lambda *a, **k: NamedScripted(script=translate, calls=[]))
            method = make_method("agent", ds, engines=engines, budget=1, samples=1, exemplars=0, grammar=False,
                                 anchors=False)  # the scripted facts carry no anchors
            with RunStore(root / "agent", AGENT) as store:
                run_eval(ds, method, "agent", store, concurrency=1)
    finally:
        engines.close()
    return root


@pytest.fixture(scope="module")
def page_file(runs):
    paths = [runs / "gold", runs / "agent"]
    return write_html(paths, runs / "report.html", collect(paths))


@pytest.fixture(scope="module")
def page():
    if find_chromium() is None:
        pytest.skip("no Chromium on this machine: install Debian's chromium (scripts/system-deps.sh)")
    with browser_page() as p:
        p.set_default_timeout(10_000)
        yield p


def _open(page, path):
    page.goto(path.as_uri())
    page.wait_for_selector("body[data-ready='1']")


def _records(runs, name):
    return {r.case_id: r for r in read_records(runs / name)}


def test_agent_records_hold_rounds_issues_and_trace(runs):
    recs = _records(runs, "agent")
    bad = recs["s151_d_1_neg"]
    assert bad.abstained and bad.transcript is not None and len(bad.transcript.rounds) == 2
    first = bad.transcript.rounds[0]
    assert first.facts == BAD and first.outcome is None
    assert {(i.line, i.kind) for i in first.issues} >= {(3, "unknown_predicate"), (4, "amount")}
    assert [s.node for s in bad.transcript.trace][:3] == ["generate", "validate", "inspect"]
    repaired = recs["s151_c_pos"]
    assert repaired.correct and [r.index for r in repaired.transcript.rounds] == [0, 1]
    assert repaired.transcript.rounds[1].issues == [] and repaired.transcript.rounds[1].outcome == "proved"
    view = record_view(repaired)
    assert any(l.startswith("-foo_bar_(e).") for l in view["rounds"][1]["diff"])
    assert view["rounds"][1]["tokens"] == [repaired.transcript.rounds[1].input_tokens, 10]


def test_old_records_without_transcript_still_give_a_view(runs):
    rec = _records(runs, "agent")["s151_d_1_neg"].model_copy(update={"transcript": None})
    view = record_view(rec)
    assert view["rounds"] is None and view["facts"] == rec.facts
    assert {(e["line"], e["kind"]) for e in view["errors"]} >= {(3, "unknown_predicate"), (4, "amount")}
    assert "unknown_predicate" in view["kinds"]


def test_cases_pair_across_runs_with_differing_verdicts_first(runs):
    cases = page_cases(load_runs([runs / "gold", runs / "agent"]))
    assert len(cases) == 6 and all(c["runs"][0] and c["runs"][1] for c in cases)
    differing = [c["id"] for c in cases if c["differs"]]
    assert sorted(differing) == ["s151_d_1_neg", "s151_d_1_pos"]
    assert [c["id"] for c in cases[:2]] == differing
    assert all(c["text"] and c["question"] and c["split"] == "test" for c in cases)


def test_report_command_writes_one_self_contained_page(runs, tmp_path):
    from typer.testing import CliRunner

    from taxlogic.cli import app

    out = tmp_path / "page" / "report.html"
    res = CliRunner().invoke(app, ["eval", "report", str(runs / "gold"), str(runs / "agent"), "--out", str(tmp_path / "rep"),
                                   "--html", str(out)])
    assert res.exit_code == 0, res.output
    html = out.read_text(encoding="utf-8")
    assert html.count("<script") == 2 and 'src="data:image/png;base64,' in html  # the data, the code; plot inline
    assert "http://" not in html and "https://" not in html and "<link" not in html
    data = json.loads(html.split('<script type="application/json" id="report-data">')[1].split("</script>")[0])
    assert [r["name"] for r in data["runs"]] == ["gold", "agent"] and len(data["cases"]) == 6
    res = CliRunner().invoke(app, ["eval", "report", str(runs / "gold"), "--out", str(tmp_path / "rep"), "--html", str(tmp_path)])
    assert res.exit_code == 1 and f"cannot write {tmp_path}" in res.output and "Traceback" not in res.output


def test_embedded_json_cannot_close_its_script():
    text = embed_json({"x": "</script><script>alert(1)</script> & \u2028"})
    assert "<" not in text and ">" not in text and "&" not in text and "\u2028" not in text
    assert json.loads(str(text)) == {"x": "</script><script>alert(1)</script> & \u2028"}


@needs_browser
def test_abstained_filter_shows_only_abstained_cases(page, page_file, runs):
    _open(page, page_file)
    assert page.locator("#cases .case").count() == 6
    assert page.locator("#cases .case").first.get_attribute("data-id") in ("s151_d_1_neg", "s151_d_1_pos")
    page.click("#verdict-filter [data-verdict='abstained']")
    shown = sorted(page.locator("#cases .case").evaluate_all("els => els.map(e => e.dataset.id)"))
    expected = sorted(i for i, r in _records(runs, "agent").items() if r.abstained)
    assert shown == expected == ["s151_d_1_neg", "s151_d_1_pos"]
    page.select_option("#verdict-run", "0")  # the gold run abstains nowhere
    assert page.locator("#cases .case").count() == 0
    page.select_option("#verdict-run", "any")
    page.click("#verdict-filter [data-verdict='all']")
    page.fill("#search", "d_3_a")
    assert sorted(page.locator("#cases .case").evaluate_all("els => els.map(e => e.dataset.id)")) == \
        ["s151_d_3_A_neg", "s151_d_3_A_pos"]
    page.fill("#search", "")
    page.select_option("#kind-filter", "unknown_predicate")
    assert sorted(page.locator("#cases .case").evaluate_all("els => els.map(e => e.dataset.id)")) == \
        ["s151_c_pos", "s151_d_1_neg"]


@needs_browser
def test_issue_text_sits_on_its_fact_line(page, page_file, runs):
    _open(page, page_file)
    rec = _records(runs, "agent")["s151_d_1_neg"]
    issue = next(i for i in rec.transcript.rounds[0].issues if i.kind == "unknown_predicate")
    case = page.locator("#cases .case[data-id='s151_d_1_neg']")
    assert case.locator(".case-body").is_hidden() and case.locator(".line").count() == 0  # built on expand
    case.locator(".case-head").click()
    agent_col = case.locator(".run-col").nth(1)
    first_round = agent_col.locator(".round").first
    line = first_round.locator(f".line[data-line='{issue.line}']")
    assert line.locator(".src").inner_text() == "foo_bar_(e)."
    assert issue.message in line.locator(".issue").inner_text()
    assert first_round.locator(".line[data-line='1'] .issue").count() == 0
    assert ds_text_in(case, rec.case_id)
    # gold side by side; the repaired case shows the repair's diff
    assert "no record" not in case.locator(".run-col").nth(0).inner_text()
    other = page.locator("#cases .case[data-id='s151_c_pos']")
    other.locator(".case-head").click()
    other.locator("details.diff summary").click()
    assert "-foo_bar_(e)." in other.locator("details.diff pre").inner_text()


def ds_text_in(case, case_id) -> bool:
    from taxlogic.kb.sara.data.cases import get_case

    return get_case(case_id).text.split("\n")[0] in case.locator(".case-text").inner_text()


@needs_browser
def test_model_output_with_script_is_shown_as_text_and_never_runs(page, page_file):
    _open(page, page_file)
    case = page.locator("#cases .case[data-id='s151_d_1_pos']")
    case.locator(".case-head").click()
    src = case.locator(".run-col").nth(1).locator(".round").first.locator(".line .src")
    assert src.nth(0).inner_text() == "<script>window.__pwned = 1</script>"
    assert src.nth(1).inner_text() == '<img src=x onerror="window.__pwned = 2">'
    assert page.locator("#cases script, #cases img").count() == 0
    page.wait_for_timeout(200)  # an onerror handler would have fired by now
    assert page.evaluate("typeof window.__pwned") == "undefined"


@needs_browser
def test_old_records_and_direct_replies_render(page, runs, ds, tmp_path):
    """Records written before transcripts existed, and direct answers whose reply holds markup."""
    from tenacity import wait_none

    old = tmp_path / "old"
    with RunStore(old, AGENT) as store:
        for r in read_records(runs / "agent"):
            store.append(r.model_copy(update={"transcript": None}))
    markup = '<b>bold</b><script>window.__pwned = 3</script>'
    model = NamedScripted(script=lambda m, i: ['{"final_answer": "Entailment", "confidence": 0.9}', markup][i % 2], calls=[])
    direct = tmp_path / "direct"
    with RunStore(direct, GOLD.model_copy(update={"method": "direct"})) as store:
        run_eval(ds, make_method("direct", ds, model=model, wait=wait_none()), "direct", store, concurrency=1)
    replied = next(r for r in read_records(direct) if r.details.get("raw") == markup)
    _open(page, write_html([old, direct], tmp_path / "old.html"))
    case = page.locator("#cases .case[data-id='s151_d_1_neg']")
    case.locator(".case-head").click()
    col = case.locator(".run-col").nth(0)
    last = _records(runs, "agent")["s151_d_1_neg"].facts
    assert col.locator(".facts .line .src").all_inner_texts() == last.splitlines() and "income_(e)." in last
    assert "line 3: unknown predicate foo_bar_/1" in col.locator(".errors").inner_text()
    case = page.locator(f"#cases .case[data-id='{replied.case_id}']")
    case.locator(".case-head").click()
    assert case.locator(".run-col").nth(1).locator("pre.reply").first.inner_text() == markup
    assert page.locator("#cases script, #cases b").count() == 0
    assert page.evaluate("typeof window.__pwned") == "undefined"


@needs_browser
def test_justification_tree_opens_and_points_into_the_case(page, runs, tmp_path):
    run = load_runs([runs / "gold"])[0]
    cases = page_cases([run])
    target = next(c for c in cases if c["id"] == "s151_c_neg")
    sentence = target["text"].split(".")[0].strip()
    tree = {"label": "s151_c(alice,bob,2015)", "section": "§151(c)", "children": [
        {"label": "s152(bob,alice,2015)", "value": "true", "children": [
            {"label": "son_(e1)", "sentence": sentence}]}]}
    recs = [r.model_copy(update={"explanation": tree if r.case_id == "s151_c_neg" else None}) for r in run.records]
    html = render_html([Run(label="gold explained", path=run.path, config=run.config, records=recs)])
    path = tmp_path / "explained.html"
    path.write_text(html, encoding="utf-8")
    _open(page, path)
    case = page.locator("#cases .case[data-id='s151_c_neg']")
    case.locator(".case-head").click()
    just = case.locator("details.justification")
    assert just.count() == 1 and page.locator("#cases details.justification").count() == 1
    just.locator("summary").first.click()
    assert "§151(c)" in just.inner_text() and "s152(bob,alice,2015) = true" in just.inner_text()
    assert "son_(e1)" not in just.inner_text()  # children are built when their node opens
    just.locator("summary", has_text="s152(bob,alice,2015)").click()
    just.locator("button.anchor").click()
    assert case.locator(".case-text mark").inner_text() == sentence


def test_gold_records_hold_their_explanation_without_explain(runs):
    recs = _records(runs, "gold")
    assert len(recs) == 6 and all(r.explanation for r in recs.values())
    ex = recs["s151_d_1_pos"].explanation
    assert ex["schema_version"] == "2.0" and ex["level"] == "default" and ex["worksheet"]["steps"]


@needs_browser
def test_a_case_has_a_link_of_its_own_and_the_plot_is_open(page, page_file):
    page.goto(page_file.as_uri() + "#s151_d_1_pos")
    page.wait_for_selector("body[data-ready='1']")
    assert page.locator("details.plot").get_attribute("open") is not None
    case = page.locator("#s151_d_1_pos")
    assert case.locator(".case-body").is_visible() and page.locator("#cases .case").count() == 1
    link = case.locator("a.permalink")
    assert link.get_attribute("href") == "#s151_d_1_pos"
    gold = case.locator(".run-col").nth(0)
    sheet = gold.locator(".worksheet")
    assert sheet.is_visible() and "§151(d)(1)" in sheet.inner_text()
    assert gold.locator("details.proof summary").inner_text() == "proof tree"


@pytest.fixture(scope="module")
def nba_page_file(rulearena_gold_run, tmp_path_factory):
    """The report of a gold run on two RuleArena NBA problems."""
    root = tmp_path_factory.mktemp("nba")
    paths = [rulearena_gold_run("nba", root / "gold-nba")]
    return write_html(paths, root / "report.html", collect(paths))


def test_an_nba_case_shows_its_own_text_not_the_rulebook(nba_page_file):
    html = nba_page_file.read_text()
    assert "Operations:" in html and "Team Situations:" in html
    assert "more characters not shown" not in html and "reference_rules.txt" in html


@needs_browser
def test_an_nba_case_page_shows_situations_operations_and_a_rulebook_link(page, nba_page_file):
    _open(page, nba_page_file)
    case = page.locator("#cases .case").first
    case.locator(".case-head").click()
    text = case.locator(".case-text .text").inner_text()
    assert "Team Situations:" in text and "Operations:" in text and "A. " in text
    assert len(text) < 5_000  # the problem, not RuleArena's 100,000-character rulebook
    link = case.locator(".case-text .rulebook a")
    assert link.count() == 1 and link.get_attribute("href").endswith("nba/reference_rules.txt")
    assert "Does any operation" in case.locator(".case-text .question").inner_text()
