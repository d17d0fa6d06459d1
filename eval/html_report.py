"""``taxlogic eval report RUN … --html FILE``: one self-contained HTML page to browse every case.

The page holds the report's summary tables (SARA rows; RuleArena as its Table 2) and plot
(base64 PNG), then every case of the runs (:mod:`taxlogic.eval.reports.case_view`) with filters by
verdict, issue kind, split and task, and a search by case id. It needs no server and no network:
CSS and JavaScript are inline, the templates are files beside this module
(``templates/report.html.j2``, ``report.css``, ``report.js``).

Large runs stay usable: the cases travel as one JSON document in a
``<script type="application/json">`` element; the list is drawn from it at load (in pages of
300 rows) and a case's body is built only when it is opened.

Untrusted text (model replies, case text) never becomes markup: Jinja autoescapes the template,
the embedded JSON has ``<``, ``>`` and ``&`` written as ``\\u003c``, ``\\u003e``, ``\\u0026``
(so no ``</script>`` can close its element), and the script builds the page with ``textContent``,
never ``innerHTML``.
"""

from __future__ import annotations

import base64
import json
import tempfile
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader
from markupsafe import Markup

from taxlogic.eval.reports.case_view import VERDICTS, Run, case_texts, page_cases, verdict
from taxlogic.eval.scoring.records import iter_run_dirs, read_config, read_records

TEMPLATES = Path(__file__).parent / "templates"


def load_runs(paths: list[Path]) -> list[Run]:
    """The run folders among ``paths`` with their records. Raises FileNotFoundError for a path
    that holds no run."""
    from taxlogic.eval.reports.report import method_label

    return [Run(label=method_label(cfg), path=d, config=cfg, records=read_records(d))
            for d in iter_run_dirs(paths) for cfg in [read_config(d)]]


def embed_json(data: Any) -> Markup:
    """``data`` as JSON safe inside ``<script type="application/json">`` (no ``<``, ``>``, ``&``
    and no U+2028/U+2029 left as such)."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"), default=str)
    for ch, esc in (("&", "\\u0026"), ("<", "\\u003c"), (">", "\\u003e"), ("\u2028", "\\u2028"), ("\u2029", "\\u2029")):
        text = text.replace(ch, esc)
    return Markup(text)


def _plot_png(rows) -> str | None:
    """The terminal report's plot (:func:`taxlogic.eval.reports.report.plot`) as base64 PNG."""
    from taxlogic.eval.reports.report import plot

    if not rows:
        return None
    with tempfile.TemporaryDirectory(prefix="taxlogic-report-") as tmp:
        path = Path(tmp) / "report.png"
        plot(rows, path)
        return base64.b64encode(path.read_bytes()).decode("ascii")


def _environment() -> Environment:
    from taxlogic.eval.reports.report import _fmt, clean_cell, dollars_cell

    env = Environment(loader=FileSystemLoader(TEMPLATES), autoescape=True, trim_blocks=True, lstrip_blocks=True)
    env.filters["fmt"] = _fmt
    env.filters["clean"] = clean_cell
    env.filters["dollars"] = dollars_cell
    return env


def render_html(runs: list[Run], rows: list | None = None, quiz: list | None = None, *, texts=case_texts) -> str:
    """The page for ``runs``; ``rows`` and ``quiz`` are the report's rows
    (:func:`taxlogic.eval.reports.report.collect`, :func:`~taxlogic.eval.reports.report.collect_contamination`);
    ``texts``: a run's case texts by id (:func:`taxlogic.eval.reports.case_view.case_texts`)."""
    from taxlogic.eval.reports.report import data_title, own_tables

    rows, quiz = list(rows or []), list(quiz or [])
    common, tables = own_tables(rows)
    shaped = []
    for table, trows in tables:
        header, lines, notes = table.lines(trows)
        if lines:
            shaped.append({"title": table.title, "header": header, "lines": lines, "notes": notes})
    run_meta = []
    for run in runs:
        counts = {v: 0 for v in VERDICTS}
        for rec in run.records:
            counts[verdict(rec)] += 1
        run_meta.append({"label": run.label, "path": str(run.path), "name": run.path.name, "n": len(run.records),
                         "dataset": run.config.dataset, "split": run.config.split, "task": run.config.task,
                         "counts": counts})
    env = _environment()
    return env.get_template("report.html.j2").render(
        runs=run_meta,
        sara_rows=common, data_title=data_title(common), own_tables=shaped,
        quiz=quiz, plot=_plot_png(rows),
        generated=datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        css=Markup((TEMPLATES / "report.css").read_text(encoding="utf-8")),
        js=Markup((TEMPLATES / "report.js").read_text(encoding="utf-8")),
        data=embed_json({"runs": run_meta, "verdicts": VERDICTS, "cases": page_cases(runs, texts)}),
    )


def write_html(paths: list[Path], out: Path, rows: list | None = None, quiz: list | None = None) -> Path:
    """Write the report page for the run folders among ``paths`` to ``out`` (one file, UTF-8)."""
    html = render_html(load_runs(paths), rows, quiz)
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(html, encoding="utf-8")
    return out
