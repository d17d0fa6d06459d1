"""Rule perturbation ``r'`` for SARA⁺ (paper §3.2, and §4 Q4: "limited to numerical and date
changes"): the statutes with their dollar amounts, rates, thresholds and dates changed,
identically in the statute text (``source/``) and in the Prolog (``prolog/``).

Policy (what changes, what does not) — a number changes only where a section's text and the
code of the same section's Prolog file both state it, and then everywhere in that pair of files
(text, code, and the Prolog comments that copy the text):

- **Dollar amounts** (manifest ``type`` ``amount``): a ``$`` amount of the text (``$36,900``) that is
  a numeric literal of the code (``36900`` in ``section1.pl``). Matching is per section, so
  ``250000`` in ``section1.pl`` (a bracket threshold) and in ``section68.pl`` (an applicable
  amount) change independently. Each free amount is multiplied by a factor drawn uniformly from
  ``[1 - max_change, 1 + max_change]`` (default ±15%), rounded to the original's step: the
  largest of 1, 5, 10, 25, 50, 100, 250, 500, 1000, 2500, 5000, 10000, 25000, 50000 that divides
  it and is at most 5% of it (``36,900`` → 100s, ``89,150`` → 50s, ``140,000`` → 5,000s). The
  rounded value must differ from the original by at least 2% and at most the bound. Within a
  section the changed amounts keep their order (brackets stay increasing, a "higher amount" stays
  higher: ``$750`` for ``$600``); draws violating it are redrawn (seeded).
- **Rates** (``rate``): a percentage below 100 of the text (``28%``, ``6 percent``, ``2 percentage
  points``) that the code writes as a fraction (``0.28``) or as a factor (``3*(…)`` with ``rdiv
  100``); moved by 2%–``max_change`` of the rate, rounded to one point (0.1 point below 10%),
  strictly between 0 and 100, the order of a section's rates kept (§1's brackets stay
  progressive). Bounds of 100 percent or more (``In no event shall the applicable percentage
  exceed 100 percent``, ``200 percent of``) are left alone.
- **Thresholds** (``threshold``): an age or count of the text (``attained age 65``, ``less than 25
  years old``, ``some 10 days``, ``5 or more individuals``) that the code compares with or adds
  (``Num_days>=10``, ``Year+65``); moved by at least 1 (and 2%) and at most ``max_change`` of it
  or 1, whichever is larger.
- **Dates** (``date``): a date of the text (``after December 31, 2017, and before January 1,
  2026``) whose year or a neighbouring year is a code literal (``Year>2017``,
  ``between(2018,2025,Year)``); moved by 1 or 2 whole years (the statutes decide by taxable
  year), every year literal within 1 of it (code and text: "taxable years 2018 through 2025")
  moving with it. A date's shift depends on the seed and the date alone, so the same date moves
  alike in every section that states it.
- **Derived amounts follow the numbers they derive from** (found in the text and checked against
  the original values, so a derivation is only used where the original satisfies it exactly):
  the base amounts of the §1 rate schedules (``$5,535, plus 28% of the excess over $36,900``)
  are recomputed so that each schedule stays continuous under the new rates and thresholds
  (base = previous base + previous rate × width of the previous bracket); a schedule whose
  thresholds are exactly half of another's (§1(d), married filing separately, is half of §1(a))
  stays half; a substituted amount that is exactly half of the amount it replaces
  (``substituting "$1,250" for "$2,500"``) stays half.
- **Left alone, and listed in the manifest:** numbers found in one form only (``the age of 21``
  has no code literal; ``the last 6 months`` is encoded as month 7), years that belong to no
  date, section numbers, files without statute text (``events.pl``, ``utils.pl``, ``init.pl``),
  and the code literals of :data:`EXCLUDED_CODE` (a ``600`` in ``section63.pl`` that is a count,
  not the $600 amount).

:func:`perturb_rules` writes the perturbed copy (a folder with ``prolog/`` and ``source/``, loadable
as ``RuleSet("r'", dir / "prolog", dir / "source")``) and returns the manifest: every change with
its type, file, line, old and new form in both modalities, the counts per type, and everything
left alone with the reason. The same seed gives the same files and manifest. Amounts are drawn
from their own seeded stream, so adding rates, thresholds and dates left every amount of a seed
as it was.
"""

from __future__ import annotations

import math
import random
import re
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

from taxlogic.kb.rules import SECTION_ORDER, RuleSet

MAX_CHANGE = 0.15
MIN_CHANGE = 0.02
LADDER = (1, 5, 10, 25, 50, 100, 250, 500, 1000, 2500, 5000, 10000, 25000, 50000)
MAX_STEP_SHARE = Decimal("0.05")

# (Prolog file, regex on the code part of a line, value, reason): literals never changed.
EXCLUDED_CODE: tuple[tuple[str, str, str, str], ...] = (
    ("section63.pl", r"Count2 is 600\b", "600",
     "a count, not the $600 amount: SARA's s63_f_2 counts a blind spouse as 600 (kept as is)"),
)

# statute text: "$36,900", "$35,928.50", "$2,000." (the trailing period is punctuation)
TEXT_DOLLARS = re.compile(r"\$(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?(?!\d)")
# any number in statute text (for the "left alone" listing)
TEXT_NUMBER = re.compile(r"(?<![\w.$,])\d+(?:[.,]\d+)*(?:\s*%|\s+percent)?(?!\w)")
# a Prolog numeric literal in code (not part of an identifier such as s1_a_i or Year65)
CODE_NUMBER = re.compile(r"(?<![\w.])\d+(?:\.\d+)?(?!\w)(?!\.\d)")


class PerturbationError(RuntimeError):
    """The statutes could not be perturbed under the policy (e.g. no order-keeping draw)."""


# ------------------------------------------------------------------------------- tokenizing


def split_code_comment(line: str) -> tuple[str, str]:
    """A Prolog line -> (code, comment); the comment starts at the first ``%`` outside quotes."""
    quote = None
    i = 0
    while i < len(line):
        ch = line[i]
        if quote:
            if ch == "\\":
                i += 2
                continue
            if ch == quote:
                quote = None
        elif ch in "\"'`":
            # 0'c character codes are not quotes
            if ch == "'" and i > 0 and line[i - 1] == "0" and (i < 2 or not line[i - 2].isalnum()):
                i += 2
                continue
            quote = ch
        elif ch == "%":
            return line[:i], line[i:]
        i += 1
    return line, ""


def _mask_quotes(code: str) -> str:
    """Replace the inside of quoted strings/atoms by spaces (same length) so numbers there are skipped."""
    out = list(code)
    quote = None
    for i, ch in enumerate(code):
        if quote:
            if ch == quote:
                quote = None
            else:
                out[i] = " "
        elif ch in "\"'`" and not (ch == "'" and i > 0 and code[i - 1] == "0"):
            quote = ch
    return "".join(out)


def code_numbers(code: str) -> list[re.Match[str]]:
    """Numeric literals in a piece of Prolog code (quoted text skipped)."""
    return list(CODE_NUMBER.finditer(_mask_quotes(code)))


def dollar_value(match: re.Match[str]) -> Decimal:
    return Decimal(match.group(1).replace(",", "") + (match.group(2) or ""))


def format_text_amount(old_form: str, value: Decimal) -> str:
    """New ``$`` form written like ``old_form`` (commas if it had them; cents only if needed)."""
    commas = "," in old_form
    value = value.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
    whole = int(value)
    cents = value - whole
    body = f"{whole:,}" if commas else str(whole)
    if cents:
        body += f"{cents:.2f}"[1:]
    return "$" + body


def format_code_amount(value: Decimal) -> str:
    """New Prolog literal: an integer, or a float with two decimals (as SARA writes ``35928.50``)."""
    value = value.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
    if value == int(value):
        return str(int(value))
    return f"{value:.2f}"


def step_of(value: Decimal) -> int:
    """Rounding step of an amount: the largest :data:`LADDER` step dividing it, at most 5% of it."""
    best = 1
    for s in LADDER:
        if value % s == 0 and s <= value * MAX_STEP_SHARE:
            best = s
    return best


# ------------------------------------------------------------------------------- analysis


@dataclass
class Occurrence:
    file: str  # relative to the rule-set folder: "source/section1", "prolog/section1.pl"
    line: int  # 1-based
    old: str
    new: str = ""
    where: str = "text"  # text | code | comment

    def as_dict(self) -> dict:
        return {"file": self.file, "line": self.line, "old": self.old, "new": self.new, "where": self.where}


@dataclass
class Section:
    """One section's text and Prolog, with the dollar amounts found in each."""

    name: str
    text_lines: list[str]
    code_lines: list[str]
    text_amounts: dict[Decimal, list[tuple[int, str]]] = field(default_factory=dict)
    code_amounts: dict[Decimal, list[tuple[int, str]]] = field(default_factory=dict)
    excluded: dict[tuple[int, int], str] = field(default_factory=dict)  # (line, start) -> reason

    @property
    def matched(self) -> list[Decimal]:
        return sorted(set(self.text_amounts) & set(self.code_amounts))


def _read_section(rules: RuleSet, name: str) -> Section:
    text = (rules.source_dir / name).read_text()
    code = (rules.prolog_dir / f"{name}.pl").read_text()
    sec = Section(name, text.splitlines(keepends=True), code.splitlines(keepends=True))
    for i, line in enumerate(sec.text_lines, 1):
        for m in TEXT_DOLLARS.finditer(line):
            sec.text_amounts.setdefault(dollar_value(m), []).append((i, m.group(0)))
    for i, line in enumerate(sec.code_lines, 1):
        code_part, _ = split_code_comment(line)
        for m in code_numbers(code_part):
            for file, pattern, value, reason in EXCLUDED_CODE:
                if file == f"{name}.pl" and m.group(0) == value and re.search(pattern, code_part[max(0, m.start() - 40): m.end() + 1]):
                    sec.excluded[(i, m.start())] = reason
            if (i, m.start()) in sec.excluded:
                continue
            sec.code_amounts.setdefault(Decimal(m.group(0)), []).append((i, m.group(0)))
    return sec


_BRACKET_FIRST = re.compile(r"\(i\) ([\d.]+)% of taxable income if the taxable income is not over \$([\d,]+)")
_BRACKET_NEXT = re.compile(r"\(([ivx]+)\) \$([\d,.]+), plus ([\d.]+)% of the excess over \$([\d,]+)")
_SUBSTITUTE = re.compile(r'substituting "\$([\d,]+)" for "\$([\d,]+)"')


def _d(s: str) -> Decimal:
    return Decimal(s.replace(",", ""))


@dataclass
class Schedule:
    """A rate schedule of §1: thresholds T1<T2<…, rates r1…rn, base amounts B2…Bn."""

    rates: list[Decimal]
    thresholds: list[Decimal]  # T1 … T(n-1)
    bases: list[Decimal]  # B2 … Bn

    def continuous(self) -> bool:
        base, prev_t = Decimal(0), Decimal(0)
        for k, b in enumerate(self.bases):
            base = base + self.rates[k] / 100 * (self.thresholds[k] - prev_t)
            prev_t = self.thresholds[k]
            if base != b:
                return False
        return True

    def derived_bases(self, mapping: dict[Decimal, Decimal], rates: dict[Decimal, Decimal] | None = None) -> list[Decimal]:
        """Base amounts B2…Bn under new thresholds (``mapping``) and new rates (``rates``, in
        percent), each the previous base plus the previous rate times the previous bracket's width."""
        rates = rates or {}
        base, prev_t, out = Decimal(0), Decimal(0), []
        for k in range(len(self.bases)):
            t = mapping.get(self.thresholds[k], self.thresholds[k])
            base = base + rates.get(self.rates[k], self.rates[k]) / 100 * (t - prev_t)
            prev_t = t
            out.append(base.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP).normalize())
        return out


def _schedules(sec: Section) -> list[Schedule]:
    schedules: list[Schedule] = []
    for line in sec.text_lines:
        m = _BRACKET_FIRST.search(line)
        if m:
            schedules.append(Schedule([Decimal(m.group(1))], [_d(m.group(2))], []))
            continue
        m = _BRACKET_NEXT.search(line)
        if m and schedules:
            s = schedules[-1]
            if _d(m.group(4)) != s.thresholds[-1]:
                continue
            s.bases.append(_d(m.group(2)))
            s.rates.append(Decimal(m.group(3)))
            over = re.search(r"but not over \$([\d,]+)", line[m.end():])
            if over:
                s.thresholds.append(_d(over.group(1)))
    return [s for s in schedules if s.bases and len(s.thresholds) >= len(s.bases) and s.continuous()]


@dataclass
class Derivation:
    """How a derived amount is computed from free ones (for the manifest and for sampling)."""

    value: Decimal
    rule: str  # "half" | "schedule_base"
    source: Decimal | None = None  # for "half"
    schedule: int | None = None  # for "schedule_base"
    index: int | None = None


def _derivations(sec: Section) -> dict[Decimal, Derivation]:
    matched = set(sec.matched)
    out: dict[Decimal, Derivation] = {}
    schedules = _schedules(sec)
    # a schedule whose thresholds are exactly half another's stays half
    for i, s in enumerate(schedules):
        for j, t in enumerate(schedules):
            if i != j and len(s.thresholds) == len(t.thresholds) and all(a * 2 == b for a, b in zip(s.thresholds, t.thresholds)):
                for a, b in zip(s.thresholds, t.thresholds):
                    if a in matched and b in matched and a not in out:
                        out[a] = Derivation(a, "half", source=b)
    # base amounts keep every schedule continuous
    for si, s in enumerate(schedules):
        for k, b in enumerate(s.bases):
            if b in matched and b not in out:
                out[b] = Derivation(b, "schedule_base", schedule=si, index=k)
    # substituting "$X" for "$Y" with X = Y/2: X stays half of Y
    for line in sec.text_lines:
        for m in _SUBSTITUTE.finditer(line):
            x, y = _d(m.group(1)), _d(m.group(2))
            if x * 2 == y and x in matched and y in matched and x not in out:
                out[x] = Derivation(x, "half", source=y)
    # a derivation must bottom out in free amounts
    for v, d in list(out.items()):
        if d.rule == "half" and d.source in out:
            del out[v]
    return out


# ------------------------------------------------------------------------------- sampling


def _draw(value: Decimal, rng: random.Random, max_change: float) -> tuple[Decimal, float]:
    step = step_of(value)
    lo, hi = value * Decimal(1 - max_change), value * Decimal(1 + max_change)
    for _ in range(200):
        f = rng.uniform(1 - max_change, 1 + max_change)
        if abs(f - 1) < MIN_CHANGE:
            continue
        new = (value * Decimal(f) / step).quantize(Decimal(1), rounding=ROUND_HALF_UP) * step
        if lo <= new <= hi and new > 0 and abs(new / value - 1) >= Decimal(MIN_CHANGE):
            return new, f
    raise PerturbationError(f"no admissible change of {value} within ±{max_change:.0%} at step {step}")


def _order_kept(mapping: dict[Decimal, Decimal], keys: list[Decimal]) -> bool:
    olds = sorted(keys)
    news = [mapping[k] for k in olds]
    return all(a < b for a, b in zip(news, news[1:]))


def plan_section(sec: Section, rng: random.Random, max_change: float = MAX_CHANGE,
                 rates: dict[Decimal, Decimal] | None = None) -> tuple[dict[Decimal, Decimal], dict[Decimal, dict]]:
    """Old -> new amount for one section, and per-amount details (kind, factor, step, derivation);
    ``rates`` (old -> new percentage, :func:`plan_rates`) are the rates the §1 base amounts follow."""
    matched = sec.matched
    if not matched:
        return {}, {}
    derivs = _derivations(sec)
    free = [v for v in matched if v not in derivs]
    schedules = _schedules(sec)
    ordered = [v for v in matched if v not in derivs or derivs[v].rule == "half"]
    for _ in range(2000):
        mapping: dict[Decimal, Decimal] = {}
        details: dict[Decimal, dict] = {}
        for v in free:
            new, f = _draw(v, rng, max_change)
            mapping[v] = new
            details[v] = {"kind": "free", "factor": round(f, 6), "step": step_of(v)}
        for v, d in derivs.items():
            if d.rule == "half":
                mapping[v] = (mapping[d.source] / 2).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP).normalize()
                details[v] = {"kind": "derived", "rule": f"half of {format_code_amount(d.source)}"}
        for v, d in derivs.items():
            if d.rule == "schedule_base":
                s = schedules[d.schedule]
                mapping[v] = s.derived_bases(mapping, rates)[d.index]
                details[v] = {"kind": "derived", "rule": "base amount keeping the rate schedule continuous"}
        if _order_kept(mapping, ordered) and all(mapping[v] != v for v in matched):
            bases_ok = all(
                all(a < b for a, b in zip(s.derived_bases(mapping, rates), s.derived_bases(mapping, rates)[1:])) for s in schedules
            )
            if bases_ok:
                return {k: mapping[k] for k in sorted(mapping)}, details
    raise PerturbationError(f"{sec.name}: no draw keeps the order of its amounts")


# ------------------------------------------------------------------- rates, thresholds, dates

#: What r' changes, the manifest's ``type`` of a change.
AMOUNT, RATE, THRESHOLD, DATE = "amount", "rate", "threshold", "date"
TYPES: tuple[str, ...] = (AMOUNT, RATE, THRESHOLD, DATE)

# statute text: "28%", "39.6%", "6 percent", "2 percentage points" (the number is group 1)
TEXT_PERCENT = re.compile(r"(?<![\w.$,])(\d+(?:\.\d+)?)(?=\s*%|\s+percent(?:age points)?\b)")
# statute text: a count or age a rule compares with: "age 65", "the age of 21", "25 years old",
# "some 10 days", "5 or more individuals", "6 months"
TEXT_THRESHOLD = re.compile(
    r"(?:(?<=\bage )|(?<=\bage of ))(\d+)\b"
    r"|(?<![\w.$,(])(\d+)(?=\s+(?:or more\s+)?(?:years? old|days|individuals|months)\b)"
)
# statute text: a date "December 31, 2017" (group 1: its year) and any year "2018"
TEXT_DATE = re.compile(r"\b(?:January|February|March|April|May|June|July|August|September|October|November|December)"
                       r" \d{1,2}, (\d{4})\b")
TEXT_YEAR = re.compile(r"(?<![\w.$,])((?:19|20)\d\d)(?!\w)")
# the code before a threshold literal: a comparison or an addition (Num_days>=10, Year+65)
_THRESHOLD_CONTEXT = re.compile(r"(?:>=|=<|>|<|=:=|\+)\s*$")
#: A date moves by whole years (the statutes decide by taxable year): one of these shifts.
YEAR_SHIFTS = (-2, -1, 1, 2)


def _groups(m: re.Match[str]) -> tuple[int, int, str]:
    """(start, end, text) of the first group of ``m`` that matched."""
    for g in range(1, (m.re.groups or 0) + 1):
        if m.group(g) is not None:
            return m.start(g), m.end(g), m.group(g)
    return m.start(), m.end(), m.group(0)


def text_rates(line: str) -> list[tuple[int, int, Decimal]]:
    """Percentages of a statute line strictly between 0 and 100: (start, end, value in percent)."""
    out = []
    for m in TEXT_PERCENT.finditer(line):
        v = Decimal(m.group(1))
        if 0 < v < 100:
            out.append((m.start(1), m.end(1), v))
    return out


def text_thresholds(line: str) -> list[tuple[int, int, Decimal]]:
    """Ages and counts of a statute line (:data:`TEXT_THRESHOLD`): (start, end, value)."""
    return [(a, b, Decimal(t)) for a, b, t in map(_groups, TEXT_THRESHOLD.finditer(line))]


def text_years(line: str) -> list[tuple[int, int, Decimal]]:
    """Four-digit years of a statute line: (start, end, year)."""
    return [(m.start(1), m.end(1), Decimal(m.group(1))) for m in TEXT_YEAR.finditer(line)]


@dataclass
class _Literal:
    line: int
    start: int
    end: int
    text: str
    before: str  # the code of the line before the literal
    after: str

    @property
    def value(self) -> Decimal:
        return Decimal(self.text)


def _literals(sec: Section) -> list[_Literal]:
    out = []
    for i, line in enumerate(sec.code_lines, 1):
        code, _ = split_code_comment(line)
        for m in code_numbers(code):
            if (i, m.start()) not in sec.excluded:
                out.append(_Literal(i, m.start(), m.end(), m.group(0), code[:m.start()], code[m.end():]))
    return out


def _rate_literal(lit: _Literal, rate: Decimal) -> bool:
    """A code literal standing for ``rate`` percent: ``0.28`` for 28%, or ``3*`` for 3 percent."""
    return lit.value == rate / 100 or (lit.value == rate and lit.after.lstrip().startswith("*"))


def _threshold_literal(lit: _Literal, value: Decimal) -> bool:
    return "." not in lit.text and lit.value == value and bool(_THRESHOLD_CONTEXT.search(lit.before))


def _year_literal(lit: _Literal, years: dict[Decimal, Decimal]) -> bool:
    return len(lit.text) == 4 and lit.value in years


def matched_numbers(sec: Section) -> dict[str, list[Decimal]]:
    """The rates, thresholds and date years of a section stated in its text with a counterpart in
    its code: ``{RATE: [...], THRESHOLD: [...], DATE: [...]}`` (date years: a ``<Month> <D>, <Y>``
    date of the text whose year ``Y`` or ``Y ± 1`` is a code literal: "after December 31, 2017"
    is ``Year>2017`` or ``between(2018, …)``)."""
    lits = _literals(sec)
    rates = {v for line in sec.text_lines for _, _, v in text_rates(line)}
    thresholds = {v for line in sec.text_lines for _, _, v in text_thresholds(line)}
    dates = {Decimal(m.group(1)) for line in sec.text_lines for m in TEXT_DATE.finditer(line)}
    return {
        RATE: sorted(r for r in rates if any(_rate_literal(x, r) for x in lits)),
        THRESHOLD: sorted(t for t in thresholds if any(_threshold_literal(x, t) for x in lits)),
        DATE: sorted(y for y in dates if any(len(x.text) == 4 and abs(x.value - y) <= 1 for x in lits)),
    }


def _draw_rate(rate: Decimal, rng: random.Random, max_change: float) -> Decimal:
    step = Decimal(1) if rate >= 10 else Decimal("0.1")
    for _ in range(200):
        f = rng.uniform(1 - max_change, 1 + max_change)
        new = (rate * Decimal(f) / step).quantize(Decimal(1), rounding=ROUND_HALF_UP) * step
        if 0 < new < 100 and Decimal(MIN_CHANGE) <= abs(new / rate - 1) <= Decimal(max_change):
            return new.normalize()
    raise PerturbationError(f"no admissible change of the rate {rate}% within ±{max_change:.0%}")


def _draw_threshold(value: Decimal, rng: random.Random, max_change: float) -> Decimal:
    hi = max(1, int(value * Decimal(max_change)))
    lo = min(hi, max(1, math.ceil(value * Decimal(str(MIN_CHANGE)))))
    for _ in range(200):
        new = value + rng.choice((-1, 1)) * rng.randint(lo, hi)
        if new > 0:
            return new
    raise PerturbationError(f"no admissible change of the threshold {value}")


def plan_rates(values: list[Decimal], rng: random.Random, max_change: float = MAX_CHANGE) -> dict[Decimal, Decimal]:
    """Old -> new rate (percent) for a section's rates: ±(2%–max_change) of the rate, rounded to
    1 point (0.1 below 10%), strictly between 0 and 100, the rates' order kept."""
    for _ in range(2000):
        mapping = {v: _draw_rate(v, rng, max_change) for v in values}
        if _order_kept(mapping, values):
            return mapping
    raise PerturbationError(f"no draw keeps the order of the rates {values}")


def plan_thresholds(values: list[Decimal], rng: random.Random, max_change: float = MAX_CHANGE) -> dict[Decimal, Decimal]:
    """Old -> new age or count: an integer moved by at least 1 (and at least 2% of it) and at most
    ``max_change`` of it or 1, whichever is larger (``5`` individuals -> 4 or 6; age ``65`` ->
    56…63 or 67…74); the order kept."""
    for _ in range(2000):
        mapping = {v: _draw_threshold(v, rng, max_change) for v in values}
        if _order_kept(mapping, values):
            return mapping
    raise PerturbationError(f"no draw keeps the order of the thresholds {values}")


def plan_dates(years: list[Decimal], seed: int) -> tuple[dict[Decimal, Decimal], dict[Decimal, Decimal]]:
    """Date years -> shifted years, and every year literal (``Y - 1``, ``Y``, ``Y + 1`` of each
    date year) -> its shifted value. A date year's shift (one of :data:`YEAR_SHIFTS`) is drawn
    from the seed and the year alone, so a date moves alike in every section that states it; the
    dates' order is kept. Raises :class:`PerturbationError` if two dates' neighbourhoods overlap."""
    for attempt in range(200):
        shifts = {y: random.Random(f"sara-plus-dates:{seed}:{y}:{attempt}").choice(YEAR_SHIFTS) for y in years}
        dates = {y: y + s for y, s in shifts.items()}
        if _order_kept(dates, years):
            break
    else:
        raise PerturbationError(f"no draw keeps the order of the dates {years}")
    literals: dict[Decimal, Decimal] = {}
    for y, s in shifts.items():
        for k in (-1, 0, 1):
            if literals.get(y + k, y + k + s) != y + k + s:
                raise PerturbationError(f"dates of {y} and another year are too close to move apart")
            literals[y + k] = y + k + s
    return dates, literals


# ------------------------------------------------------------------------------- applying


@dataclass
class Plan:
    """A section's changes by type: old -> new (amounts in dollars, rates in percent, thresholds,
    date years), and every year literal a date change moves (``years``) with the date year it
    belongs to (``owner``)."""

    changes: dict[str, dict[Decimal, Decimal]]
    years: dict[Decimal, Decimal] = field(default_factory=dict)
    owner: dict[Decimal, Decimal] = field(default_factory=dict)


def _fmt(value: Decimal) -> str:
    value = value.normalize()
    return f"{value:f}"


def _text_edits(line: str, plan: Plan) -> list[tuple[int, int, str, str, Decimal]]:
    """Edits of one statute-text line (or Prolog comment): (start, end, new, type, key)."""
    edits = []
    for m in TEXT_DOLLARS.finditer(line):
        v = dollar_value(m)
        if v in plan.changes[AMOUNT]:
            edits.append((m.start(), m.end(), format_text_amount(m.group(0), plan.changes[AMOUNT][v]), AMOUNT, v))
    for a, b, v in text_rates(line):
        if v in plan.changes[RATE]:
            edits.append((a, b, _fmt(plan.changes[RATE][v]), RATE, v))
    for a, b, v in text_thresholds(line):
        if v in plan.changes[THRESHOLD]:
            edits.append((a, b, _fmt(plan.changes[THRESHOLD][v]), THRESHOLD, v))
    for a, b, v in text_years(line):
        if v in plan.years:
            edits.append((a, b, _fmt(plan.years[v]), DATE, plan.owner[v]))
    return _no_overlap(sorted(edits), line)


def _code_edits(lits: list[_Literal], plan: Plan) -> dict[tuple[int, int], tuple[int, str, str, Decimal]]:
    """Edits of the Prolog code: (line, start) -> (end, new literal, type, key)."""
    out = {}
    for x in lits:
        hits = []
        if x.value in plan.changes[AMOUNT]:
            hits.append((format_code_amount(plan.changes[AMOUNT][x.value]), AMOUNT, x.value))
        for old, new in plan.changes[RATE].items():
            if _rate_literal(x, old):
                hits.append((_fmt(new / 100) if x.value == old / 100 else _fmt(new), RATE, old))
        for old, new in plan.changes[THRESHOLD].items():
            if _threshold_literal(x, old):
                hits.append((_fmt(new), THRESHOLD, old))
        if _year_literal(x, plan.years):
            hits.append((_fmt(plan.years[x.value]), DATE, plan.owner[x.value]))
        if len(hits) > 1:
            raise PerturbationError(f"line {x.line}: the literal {x.text} is both a {hits[0][1]} and a {hits[1][1]}")
        if hits:
            out[(x.line, x.start)] = (x.end, *hits[0])
    return out


def _no_overlap(edits: list, line: str) -> list:
    for e, f in zip(edits, edits[1:]):
        if f[0] < e[1]:
            raise PerturbationError(f"overlapping changes in {line.strip()!r}")
    return edits


def _apply_edits(line: str, edits: list[tuple[int, int, str]]) -> str:
    for a, b, new in sorted(edits, reverse=True):
        line = line[:a] + new + line[b:]
    return line


Occurrences = dict[tuple[str, Decimal], list[Occurrence]]


def _rewrite_text(lines: list[str], plan: Plan, file: str, occ: Occurrences, where: str = "text") -> str:
    out = []
    for i, line in enumerate(lines, 1):
        edits = _text_edits(line, plan)
        for a, b, new, kind, key in edits:
            occ.setdefault((kind, key), []).append(Occurrence(file, i, line[a:b], new, where))
        out.append(_apply_edits(line, [(a, b, new) for a, b, new, _, _ in edits]))
    return "".join(out)


def _rewrite_prolog(sec: Section, plan: Plan, file: str, occ: Occurrences) -> str:
    edits = _code_edits(_literals(sec), plan)
    out = []
    for i, line in enumerate(sec.code_lines, 1):
        code, comment = split_code_comment(line)
        mine = [(start, *e) for (ln, start), e in edits.items() if ln == i]
        for start, end, new, kind, key in mine:
            occ.setdefault((kind, key), []).append(Occurrence(file, i, code[start:end], new, "code"))
        code = _apply_edits(code, [(start, end, new) for start, end, new, _, _ in mine])
        comment_edits = _text_edits(comment, plan)
        for a, b, new, kind, key in comment_edits:
            occ.setdefault((kind, key), []).append(Occurrence(file, i, comment[a:b], new, "comment"))
        out.append(code + _apply_edits(comment, [(a, b, new) for a, b, new, _, _ in comment_edits]))
    return "".join(out)


def _left_alone(sec: Section, plan: Plan) -> list[dict]:
    groups: dict[tuple[str, str, str], list[int]] = {}
    text_file, code_file = f"source/{sec.name}", f"prolog/{sec.name}.pl"
    for v, occs in sec.text_amounts.items():
        if v not in plan.changes[AMOUNT]:
            for line, form in occs:
                groups.setdefault((text_file, form, "dollar amount with no numeric literal of that value in the Prolog"), []).append(line)
    for i, line in enumerate(sec.text_lines, 1):
        masked = TEXT_DOLLARS.sub(lambda m: " " * len(m.group(0)), line)
        masked = _apply_edits(masked, [(a, b, " " * (b - a)) for a, b, *_ in _text_edits(masked, plan)])
        for m in TEXT_NUMBER.finditer(masked):
            form = m.group(0)
            if "%" in form or "percent" in form:
                reason = "percentage with no code counterpart, or a bound of 100 percent or more"
            else:
                reason = ("not a dollar amount, rate, threshold or date with a code counterpart "
                          "(year, age, count or period the code encodes otherwise, paragraph or section reference)")
            groups.setdefault((text_file, form, reason), []).append(i)
    changed = _code_edits(_literals(sec), plan)
    for i, line in enumerate(sec.code_lines, 1):
        code, _ = split_code_comment(line)
        for m in code_numbers(code):
            if (i, m.start()) in sec.excluded:
                groups.setdefault((code_file, m.group(0), sec.excluded[(i, m.start())]), []).append(i)
            elif (i, m.start()) not in changed:
                groups.setdefault((code_file, m.group(0), "no statutory amount, rate, threshold or date of that value in the statute text (a constant, count or unit)"), []).append(i)
    return [
        {"file": f, "form": form, "lines": sorted(set(lines)), "reason": reason}
        for (f, form, reason), lines in sorted(groups.items(), key=lambda kv: (kv[0][0], min(kv[1]), kv[0][1]))
    ]


def plan_rules(src: RuleSet, seed: int, max_change: float = MAX_CHANGE) -> dict[str, tuple[Section, Plan, dict]]:
    """Every section's plan: ``{name: (section, plan, details)}``; ``details[(type, old)]`` holds
    the manifest fields of a change (kind, factor, step, derivation). Deterministic for a seed.

    Draws: amounts from ``sara-plus-rules:<seed>:<section>`` (as before rates, thresholds and
    dates were perturbed, so amounts of a seed are unchanged), rates from
    ``sara-plus-rates:…``, thresholds from ``sara-plus-thresholds:…``, dates per year
    (:func:`plan_dates`)."""
    sections = {name: _read_section(src, name) for name in SECTION_ORDER
                if (src.source_dir / name).is_file() and (src.prolog_dir / f"{name}.pl").is_file()}
    found = {name: matched_numbers(sec) for name, sec in sections.items()}
    all_dates = sorted({y for f in found.values() for y in f[DATE]})
    date_map, _ = plan_dates(all_dates, seed) if all_dates else ({}, {})
    out = {}
    for name, sec in sections.items():
        f = found[name]
        rates = plan_rates(f[RATE], random.Random(f"sara-plus-rates:{seed}:{name}"), max_change) if f[RATE] else {}
        amounts, amount_details = plan_section(sec, random.Random(f"sara-plus-rules:{seed}:{name}"), max_change, rates)
        thresholds = (plan_thresholds(f[THRESHOLD], random.Random(f"sara-plus-thresholds:{seed}:{name}"), max_change)
                      if f[THRESHOLD] else {})
        plan = Plan({AMOUNT: amounts, RATE: rates, THRESHOLD: thresholds, DATE: {y: date_map[y] for y in f[DATE]}})
        for y in f[DATE]:
            for k in (-1, 0, 1):
                plan.years[y + k] = date_map[y] + k
                plan.owner[y + k] = y
        details = {(AMOUNT, v): d for v, d in amount_details.items()}
        details.update({(RATE, v): {"kind": "free", "step": "1" if v >= 10 else "0.1"} for v in rates})
        details.update({(THRESHOLD, v): {"kind": "free", "step": "1"} for v in thresholds})
        details.update({(DATE, y): {"kind": "free", "shift_years": int(date_map[y] - y)} for y in f[DATE]})
        out[name] = (sec, plan, details)
    return out


def perturb_rules(src: RuleSet, dst: Path, seed: int, *, max_change: float = MAX_CHANGE) -> dict:
    """Write the perturbed rule set ``r'`` of ``src`` into ``dst`` (``dst/prolog``, ``dst/source``)
    and return its manifest (JSON-ready, deterministic for a seed): ``changes`` (one per section,
    type and old value: ``type`` amount | rate | threshold | date, ``old``/``new``, ``change``
    (relative), the occurrences in ``text`` and ``prolog``), ``counts`` (changes per type) and
    ``left_alone``.

    Raises :class:`PerturbationError` if no admissible perturbation exists (never for SARA).
    """
    dst = Path(dst)
    (dst / "prolog").mkdir(parents=True, exist_ok=True)
    (dst / "source").mkdir(parents=True, exist_ok=True)
    changes: list[dict] = []
    left: list[dict] = []
    written: set[str] = set()
    for name, (sec, plan, details) in plan_rules(src, seed, max_change).items():
        occ: Occurrences = {}
        text = _rewrite_text(sec.text_lines, plan, f"source/{name}", occ)
        code = _rewrite_prolog(sec, plan, f"prolog/{name}.pl", occ)
        (dst / "source" / name).write_text(text)
        (dst / "prolog" / f"{name}.pl").write_text(code)
        written |= {f"source/{name}", f"prolog/{name}.pl"}
        for kind in TYPES:
            for old, new in sorted(plan.changes[kind].items()):
                occs = occ.get((kind, old), [])
                fmt = format_code_amount if kind == AMOUNT else _fmt
                changes.append({
                    "section": name,
                    "type": kind,
                    "old": fmt(old),
                    "new": fmt(new),
                    "change": float(round((new - old) / old, 6)),
                    **details[(kind, old)],
                    "text": [o.as_dict() for o in occs if o.where == "text"],
                    "prolog": [o.as_dict() for o in occs if o.where != "text"],
                })
        left.extend(_left_alone(sec, plan))
    for sub, folder in (("prolog", src.prolog_dir), ("source", src.source_dir)):
        for f in sorted(folder.iterdir()):
            rel = f"{sub}/{f.name}"
            if f.is_file() and rel not in written:
                (dst / sub / f.name).write_bytes(f.read_bytes())
                if sub == "prolog" and f.suffix == ".pl":
                    left.append({"file": rel, "form": "*", "lines": [], "reason": "no statute text for this file: copied unchanged"})
    return {
        "rule_set": "r'",
        "derived_from": src.name,
        "seed": seed,
        "max_change": max_change,
        "min_change": MIN_CHANGE,
        "policy": POLICY,
        "counts": {kind: sum(c["type"] == kind for c in changes) for kind in TYPES},
        "changes": changes,
        "left_alone": left,
    }


def statute_amounts(manifest: dict) -> dict[str, dict[int, int]]:
    """The whole-dollar amounts of the statutes r' may change, per section: ``{section: {old: new}}``
    (from a manifest: its amount changes)."""
    out: dict[str, dict[int, int]] = {}
    for c in manifest["changes"]:
        if c.get("type", AMOUNT) == AMOUNT and Decimal(c["old"]) == int(Decimal(c["old"])) and Decimal(c["new"]) == int(Decimal(c["new"])):
            out.setdefault(c["section"], {})[int(Decimal(c["old"]))] = int(Decimal(c["new"]))
    return out


POLICY = (
    "Dollar amounts, rates, thresholds (ages and counts) and dates change, each only where the statute text and the "
    "code of the same section's Prolog file both state it; it then changes in every form (text, code, Prolog comments). "
    "Amounts: a $ amount of the text that is a numeric literal of the code; factor within ±max_change, rounded to the "
    "original's step (largest of 1,5,10,25,50,100,250,500,1000,2500,5000,10000,25000,50000 dividing it and at most "
    "5% of it), so that the rounded change is 2% to max_change; within a section the amounts keep their order. "
    "Rates: a percentage below 100 of the text that the code writes as a fraction (28% = 0.28) or as a factor (3*); "
    "moved by 2% to max_change of the rate, rounded to 1 point (0.1 below 10%), order kept. Thresholds: an age or "
    "count of the text (age 65, 25 years old, 10 days, 5 individuals) that the code compares with or adds (>= 10, "
    "Year+65); moved by at least 1 and at most max_change of it or 1, whichever is larger. Dates: a date of the text "
    "(December 31, 2017) whose year or a neighbouring year is a code literal (Year>2017, between(2018, ...)); moved by "
    "1 or 2 whole years, the same shift in every section stating that date, every year literal within 1 of it moving "
    "with it. Derived amounts: §1 base amounts keep each rate schedule continuous under the new rates and thresholds; "
    "a schedule or substituted amount that is exactly half of another stays half. Left alone: numbers in one form "
    "only, bounds of 100 percent or more, periods the code encodes otherwise (the last 6 months), section references, "
    "files without statute text, and the excluded literals."
)
