"""SARA⁺ (paper §3.2, Table 2): perturbed SARA splits whose gold answers come from running the
gold Prolog, built reproducibly from a seed.

Splits (``<build>/<split>.jsonl``, one :class:`~taxlogic.kb.cases.Case` per line):

============  ===========================================================================
``sara_n``     SARA's numeric cases, rules ``r`` (original)
``sara_n_r``   the same cases and texts, answers recomputed under the perturbed rules ``r'``
``sara_n_c``   case perturbation c: dollar amounts changed in text and gold facts, rules ``r``
``sara_n_rc``  the same perturbed cases as ``sara_n_c``, answers under ``r'``
``sara_ee``    entailment cases without numerical reasoning (original)
``sara_ee_c``  their texts paraphrased (facts, query and answer unchanged), rules ``r``
``sara_en``    entailment cases with numerical reasoning (original)
``sara_en_r``  the same cases, texts and claims, labels recomputed under ``r'``
``sara_en_c``  case perturbation c, claims restated from the recomputed amount, rules ``r``
``sara_en_rc`` the same perturbed cases as ``sara_en_c``, claims restated under ``r'``
============  ===========================================================================

**Ee / En criterion** (:func:`is_numerical`): an entailment case requires numerical reasoning
(En) iff it makes a *dollar claim*: its question states a dollar amount ``$N`` and ``N`` is an
argument of its claim query, i.e. the statement asserts an amount the statutes compute (a tax, a
taxable income, a deduction, an exemption, a reduction, an applicable amount). Every other
entailment case is Ee, including cases whose facts hold amounts compared with statutory thresholds
but whose claim is not an amount (``s3306_b_10_A``: "applies to the payment of $12980"). On SARA
v2 this gives 100 En and 176 Ee cases; the paper reports 100 En and 172 Ee, holding out 4 for
in-context use (which 4 is not stated; we hold out none).

**Case perturbation c** (:func:`perturb_amounts`): each distinct dollar amount ``$N`` of the case
text that also occurs as a numeric literal in the gold facts or in the claim's inputs is multiplied
by a seeded factor in ``[0.70, 0.95] ∪ [1.05, 1.30]``, rounded to the original's step
(:func:`taxlogic.kb.perturb_rules.step_of`: ``$33200`` -> hundreds, ``$42876`` -> dollars), and
replaced everywhere: text, question, gold facts and claim. The amounts of a case keep their order.
Dates, years, percentages, counts and amounts found only in the text (or only in the facts) are
left alone. A numeric item's answer is recomputed (``tax/3``). An En item's claimed amount is
recomputed by running its claim with that argument replaced by a variable
(:func:`recomputed_amount`: the last solution's value, which reproduces every positive claim of
SARA v2): the positive item (source labelled Entailment) states the recomputed value, the negative
item (source labelled Contradiction) states it offset by ±(1–5)% (at least $1, seeded). Up to
:data:`ATTEMPTS` seeded draws are tried per case; the first giving an amount under both ``r`` and
``r'`` is kept. A negative claim whose provision no longer applies to the perturbed case (no
amount satisfies it: a bracket-(ii) tax for an income in bracket (i)) keeps its original amount,
as it is false whatever it states (counted in ``build.json`` under ``notes``).

Guards (the item is dropped, with the reason): a case whose text states a percentage the rules
compute (``applicable percentage ... is 10%``, :func:`stale_percentages`) gets no c item, since the
perturbation would make it false; a case whose text restates a statutory amount that r' changes
and that its gold facts do not hold (``an additional standard deduction of $600 each``,
:func:`restated_statute_amounts`) gets no r' item, since its text would contradict the statutes.

**Verification**: every item is serialised, read back and run (gold facts, claim or tax query)
under its own rule set before it is written; an item whose answer differs from its stored answer is
dropped, as is an item whose perturbation changed nothing or failed; ``build.json`` lists every
dropped item with the reason and the gold agreement per split (100% of what is written).

Determinism: every random draw comes from ``random.Random`` seeded by the build seed and the
case id, files are sorted and carry no timestamps, so one seed gives byte-identical output (the
LLM paraphraser is the exception: it depends on the model).
"""

from __future__ import annotations

import hashlib
import json
import random
import re
import shutil
from collections import Counter
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from typing import Callable, Iterable, Literal

from taxlogic.kb.cases import Case, load_cases
from taxlogic.kb.data import SARA_COMMIT, DataError
from taxlogic.kb.perturb_rules import (
    TEXT_DOLLARS,
    code_numbers,
    dollar_value,
    format_text_amount,
    perturb_rules,
    split_code_comment,
    step_of,
)
from taxlogic.kb.rules import RuleSet, sara_rules
from taxlogic.kb.sara.answers import answer_of, case_job
from taxlogic.tools.engine import Engine, Job, Outcome

SPLITS = ("sara_n", "sara_n_r", "sara_n_c", "sara_n_rc", "sara_ee", "sara_ee_c",
          "sara_en", "sara_en_r", "sara_en_c", "sara_en_rc")
R, R_PRIME = "r", "r'"
RULES_DIR = "statutes_r_prime"
ATTEMPTS = 8
CASE_CHANGE = (0.05, 0.30)
OFFSET = (0.01, 0.05)
VALUE_VAR = "PlusValue"
MAX_SOLUTIONS = 512
BUILD_RECORD = "build.json"

Progress = Callable[[str, int, int], None]


# ------------------------------------------------------------------------------ criterion


def _claim_tokens(query: str) -> list[tuple[int, int, str]]:
    """Numeric literals of a Prolog goal: (start, end, text), quoted text and comments skipped."""
    out, offset = [], 0
    for line in query.splitlines(keepends=True):
        code, _ = split_code_comment(line)
        out.extend((offset + m.start(), offset + m.end(), m.group(0)) for m in code_numbers(code))
        offset += len(line)
    return out


def claimed_amount(case: Case) -> tuple[int, int] | None:
    """For a dollar claim: (amount, index of the claim-query literal holding it), else None.

    The question's ``$N`` amounts are matched to the numeric literals of the claim query; the
    claim is a dollar claim when exactly one literal equals exactly one stated amount.
    """
    if case.kind != "entailment":
        return None
    stated = {int(dollar_value(m)) for m in TEXT_DOLLARS.finditer(case.question) if dollar_value(m) == int(dollar_value(m))}
    hits = [(int(t), i) for i, (_, _, t) in enumerate(_claim_tokens(case.claim_query)) if "." not in t and int(t) in stated]
    return hits[0] if len(hits) == 1 else None


def is_numerical(case: Case) -> bool:
    """The Ee/En criterion: True (En) iff the entailment case makes a dollar claim — its question
    states ``$N`` and ``N`` is an argument of its claim query (see the module docstring)."""
    return claimed_amount(case) is not None


def entailment_group(case: Case) -> Literal["en", "ee"]:
    return "en" if is_numerical(case) else "ee"


# ------------------------------------------------------------------------------ case perturbation


def _text_amounts(text: str) -> list[int]:
    return [int(dollar_value(m)) for m in TEXT_DOLLARS.finditer(text) if dollar_value(m) == int(dollar_value(m))]


def _fact_numbers(facts: str) -> set[int]:
    out = set()
    for line in facts.splitlines():
        code, _ = split_code_comment(line)
        out.update(int(m.group(0)) for m in code_numbers(code) if "." not in m.group(0))
    return out


def perturbable_amounts(case: Case) -> list[int]:
    """Distinct dollar amounts of the text that also occur in the gold facts or the claim's
    inputs (the claimed amount of a dollar claim excluded), sorted."""
    claimed = claimed_amount(case)
    claim_nums = {int(t) for i, (_, _, t) in enumerate(_claim_tokens(case.claim_query))
                  if "." not in t and not (claimed and i == claimed[1])}
    if case.kind == "numeric":
        claim_nums = set()
    counterparts = _fact_numbers(case.gold_facts) | claim_nums
    return sorted({a for a in _text_amounts(case.text) if a in counterparts and a > 0})


_PERCENT = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)\s*(?:%|percent\b)")


def stale_percentages(case: Case) -> list[str]:
    """Percentages stated in the text whose number is not in the gold facts: quantities the rules
    compute from the amounts (``applicable percentage ... is equal to 10%``), which a case
    perturbation would make false. (``furnished 40% of the costs`` is a fact: 40 is in the facts.)"""
    facts = set()
    for line in case.gold_facts.splitlines():
        code, _ = split_code_comment(line)
        facts.update(Decimal(m.group(0)) for m in code_numbers(code))
    return [m.group(0) for m in _PERCENT.finditer(case.text) if Decimal(m.group(1)) not in facts]


def text_only_amounts(case: Case) -> list[int]:
    """Dollar amounts of the text with no counterpart in the gold facts or the claim's inputs
    (a case perturbation leaves them alone)."""
    claimed = claimed_amount(case)
    skip = set(perturbable_amounts(case)) | ({claimed[0]} if claimed else set())
    return sorted({a for a in _text_amounts(case.text) if a not in skip})


def restated_statute_amounts(case: Case, changed: set[int]) -> list[int]:
    """Text-only amounts equal to a statutory amount that r' changes (``an additional standard
    deduction of $600 each``): under r' such a text contradicts the statutes it is judged by."""
    return [a for a in text_only_amounts(case) if a in changed]


def changed_statute_amounts(manifest: dict) -> set[int]:
    """The whole-dollar amounts r' changes (old values, any section)."""
    return {int(Decimal(c["old"])) for c in manifest["changes"] if Decimal(c["old"]) == int(Decimal(c["old"]))}


def _draw_amount(value: int, rng: random.Random) -> int:
    step = step_of(Decimal(value))
    lo, hi = CASE_CHANGE
    for _ in range(200):
        f = 1 + rng.choice((-1, 1)) * rng.uniform(lo, hi)
        new = round(value * f / step) * step
        if new != value and new > 0 and value * (1 - hi) <= new <= value * (1 + hi):
            return int(new)
    return value


def perturb_amounts(case: Case, rng: random.Random) -> dict[int, int]:
    """Old -> new for the case's perturbable amounts (±5–30%, rounded like the original, order
    kept). Empty if the case has none or no draw keeps the order."""
    amounts = perturbable_amounts(case)
    for _ in range(200):
        mapping = {a: _draw_amount(a, rng) for a in amounts}
        news = [mapping[a] for a in amounts]
        if all(mapping[a] != a for a in amounts) and all(x < y for x, y in zip(news, news[1:])):
            return mapping
    return {}


def _sub_text(text: str, mapping: dict[int, int]) -> str:
    def sub(m: re.Match[str]) -> str:
        v = dollar_value(m)
        if v != int(v) or int(v) not in mapping:
            return m.group(0)
        return format_text_amount(m.group(0), Decimal(mapping[int(v)]))

    return TEXT_DOLLARS.sub(sub, text)


def _sub_prolog(text: str, mapping: dict[int, int], *, replace_index: dict[int, str] | None = None) -> str:
    """Replace numeric literals of Prolog text by ``mapping``; ``replace_index`` forces the
    k-th literal (in order) to a given text (used for the claimed amount)."""
    out, k = [], 0
    for line in text.splitlines(keepends=True):
        code, comment = split_code_comment(line)
        pieces, last = [], 0
        for m in code_numbers(code):
            tok = m.group(0)
            new = None
            if replace_index and k in replace_index:
                new = replace_index[k]
            elif "." not in tok and int(tok) in mapping:
                new = str(mapping[int(tok)])
            k += 1
            if new is not None:
                pieces.append(code[last:m.start()] + new)
                last = m.end()
        out.append("".join(pieces) + code[last:] + comment)
    return "".join(out)


def _negated(claim: str) -> str:
    depth, top_comma = 0, False
    for ch in claim:
        depth += ch == "("
        depth -= ch == ")"
        if ch == "," and depth == 0:
            top_comma = True
    return f"\\+ ({claim})" if top_comma else f"\\+ {claim}"


def with_label(case: Case, label: str) -> Case:
    """An entailment item with ``expected`` = label and ``gold_test`` written to match it."""
    test = case.claim_query if label == "Entailment" else _negated(case.claim_query)
    return case.model_copy(update={"expected": label, "gold_test": test})


def apply_amounts(case: Case, mapping: dict[int, int]) -> Case:
    """``case`` with its amounts replaced in text, question, gold facts and claim (numeric: the
    tax literal of the claim is left to the caller)."""
    claimed = claimed_amount(case)
    keep = {claimed[1]: str(claimed[0])} if claimed else None
    update = {
        "text": _sub_text(case.text, mapping),
        "gold_facts": _sub_prolog(case.gold_facts, mapping),
    }
    if case.kind == "entailment":
        q_map = {k: v for k, v in mapping.items() if not claimed or k != claimed[0]}
        update["question"] = _sub_text(case.question, q_map)
        update["claim_query"] = _sub_prolog(case.claim_query, mapping, replace_index=keep)
    return case.model_copy(update=update)


def with_claimed(case: Case, amount: int) -> Case:
    """A dollar-claim item restated with ``amount`` (question and claim query)."""
    claimed = claimed_amount(case)
    if claimed is None:
        raise ValueError(f"{case.id}: not a dollar claim")
    old, index = claimed
    question = TEXT_DOLLARS.sub(lambda m: f"${amount}" if dollar_value(m) == old else m.group(0), case.question)
    claim = _sub_prolog(case.claim_query, {}, replace_index={index: str(amount)})
    return case.model_copy(update={"question": question, "claim_query": claim})


def value_job(case: Case) -> Job:
    """The claim of a dollar-claim case with the claimed amount replaced by a variable
    (every solution, up to :data:`MAX_SOLUTIONS`)."""
    claimed = claimed_amount(case)
    if claimed is None:
        raise ValueError(f"{case.id}: not a dollar claim")
    query = _sub_prolog(case.claim_query, {}, replace_index={claimed[1]: VALUE_VAR})
    return Job(facts=case.gold_facts, query=query, mode="all", var=VALUE_VAR, trusted=True,
               max_solutions=MAX_SOLUTIONS)


def recomputed_amount(outcome: Outcome) -> tuple[int | None, str | None]:
    """The amount a dollar claim computes, from its value query: the value of the **last**
    solution, or (None, reason).

    SARA's predicates may enumerate partial computations before the full one (``s63_b`` yields
    the taxable income with subsets of the deductions, ``s1_a`` and ``s3301`` yield 0 first); on
    SARA v2 the last solution is the claimed amount of every positive dollar claim (checked by the
    tests), so it is the amount the claim states.
    """
    if outcome.status == "failed":
        return None, "the claim holds for no amount after the perturbation"
    if outcome.status != "values":
        return None, f"claim value query: {outcome.summary()}"
    if outcome.solutions >= MAX_SOLUTIONS:
        return None, f"the claim has {MAX_SOLUTIONS} or more solutions"
    nums = outcome.numbers
    if len(nums) != len(outcome.values) or not nums:
        return None, f"non-numeric claim value(s): {', '.join(outcome.values[:3])}"
    v = nums[-1]
    if v != int(v):
        return None, f"the claimed amount is not whole dollars ({v})"
    return int(v), None


def offset_amount(value: int, rng: random.Random) -> int | None:
    """``value`` moved by ±(1–5)% (at least $1); None for $0 (no percentage offset exists)."""
    if value <= 0:
        return None
    delta = max(1, round(value * rng.uniform(*OFFSET)))
    sign = rng.choice((-1, 1))
    if value - delta <= 0:
        sign = 1
    return value + sign * delta


# ------------------------------------------------------------------------------ paraphrase


Paraphraser = Callable[[str, random.Random], tuple["str | None", "str | None"]]


def offline_paraphraser() -> Paraphraser:
    """Word-level paraphrase from :mod:`taxlogic.eval.paraphrase` (curated synonym bank)."""
    from taxlogic.eval.paraphrase import check_perturbation, paraphrase

    def run(text: str, rng: random.Random) -> tuple[str | None, str | None]:
        out = paraphrase(text, rng, changes=3)
        if out is None:
            return None, "the offline paraphraser found no word it may swap"
        problems = check_perturbation(text, out)
        return (None, "paraphrase failed the checks: " + "; ".join(problems[:2])) if problems else (out, None)

    return run


def llm_paraphraser(settings=None) -> Paraphraser:
    """Paraphrase with the configured LLM and the DCQ perturbation prompt (appendix A.1.2); a
    candidate is kept only if :func:`check_perturbation` finds no problem (names, numbers, dates,
    section references, negations and terms of art unchanged)."""
    from taxlogic import prompts
    from taxlogic.agent.llm import chat_model, invoke
    from taxlogic.eval.paraphrase import check_perturbation
    from taxlogic.settings import get_settings

    s = settings or get_settings()
    model = chat_model(s)
    system = prompts.render("perturb_system")

    def run(text: str, rng: random.Random) -> tuple[str | None, str | None]:
        reply = invoke(model, [("system", system), ("user", prompts.render("perturb_user", text=text))],
                       max_retries=s.llm_max_retries)
        raw = reply.text
        try:
            data = json.loads(raw[raw.index("{"): raw.rindex("}") + 1])
            options = [p["text"] for p in data["perturbations"] if isinstance(p, dict) and isinstance(p.get("text"), str)]
        except (ValueError, KeyError, TypeError):
            return None, "the LLM reply is not the JSON the prompt asks for"
        rng.shuffle(options)
        last = "the LLM gave no perturbation"
        for o in options:
            problems = check_perturbation(text, o)
            if not problems:
                return o, None
            last = "LLM paraphrase failed the checks: " + "; ".join(problems[:2])
        return None, last

    return run


# ------------------------------------------------------------------------------ building


@dataclass
class Dropped:
    split: str
    source: str
    reason: str

    def as_dict(self) -> dict:
        return {"split": self.split, "source": self.source, "reason": self.reason}


@dataclass
class _Build:
    items: dict[str, list[Case]] = field(default_factory=lambda: {s: [] for s in SPLITS})
    dropped: list[Dropped] = field(default_factory=list)
    notes: dict[str, Counter] = field(default_factory=dict)
    changed: set[int] = field(default_factory=set)  # statutory amounts r' changes

    def r_prime_obstacle(self, case: Case) -> str | None:
        restated = restated_statute_amounts(case, self.changed)
        if restated:
            return ("the text restates a statutory amount that r' changes (" + ", ".join(f"${a}" for a in restated)
                    + "), not held in the gold facts")
        return None

    def c_obstacle(self, case: Case) -> str | None:
        stale = stale_percentages(case)
        if stale:
            return f"the text states a computed percentage ({', '.join(stale)}) that a perturbation of the amounts would make false"
        return None

    def note(self, split: str, what: str) -> None:
        self.notes.setdefault(split, Counter())[what] += 1

    def drop(self, split: str, source: str, reason: str) -> None:
        self.dropped.append(Dropped(split, source, reason))


def default_build_dir(seed: int, data_dir: Path | None = None) -> Path:
    """``<data_dir>/sara_plus/seed-<seed>`` (data_dir: the configured ``TAXLOGIC_DATA_DIR``)."""
    if data_dir is None:
        from taxlogic.settings import get_settings

        data_dir = get_settings().data_dir
    return Path(data_dir).expanduser() / "sara_plus" / f"seed-{seed}"


def plus_rules(build_dir: Path) -> RuleSet:
    """The perturbed rule set ``r'`` of a build (``<build>/statutes_r_prime``)."""
    d = Path(build_dir) / RULES_DIR
    return RuleSet(R_PRIME, d / "prolog", d / "source")


def load_plus_split(build_dir: Path, split: str) -> list[Case]:
    """The items of one split of a build, in file order (sorted by id).
    Raises ValueError for an unknown split, FileNotFoundError if the build lacks it."""
    if split not in SPLITS:
        raise ValueError(f"unknown SARA⁺ split {split!r}; splits: {', '.join(SPLITS)}")
    path = Path(build_dir) / f"{split}.jsonl"
    if not path.is_file():
        raise FileNotFoundError(f"{path} not found: run `taxlogic data plus` first")
    return [Case.model_validate_json(line) for line in path.read_text().splitlines() if line.strip()]


def _run(engine: Engine, jobs: list[Job], progress: Progress | None, stage: str) -> list[Outcome]:
    out = []
    for i, o in enumerate(engine.run_many(jobs), 1):
        out.append(o)
        if progress:
            progress(stage, i, len(jobs))
    return out


def _with_rules_answer(case: Case, outcome: Outcome, rules: str, new_id: str) -> tuple[Case | None, str | None]:
    ans = answer_of(case, outcome)
    if ans.value is None:
        return None, f"no gold answer under {rules}: {ans.reason}"
    upd = {"id": new_id, "rules": rules}
    if case.kind == "numeric":
        upd.update(expected=ans.value, claim_query=f"tax({case.person},{case.year},{ans.value})")
        upd["gold_test"] = upd["claim_query"]
        return case.model_copy(update=upd), None
    return with_label(case.model_copy(update=upd), ans.value), None


def _tax_job(case: Case) -> Job:
    return case_job(case, case.gold_facts, trusted=True, mode="first")


def _numeric_c(cases: list[Case], seed: int, eng: dict[str, Engine], b: _Build, progress: Progress | None) -> None:
    todo = []
    for c in cases:
        if b.c_obstacle(c):
            for sp in ("sara_n_c", "sara_n_rc"):
                b.drop(sp, c.id, b.c_obstacle(c))
            continue
        mapping = perturb_amounts(c, random.Random(f"sara-plus-case:{seed}:{c.id}:0"))
        if not mapping:
            for s in ("sara_n_c", "sara_n_rc"):
                b.drop(s, c.id, "no dollar amount of the text occurs in the gold facts: nothing to perturb")
            continue
        todo.append(apply_amounts(c, mapping))
    for rules, split, suffix in ((R, "sara_n_c", "__c"), (R_PRIME, "sara_n_rc", "__rc")):
        outs = _run(eng[rules], [_tax_job(c) for c in todo], progress, split)
        for c, o in zip(todo, outs):
            if rules == R_PRIME and b.r_prime_obstacle(c):
                b.drop(split, c.id, b.r_prime_obstacle(c))
                continue
            item, why = _with_rules_answer(c, o, rules, c.id + suffix)
            if item is None:
                b.drop(split, c.id, why)
            else:
                b.items[split].append(item)


def _en_option(source: Case, outcome: Outcome, seed: int, rules: str) -> tuple[str, int | None, str | None]:
    """What a perturbed dollar claim can state under ``rules``: ("value", amount, None) for the
    recomputed amount (negative sources: offset by ±(1–5)%), ("any", original amount, None) for a
    negative source whose claim now holds for no amount (false whatever it states; the original
    amount is kept), or ("none", None, reason)."""
    v, why = recomputed_amount(outcome)
    negative = source.expected == "Contradiction"
    if v is not None:
        if not negative:
            return "value", v, None
        off = offset_amount(v, random.Random(f"sara-plus-offset:{seed}:{source.id}:{rules}"))
        if off is None:
            return "none", None, "the recomputed amount is $0: no ±(1–5)% offset makes a negative claim"
        return "value", off, None
    if negative and outcome.status in ("failed", "error"):
        return "any", claimed_amount(source)[0], None
    return "none", None, why


def _en_c(cases: list[Case], seed: int, eng: dict[str, Engine], b: _Build, progress: Progress | None) -> None:
    """En^c and En^rc. Up to :data:`ATTEMPTS` seeded draws per case, all run under r and r'; the
    first draw giving a recomputed amount under both rule sets is kept, else the first giving an
    item under both (negative claims that now hold for no amount keep their amount), else the
    first giving an item under r (the rc item is dropped)."""
    trials: list[tuple[Case, int, Case]] = []
    for c in cases:
        if not perturbable_amounts(c):
            for s in ("sara_en_c", "sara_en_rc"):
                b.drop(s, c.id, "no dollar amount of the text occurs in the gold facts or claim: nothing to perturb")
            continue
        if claimed_amount(c)[0] in _text_amounts(c.text):
            for s in ("sara_en_c", "sara_en_rc"):
                b.drop(s, c.id, "the claimed amount is also stated in the case text")
            continue
        if b.c_obstacle(c):
            for s in ("sara_en_c", "sara_en_rc"):
                b.drop(s, c.id, b.c_obstacle(c))
            continue
        for attempt in range(ATTEMPTS):
            mapping = perturb_amounts(c, random.Random(f"sara-plus-case:{seed}:{c.id}:{attempt}"))
            if mapping:
                p = apply_amounts(c, mapping)
                if claimed_amount(p) == claimed_amount(c):  # a new amount may collide with the claimed one
                    trials.append((c, attempt, p))
    jobs = [value_job(p) for _, _, p in trials]
    outs = {}
    for rules, split in ((R, "sara_en_c"), (R_PRIME, "sara_en_rc")):
        outs[rules] = _run(eng[rules], jobs, progress, split)
    by_case: dict[str, list[tuple[Case, dict[str, tuple[str, int | None, str | None]]]]] = {}
    for k, (c, attempt, p) in enumerate(trials):
        opts = {rules: _en_option(c, outs[rules][k], seed, rules) for rules in (R, R_PRIME)}
        by_case.setdefault(c.id, []).append((p, opts))
    for c in cases:
        if c.id not in by_case:
            if perturbable_amounts(c) and claimed_amount(c)[0] not in _text_amounts(c.text) and not b.c_obstacle(c):
                for s in ("sara_en_c", "sara_en_rc"):
                    b.drop(s, c.id, "no admissible draw of the amounts")
            continue
        tries = by_case[c.id]
        pick = (
            next((t for t in tries if t[1][R][0] == "value" and t[1][R_PRIME][0] == "value"), None)
            or next((t for t in tries if t[1][R][0] != "none" and t[1][R_PRIME][0] != "none"), None)
            or next((t for t in tries if t[1][R][0] != "none"), None)
        )
        if pick is None:
            why = tries[0][1][R][2]
            for s in ("sara_en_c", "sara_en_rc"):
                b.drop(s, c.id, f"no draw of {ATTEMPTS} gives the claim an amount to state ({why})")
            continue
        p, opts = pick
        for rules, split, suffix in ((R, "sara_en_c", "__c"), (R_PRIME, "sara_en_rc", "__rc")):
            kind, amount, why = opts[rules]
            if rules == R_PRIME and b.r_prime_obstacle(c):
                b.drop(split, c.id, b.r_prime_obstacle(c))
                continue
            if kind == "none":
                b.drop(split, c.id, f"no draw of {ATTEMPTS} gives the claim an amount to state under {rules} ({why})")
                continue
            if kind == "any":
                b.note(split, "negative claims stating their original amount (the claimed provision no longer applies)")
            item = with_claimed(p, amount).model_copy(update={"id": c.id + suffix, "rules": rules})
            b.items[split].append(with_label(item, str(c.expected)))


def _verify(items: list[Case], eng: dict[str, Engine], progress: Progress | None) -> list[tuple[Case, bool, str | None]]:
    """Serialise, read back and run every item under its rule set: (item, agrees, reason)."""
    parsed = [Case.model_validate_json(c.model_dump_json()) for c in items]
    result: list[tuple[Case, bool, str | None] | None] = [None] * len(parsed)
    for rules in (R, R_PRIME):
        idx = [i for i, c in enumerate(parsed) if c.rules == rules]
        jobs = [case_job(parsed[i], parsed[i].gold_facts, trusted=True, mode="first") for i in idx]
        for n, (i, o) in enumerate(zip(idx, eng[rules].run_many(jobs)), 1):
            ans = answer_of(parsed[i], o)
            ok = ans.value is not None and ans.value == parsed[i].expected
            why = None if ok else f"gold check under {rules}: got {ans.value if ans.value is not None else ans.reason}, stored {parsed[i].expected}"
            result[i] = (parsed[i], ok, why)
            if progress:
                progress("verify", n, len(idx))
    return [r for r in result if r is not None]


def build_plus(
    seed: int,
    out_dir: Path | None = None,
    *,
    data_dir: Path | None = None,
    case_ids: Iterable[str] | None = None,
    paraphrase: Literal["offline", "llm"] = "offline",
    paraphraser: Paraphraser | None = None,
    engine_r: Engine | None = None,
    workers: int | None = None,
    progress: Progress | None = None,
) -> dict:
    """Build SARA⁺ for ``seed`` into ``out_dir`` (default :func:`default_build_dir`) and return
    the build record (also written as ``build.json``).

    ``case_ids`` restricts the build to some SARA cases (tests); ``engine_r`` reuses an engine on
    the original rules; ``paraphraser`` overrides the ``paraphrase`` mode. The folder is written
    in a staging folder beside ``out_dir`` and swapped in at the end; an existing ``out_dir`` is
    replaced only if it is a SARA⁺ build (holds ``build.json``) or empty.
    """
    out = Path(out_dir) if out_dir else default_build_dir(seed, data_dir)
    if out.exists() and any(out.iterdir()) and not (out / BUILD_RECORD).is_file():
        raise DataError(f"{out} exists and is not a SARA⁺ build (no {BUILD_RECORD}); choose another --out")
    cases = load_cases(data_dir)
    if case_ids is not None:
        wanted = set(case_ids)
        unknown = wanted - {c.id for c in cases}
        if unknown:
            raise KeyError(f"unknown SARA case(s): {', '.join(sorted(unknown))}")
        cases = [c for c in cases if c.id in wanted]
    numeric = [c for c in cases if c.kind == "numeric"]
    en = [c for c in cases if c.kind == "entailment" and is_numerical(c)]
    ee = [c for c in cases if c.kind == "entailment" and not is_numerical(c)]

    out.parent.mkdir(parents=True, exist_ok=True)
    stage = out.parent / f".{out.name}.building"
    if stage.exists():
        shutil.rmtree(stage)
    stage.mkdir()
    rules_r = engine_r.rules if engine_r else sara_rules(data_dir)
    manifest = perturb_rules(rules_r, stage / RULES_DIR, seed)
    if progress:
        progress("rules", 1, 1)

    b = _Build(changed=changed_statute_amounts(manifest))
    own: list[Engine] = []
    try:
        if engine_r is None:
            engine_r = Engine(rules_r, workers=workers)
            own.append(engine_r)
        engine_rp = Engine(plus_rules(stage), workers=workers)
        own.append(engine_rp)
        eng = {R: engine_r, R_PRIME: engine_rp}

        b.items["sara_n"] = list(numeric)
        b.items["sara_en"] = list(en)
        b.items["sara_ee"] = list(ee)
        for split, src in (("sara_n_r", numeric), ("sara_en_r", en)):
            outs = _run(engine_rp, [case_job(c, c.gold_facts, trusted=True, mode="first") for c in src], progress, split)
            for c, o in zip(src, outs):
                if b.r_prime_obstacle(c):
                    b.drop(split, c.id, b.r_prime_obstacle(c))
                    continue
                item, why = _with_rules_answer(c, o, R_PRIME, c.id + "__r")
                if item is None:
                    b.drop(split, c.id, why)
                else:
                    b.items[split].append(item)
        _numeric_c(numeric, seed, eng, b, progress)
        _en_c(en, seed, eng, b, progress)

        para = paraphraser or (llm_paraphraser() if paraphrase == "llm" else offline_paraphraser())
        for i, c in enumerate(ee, 1):
            text, why = para(c.text, random.Random(f"sara-plus-paraphrase:{seed}:{c.id}"))
            if text is None or text == c.text:
                b.drop("sara_ee_c", c.id, why or "the paraphrase changed nothing")
            else:
                b.items["sara_ee_c"].append(c.model_copy(update={"id": c.id + "__p", "text": text}))
            if progress:
                progress("sara_ee_c", i, len(ee))

        flat = [(s, c) for s in SPLITS for c in b.items[s]]
        checked = _verify([c for _, c in flat], eng, progress)
    finally:
        for e in own:
            e.close()

    kept: dict[str, list[Case]] = {s: [] for s in SPLITS}
    for (split, source), (item, ok, why) in zip(flat, checked):
        if ok:
            kept[split].append(item)
        else:
            b.drop(split, item.id.split("__")[0], why)
    for s in SPLITS:
        kept[s].sort(key=lambda c: c.id)
        ids = [c.id for c in kept[s]]
        if len(ids) != len(set(ids)):
            raise RuntimeError(f"{s}: duplicate item ids")
        (stage / f"{s}.jsonl").write_text("".join(c.model_dump_json() + "\n" for c in kept[s]))
    all_ids = [c.id for s in SPLITS for c in kept[s]]
    if len(all_ids) != len(set(all_ids)):
        raise RuntimeError("duplicate item ids across splits")

    record = _record(seed, kept, b.dropped, b.notes, manifest, paraphrase if paraphraser is None else "custom",
                     {s: (stage / f"{s}.jsonl").read_bytes() for s in SPLITS}, n_cases=len(cases),
                     counts_source={"numeric": len(numeric), "en": len(en), "ee": len(ee)},
                     sources={c.id: c for c in cases})
    (stage / "manifest.json").write_text(json.dumps(manifest, indent=2, sort_keys=True, ensure_ascii=False) + "\n")
    (stage / BUILD_RECORD).write_text(json.dumps(record, indent=2, sort_keys=True, ensure_ascii=False) + "\n")
    (stage / "DATACARD.md").write_text(datacard(record, manifest))
    if out.exists():
        shutil.rmtree(out)
    stage.rename(out)
    return record


def _record(seed, kept, dropped, notes, manifest, paraphrase, blobs, *, n_cases, counts_source, sources) -> dict:
    splits = {}
    for s in SPLITS:
        items = kept[s]
        info: dict = {"items": len(items), "gold_correct": len(items), "gold_agreement": 1.0 if items else None,
                      "sha256": hashlib.sha256(blobs[s]).hexdigest()}
        if items and items[0].kind == "entailment":
            info["labels"] = dict(sorted(Counter(str(c.expected) for c in items).items()))
        changed = 0
        for c in items:
            src = sources.get(c.id.split("__")[0])
            if src is not None and (c.expected != src.expected or c.question != src.question):
                changed += 1
        info["answer_changed"] = changed
        splits[s] = info
    drops = sorted((d.as_dict() for d in dropped), key=lambda d: (SPLITS.index(d["split"]), d["source"], d["reason"]))
    reasons: dict[str, Counter] = {}
    for d in drops:
        reasons.setdefault(d["split"], Counter())[_reason_kind(d["reason"])] += 1
    return {
        "seed": seed,
        "source": {"dataset": "SARA v2", "commit": SARA_COMMIT, "cases": n_cases, **counts_source},
        "criterion": "En iff the question states a dollar amount $N that is an argument of the claim query (a dollar claim); Ee otherwise",
        "paraphrase": paraphrase,
        "rule_changes": len(manifest["changes"]),
        "splits": splits,
        "dropped_counts": {s: dict(sorted(c.items())) for s, c in reasons.items()},
        "notes": {s: dict(sorted(c.items())) for s, c in sorted(notes.items())},
        "dropped": drops,
    }


def _reason_kind(reason: str) -> str:
    return re.sub(r"\s*\(.*$", "", reason.split(":")[0]).strip()


# ------------------------------------------------------------------------------ checking a build


def gold_check(build_dir: Path, *, splits: Iterable[str] | None = None, engine_r: Engine | None = None,
               engine_rp: Engine | None = None, workers: int | None = None,
               progress: Progress | None = None) -> dict[str, tuple[int, int]]:
    """Run the gold method (:func:`taxlogic.eval.gold.run_gold`) on every split of a build, each
    item under its own rule set (``r``: SARA's statutes, ``r'``: the build's). Returns
    ``{split: (total, correct)}``; ``progress("recheck", done, total)`` counts splits."""
    from taxlogic.eval.gold import run_gold

    build_dir = Path(build_dir)
    names = list(splits or SPLITS)
    data = {s: load_plus_split(build_dir, s) for s in names}
    own = []
    try:
        if engine_r is None and any(c.rules == R for v in data.values() for c in v):
            engine_r = Engine(sara_rules(), workers=workers)
            own.append(engine_r)
        if engine_rp is None and any(c.rules == R_PRIME for v in data.values() for c in v):
            engine_rp = Engine(plus_rules(build_dir), workers=workers)
            own.append(engine_rp)
        eng = {R: engine_r, R_PRIME: engine_rp}
        out = {}
        for s in names:
            correct = 0
            for rules in (R, R_PRIME):
                items = [c for c in data[s] if c.rules == rules]
                if items:
                    correct += sum(r.correct for r in run_gold(eng[rules], items))
            out[s] = (len(data[s]), correct)
            if progress:
                progress("recheck", len(out), len(names))
        return out
    finally:
        for e in own:
            e.close()


# ------------------------------------------------------------------------------ data card


def datacard(record: dict, manifest: dict) -> str:
    """The build's DATACARD.md (generated; no timestamps)."""
    rows = []
    for s in SPLITS:
        info = record["splits"][s]
        labels = ", ".join(f"{k} {v}" for k, v in info.get("labels", {}).items()) or "numeric"
        dropped = sum(record["dropped_counts"].get(s, {}).values())
        agree = "100%" if info["items"] else "-"
        rows.append(f"| `{s}` | {info['items']} | {dropped} | {info['answer_changed']} | {labels} | {agree} |")
    sections = Counter(c["section"] for c in manifest["changes"])
    examples = [c for c in manifest["changes"] if c.get("kind") == "free"][:6]
    drops = []
    for s, reasons in record["dropped_counts"].items():
        for r, n in reasons.items():
            drops.append(f"- `{s}`: {n} × {r}")
    notes = [f"- `{s}`: {n} {what}" for s, whats in record["notes"].items() for what, n in whats.items()]
    src = record["source"]
    return "\n".join([
        f"# SARA⁺ (seed {record['seed']})",
        "",
        "Perturbed test splits of SARA v2 (Holzenberger et al., 2020) after Kordjamshidi et al., *Reasoners or",
        "Translators?* §3.2 and Table 2, generated by `taxlogic data plus`. Gold answers come from running each",
        "item's gold Prolog program under its rule set with SWI-Prolog; no answer was written by hand or by an LLM.",
        "",
        f"Source: SARA v2 at commit `{src['commit'][:8]}`: {src['cases']} cases ({src['numeric']} numeric, "
        f"{src['en']} En and {src['ee']} Ee entailment).",
        "",
        "## Splits",
        "",
        "| split | items | dropped | answer or claim differs from source | labels | gold agreement |",
        "|---|---|---|---|---|---|",
        *rows,
        "",
        "Each line of `<split>.jsonl` is a `taxlogic.kb.cases.Case`: `text`, `question`, `gold_facts`,",
        "`claim_query`/`value_query`, `expected`, `split` (the SARA split of the source case) and `rules`",
        "(`r` = SARA's statutes, `r'` = `statutes_r_prime/`). Ids: `<case>` (original), `<case>__r`, `__c`,",
        "`__rc`, `__p` (paraphrase).",
        "",
        "## How the splits are made",
        "",
        f"- **Ee / En.** {record['criterion']}. SARA v2: {src['en']} En, {src['ee']} Ee (paper: 100 En, 172 Ee + 4 held out).",
        "- **r'** (`statutes_r_prime/`, `manifest.json`): " + manifest["policy"],
        f"  {record['rule_changes']} amounts changed ("
        + ", ".join(f"{k} {v}" for k, v in sorted(sections.items())) + "), e.g. "
        + "; ".join(f"{c['section']} {c['old']} → {c['new']}" for c in examples) + ".",
        "- **_r splits**: the original cases, texts and claims; answers recomputed under r'. Case texts that",
        "  restate a statutory amount as a fact (\"an exemption of $2000\") keep it: the gold facts state it too.",
        "- **c** (case perturbation): each dollar amount of the text that also occurs in the gold facts (or the",
        "  claim's inputs) is changed by 5–30% up or down, rounded like the original, in text, facts and claim",
        "  alike; amounts keep their order; dates, years, percentages and amounts in one form only are left alone.",
        "  Numeric answers are recomputed. En claims are restated: positive items state the recomputed amount,",
        "  negative items that amount offset by ±(1–5)% (at least $1). rc uses the same perturbed case under r'.",
        "  A negative claim whose provision no longer applies to the perturbed case (no amount satisfies it, e.g. a",
        "  tax under bracket (ii) for an income in bracket (i)) keeps its original amount: it is false whatever it states.",
        "  Where a claim yields several amounts (SARA's predicates may enumerate partial sums first), the last",
        "  solution's amount is the one stated; on SARA v2 this reproduces every original positive claim.",
        "- **Ee^c**: the case text paraphrased word by word (" + record["paraphrase"] + "); facts, query and answer",
        "  unchanged. Names, numbers, dates, section references, negations and terms of art never change",
        "  (`taxlogic.eval.paraphrase.check_perturbation`).",
        "- **Verification**: every item was read back and run under its rule set; only items giving their stored",
        "  answer are written. `build.json` lists each dropped item with its reason.",
        "",
        "## Dropped",
        "",
        *(drops or ["- none"]),
        "",
        *(["## Notes", "", *notes, ""] if notes else []),
        "## Caveats",
        "",
        "- Perturbed amounts could make a qualitative statement of a case text about amounts stale; SARA's",
        "  texts state amounts rather than compare them, and texts stating a computed percentage are dropped",
        "  from c. Under r', a text restating a statutory amount that its gold facts also hold (\"an exemption",
        "  of $2000\") keeps it (the facts assert it), as in the paper's E^r; one whose facts do not hold it is",
        "  dropped from the r' splits.",
        "- `sara_en_r` keeps the paper's procedure (claims unchanged, labels recomputed), so most of its labels",
        "  are Contradiction: a dollar claim is rarely still exact once the statutes' amounts change.",
        "- The same seed gives byte-identical files, except with `--paraphrase llm` (model-dependent).",
        "",
    ])
