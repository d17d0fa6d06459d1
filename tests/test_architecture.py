"""The import-linter contracts of pyproject.toml hold: layers point one way (tools <- kb <- agent
<- eval <- CLI), core/settings/prompts import no layer, the agent imports no domain plug-in,
no import cycles between siblings."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_import_contracts_are_kept():
    proc = subprocess.run([sys.executable, str(ROOT / "scripts" / "lint_imports.py")],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-2000:]
    assert "BROKEN" not in proc.stdout and " kept, 0 broken." in proc.stdout


def test_link_tree_mirrors_every_subpackage(tmp_path):
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        from lint_imports import link_tree
    finally:
        sys.path.remove(str(ROOT / "scripts"))
    top = link_tree(tmp_path) / "taxlogic"
    for sub in ("agent", "kb", "tools", "eval", "prompts", "cli"):
        assert (top / sub / "__init__.py").is_file(), sub
    assert (top / "kb" / "sara" / "checks.py").is_file() and (top / "core.py").is_file()
