"""SARA's law for explanations: predicate names -> statute citations with quotes, and the amounts
of a tax computation.

SARA names a statute predicate after the subsection it encodes: ``s2_b_1_A`` is §2(b)(1)(A),
``s152_c_1`` is §152(c)(1), ``s3306_a_1_is_wages`` is §3306(a)(1) (labels are read until the
first token that is not a subsection label: a letter, a number or a roman numeral). The quote
is that subsection's heading and first paragraph in the rule set's statute text
(``statutes/source/sectionN``, whose subsections are ``(x) ...`` lines nested by indentation).
A few helpers of ``utils.pl`` and the sections carry their meaning by hand (:data:`SPECIAL`).

A numeric answer's chain of amounts (:data:`AMOUNTS`, in the order SARA computes them):
gross income (``gross_income/3``; SARA has no above-the-line deductions, so it is also the
adjusted gross income that §63(b), §68(a) and §151(d)(3) use), itemized deductions §63(d) and
their §68 limitation, the standard deduction §63(c), personal exemptions §151, taxable income
§63, the rate schedule §1(a)-(d)(i)-(v), the income tax §1, the employer's excise tax §3301 on
total wages §3306(b), and the tax owed (``tax/3``: §1 plus §3301).
"""

from __future__ import annotations

import re
from pathlib import Path

from taxlogic.kb.rules import RuleSet
from taxlogic.tables import shared_table
from taxlogic.tools.explain import Citation, templated_amount

#: Date utilities of utils.pl: called directly, shown as leaves with their values.
OPAQUE = ["is_before/2", "day_to_stamp/2", "first_day_year/2", "last_day_year/2", "duration/3",
          "latest/2", "latest/3", "earliest/2", "earliest/3"]

#: Predicates that are not named after a subsection: (sections cited, what they are).
SPECIAL: dict[str, tuple[tuple[str, ...], str]] = {
    "tax/3": (("1", "3301"), "the tax owed: the income tax of section 1 plus the excise tax of section 3301 (SARA's tax/3)"),
    "total_wages_employer/4": (("3306(b)",), "total wages paid by an employer in the year, each individual's capped under section 3306(b)(1)"),
    "amount/2": (("68(b)(1)",), "the applicable amounts of section 68(b)(1)"),
}

#: name/arity -> (label, 0-based index of the argument holding the amount); {0}, {1} … in the
#: label are the call's arguments.
AMOUNTS: dict[str, tuple[str, int]] = {
    "gross_income/3": ("gross income of {0} (= adjusted gross income)", 2),
    "s63_d/4": ("itemized deductions of {0}", 2),
    "s68/4": ("itemized deductions of {0} after the §68 limitation", 2),
    "s63_c_1_A/3": ("basic standard deduction of {0}", 2),
    "s63_c_1_B/3": ("additional standard deduction of {0}", 2),
    "s63_c/3": ("standard deduction of {0}", 2),
    "s151/5": ("personal exemptions of {0}", 1),
    "s63_a/3": ("taxable income of {0}", 2),
    "s63_b/3": ("taxable income of {0}", 2),
    "s63/3": ("taxable income of {0}", 2),
    "s1/4": ("income tax of {0}", 3),
    "total_wages_employer/4": ("total wages paid by {0}", 1),
    "s3301/4": ("excise tax of {0} on wages", 3),
    "tax/3": ("tax owed by {0} for {1}", 2),
}
#: name/arity -> 0-based indexes of dollar amounts among the arguments (beside AMOUNTS').
MONEY_ARGS: dict[str, list[int]] = {"amount_/2": [1], "amount/2": [1], "s68_b/3": [1], "s151_a/3": [1], "s151_b/3": [1], "s151_c/4": [2],
                                    "s151_d/4": [1], "s63_c_2/3": [2], "s3306_b/4": [3]}
_MONTHS = "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec".split()


def _date_words(day: str) -> str:
    """"2017-02-03" -> "3 Feb 2017" (other text unchanged)."""
    m = re.fullmatch(r"(\d{4})-(\d{2})-(\d{2})", day)
    return f"{int(m.group(3))} {_MONTHS[int(m.group(2)) - 1]} {m.group(1)}" if m and 1 <= int(m.group(2)) <= 12 else day


def _days(text: str) -> str | None:
    """Seconds as whole (or half) days: "31449600.0" -> "364 days"."""
    try:
        v = float(text.replace("r", "/").split("/")[0]) / (float(text.split("r")[1]) if "r" in text else 1)
    except (ValueError, IndexError):
        return None
    d = v / 86400
    if not v or not (2 * d).is_integer():
        return None
    return f"{d / 365.25:.1f}".removesuffix(".0") + " years" if d > 730 else f"{d:g} days"


_BRACKET = re.compile(r"^s1_[abcd]_(?:i|ii|iii|iv|v)/2$")
_LABEL = re.compile(r"^(?:[a-zA-Z]|\d+|[ivx]+|[IVX]+)$")
_HEADING = re.compile(r"^(\s*)\(([A-Za-z0-9]+)\)\s*(.*)$")


def parse_predicate(name: str) -> tuple[str, tuple[str, ...]] | None:
    """'s2_b_1_A' -> ('2', ('b', '1', 'A')); 's151_b_applies' -> ('151', ('b',)); others None."""
    parts = name.split("_")
    m = re.fullmatch(r"s(\d+)", parts[0])
    if not m:
        return None
    path = []
    for p in parts[1:]:
        if not _LABEL.match(p):
            break
        path.append(p)
    return m.group(1), tuple(path)


def section_label(section: str, path: tuple[str, ...]) -> str:
    """('2', ('b', '1', 'A')) -> '§2(b)(1)(A)'."""
    return f"§{section}" + "".join(f"({p})" for p in path)


def parse_statute(text: str) -> dict[tuple[str, ...], str]:
    """One section's text -> {subsection path: its heading and first paragraph}; () is the
    section's title line. Nesting follows indentation (a subsection belongs to the last one
    written less indented)."""
    lines = text.splitlines()
    out: dict[tuple[str, ...], list[str]] = {(): [lines[0].strip()] if lines else []}
    stack: list[tuple[int, str]] = []
    current: tuple[str, ...] = ()
    for line in lines[1:]:
        m = _HEADING.match(line)
        if m:
            indent = len(m.group(1).expandtabs(4))
            while stack and stack[-1][0] >= indent:
                stack.pop()
            stack.append((indent, m.group(2)))
            current = tuple(label for _, label in stack)
            out[current] = [m.group(3).strip()] if m.group(3).strip() else []
        elif line.strip() and current and len(out[current]) < 2:
            out[current].append(line.strip())
    return {k: _join(v) for k, v in out.items()}


def _join(parts: list[str]) -> str:
    """Heading and paragraph: a bare title ("In general") is followed by a colon."""
    if len(parts) == 2 and not re.search(r"[.,;:\-—]$", parts[0]):
        return f"{parts[0]}: {parts[1]}"
    return " ".join(parts)


class SaraLaw:
    """Citations and amounts for SARA's statutes, quoting the rule set's statute text
    (``rules.source_dir``; a SARA⁺ rule set r' quotes its own text). See the module doc."""

    opaque = OPAQUE

    def __init__(self, source_dir: Path):
        self._cited: dict[str, Citation | None] = {}
        self.sections: dict[str, dict[tuple[str, ...], str]] = {}
        for f in sorted(Path(source_dir).glob("section*")):
            self.sections[f.name.removeprefix("section")] = parse_statute(f.read_text(encoding="utf-8"))

    def quote(self, section: str, path: tuple[str, ...]) -> str | None:
        """The heading and first paragraph of a subsection; None if the text has no such one."""
        return self.sections.get(section, {}).get(path)

    def cite(self, predicate: str) -> Citation | None:
        if predicate not in self._cited:
            self._cited[predicate] = self._cite(predicate)
        return self._cited[predicate]

    def _cite(self, predicate: str) -> Citation | None:
        if predicate in SPECIAL:
            refs, what = SPECIAL[predicate]
            parsed = [_split_ref(r) for r in refs]
            exists = all(self.quote(s, p) is not None for s, p in parsed)
            return Citation(section=" and ".join(section_label(s, p) for s, p in parsed), quote=what, exists=exists)
        ref = parse_predicate(predicate.rsplit("/", 1)[0])
        if ref is None:
            return None
        quote = self.quote(*ref)
        return Citation(section=section_label(*ref), quote=quote, exists=quote is not None)

    def amount(self, predicate: str, args: list[str]) -> tuple[str, str] | None:
        spec = ("tax from the rate schedule", 1) if _BRACKET.match(predicate) else AMOUNTS.get(predicate)
        return templated_amount(spec, args)

    def money_args(self, predicate: str, args: list[str]) -> list[str]:
        """The arguments of a call that are dollar amounts (:data:`MONEY_ARGS`, :data:`AMOUNTS`)."""
        spec = AMOUNTS.get(predicate)
        idx = [spec[1]] if spec else MONEY_ARGS.get(predicate, [])
        return [args[i] for i in idx if i < len(args)]

    def names(self, predicate: str, args: list[str]) -> dict[str, str]:
        """Values a date helper computed, named: ``day_to_stamp("2017-02-03", S)`` names S
        "3 Feb 2017"; ``duration(A, B, D)`` names D "N days"."""
        if predicate == "day_to_stamp/2" and len(args) == 2:
            return {args[1]: _date_words(args[0].strip('"'))}
        if predicate == "duration/3" and len(args) == 3:
            days = _days(args[2])
            return {args[2]: days} if days else {}
        return {}

    def value_text(self, text: str) -> str | None:
        """A number as SARA's date utilities make them, in words: a time stamp (a float of at
        least 10^8 seconds: ``day_to_stamp`` gives the start of the next day, in the engine's
        US time zone) as its date, a whole number of days in seconds as "N days"; else None."""
        if not re.fullmatch(r"-?\d+\.\d+", text.strip()):
            return None
        v = float(text)
        if abs(v) >= 1e8:
            from datetime import datetime, timedelta
            from zoneinfo import ZoneInfo

            day = datetime.fromtimestamp(v, ZoneInfo("America/New_York")) - timedelta(days=1)
            return _date_words(day.strftime("%Y-%m-%d"))
        return _days(text)


def _split_ref(ref: str) -> tuple[str, tuple[str, ...]]:
    """'68(b)(1)' -> ('68', ('b', '1'))."""
    m = re.fullmatch(r"(\d+)((?:\([A-Za-z0-9]+\))*)", ref)
    return m.group(1), tuple(re.findall(r"\(([A-Za-z0-9]+)\)", m.group(2)))


@shared_table(maxsize=8)
def _law(source_dir: str) -> SaraLaw:
    return SaraLaw(Path(source_dir))


def law(rules: RuleSet) -> SaraLaw:
    """The law of a SARA rule set (cached per statute text folder)."""
    return _law(str(rules.source_dir))
