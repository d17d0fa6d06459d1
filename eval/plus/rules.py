"""Rule perturbation ``r'`` for SARA⁺ (paper §3.2): the statutes with their dollar amounts changed,
identically in the statute text (``source/``) and in the Prolog (``prolog/``).

Policy (what changes, what does not):

- **Only dollar amounts change.** A number changes when it is written as a dollar amount in a
  section's text (``$36,900``) *and* as a numeric literal in the code of the same section's Prolog
  file (``36900`` in ``section1.pl``). The amount changes everywhere in that pair of files: every
  ``$`` form in the text, every code literal of that value, and every ``$`` form in the Prolog
  comments (which copy the statute text). Matching is per section, so ``250000`` in ``section1.pl``
  (a bracket threshold) and in ``section68.pl`` (an applicable amount) change independently.
- **Left alone, and listed in the manifest:** numbers found in one form only (a code literal with
  no ``$`` amount of that value in the text, or a ``$`` amount with no code literal); rates and
  percentages (``28%``, ``0.28``, ``80 percent``); years, dates, ages, day and week counts, section
  numbers; files without statute text (``events.pl``, ``utils.pl``, ``init.pl``); and the code
  literals of :data:`EXCLUDED_CODE` (a ``600`` in ``section63.pl`` that is a count, not the $600
  amount).
- **Bounded and rounded like the original.** Each free amount is multiplied by a factor drawn
  uniformly from ``[1 - max_change, 1 + max_change]`` (default ±15%), rounded to the
  original's step: the largest of 1, 5, 10, 25, 50, 100, 250, 500, 1000, 2500, 5000, 10000, 25000,
  50000 that divides it and is at most 5% of it (``36,900`` → 100s, ``89,150`` → 50s, ``140,000``
  → 5,000s). The rounded value must differ from the original by at least 2% and at most the bound.
- **Orders kept.** Within a section, the changed amounts (free and halved, below) keep the order
  they had, so tax brackets and thresholds stay increasing and a "higher amount" stays higher
  (``$750`` for ``$600``). Draws violating it are redrawn (seeded).
- **Derived amounts follow the amounts they derive from** (found in the text and checked against
  the original values, so a derivation is only used where the original satisfies it exactly):
  the base amounts of the §1 rate schedules (``$5,535, plus 28% of the excess over $36,900``)
  are recomputed so that each schedule stays continuous (base = previous base + previous rate ×
  width of the previous bracket); a schedule whose thresholds are exactly half of another's
  (§1(d), married filing separately, is half of §1(a)) stays half; a substituted amount that is
  exactly half of the amount it replaces (``substituting "$1,250" for "$2,500"``) stays half.

:func:`perturb_rules` writes the perturbed copy (a folder with ``prolog/`` and ``source/``, loadable
as ``RuleSet("r'", dir / "prolog", dir / "source")``) and returns the manifest: every change with
its file, line, old and new form in both modalities, and everything left alone with the reason.
The same seed gives the same files and manifest.
"""

from __future__ import annotations

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

    def derived_bases(self, mapping: dict[Decimal, Decimal]) -> list[Decimal]:
        base, prev_t, out = Decimal(0), Decimal(0), []
        for k in range(len(self.bases)):
            t = mapping.get(self.thresholds[k], self.thresholds[k])
            base = base + self.rates[k] / 100 * (t - prev_t)
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


def plan_section(sec: Section, rng: random.Random, max_change: float = MAX_CHANGE) -> tuple[dict[Decimal, Decimal], dict[Decimal, dict]]:
    """Old -> new amount for one section, and per-amount details (kind, factor, step, derivation)."""
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
                mapping[v] = s.derived_bases(mapping)[d.index]
                details[v] = {"kind": "derived", "rule": "base amount keeping the rate schedule continuous"}
        if _order_kept(mapping, ordered) and all(mapping[v] != v for v in matched):
            bases_ok = all(
                all(a < b for a, b in zip(s.derived_bases(mapping), s.derived_bases(mapping)[1:])) for s in schedules
            )
            if bases_ok:
                return {k: mapping[k] for k in sorted(mapping)}, details
    raise PerturbationError(f"{sec.name}: no draw keeps the order of its amounts")


# ------------------------------------------------------------------------------- applying


def _sub_dollars(text: str, mapping: dict[Decimal, Decimal], occ: dict[Decimal, list[Occurrence]], file: str,
                 line: int, where: str) -> str:
    """``text`` with every ``$`` amount of ``mapping`` rewritten in its own form, each change
    recorded in ``occ`` (at ``file``:``line``, in ``where``: text or comment)."""
    def sub(m: re.Match[str]) -> str:
        v = dollar_value(m)
        if v not in mapping:
            return m.group(0)
        new = format_text_amount(m.group(0), mapping[v])
        occ.setdefault(v, []).append(Occurrence(file, line, m.group(0), new, where))
        return new

    return TEXT_DOLLARS.sub(sub, text)


def _rewrite_text(lines: list[str], mapping: dict[Decimal, Decimal], file: str, occ: dict[Decimal, list[Occurrence]]) -> str:
    return "".join(_sub_dollars(line, mapping, occ, file, i, "text") for i, line in enumerate(lines, 1))


def _rewrite_prolog(sec: Section, mapping: dict[Decimal, Decimal], file: str, occ: dict[Decimal, list[Occurrence]]) -> str:
    out = []
    for i, line in enumerate(sec.code_lines, 1):
        code, comment = split_code_comment(line)
        pieces, last = [], 0
        for m in code_numbers(code):
            v = Decimal(m.group(0))
            if v not in mapping or (i, m.start()) in sec.excluded:
                continue
            new = format_code_amount(mapping[v])
            occ.setdefault(v, []).append(Occurrence(file, i, m.group(0), new, "code"))
            pieces.append(code[last:m.start()] + new)
            last = m.end()
        code = "".join(pieces) + code[last:]
        out.append(code + _sub_dollars(comment, mapping, occ, file, i, "comment"))
    return "".join(out)


def _left_alone(sec: Section, mapping: dict[Decimal, Decimal]) -> list[dict]:
    groups: dict[tuple[str, str, str], list[int]] = {}
    text_file, code_file = f"source/{sec.name}", f"prolog/{sec.name}.pl"
    for v, occs in sec.text_amounts.items():
        if v not in mapping:
            for line, form in occs:
                groups.setdefault((text_file, form, "dollar amount with no numeric literal of that value in the Prolog"), []).append(line)
    for i, line in enumerate(sec.text_lines, 1):
        masked = TEXT_DOLLARS.sub(lambda m: " " * len(m.group(0)), line)
        for m in TEXT_NUMBER.finditer(masked):
            form = m.group(0)
            if "%" in form or "percent" in form:
                reason = "rate or percentage (rates are not perturbed)"
            else:
                reason = "not a dollar amount (year, date, age, count, paragraph or section reference)"
            groups.setdefault((text_file, form, reason), []).append(i)
    for i, line in enumerate(sec.code_lines, 1):
        code, _ = split_code_comment(line)
        for m in code_numbers(code):
            v = Decimal(m.group(0))
            if (i, m.start()) in sec.excluded:
                groups.setdefault((code_file, m.group(0), sec.excluded[(i, m.start())]), []).append(i)
            elif v not in mapping:
                groups.setdefault((code_file, m.group(0), "no dollar amount of that value in the statute text (rate, year, age, count or constant)"), []).append(i)
    return [
        {"file": f, "form": form, "lines": sorted(set(lines)), "reason": reason}
        for (f, form, reason), lines in sorted(groups.items(), key=lambda kv: (kv[0][0], min(kv[1]), kv[0][1]))
    ]


def perturb_rules(src: RuleSet, dst: Path, seed: int, *, max_change: float = MAX_CHANGE) -> dict:
    """Write the perturbed rule set ``r'`` of ``src`` into ``dst`` (``dst/prolog``, ``dst/source``)
    and return its manifest (JSON-ready, deterministic for a seed).

    Raises :class:`PerturbationError` if no admissible perturbation exists (never for SARA).
    """
    dst = Path(dst)
    (dst / "prolog").mkdir(parents=True, exist_ok=True)
    (dst / "source").mkdir(parents=True, exist_ok=True)
    changes: list[dict] = []
    left: list[dict] = []
    written: set[str] = set()
    for name in SECTION_ORDER:
        if not (src.source_dir / name).is_file() or not (src.prolog_dir / f"{name}.pl").is_file():
            continue
        sec = _read_section(src, name)
        rng = random.Random(f"sara-plus-rules:{seed}:{name}")
        mapping, details = plan_section(sec, rng, max_change)
        occ: dict[Decimal, list[Occurrence]] = {}
        text = _rewrite_text(sec.text_lines, mapping, f"source/{name}", occ)
        code = _rewrite_prolog(sec, mapping, f"prolog/{name}.pl", occ)
        (dst / "source" / name).write_text(text)
        (dst / "prolog" / f"{name}.pl").write_text(code)
        written |= {f"source/{name}", f"prolog/{name}.pl"}
        for old, new in mapping.items():
            occs = occ.get(old, [])
            changes.append({
                "section": name,
                "old": format_code_amount(old),
                "new": format_code_amount(new),
                "change": float(round((new - old) / old, 6)),
                **details[old],
                "text": [o.as_dict() for o in occs if o.where == "text"],
                "prolog": [o.as_dict() for o in occs if o.where != "text"],
            })
        left.extend(_left_alone(sec, mapping))
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
        "changes": changes,
        "left_alone": left,
    }


POLICY = (
    "Only dollar amounts change: a number changes when it is a $ amount in a section's text and a numeric "
    "literal in the code of the same section's Prolog file; it then changes in every form (text, code, Prolog "
    "comments). Free amounts: factor within ±max_change, rounded to the original's step "
    "(largest of 1,5,10,25,50,100,250,500,1000,2500,5000,10000,25000,50000 dividing it and at most 5% of it), so that the rounded change is 2% to max_change. "
    "Within a section the changed amounts keep their order. Derived amounts: §1 base amounts keep each rate "
    "schedule continuous; a schedule or substituted amount that is exactly half of another stays half. Left "
    "alone: numbers in one form only, rates and percentages, years, dates, ages, counts, section references, "
    "files without statute text, and the excluded literals."
)
