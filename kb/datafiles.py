"""Installed data every domain reads: the error for missing or mismatched data, and the SHA-256
check of installed files against a manifest shipped with the package.

Each data set is installed into the data directory (``Settings.data_dir``) by its own installer
(SARA: :mod:`taxlogic.kb.sara.data.install`; RuleArena: :mod:`taxlogic.eval.benchmarks.rulearena.data`),
never read from this repository; this module holds only what they share.
"""

from __future__ import annotations

import hashlib
from pathlib import Path


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
