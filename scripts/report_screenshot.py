"""Screenshot of the HTML report of real runs, for the README (``docs/report.png``).

    .venv/bin/python scripts/report_screenshot.py runs/gold-sara-test-all runs/agent-…-b3-sara-test-all

writes the report page (``--html``, default a temporary file), opens it in headless Chromium
(:mod:`taxlogic.eval.reports.browser`), opens one case (``--case``, default the first listed: with two
runs, the first whose verdicts differ) with its first repair diff, and saves a PNG of the page
(``--out``, default ``docs/report.png``), at most ``--max-height`` pixels tall.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

from taxlogic.eval.reports.browser import browser_page
from taxlogic.eval.reports.html_report import write_html
from taxlogic.eval.reports.report import collect, collect_contamination


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("runs", nargs="+", type=Path, help="run folders (or folders holding run folders)")
    ap.add_argument("--out", type=Path, default=Path("docs/report.png"))
    ap.add_argument("--html", type=Path, default=None, help="keep the page here (default: a temporary file)")
    ap.add_argument("--case", default=None, help="the case to open (default: the first listed)")
    ap.add_argument("--width", type=int, default=1360)
    ap.add_argument("--max-height", type=int, default=1700)
    args = ap.parse_args(argv)
    try:
        rows = collect(args.runs)
    except FileNotFoundError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory(prefix="taxlogic-shot-") as tmp:
        page_path = write_html(args.runs, args.html or Path(tmp) / "report.html", rows, collect_contamination(args.runs))
        with browser_page(width=args.width, height=900) as page:
            page.goto(page_path.as_uri())
            page.wait_for_selector("body[data-ready='1']")
            case = page.locator(f"#cases .case[data-id='{args.case}']" if args.case else "#cases .case").first
            if case.count() == 0:
                print(f"error: no case {args.case!r} in those runs", file=sys.stderr)
                return 1
            case.locator(".case-head").click()
            diffs = case.locator("details.diff summary")
            if diffs.count():
                diffs.first.click()
            page.evaluate("window.scrollTo(0, 0)")
            height = min(args.max_height, page.evaluate("document.documentElement.scrollHeight"))
            args.out.parent.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(args.out), full_page=True, clip={"x": 0, "y": 0, "width": args.width, "height": height})
    print(f"written: {args.out} ({args.width}x{height} px) from {page_path if args.html else 'a temporary page'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
