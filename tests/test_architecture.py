"""The import-linter contracts of pyproject.toml hold: layers point one way (tools <- kb <- agent
<- eval <- CLI), core/settings/prompts import no layer, the agent imports no domain plug-in, the
kb top no plug-in, eval's rooms are layered, no import cycles between siblings. And the map,
docs/architecture.md, names only paths and modules that exist, and every room of eval/."""

from __future__ import annotations

import ast
import importlib.util
import re
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
    assert (top / "kb" / "sara" / "checks" / "__init__.py").is_file() and (top / "core.py").is_file()


# ------------------------------------------------------------------ docs/architecture.md stays true

PAGE = ROOT / "docs" / "architecture.md"
_PATH = re.compile(r"(?<![\w./<-])((?:agent|bench|docs|eval|kb|prompts|scripts|taxlogic|tests|tools)/[\w./]*)")
_MODULE = re.compile(r"(?<![\w.])(taxlogic(?:\.\w+)+)")


def test_architecture_page_names_only_what_exists():
    text = PAGE.read_text(encoding="utf-8")
    paths = {p.rstrip(".") for p in _PATH.findall(text)}
    modules = set(_MODULE.findall(text))
    assert len(paths) > 40 and "eval/harness/runner.py" in paths and "taxlogic.eval" in modules
    missing = sorted(p for p in paths if not (ROOT / p).exists())
    assert not missing, f"docs/architecture.md names paths that do not exist: {missing}"
    unknown = sorted(m for m in modules if importlib.util.find_spec(m) is None)
    assert not unknown, f"docs/architecture.md names modules that do not exist: {unknown}"


def test_every_eval_room_is_on_the_architecture_page():
    text = PAGE.read_text(encoding="utf-8")
    entries = sorted(p.name for p in (ROOT / "eval").iterdir() if p.name != "__pycache__")
    assert len(entries) <= 8, entries  # issue 36: eval/ as at most 8 entries
    rooms = [p for p in (ROOT / "eval").iterdir() if (p / "__init__.py").is_file()]
    assert len(rooms) == len(entries) - 1, entries  # __init__.py and sub-packages, no loose module
    for room in rooms:
        assert f"eval/{room.name}/" in text, f"eval/{room.name}/ is not on docs/architecture.md"
        doc = ast.get_docstring(ast.parse((room / "__init__.py").read_text(encoding="utf-8"))) or ""
        assert "May import" in doc or "may import" in doc, f"eval/{room.name}/__init__.py: say what it may import"


# ------------------------------------------------------------------ one skeleton for every plug-in

#: The rooms of a domain plug-in (issue 49; docs/architecture.md): each a folder, or a single
#: module where the domain is small. Beside them at the top: ``__init__.py`` (rule set, queries,
#: DOMAIN), ``domain.py`` (the Domain value) and ``corrupt.py`` (the plug-in's own fault operators).
PLUGIN_ROOMS = ("prolog", "data", "reading", "checks", "explain")
PLUGIN_TOP = ("__init__.py", "domain.py", "corrupt.py")
PLUGINS = ("sara", "nba", "form1040", "airline")


def test_every_plugin_has_the_one_skeleton():
    for name in PLUGINS:
        top = ROOT / "kb" / name
        entries = sorted(p.name for p in top.iterdir() if p.name != "__pycache__")
        assert len(entries) <= 8, (name, entries)  # issue 49: at most 8 entries at a plug-in's top
        allowed = set(PLUGIN_TOP) | set(PLUGIN_ROOMS) | {r + ".py" for r in PLUGIN_ROOMS if r != "prolog"}
        stray = [e for e in entries if e not in allowed]
        assert not stray, f"kb/{name}/: {stray} is in no room of the skeleton {PLUGIN_ROOMS}"
        assert "__init__.py" in entries and "domain.py" in entries, name
        assert (top / "prolog").is_dir() and any((top / "prolog").glob("*.pl")), f"kb/{name}/prolog/"
        for room in PLUGIN_ROOMS[1:]:
            assert not ((top / room).is_dir() and (top / f"{room}.py").exists()), f"kb/{name}/{room}: one home"
            if (top / room).is_dir():
                assert (top / room / "__init__.py").is_file(), f"kb/{name}/{room}/ is no package"
        assert not list(top.glob("*.pl")), f"kb/{name}/: Prolog outside prolog/"


def test_the_plugin_skeleton_is_on_the_architecture_page():
    text = PAGE.read_text(encoding="utf-8")
    for room in PLUGIN_ROOMS:
        assert f"{room}/" in text, room
    for name in PLUGINS:
        assert f"kb/{name}/" in text, name
