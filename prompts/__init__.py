"""Prompt templates, one ``<name>.txt`` file each, loaded and rendered by name.

Where each file comes from (appendix A.1 of Kordjamshidi et al., "Reasoners or Translators?
Contamination-aware Evaluation and Neuro-Symbolic Robustness on Tax Law"):

A.1.1 contamination quiz (BDQ/BCQ):
    ``quiz_system.txt``, ``quiz_user.txt`` (options A-D; E = "None of the provided options.")
A.1.2 DCQ perturbation generation:
    ``perturb_system.txt``, ``perturb_user.txt``
A.1.3 direct (implicit) legal QA baseline:
    ``direct_system.txt``, ``direct_user_numeric.txt``, ``direct_user_entailment.txt``
A.1.4 text-to-Prolog (hybrid), entailment, system: ``translate_entailment_system.txt``
A.1.5 text-to-Prolog (hybrid), numeric, system: ``translate_numeric_system.txt``; and
    ``translate_numeric_system_v2.txt``, the same text in SARA v2's representation (names and event
    ids as quoted strings: its REPRESENTATION PATTERN, output rules 4-5 and marriage example;
    filled with v2's own events.pl and utils.pl)
ours (not in the paper):
    ``translate_user.txt``: the translation user message: optional exemplars, the case text and
    question, and an optional query block;
    ``translate_query.txt``: the query block: the formal SARA query the facts must support and
    the constants it uses;
    ``translate_exemplars.txt`` / ``translate_exemplar.txt``: a block of k (text -> facts)
    exemplars, and one exemplar in it;
    ``translate_airline_system.txt``: the airline domain's translation instructions (RuleArena
    baggage fees), filled with the airline KB's fact vocabulary (``kb/airline/prolog/events.pl``);
    ``translate_form1040_system.txt``: the tax-return domain's translation instructions (RuleArena
    tax: transcribe the filled forms' given lines, never a line to compute), filled with the
    Form 1040 KB's fact vocabulary (``kb/form1040/prolog/events.pl``);
    ``translate_nba_system.txt``: the NBA domain's (RuleArena salary-cap problems; an invented
    example, anchored facts), filled with the NBA KB's vocabulary (``kb/nba/prolog/events.pl``);
    ``write_query_user.txt``: for free text (no SARA query), asks for the Prolog query;
    ``repair_user.txt``: a repair turn: the previous facts with line numbers and a numbered list
    of problems found; asks for the complete corrected fact list only.
    ``translate_statutes_system.txt``, ``translate_statutes_user.txt``,
    ``repair_statutes_user.txt``: a domain without a knowledge base (``kb/statutes``, issue 47):
    the model writes one program, rules citing their statute paragraph (``% [n]``) and facts
    from the case, answering the domain's query; and its repair turn; ``edit_statutes_user.txt``:
    a chat's what-if turn on such a program (every rule kept, the facts edited);
    ``paraphrase_system.txt`` / ``paraphrase_user.txt``: SARA⁺'s LLM paraphrase of a whole case
    (Ee^c, paper §3.2; the paper prints no prompt for it): a meaning-preserving rewrite that may
    reorder clauses and change voice, keeping dates, numbers, names and terms of art;
    ``edit_user.txt``: a chat's what-if turn: the current facts and a change to the case; asks
    for the complete updated fact list only.
    Anchored translation (the agent's default; the paper's protocol uses the files above as they
    are): ``translate_anchors_system.txt`` (the ANCHORS section, inserted before REFERENCE CODE
    of A.1.4/A.1.5) and ``translate_anchors_rule.txt`` (their output rule 1, which forbids
    comments, as the anchored prompt words it): :func:`translate_system` with ``anchored=True``;
    ``translate_user_anchored.txt``, ``repair_user_anchored.txt`` (the problems quote the fact,
    its anchor and the sentence) and ``edit_user_anchored.txt``: the same turns asking for a
    ``% "quoted sentence"`` line closing each group of facts.

The appendix gives no user message for the translation prompts; the "ours" files fill that gap.

Transcription: the appendix texts are copied word for word; only PDF-extraction artefacts were
fixed: ``\\$`` -> ``$``; ``****x****`` -> ``**x**``; list markers doubled by the extraction
(``- (1)``, ``- 1)``) reduced to the number; the duplicated "Do NOT replace any term ..." block of
A.1.2 kept once (nested under item 7); arrows lost by the extraction restored in A.1.2
("exemption→allowance; taxpayer→filer"); lines broken by the PDF layout re-joined (JSON strings
of A.1.2, "(often a service EVENT ID)", the ``start_`` example of A.1.4); code fences and
backticks wrapping whole example fact lines of A.1.4/A.1.5 removed (the fact lines are kept;
inline code inside a sentence, e.g. ``Example: `marriage_(m). ...` ``, is kept); stray blank lines
inside bullet lists removed; the A.1.1 user options written as in the appendix's filled-in example
(``A) ...`` with a blank line between options). The code fences around ``<events>`` and
``<utilities>`` (A.1.4/A.1.5) and around the JSON schema of A.1.2 are kept as printed.

Placeholders (appendix convention): ``{identifier}`` is a runtime variable and ``{{NAME}}`` is
the text of a code file (``{{EVENTS_PL}}``, ``{{UTILS_PL}}``). Each template declares its
variables in :data:`TEMPLATES`; :func:`render` substitutes exactly those, in one pass (substituted
text is never scanned again), and leaves every other brace alone, so literal JSON such as
``{"answer": "X"}`` survives. Pass file slots by their name: ``render(..., EVENTS_PL=text)``.

The translation system prompts hold only static text (instructions, ``events.pl``, ``utils.pl``)
and the user message holds the case, so an OpenAI-compatible server can reuse the cached prefix.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Iterable, Literal, NamedTuple, Sequence

from taxlogic.tables import shared_table

__all__ = [
    "Exemplar",
    "RenderError",
    "TEMPLATES",
    "Template",
    "exemplars_block",
    "load",
    "names",
    "query_constants",
    "read_code_slots",
    "render",
    "repair_user",
    "translate_system",
    "translate_user",
    "variables",
]


class RenderError(ValueError):
    """A template was rendered with a missing, unknown or non-text variable."""


@dataclass(frozen=True)
class Template:
    """A prompt file's declared placeholders and provenance."""

    variables: tuple[str, ...] = ()  # ``{name}`` runtime variables
    slots: tuple[str, ...] = ()  # ``{{NAME}}`` code-file contents
    source: str = "ours"  # appendix section, or "ours"


TEMPLATES: dict[str, Template] = {
    "quiz_system": Template(("split_name", "dataset_name"), source="A.1.1"),
    "quiz_user": Template(("option_a", "option_b", "option_c", "option_d"), source="A.1.1"),
    "perturb_system": Template(source="A.1.2"),
    "perturb_user": Template(("text",), source="A.1.2"),
    "direct_system": Template(source="A.1.3"),
    "direct_user_numeric": Template(("statute_text", "case_text", "question"), source="A.1.3"),
    "direct_user_entailment": Template(("statute_text", "case_text", "question"), source="A.1.3"),
    "translate_entailment_system": Template(slots=("EVENTS_PL", "UTILS_PL"), source="A.1.4"),
    "translate_numeric_system": Template(slots=("EVENTS_PL", "UTILS_PL"), source="A.1.5"),
    "translate_numeric_system_v2": Template(slots=("EVENTS_PL", "UTILS_PL"), source="A.1.5, SARA v2"),
    "translate_user": Template(("exemplars", "case_text", "question", "query_block")),
    "translate_query": Template(("query", "constants")),
    "translate_exemplars": Template(("exemplars",)),
    "translate_exemplar": Template(("index", "case_text", "question", "facts")),
    "repair_user": Template(("facts", "problems")),
    "write_query_user": Template(("case_text", "question", "kind", "predicates")),
    "edit_user": Template(("facts", "change")),
    "translate_anchors_system": Template(),
    "translate_anchors_rule": Template(),
    "translate_user_anchored": Template(("exemplars", "case_text", "question", "query_block")),
    "repair_user_anchored": Template(("facts", "problems")),
    "edit_user_anchored": Template(("facts", "change")),
    "translate_airline_system": Template(slots=("EVENTS_PL",)),
    "translate_form1040_system": Template(slots=("EVENTS_PL",)),
    "translate_nba_system": Template(slots=("EVENTS_PL",)),
    "translate_statutes_system": Template(("task", "query", "answers")),
    "translate_statutes_user": Template(("statutes", "case_text", "question", "query")),
    "repair_statutes_user": Template(("program", "problems")),
    "edit_statutes_user": Template(("program", "change")),
    "paraphrase_system": Template(),
    "paraphrase_user": Template(("text",)),
}

_PLACEHOLDER = re.compile(r"\{\{([A-Z][A-Z0-9_]*)\}\}|\{([a-z_][a-z0-9_]*)\}")


def names() -> list[str]:
    """The names of all prompt templates, sorted."""
    return sorted(TEMPLATES)


@shared_table(maxsize=None)
def _read(name: str) -> str:
    text = resources.files(__name__).joinpath(f"{name}.txt").read_text(encoding="utf-8")
    return text[:-1] if text.endswith("\n") else text


def load(name: str) -> str:
    """The raw text of template ``name`` (placeholders unfilled, file's final newline dropped).

    ``name`` is the file name without ``.txt`` (a trailing ``.txt`` is accepted).
    Raises KeyError listing the available names if there is no such template.
    """
    key = name[:-4] if name.endswith(".txt") else name
    if key not in TEMPLATES:
        raise KeyError(f"no prompt template {name!r}; available: {', '.join(names())}")
    return _read(key)


def variables(name: str) -> tuple[str, ...]:
    """All placeholder names template ``name`` expects: its variables, then its file slots."""
    load(name)  # KeyError for an unknown name
    t = TEMPLATES[name[:-4] if name.endswith(".txt") else name]
    return t.variables + t.slots


def render(name: str, /, **values: object) -> str:
    """Template ``name`` with every declared placeholder replaced by ``values[placeholder]``.

    ``{var}`` placeholders take ``var=...``; ``{{NAME}}`` file slots take ``NAME=...``. Values
    must be ``str`` or ``int``; they are inserted verbatim and never re-scanned. Braces that are
    not a declared placeholder (JSON, Prolog) are left as they are.

    Raises KeyError for an unknown template and :class:`RenderError` if a declared placeholder
    has no value, a value is given for a name the template does not declare, or a value is not
    text.
    """
    text = load(name)
    t = TEMPLATES[name[:-4] if name.endswith(".txt") else name]
    declared = set(t.variables) | set(t.slots)
    unknown = sorted(set(values) - declared)
    missing = sorted(declared - set(values))
    if unknown or missing:
        parts = []
        if missing:
            parts.append(f"missing {', '.join(missing)}")
        if unknown:
            parts.append(f"unknown {', '.join(unknown)}")
        raise RenderError(
            f"prompt {name!r}: {'; '.join(parts)} (expects: {', '.join(t.variables + t.slots) or 'no variables'})"
        )
    for key, value in values.items():
        if isinstance(value, bool) or not isinstance(value, (str, int)):
            raise RenderError(f"prompt {name!r}: value of {key!r} must be str or int, not {type(value).__name__}")

    def fill(m: re.Match[str]) -> str:
        slot, var = m.group(1), m.group(2)
        if slot is not None and slot in t.slots:
            return str(values[slot])
        if var is not None and var in t.variables:
            return str(values[var])
        return m.group(0)

    return _PLACEHOLDER.sub(fill, text)


# ------------------------------------------------------------------ helpers for the "ours" files


class Exemplar(NamedTuple):
    """One in-context example for translation: a case's text and question, and its facts."""

    case_text: str
    question: str
    facts: str


@shared_table(maxsize=16)
def domain_system(domain: str, prolog_dir: str) -> str:
    """The system prompt ``translate_<domain>_system`` of a RuleArena-style domain plug-in, its
    ``EVENTS_PL`` slot filled with the domain's fact vocabulary (``events.pl`` in ``prolog_dir``);
    cached per (domain, folder). Raises FileNotFoundError without that file or template."""
    return render(f"translate_{domain}_system", EVENTS_PL=(Path(prolog_dir) / "events.pl").read_text().strip("\n"))


def read_code_slots(prolog_dir: Path) -> dict[str, str]:
    """``{"EVENTS_PL": ..., "UTILS_PL": ...}``: the text of ``events.pl`` and ``utils.pl`` in a
    SARA-style ``statutes/prolog`` folder (``SaraPaths.statutes_prolog``)."""
    prolog_dir = Path(prolog_dir)
    return {
        "EVENTS_PL": (prolog_dir / "events.pl").read_text(encoding="utf-8").strip("\n"),
        "UTILS_PL": (prolog_dir / "utils.pl").read_text(encoding="utf-8").strip("\n"),
    }


_PAPER_RULE = "1. Output ONLY Prolog facts - no rules, no `:-` directives, no comments"


def translate_system(kind: Literal["entailment", "numeric"], events_pl: str, utils_pl: str, *,
                     anchored: bool = False, release: str = "2020", utilities: bool = True) -> str:
    """The A.1.4 (entailment) or A.1.5 (numeric) system prompt with the two code files filled in.
    ``anchored``: ours, for anchored translation: output rule 1 (no comments) becomes
    ``translate_anchors_rule`` and the ANCHORS section (``translate_anchors_system``) comes
    before REFERENCE CODE; the rest of the appendix text is unchanged. ``release`` ``v2``: the
    numeric prompt in SARA v2's representation (``translate_numeric_system_v2``: entity names and
    event ids as quoted strings; v2 has no entailment cases). ``utilities`` False: the REFERENCE
    CODE without its ``<utilities>`` block (utils.pl, the date helpers the rules call and a
    translator never writes: about 3,000 of the prompt's 5,000 tokens), a prompt the embedded
    135M model can read in time (``make demo``). Raises ValueError for another kind or release."""
    if kind not in ("entailment", "numeric"):
        raise ValueError(f"kind must be 'entailment' or 'numeric', not {kind!r}")
    if release not in ("2020", "v2") or (release == "v2" and kind != "numeric"):
        raise ValueError(f"no {kind} translation prompt for SARA release {release!r}")
    name = f"translate_{kind}_system" + ("_v2" if release == "v2" else "")
    text = render(name, EVENTS_PL=events_pl, UTILS_PL=utils_pl)
    if not utilities:
        head, sep, rest = text.partition("```\n<utilities>\n")
        _, end, tail = rest.partition("</utilities>\n```\n")
        if not (sep and end):
            raise RenderError(f"{name} no longer has its <utilities> code block")
        text = head.rstrip("\n") + "\n\n" + tail.lstrip("\n")
    if not anchored:
        return text
    head, sep, tail = text.partition("\nREFERENCE CODE\n")
    if _PAPER_RULE not in head or not sep:
        raise RenderError(f"{name} no longer has its output rule 1 and REFERENCE CODE heading")
    head = head.replace(_PAPER_RULE, load("translate_anchors_rule"), 1)
    return head + "\n" + load("translate_anchors_system") + "\n" + sep + tail


_QUERY_TOKEN = re.compile(
    r'"(?:[^"\\]|\\.)*"'  # double-quoted string
    r"|'(?:[^'\\]|\\.)*'"  # quoted atom
    r"|-?\d+(?:\.\d+)?"  # number
    r"|[a-z][A-Za-z0-9_]*(?:\s*\()?"  # atom, or functor when followed by '('
    r"|[A-Z_][A-Za-z0-9_]*"  # variable
)


def query_constants(query: str) -> list[str]:
    """The constants of a Prolog goal, in order of first appearance, without repeats: atoms
    that are not functors, numbers, and quoted strings/atoms. Variables (``Tax``, ``_``) are not
    constants. ``'s3306_c_5(_,alice,bob,"2017-02-01")'`` -> ``['alice', 'bob', '"2017-02-01"']``.

    A token-level approximation, enough for SARA's queries (flat goals over atoms, numbers,
    strings); it is not a Prolog parser.
    """
    out: list[str] = []
    for m in _QUERY_TOKEN.finditer(query):
        tok = m.group(0)
        if tok.endswith("(") or tok[0].isupper() or tok[0] == "_":
            continue
        if tok not in out:
            out.append(tok)
    return out


def _strip_directives(facts: str) -> str:
    lines = [
        l for l in facts.strip("\n").splitlines()
        if not l.lstrip().startswith((":-", "%"))
    ]
    return "\n".join(lines).strip("\n")


def exemplars_block(exemplars: Iterable[Exemplar | tuple[str, str, str]], strip_directives: bool = True) -> str:
    """The ``translate_exemplars`` block for k exemplars (numbered from 1), or ``""`` if k = 0.

    With ``strip_directives`` (default), whole-line ``:-`` directives and ``%`` comments are
    dropped from the exemplar facts (SARA's gold facts start with ``:- discontiguous ...``), so
    the examples obey the output format the system prompt asks for.
    """
    items = []
    for i, ex in enumerate(exemplars, start=1):
        case_text, question, facts = ex
        if strip_directives:
            facts = _strip_directives(facts)
        items.append(render("translate_exemplar", index=i, case_text=case_text.strip(),
                            question=question.strip(), facts=facts.strip("\n")))
    if not items:
        return ""
    return render("translate_exemplars", exemplars="\n\n".join(items))


def translate_user(
    case_text: str,
    question: str,
    *,
    query: str | None = None,
    constants: Sequence[str] | None = None,
    exemplars: Iterable[Exemplar | tuple[str, str, str]] | str = (),
    anchored: bool = False,
) -> str:
    """The user message for translation: optional exemplars, then the case text and question,
    then (when ``query`` is given) the formal query the facts must support and its constants.

    ``constants`` defaults to :func:`query_constants` of ``query``. ``exemplars`` is a sequence
    of (case text, question, facts) or an already rendered block.

    For numeric SARA cases pass the *value* query (``tax(alice,2017,Tax)``, i.e.
    ``Case.value_query``), never ``Case.claim_query``, which contains the gold answer.
    ``anchored``: ask for a ``% "quoted sentence"`` line closing each group of facts
    (``translate_user_anchored``).
    """
    block = exemplars if isinstance(exemplars, str) else exemplars_block(exemplars)
    if block:
        block = block.rstrip("\n") + "\n\n"
    query_block = ""
    if query is not None:
        consts = list(query_constants(query) if constants is None else constants)
        query_block = "\n" + render(
            "translate_query", query=query.strip(), constants=", ".join(consts) if consts else "(none)"
        ) + "\n"
    return render("translate_user_anchored" if anchored else "translate_user", exemplars=block,
                  case_text=case_text.strip(), question=question.strip(), query_block=query_block)


def repair_user(facts: str, problems: Sequence[str], *, anchored: bool = False) -> str:
    """The repair turn: ``facts`` shown with line numbers (``  3: income_(x).``) so problems can
    cite lines, and ``problems`` as a numbered list (``anchored``: the anchored translation's
    turn, ``repair_user_anchored``). Raises ValueError if ``problems`` is empty."""
    probs = [p.strip() for p in problems if p and p.strip()]
    if not probs:
        raise ValueError("repair_user needs at least one problem")
    lines = facts.strip("\n").splitlines() or [""]
    width = len(str(len(lines)))
    numbered = "\n".join(f"{i:>{width}}: {line}" for i, line in enumerate(lines, start=1))
    problem_list = "\n".join(f"{i}. {p}" for i, p in enumerate(probs, start=1))
    return render("repair_user_anchored" if anchored else "repair_user", facts=numbered, problems=problem_list)
