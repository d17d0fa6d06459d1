"""Run import-linter (``lint-imports``) on taxlogic with the contracts in ``pyproject.toml``.

import-linter (through grimp) finds a package's modules by walking the folder of its top-level
package, but taxlogic maps folders to subpackages with setuptools ``package-dir`` (``agent/`` is
``taxlogic.agent`` …), so ``taxlogic/`` alone holds only the CLI, core and settings. This script
lays the package out as Python imports it: a temporary ``taxlogic/`` of symbolic links made from
``[tool.setuptools.package-dir]`` (grimp follows links), put first on ``sys.path``; then it runs
``lint-imports`` with the given arguments (``--verbose``, ``--contract ID`` …). Exit code: 0 when every contract is kept, 1 otherwise.

Usage: ``python scripts/lint_imports.py [lint-imports options]`` (from anywhere).
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10: import-linter depends on tomli there
    import tomli as tomllib

ROOT = Path(__file__).resolve().parent.parent


def link_tree(dest: Path) -> Path:
    """Mirror the ``taxlogic`` package under ``dest`` with symbolic links; returns ``dest``."""
    mapping = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-dir"]
    top = dest / "taxlogic"
    top.mkdir()
    for entry in (ROOT / mapping["taxlogic"]).iterdir():
        if entry.name != "__pycache__":
            (top / entry.name).symlink_to(entry)
    for name, folder in sorted(mapping.items()):
        parts = name.split(".")
        if len(parts) == 2 and not (top / parts[1]).exists():
            (top / parts[1]).symlink_to(ROOT / folder)
    return dest


def main(argv: list[str]) -> None:
    """Run ``lint-imports --config pyproject.toml --no-cache ARGV`` on the linked tree (exits)."""
    from importlinter.cli import lint_imports_command

    with tempfile.TemporaryDirectory(prefix="taxlogic-imports-") as tmp:
        sys.path.insert(0, str(link_tree(Path(tmp))))
        os.chdir(tmp)  # lint-imports puts the working directory first on sys.path: not the repo's taxlogic/
        lint_imports_command.main(["--config", str(ROOT / "pyproject.toml"), "--no-cache", *argv],
                                  prog_name="lint-imports")


if __name__ == "__main__":
    main(sys.argv[1:])
