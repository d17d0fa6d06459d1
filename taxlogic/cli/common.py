"""Shared CLI helpers: one console, one-line errors instead of tracebacks, the progress bar of
every long command, and percentages for tables."""

from __future__ import annotations

import json
import re
import sys
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable, Iterable, NoReturn, Sequence

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

console = Console()
err_console = Console(stderr=True)

# Exit codes of every command (README, "Exit codes"): EXIT_ERROR for an error it reports (one
# line, :func:`fail`), EXIT_USAGE for a wrong command line (:func:`usage_error`, and click's own
# usage errors, printed the same way by the root group: taxlogic.cli.root.Group.main).
EXIT_ANSWERED = 0    #: an answer (eval run: every case finished)
EXIT_ERROR = 1       #: an error: data, SWI-Prolog, the LLM endpoint (eval run: stopped, or cases errored)
EXIT_USAGE = 2       #: the command line is wrong (as typer/click exit for unknown options)
EXIT_ABSTAINED = 3   #: no answer: the agent abstained, the facts give none, the inspector found problems
EXIT_INTERRUPTED = 130  #: Ctrl-C (eval run: finished cases are saved; the same command resumes)


def usage_error(message: str) -> NoReturn:
    """:func:`fail` with :data:`EXIT_USAGE`: the options given cannot go together."""
    fail(message, EXIT_USAGE)


def check_choice(option: str, value: str, choices: Sequence[str]) -> str:
    """``value`` when it is one of ``choices`` (an option taking a name from a fixed set: a split,
    a task, a method); otherwise a usage error, one line naming ``option`` and every choice, exit
    :data:`EXIT_USAGE`."""
    if value not in choices:
        usage_error(f"{option} must be one of {', '.join(map(str, choices))} (not {value!r})")
    return value


def option_list(option: str, values: str | Iterable[str] | None, choices: Sequence[Any] | None = None,
                cast: Callable[[str], Any] = str) -> list | None:
    """The values of a comma-separated and/or repeated option (``--ops a,b``, ``--cases x --cases
    y``) as a list in the order given, repeats dropped, each passed through ``cast``; None when
    the option was not given. A usage error (exit :data:`EXIT_USAGE`, one line naming ``option``
    and ``choices``) when it was given but names nothing (``--ops ,``: not silently "all"), when
    ``cast`` refuses a value, or when a value is not among ``choices`` (None: any value, e.g.
    case ids, which :func:`load_case` checks)."""
    if values is None:
        return None
    texts = [values] if isinstance(values, str) else list(values)
    raw = [v.strip() for text in texts for v in text.split(",") if v.strip()]
    known = f"; one or more of {', '.join(map(str, choices))}" if choices is not None else "; give comma-separated values"
    if not raw:
        usage_error(f"{option} names nothing{known}")
    items, bad = [], []
    for text in raw:
        try:
            item = cast(text)
        except ValueError:
            bad.append(text)
            continue
        if choices is not None and item not in choices:
            bad.append(text)
        items.append(item)
    if bad:
        usage_error(f"{option} must be among {', '.join(map(str, choices))} (not {', '.join(bad)})" if choices
                    is not None else f"{option}: bad value(s) {', '.join(bad)}")
    return list(dict.fromkeys(items))


#: The datasets whose cases ``--case`` names (``--dataset``): SARA (2020 release) and SARA v2. The
#: two share ids (``tax_case_5`` is in both, with other texts or gold programs), so the dataset, not
#: the id, says which release a case is from.
CASE_DATASETS = ("sara", "sara-v2")
CASE_DATASET_HELP = ("Whose case --case names: sara (SARA, 2020 release) or sara-v2 (SARA v2: its 100 numeric "
                     "cases, string names, v2's statutes). The two releases share ids like tax_case_5.")


def load_case(case_id: str, option: str = "--case", dataset: str = "sara"):
    """The case ``case_id`` of ``dataset`` (``sara``: :func:`taxlogic.kb.sara.data.cases.get_case`;
    ``sara-v2``: :func:`taxlogic.kb.sara.data.v2.get_v2_case`) of the commands that take ``--case``
    (run, solve, inspect, explain; ``--cases`` of ``eval verifier`` and ``data plus``, split by
    :func:`option_list`). An unknown id or dataset is a wrong command line: one line naming
    ``option``, with close matches, exit :data:`EXIT_USAGE`.
    Raises :class:`taxlogic.kb.datafiles.DataError` if the release is not installed (an error, not usage)."""
    import re

    from taxlogic.kb.sara.data.cases import get_case

    check_choice("--dataset", dataset, CASE_DATASETS)

    m = re.match(r"^(tax|nba|airline)-", case_id)
    if m:  # a RuleArena id the commands did not take (a level or index out of range, a typo)
        usage_error(f"{option}: no RuleArena {m.group(1)} problem {case_id!r}: RuleArena ids are "
                    f"{m.group(1)}-LEVEL-INDEX, LEVEL 0, 1 or 2 (e.g. {m.group(1)}-0-5; taxlogic data info)")
    try:
        if dataset == "sara-v2":
            from taxlogic.kb.sara.data.v2 import get_v2_case

            return get_v2_case(case_id)
        return get_case(case_id)
    except KeyError as exc:
        usage_error(f"{option}: {exc.args[0] if exc.args else f'no case {case_id!r}'}")


def dataset_rules(dataset: str = "sara"):
    """The statutes a ``--dataset``'s cases run under: SARA's (rule set ``r``) or SARA v2's own
    (``v2``). Raises :class:`taxlogic.kb.datafiles.DataError` if the release is not installed."""
    if dataset == "sara-v2":
        from taxlogic.kb.sara.data.v2 import v2_rules

        return v2_rules()
    from taxlogic.kb.sara.data.install import sara_rules

    return sara_rules()


def fail(message: str, code: int = EXIT_ERROR) -> NoReturn:
    """Print ``message`` as one red line on stderr (whitespace runs collapsed, no markup
    interpreted) and exit with ``code``."""
    one_line = " ".join(str(message).split())
    err_console.print(f"[bold red]error:[/] {escape(one_line)}", highlight=False, soft_wrap=True)
    raise typer.Exit(code)


def print_command(label: str, command: str, out: Console | None = None) -> None:
    """``label`` and a command to type on one line when they fit the console (default: the CLI's),
    else the command alone on the next line, indented; the command is never cut (a terminal
    narrower than the command itself wraps it, not rich)."""
    con = out or console
    if len(label) + 1 + len(command) <= con.width:
        con.print(f"{escape(label)} {escape(command)}", highlight=False, soft_wrap=True)
    else:
        con.print(escape(label), highlight=False)
        con.print(f"  {escape(command)}", highlight=False, soft_wrap=True)


def print_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, indent=2, default=str) + "\n")


def pct(x: float | None) -> str:
    """A fraction as a percentage with one decimal, no sign (``0.125`` -> ``12.5``); ``–`` for None."""
    return "–" if x is None else f"{100 * x:.1f}"


#: A unit after a number, the space before it never a line's end (issue 51: at 80 columns a cost
#: line wrapped "42.5" / "s"): seconds, tokens ("12,345 in / 678 out"), inferences, rounds, cases, percent.
_UNIT_SPACE = re.compile(r"(?<=\d) (?=(?:s|ms|tok|tokens|inferences|round\(s\)|rounds?|cases?|slot-seconds|%|in|out|cached)"
                         r"(?![\w(-]))")
_WORD = re.compile(r"\s*\S+\s*")


def unit_breaks(plain: str, width: int) -> list[int]:
    """Where to break ``plain`` into lines of at most ``width`` cells: after a run of spaces, as
    rich does, but never between a number and its unit (:data:`_UNIT_SPACE`). A word longer than
    ``width`` stays whole (the caller folds it)."""
    from rich.cells import cell_len

    glued = {m.start() for m in _UNIT_SPACE.finditer(plain)}
    text = "".join("x" if i in glued else c for i, c in enumerate(plain))  # the same cells, no space to break at
    breaks, col = [], 0
    for m in _WORD.finditer(text):
        if col and col + cell_len(m.group().rstrip()) > width:
            breaks.append(m.start())
            col = 0
        col += cell_len(m.group())
    return breaks


def print_kept(out: Console, markup: str) -> None:
    """Print one line of rich ``markup`` (highlighting off) on ``out``, wrapped between words at
    its width but never between a number and its unit ("42.5 s", "1200→80 tokens",
    "4,253 inferences"): each piece printed as it is, a word longer than a line folded."""
    from rich.text import Text

    text = Text.from_markup(markup)
    for line in text.divide(unit_breaks(text.plain, out.width)):
        line.rstrip()
        out.print(line, highlight=False, overflow="fold")


def answer_text(value: Any, kind: str | None = None) -> str:
    """An answer as a user reads it. An amount is money: dollars with thousands separators
    (``116066`` -> ``$116,066``; :func:`taxlogic.tools.wording.money`); a RuleArena tax answer
    (``kind`` ``tax``: owed when positive, overpaid when negative, Form 1040 line 37 / 34) in
    dollars and cents (``-387`` -> ``overpaid $387.00``); an NBA answer (``kind`` ``nba``, a
    boolean: some operation breaks the CBA) in words; a label (SARA's ``Entailment``) as it is;
    None as ``(none)``. Amounts may come as numbers or as Prolog's exact ``2469r2``."""
    from fractions import Fraction

    from taxlogic.tools.wording import money

    if value is None:
        return "(none)"
    if kind == "nba" and isinstance(value, bool):
        return "a rule is broken" if value else "no rule is broken"
    if isinstance(value, bool):
        return str(value)
    try:
        amount = Fraction(str(value).replace("r", "/")) if isinstance(value, str) else Fraction(value)
    except (ValueError, ZeroDivisionError, TypeError):
        return str(value)
    if kind in ("tax", "form1040"):
        cents = f"${abs(float(amount)):,.2f}"
        return f"overpaid {cents}" if amount < 0 else f"owed {cents}"
    return money(int(amount) if amount.denominator == 1 else float(amount))


def progress_bar() -> Progress:
    """The progress bar used by every long command (description, bar, count, ETA)."""
    return Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                    console=console, transient=True)


def stage_progress(bar: Progress, labels: dict[str, str] | None = None):
    """A ``progress(stage, done, total)`` callback (the shape the long eval functions take) that
    draws one task per stage on ``bar``, named by ``labels`` (the stage name itself when absent)."""
    tasks: dict[str, Any] = {}

    def progress(stage: str, done: int, total: int) -> None:
        if stage not in tasks:
            tasks[stage] = bar.add_task((labels or {}).get(stage, stage), total=total)
        bar.update(tasks[stage], completed=done, total=total)

    return progress


def check_settings() -> None:
    """Read the settings (environment, ``.env``) once at start-up; a bad value exits with one
    line naming the variable."""
    from pydantic import ValidationError

    from taxlogic.settings import describe_error, get_settings

    try:
        get_settings()
    except ValidationError as exc:
        fail(describe_error(exc))


def os_error(exc: OSError) -> str:
    """An OS error as one line: "PATH: Permission denied" (no errno, no Python repr); one raised
    with a message of its own (``FileNotFoundError("runs/x: no such run folder")``) as that
    message, which names the path."""
    where = f"{exc.filename}: " if exc.filename else ""
    if exc.filename is None and exc.strerror is None and exc.args:  # raised with a message that names the path
        return str(exc.args[0])
    if isinstance(exc, FileNotFoundError):  # one wording for a missing file, as case_facts says it
        return where + "no such file"
    return where + (exc.strerror or str(exc))


@contextmanager
def friendly_errors():
    """Turn the errors a user can meet (missing data, SWI-Prolog, LLM endpoint) into one line."""
    from taxlogic.kb.datafiles import DataError
    from taxlogic.kb.vocabulary import VocabularyError
    from taxlogic.tools.engine import EngineError

    known: tuple[type[BaseException], ...] = (DataError, VocabularyError, EngineError, KeyError, FileNotFoundError)
    try:
        yield
    except OSError as exc:  # missing file, a folder given for a file, permission denied, disk full …
        fail(os_error(exc))
    except known as exc:
        msg = exc.args[0] if isinstance(exc, KeyError) and exc.args else str(exc)
        fail(str(msg))
    except Exception as exc:
        llm_error = _loaded_llm_error()
        if llm_error is not None and isinstance(exc, llm_error):
            fail(str(exc))
        raise


def _loaded_llm_error() -> type[BaseException] | None:
    """:class:`taxlogic.agent.llm.LLMError` if its module is already imported, else None: no
    LLMError can have been raised without it. Not imported here: its module imports ``openai``
    and langchain (some 2 s of a one-case command's start-up, issue 51)."""
    module = sys.modules.get("taxlogic.agent.llm.errors")
    return getattr(module, "LLMError", None)


def case_facts(case, facts_file: Path | None, rules):
    """The facts to run for a case: its gold program (a
    :class:`~taxlogic.tools.trust.TrustedProgram`: it may hold rules), or ``facts_file``
    validated and re-serialised (a ``str``: untrusted). Exits with one line per problem if
    the file is missing, does not validate, or asserts a statute conclusion the case text does not
    state as a premise (:func:`unstated_premises`: a file may not assert the answer it is run to
    decide)."""
    if facts_file is None:
        return case.gold_program
    from taxlogic.tools.facts import check_facts

    if not facts_file.is_file():
        fail(f"--facts {facts_file}: no such file")
    data = facts_file.read_bytes()
    if not data.strip():
        fail(f"--facts {facts_file}: the file is empty; there are no facts to run")
    check = check_facts(data, rules.vocabulary)
    if not check.ok:
        for p in check.problems:
            console.print(f"[red]line {p.line}: {p.kind}: {p.message}[/]", highlight=False)
        fail(f"{facts_file}: {len(check.problems)} problem(s); nothing was run")
    stated = unstated_premises(case, check.canonical, rules)
    if stated:
        for i in stated:
            console.print(f"[red]{i.render()}[/]", highlight=False)
        fail(f"{facts_file}: {len(stated)} conclusion(s) asserted as facts; nothing was run")
    return check.canonical


def unstated_premises(case, canonical: str, rules) -> list:
    """Statute facts among ``canonical`` that the case text does not state as premises
    (:func:`taxlogic.kb.sara.checks.premises.premise_issues`): issues, empty when there are none."""
    from taxlogic.core import CaseInput
    from taxlogic.kb.sara.checks.coverage import legal_terms
    from taxlogic.kb.sara.checks.premises import premise_issues

    return premise_issues(CaseInput.from_case(case), canonical, statutes=rules.vocabulary.statute, terms=legal_terms(rules))
