"""SARA's data: where it is, how it is installed and verified, its install errata, and the rule
set ``r`` it holds (:func:`sara_rules`).

The data is SARA's original 2020 release (Holzenberger, Blair-Stanek and Van Durme 2020; the
release the seed paper uses), not SARA v2 (Holzenberger and Van Durme 2021), which changed 53
statute predicates' arities, uses strings for entity names and changed 67 case texts: figures on
the two are not comparable. It is read from a data directory
(``Settings.data_dir / "sara"``), never from this repository. ``install`` copies it there from a
local folder, a local archive, or the public archive at a pinned commit, checks every file against
the SHA-256 checksums shipped in this package's ``manifest_2020.json`` (named by its release: a
second release ships a manifest of its own) and then applies the documented errata (``ERRATA``),
recording each one, and the release (:data:`SARA_RELEASE`), in ``INSTALL.json`` beside the data.
:class:`~taxlogic.kb.datafiles.DataError` (raised for missing or mismatched data) is shared by
every domain and lives in :mod:`taxlogic.kb.datafiles`; it is imported here too.
"""

from __future__ import annotations

import json
import shutil
import tempfile
import urllib.request
from dataclasses import dataclass
from datetime import datetime, timezone
from importlib import resources
from pathlib import Path
from typing import Callable

from taxlogic.kb.datafiles import DataError, unpack_archive, verify_files
from taxlogic.kb.rules import RuleSet

SARA_COMMIT = "b5e746f207086685f22211d6a151d8fe23e4dece"
SARA_ARCHIVE_URL = f"https://github.com/SgfdDttt/sara/archive/{SARA_COMMIT}.tar.gz"
INSTALL_RECORD = "INSTALL.json"
#: How taxlogic names the data everywhere (install record, reports, SARA⁺ data card).
SARA_RELEASE = "SARA (2020 release)"
SARA_REFERENCE = "Holzenberger, Blair-Stanek and Van Durme 2020"
_COPIED = ("cases", "statutes", "dataset")


@dataclass(frozen=True)
class SaraPaths:
    """Paths inside an installed SARA root (``<data_dir>/sara``)."""

    root: Path

    @property
    def cases(self) -> Path:
        return self.root / "cases"

    @property
    def statutes_prolog(self) -> Path:
        return self.root / "statutes" / "prolog"

    @property
    def statutes_source(self) -> Path:
        return self.root / "statutes" / "source"

    @property
    def dataset(self) -> Path:
        return self.root / "dataset"

    def require(self) -> "SaraPaths":
        """Return self if installed, else raise :class:`DataError` naming the fix."""
        if not (self.root / INSTALL_RECORD).is_file():
            raise DataError(
                f"SARA is not installed in {self.root}. Run `taxlogic data install` "
                "(or `taxlogic data install --from ../shared/sara`), or set TAXLOGIC_DATA_DIR."
            )
        return self


def sara_paths(data_dir: Path | None = None) -> SaraPaths:
    """The SARA root for ``data_dir`` (default: the configured ``TAXLOGIC_DATA_DIR``)."""
    if data_dir is None:
        from taxlogic.settings import get_settings

        data_dir = get_settings().data_dir
    return SaraPaths(Path(data_dir).expanduser() / "sara")


# --------------------------------------------------------------------------------------- errata


@dataclass(frozen=True)
class Erratum:
    """A documented fix applied to one installed file (the original is checksum-verified first)."""

    path: str
    description: str
    fix: Callable[[str], str]


def _add_missing_period(text: str) -> str:
    # The last fact before "% Test" lacks its period, so the test directive is read as part of
    # a clause body and never runs (see FIELD-NOTES: s3306_c_2_pos / _neg).
    head, sep, tail = text.partition("\n\n% Test")
    if not sep:
        raise DataError("expected a '% Test' section")
    head = head.rstrip()
    if head.endswith("."):
        return text
    return head + ".\n\n% Test" + tail


ERRATA: tuple[Erratum, ...] = tuple(
    Erratum(
        path=f"cases/s3306_c_2_{kind}.pl",
        description="last fact lacks its period, so the test directive never ran; period added",
        fix=_add_missing_period,
    )
    for kind in ("pos", "neg")
)


# -------------------------------------------------------------------------------------- install


def manifest() -> dict[str, str]:
    """Relative path -> SHA-256 of every file of SARA (2020 release) that taxlogic uses (shipped with the package)."""
    text = resources.files("taxlogic.kb.sara.data").joinpath("manifest_2020.json").read_text()
    return json.loads(text)["files"]


def _find_root(folder: Path, depth: int = 1, name: str = "SARA") -> Path:
    """The folder at most ``depth`` levels under ``folder`` holding ``cases/`` and ``statutes/``
    (archives nest one level or more: ``<repo>-<commit>/sara_v2/``). Raises :class:`DataError`."""
    level = [folder]
    for _ in range(depth + 1):
        for candidate in level:
            if (candidate / "cases").is_dir() and (candidate / "statutes").is_dir():
                return candidate
        level = [p for d in level for p in sorted(d.iterdir()) if p.is_dir()]
    raise DataError(f"{folder} holds no {name} tree (no cases/ and statutes/ folders)")


def _unpack(archive: Path, into: Path, depth: int = 1, name: str = "SARA") -> Path:
    unpack_archive(archive, into)
    return _find_root(into, depth, name)


def fetch_verified(source: str | None, tmpdir: Path, *, archive_url: str, release: str, commit: str,
                   files: dict[str, str], depth: int = 1) -> tuple[Path, str]:
    """(the root of a verified copy of a SARA release, the source's label), for every release's
    install: ``source`` a local folder, a local ``.tar.gz``/``.zip`` archive, an ``http(s)`` URL,
    or None for ``archive_url``; archives are unpacked under ``tmpdir``; the tree is found at
    most ``depth`` folders down (one more in an archive) and every file checked against ``files``
    (relative path -> SHA-256). Raises :class:`DataError` if the source cannot be read or any file
    differs."""
    src_label = source or archive_url
    if source is None or source.startswith(("http://", "https://")):
        archive = tmpdir / "archive.tar.gz"
        try:
            urllib.request.urlretrieve(src_label, archive)
        except OSError as exc:
            raise DataError(f"could not download {src_label} ({exc}); pass --from PATH to a local copy of {release}") from exc
        root = _unpack(archive, tmpdir / "unpacked", depth + 1, release)
    else:
        path = Path(source).expanduser()
        if not path.exists():
            raise DataError(f"--from {source}: no such file or folder")
        root = _find_root(path, depth, release) if path.is_dir() else _unpack(path, tmpdir / "unpacked", depth + 1, release)
    problems = verify_files(root, files)
    if problems:
        shown = "; ".join(problems[:5]) + (f" (+{len(problems) - 5} more)" if len(problems) > 5 else "")
        raise DataError(f"{src_label} is not {release} at {commit[:8]}: {shown}")
    return root, str(src_label)


def install_release(source: str | None, target: Path, *, force: bool, archive_url: str, release: str, commit: str,
                    files: dict[str, str], copied: tuple[str, ...], record: dict, depth: int = 1,
                    errata: tuple = ()) -> dict:
    """Install a SARA release into ``target`` and return its install record (``INSTALL.json``):
    the existing record when it is installed already and not ``force``; else the verified copy
    (:func:`fetch_verified`) of its ``copied`` folders, each of ``errata`` applied and listed,
    ``record``'s fields with source, commit, files, errata and the time, moved into ``target``
    whole (nothing is installed on a :class:`DataError`)."""
    if (target / INSTALL_RECORD).is_file() and not force:
        return json.loads((target / INSTALL_RECORD).read_text())
    with tempfile.TemporaryDirectory(prefix="taxlogic-sara-") as tmp:
        tmpdir = Path(tmp)
        root, src_label = fetch_verified(source, tmpdir, archive_url=archive_url, release=release, commit=commit,
                                         files=files, depth=depth)
        staging = tmpdir / "staging"
        for sub in copied:
            shutil.copytree(root / sub, staging / sub)
        applied = []
        for erratum in errata:
            p = staging / erratum.path
            p.write_text(erratum.fix(p.read_text()))
            applied.append({"path": erratum.path, "description": erratum.description})
        record = {"source": src_label, **record, "commit": commit, "files": len(files), "errata": applied,
                  "installed_at": datetime.now(timezone.utc).isoformat(timespec="seconds")}
        (staging / INSTALL_RECORD).write_text(json.dumps(record, indent=2))
        if target.exists():
            shutil.rmtree(target)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.move(str(staging), str(target))
    return record


def verify(root: Path, files: dict[str, str] | None = None) -> list[str]:
    """Compare the files under ``root`` with ``files`` (relative path -> SHA-256; default: the
    shipped SARA manifest). Returns problems (empty list: all files match)."""
    return verify_files(root, manifest() if files is None else files)


def install(source: str | None, data_dir: Path | None = None, *, force: bool = False) -> dict:
    """Install SARA (2020 release) into ``<data_dir>/sara`` and return the install record: source,
    ``release`` and ``reference`` (:data:`SARA_RELEASE`), commit, files, errata applied, time.

    ``source``: a local folder, a local ``.tar.gz``/``.zip`` archive, an ``http(s)`` URL, or None
    for the public archive at commit ``SARA_COMMIT``. Raises :class:`DataError` if the source
    cannot be read or any file differs from the shipped checksums (nothing is installed then).
    """
    return install_release(source, sara_paths(data_dir).root, force=force, archive_url=SARA_ARCHIVE_URL,
                           release=SARA_RELEASE, commit=SARA_COMMIT, files=manifest(), copied=_COPIED,
                           record={"release": SARA_RELEASE, "reference": SARA_REFERENCE}, errata=ERRATA)


def sara_rules(data_dir: Path | None = None) -> RuleSet:
    """The original SARA statutes (rule set ``r``) from the installed data directory."""
    paths = sara_paths(data_dir).require()
    return RuleSet("r", paths.statutes_prolog, paths.statutes_source)
