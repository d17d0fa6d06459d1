"""DeonticBench's reference programs as taxlogic runs them: the clauses as a trusted program, the
directives set apart, and the program's own query.

A reference program is rules and facts together, ending in directives that run its query and
print the answer; several also open with one that prints the label itself
(``:- format("~w~n", ["Label: 949"]).``: every airline and housing program, 3 SARA numeric). The
engine never runs a directive of a case (``tools/engine.pl``), so a program is split here
(:func:`split_program`) into its clauses and its directives, and its answer is derived from its
query, never from a label directive:

* SARA numeric, airline, SARA binary: the directive that is neither ``halt``, a flag, a module
  import nor a label print (``tax(alice,2017,Tax), format('Tax result: ~w~n',[Tax])``; ``(Claim ->
  format('Result: Entailment~n') ; format('Result: Contradiction~n'))``; ``total_cost(Total),
  format(...)``) is the query;
* housing: ``:- initialization(main, main)`` names the entry ``main/0``, which prints
  ``housing_answer(yes)``; USCIS: no directive at all, the entry (the prompt's required
  structure) is ``run/0`` or ``main/0``, which prints ``Accepted`` or ``Dismissed``.

The query runs under ``with_output_to/2`` and what it prints is the program's answer
(:func:`reference_query`); :func:`answer_of_output` reads it per domain. A label-printing
directive is never run; :func:`label_directives` lists them (a model's program that states its own
answer so is a leak).

:func:`reference_program` makes the clauses a :class:`~taxlogic.tools.trust.TrustedProgram`
only after the installed split file's SHA-256 matches the shipped manifest again at read time; the
engine runs them under its time and inference limits, on an empty knowledge base
(:func:`reference_rules`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from taxlogic.kb.datafiles import DataError, sha256_file
from taxlogic.kb.statutes.data import RELEASE, DeonticCase, installed_root, manifest

__all__ = ["ReferenceQuery", "answer_of_output", "label_directives", "reference_program", "reference_query",
           "reference_rules", "split_program"]

_LABEL = re.compile(r"^\s*format\s*\(.*[\"']Label:", re.S)
_SKIPPED = re.compile(r"^\s*(halt|set_prolog_flag\s*\(|use_module\s*\(|ensure_loaded\s*\(|dynamic\b|discontiguous\b)", re.S)
_HALT = re.compile(r",\s*halt\s*$")
#: Entry predicates a program may define that are library predicates too (``main/0``,
#: ``library(main)``): the engine refuses a case clause for a library predicate, so the program's
#: own clauses for them are renamed (head and calls) before it runs.
RENAMED = {"main": "deonticbench_main"}
_RENAME = re.compile(r"^(\s*)(" + "|".join(RENAMED) + r")(?=\s*(?::-|$))")
_INIT = re.compile(r"^\s*initialization\s*\(\s*([a-z]\w*)\s*(?:,\s*main\s*)?\)\s*$", re.S)


def split_program(text: str) -> tuple[list[str], list[str]]:
    """(clauses, directives) of a Prolog program's text, each as written without its end ``.``
    (a directive without its ``:-``). The end of a clause is a ``.`` followed by white space, a
    ``%`` or the end of the text, outside quotes (``'…'``, ``"…"``, ```…```, with ``\\`` escapes
    and doubled quotes), ``0'c`` character codes and comments (``%`` to the end of the line,
    ``/* … */``); comments are dropped. Raises :class:`DataError` for an unterminated quote,
    comment or clause."""
    clauses: list[str] = []
    directives: list[str] = []
    buf: list[str] = []
    i, n = 0, len(text)

    def flush() -> None:
        clause = "".join(buf).strip()
        buf.clear()
        if not clause:
            return
        if clause.startswith(":-"):
            directives.append(clause[2:].strip())
        else:
            clauses.append(clause)

    while i < n:
        c = text[i]
        if c == "%":
            j = text.find("\n", i)
            i = n if j < 0 else j
            continue
        if c == "/" and text.startswith("/*", i):
            j = text.find("*/", i + 2)
            if j < 0:
                raise DataError("unterminated /* comment")
            buf.append(" ")
            i = j + 2
            continue
        if c == "0" and text.startswith("0'", i) and (i == 0 or not text[i - 1].isalnum()):
            # a character code: 0'c, 0''' or 0'\\n
            k = i + 2
            if text.startswith("''", k) or text.startswith("\\", k):
                k += 2
            else:
                k += 1
            buf.append(text[i:k])
            i = k
            continue
        if c in "'\"`":
            j = i + 1
            while True:
                if j >= n:
                    raise DataError(f"unterminated quoted text from {text[i:i + 40]!r}")
                if text[j] == "\\":
                    j += 2
                    continue
                if text[j] == c:
                    if j + 1 < n and text[j + 1] == c:  # a doubled quote
                        j += 2
                        continue
                    break
                j += 1
            buf.append(text[i:j + 1])
            i = j + 1
            continue
        if c == "." and (i + 1 >= n or text[i + 1].isspace() or text[i + 1] == "%") and _ends_clause(buf):
            flush()
            i += 1
            continue
        buf.append(c)
        i += 1
    if "".join(buf).strip():
        raise DataError(f"the program's last clause has no end '.': {''.join(buf).strip()[:60]!r}")
    return clauses, directives


def _ends_clause(buf: list[str]) -> bool:
    """A ``.`` ends a clause unless it is part of a symbol-char atom (``=..``) or follows nothing."""
    tail = "".join(buf[-3:]).rstrip()
    return bool(tail) and tail[-1] not in "#$&*+-/:<=>?@^~\\."


def label_directives(text: str) -> list[str]:
    """The directives of a program that print a label (``format("~w~n", ["Label: 949"])``,
    ``format("Label: ~w~n", ["yes"])``): a program stating its own answer."""
    return [d for d in split_program(text)[1] if _LABEL.match(d)]


@dataclass(frozen=True)
class ReferenceQuery:
    """How a reference program states its answer: ``goal`` (its query, as the program has it),
    ``how`` (``directive``: its query directive; ``initialization``: the entry its
    ``initialization/2`` names; ``entry``: the required entry predicate of a program without
    directives) and ``query``: the goal run under ``with_output_to/2`` binding ``Out``."""

    goal: str
    how: str

    @property
    def query(self) -> str:
        return f"with_output_to(string(Out), ({self.goal}))"


def reference_query(case: DeonticCase) -> ReferenceQuery:
    """The query of ``case``'s reference program (module doc). Raises :class:`DataError` when the
    program has no query directive, entry or ``initialization/2`` this reads, or more than one."""
    clauses, directives = split_program(case.reference_prolog)
    queries = [d for d in directives if not _LABEL.match(d) and not _SKIPPED.match(d)]
    inits = [m.group(1) for d in queries if (m := _INIT.match(d))]
    if inits:
        if len(queries) != 1:
            raise DataError(f"{case.id}: an initialization/2 directive and other queries: {queries}")
        return ReferenceQuery(_entry_name(inits[0]), "initialization")
    if len(queries) == 1:
        goal = _HALT.sub("", queries[0]).strip()  # a query ending in `, halt` (it would end the worker)
        if not goal or goal == "halt":
            raise DataError(f"{case.id}: the query directive is only halt")
        return ReferenceQuery(goal, "directive")
    if queries:
        raise DataError(f"{case.id}: {len(queries)} query directives: {queries}")
    heads = {re.match(r"\s*([a-z]\w*)\s*(:-|$)", c, re.S).group(1) for c in clauses
             if re.match(r"\s*([a-z]\w*)\s*(:-|$)", c, re.S)}
    for entry in ("main", "run"):
        if entry in heads:
            return ReferenceQuery(_entry_name(entry), "entry")
    raise DataError(f"{case.id}: the reference program has no query (no directive, no main/0 or run/0)")


def _entry_name(name: str) -> str:
    return RENAMED.get(name, name)


def clauses_text(case: DeonticCase) -> str:
    """The reference program's clauses, each ending ``.`` and a line break, without any
    directive; the heads of the entry predicates of :data:`RENAMED` renamed (``main :-`` ->
    ``deonticbench_main :-``; the programs never call their entry)."""
    return "".join(_RENAME.sub(lambda m: m.group(1) + RENAMED[m.group(2)], c) + ".\n"
                   for c in split_program(case.reference_prolog)[0])


def reference_program(case: DeonticCase, data_dir: Path | None = None):
    """The clauses of ``case``'s reference program (no directive) as a
    :class:`~taxlogic.tools.trust.TrustedProgram` (source ``DeonticBench reference <id>``), after
    the installed file of its split is checked against the shipped manifest again. Raises
    :class:`DataError` if the file changed since it was installed (nothing is trusted then)."""
    from taxlogic.tools.trust import installed_program

    rel = f"data/{case.domain}/{case.split}.json"
    root = installed_root(data_dir)
    want = manifest().get(rel)
    if want is None:
        raise DataError(f"{RELEASE} {rel} has no shipped checksum (the whole split is not pinned): its reference "
                        "programs are not trusted")
    if sha256_file(root / rel) != want:
        raise DataError(f"{RELEASE} {root / rel} changed since it was installed (checksum mismatch); reinstall it")
    return installed_program(clauses_text(case), f"{RELEASE} reference {case.id}")


def reference_rules():
    """The empty knowledge base reference programs run on (a :class:`~taxlogic.kb.rules.RuleSet`
    named ``deonticbench``: every rule is in the program itself)."""
    from taxlogic.kb.rules import RuleSet

    folder = Path(str(resources.files("taxlogic.kb.statutes").joinpath("prolog")))
    return RuleSet("deonticbench", folder, folder)


_NUMBER = re.compile(r"-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?")


def answer_of_output(domain: str, output: str) -> str | None:
    """The answer a reference program printed, as the label is written: the last number as printed
    (SARA numeric, airline: ``Tax result: 5460.00`` -> ``5460.00``); ``1`` for
    ``Entailment``, ``0`` for ``Contradiction`` (SARA binary); ``yes``/``no`` from
    ``housing_answer(yes)``; ``Accepted``/``Dismissed`` (USCIS). None when the output holds no
    answer of its domain (USCIS's ``Lack of information: ...`` lines included)."""
    text = output.strip()
    if domain in ("sara_numeric", "airline"):
        nums = _NUMBER.findall(text)
        return nums[-1] if nums else None
    if domain == "sara_binary":
        found = re.findall(r"\b(Entailment|Contradiction)\b", text)
        return None if len(set(found)) != 1 else ("1" if found[0] == "Entailment" else "0")
    if domain == "housing":
        found = re.findall(r"housing_answer\((yes|no)\)", text)
        return found[-1] if found else None
    if domain == "uscis-aao":
        found = re.findall(r"^\s*'?(Accepted|Dismissed)'?\s*$", text, re.M)
        return found[-1] if found else None
    raise ValueError(f"unknown DeonticBench domain {domain!r}")
