"""Benchmark: the HTML report of a large run, opened in headless Chromium.

Builds a synthetic agent run of N cases (default 2,000; 1-4 rounds each with 12-30 fact lines,
issues on some lines, a trace, a case text of about 1,000 characters), writes it as a real run
folder (``records.jsonl``), renders the page (``taxlogic.eval.reports.html_report``) for that run alone
and beside a second run of the same cases, and opens each page in Chromium
(:mod:`taxlogic.eval.reports.browser`). Prints per page: the file size, the seconds to render it in
Python, and the browser's times: page ready (the case list drawn, from navigation start, as
measured in the page), the load event, and the wall time of Playwright's ``goto`` until ready;
then the time to open one case and to apply the "abstained" filter; twice per page (the first
visit of the first page also pays for Chromium's start). Target: ready in under 3 s.

Usage: ``python bench/html_report.py [--cases 2000]``.
"""

from __future__ import annotations

import argparse
import random
import tempfile
import time
from pathlib import Path

from taxlogic.core import Issue
from taxlogic.eval.reports.browser import browser_page
from taxlogic.eval.reports.case_view import Run
from taxlogic.eval.reports.html_report import render_html
from taxlogic.eval.scoring.records import CaseRecord, RunConfig, RunStore, read_records
from taxlogic.eval.scoring.transcript import RoundLog, StepLog, Transcript

WORDS = ("Alice", "Bob", "was", "paid", "$", "in", "2017", "for", "work", "as", "an", "employee", "of", "Acme",
         "married", "and", "their", "son", "lived", "with", "them", "the", "house", "household", "income")
KINDS = ("syntax", "unknown_predicate", "coverage_amount", "coverage_person", "event_undescribed", "no_value")


def synthetic_record(i: int, rng: random.Random, model: str) -> CaseRecord:
    n_rounds = rng.randint(1, 4)
    rounds, trace = [], []
    for k in range(n_rounds):
        facts = "\n".join(f"{rng.choice(('income_', 'agent_', 'amount_', 'start_', 'marriage_'))}(e{j}, {rng.choice(WORDS).lower()})."
                          for j in range(rng.randint(12, 30)))
        last = k == n_rounds - 1
        issues = [] if last and rng.random() < 0.6 else [
            Issue(kind=rng.choice(KINDS), line=rng.randint(1, 12), message=" ".join(rng.choices(WORDS, k=18)))
            for _ in range(rng.randint(1, 3))]
        rounds.append(RoundLog(index=k, facts=facts, issues=issues, outcome="proved" if not issues else None,
                               input_tokens=1500 + 300 * k, output_tokens=200, seconds=2.5, llm_seconds=2.2))
        for node in (("generate" if k == 0 else "repair"), "validate", "execute", "inspect"):
            trace.append(StepLog(node=node, round=k, seconds=0.5, input_tokens=1500, output_tokens=200,
                                 issues=len(issues), detail=f"{len(issues)} issue(s)"))
    answered = not rounds[-1].issues
    correct = answered and rng.random() < 0.7
    return CaseRecord(case_id=f"case_{i:05d}", dataset="synthetic", split="test", kind=rng.choice(("entailment", "numeric")),
                      method="agent", model=model, gold="Entailment", prediction=("Entailment" if correct else "Contradiction") if answered else None,
                      correct=correct, abstained=not answered, reason=None if answered else "still wrong after 3 repair rounds",
                      rounds=n_rounds, input_tokens=2000 * n_rounds, output_tokens=200 * n_rounds, seconds=10.0 * n_rounds,
                      facts=rounds[-1].facts, transcript=Transcript(query="s1_a(alice,2017,_,_)", rounds=rounds, trace=trace))


def make_run(root: Path, name: str, n: int, seed: int) -> Run:
    rng = random.Random(seed)
    cfg = RunConfig(method="agent", dataset="synthetic", split="test", task="all", model=name, budget=3, samples=1, exemplars=0)
    with RunStore(root / name, cfg) as store:
        for i in range(n):
            store.append(synthetic_record(i, rng, name))
    return Run(label=f"agent {name} b3", path=root / name, config=cfg, records=read_records(root / name))


def texts_for(n: int):
    rng = random.Random(7)
    table = {f"case_{i:05d}": {"text": " ".join(rng.choices(WORDS, k=180)) + ".", "question": "Does section 1(a) apply to Alice in 2017?",
                               "split": "test"} for i in range(n)}
    return lambda cfg: table


def measure(page, path: Path) -> dict[str, float]:
    t0 = time.perf_counter()
    page.goto(path.as_uri())
    page.wait_for_selector("body[data-ready='1']", timeout=60_000)
    wall = time.perf_counter() - t0
    nav = page.evaluate("(() => { const n = performance.getEntriesByType('navigation')[0];"
                        " return {load: n.loadEventEnd, dcl: n.domContentLoadedEventEnd}; })()")
    ready = float(page.get_attribute("body", "data-ready-ms")) / 1000
    t0 = time.perf_counter()
    page.locator("#cases .case .case-head").first.click()
    page.wait_for_selector("#cases .case.open .round")
    expand = time.perf_counter() - t0
    t0 = time.perf_counter()
    page.click("#verdict-filter [data-verdict='abstained']")
    page.wait_for_selector("#verdict-filter [data-verdict='abstained'][aria-pressed='true']")
    filt = time.perf_counter() - t0
    return {"ready": ready, "load": nav["load"] / 1000, "wall": wall, "expand": expand, "filter": filt}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cases", type=int, default=2000)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="taxlogic-bench-html-") as tmp:
        root = Path(tmp)
        a, b = make_run(root, "model-a", args.cases, 1), make_run(root, "model-b", args.cases, 2)
        texts = texts_for(args.cases)
        pages = []
        for name, runs in ((f"1 run x {args.cases} cases", [a]), (f"2 runs x {args.cases} cases", [a, b])):
            t0 = time.perf_counter()
            html = render_html(runs, texts=texts)
            build = time.perf_counter() - t0
            path = root / f"report-{len(runs)}.html"
            path.write_text(html, encoding="utf-8")
            pages.append((name, path, build))
        with browser_page() as page:
            for name, path, build in pages:
                print(f"{name}: {path.stat().st_size / 1e6:.1f} MB, rendered in {build:.2f} s")
                for visit in ("first visit", "second visit"):
                    m = measure(page, path)
                    print(f"  {visit}: ready {m['ready']:.2f} s, load event {m['load']:.2f} s, goto-to-ready wall "
                          f"{m['wall']:.2f} s; open a case {m['expand'] * 1000:.0f} ms, 'abstained' filter {m['filter'] * 1000:.0f} ms")


if __name__ == "__main__":
    main()
