"""Tables at 80 columns never split a number or a word: every number of every cell of the tables
``eval paper --dry-run``, ``eval report`` and ``data errata`` print appears whole on one line of
the output (the table fitted, or stacked when even the longest words do not fit side by side)."""

from __future__ import annotations

import re

import pytest
from rich.console import Console
from rich.table import Table
from rich.text import Text
from typer.testing import CliRunner

from taxlogic.cli import app
from taxlogic.cli import fit as fit_module

#: A number as a table prints it: money, thousands, ranges, k/M, percentages, ids with digits.
NUMBER = re.compile(r"[$−-]?\d[\d,.]*(?:[kM%])?(?:–[$]?\d[\d,.]*[kM]?)?")


def _plain(cell) -> str:
    return cell.plain if isinstance(cell, Text) else Text.from_markup(cell).plain if isinstance(cell, str) else str(cell)


def _numbers(tables: list[Table]) -> set[str]:
    return {m.group(0).rstrip(".,") for t in tables for col in t.columns for cell in col._cells
            for m in NUMBER.finditer(_plain(cell))}


def _whole(numbers: set[str], output: str) -> list[str]:
    lines = output.splitlines()
    return sorted(n for n in numbers if not any(n in line for line in lines))


@pytest.fixture
def captured(monkeypatch):
    """Every table handed to :func:`taxlogic.cli.fit.fit` by the commands."""
    seen: list[Table] = []
    real = fit_module.fit

    def spy(table, *args, **kwargs):
        seen.append(table)
        return real(table, *args, **kwargs)

    for mod in ("taxlogic.cli.paper", "taxlogic.cli.evaluate", "taxlogic.cli.data"):
        monkeypatch.setattr(f"{mod}.fit", spy)
    return seen


def _run(*args: str):
    res = CliRunner(env={"COLUMNS": "80", "NO_COLOR": "1"}).invoke(app, list(args))
    assert res.exit_code == 0, res.output
    assert max(len(line) for line in res.output.splitlines()) <= 80
    return res.output


def _wide_table() -> Table:
    t = Table(title="plan")
    for col in ("method", "data · task", "to do", "calls", "tokens in", "tokens out", "dollars"):
        t.add_column(col, justify="right", overflow="fold")
    t.add_row("prolog-single-shot", "sara_en_rc · all", "1104/1104", "5,141–10,658", "26.34M–52.51M", "941.5k–1.48M",
              "$18.67–36.02")
    t.add_section()
    t.add_row("total (14 cells)", "", "2208", "10,282–21,316", "52.68M–105.02M", "1.88M–2.96M", "$37.34–72.04")
    return t


@pytest.mark.parametrize("width", [40, 60, 80, 120, 200])
def test_fit_never_splits_a_number_or_a_word_at_any_width(width):
    table = _wide_table()
    numbers = _numbers([table])
    con = Console(width=width, record=True, file=open("/dev/null", "w"), color_system=None)
    con.print(fit_module.fit(table, con))
    out = con.export_text()
    assert max(len(line) for line in out.splitlines()) <= width
    assert not _whole(numbers, out), out
    for word in ("prolog-single-shot", "sara_en_rc"):
        assert any(word in line for line in out.splitlines()), out
    if width >= 120:  # wide enough: still a table
        assert "prolog-single-shot" in out and "─" in out and "dollars" in out


def test_a_foldable_column_may_fold_an_identifier_but_never_a_number():
    t = Table()
    t.add_column("run")
    for h in ("n", "Acc %", "Err %"):
        t.add_column(h, justify="right")
    t.add_row("agent-a-model-with-a-rather-long-run-folder-name-b1-sara-test-all", "1,104", "87.5", "12.5")
    con = Console(width=40, record=True, file=open("/dev/null", "w"), color_system=None)
    con.print(fit_module.fit(t, con, foldable=(0,)))
    out = con.export_text()
    assert "─" in out and not _whole({"1,104", "87.5", "12.5"}, out), out


def test_eval_paper_dry_run_at_80_columns(captured, sara_data_dir, tmp_path):
    out = _run("eval", "paper", "--dry-run", "--tables", "5,6", "--model", "gold-model", "--price-in", "2.5",
               "--price-out", "10", "--out", str(tmp_path / "paper"))
    assert captured and "total (6 cells)" in out
    numbers = _numbers(captured)
    assert len(numbers) > 10 and not _whole(numbers, out), _whole(numbers, out)
    assert "prolog-single-shot" in out and "prolog-singl" not in out.replace("prolog-single-shot", "")


@pytest.fixture(scope="module")
def rulearena_runs(rulearena_gold_run, tmp_path_factory):
    root = tmp_path_factory.mktemp("runs")
    for domain in ("nba", "airline"):
        rulearena_gold_run(domain, root / f"gold-{domain}")
    return root


def test_eval_report_rulearena_table_at_80_columns(captured, rulearena_runs, tmp_path):
    out = _run("eval", "report", str(rulearena_runs), "--out", str(tmp_path / "rep"))
    assert captured
    numbers = _numbers(captured)
    assert numbers and not _whole(numbers, out), _whole(numbers, out)
    assert "…" not in out  # nothing cut ("mod…", "air…", "(n=…")
    assert "airline" in out and "(n=2/" in out.replace(" ", "")


@pytest.mark.parametrize("domain", ["sara", "nba", "form1040"])
def test_data_errata_at_80_columns_grouped_by_class(captured, sara_data_dir, domain):
    from taxlogic.kb.errata import errata_classes, load_errata

    out = _run("data", "errata", "--domain", domain)
    numbers = _numbers(captured)
    assert numbers and not _whole(numbers, out), _whole(numbers, out)
    found = load_errata(domain)
    for k, text in errata_classes(domain).items():  # each class's explanation once
        members = [e for e in found if k in e.klass.split("+")]
        if members:
            assert out.count(f"{k}: {len(members)} case(s)") == 1, k
    assert all(e.id in out for e in found)
    assert "illegal(" not in out and "team_a" not in out  # NBA answers in words
    if domain == "form1040":
        entries = sum(len(e.klass.split("+")) for e in found)
        both = sum("+" in e.klass for e in found)
        head = " ".join(out.split())
        assert f"{len(found)} cases" in head
        if both:  # a case in two classes is listed under each, and the heading says so
            assert f"{entries} class entries" in head and f"{both} case(s) are in two" in head
        else:
            assert "class entries" not in head
        assert "overpaid $387.00" in out  # tax-0-17: RuleArena's label, as money
