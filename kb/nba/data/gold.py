"""The NBA gold fact programs: one ``.pl`` per annotated problem under ``kb/nba/data/gold/``.

Each program is the problem's text read by :mod:`taxlogic.kb.nba.reading.reader` (plus the hand readings
of ``hand_readings.json``) and written by :mod:`taxlogic.kb.nba.reading.render`: facts in the
vocabulary of ``events.pl``, each sentence's group closed by the sentence as its anchor. They are
the project's own data, committed; ``gold/manifest.json`` holds the sha256 of each
``comp_<level>.json`` they were written against and of each program.

:func:`write_gold` (re)writes them (``python -m taxlogic.kb.nba.data.gold --write``);
:func:`verify_gold` checks the problem files' checksums and that reading the text again gives
the committed programs byte for byte; :func:`gold_program` reads one committed program.
"""

from __future__ import annotations

import hashlib
import json
import sys
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Iterable

from taxlogic.kb.datafiles import DataError
from taxlogic.kb.nba.data.problems import LEVELS, ProblemText, problem_file, problem_texts, sha256
from taxlogic.kb.nba.reading.reader import read_problem
from taxlogic.kb.nba.reading.render import render_reading
from taxlogic.tables import shared_table

if TYPE_CHECKING:
    from taxlogic.tools.trust import TrustedProgram

GOLD_PACKAGE_DIR = Path(__file__).resolve().parent / "gold"
MANIFEST = "manifest.json"


def file_name(problem_id: str) -> str:
    """``nba-0-17`` -> ``nba-0-17.pl``."""
    return f"{problem_id}.pl"


def header(problem: ProblemText, by_hand: int) -> str:
    lines = [f"RuleArena NBA problem {problem.id} (comp_{problem.level}.json, index {problem.index}): gold facts",
             "written from the problem text alone by taxlogic.kb.nba.reading.reader and .render; do not edit:",
             "regenerate with python -m taxlogic.kb.nba.data.gold --write."]
    if by_hand:
        lines.append(f"{by_hand} sentence(s) read by hand (kb/nba/reading/hand_readings.json).")
    return "\n".join(lines)


def generate(problem: ProblemText) -> str:
    """The gold program of one problem, from its text. Raises ValueError if a sentence is unread
    (neither the grammar nor a hand reading reads it)."""
    reading = read_problem(problem.fields())
    return render_reading(reading, header=header(problem, sum(s.by_hand for s in reading.sentences)))


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def write_gold(out_dir: Path = GOLD_PACKAGE_DIR, levels: Iterable[int] = LEVELS, root=None) -> dict:
    """Write every problem's program and ``manifest.json`` into ``out_dir``; returns the manifest."""
    levels = tuple(levels)
    out_dir.mkdir(parents=True, exist_ok=True)
    programs = {}
    for p in problem_texts(levels, root):
        text = generate(p)
        (out_dir / file_name(p.id)).write_text(text, encoding="utf-8")
        programs[p.id] = _digest(text)
    manifest = {
        "about": "NBA gold fact programs (taxlogic.kb.nba.data.gold); problems: sha256 of the RuleArena problem files "
                 "they were read from; programs: sha256 of each program.",
        "problems": {f"nba/annotated_problems/comp_{lv}.json": sha256(problem_file(lv, root)) for lv in levels},
        "programs": programs,
    }
    (out_dir / MANIFEST).write_text(json.dumps(manifest, indent=1, sort_keys=False) + "\n", encoding="utf-8")
    return manifest


def _gold_dir():
    return resources.files("taxlogic.kb.nba.data").joinpath("gold")


@shared_table(maxsize=1)
def manifest() -> dict:
    """The committed ``gold/manifest.json``."""
    return json.loads(_gold_dir().joinpath(MANIFEST).read_text(encoding="utf-8"))


def gold_program(problem_id: str) -> str:
    """The committed gold program of ``problem_id`` (``nba-L-I``). Raises KeyError if none."""
    if problem_id not in manifest()["programs"]:
        raise KeyError(f"no NBA gold program for {problem_id!r}")
    return _gold_dir().joinpath(file_name(problem_id)).read_text(encoding="utf-8")


def trusted_gold_program(problem_id: str) -> "TrustedProgram":
    """:func:`gold_program` as a trusted program, once its sha256 matches the committed manifest's
    (:func:`taxlogic.tools.trust.installed_program`). Raises KeyError if there is none,
    :class:`DataError` if the file differs from the manifest."""
    from taxlogic.tools.trust import installed_program

    text = gold_program(problem_id)
    if _digest(text) != manifest()["programs"][problem_id]:
        raise DataError(f"NBA gold program {problem_id}: sha256 differs from gold/manifest.json; "
                        "regenerate with python -m taxlogic.kb.nba.data.gold --write")
    return installed_program(text, f"NBA gold {problem_id}")


def checksum_problems(root=None) -> list[str]:
    """Problem files whose sha256 differs from the manifest's (one line each; empty: all match)."""
    out = []
    for rel, want in manifest()["problems"].items():
        level = int(rel.rsplit("_", 1)[1].split(".")[0])
        try:
            got = sha256(problem_file(level, root))
        except DataError as exc:
            out.append(str(exc))
            continue
        if got != want:
            out.append(f"{rel}: sha256 {got} differs from the one the gold programs were written against ({want})")
    return out


def verify_gold(root=None) -> list[str]:
    """Every difference between the committed gold and what the text gives now: checksum
    mismatches (:func:`checksum_problems`), programs that differ from a fresh reading, programs
    missing or extra. Empty: the committed programs are exactly the text's reading."""
    problems = checksum_problems(root)
    committed = manifest()["programs"]
    seen = set()
    for p in problem_texts(LEVELS, root):
        seen.add(p.id)
        if p.id not in committed:
            problems.append(f"{p.id}: no committed program")
            continue
        try:
            fresh = generate(p)
        except ValueError as exc:
            problems.append(f"{p.id}: {exc}")
            continue
        if fresh != gold_program(p.id):
            problems.append(f"{p.id}: the committed program differs from the text's reading")
        elif _digest(fresh) != committed[p.id]:
            problems.append(f"{p.id}: the manifest's sha256 of the program is stale")
    problems += [f"{pid}: committed but no such problem" for pid in sorted(set(committed) - seen)]
    return problems


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args == ["--write"]:
        m = write_gold()
        print(f"wrote {len(m['programs'])} programs to {GOLD_PACKAGE_DIR}")
        return 0
    if args in ([], ["--verify"]):
        problems = verify_gold()
        for line in problems:
            print(line)
        print("gold programs match the text" if not problems else f"{len(problems)} difference(s)")
        return 1 if problems else 0
    print("usage: python -m taxlogic.kb.nba.data.gold [--write | --verify]", file=sys.stderr)
    return 2


if __name__ == "__main__":
    raise SystemExit(main())
