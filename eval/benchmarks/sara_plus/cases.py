"""The SARA⁺ criterion and case perturbation c (paper §3.2, Table 2), one case at a time.

**Ee / En criterion** (:func:`is_numerical`): an entailment case requires numerical reasoning
(En) iff it makes a *dollar claim*: its question states a dollar amount ``$N`` and ``N`` is an
argument of its claim query, i.e. the statement asserts an amount the statutes compute (a tax, a
taxable income, a deduction, an exemption, a reduction, an applicable amount). Every other
entailment case is Ee, including cases whose facts hold amounts compared with statutory thresholds
but whose claim is not an amount (``s3306_b_10_A``: "applies to the payment of $12980"). On SARA
(2020 release) this gives 100 En and 176 Ee cases; the paper reports 100 En and 172 Ee, holding out 4 for
in-context use (which 4 is not stated; SARA⁺ holds out none, and ``--holdout paper`` leaves
out four Ee cases, :func:`taxlogic.eval.harness.protocol.held_out`, so the evaluated groups are 100 and 172).

**Case perturbation c** (:func:`perturb_amounts`): each distinct dollar amount ``$N`` of the case
text that also occurs as a numeric literal in the gold facts or in the claim's inputs is multiplied
by a seeded factor in ``[0.70, 0.95] ∪ [1.05, 1.30]``, rounded to the original's step
(:func:`taxlogic.eval.benchmarks.sara_plus.rules.step_of`: ``$33200`` -> hundreds, ``$42876`` -> dollars), and
replaced everywhere: text, question, gold facts and claim. The amounts of a case keep their order.
Each date of the text (``Feb 3rd, 2017``) whose ``"2017-02-03"`` the gold facts hold moves by 1 to
:data:`DATE_DAYS` days within its year (:func:`perturb_dates`), in the same places, every date of
the facts keeping its order. A statutory amount the text quotes (:func:`statute_quotes`: a ``$N``
in a sentence citing a section, equal to an amount of the statutes) is never perturbed: it follows
the statutes in force, and under r' takes its r' value (:func:`apply_statute_quotes`). Years,
percentages, counts and amounts found only in the text (or only in the facts) are left alone.
A numeric item's answer is recomputed (``tax/3``). An En item's claimed amount is
recomputed by running its claim with that argument replaced by a variable
(:func:`recomputed_amount`: the last solution's value, which reproduces every positive claim of
SARA): the positive item (source labelled Entailment) states the recomputed value, the negative
item (source labelled Contradiction) states it offset by ±(1–5)% (at least $1, seeded, never
the source's own amount, :func:`offset_amount`). How many draws are tried and which is kept is the build's business
(:mod:`taxlogic.eval.benchmarks.sara_plus.build`).

Guards (used by the build to drop an item, with the reason): a case whose text states a percentage
the rules compute (``applicable percentage ... is 10%``, :func:`stale_percentages`) gets no c or
r' item, since either perturbation would make it false; a case whose text restates, in a sentence
citing no section, a statutory amount that r' changes and that its gold facts do not hold
(:func:`restated_statute_amounts`) gets no r' item, since its text would contradict the statutes
(in a sentence citing a section it is a quote, and r' updates it).
"""

from __future__ import annotations

import random
import re
from datetime import date, timedelta
from decimal import Decimal
from typing import Iterable

from taxlogic.eval.benchmarks.sara_plus.rules import (
    TEXT_DOLLARS,
    code_numbers,
    dollar_value,
    format_text_amount,
    split_code_comment,
    statute_amounts,
    step_of,
)
from taxlogic.kb.sara.data.cases import Case
from taxlogic.kb.rules import SECTION_ORDER
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


def perturbable_amounts(case: Case, quoted: Iterable[int] = ()) -> list[int]:
    """Distinct dollar amounts of the text that also occur in the gold facts or the claim's
    inputs (the claimed amount of a dollar claim and the ``quoted`` statutory amounts,
    :func:`statute_quotes`, excluded), sorted."""
    claimed = claimed_amount(case)
    claim_nums = {int(t) for i, (_, _, t) in enumerate(_claim_tokens(case.claim_query))
                  if "." not in t and not (claimed and i == claimed[1])}
    if case.kind == "numeric":
        claim_nums = set()
    counterparts = _fact_numbers(case.gold_facts) | claim_nums
    skip = set(quoted)
    return sorted({a for a in text_amounts(case.text) if a in counterparts and a > 0 and a not in skip})


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


def text_only_amounts(case: Case, quoted: Iterable[int] = ()) -> list[int]:
    """Dollar amounts of the text with no counterpart in the gold facts or the claim's inputs,
    and not ``quoted`` from a statute (a case perturbation leaves them alone)."""
    claimed = claimed_amount(case)
    skip = set(perturbable_amounts(case)) | ({claimed[0]} if claimed else set()) | set(quoted)
    return sorted({a for a in text_amounts(case.text) if a not in skip})


def restated_statute_amounts(case: Case, changed: set[int], quoted: Iterable[int] = ()) -> list[int]:
    """Text-only amounts equal to a statutory amount that r' changes, in a sentence citing no
    section (so not ``quoted``, which r' updates): under r' such a text contradicts the statutes
    it is judged by."""
    return [a for a in text_only_amounts(case, quoted) if a in changed]


def changed_statute_amounts(manifest: dict) -> set[int]:
    """The whole-dollar amounts r' changes (old values, any section)."""
    return {old for amounts in statute_amounts(manifest).values() for old in amounts}


# ------------------------------------------------------------------------------ statutory amounts quoted

_SENTENCE = re.compile(r"[^.!?]*(?:[.!?](?!\d)|$)")
_CITATION = re.compile(r"\bsections?\s+(\d+)")


def _sentences(text: str) -> list[tuple[int, int]]:
    """(start, end) of the sentences of a case text (a period inside a number does not end one)."""
    return [(m.start(), m.end()) for m in _SENTENCE.finditer(text) if m.group(0).strip()]


def statute_quotes(text: str, amounts: dict[str, dict[int, int]]) -> dict[int, int]:
    """The statutory amounts a case text quotes, old -> value under r': a ``$N`` in a sentence
    citing a section (``section 151(c)``) where ``N`` is an amount of the statutes
    (``amounts``: :func:`~taxlogic.eval.benchmarks.sara_plus.rules.statute_amounts`, ``{section: {old: new}}``).
    The r' value is the cited section's when it states ``N``, else that of the first section
    (in :data:`~taxlogic.kb.rules.SECTION_ORDER`) stating it. Such an amount follows the
    statutes in force: a case perturbation never changes it, r' changes it to its r' value
    (``She gets one exemption of $2000 … under section 151(c)``: $2000 is §151(d)(1)'s amount)."""
    out: dict[int, int] = {}
    for a, b in _sentences(text):
        sentence = text[a:b]
        cited = [f"section{n}" for n in _CITATION.findall(sentence)]
        for v in text_amounts(sentence):
            holders = [s for s in cited if v in amounts.get(s, {})] or [s for s in SECTION_ORDER if v in amounts.get(s, {})]
            if cited and holders and v not in out:
                out[v] = amounts[holders[0]][v]
    return out


def apply_statute_quotes(case: Case, quotes: dict[int, int]) -> Case:
    """``case`` with its quoted statutory amounts (:func:`statute_quotes`, old -> new) rewritten
    in the sentences quoting them and in the gold facts (the facts that assert them)."""
    if not quotes:
        return case
    text, out, last = case.text, [], 0
    for a, b in _sentences(text):
        sentence = text[a:b]
        if _CITATION.search(sentence):
            sentence = _sub_text(sentence, quotes)
        out.append(text[last:a] + sentence)
        last = b
    out.append(text[last:])
    return case.model_copy(update={"text": "".join(out), "gold_facts": _sub_prolog(case.gold_facts, quotes)})


def _draw_amount(value: int, rng: random.Random) -> int:
    step = step_of(Decimal(value))
    lo, hi = CASE_CHANGE
    for _ in range(200):
        f = 1 + rng.choice((-1, 1)) * rng.uniform(lo, hi)
        new = round(value * f / step) * step
        if new != value and new > 0 and value * (1 - hi) <= new <= value * (1 + hi):
            return int(new)
    return value


def perturb_amounts(case: Case, rng: random.Random, quoted: Iterable[int] = ()) -> dict[int, int]:
    """Old -> new for the case's perturbable amounts (±5–30%, rounded like the original, order
    kept; ``quoted`` statutory amounts left alone). Empty if the case has none or no draw keeps
    the order."""
    amounts = perturbable_amounts(case, quoted)
    for _ in range(200):
        mapping = {a: _draw_amount(a, rng) for a in amounts}
        news = [mapping[a] for a in amounts]
        if all(mapping[a] != a for a in amounts) and all(x < y for x, y in zip(news, news[1:])):
            return mapping
    return {}


# ------------------------------------------------------------------------------ dates of a case

_MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
           "November", "December")
_MONTH_OF = {m[:3].lower(): i for i, m in enumerate(_MONTHS, 1)} | {"sept": 9}
#: A date of a case text: "Feb 3rd, 2017", "September 21st, 2016", "Oct 12, 2015" (month, day, suffix, year).
TEXT_DATE = re.compile(r"\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sept?|Oct|Nov|Dec)([a-z]*)(\.?) (\d{1,2})(st|nd|rd|th)?, (\d{4})\b")
_ISO = re.compile(r'"(\d{4})-(\d{2})-(\d{2})"')
#: A case date moves by 1 to this many days, up or down, within its calendar year.
DATE_DAYS = 30


def _text_date(m: re.Match[str]) -> date | None:
    month = _MONTH_OF.get(m.group(1).lower())
    full = m.group(1) + m.group(2)
    if month is None or (m.group(2) and full.lower() not in {_MONTHS[month - 1].lower(), "sept"}):
        return None
    try:
        return date(int(m.group(6)), month, int(m.group(4)))
    except ValueError:
        return None


def _ordinal(day: int) -> str:
    return "th" if 11 <= day % 100 <= 13 else {1: "st", 2: "nd", 3: "rd"}.get(day % 10, "th")


def _format_date(m: re.Match[str], new: date) -> str:
    """``new`` written like the text date ``m`` (full or abbreviated month, ordinal suffix or none)."""
    name = _MONTHS[new.month - 1]
    full = (m.group(1) + m.group(2)).lower() in {x.lower() for x in _MONTHS}
    month = name if full else ("Sept" if m.group(1) == "Sept" and new.month == 9 else name[:3])
    suffix = _ordinal(new.day) if m.group(5) else ""
    return f"{month}{m.group(3)} {new.day}{suffix}, {new.year}"


def fact_dates(facts: str) -> set[date]:
    """The dates of a Prolog text written as ``"YYYY-MM-DD"`` strings."""
    out = set()
    for m in _ISO.finditer(facts):
        try:
            out.add(date(int(m.group(1)), int(m.group(2)), int(m.group(3))))
        except ValueError:
            pass
    return out


def perturbable_dates(case: Case) -> list[date]:
    """Distinct dates of the text (``Feb 3rd, 2017``) whose ``"2017-02-03"`` occurs in the gold
    facts (or the claim), sorted: a case perturbation moves them in both. The first and last day
    of a year are left alone: the gold facts also use them for periods the text states by year
    alone ("in 2017"), which must not move."""
    facts = fact_dates(case.gold_facts + "\n" + case.claim_query)
    return sorted({d for m in TEXT_DATE.finditer(case.text)
                   if (d := _text_date(m)) in facts and (d.month, d.day) not in ((1, 1), (12, 31))})


def perturb_dates(case: Case, rng: random.Random) -> dict[date, date]:
    """Old -> new for the case's perturbable dates: each moved by 1 to :data:`DATE_DAYS` days up
    or down, within its calendar year (the taxable year stays), so that every date of the facts
    keeps its order with every other (no two dates merge). Empty if the case has none or no draw
    of 200 keeps the order."""
    dates = perturbable_dates(case)
    every = sorted(fact_dates(case.gold_facts + "\n" + case.claim_query) | set(dates))
    for _ in range(200):
        mapping = {}
        for d in dates:
            new = d + timedelta(days=rng.choice((-1, 1)) * rng.randint(1, DATE_DAYS))
            mapping[d] = new if new.year == d.year else d - (new - d)
        moved = [mapping.get(d, d) for d in every]
        if all(mapping[d] != d for d in dates) and all(a < b for a, b in zip(moved, moved[1:])):
            return mapping
    return {}


def apply_dates(case: Case, mapping: dict[date, date]) -> Case:
    """``case`` with its dates replaced in text and question (in their own form) and in the gold
    facts and claim (``"YYYY-MM-DD"``)."""
    if not mapping:
        return case

    def text(t: str) -> str:
        return TEXT_DATE.sub(lambda m: _format_date(m, mapping[d]) if (d := _text_date(m)) in mapping else m.group(0), t)

    def iso(t: str) -> str:
        def sub(m: re.Match[str]) -> str:
            try:
                d = date(int(m.group(1)), int(m.group(2)), int(m.group(3)))
            except ValueError:
                return m.group(0)
            return f'"{mapping[d].isoformat()}"' if d in mapping else m.group(0)
        return _ISO.sub(sub, t)

    return case.model_copy(update={"text": text(case.text), "question": text(case.question),
                                   "gold_facts": iso(case.gold_facts), "claim_query": iso(case.claim_query)})


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
    return Job(facts=case.gold_program, query=query, mode="all", var=VALUE_VAR,
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


def offset_amount(value: int, rng: random.Random, avoid: Iterable[int] = ()) -> int | None:
    """``value`` moved by ±(1–5)% (at least $1), never to an amount of ``avoid`` (e.g. the
    source's claimed amount); None for $0 (no percentage offset exists) or if every draw of 100
    lands in ``avoid``."""
    if value <= 0:
        return None
    bad = set(avoid)
    for _ in range(100):
        delta = max(1, round(value * rng.uniform(*OFFSET)))
        sign = rng.choice((-1, 1))
        if value - delta <= 0:
            sign = 1
        if value + sign * delta not in bad:
            return value + sign * delta
    return None
