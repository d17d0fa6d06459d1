"""DeonticBench's data: where it is installed, how it is installed and verified, and its cases.

DeonticBench (Dou, Brena, Deo, Jurayj, Zhang, Holzenberger and Van Durme 2026, "DeonticBench: A
Benchmark for Reasoning over Rules", arXiv 2604.04443; dataset licence CC-BY-4.0) has five
domains: ``sara_numeric`` (tax owed, whole dollars), ``sara_binary`` (entailment 1 /
contradiction 0 of a claim under one statute clause), ``airline`` (ticket plus baggage fees,
whole dollars), ``housing`` (US state housing and eviction law, ``yes``/``no``) and ``uscis-aao``
(USCIS Administrative Appeals Office decisions, ``Accepted``/``Dismissed``). Each case carries a
label and a verified reference Prolog program (rules and facts together).

It is read from ``<data_dir>/deonticbench`` (``Settings.data_dir``), never from this repository.
:func:`install` copies it there from a local folder (``--from ../shared/deonticbench``), a local
``.tar.gz``/``.zip`` archive, an ``http(s)`` URL, or by default the public repository
``guangyaodou/DeonticBench`` at the pinned commit :data:`COMMIT`; every file is checked against
the SHA-256 checksums of ``manifest.json`` (this folder) before anything is installed. The
repository ships the ``hard`` and ``smoke`` splits; the ``whole`` split is on the dataset hub only
(``gydou/DeonticBench``): a ``data/<domain>/whole.json`` found in the source is copied too, its
checksum recorded in ``INSTALL.json`` (not verifiable: no pinned release of it).

The repository's code (``prompts/``, ``label_utils.py``) has no licence file: it is installed
beside the data and read there at run time (:func:`prompts_dir`, :func:`label_utils_path`), never
copied into this project.
"""

from __future__ import annotations

import json
import shutil
import tempfile
import urllib.request
from datetime import datetime, timezone
from importlib import resources
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from taxlogic.kb.datafiles import DataError, sha256_file, unpack_archive, verify_files

__all__ = [
    "ARCHIVE_URL", "COMMIT", "DOMAINS", "DataError", "DeonticCase", "FOLDER", "RELEASE", "REPO", "SPLITS",
    "case", "cases", "install", "install_record", "installed_root", "label_utils_path", "manifest",
    "prompts_dir", "shared_statutes", "verify",
]

#: How taxlogic names the data everywhere (install record, run folders, reports).
RELEASE = "DeonticBench"
REFERENCE = "Dou, Brena, Deo, Jurayj, Zhang, Holzenberger and Van Durme 2026 (arXiv 2604.04443)"
REPO = "guangyaodou/DeonticBench"
COMMIT = "2b4e4ea114295fdf7151d4122c5ebbd5a2bf277e"
ARCHIVE_URL = f"https://github.com/{REPO}/archive/{COMMIT}.tar.gz"
#: The folder of the data directory it is installed in.
FOLDER = "deonticbench"
INSTALL_RECORD = "INSTALL.json"
INSTALL_COMMAND = "taxlogic data install-deonticbench --from PATH"

DomainName = Literal["sara_numeric", "sara_binary", "airline", "housing", "uscis-aao"]
#: The five domains, as the repository's ``data/`` folders name them.
DOMAINS: tuple[str, ...] = ("sara_numeric", "sara_binary", "airline", "housing", "uscis-aao")
#: ``smoke``: the first 5 cases of ``hard``; ``hard``: the curated subset with verified reference
#: programs; ``whole``: the full data set (from the dataset hub only).
SPLITS: tuple[str, ...] = ("hard", "smoke", "whole")
#: The folder of ``statutes/`` a domain's prompts read (SARA's and airline's statutes are shared
#: by every case; housing and USCIS carry their own per case).
STATUTE_FOLDERS = {"sara_numeric": "sara", "sara_binary": "sara", "airline": "airline"}


class DeonticCase(BaseModel):
    """One DeonticBench case as the data gives it.

    ``id``: the data's id (``tax_case_10``, ``s1_a_1_i_pos``, ``airline_cases_complexity_0_...``,
    ``housing_9adc1ed4``, ``uscis_e2f62d25``); ``domain``: one of :data:`DOMAINS`; ``split``: the
    split it was read from; ``text``: the case narrative (empty for housing, which has none);
    ``question``; ``statutes``: the case's own statute text (housing, USCIS; empty for the domains
    whose statutes are shared: :func:`shared_statutes`); ``label``: the label as given, as text
    (``"68844"``, ``"1"``, ``"yes"``, ``"Accepted"``); ``reference_prolog``: the verified reference
    program; ``state`` (housing), ``case_number`` (USCIS); ``extra``: any other field of the entry.
    ``kind`` is the domain and ``rules`` the key of its rule set (the runner's item protocol)."""

    model_config = ConfigDict(frozen=True)

    id: str
    domain: DomainName
    split: str
    text: str = ""
    question: str
    statutes: str = ""
    label: str
    reference_prolog: str
    state: str | None = None
    case_number: str | None = None
    extra: dict = Field(default_factory=dict)
    rules: str = "deonticbench"

    @property
    def kind(self) -> str:
        return self.domain

    @property
    def expected(self) -> str:
        return self.label


# ------------------------------------------------------------------------------- where it is


def target_root(data_dir: Path | None = None) -> Path:
    """``<data_dir>/deonticbench`` (default data dir: ``TAXLOGIC_DATA_DIR``), installed or not."""
    if data_dir is None:
        from taxlogic.settings import get_settings

        data_dir = get_settings().data_dir
    return Path(data_dir).expanduser() / FOLDER


def installed_root(data_dir: Path | None = None) -> Path:
    """The installed DeonticBench root. Raises :class:`DataError` naming the install command when
    it is not installed."""
    root = target_root(data_dir)
    if not (root / INSTALL_RECORD).is_file():
        raise DataError(f"{RELEASE} is not installed in {root}. Run `{INSTALL_COMMAND}` (e.g. --from "
                        "../shared/deonticbench; without --from: the public repository at the pinned commit), "
                        "or set TAXLOGIC_DATA_DIR.")
    return root


def install_record(data_dir: Path | None = None) -> dict | None:
    """The ``INSTALL.json`` of an installed DeonticBench, None when it is not installed."""
    p = target_root(data_dir) / INSTALL_RECORD
    return json.loads(p.read_text()) if p.is_file() else None


def prompts_dir(data_dir: Path | None = None) -> Path:
    """The installed ``prompts/`` folder of the pinned commit (the benchmark's prompt texts)."""
    return installed_root(data_dir) / "prompts"


def label_utils_path(data_dir: Path | None = None) -> Path:
    """The installed ``label_utils.py`` (the benchmark's label parsing for housing and USCIS)."""
    return installed_root(data_dir) / "label_utils.py"


def shared_statutes(domain: str, data_dir: Path | None = None) -> dict[str, str]:
    """File name -> text of the statutes every case of ``domain`` shares (``statutes/sara/`` for
    the SARA domains, ``statutes/airline/`` for airline), in name order; {} for housing and USCIS
    (their statutes are per case). Raises ValueError for an unknown domain."""
    _check_domain(domain)
    folder = STATUTE_FOLDERS.get(domain)
    if folder is None:
        return {}
    d = installed_root(data_dir) / "statutes" / folder
    return {p.name: p.read_text(encoding="utf-8") for p in sorted(d.iterdir()) if p.is_file()}


# ------------------------------------------------------------------------------------ install


def manifest() -> dict[str, str]:
    """Relative path -> SHA-256 of every file of the pinned commit taxlogic installs
    (``manifest.json``, made from the repository at :data:`COMMIT`)."""
    text = resources.files("taxlogic.kb.statutes.data").joinpath("manifest.json").read_text()
    return json.loads(text)["files"]


def verify(root: Path) -> list[str]:
    """Compare the files under ``root`` with the manifest; the problems, one line each (empty: all match)."""
    return verify_files(Path(root), manifest())


def _is_root(folder: Path) -> bool:
    return (folder / "data").is_dir() and (folder / "label_utils.py").is_file()


def _find_root(folder: Path, depth: int) -> Path:
    level = [folder]
    for _ in range(depth + 1):
        for candidate in level:
            if _is_root(candidate):
                return candidate
        level = [p for d in level for p in sorted(d.iterdir()) if p.is_dir()]
    raise DataError(f"{folder} holds no {RELEASE} tree (no data/ folder beside label_utils.py)")


def _fetch(source: str | None, tmpdir: Path) -> tuple[Path, str]:
    """(the root of the source's tree, its label): a folder as it is, an archive unpacked into ``tmpdir``."""
    label = source or ARCHIVE_URL
    if source is None or source.startswith(("http://", "https://")):
        archive = tmpdir / "archive.tar.gz"
        try:
            urllib.request.urlretrieve(label, archive)
        except OSError as exc:
            raise DataError(f"could not download {label} ({exc}); pass --from PATH to a local copy of "
                            f"{RELEASE} (e.g. ../shared/deonticbench)") from exc
    else:
        archive = Path(source).expanduser()
        if not archive.exists():
            raise DataError(f"--from {source}: no such file or folder")
        if archive.is_dir():
            return _find_root(archive, 1), str(archive.resolve())
    unpacked = tmpdir / "unpacked"
    unpack_archive(archive, unpacked, label)
    return _find_root(unpacked, 2), label


def install(source: str | Path | None = None, data_dir: Path | None = None, *, force: bool = False) -> dict:
    """Install DeonticBench into ``<data_dir>/deonticbench`` and return the install record
    (``INSTALL.json``: source, release, reference, repository, commit, files verified, hub files
    copied with their SHA-256, time); the existing record when installed already and not ``force``.

    ``source``: a local folder (a copy of the repository, e.g. ``../shared/deonticbench``), a local
    ``.tar.gz``/``.zip`` archive, an ``http(s)`` URL, or None for :data:`ARCHIVE_URL`. Raises
    :class:`DataError` if the source cannot be read (offline: the download's error and the
    ``--from`` fix) or any file differs from the manifest; nothing is installed then."""
    target = target_root(data_dir)
    if (target / INSTALL_RECORD).is_file() and not force:
        return json.loads((target / INSTALL_RECORD).read_text())
    files = manifest()
    target.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="taxlogic-deonticbench-", dir=target.parent) as tmp:
        tmpdir = Path(tmp)
        root, label = _fetch(None if source is None else str(source), tmpdir)
        problems = verify(root)
        if problems:
            shown = "; ".join(problems[:5]) + (f" (+{len(problems) - 5} more)" if len(problems) > 5 else "")
            raise DataError(f"{label} is not {RELEASE} at {COMMIT[:8]}: {shown}")
        staging = tmpdir / "staging"
        hub = {f"data/{d}/whole.json" for d in DOMAINS if (root / "data" / d / "whole.json").is_file()}
        for rel in [*files, *sorted(hub)]:
            dest = staging / rel
            dest.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(root / rel, dest)
        problems = verify(staging)
        if problems:
            raise DataError(f"copy to {target} failed verification: {'; '.join(problems[:5])}")
        record = {"source": label, "release": RELEASE, "reference": REFERENCE, "repository": REPO, "commit": COMMIT,
                  "files": len(files), "hub_files": {rel: sha256_file(staging / rel) for rel in sorted(hub)},
                  "installed_at": datetime.now(timezone.utc).isoformat(timespec="seconds")}
        (staging / INSTALL_RECORD).write_text(json.dumps(record, indent=2))
        if target.exists():
            shutil.rmtree(target)
        shutil.move(str(staging), str(target))
    _CACHE.clear()
    return record


# -------------------------------------------------------------------------------------- cases

_CACHE: dict[tuple[str, str, str], tuple[DeonticCase, ...]] = {}
_KNOWN = {"id", "text", "question", "statutes", "label", "reference_prolog", "state", "case_number"}


def _check_domain(domain: str) -> None:
    if domain not in DOMAINS:
        raise ValueError(f"unknown DeonticBench domain {domain!r}; known: {', '.join(DOMAINS)}")


def available_splits(domain: str, data_dir: Path | None = None) -> tuple[str, ...]:
    """The splits of ``domain`` the installed copy holds (``whole`` only with the hub's file)."""
    _check_domain(domain)
    root = installed_root(data_dir)
    return tuple(s for s in SPLITS if (root / "data" / domain / f"{s}.json").is_file())


def _entry_case(entry: dict, domain: str, split: str, where: str) -> DeonticCase:
    for key in ("id", "question", "label", "reference_prolog"):
        if key not in entry:
            raise DataError(f"{where}: an entry has no {key!r} field")
    extra = {k: v for k, v in entry.items() if k not in _KNOWN}
    return DeonticCase(id=str(entry["id"]), domain=domain, split=split, text=entry.get("text") or "",
                       question=entry["question"], statutes=entry.get("statutes") or "", label=str(entry["label"]),
                       reference_prolog=entry["reference_prolog"], state=entry.get("state"),
                       case_number=entry.get("case_number"), extra=extra)


def cases(domain: str, split: str = "hard", data_dir: Path | None = None) -> list[DeonticCase]:
    """The cases of ``domain`` and ``split`` in the data's order. Raises ValueError for an unknown
    domain or split, :class:`DataError` when DeonticBench is not installed, the split is not
    (``whole``: the hub's file was not in the source) or a file is malformed."""
    _check_domain(domain)
    if split not in SPLITS:
        raise ValueError(f"unknown DeonticBench split {split!r}; known: {', '.join(SPLITS)}")
    root = installed_root(data_dir)
    key = (str(root), domain, split)
    if key not in _CACHE:
        path = root / "data" / domain / f"{split}.json"
        if not path.is_file():
            hint = (" (the whole split is on the dataset hub only, gydou/DeonticBench: put its files in the "
                    "--from folder as data/<domain>/whole.json and reinstall with --force)") if split == "whole" else ""
            raise DataError(f"{RELEASE} {domain}: no {split} split in {root}{hint}")
        try:
            entries = json.loads(path.read_text(encoding="utf-8"))
        except json.JSONDecodeError as exc:
            raise DataError(f"{path}: not JSON ({exc.msg}, line {exc.lineno})") from None
        if not isinstance(entries, list):
            raise DataError(f"{path}: not a list of cases")
        _CACHE[key] = tuple(_entry_case(e, domain, split, str(path)) for e in entries)
    return list(_CACHE[key])


def case(case_id: str, data_dir: Path | None = None) -> DeonticCase:
    """One case by id, from the first split of any domain that holds it (hard, then smoke, then
    whole). Raises KeyError with close matches if no installed split has it, :class:`DataError`
    when DeonticBench is not installed."""
    seen: list[str] = []
    for split in SPLITS:
        for domain in DOMAINS:
            if split not in available_splits(domain, data_dir):
                continue
            for c in cases(domain, split, data_dir):
                if c.id == case_id:
                    return c
                seen.append(c.id)
    import difflib

    close = difflib.get_close_matches(case_id, sorted(set(seen)), n=3)
    raise KeyError(f"no {RELEASE} case {case_id!r}" + (f"; did you mean {', '.join(close)}?" if close else ""))
