"""The SARA⁺ criterion and case perturbation c (paper §3.2, Table 2), one case at a time.

**Ee / En criterion** (:func:`is_numerical`): an entailment case requires numerical reasoning
(En) iff it makes a *dollar claim*: its question states a dollar amount ``$N`` and ``N`` is an
argument of its claim query, i.e. the statement asserts an amount the statutes compute (a tax, a
taxable income, a deduction, an exemption, a reduction, an applicable amount). Every other
entailment case is Ee, including cases whose facts hold amounts compared with statutory thresholds
but whose claim is not an amount (``s3306_b_10_A``: "applies to the payment of $12980"). On SARA
(2020 release) this gives 100 En and 176 Ee cases; the paper reports 100 En and 172 Ee, holding out 4 for
in-context use (which 4 is not stated; we hold out none).

**Case perturbation c** (:func:`perturb_amounts`): each distinct dollar amount ``$N`` of the case
text that also occurs as a numeric literal in the gold facts or in the claim's inputs is multiplied
by a seeded factor in ``[0.70, 0.95] ∪ [1.05, 1.30]``, rounded to the original's step
(:func:`taxlogic.eval.plus.rules.step_of`: ``$33200`` -> hundreds, ``$42876`` -> dollars), and
replaced everywhere: text, question, gold facts and claim. The amounts of a case keep their order.
Dates, years, percentages, counts and amounts found only in the text (or only in the facts) are
left alone. A numeric item's answer is recomputed (``tax/3``). An En item's claimed amount is
recomputed by running its claim with that argument replaced by a variable
(:func:`recomputed_amount`: the last solution's value, which reproduces every positive claim of
SARA): the positive item (source labelled Entailment) states the recomputed value, the negative
item (source labelled Contradiction) states it offset by ±(1–5)% (at least $1, seeded,
:func:`offset_amount`). How many draws are tried and which is kept is the build's business
(:mod:`taxlogic.eval.plus.build`).

Guards (used by the build to drop an item, with the reason): a case whose text states a percentage
the rules compute (``applicable percentage ... is 10%``, :func:`stale_percentages`) gets no c item,
since the perturbation would make it false; a case whose text restates a statutory amount that r'
changes and that its gold facts do not hold (``an additional standard deduction of $600 each``,
:func:`restated_statute_amounts`) gets no r' item, since its text would contradict the statutes.
"""

from __future__ import annotations

import random
import re
from decimal import Decimal

from taxlogic.eval.plus.rules import (
    TEXT_DOLLARS,
    code_numbers,
    dollar_value,
    format_text_amount,
    split_code_comment,
    step_of,
)
from taxlogic.kb.cases import Case
from taxlogic.tools.engine import Job, Outcome

CASE_CHANGE = (0.05, 0.30)
OFFSET = (0.01, 0.05)
VALUE_VAR = "PlusValue"
MAX_SOLUTIONS = 512


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


# ------------------------------------------------------------------------------ case perturbation c


def text_amounts(text: str) -> list[int]:
    """The whole-dollar amounts ``$N`` stated in ``text``, in order."""
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
    return sorted({a for a in text_amounts(case.text) if a in counterparts and a > 0})


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
    return sorted({a for a in text_amounts(case.text) if a not in skip})


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
    SARA (2020 release) the last solution is the claimed amount of every positive dollar claim (checked by the
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
