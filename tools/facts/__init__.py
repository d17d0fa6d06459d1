"""Untrusted Prolog facts: parse and check LLM output in pure Python, then re-serialise it.

An LLM translates a tax case into Prolog facts; that text is untrusted input. Nothing of it
reaches Prolog as written: this package tokenises and parses it with its own small parser for a
restricted fact language, checks every fact against the knowledge base's vocabulary
(:class:`taxlogic.tools.vocabulary.Vocabulary`) and, for accepted facts only, writes canonical
Prolog text that we control (:attr:`FactCheck.canonical`, pure ASCII).

The output rules are those of appendix A.1.4 of "Reasoners or Translators?": the translation
holds **only facts** (no rules, directives or queries), **dates are quoted strings
"YYYY-MM-DD"** and **amounts are plain integers without symbols** (``50000``, not
``"$50,000"``).

The fact language (a subset of Prolog syntax)::

    fact  ::= name "." | name "(" arg {"," arg} ")" "."
    arg   ::= atom | "string" | number | _ | "[" [item {"," item}] "]"
    item  ::= atom | "string" | number | _

``name`` and ``atom`` are lowercase atoms (``abc_1``) or quoted atoms (``'Foo bar'``, with the
escapes ``\\'``, ``''``, ``\\n``, ``\\\\``, ``\\xHH\\`` …); numbers are decimal integers or floats,
optionally negative (``-5``, ``1.5e3``); ``_`` is an anonymous variable (SARA gold writes
``s151_c(alice,_,2000,2015).``); lists of such items appear in one SARA gold fact
(``s151(alice,2000,[alice],_,2017).``), nested compound terms in none, so they are rejected.
``%`` and ``/* */`` comments and Markdown code-fence lines (```` ``` ````, ```` ```prolog ````)
are ignored by Prolog. A period ends a clause when followed by layout, ``%`` or the end of the input.

**Anchors.** A translator may cite, for a group of facts, the words of the case they come from: a
``%`` comment made of one or more double-quoted spans closes the group (the facts since the
previous anchor comment)::

    income_(alice_is_paid).
    agent_(alice_is_paid,alice).
    amount_(alice_is_paid,33200).
    % "In 2017, Alice was paid $33200."

Each accepted :class:`Fact` keeps its anchor (:attr:`Fact.anchor`, the spans); other comments are
ignored, as is anything the spans say (they are data for the checks, never Prolog). The canonical
text writes each anchored fact's anchor after it on its own line (``fact.  % "span"``), so
canonical text read again gives every fact the same anchor.

The package, one module per concept: :mod:`.terms` (the canonical form: terms, facts, problems,
anchor comments written), :mod:`.tokens` (the tokenizer), :mod:`.syntax` (the clause parser),
:mod:`.anchors` (anchor comments read), :mod:`.parse` (:func:`parse_facts`), :mod:`.checks`
(:func:`check_facts`, :func:`check_safety`) and :mod:`.clauses` (trusted text split into clauses).
The names below are re-exported from their modules.
"""

from __future__ import annotations

from taxlogic.tools.facts.checks import SAFETY_KINDS, check_facts, check_safety
from taxlogic.tools.facts.clauses import Clause, facts_only, split_clauses
from taxlogic.tools.facts.parse import parse_facts
from taxlogic.tools.facts.terms import (
    MAX_PROBLEMS,
    AnonVar,
    Atom,
    Fact,
    FactCheck,
    Number,
    PList,
    Problem,
    ProblemKind,
    Str,
    Term,
    anchor_comment,
)

__all__ = [
    "Atom",
    "Str",
    "Number",
    "AnonVar",
    "PList",
    "Term",
    "Fact",
    "Problem",
    "ProblemKind",
    "FactCheck",
    "parse_facts",
    "check_facts",
    "check_safety",
    "SAFETY_KINDS",
    "Clause",
    "split_clauses",
    "facts_only",
    "anchor_comment",
    "MAX_PROBLEMS",
]
