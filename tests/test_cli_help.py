"""Help as a newcomer reads it: flags without a type, paragraphs that wrap at the terminal's
width, each option's values listed once, default folders stated."""

from __future__ import annotations

import re

import pytest
import typer
from typer.testing import CliRunner

from taxlogic.cli import COMMANDS, GROUPS, app

PATHS = [[]] + [[g] for g in GROUPS] + [path.split() for path, _ in COMMANDS]


def _help(args: list[str], width: int) -> str:
    res = CliRunner(env={"COLUMNS": str(width), "NO_COLOR": "1"}).invoke(app, [*args, "--help"])
    assert res.exit_code == 0, res.output
    return res.output


def _commands(group=None, path=()):
    group = group or typer.main.get_command(app)
    yield path, group
    for name, sub in getattr(group, "commands", {}).items():
        yield from _commands(sub, (*path, name))


def test_help_texts_have_no_hard_line_breaks_inside_paragraphs():
    for path, cmd in _commands():
        for para in (cmd.help or "").split("\n\n"):
            assert "\n" not in para, f"{' '.join(path)}: {para!r}"
        for p in cmd.params:
            assert "\n" not in (getattr(p, "help", None) or ""), f"{' '.join(path)} {p.name}"


@pytest.mark.parametrize("args", PATHS, ids=lambda a: " ".join(a) or "taxlogic")
@pytest.mark.parametrize("width", [80, 140])
def test_flags_have_no_type_and_prose_fills_the_width(args, width):
    text = _help(args, width)
    assert "<bool>" not in text and "--help " in text
    # A hard line break in prose leaves a line ending far before the right edge, followed by a
    # line that continues the sentence (not a new option, command or "[default …]" note).
    lines = [line.rstrip().rstrip("│").rstrip() for line in text.splitlines()]
    for line, nxt in zip(lines, lines[1:]):
        body = nxt.lstrip("│ ")
        if not line.strip("│ ") or not body or body[0] in "-*[╰╭":
            continue
        if re.match(r"^│ [a-z][a-z-]* {2,}\S", nxt):  # the next command of a command list
            continue
        words = body.split()
        assert len(line) + 1 + len(words[0]) > width - 4, (
            f"{' '.join(args) or 'taxlogic'} at {width} columns: line broken early:\n{line}\n{nxt}")


def test_eval_run_split_lists_each_benchmark_once():
    text = " ".join(_help(["eval", "run"], 200).split())
    split = text[text.index("--split"):text.index("--task")]
    for family in ("SARA:", "SARA⁺:", "RuleArena:"):
        assert split.count(family) == 1, split
    assert "relative to the current directory" in text


def test_default_folders_are_stated():
    assert "~/.local/share/taxlogic" in _help(["data", "info"], 200)
    report = " ".join(_help(["eval", "report"], 200).split())
    assert "runs/report" in report and "relative to the current directory" in report


def test_data_info_prints_a_table(sara_data_dir):
    res = CliRunner(env={"COLUMNS": "80"}).invoke(app, ["data", "info"])
    assert res.exit_code == 0, res.output
    assert "{" not in res.output and "'cases'" not in res.output
    rows = {tuple(c.strip() for c in line.strip("│").split("│")) for line in res.output.splitlines() if line.startswith("│")}
    assert ("test", "numeric", "20") in rows and ("all", "all", "376") in rows


@pytest.mark.parametrize("args", [["eval", "run"], ["solve"], ["eval", "contamination"]], ids=" ".join)
def test_long_commands_read_at_80_columns_in_panels(args):
    text = _help(args, 80)
    assert not re.search(r"\w…", text)  # no option name, value or word cut short
    assert len(text.splitlines()) < 110
    panels = re.findall(r"╭─ ([^─]+?) ─", text)
    assert len(panels) >= 4 and "Options" in panels


def test_eval_run_lists_long_choices_below_the_options():
    text = _help(["eval", "run"], 80)
    below = text[text.rindex("╰"):]
    assert "Methods: agent" in below and "sara_en_rc" in below and "placeholder" in below


def test_version():
    from importlib.metadata import version

    res = CliRunner().invoke(app, ["--version"])
    assert res.exit_code == 0 and res.output.strip() == f"taxlogic {version('taxlogic')}"


def test_usage_errors_are_one_line_with_exit_code_2():
    res = CliRunner().invoke(app, ["eval", "run", "--method", "gold", "--nope"])
    assert res.exit_code == 2 and "╭" not in res.output
    assert res.output.strip().startswith("error: No such option: --nope") and "eval run --help)" in res.output


def test_limit_takes_cases_from_each_task_in_turn():
    from types import SimpleNamespace as Item

    from taxlogic.eval.benchmarks import first_of_each_task

    items = [Item(id=f"e{i}", kind="entailment") for i in range(8)] + [Item(id=f"n{i}", kind="numeric") for i in range(2)]
    assert [i.id for i in first_of_each_task(items, 5)] == ["e0", "e1", "e2", "n0", "n1"]
    assert [i.id for i in first_of_each_task(items, 2)] == ["e0", "n0"]
    assert first_of_each_task(items, None) == items and first_of_each_task(items, 50) == items
