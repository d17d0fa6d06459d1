"""Errata of RuleArena's tax problems: problems whose labelled answer
(``micro_evaluation.compute_answer``) departs from the IRS's forms where RuleArena's prompt
prints them faithfully (``errata.json`` beside this module; project-authored, ids of
``derived/tax_level{0,1,2}.jsonl``), and notes on the prompt: sentences of the IRS's forms its
excerpt leaves out or sends to the instructions (:func:`prompt_notes`).

The KB follows the forms. The file names each departure once as a class (``E1``: the form line,
the text as printed, RuleArena's reading, the evidence) and lists each problem with its classes;
RuleArena's label is reproduced when the class's reading replaces the form's
(``tests/test_form1040.py`` checks both). A sentence the prompt omits is not an erratum of the
label: where the KB follows the form there (note ``N1``, Schedule SE line 4c's $400 stop), the
labels follow it too. The benchmark's records say so
(``details["erratum"]``: :func:`erratum_of`) and still count as RuleArena scores them.
:func:`load_errata` gives them in the shared shape of :mod:`taxlogic.kb.errata` (``taxlogic data
errata --domain form1040``).
"""

from __future__ import annotations

import json
from importlib import resources

from taxlogic.kb.errata import Erratum
from taxlogic.tables import shared_table

__all__ = ["erratum_classes", "erratum_of", "errata_records", "load_errata", "prompt_note_of", "prompt_notes"]


@shared_table(maxsize=1)
def _doc() -> dict:
    return json.loads(resources.files("taxlogic.kb.form1040.data").joinpath("errata.json").read_text(encoding="utf-8"))


def _classes() -> dict[str, dict[str, str]]:
    return _doc()["classes"]


@shared_table(maxsize=1)
def _problem_classes() -> dict[str, list[str]]:
    """Problem id -> its class names, file order. Raises ValueError for an unknown class or a
    problem listed twice."""
    known, out = _classes(), {}
    for p in _doc()["problems"]:
        if p["id"] in out:
            raise ValueError(f"form1040 erratum {p['id']} listed twice")
        unknown = [c for c in p["classes"] if c not in known]
        if unknown or not p["classes"]:
            raise ValueError(f"form1040 erratum {p['id']}: unknown or no class {unknown} (known: {', '.join(known)})")
        out[p["id"]] = list(p["classes"])
    return out


def prompt_notes() -> dict[str, dict]:
    """Note name (``N1`` ...) -> a line of the IRS's 2023 forms that RuleArena's prompt prints
    short: ``form``/``line`` (the KB's names), ``where``, ``prompt`` (the excerpt's words),
    ``form_text`` (the form's words), ``omits`` ("the prompt omits ..."), ``kb`` (which the KB
    follows and why), ``sources`` (where the form's words were found) and ``decides`` (the
    problems whose answer the omitted sentence changes)."""
    return {k: dict(v) for k, v in _doc()["prompt_notes"].items()}


def prompt_note_of(form: str, line: str) -> dict | None:
    """The prompt note on ``form`` ``line`` (KB names, e.g. ``schedule_se``, ``4c``), or None."""
    return next((n for n in prompt_notes().values() if (n["form"], n["line"]) == (form, line)), None)


def erratum_of(problem_id: str) -> list[str]:
    """The erratum classes (``E1``) of a RuleArena tax problem whose label departs from
    the forms' text; [] for any other problem."""
    return list(_problem_classes().get(problem_id, []))


def erratum_classes() -> dict[str, str]:
    """Class name -> the form line, the text as printed and RuleArena's reading, one line each."""
    return {name: f"{c['line']}: the text prints '{c['text']}'; RuleArena's label: {c['rulearena']}"
            for name, c in _classes().items()}


@shared_table(maxsize=1)
def load_errata() -> tuple[Erratum, ...]:
    """Every documented tax erratum in the shared shape, file order: ``klass`` the classes joined
    by ``+``; ``reason`` the lines where the label departs; ``evidence``, ``dataset_says``
    (RuleArena's reading) and ``rules_give`` (the printed text) from the classes' entries, joined
    by ``; ``; ``source`` the problem's entry. Raises ValueError as :func:`erratum_of` does."""
    known = _classes()
    out = []
    for pid, names in _problem_classes().items():
        cs = [known[n] for n in names]
        out.append(Erratum(id=pid, domain="form1040", klass="+".join(names),
                           reason="RuleArena's label departs from the forms' text at " + " and ".join(c["line"] for c in cs),
                           evidence="; ".join(c["evidence"] for c in cs),
                           dataset_says="; ".join(f"{c['line']}: {c['rulearena']}" for c in cs),
                           rules_give="; ".join(f"{c['line']}: {c['text']}" for c in cs),
                           source={"id": pid, "classes": list(names)}))
    return tuple(out)


def errata_records() -> tuple[Erratum, ...]:
    """The plug-in's answer to :func:`taxlogic.kb.errata.load_errata` (:func:`load_errata`)."""
    return load_errata()
