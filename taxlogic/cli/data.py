"""``taxlogic data``: install SARA, RuleArena and DeonticBench into the data directory, show it, and generate
SARA⁺ from it (``data plus``, a thin command over :mod:`taxlogic.eval.benchmarks.sara_plus`)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Optional

import typer
from rich.table import Table

from taxlogic.cli.fit import fit
from rich.markup import escape

from taxlogic.cli.common import (check_choice, console, fail, friendly_errors, load_case, option_list, print_command,
                                 print_json, progress_bar, stage_progress, usage_error)

DATA_DIR_HELP = "Data directory (default: TAXLOGIC_DATA_DIR, else ~/.local/share/taxlogic)."


def _is_url(source: str) -> bool:
    return source.startswith(("http://", "https://"))


def install(
    source: Optional[str] = typer.Option(
        None, "--from", help="Local SARA folder, .tar.gz/.zip archive, or URL. Default: the release's public archive at the pinned commit."
    ),
    release: str = typer.Option("2020", "--release", help="2020 (SARA, 2020 release: into <data>/sara) or v2 (SARA v2, Holzenberger and Van Durme 2021: into <data>/sara_v2). The two never share a folder."),
    data_dir: Optional[Path] = typer.Option(None, help=DATA_DIR_HELP),
    force: bool = typer.Option(False, "--force", help="Reinstall even if already installed."),
    as_json: bool = typer.Option(False, "--json", help="Print the install record as JSON."),
) -> None:
    """Install SARA (2020 release, or --release v2: SARA v2) into the data directory, verify every
    file's SHA-256 and apply the documented errata. The first command to run (RuleArena: data
    install-rulearena)."""
    from taxlogic.kb.sara.data.install import INSTALL_RECORD, SARA_RELEASE, install as do_install, sara_paths
    from taxlogic.kb.sara.data.v2 import V2_RELEASE, install_v2, v2_paths

    check_choice("--release", release, ("2020", "v2"))
    if source is not None and not _is_url(source) and not Path(source).expanduser().exists():
        usage_error(f"--from {source}: no such file or folder (give a SARA folder, a .tar.gz/.zip archive or "
                    "an http(s) URL); nothing was installed")
    with friendly_errors():
        name, run_install, root = ((SARA_RELEASE, do_install, sara_paths(data_dir).root) if release == "2020"
                                   else (V2_RELEASE, install_v2, v2_paths(data_dir).root))
        already = (root / INSTALL_RECORD).is_file() and not force
        with console.status(f"installing {name} …"):
            record = run_install(source, data_dir, force=force)
    if as_json:
        print_json(record)
        return
    if already:
        console.print(f"{name} is already installed in [bold]{root}[/] (from {record['source']}); "
                      "nothing was copied (--force reinstalls)", highlight=False)
        return
    console.print(f"{name} installed in [bold]{root}[/] from {record['source']} ({record['files']} files verified)")
    for e in record["errata"]:
        console.print(f"  erratum applied: {e['path']}: {e['description']}")


def _rulearena_counts() -> tuple[str | None, dict[str, dict[str, int]]]:
    """(RuleArena's root or None when not found, domain -> level -> problems), from its derived
    files (one problem a line)."""
    from taxlogic.eval.benchmarks.rulearena.data import rulearena_root
    from taxlogic.kb.datafiles import DataError

    try:
        root = rulearena_root()
    except DataError:
        return None, {}
    counts: dict[str, dict[str, int]] = {}
    for domain in ("tax", "nba", "airline"):
        for level in (0, 1, 2):
            f = root / "derived" / f"{domain}_level{level}.jsonl"
            if f.is_file():
                n = sum(1 for line in f.read_bytes().split(b"\n") if line.strip())
                counts.setdefault(domain, {})[f"level{level}"] = n
    return str(root), counts


#: What each RuleArena domain asks, for ``data info``.
_RULEARENA_TASKS = {"tax": "the amount owed on a Form 1040 return",
                    "nba": "whether a trade or signing breaks the NBA's CBA",
                    "airline": "a trip's ticket plus checked-bag fees"}


def info(
    data_dir: Optional[Path] = typer.Option(None, help=DATA_DIR_HELP),
    as_json: bool = typer.Option(False, "--json", help="Print SARA (root, cases, counts per split and task; each other installed release under \"releases\") and RuleArena (root, problems per domain and level) as JSON."),
) -> None:
    """Show every installed dataset: where SARA is (each release: 2020, v2) and how many cases each
    split and task has; where RuleArena is and how many problems each domain (tax, NBA, airline)
    has per level."""
    import collections

    from taxlogic.kb.sara.data.cases import load_cases
    from taxlogic.kb.sara.data.install import SARA_RELEASE, sara_paths
    from taxlogic.kb.sara.data.install import INSTALL_RECORD
    from taxlogic.kb.sara.data.v2 import V2_RELEASE, install_record, load_v2_cases, v2_paths

    with friendly_errors():
        v2_cases = load_v2_cases(data_dir) if install_record(data_dir) else None
        # the 2020 release is required unless v2 alone is installed (then its absence is said below)
        cases = load_cases(data_dir) if v2_cases is None or (sara_paths(data_dir).root / INSTALL_RECORD).is_file() else None
    releases = {}
    out: dict = {}
    if cases is not None:
        counts = collections.Counter(f"{c.split}/{c.kind}" for c in cases)
        out = {"root": str(sara_paths(data_dir).root), "release": SARA_RELEASE, "cases": len(cases),
               "by_split_and_task": dict(sorted(counts.items()))}
        releases["2020"] = dict(out)
    if v2_cases is not None:
        releases["v2"] = {"root": str(v2_paths(data_dir).root), "release": V2_RELEASE, "cases": len(v2_cases),
                          "by_split_and_task": dict(collections.Counter(f"all/{c.kind}" for c in v2_cases))}
    ra_root, ra = _rulearena_counts()
    out["rulearena"] = {"root": ra_root, "problems": sum(n for d in ra.values() for n in d.values()),
                        "by_domain_and_level": ra}
    with friendly_errors():
        db_root, db = _deonticbench_counts(data_dir)
    out["deonticbench"] = {"root": db_root, "cases": sum(n for d in db.values() for n in d.values()),
                           "by_domain_and_split": db}
    if as_json:
        print_json({**out, "releases": releases})
        return
    for key, r in releases.items():
        table = Table(title=f"{r['release']} cases (--release {key}{'' if key == '2020' else ', --dataset sara-v2'})")
        for col in ("split", "task", "cases"):
            table.add_column(col, justify="right" if col == "cases" else "left")
        for split_task, n in r["by_split_and_task"].items():
            table.add_row(*split_task.split("/"), str(n))
        table.add_section()
        table.add_row("all", "all", str(r["cases"]))
        console.print(table)
        console.print(f"installed in {escape(r['root'])}", highlight=False, soft_wrap=True)  # a path: never cut
        print_command("cases by id:", "taxlogic explain --case tax_case_1" + ("" if key == "2020" else " --dataset sara-v2"))
    if v2_cases is None:
        console.print(f"{V2_RELEASE}: not installed (taxlogic data install --release v2 --from PATH)", highlight=False)
    if cases is None:
        console.print(f"{SARA_RELEASE}: not installed (taxlogic data install)", highlight=False)
    _print_deonticbench(db_root, db)
    if ra_root is None:
        console.print("RuleArena (tax, NBA, airline): not installed; taxlogic data install-rulearena --from PATH",
                      highlight=False)
        return
    rt = Table(title="RuleArena problems", title_justify="left")
    for col in ("domain", "level0", "level1", "level2", "all", "asks"):
        rt.add_column(col, justify="left" if col in ("domain", "asks") else "right")
    for domain, levels in ra.items():
        rt.add_row(domain, *(str(levels.get(f"level{i}", 0)) for i in range(3)), str(sum(levels.values())),
                   _RULEARENA_TASKS.get(domain, ""))
    console.print(fit(rt, console))
    console.print(f"problem ids: DOMAIN-LEVEL-INDEX ({', '.join(f'{d}-0-5' for d in ra)})", highlight=False)
    console.print(f"read from {escape(ra_root)}", highlight=False, soft_wrap=True)


def _print_deonticbench(root: str | None, counts: dict[str, dict[str, int]]) -> None:
    """``data info``'s DeonticBench table: cases per domain and split."""
    if root is None:
        console.print("DeonticBench (SARA numeric/binary, airline, housing, USCIS-AAO): not installed; "
                      "taxlogic data install-deonticbench --from PATH", highlight=False)
        return
    table = Table(title="DeonticBench cases (--dataset deonticbench-<domain>)", title_justify="left")
    for col in ("domain", "hard", "smoke", "whole"):
        table.add_column(col, justify="left" if col == "domain" else "right")
    for domain, splits in counts.items():
        table.add_row(domain, *(str(splits[s]) if s in splits else "-" for s in ("hard", "smoke", "whole")))
    console.print(fit(table, console))
    console.print(f"installed in {root}; whole: from the dataset hub only (gydou/DeonticBench)", highlight=False)


_ERRATA_TITLES = {"sara": "SARA gold errata", "sara-v2": "SARA v2 gold errata", "nba": "RuleArena NBA annotation errata",
                  "form1040": "RuleArena tax (Form 1040) label errata",
                  "deonticbench": "DeonticBench (hard splits) errata"}

#: What each domain's two sides are called in ``data errata``.
_ERRATA_SIDES = {"sara": ("the gold program has", "the case text says"),
                 "sara-v2": ("the gold program has", "the case text says"),
                 "nba": ("illegal as RuleArena annotates", "illegal by the rules as written"),
                 "form1040": ("RuleArena's label", "the forms' text gives"),
                 "deonticbench": ("the label", "the reference program (or the source) gives")}


def nba_answer_words(value: str) -> str:
    """An NBA answer (``nba_answer/1``'s Prolog text, as the errata file keeps it) in words:
    ``illegal(b,team_a)`` -> "operation B, Team A" (the first operation that breaks a rule and
    its team), ``none`` -> "no operation"; any other text as it is."""
    from taxlogic.kb.nba import answer_of

    try:
        got = answer_of(value)
    except ValueError:
        return value
    return "no operation" if got is None else f"operation {got[0]}, Team {got[1]}"


def _form1040_amounts(ids: list[str]) -> dict[str, tuple[str, str]]:
    """Problem id -> (RuleArena's label, the amount the KB computes from the forms' text), as
    money (owed or overpaid); {} when RuleArena is not installed."""
    from taxlogic.cli.common import answer_text
    from taxlogic.eval.benchmarks.rulearena.data import load_rulearena
    from taxlogic.eval.benchmarks.rulearena.tax import tax_value
    from taxlogic.kb.datafiles import DataError
    from taxlogic.kb.form1040 import AMOUNT_QUERY, form1040_rules, taxpayer_to_facts
    from taxlogic.tools.engine import Engine, Job

    try:
        items = {it.id: it for level in (0, 1, 2) for it in load_rulearena("tax", level)}
    except DataError:
        return {}
    wanted = [items[i] for i in ids if i in items and items[i].taxpayer]
    jobs = [Job(facts=taxpayer_to_facts(it.taxpayer), query=AMOUNT_QUERY, mode="all", var="X") for it in wanted]
    with Engine(form1040_rules(), workers=1) as engine:
        outcomes = [engine.run(j) for j in jobs]
    out = {}
    for it, outcome in zip(wanted, outcomes):
        value = tax_value(outcome)
        out[it.id] = (answer_text(it.answer, "tax"), "(no answer)" if value is None else answer_text(str(value), "tax"))
    return out


def errata(
    domain: str = typer.Option("sara", "--domain", help="Whose errata: sara (gold programs vs their case text), sara-v2 (SARA v2's), nba (annotations vs the rules), form1040 (tax labels vs the forms' text), deonticbench (reference programs vs their labels, texts vs their source)."),
    verbose: bool = typer.Option(False, "--verbose", "-v", help="Also each case's reason (NBA: the operation, the rule and the amounts)."),
    as_json: bool = typer.Option(False, "--json", help="Print the domain, every erratum (id, domain, class, reason, evidence, dataset_says, rules_give, and the domain file's own fields) and the classes as JSON."),
) -> None:
    """List a domain's documented dataset errata, grouped by class: what each class is (once),
    then its cases with what the dataset says and what the rules (or the case text) give, in
    words and amounts (form1040: RuleArena's label and the amount the forms' text gives). They
    are documented, never fixed (kb/<domain>/errata.json): eval summaries and reports give
    accuracy with and without them (SARA) or say which records have one (RuleArena)."""
    from rich.markup import escape

    from taxlogic.kb.errata import ERRATA_DOMAINS, errata_classes, load_errata

    check_choice("--domain", domain, (*ERRATA_DOMAINS, "sara-v2"))
    with friendly_errors():
        if domain == "sara-v2":  # SARA v2's own errata (kb/sara/data/v2_errata.json), never the 2020 release's
            from taxlogic.kb.sara.data.errata import erratum_classes
            from taxlogic.kb.sara.data.v2_errata import v2_errata

            found, classes = v2_errata(), erratum_classes()
        else:
            found = load_errata(domain)
            classes = errata_classes(domain)
    notes = _prompt_notes(domain)
    if as_json:
        print_json({"domain": domain, "errata": [e.as_json() for e in found], "classes": classes}
                   | ({"prompt_notes": notes} if notes else {}))
        return
    with friendly_errors():
        amounts = _form1040_amounts([e.id for e in found]) if domain == "form1040" else {}
    said, given = _ERRATA_SIDES[domain]
    by_class = {k: [e for e in found if k in e.klass.split("+")] for k in classes}
    entries = sum(len(v) for v in by_class.values())
    several = sum("+" in e.klass for e in found)
    cases = len({e.id for e in found})
    head = f"{_ERRATA_TITLES[domain]}: {cases} cases in {sum(1 for v in by_class.values() if v)} classes"
    if cases < len(found):  # DeonticBench: a case may have an entry of each kind (run, translation)
        kinds = sorted({str(e.source.get("kind")) for e in found})
        head += f" ({len(found)} entries of {len(kinds)} kinds, {', '.join(kinds)}: {len(found) - cases} case(s) have one of each)"
    if several:
        head += f" ({entries} class entries: {several} case(s) are in two classes and listed under each)"
    console.print(f"[bold]{escape(head)}[/]", highlight=False)

    def shown(value: str) -> str:
        return nba_answer_words(value) if domain == "nba" else value

    from rich import box
    from rich.padding import Padding
    from rich.text import Text

    for k, members in by_class.items():
        if not members:
            continue
        console.print()
        console.print(f"[bold]{escape(k)}[/]: {len(members)} case(s)", highlight=False)
        console.print(Padding(Text(classes[k]), (0, 0, 0, 2)))
        table = Table(box=box.SIMPLE_HEAD, padding=(0, 1), pad_edge=False, collapse_padding=True)
        for col in ("case", said, given):
            table.add_column(col, justify="right" if amounts and col != "case" else "left")
        also = any("+" in e.klass for e in members)
        if also:
            table.add_column("also in")
        for e in members:
            row = list(amounts[e.id]) if e.id in amounts else [shown(e.dataset_says), shown(e.rules_give)]
            other = ", ".join(c.replace("_", " ") for c in e.klass.split("+") if c != k)  # wraps between words
            table.add_row(escape(e.id), *(escape(x) for x in row), *([escape(other)] if also else []))
            if verbose:
                table.add_row("", Text(e.reason, style="dim"), "", *([""] if also else []))
        console.print(Padding(fit(table, console, width=console.width - 2), (0, 0, 0, 2)))
    console.print()
    console.print(f"reason and evidence of each: taxlogic data errata --domain {domain} --json"
                  + ("" if verbose else " (or --verbose)"), highlight=False)
    if notes:
        console.print("notes on the prompt (a sentence of the form it omits; the KB follows the form; not errata): " +
                      "; ".join(f"{k} {n['where']}" + (f" (decides {len(n['decides'])} problems)" if n["decides"] else "")
                                for k, n in notes.items()), highlight=False)


def _prompt_notes(domain: str) -> dict:
    """The domain's notes on its prompt (form1040: :func:`taxlogic.kb.form1040.data.errata.prompt_notes`), else {}."""
    if domain != "form1040":
        return {}
    from taxlogic.kb.form1040.data.errata import prompt_notes

    return prompt_notes()


def install_rulearena(
    source: Path = typer.Option(..., "--from", help="A RuleArena copy holding derived/, airline/, LICENSE and SOURCE (e.g. ../shared/rulearena)."),
    data_dir: Optional[Path] = typer.Option(None, help=DATA_DIR_HELP),
    force: bool = typer.Option(False, "--force", help="Reinstall even if already installed."),
    as_json: bool = typer.Option(False, "--json", help="Print the install record as JSON."),
) -> None:
    """Install RuleArena (derived prompts and answers, airline rules and fee tables) into
    <data>/rulearena, verifying every file's SHA-256 against the shipped manifest."""
    from taxlogic.eval.benchmarks.rulearena.data import INSTALL_RECORD, install
    from taxlogic.settings import get_settings

    if not source.expanduser().is_dir():
        usage_error(f"--from {source}: no such folder (give a RuleArena copy holding derived/ and airline/); "
                    "nothing was installed")
    root = Path(data_dir or get_settings().data_dir).expanduser() / "rulearena"
    already = (root / INSTALL_RECORD).is_file() and not force
    with friendly_errors():
        with console.status("installing RuleArena …"):
            record = install(source, data_dir, force=force)
    if as_json:
        print_json(record)
        return
    if already:
        console.print(f"RuleArena is already installed in [bold]{root}[/] (from {record['source']}); nothing was "
                      "copied (--force reinstalls from --from)", highlight=False)
        return
    console.print(f"RuleArena installed in [bold]{root}[/] from {record['source']} "
                  f"({record['files']} files verified, commit {record['commit'][:8]})")


def install_deonticbench(
    source: Optional[str] = typer.Option(
        None, "--from", help="A DeonticBench copy (folder holding data/ and label_utils.py, e.g. ../shared/deonticbench), a .tar.gz/.zip archive or a URL. Default: the public repository guangyaodou/DeonticBench at the pinned commit."),
    data_dir: Optional[Path] = typer.Option(None, help=DATA_DIR_HELP),
    force: bool = typer.Option(False, "--force", help="Reinstall even if already installed."),
    as_json: bool = typer.Option(False, "--json", help="Print the install record as JSON."),
) -> None:
    """Install DeonticBench (Dou et al. 2026: SARA numeric and binary, airline, housing, USCIS-AAO;
    hard and smoke splits, statutes, the benchmark's prompts and label parsing) into
    <data>/deonticbench, verifying every file's SHA-256 against the shipped manifest."""
    from taxlogic.kb.statutes.data import INSTALL_RECORD, RELEASE, install, target_root

    if source is not None and not _is_url(source) and not Path(source).expanduser().exists():
        usage_error(f"--from {source}: no such file or folder (give a DeonticBench folder holding data/ and "
                    "label_utils.py, a .tar.gz/.zip archive or an http(s) URL); nothing was installed")
    root = target_root(data_dir)
    already = (root / INSTALL_RECORD).is_file() and not force
    with friendly_errors():
        with console.status(f"installing {RELEASE} …"):
            record = install(source, data_dir, force=force)
    if as_json:
        print_json(record)
        return
    if already:
        console.print(f"{RELEASE} is already installed in [bold]{root}[/] (from {record['source']}); nothing was "
                      "copied (--force reinstalls)", highlight=False)
        return
    hub = f", hub files: {', '.join(record['hub_files'])}" if record["hub_files"] else ""
    console.print(f"{RELEASE} installed in [bold]{root}[/] from {record['source']} "
                  f"({record['files']} files verified, commit {record['commit'][:8]}{hub})", highlight=False)


def _deonticbench_counts(data_dir: Path | None) -> tuple[str | None, dict[str, dict[str, int]]]:
    """(DeonticBench's root or None when not installed, domain -> split -> cases)."""
    from taxlogic.kb.statutes.data import DOMAINS, available_splits, cases, install_record, target_root

    if install_record(data_dir) is None:
        return None, {}
    counts = {d: {s: len(cases(d, s, data_dir)) for s in available_splits(d, data_dir)} for d in DOMAINS}
    return str(target_root(data_dir)), counts


_STAGES = {
    "rules": "r' statutes",
    "sara_n_r": "N^r  (answers under r')",
    "sara_en_r": "En^r (labels under r')",
    "sara_n_c": "N^c  (perturbed cases)",
    "sara_n_rc": "N^rc (perturbed cases, r')",
    "sara_en_c": "En^c (claims under r)",
    "sara_en_rc": "En^rc (claims under r')",
    "sara_ee_c": "Ee^c (paraphrases)",
    "verify": "gold check of every item",
    "recheck": "gold check of the written files",
}


def plus(
    seed: int = typer.Option(0, "--seed", help="Seed of every random draw: the same seed gives byte-identical files."),
    out: Optional[Path] = typer.Option(None, "--out", help="Output folder (default: <data_dir>/sara_plus/seed-<S>). Replaced if it holds an earlier build."),
    paraphrase: str = typer.Option("offline", "--paraphrase", help="Ee^c paraphrases: offline (sentence-level rewrites and synonym swaps) or llm (the configured model with the paraphrase prompt, checked)."),
    cases: Optional[str] = typer.Option(None, "--cases", help="Comma-separated SARA case ids to build from (default: all 376)."),
    workers: int = typer.Option(0, "--workers", help="Prolog workers per rule set (0: one per core)."),
    check: bool = typer.Option(True, "--check/--no-check", help="Re-run the gold programs on the written files and report the agreement per split."),
    as_json: bool = typer.Option(False, "--json", help="Print the item counts, gold agreement and dropped items per split as JSON."),
) -> None:
    """Generate the SARA⁺ splits (paper Table 2) with gold answers recomputed by Prolog.

    Writes one folder per build: sara_n, sara_n_r, sara_n_c, sara_n_rc, sara_ee, sara_ee_c,
    sara_en, sara_en_r, sara_en_c, sara_en_rc (.jsonl, one case per line); the perturbed statutes
    r' (statutes_r_prime/prolog and /source: dollar amounts, rates, thresholds and dates changed
    identically in both); manifest.json
    (every change of r', file, line, old and new, and every number left alone); DATACARD.md; and
    build.json (counts, dropped items with reasons, gold agreement). Every item is run under its
    rule set before it is written and kept only if it gives its stored answer.
    """
    from taxlogic.eval.benchmarks.sara_plus import SPLITS
    from taxlogic.eval.benchmarks.sara_plus.build import build_plus, build_summary, default_build_dir, gold_check
    from taxlogic.eval.benchmarks.sara_plus.rules import PerturbationError

    check_choice("--paraphrase", paraphrase, ("offline", "llm"))
    case_ids = option_list("--cases", cases)
    target = out or default_build_dir(seed)
    t0 = time.perf_counter()
    with friendly_errors():
        for case_id in case_ids or ():  # an unknown id is usage, with close matches, before anything is written
            load_case(case_id, "--cases")
        try:
            with progress_bar() as bar:
                progress = stage_progress(bar, _STAGES)
                record = build_plus(seed, target, case_ids=case_ids, paraphrase=paraphrase,  # type: ignore[arg-type]
                                    workers=workers or None, progress=progress)
                checked = None
                if check:
                    progress("recheck", 0, len(SPLITS))
                    checked = gold_check(target, workers=workers or None, progress=progress)
        except (PerturbationError, ValueError) as exc:
            fail(str(exc))
    seconds = time.perf_counter() - t0
    summary = build_summary(record, checked, out=target, seconds=seconds)
    if as_json:
        print_json(summary)
        return
    table = Table(title=f"SARA⁺ seed {seed}", title_justify="left")
    for col in ("split", "items", "source split", "gold agreement", "dropped", "labels", "case amounts/dates/quotes", "words changed"):
        table.add_column(col, justify="right" if col in ("items", "dropped") else "left")
    for s, info in summary["splits"].items():
        agree = info["gold_agreement"]
        case = info["changes"]["cases"]
        table.add_row(s, str(info["items"]), ", ".join(f"{k} {v}" for k, v in info["source_splits"].items()),
                      "-" if agree is None else f"{agree:.0%} ({info['gold_correct']}/{info['items']})",
                      str(info["dropped"]), ", ".join(f"{k} {v}" for k, v in info.get("labels", {}).items()),
                      f"{case['amounts']}/{case['dates']}/{case['statute_quotes']}", f"{info['words_changed']:.1%}")
    console.print(table)
    counts = ", ".join(f"{v} {k}s" for k, v in record["rule_change_counts"].items())
    console.print(f"r' changes {counts}; {record['source']['en']} En, {record['source']['ee']} Ee "
                  f"entailment cases. Written to [bold]{target}[/] ({seconds:.1f} s); see DATACARD.md and build.json.",
                  highlight=False)
