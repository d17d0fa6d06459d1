"""Installed data every domain reads: the error for missing or mismatched data, and the SHA-256
check of installed files against a manifest shipped with the package.

Each data set is installed into the data directory (``Settings.data_dir``) by its own installer
(SARA: :mod:`taxlogic.kb.sara.data.install`; RuleArena: :mod:`taxlogic.eval.benchmarks.rulearena.data`),
never read from this repository; this module holds only what they share, and the cache of what a
``swipl`` script reads from an installed statute folder (:func:`cached_reading`).
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path
from typing import Callable


class DataError(RuntimeError):
    """Data is missing, incomplete or does not match the shipped checksums."""


def sha256_file(path: Path) -> str:
    """The SHA-256 of the file at ``path`` (hex digest), read in 1 MiB chunks."""
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def verify_files(root: Path, files: dict[str, str]) -> list[str]:
    """Compare the files under ``root`` with ``files`` (relative path -> SHA-256). Returns
    problems, one line each (``missing: …``, ``checksum mismatch: …``; empty list: all match)."""
    problems = []
    for rel, digest in files.items():
        p = Path(root) / rel
        if not p.is_file():
            problems.append(f"missing: {rel}")
        elif sha256_file(p) != digest:
            problems.append(f"checksum mismatch: {rel}")
    return problems


def unpack_archive(archive: Path, into: Path, label: str | None = None) -> None:
    """Unpack a ``.tar.gz`` (data members only) or ``.zip`` ``archive`` into the folder ``into``.
    Raises :class:`DataError` naming ``label`` (default: the archive's path) for anything else."""
    import tarfile
    import zipfile

    if tarfile.is_tarfile(archive):
        with tarfile.open(archive) as tar:
            tar.extractall(into, filter="data")
    elif zipfile.is_zipfile(archive):
        with zipfile.ZipFile(archive) as zf:
            zf.extractall(into)
    else:
        raise DataError(f"{label or archive} is neither a folder nor a .tar.gz/.zip archive")


def cached_reading(kind: str, script: Path, prolog_dir: str | Path, make: Callable[[], str | None]) -> str | None:
    """What ``script`` (a Prolog file run by ``swipl`` on the statute folder ``prolog_dir``) prints,
    kept in ``TAXLOGIC_CACHE_DIR``/``kind`` keyed by a hash of the script and of every ``.pl`` file
    under the folder (names and bytes): the same files read back without starting ``swipl``
    (issue 51's start-up: a one-case command read the statutes' schema and vocabulary in two
    ``swipl`` runs). ``make()`` runs the script and returns its output (None: nothing to keep; it
    may raise, and then nothing is kept either). A cache that cannot be read or written is left
    aside: the script runs."""
    prolog_dir = Path(prolog_dir)
    digest = hashlib.sha256(Path(script).read_bytes())
    for f in sorted(prolog_dir.rglob("*.pl")):
        digest.update(str(f.relative_to(prolog_dir)).encode() + b"\0" + f.read_bytes() + b"\0")
    cached = None
    try:
        from taxlogic.settings import get_settings

        cached = Path(get_settings().cache_dir) / kind / f"{digest.hexdigest()}.tsv"
        if cached.is_file():
            return cached.read_text(encoding="utf-8")
    except (OSError, ValueError):  # an unreadable cache, or settings that do not validate: no cache
        cached = None
    text = make()
    if text is not None and cached is not None:
        try:  # written whole or not at all: a reader never sees half a file
            cached.parent.mkdir(parents=True, exist_ok=True)
            tmp = cached.with_suffix(f".{os.getpid()}.tmp")
            tmp.write_text(text, encoding="utf-8")
            tmp.replace(cached)
        except OSError:
            pass
    return text
