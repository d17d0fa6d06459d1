"""An offline translator for your own text (issue 51): an OpenAI-compatible endpoint on 127.0.0.1
that answers the agent's translation requests with facts you wrote, so ``taxlogic solve --text``
and chat's what-ifs can be tried with no model at all (the stored-gold endpoint,
:mod:`taxlogic.eval.faults.gold_endpoint`, knows SARA's own cases only).

A fixture is a Prolog file (its facts answer every translation request) or a JSON list of
entries ``{"when": "a phrase", "facts": "income_(e). ..."}``: a request is answered with the facts
of the entry whose ``when`` ends last in its user messages (an entry without ``when`` answers any
request no other entry matches). A what-if's edit request holds the current facts and the change,
not the case's text, so an entry keyed by a phrase of the change answers the what-if and one keyed
by a phrase of the case answers the first translation. Direct question answering (A.1.3) gets an
empty reply (there is no answer here, only facts). The facts are untrusted like any model's: the
agent validates, runs and inspects them.

Run it: ``python -m taxlogic.eval.faults.fixture_endpoint --facts FILE [--port 8399]``, then
``TAXLOGIC_LLM_BASE_URL=http://127.0.0.1:8399/v1 TAXLOGIC_LLM_CACHE=false taxlogic solve --text ...``.
"""

from __future__ import annotations

import json
import threading
from pathlib import Path
from types import SimpleNamespace
from typing import Any, Iterable

from taxlogic.eval.faults.gold_endpoint import GoldEndpoint


def load_fixture(path: Path) -> list[tuple[str, str]]:
    """The (when, facts) entries of a fixture file: a ``.json`` list of ``{"when", "facts"}``
    objects, or any other file as Prolog facts answering every request (``when`` ""). Raises
    OSError if the file cannot be read, ValueError (naming the file) if the JSON is not such a
    list or the file holds no text."""
    text = Path(path).read_text(encoding="utf-8")
    if str(path).endswith(".json"):
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ValueError(f"{path}: not JSON ({exc.msg}, line {exc.lineno})") from None
        if not isinstance(data, list) or not all(isinstance(e, dict) and isinstance(e.get("facts"), str) for e in data):
            raise ValueError(f'{path}: give a list of {{"when": "a phrase", "facts": "..."}} entries')
        return [(str(e.get("when") or ""), e["facts"]) for e in data]
    if not text.strip():
        raise ValueError(f"{path}: the file is empty; write the facts the translator should answer")
    return [("", text)]


class FixtureEndpoint(GoldEndpoint):
    """The endpoint over ``entries`` ((when, facts) pairs, :func:`load_fixture`); ``latency``,
    ``port`` and ``refuse`` as :class:`GoldEndpoint`'s. Each request is logged with the entry it
    got (``fixture-<index>``, None when no entry matched and the reply was empty). It names itself
    ``name`` (``GET /v1/models`` and each reply's ``model``; default "fixture"): no model answers
    here, and the trace's header says so (issue 51: it said the settings' "smollm2-135m")."""

    def __init__(self, entries: Iterable[tuple[str, str]], *, name: str = "fixture", **kwargs: Any) -> None:
        super().__init__([], **kwargs)
        self.entries = list(entries)
        self.served_name = name

    def case_of(self, prompt: str) -> Any:
        """The entry whose ``when`` ends last in ``prompt`` (ties: the later entry); an entry
        without ``when`` when no other matches; None when none does."""
        matches = []
        for i, (when, facts) in enumerate(self.entries):
            at = prompt.rfind(when) if when else 0
            if at >= 0:
                matches.append((at + len(when) if when else 0, i, facts))
        if not matches:
            return None
        _, i, facts = max(matches)
        return SimpleNamespace(id=f"fixture-{i}", facts=facts)

    def reply(self, case: Any, system: str, prompt: str = "") -> str:
        if "final_answer" in system or "final_answer" in prompt:  # direct QA: no answer here
            return ""
        return case.facts


def main() -> None:
    """``python -m taxlogic.eval.faults.fixture_endpoint --facts FILE [--port N]``: serve the facts
    of FILE (Prolog, or a JSON list of {"when", "facts"} entries) to every translation request
    until Ctrl-C."""
    import argparse
    import sys

    parser = argparse.ArgumentParser(description=main.__doc__.split(":")[0])
    parser.add_argument("--facts", type=Path, required=True, help="Prolog facts, or a JSON list of {when, facts}")
    parser.add_argument("--port", type=int, default=8399)
    parser.add_argument("--latency", type=float, default=0.0, help="seconds before each answer")
    args = parser.parse_args()
    try:
        entries = load_fixture(args.facts)
    except (OSError, ValueError) as exc:
        sys.exit(f"error: {exc.filename + ': ' if getattr(exc, 'filename', None) else ''}"
                 f"{getattr(exc, 'strerror', None) or exc}")
    with FixtureEndpoint(entries, name=f"fixture:{args.facts.name}", port=args.port, latency=args.latency) as endpoint:
        print(f"your facts ({len(entries)} entr{'y' if len(entries) == 1 else 'ies'}) on {endpoint.base_url} "
              f"(TAXLOGIC_LLM_BASE_URL={endpoint.base_url} TAXLOGIC_LLM_CACHE=false; Ctrl-C to stop)", flush=True)
        try:
            threading.Event().wait()
        except KeyboardInterrupt:
            pass


if __name__ == "__main__":
    main()
