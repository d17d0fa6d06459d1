"""Word-level, meaning-preserving perturbations of legal text: a checker and an offline paraphraser.

Shared by the contamination quiz (``taxlogic.eval.experiments.contamination``, paper §3.1.1 and appendix
A.1.2) and SARA⁺ case paraphrasing (Ee^c). Public API (kept stable):

* :func:`check_perturbation` ``(original, perturbed) -> list[str]``: the problems that make
  ``perturbed`` an unacceptable word-level perturbation of ``original`` (empty list = acceptable).
* :func:`paraphrase` ``(text, rng, *, changes=3) -> str | None``: swap up to ``changes`` ordinary
  words for statute-register synonyms from a small curated bank; ``None`` if nothing can be swapped.
* :func:`perturbations` ``(text, rng, k=4) -> list[str] | None``: ``k`` distinct paraphrases, none
  equal to ``text``, or ``None`` if the bank cannot produce ``k``.
* :data:`Paraphraser`, :func:`offline_paraphraser`, :func:`llm_paraphraser`: the two paraphrasers of
  the SARA⁺ build (``taxlogic data plus --paraphrase offline|llm``); the LLM one uses the A.1.2
  prompts ``perturb_system``/``perturb_user`` of :mod:`taxlogic.prompts`, which the contamination
  quiz uses too.

What the checker enforces
-------------------------
Texts are split into whitespace-delimited tokens (punctuation stays attached). The whitespace
between tokens (spaces, double spaces, newlines, leading/trailing whitespace) must be identical,
the token count must be equal (no insertion or deletion) and the changed tokens must not be a
permutation of one another (no reordering). A token may only change if both the original and the
replacement are *ordinary words* and the token's punctuation skeleton is unchanged (``Alice's`` /
``2015,`` / ``(b).`` keep their non-letter characters; any digit change is a skeleton change).
Capitalisation must be kept (``In`` -> ``During``, never ``during``). Never ordinary:

* label fields: every token of a line starting ``Answer:``, field labels at the start of a line
  (``Text:``, ``Question:``, ``Answer:``), ``Entailment`` / ``Contradiction`` anywhere;
* numbers, amounts (``$1,000``), percentages, years, dates (``Feb 3rd, 1992``, ``2015-01-01``,
  month and weekday names, ``year``/``month``/``day``), number words (``one``, ``half``, ``first``);
* section references (``151(d)(1)``, ``(b)``, ``§ 151``, the words ``section``/``paragraph``/...);
* names and proper nouns: a capitalised word that is not at a sentence start, any capitalised
  word whose form also occurs as such a name in the text, all-caps acronyms, and - conservatively -
  a capitalised sentence-initial word that is not a known common English word;
* negation and modality markers (``not``, ``no``, ``never``, ``nor``, ``without``, ``*n't``,
  ``shall``, ``must``, ``may``, ``can``, ``will``, ...);
* pronouns and logical/temporal connectives, quantifiers and comparison words (``and``, ``or``,
  ``only``, ``all``, ``each``, ``before``, ``after``, ``since``, ``until``, ``from``, ``to``,
  ``more``, ``less``, ``under``, ...): swapping them changes who or what a statement is about;
* terms of art: the complete "IMMUTABLE concept-terms" list of A.1.2 (taxpayer, dependent,
  deduction, exemption, credit, income, gross income, adjusted gross income, taxable year, filing
  status, resident, nonresident, withholding, liability, entitled, qualifying, allowable, included,
  excluded, shall be allowed, treated as, for purposes of) extended with SARA's statutory
  vocabulary (spouse, married, joint return, head of household, standard deduction, wages,
  remuneration, employer, son, ... see :data:`TERMS_OF_ART`). A multi-word term protects all of
  its words; replacements that *create* a term of art are rejected too.

The hard rules of A.1.2 are enforced as well: in ``is <WORD> to <amount>`` the word may only be
``equal``/``equivalent`` (rule A); ``was``/``is`` before an amount may only become
``totaled``/``equaled`` / ``equals`` (rule A2); ``identical to <number>`` and ``within <year>`` are
rejected. An identical text is a problem.

The checker is deliberately conservative: it is a filter on LLM output, so a false rejection costs
one retry while a false acceptance corrupts the quiz.

The offline paraphraser
-----------------------
:data:`SYNONYM_BANK` holds context-sensitive swaps taken from A.1.2's safe synonym bank and rules
A/A2/B (``equal`` <-> ``equivalent`` in ``is equal to $X``, ``was $X`` -> ``totaled``/``equaled``,
``is $X`` -> ``equals``, ``no other`` -> ``no additional``, ``in``/``for``/``during`` before a year,
``lived`` -> ``resided``, ``was paid $X`` -> ``was compensated $X``, ``furnished`` -> ``provided``,
``costs`` -> ``expenses``, ``takes the standard deduction`` -> ``claims ...``, ``work done`` ->
``work performed``, ``had no income`` -> ``earned``/``received``) and a few more of the same kind
(``started`` -> ``began``/``commenced``, ``reached age`` -> ``attained age``, ``gets`` ->
``receives``, ``various`` -> ``several``, ``whole`` <-> ``entire``, ``bought`` -> ``purchased``).
Every output is verified with :func:`check_perturbation`; a swap that would fail is not made.
"""

from __future__ import annotations

import itertools
import json
import random
import re
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from difflib import SequenceMatcher
from typing import Callable, Sequence

__all__ = [
    "SYNONYM_BANK",
    "TERMS_OF_ART",
    "check_paraphrase",
    "check_perturbation",
    "paraphrase",
    "rewrite",
    "perturbations",
    "swap_sites",
    "words_changed",
]

# ------------------------------------------------------------------------------------ word lists

#: The A.1.2 "IMMUTABLE concept-terms" (complete), then SARA's statutory vocabulary. Plural and
#: inflected forms are listed explicitly; multi-word entries protect every word of the phrase.
TERMS_OF_ART: tuple[str, ...] = (
    # appendix A.1.2, item 7 (the complete list)
    "taxpayer", "taxpayers", "dependent", "dependents", "deduction", "deductions", "exemption",
    "exemptions", "credit", "credits", "income", "incomes", "gross income", "adjusted gross income",
    "taxable year", "taxable years", "filing status", "resident", "residents", "nonresident",
    "nonresidents", "withholding", "liability", "liabilities", "entitled", "qualifying", "allowable",
    "included", "excluded", "shall be allowed", "treated as", "for purposes of",
    # SARA's statutes and cases (ours)
    "allowed", "allowance", "allowances", "spouse", "spouses", "married", "marriage", "unmarried",
    "divorce", "divorced", "separated", "legally", "decree", "joint", "jointly", "separate",
    "separately", "return", "returns", "file", "files", "filed", "filing", "household",
    "households", "head", "surviving", "standard", "itemized", "itemize", "itemizes", "taxable",
    "tax", "taxes", "wage", "wages", "remuneration", "employment", "employer", "employers",
    "employee", "employees", "employ", "employs", "employed", "employing", "service", "services",
    "domestic", "agricultural", "labor", "alien", "aliens", "citizen", "citizens", "blind",
    "disabled", "disability", "disabilities", "abode", "principal", "son", "sons", "daughter",
    "daughters", "child", "children", "stepchild", "stepson", "stepdaughter", "brother", "brothers",
    "sister", "sisters", "father", "fathers", "mother", "mothers", "parent", "parents", "husband",
    "wife", "widow", "widower", "relative", "relatives", "relationship", "related", "adopted",
    "exempt", "student", "students", "enrolled", "retired", "retirement", "pension", "plan",
    "plans", "fund", "funds", "insurance", "trust", "trusts", "business", "charity", "charitable",
    "gift", "gifts", "amount", "amounts", "applicable", "percentage", "reduction", "excise", "age",
    "cash", "maintain", "maintains", "maintained", "maintaining", "maintenance", "support",
    "deceased", "died", "dies", "death", "gross", "adjusted", "penalty", "payment", "payments",
    "contribution", "contributions", "premium", "premiums", "annuity", "dividend", "dividends",
    "interest", "single", "bonus", "salary", "earnings", "member", "members", "individual",
    "individuals", "estate", "estates", "rate", "rates", "threshold", "basic", "additional standard deduction",
    "head of household", "surviving spouse", "standard deduction", "itemized deductions",
    "taxable income", "principal place of abode", "place of abode", "joint return",
    "separate return", "nonresident alien", "member of household", "applicable percentage",
    "exemption amount", "basic standard deduction", "gross income",
)

_NEGATION = frozenset(
    "not no never none nothing nobody nowhere neither nor without cannot non".split()
)
_MODALITY = frozenset("shall must may might can could should would will ought".split())
_PRONOUNS = frozenset(
    """i me my mine myself you your yours yourself he him his himself she her hers herself it its
    itself we us our ours ourselves they them their theirs themselves who whom whose which whoever
    one's""".split()
)
_CONNECTIVES = frozenset(
    """and or if unless only all any each every both either some except but before after since
    until till than more less fewer least most over under above below between within per from to
    through exactly approximately about nearly almost because although though whether otherwise
    instead same different other another""".split()
)
_NUMBER_WORDS = frozenset(
    """zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen
    fifteen sixteen seventeen eighteen nineteen twenty thirty forty fifty sixty seventy eighty
    ninety hundred thousand million billion first second third fourth fifth sixth seventh eighth
    ninth tenth last half halves twice once double triple quarter percent dollar dollars cent
    cents dozen""".split()
)
_MONTHS = frozenset(
    """january february march april may june july august september october november december jan
    feb mar apr jun jul aug sep sept oct nov dec""".split()
)
_WEEKDAYS = frozenset("monday tuesday wednesday thursday friday saturday sunday".split())
_DATE_WORDS = frozenset(
    """year years month months day days week weeks date dates today yesterday tomorrow annual
    annually monthly weekly daily yearly calendar""".split()
)
_SECTION_WORDS = frozenset(
    """section sections subsection subsections paragraph paragraphs subparagraph subparagraphs
    clause clauses subclause subclauses title chapter chapters subchapter subtitle part code""".split()
)
_LABEL_WORDS = frozenset({"entailment", "contradiction"})

# "other" is in _CONNECTIVES (it decides who is excluded) but rule B allows "no other" ->
# "no additional"; that swap is checked as a rule, see _rule_problems.
_RULE_B = ("other", "additional")

_FUNCTION_WORDS = frozenset(
    """the a an in for during on at of with by as into onto upon this that these those there here
    how what when where why is was are were be been being has have had do does did also then so
    such while whereas thus""".split()
)

# ----------------------------------------------------------------------------------- tokenizing

_WORD_RE = re.compile(r"[A-Za-z]+(?:['’][A-Za-z]+|-[A-Za-z]+)*")
_CORE_RE = re.compile(r"^([^A-Za-z0-9$§%]*)(.*?)([^A-Za-z0-9%]*)$", re.S)
_SENT_END = re.compile(r"[.?!:;][\"'’”)\]]*$")
_YEAR_RE = re.compile(r"^(1[89]\d\d|20\d\d|2100)$")
_SECTION_RE = re.compile(r"^\(?\d+[A-Za-z]?(\([A-Za-z0-9]{1,5}\))+|^\([A-Za-z0-9]{1,5}\)(\([A-Za-z0-9]{1,5}\))*$")
_DATE_RE = re.compile(r"^\d{1,4}[-/]\d{1,2}[-/]\d{1,4}$|^\d+(st|nd|rd|th)$", re.I)
_LETTERS = re.compile(r"[A-Za-z]+")


def _tokens(text: str) -> tuple[list[str], list[str]]:
    """Whitespace tokens and the separators around them (``len(seps) == len(tokens) + 1``)."""
    return re.findall(r"\S+", text), re.split(r"\S+", text)


def _parts(tok: str) -> tuple[str, str, str]:
    """(leading punctuation, core, trailing punctuation); ``$``, ``§``, ``%`` belong to the core."""
    m = _CORE_RE.match(tok)
    assert m is not None
    pre, core, post = m.groups()
    if "(" in core and core.count("(") > core.count(")") and post.startswith(")"):
        core, post = core + ")", post[1:]  # "151(b))." keeps its own ")" in the core
    return pre, core, post


@lru_cache(maxsize=65536)
def _norm(tok: str) -> str:
    """Lower-cased core word without a possessive ``'s``."""
    core = _parts(tok)[1].lower().replace("’", "'")
    if core.endswith("'s"):
        core = core[:-2]
    elif core.endswith("s'"):
        core = core[:-1]
    return core


def _skeleton(tok: str) -> str:
    """A token with every run of letters replaced by ``w`` (digits and punctuation kept)."""
    return _LETTERS.sub("w", tok)


def _is_capitalised(core: str) -> bool:
    return bool(core) and core[0].isupper()


@dataclass
class _Text:
    """A tokenized text with the context the classification needs."""

    tokens: list[str]
    seps: list[str]
    starts: list[bool]  # sentence-initial
    lines: list[int]  # line index of each token
    label_line: list[bool]  # token on an "Answer:" line
    terms: list[str | None]  # term of art covering the token, if any

    @classmethod
    def of(cls, text: str) -> "_Text":
        tokens, seps = _tokens(text)
        starts, lines, label_line = [], [], []
        line = 0
        line_label: dict[int, bool] = {}
        for i, tok in enumerate(tokens):
            line += seps[i].count("\n")
            lines.append(line)
            first_on_line = i == 0 or "\n" in seps[i]
            starts.append(first_on_line or bool(_SENT_END.search(tokens[i - 1])))
            if first_on_line:
                line_label[line] = tok.lower() == "answer:"
            label_line.append(line_label.get(line, False))
        return cls(tokens, seps, starts, lines, label_line, _term_cover(tokens))


_TERMS_BY_FIRST: dict[str, tuple[tuple[str, ...], ...]] = {}
for _p in sorted({tuple(t.split()) for t in TERMS_OF_ART}, key=len, reverse=True):
    _TERMS_BY_FIRST[_p[0]] = _TERMS_BY_FIRST.get(_p[0], ()) + (_p,)


def _term_cover(tokens: Sequence[str]) -> list[str | None]:
    """For each token, the longest term of art (multi-word phrases included) covering it."""
    norms = [_norm(t) for t in tokens]
    cover: list[str | None] = [None] * len(tokens)
    for i, w in enumerate(norms):
        for phrase in _TERMS_BY_FIRST.get(w, ()):  # longest first
            n = len(phrase)
            if tuple(norms[i:i + n]) == phrase:
                for j in range(i, i + n):
                    if cover[j] is None or len(cover[j].split()) < n:  # type: ignore[union-attr]
                        cover[j] = " ".join(phrase)
                break
    return cover


def _names(t: _Text) -> set[str]:
    """Lower-cased forms of capitalised words seen away from a sentence start (names, places)."""
    out = set()
    for tok, start, label in zip(t.tokens, t.starts, t.label_line):
        core = _parts(tok)[1]
        if not start and not label and _WORD_RE.fullmatch(core.replace("’", "'")) and _is_capitalised(core):
            out.add(_norm(tok))
    return out


def _common_words(t: _Text) -> frozenset[str]:
    """Words known to be common English (so a capitalised sentence-initial form is no name):
    built-in function words, the protected word lists, the bank, and the text's lowercase words."""
    lower = {_norm(tok) for tok in t.tokens if _parts(tok)[1][:1].islower()}
    return _COMMON | lower


@lru_cache(maxsize=256)
def _analyse(text: str) -> tuple[_Text, frozenset[str], frozenset[str]]:
    """The tokenized original with its names and common words (cached: one original is checked
    against many candidates)."""
    t = _Text.of(text)
    return t, frozenset(_names(t)), _common_words(t)


def _category(t: _Text, i: int, names: set[str], common: set[str]) -> str | None:
    """Why token ``i`` of ``t`` is not an ordinary word (a short category), or None if it is."""
    tok = t.tokens[i]
    pre, core, post = _parts(tok)
    low = _norm(tok)
    if t.label_line[i]:
        return "label field"
    if (i == 0 or "\n" in t.seps[i]) and tok.endswith(":") and _WORD_RE.fullmatch(core):
        return "field label"
    if low in _LABEL_WORDS:
        return "label"
    if "§" in tok:
        return "section reference"
    if any(ch.isdigit() for ch in tok) or "$" in tok or "%" in tok:
        bare = core.rstrip(".,;:")
        if "%" in tok:
            return "percentage"
        if "$" in tok:
            return "amount"
        if _SECTION_RE.match(bare):
            return "section reference"
        if _YEAR_RE.match(bare):
            return "year"
        if _DATE_RE.match(bare):
            return "date"
        return "number"
    if _SECTION_RE.match(core) or re.fullmatch(r"\([A-Za-z0-9]{1,5}\)[.,;:]?", tok):
        return "section reference"
    if not _WORD_RE.fullmatch(core.replace("’", "'")):
        return "non-word token"
    if low in _MONTHS and (_is_capitalised(core) or low not in {"may", "march"}) or low in _WEEKDAYS:
        return "date"
    if low.endswith("n't") or low in _NEGATION:
        return "negation"
    if low in _MODALITY:
        return "modality marker"
    if low in _NUMBER_WORDS:
        return "number"
    if t.terms[i] is not None:
        return "term of art" if " " not in t.terms[i] else f"term of art ({t.terms[i]!r})"
    if low in _SECTION_WORDS:
        return "section reference"
    if low in _DATE_WORDS:
        return "date"
    if low in _PRONOUNS:
        return "pronoun"
    if low in _CONNECTIVES and low not in _RULE_B:
        return "connective/quantifier"
    if _is_capitalised(core):
        if len(core) > 1 and core.isupper():
            return "name"  # acronym (IRS, USA)
        if not t.starts[i] or low in names or low not in common:
            return "name"
    return None


# ------------------------------------------------------------------------------------- checking


def _describe_diff(a: list[str], b: list[str]) -> list[str]:
    out = []
    for op, i1, i2, j1, j2 in SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes():
        if op == "insert":
            out.append(f"inserted {' '.join(b[j1:j2])!r} (insertions are not allowed)")
        elif op == "delete":
            out.append(f"deleted {' '.join(a[i1:i2])!r} (deletions are not allowed)")
        elif op == "replace" and (i2 - i1) != (j2 - j1):
            out.append(
                f"replaced {' '.join(a[i1:i2])!r} by {' '.join(b[j1:j2])!r} "
                f"({i2 - i1} token(s) by {j2 - j1}; only word-for-word swaps are allowed)"
            )
    return out


def _next_is_amount(tokens: Sequence[str], j: int) -> bool:
    return j < len(tokens) and bool(re.match(r"^\(?[$]?-?[$]?\d", tokens[j]))


def _rule_problems(a: _Text, b: _Text, i: int) -> list[str]:
    """A.1.2 hard rules for the changed token ``i``."""
    problems = []
    orig, new = _norm(a.tokens[i]), _norm(b.tokens[i])
    toks = b.tokens
    # (A) "is <WORD> to <NUMBER_OR_$AMOUNT>": WORD only equal/equivalent
    if (i > 0 and _norm(toks[i - 1]) in {"is", "was", "are", "were", "be"}
            and i + 1 < len(toks) and _norm(toks[i + 1]) == "to" and _next_is_amount(toks, i + 2)
            and new not in {"equal", "equivalent"}):
        problems.append(f"rule A: in 'is <WORD> to <amount>' the word may only be equal/equivalent, not {new!r}")
    if new == "identical" and i + 1 < len(toks) and _norm(toks[i + 1]) == "to" and _next_is_amount(toks, i + 2):
        problems.append("'identical to <number>' is on the reject list")
    if new == "within" and i + 1 < len(toks) and _YEAR_RE.match(_parts(toks[i + 1])[1]):
        problems.append("'within <YEAR>' is on the reject list")
    # (A2) was/is before an amount
    if orig in {"was", "is"} and _next_is_amount(a.tokens, i + 1):
        allowed = {"was": {"totaled", "equaled"}, "is": {"equals"}}[orig]
        if new not in allowed:
            problems.append(f"rule A2: {orig!r} before an amount may only become {'/'.join(sorted(allowed))}, not {new!r}")
    # (B) "other" only -> "additional", and only in "no other"
    if orig == "other" or new == "other":
        prev = _norm(a.tokens[i - 1]) if i > 0 else ""
        if not (orig == "other" and new == "additional" and prev == "no"):
            problems.append(f"rule B: 'other' may only become 'additional' in 'no other' ({a.tokens[i]!r} -> {b.tokens[i]!r})")
    return problems


def check_perturbation(original: str, perturbed: str) -> list[str]:
    """The problems that make ``perturbed`` an unacceptable perturbation of ``original``.

    An empty list means acceptable: same whitespace skeleton, same number and order of tokens, at
    least one token changed, and every changed token an ordinary word swapped for an ordinary word
    with the same punctuation and capitalisation (see the module docstring for what is protected).
    Never raises for string input.
    """
    if not isinstance(perturbed, str) or not perturbed.strip():
        return ["the perturbation is empty"]
    if perturbed == original:
        return ["the perturbation is identical to the original"]
    a, names_a, common_a = _analyse(original)
    b = _Text.of(perturbed)
    if len(a.tokens) != len(b.tokens):
        diff = _describe_diff(a.tokens, b.tokens)
        return [f"token count differs ({len(a.tokens)} in the original, {len(b.tokens)} in the perturbation)"] + diff
    problems: list[str] = []
    if a.seps != b.seps:
        bad = next(k for k, (x, y) in enumerate(zip(a.seps, b.seps)) if x != y)
        where = "at the start" if bad == 0 else ("at the end" if bad == len(a.tokens) else f"after {a.tokens[bad - 1]!r}")
        problems.append(f"whitespace changed {where} ({a.seps[bad]!r} -> {b.seps[bad]!r}); whitespace and line breaks must be kept exactly")
    changed = [i for i, (x, y) in enumerate(zip(a.tokens, b.tokens)) if x != y]
    if not changed:
        return problems or ["the perturbation is identical to the original"]
    if len(changed) >= 2 and Counter(a.tokens[i] for i in changed) == Counter(b.tokens[i] for i in changed):
        moved = ", ".join(repr(a.tokens[i]) for i in changed[:6])
        problems.append(f"tokens reordered ({moved}); the order of words must be kept")
        return problems
    for i in changed:
        x, y = a.tokens[i], b.tokens[i]
        cat = _category(a, i, names_a, common_a)
        if cat is not None:
            problems.append(f"changed {cat} {x!r} -> {y!r}")
            continue
        cat_b = _category(b, i, names_a, common_a)
        if cat_b is not None:
            problems.append(f"replacement {y!r} for {x!r} is a {cat_b}, not an ordinary word")
            continue
        if _skeleton(x) != _skeleton(y):
            problems.append(f"punctuation changed in {x!r} -> {y!r}")
            continue
        cx, cy = _parts(x)[1], _parts(y)[1]
        if _is_capitalised(cx) != _is_capitalised(cy) or (len(cx) > 1 and cx.isupper() != cy.isupper()):
            problems.append(f"capitalisation changed in {x!r} -> {y!r}")
            continue
        if _norm(x) == _norm(y):
            problems.append(f"changed only the form of {x!r} -> {y!r}")
            continue
        problems.extend(_rule_problems(a, b, i))
    return problems


# ------------------------------------------------------------------------------------ the bank


@dataclass(frozen=True)
class _Swap:
    """One bank entry: ``word`` may become one of ``to`` when ``when(tokens, i)`` holds."""

    word: str
    to: tuple[str, ...]
    when: Callable[[Sequence[str], int], bool]
    note: str


def _n(tokens: Sequence[str], j: int) -> str:
    return _norm(tokens[j]) if 0 <= j < len(tokens) else ""


def _is_year(tokens: Sequence[str], j: int) -> bool:
    return 0 <= j < len(tokens) and bool(_YEAR_RE.match(_parts(tokens[j])[1]))


def _year_follows(tokens: Sequence[str], i: int) -> bool:
    """``<prep> 2015`` or ``<prep> the year 2015`` (the preposition itself ends no clause)."""
    if _SENT_END.search(tokens[i]) or tokens[i].endswith(","):
        return False
    if _is_year(tokens, i + 1):
        return True
    return _n(tokens, i + 1) == "the" and _n(tokens, i + 2) == "year" and _is_year(tokens, i + 3)


def _amount_follows(tokens: Sequence[str], i: int) -> bool:
    return not re.search(r"[,.;:]$", tokens[i]) and i + 1 < len(tokens) and tokens[i + 1].startswith("$")


def _was_paid_amount(tokens: Sequence[str], i: int) -> bool:
    prev = _n(tokens, i - 1)
    was = prev in {"was", "were"} or (prev == "also" and _n(tokens, i - 2) in {"was", "were"})
    return was and _amount_follows(tokens, i)


def _equal_to_amount(tokens: Sequence[str], i: int) -> bool:
    return (_n(tokens, i - 1) in {"is", "was", "are", "were", "be"} and _n(tokens, i + 1) == "to"
            and _next_is_amount(tokens, i + 2))


def _std_deduction(tokens: Sequence[str], i: int) -> bool:
    return (_n(tokens, i + 1) == "the" and _n(tokens, i + 2) in {"standard", "itemized"}) or _n(tokens, i + 1) == "itemized"


def _residence(tokens: Sequence[str], i: int) -> bool:
    return _n(tokens, i + 1) in {"in", "at", "with", "during", "together", "separately", "apart"}


def _always(tokens: Sequence[str], i: int) -> bool:
    return True


#: The offline paraphraser's synonym bank: (word, replacements, context, provenance).
SYNONYM_BANK: tuple[_Swap, ...] = (
    # rules A / A2 / B of A.1.2
    _Swap("equal", ("equivalent",), _equal_to_amount, "A.1.2 rule A"),
    _Swap("equivalent", ("equal",), _equal_to_amount, "A.1.2 rule A"),
    _Swap("was", ("totaled", "equaled"), _amount_follows, "A.1.2 rule A2"),
    _Swap("is", ("equals",), _amount_follows, "A.1.2 rule A2"),
    _Swap("other", ("additional",), lambda t, i: _n(t, i - 1) == "no", "A.1.2 rule B"),
    # A.1.2 safe synonym bank
    _Swap("in", ("during",), _year_follows, "A.1.2 bank: in (with year)"),
    _Swap("for", ("during", "in"), _year_follows, "A.1.2 bank: for (with year)"),
    _Swap("during", ("in",), _year_follows, "A.1.2 bank (reverse of in -> during)"),
    _Swap("done", ("performed",), lambda t, i: _n(t, i - 1) in {"work", "service", "services", "labor"}, "A.1.2 bank"),
    _Swap("takes", ("claims",), _std_deduction, "A.1.2 bank"),
    _Swap("take", ("claim",), _std_deduction, "A.1.2 bank (inflection of takes)"),
    _Swap("took", ("claimed",), _std_deduction, "A.1.2 bank (inflection of takes)"),
    _Swap("furnished", ("provided",), _always, "A.1.2 bank"),
    _Swap("furnishes", ("provides",), _always, "A.1.2 bank (inflection)"),
    _Swap("costs", ("expenses",), lambda t, i: _n(t, i - 1) in {"the", "all", "maintenance", "remaining", "household"}, "A.1.2 bank"),
    _Swap("lived", ("resided",), _residence, "A.1.2 bank"),
    _Swap("lives", ("resides",), _residence, "A.1.2 bank (inflection)"),
    _Swap("live", ("reside",), _residence, "A.1.2 bank (inflection)"),
    _Swap("living", ("residing",), _residence, "A.1.2 bank (inflection)"),
    _Swap("paid", ("compensated",), _was_paid_amount, "A.1.2 bank: paid (in 'was paid $X')"),
    _Swap("had", ("earned", "received"), lambda t, i: _n(t, i + 1) == "no" and _n(t, i + 2) in {"income", "gross"}, "A.1.2 bank: had (in 'had no income')"),
    # ours, same register
    _Swap("started", ("began", "commenced"), lambda t, i: _n(t, i + 1).endswith("ing") or _n(t, i + 1) in {"on", "in"}, "ours"),
    _Swap("starts", ("begins", "commences"), lambda t, i: _n(t, i + 1).endswith("ing") or _n(t, i + 1) in {"on", "in"}, "ours"),
    _Swap("reached", ("attained",), lambda t, i: _n(t, i + 1) == "age" or (_n(t, i + 1) == "the" and _n(t, i + 2) == "age"), "ours (statutory 'attained age')"),
    _Swap("reaches", ("attains",), lambda t, i: _n(t, i + 1) == "age" or (_n(t, i + 1) == "the" and _n(t, i + 2) == "age"), "ours"),
    _Swap("gets", ("receives",), lambda t, i: _n(t, i + 1) in {"a", "an", "one", "the"} or t[i + 1:i + 2] and t[i + 1].startswith("$"), "ours"),
    _Swap("various", ("several",), lambda t, i: _n(t, i + 1) in {"occasions", "times", "dates"}, "ours"),
    _Swap("whole", ("entire",), lambda t, i: _n(t, i - 1) == "the", "ours"),
    _Swap("entire", ("whole",), lambda t, i: _n(t, i - 1) == "the", "ours"),
    _Swap("bought", ("purchased",), _always, "ours"),
    _Swap("buys", ("purchases",), _always, "ours"),
)

_BANK_WORDS = frozenset({s.word for s in SYNONYM_BANK} | {w for s in SYNONYM_BANK for w in s.to})
_COMMON = (_FUNCTION_WORDS | _CONNECTIVES | _PRONOUNS | _NEGATION | _MODALITY | _NUMBER_WORDS | _DATE_WORDS
           | _SECTION_WORDS | _BANK_WORDS | frozenset(w for t in TERMS_OF_ART for w in t.split()))
_BANK: dict[str, tuple[_Swap, ...]] = {}
for _s in SYNONYM_BANK:
    _BANK[_s.word] = _BANK.get(_s.word, ()) + (_s,)


def _match_case(src: str, word: str) -> str:
    if len(src) > 1 and src.isupper():
        return word.upper()
    if src[:1].isupper():
        return word[:1].upper() + word[1:]
    return word


def _replace(tok: str, word: str) -> str:
    pre, core, post = _parts(tok)
    return pre + _match_case(core, word) + post


def swap_sites(text: str) -> list[tuple[int, tuple[str, ...]]]:
    """Token positions the bank can swap in ``text`` (whitespace tokens) and their replacements.

    Only sites whose single swap passes :func:`check_perturbation` are listed.
    """
    return list(_swap_sites(text))


@lru_cache(maxsize=256)
def _swap_sites(text: str) -> tuple[tuple[int, tuple[str, ...]], ...]:
    tokens, seps = _tokens(text)
    out = []
    for i, tok in enumerate(tokens):
        pre, core, post = _parts(tok)
        if not _WORD_RE.fullmatch(core):
            continue
        options: list[str] = []
        for swap in _BANK.get(core.lower(), ()):
            if swap.when(tokens, i):
                options.extend(w for w in swap.to if w not in options)
        good = []
        for w in options:
            new = tokens.copy()
            new[i] = _replace(tok, w)
            if not check_perturbation(text, _join(new, seps)):
                good.append(w)
        if good:
            out.append((i, tuple(good)))
    return tuple(out)


def _join(tokens: Sequence[str], seps: Sequence[str]) -> str:
    return "".join(s + t for s, t in zip(seps, tokens)) + seps[-1]


def _apply(text: str, choice: dict[int, str]) -> str:
    tokens, seps = _tokens(text)
    for i, w in choice.items():
        tokens[i] = _replace(tokens[i], w)
    return _join(tokens, seps)


def paraphrase(text: str, rng: random.Random, *, changes: int = 3) -> str | None:
    """``text`` with up to ``changes`` ordinary words swapped for bank synonyms, or None.

    Sites are visited in a random order drawn from ``rng`` and each gets a random synonym; a swap
    that would make the result fail :func:`check_perturbation` is skipped, so the output always
    passes. Capitalisation and punctuation are kept. Deterministic given the state of ``rng``.
    Returns None when no swap is possible (or ``changes < 1``).
    """
    if changes < 1:
        return None
    sites = swap_sites(text)
    if not sites:
        return None
    order = list(range(len(sites)))
    rng.shuffle(order)
    choice: dict[int, str] = {}
    for k in order:
        if len(choice) >= changes:
            break
        i, options = sites[k]
        w = options[rng.randrange(len(options))]
        trial = dict(choice)
        trial[i] = w
        if not check_perturbation(text, _apply(text, trial)):
            choice = trial
    if not choice:
        return None
    return _apply(text, choice)


def perturbations(text: str, rng: random.Random, k: int = 4) -> list[str] | None:
    """``k`` distinct paraphrases of ``text``, none equal to it, or None if the bank cannot make ``k``.

    Each paraphrase swaps 2-3 words where the text has that many sites (1 otherwise), so the options
    are alike in how far they are from the original. Random draws come first; if they do not yield
    ``k`` distinct texts, the remaining combinations are enumerated (smallest first) in an order
    drawn from ``rng``. Every result passes :func:`check_perturbation`. Deterministic given ``rng``.
    """
    if k < 1:
        return []
    sites = swap_sites(text)
    if not sites:
        return None
    out: list[str] = []
    seen = {text}
    hi = min(3, len(sites))
    lo = min(2, hi)
    for _ in range(20 * k):
        if len(out) >= k:
            break
        p = paraphrase(text, rng, changes=rng.randint(lo, hi))
        if p is not None and p not in seen:
            seen.add(p)
            out.append(p)
    if len(out) < k:  # few sites: enumerate the combinations of 1..3 swaps
        for size in range(1, min(3, len(sites)) + 1):
            combos = list(itertools.combinations(range(len(sites)), size))
            rng.shuffle(combos)
            for combo in combos:
                for words in itertools.product(*(sites[j][1] for j in combo)):
                    p = _apply(text, {sites[j][0]: w for j, w in zip(combo, words)})
                    if p not in seen and not check_perturbation(text, p):
                        seen.add(p)
                        out.append(p)
                        if len(out) >= k:
                            return out
    return out if len(out) >= k else None


# ------------------------------------------------------------------------------ SARA⁺ paraphrasers


Paraphraser = Callable[[str, random.Random], tuple["str | None", "str | None"]]

# ------------------------------------------------------------------------ whole-text paraphrase check

_MONTH_NUM = {m: i for i, m in enumerate(("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"), 1)}
_MONTH_NAMES = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
                "November", "December")
_MONTH_RE = r"(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\.?"
#: A date in a case text, month first ("Feb 3rd, 2017", "February 3, 2017") or day first ("3 February 2017").
DATE_PHRASE = re.compile(rf"\b(?:({_MONTH_RE}) (\d{{1,2}})(?:st|nd|rd|th)?,? (\d{{4}})|(\d{{1,2}}) ({_MONTH_RE}),? (\d{{4}}))\b")
_NUMBER = re.compile(r"\$?\d[\d,]*(?:\.\d+)?%?")
_SECTION_REF = re.compile(r"\b\d+[A-Za-z]?(?:\([A-Za-z0-9]{1,5}\))+")


def _dates_in(text: str) -> tuple[list[str], str]:
    """The dates of ``text`` as ISO strings (sorted) and the text with them masked."""
    out = []

    def sub(m: re.Match[str]) -> str:
        month, day, year = (m.group(1), m.group(2), m.group(3)) if m.group(1) else (m.group(5), m.group(4), m.group(6))
        out.append(f"{year}-{_MONTH_NUM.get(month[:3].lower(), 0):02d}-{int(day):02d}")
        return " DATE "

    masked = DATE_PHRASE.sub(sub, text)
    return sorted(out), masked


def _numbers_in(masked: str) -> list[str]:
    """Numbers of a text (dates masked), normalised: ``$33,200`` and ``$33200`` are ``$33200``."""
    masked = _SECTION_REF.sub(" ", masked)
    return sorted(m.group(0).replace(",", "").rstrip(".") for m in _NUMBER.finditer(masked))


def _protected(text: str) -> dict[str, Counter]:
    """What a paraphrase must keep, by kind: dates (ISO), numbers, section references, names,
    negations and terms of art (classified with the word-level checker's rules)."""
    dates, masked = _dates_in(text)
    t, names, common = _analyse(text)
    out: dict[str, Counter] = {
        "date": Counter(dates),
        "number": Counter(_numbers_in(masked)),
        "section reference": Counter(_SECTION_REF.findall(text)),
        "name": Counter(),
        "negation": Counter(),
        "term of art": Counter(),
    }
    for i, tok in enumerate(t.tokens):
        cat = _category(t, i, names, common)
        low = _norm(tok)
        if cat == "name" and low not in _MONTH_NUM and low[:3] not in _MONTH_NUM:
            out["name"][low] += 1
        elif cat == "negation":
            out["negation"]["n't" if low.endswith("n't") else low] += 1
    for phrase in {p for p in t.terms if p}:
        out["term of art"][phrase] = _count_phrase(t.tokens, phrase)
    return out


def _count_phrase(tokens: Sequence[str], phrase: str) -> int:
    words = phrase.split()
    norms = [_norm(x) for x in tokens]
    return sum(tuple(norms[i:i + len(words)]) == tuple(words) for i in range(len(norms)))


def check_paraphrase(original: str, new: str) -> list[str]:
    """The problems that make ``new`` an unacceptable paraphrase of the whole text ``original``
    (empty list = acceptable). Unlike :func:`check_perturbation`, words may be added, dropped and
    reordered; what must be kept is the meaning's anchors: the same dates (any phrasing:
    ``Feb 3rd, 2017`` = ``February 3, 2017``), the same numbers and amounts (``$33,200`` =
    ``$33200``), the same section references, the same names (each as often as before; a name
    may move to the start of a sentence), no name added, the same negations, and every term of
    art (:data:`TERMS_OF_ART`) as often as before. Never raises for string input."""
    if not isinstance(new, str) or not new.strip():
        return ["the paraphrase is empty"]
    if new.strip() == original.strip():
        return ["the paraphrase is identical to the original"]
    a, b = _protected(original), _protected(new)
    problems = []
    for kind in ("date", "number", "section reference", "negation"):
        if a[kind] != b[kind]:
            lost, added = a[kind] - b[kind], b[kind] - a[kind]
            problems.append(f"{kind}s differ (lost {sorted(lost)}, added {sorted(added)})")
    names_new = Counter({k: v for k, v in b["name"].items()})
    t_new = _Text.of(new)
    present = Counter(_norm(x) for x in t_new.tokens)
    lost = [n for n, k in a["name"].items() if present[n] < k]
    added = [n for n in names_new if n not in a["name"] and n not in {_norm(x) for x in _Text.of(original).tokens}]
    if lost:
        problems.append(f"names lost: {', '.join(sorted(lost))}")
    if added:
        problems.append(f"names added: {', '.join(sorted(added))}")
    for phrase, k in a["term of art"].items():
        if _count_phrase(t_new.tokens, phrase) < k:
            problems.append(f"term of art {phrase!r} lost")
    return problems


# ------------------------------------------------------------------------ the offline sentence rewriter

_NAME = r"[A-Z][a-z]+"
_AMT = r"\$[\d,]+"
_DATE = r"(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\.? \d{1,2}(?:st|nd|rd|th)?, \d{4}"


def _cap(s: str) -> str:
    return s[:1].upper() + s[1:]


def _low(s: str) -> str:
    """Lower-case the first letter unless the first word is a name (capitalised elsewhere) or 'I'."""
    first = s.split(" ", 1)[0]
    return s if re.fullmatch(_NAME, first) and first.lower() not in _COMMON else s[:1].lower() + s[1:]


def _date_full(m: re.Match[str]) -> str:
    month = _MONTH_NAMES[_MONTH_NUM[m.group(1)[:3].lower()] - 1]
    return f"{month} {int(m.group(2))}, {m.group(3)}"


def _grouped(m: re.Match[str]) -> str:
    digits = m.group(0)[1:].replace(",", "")
    return "$" + f"{int(digits):,}" if digits.isdigit() else m.group(0)


#: Sentence-level rewrites (name, pattern, replacement): phrasing variants of dates and amounts,
#: clause reordering and voice changes. Each is applied to one sentence and kept only if the
#: whole text passes :func:`check_paraphrase`.
REWRITES: tuple[tuple[str, re.Pattern[str], Callable[[re.Match[str]], str]], ...] = (
    ("date phrasing", re.compile(rf"\b({_MONTH_RE}) (\d{{1,2}})(?:st|nd|rd|th)?, (\d{{4}})\b"), _date_full),
    ("day-first date to month-first", re.compile(rf"\b(\d{{1,2}}) ({_MONTH_RE}) (\d{{4}})\b"),
     lambda m: f"{_MONTH_NAMES[_MONTH_NUM[m.group(2)[:3].lower()] - 1]} {int(m.group(1))}, {m.group(3)}"),
    ("amount phrasing", re.compile(r"\$\d{4,}(?![\d,])"), _grouped),
    ("fronted year to the end", re.compile(rf"^(?:In|During|For) (?:the year )?(\d{{4}}), ({_NAME}\b[^.]*?)\.$"),
     lambda m: f"{m.group(2)} in {m.group(1)}."),
    ("final year to the front", re.compile(rf"^({_NAME}\b[^.,]*?) in (\d{{4}})\.$"), lambda m: f"In {m.group(2)}, {_low(m.group(1))}."),
    ("fronted period to the end", re.compile(rf"^From ({_DATE}|\d{{4}}) to ({_DATE}|\d{{4}}), ({_NAME}\b[^.]*?)\.$"),
     lambda m: f"{m.group(3)} from {m.group(1)} to {m.group(2)}."),
    ("got married -> married", re.compile(rf"^({_NAME}) and ({_NAME}) got married on ({_DATE})\.$"),
     lambda m: f"{m.group(1)} married {m.group(2)} on {m.group(3)}."),
    ("married -> got married", re.compile(rf"^({_NAME}) married ({_NAME}) on ({_DATE})\.$"),
     lambda m: f"{m.group(1)} and {m.group(2)} got married on {m.group(3)}."),
    ("active to passive payment", re.compile(rf"^({_NAME}) has paid ({_AMT})( in cash)? to ({_NAME}) (for .*)\.$"),
     lambda m: f"{m.group(4)} has been paid {m.group(2)}{m.group(3) or ''} by {m.group(1)} {m.group(5)}."),
    ("active to passive wages", re.compile(rf"^({_NAME}) has paid wages of ({_AMT}) to ({_NAME}) (for .*)\.$"),
     lambda m: f"{m.group(3)} has been paid wages of {m.group(2)} by {m.group(1)} {m.group(4)}."),
    ("has a son -> is a son of", re.compile(rf"^({_NAME}) has a (son|daughter), ({_NAME})\.$"),
     lambda m: f"{m.group(3)} is a {m.group(2)} of {m.group(1)}."),
    ("died on -> passed away", re.compile(rf"^({_NAME}) died on ({_DATE})\.$"), lambda m: f"On {m.group(2)}, {m.group(1)} died."),
)

_PHRASING = frozenset({"date phrasing", "day-first date to month-first", "amount phrasing"})
_SENTENCE_SPLIT = re.compile(r"(?<=[.!?])(\s+)(?=[A-Z])")


def _sentences(text: str) -> list[str]:
    """Sentences and the whitespace between them, alternating (joined back they give ``text``)."""
    return _SENTENCE_SPLIT.split(text)


def rewrite(text: str, rng: random.Random, *, share: float = 0.7, word_swaps: int = 2) -> tuple[str, list[str]]:
    """A sentence-level paraphrase of ``text`` and the names of the rewrites made: each applicable
    rewrite of :data:`REWRITES` is made with probability ``share`` (drawn from ``rng``; at most one
    clause-order or voice change per sentence, phrasing variants of dates and amounts besides), then up
    to ``word_swaps`` bank synonyms (:func:`paraphrase`). Every step is kept only if the text still
    passes :func:`check_paraphrase` against ``text``; the result may equal ``text`` when nothing
    applies. Deterministic given the state of ``rng``."""
    parts = _sentences(text.strip("\n"))
    lead, trail = text[: len(text) - len(text.lstrip("\n"))], text[len(text.rstrip("\n")):]
    done: list[str] = []
    for k in range(0, len(parts), 2):
        body, pre, post = parts[k].strip(), parts[k][: len(parts[k]) - len(parts[k].lstrip())], parts[k][len(parts[k].rstrip()):]
        moved = False  # one clause-order or voice change per sentence (a second could undo the first)
        for name, pattern, repl in REWRITES:
            if not pattern.search(body) or rng.random() > share or (moved and name not in _PHRASING):
                continue
            trial = pattern.sub(repl, body)
            candidate = lead + "".join(parts[:k]) + pre + trial + post + "".join(parts[k + 1:]) + trail
            if trial != body and not check_paraphrase(text, candidate):
                body = trial
                done.append(name)
                moved = moved or name not in _PHRASING
        parts[k] = pre + body + post
    out = lead + "".join(parts) + trail
    if word_swaps > 0:
        swapped = paraphrase(out, rng, changes=word_swaps)
        if swapped is not None and not check_paraphrase(text, swapped):
            out = swapped
            done.append("word swaps")
    return out, done


def offline_paraphraser() -> Paraphraser:
    """Sentence-level paraphrase (:func:`rewrite`: date and amount phrasing, clause reordering,
    voice changes, then bank synonyms), checked by :func:`check_paraphrase`."""

    def run(text: str, rng: random.Random) -> tuple[str | None, str | None]:
        out, done = rewrite(text, rng)
        if not done or out == text:
            return None, "the offline paraphraser found nothing it may rewrite"
        problems = check_paraphrase(text, out)
        return (None, "paraphrase failed the checks: " + "; ".join(problems[:2])) if problems else (out, None)

    return run


def llm_paraphraser(settings=None) -> Paraphraser:
    """Paraphrase with the configured LLM and SARA⁺'s own paraphrase prompt (``paraphrase_system``
    / ``paraphrase_user`` of :mod:`taxlogic.prompts`: a meaning-preserving rewrite of the whole
    case, paper §3.2 "LLM-based paraphrasing while preserving semantics and numerical values");
    a candidate is kept only if :func:`check_paraphrase` finds no problem (dates, numbers, section
    references, names, negations and terms of art kept)."""
    from taxlogic import prompts
    from taxlogic.agent.llm import chat_model, invoke
    from taxlogic.settings import get_settings

    s = settings or get_settings()
    model = chat_model(s)
    system = prompts.render("paraphrase_system")

    def run(text: str, rng: random.Random) -> tuple[str | None, str | None]:
        reply = invoke(model, [("system", system), ("user", prompts.render("paraphrase_user", text=text))],
                       max_retries=s.llm_max_retries)
        raw = reply.text
        try:
            data = json.loads(raw[raw.index("{"): raw.rindex("}") + 1])
            options = [p for p in data["paraphrases"] if isinstance(p, str)]
        except (ValueError, KeyError, TypeError):
            return None, "the LLM reply is not the JSON the prompt asks for"
        rng.shuffle(options)
        last = "the LLM gave no paraphrase"
        for o in options:
            problems = check_paraphrase(text, o)
            if not problems:
                return o, None
            last = "LLM paraphrase failed the checks: " + "; ".join(problems[:2])
        return None, last

    return run

def words_changed(original: str, new: str) -> float:
    """The share of ``original``'s words (whitespace tokens) that ``new`` does not keep in order:
    ``1 - matched / len(original words)`` over the longest matching blocks (difflib), in
    ``[0, 1]``; 0.0 for identical texts or an empty original."""
    a, b = original.split(), new.split()
    if not a:
        return 0.0
    matched = sum(m.size for m in SequenceMatcher(None, a, b, autojunk=False).get_matching_blocks())
    return round(1 - matched / len(a), 6)
