"""Reports across runs: methods side by side per split and task (like the paper's Tables 6, 8
and 9), as a terminal table, Markdown, CSV and a PNG plot. Every run stays apart (a run column;
one bar per run, :func:`plot_bars`): the plot stacks each run's shares of correct, wrong,
abstained and invalid answers with n beside the bar, so a small or fully abstaining run cannot
pass for a bad one.

Each run folder contributes one row per task it covers: the method label (method, model,
repair budget), dataset/split, and the headline metrics of :func:`taxlogic.eval.reports.summary.headline`
(percentages): Acc (entailment) or EM (numeric), M10%, SARA tolerance, Err among all cases (paper
Table 5: Acc/EM + Err + abstention = 100), Err among answered, abstention rate, mean cost of errors
in dollars (numeric). Two tables in the paper's shapes follow: Table 5 (EM/Err per method on
SARA_N and Acc/Err on SARA_E, :func:`table5_markdown`) and Table 7 (contamination Min/Max per
model, κ-based and raw BCQ accuracy, :func:`table7_markdown`).

What a run's rows hold is its benchmark's business (:meth:`Benchmark.report_rows
<taxlogic.eval.benchmarks.Benchmark.report_rows>`): RuleArena runs give one row per run (split
``rulearena-<domain>/level<k>``, task = domain, ``setting`` = "0-shot"/"1-shot" [+ variant]). Rows
of a benchmark with a table of its own (:attr:`Benchmark.report_table
<taxlogic.eval.benchmarks.Benchmark.report_table>`: RuleArena's Table 2) are shown in that table;
the others in the common one.
"""

from __future__ import annotations

import csv
import io
from pathlib import Path

from pydantic import BaseModel, Field

from taxlogic.eval.benchmarks import ReportTable, find_benchmark, get_benchmark
from taxlogic.eval.scoring.records import iter_run_dirs, read_config, read_errored, read_records
from taxlogic.eval.reports.summary import run_summary

COLUMNS = ("method", "split", "task", "n", "acc", "acc_clean", "n_clean", "m10", "tol", "err", "err_answered", "abstain",
           "cost", "tokens_case", "tokens_answered", "cached", "dollars", "shots", "setting", "total",
           "note", "contamination", "errored", "n_correct", "n_wrong", "n_abstained", "n_invalid")

#: The outcomes a case can have in a run, in the plot's stacking order, with their colours:
#: correct (Acc/EM), wrong (answered, not correct), abstained, invalid (an answer that could
#: not be read; counted wrong in Err). Each case has exactly one.
OUTCOMES: tuple[tuple[str, str, str], ...] = (
    ("correct", "correct (Acc / EM)", "#2e7d32"),
    ("wrong", "wrong answer", "#c62828"),
    ("abstained", "abstained", "#b0b0b0"),
    ("invalid", "invalid answer (counted wrong)", "#ef8f00"),
)


class ReportRow(BaseModel):
    method: str
    split: str
    task: str
    n: int
    acc: float | None = None
    acc_clean: float | None = None  # Acc/EM on the cases without a documented gold erratum (kb/sara/data/errata.json)
    n_clean: int | None = None  # how many cases that is (None off SARA)
    m10: float | None = None
    tol: float | None = None
    err: float | None = None  # wrong answers among all cases (paper Table 5)
    err_answered: float | None = None  # wrong answers among answered cases
    abstain: float | None = None
    cost: float | None = None
    tokens_case: float | None = None  # LLM tokens (input + output) per case
    tokens_answered: float | None = None  # LLM tokens (input + output) per case that gave a usable answer
    cached: int | None = None  # prompt tokens the endpoint served from its cache (None: not reported)
    dollars: float | None = None  # what the tokens cost (the model's built-in price; None: unpriced)
    shots: int | None = None  # RuleArena rows: shots, setting label, problems in the level, notes
    setting: str | None = None
    total: int | None = None
    note: str | None = None
    contamination: str | None = None  # the model's contamination (κ min–max, %) when a quiz run was given
    errored: int = 0  # cases of this run and task the LLM endpoint failed on: not in n, acc or abstain
    n_correct: int | None = None  # the n cases by outcome (OUTCOMES); None when not counted from records
    n_wrong: int | None = None
    n_abstained: int | None = None
    n_invalid: int | None = None
    run: str = ""
    dataset: str = Field("", exclude=True)  # the run's benchmark (picks the table the row goes into)


class ContaminationRow(BaseModel):
    """One contamination-quiz run folder (``taxlogic eval contamination``): κ at the best BCQ
    split and min/max contamination across BCQ splits (paper §3.1.1, Table 7), in %."""

    model: str
    kappa: float | None
    min_contamination: float | None
    max_contamination: float | None
    min_bcq_accuracy: float | None = None
    max_bcq_accuracy: float | None = None
    quizzed: int
    invalid_answers: int
    run: str


def _quiz_dirs(paths: list[Path]):
    for p in map(Path, paths):
        for d in [p, *(sorted(q for q in p.iterdir() if q.is_dir()) if p.is_dir() else [])]:
            if (d / "meta.json").is_file() and (d / "summary.json").is_file():
                yield d


def collect_contamination(paths: list[Path]) -> list[ContaminationRow]:
    """Contamination summaries among ``paths`` (folders written by ``eval contamination``)."""
    import json

    out = []
    for d in _quiz_dirs(paths):
        s = json.loads((d / "summary.json").read_text())
        if "kappa" not in s:
            continue
        pct = lambda v: None if v is None else 100 * v  # noqa: E731
        out.append(ContaminationRow(model=s.get("model") or "?", kappa=pct(s.get("kappa")),
                                    min_contamination=pct(s.get("min_contamination")),
                                    max_contamination=pct(s.get("max_contamination")),
                                    min_bcq_accuracy=pct(s.get("min_bcq_accuracy")),
                                    max_bcq_accuracy=pct(s.get("max_bcq_accuracy")),
                                    quizzed=int(s.get("quizzed") or 0), invalid_answers=int((s.get("invalid_answers") or {}).get("total", 0)),
                                    run=str(d)))
    return out


def attach_contamination(rows: list[ReportRow], quiz: list[ContaminationRow]) -> None:
    """Put each model's contamination beside its accuracy rows (matched by model name)."""
    for q in quiz:
        label = f"{_fmt(q.min_contamination)}–{_fmt(q.max_contamination)}"
        for r in rows:
            if q.model in r.method.split():
                r.contamination = label


def method_label(cfg) -> str:
    """'agent smollm2-135m b3', 'direct gpt-4o', 'gold'."""
    parts = [cfg.method]
    if cfg.method != "gold":
        from taxlogic.settings import get_settings

        parts.append(cfg.model or get_settings().llm_model)
    if cfg.method == "agent":
        parts.append(f"b{cfg.budget}" + (f" k{cfg.samples}" if (cfg.samples or 1) > 1 else ""))
    return " ".join(parts)


def collect(paths: list[Path]) -> list[ReportRow]:
    """One row per (run, task), as the run's benchmark reports it. Raises FileNotFoundError for a
    path that holds no run, ValueError for a run of an unknown benchmark."""
    rows: list[ReportRow] = []
    for d in iter_run_dirs(paths):
        cfg = read_config(d)
        records = read_records(d)
        if not records:
            continue
        bench = get_benchmark(cfg.dataset)
        errored = read_errored(d)
        summary = run_summary(cfg, records, errored)
        rows.extend(ReportRow(**x, dataset=cfg.dataset, errored=sum(e.kind == x.get("task") for e in errored),
                              **outcome_counts([r for r in records if r.kind == x.get("task")]),
                              **usage_fields(cfg, [r for r in records if r.kind == x.get("task")], summary, x.get("task")))
                    for x in bench.report_rows(cfg, records, summary, d, method_label(cfg)))
    return rows


def usage_fields(cfg, records, summary: dict, task: str | None) -> dict:
    """A report row's accuracy without errata (from the run summary's ``errata``, in %) and its
    tokens and dollars (:func:`taxlogic.eval.reports.summary.token_summary` over the task's records)."""
    from taxlogic.eval.scoring.prices import price_for
    from taxlogic.eval.reports.summary import token_summary

    out: dict = {}
    e = (summary.get("errata") or {}).get(task)
    if e:
        out.update(acc_clean=None if e["acc_clean"] is None else 100 * e["acc_clean"], n_clean=e["n_clean"])
    t = token_summary(records, price_for(cfg.model))
    both = lambda d: None if d is None else round(d["input"] + d["output"], 1)  # noqa: E731
    if t["input"] or t["output"]:
        out.update(tokens_case=both(t["per_case"]), tokens_answered=both(t["per_answered"]), cached=t["cached"],
                   dollars=(t["dollars"] or {}).get("total"))
    return out


def outcome_counts(records) -> dict[str, int]:
    """``{"n_correct", "n_wrong", "n_abstained", "n_invalid"}`` for ``records`` (CaseRecord):
    each record counted once, by ``abstained``, ``invalid``, ``correct`` (the benchmark's score),
    else wrong."""
    counts = {f"n_{key}": 0 for key, _, _ in OUTCOMES}
    for r in records:
        key = "abstained" if r.abstained else "invalid" if r.invalid else "correct" if r.correct else "wrong"
        counts[f"n_{key}"] += 1
    return counts


def run_names(rows: list[ReportRow]) -> dict[str, str]:
    """A short name for each row's run folder: the folder's name, or as many trailing path parts
    as it takes to tell apart folders of the same name (``a/gold``, ``b/gold``)."""
    runs = list(dict.fromkeys(r.run for r in rows))
    parts = {run: Path(run).parts or (run,) for run in runs}
    depth = 1
    while depth < max((len(p) for p in parts.values()), default=1):
        names = [Path(*parts[run][-depth:]).as_posix() for run in runs]
        if len(set(names)) == len(names):
            break
        depth += 1
    return {run: Path(*parts[run][-depth:]).as_posix() if parts[run] else run for run in runs}


def own_tables(rows: list[ReportRow]) -> tuple[list[ReportRow], list[tuple[ReportTable, list[ReportRow]]]]:
    """(rows for the common table, [(a benchmark table, its rows)]) in order of first appearance."""
    common: list[ReportRow] = []
    tables: dict[int, tuple[ReportTable, list[ReportRow]]] = {}
    for r in rows:
        bench = find_benchmark(r.dataset)
        table = bench.report_table if bench is not None else None
        if table is None:
            common.append(r)
        else:
            tables.setdefault(id(table), (table, []))[1].append(r)
    return common, list(tables.values())


def clean_cell(r: ReportRow) -> str:
    """Acc/EM on the cases without errata with their count, "71.3 (94)"; "–" off SARA."""
    return "–" if r.n_clean is None else f"{_fmt(r.acc_clean)} ({r.n_clean})"


def dollars_cell(x: float | None) -> str:
    """Dollars to the cent, or to 4 decimals under a cent; "–" when unpriced."""
    return "–" if x is None else f"{x:,.2f}" if x >= 0.01 or x == 0 else f"{x:.4f}"


def _fmt(x: float | None, money: bool = False) -> str:
    if x is None:
        return "–"
    return f"{x:,.0f}" if money else f"{x:.1f}"


def data_title(rows: list[ReportRow]) -> str:
    """The titles of the benchmarks behind ``rows`` (release included), in order of first
    appearance, e.g. "SARA (2020 release), SARA⁺ from SARA (2020 release)"; "" when no row
    names a known benchmark."""
    titles = [b.title for b in (find_benchmark(r.dataset) for r in rows) if b is not None]
    return ", ".join(dict.fromkeys(titles))


def to_markdown(rows: list[ReportRow]) -> str:
    """The common table (under a heading naming its data), then each benchmark table (RuleArena's
    Table 2) after it."""
    common, tables = own_tables(rows)
    extra = "\n".join(md for md in (table.markdown(trows) for table, trows in tables) if md)
    if not common:
        return extra
    title = data_title(common)
    head = ("| method | split | task | n | Acc/EM % | M10 % | tol % | Err % (all) | Err % (answered) | abstain % | cost $ "
            "| Acc/EM % w/o errata (n) | tokens/case | tokens/answered | cached tokens | LLM $ | contamination κ % (min–max) "
            "| run |")
    lines = ([f"## {title}", ""] if title else []) + [head, "|" + "---|" * 18]
    names = run_names(common)
    for r in common:
        lines.append(f"| {r.method} | {r.split} | {r.task} | {r.n} | {_fmt(r.acc)} | {_fmt(r.m10)} | {_fmt(r.tol)} | "
                     f"{_fmt(r.err)} | {_fmt(r.err_answered)} | {_fmt(r.abstain)} | {_fmt(r.cost, True)} | {clean_cell(r)} | "
                     f"{_fmt(r.tokens_case, True)} | {_fmt(r.tokens_answered, True)} | {_fmt(r.cached, True)} | "
                     f"{dollars_cell(r.dollars)} | {r.contamination or '–'} | {names[r.run]} |")
    errored = [f"{r.method} {r.split} {r.task}: {r.errored}" for r in common if r.errored]
    if errored:
        lines += ["", "Errored cases (the LLM endpoint failed; not counted above, redone when the run is resumed): "
                  + "; ".join(errored)]
    table5 = table5_markdown(common)
    return "\n".join(lines) + "\n" + ("\n" + table5 if table5 else "") + ("\n" + extra if extra else "")


def table5_lines(rows: list[ReportRow]) -> tuple[list[str], list[list[str]]]:
    """Paper Table 5's shape: one line per method, one column per (split, task), cells "EM/Err"
    (numeric) or "Acc/Err" (entailment) in whole %, Err among all cases, so that the rest is the
    abstention rate. A method with two runs of the same split and task gets a line per run,
    labelled with its runs' names (:func:`run_names`). Returns (header, lines); no lines without
    rows."""
    cols = list(dict.fromkeys((r.split, r.task) for r in rows))
    names = run_names(rows)
    slots: dict[tuple[str, int], dict[tuple[str, str], ReportRow]] = {}
    for r in rows:
        k = 0
        while (r.split, r.task) in slots.get((r.method, k), {}):
            k += 1
        slots.setdefault((r.method, k), {})[(r.split, r.task)] = r
    lines = []
    for (m, k), cell in slots.items():
        label = m
        if (m, 1) in slots:
            label += " (" + ", ".join(dict.fromkeys(names[r.run] for r in cell.values())) + ")"
        line = [label]
        for c in cols:
            r = cell.get(c)
            err = "–" if r is None or r.err is None else f"{r.err:.0f}"
            line.append("–" if r is None or r.acc is None else f"{r.acc:.0f}/{err}")
        lines.append(line)
    return ["method"] + [f"{s} {t} ({'EM' if t == 'numeric' else 'Acc'}/Err)" for s, t in cols], lines


def table5_markdown(rows: list[ReportRow]) -> str:
    """:func:`table5_lines` as a Markdown section ("" without rows)."""
    header, lines = table5_lines(rows)
    if not lines:
        return ""
    out = ["## Table 5 shape: EM/Err (Err among all cases; EM + Err + abstained = 100)", "",
           "| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    out += ["| " + " | ".join(line) + " |" for line in lines]
    return "\n".join(out) + "\n"


def table7_lines(quiz: list[ContaminationRow]) -> tuple[list[str], list[list[str]]]:
    """Paper Table 7's shape: Model, Min Cont, Max Cont, given both κ-based (§3.1.1's definition)
    and as raw BCQ accuracy (what Table 7's whole-number Max values most likely are), in %."""
    header = ["Model", "Min Cont (κ)", "Max Cont (κ)", "Min Cont (BCQ acc)", "Max Cont (BCQ acc)"]
    return header, [[q.model, _fmt(q.min_contamination), _fmt(q.max_contamination), _fmt(q.min_bcq_accuracy),
                     _fmt(q.max_bcq_accuracy)] for q in quiz]


def table7_markdown(quiz: list[ContaminationRow]) -> str:
    """:func:`table7_lines` as a Markdown section ("" without quiz runs)."""
    header, lines = table7_lines(quiz)
    if not lines:
        return ""
    out = ["## Table 7 shape: data contamination (min/max), %", "", "| " + " | ".join(header) + " |",
           "|" + "---|" * len(header)]
    out += ["| " + " | ".join(line) + " |" for line in lines]
    return "\n".join(out) + "\n"


def to_csv(rows: list[ReportRow]) -> str:
    buf = io.StringIO()
    w = csv.DictWriter(buf, fieldnames=list(COLUMNS) + ["run"])
    w.writeheader()
    for r in rows:
        w.writerow(r.model_dump())
    return buf.getvalue()


class PlotBar(BaseModel):
    """One bar of the report's plot: one run on one split and task."""

    group: str  # "<split> <task>": one panel of the plot
    run: str  # the run folder's short name (:func:`run_names`)
    method: str
    n: int  # cases the shares are of
    shares: dict[str, float]  # outcome (OUTCOMES keys) -> % of n; the shares add up to 100


def plot_bars(rows: list[ReportRow]) -> list[PlotBar]:
    """The bars :func:`plot` draws, grouped by split and task in order of first appearance: one
    per run, so runs of the same method stay apart; a row without cases (n = 0) gets no bar.
    Shares come from the outcome counts; a row without them (made elsewhere than
    :func:`collect`) is split by its Acc/EM, Err (all) and abstention instead (invalid answers
    then inside "wrong")."""
    names = run_names(rows)
    groups = list(dict.fromkeys(f"{r.split} {r.task}" for r in rows if r.n))
    bars = []
    for g in groups:
        for r in rows:
            if not r.n or f"{r.split} {r.task}" != g:
                continue
            if r.n_correct is not None:
                counts = {key: getattr(r, f"n_{key}") or 0 for key, _, _ in OUTCOMES}
                shares = {k: 100 * v / r.n for k, v in counts.items()}
            else:
                shares = {"correct": r.acc or 0.0, "wrong": r.err or 0.0, "abstained": r.abstain or 0.0, "invalid": 0.0}
            bars.append(PlotBar(group=g, run=names[r.run], method=r.method, n=r.n, shares=shares))
    return bars


def plot(rows: list[ReportRow], path: Path) -> None:
    """Horizontal stacked bars, one panel per split and task, one bar per run (:func:`plot_bars`):
    the shares of its cases that were correct (Acc for entailment, EM for numeric), wrong,
    abstained and invalid, in %, with n beside the bar; the legend below the panels."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    bars = plot_bars(rows)
    groups = list(dict.fromkeys(b.group for b in bars)) or ["no cases"]
    sizes = [max(1, sum(b.group == g for b in bars)) for g in groups]
    label_len = max([len(b.run) for b in bars] + [len(b.method) for b in bars] + [10])
    width = min(16.0, 7.0 + 0.075 * label_len)
    height = 1.3 + sum(0.62 * k + 0.55 for k in sizes)
    fig, axes = plt.subplots(len(groups), 1, figsize=(width, height), squeeze=False, sharex=True,
                             gridspec_kw={"height_ratios": [k + 0.6 for k in sizes]})
    for ax, g in zip(axes[:, 0], groups):
        mine = [b for b in bars if b.group == g][::-1]  # first run on top
        ys = range(len(mine))
        left = [0.0] * len(mine)
        for key, label, colour in OUTCOMES:
            vals = [b.shares[key] for b in mine]
            ax.barh(ys, vals, left=left, color=colour, label=label, height=0.7, edgecolor="white", linewidth=0.5)
            for y, x0, v in zip(ys, left, vals):
                if v >= 7:
                    ax.text(x0 + v / 2, y, f"{v:.0f}%", ha="center", va="center", fontsize=8,
                            color="black" if key == "abstained" else "white")
            left = [a + v for a, v in zip(left, vals)]
        for y, b in zip(ys, mine):
            ax.text(101, y, f"n = {b.n}", va="center", ha="left", fontsize=8)
        ax.set_yticks(list(ys))
        ax.set_yticklabels([f"{b.run}\n{b.method}" for b in mine], fontsize=8)
        ax.set_xlim(0, 100)
        ax.set_ylim(-0.6, len(mine) - 0.4)  # the same bar thickness in every panel
        ax.set_title(g, fontsize=9, loc="left")
        ax.spines[["top", "right"]].set_visible(False)
    axes[-1, 0].set_xlabel("share of the run's cases, %")
    handles, labels = axes[0, 0].get_legend_handles_labels()
    fig.legend(handles, labels, loc="lower center", ncol=len(OUTCOMES), fontsize=8, frameon=False)
    fig.suptitle("taxlogic: outcomes per run (correct = Acc for entailment, EM for numeric)", fontsize=10)
    fig.tight_layout(rect=(0, 0.4 / height, 0.95, 1))
    fig.savefig(path, dpi=120)
    plt.close(fig)


def write_report(rows: list[ReportRow], out: Path, quiz: list[ContaminationRow] | None = None) -> dict[str, Path]:
    """Write report.md (with Table 7's shape when ``quiz`` runs are given), report.csv and
    report.png into ``out``; returns their paths."""
    out.mkdir(parents=True, exist_ok=True)
    paths = {"markdown": out / "report.md", "csv": out / "report.csv", "plot": out / "report.png"}
    table7 = table7_markdown(quiz or [])
    paths["markdown"].write_text(to_markdown(rows) + ("\n" + table7 if table7 else ""))
    paths["csv"].write_text(to_csv(rows))
    plot(rows, paths["plot"])
    return paths
