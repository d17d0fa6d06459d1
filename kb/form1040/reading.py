"""Reading a RuleArena tax problem's text: the filled forms as (form, line, amount) entries.

RuleArena renders a return as Markdown: ``# Form 1040 ...``, ``# Schedule 1 ...`` headers, then
lines ``Line 1a - Total amount from Form(s) W-2, box 1: $99,347`` (given) or ``...: [__]`` /
``$TBD`` (to compute); worksheets number their lines ``1. Enter ...`` / ``2.1 Schedule 3, line
1`` / ``1. a. Enter ...``. :func:`read_forms` returns every such line with the form it belongs
to (by the headers above it, in this KB's form names), its instruction text and its entry; the
agent's checks, the citations and the scripted reader use it. Pure text processing: no Prolog.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

__all__ = ["FormLine", "TBD", "basic_info", "money", "problem_forms", "read_forms"]

#: Entries a model must compute (never a given amount).
TBD = ("[__]", "$TBD")

#: Header text (start) -> the KB's form name; the nearest header above a line decides.
_HEADERS: tuple[tuple[str, str], ...] = (
    ("Form 1040:", "f1040"),
    ("Qualified Dividends and Capital Gain Tax Worksheet", "qdcg_worksheet"),
    ("Schedule 1 (Form 1040)", "schedule_1"),
    ("Schedule 2 (Form 1040)", "schedule_2"),
    ("Schedule 3 (Form 1040)", "schedule_3"),
    ("Schedule A (Form 1040)", "schedule_a"),
    ("Schedule C (Form 1040)", "schedule_c"),
    ("Schedule SE (Form 1040)", "schedule_se"),
    ("Form 8863", "f8863"),
    ("Part III: Student", "f8863_part_iii"),
    ("Credit Limit Worksheet - ", "f8863_credit_limit_worksheet"),
    ("Schedule 8812", "schedule_8812"),
    ("Credit Limit Worksheet A", "credit_limit_worksheet_a"),
    ("Credit Limit Worksheet B", "credit_limit_worksheet_b"),
    ("Earned Income Worksheet", "earned_income_worksheet"),
)
#: Headers that end a worksheet and return to the form it belongs to.
_BACK: dict[str, str] = {"Part II-A": "schedule_8812", "Part II-B": "schedule_8812", "Part II-C": "schedule_8812",
                         "Part I: Refundable American": "f8863", "Part II: Nonrefundable Education": "f8863"}
#: A Markdown header; a form line; a numbered worksheet line ("1. Enter ...", "2.1 Schedule 3, line 1",
#: "1. a. Enter ...").
_HEADER = re.compile(r"^(#{1,6})\s+(.*)$")
_LINE = re.compile(r"^Line (\d+[a-z]?) - (.*?)(?::\s*(\$[\d,]+(?:\.\d+)?|\[__\]|\$TBD|Yes|No))?\s*$")
_WS_LINE = re.compile(r"^(\d+)\.(?:\s*([a-z])\.|(\d+))?\s+(.*?)(?::\s*(\$[\d,]+(?:\.\d+)?|\[__\]|\$TBD))?\s*$")


@dataclass(frozen=True)
class FormLine:
    """One line of the filled forms. ``form``: the KB's form name (``f8863_part_iii`` lines carry
    ``student``, 1-based); ``line``: the form's label (``'1a'``, worksheet ``'2a'`` for "2. a.",
    ``'2.1'``); ``text``: the instruction as printed; ``entry``: ``"$99,347"``, ``"[__]"``,
    ``"$TBD"``, ``"Yes"``/``"No"`` or None (no entry printed); ``row``: 0-based line number in
    the prompt."""

    form: str
    line: str
    text: str
    entry: str | None
    row: int
    student: int | None = None

    @property
    def given(self) -> bool:
        return self.entry is not None and self.entry.startswith("$") and self.entry not in TBD

    @property
    def amount(self) -> Fraction | None:
        return money(self.entry) if self.given else None


def money(entry: str | None) -> Fraction | None:
    """``"$99,347"`` -> Fraction(99347); ``"$1,234.50"`` -> Fraction(2469, 2); None otherwise."""
    if not entry or not entry.startswith("$") or entry in TBD:
        return None
    try:
        return Fraction(entry[1:].replace(",", ""))
    except ValueError:
        return None


def read_forms(text: str) -> list[FormLine]:
    """Every ``Line X - ...`` and numbered worksheet line of a tax problem's text, with its form
    (module doc). Lines before the first form header (basic information) are not included."""
    out: list[FormLine] = []
    form: str | None = None
    student = 0
    for row, raw in enumerate(text.split("\n")):
        s = raw.strip()
        h = _HEADER.match(s)
        if h:
            title = h[2]
            for start, name in _HEADERS:
                if title.startswith(start) or (start.endswith(":") and start in title):
                    form = name
                    if name == "f8863_part_iii":
                        student += 1
                    break
            else:
                for start, name in _BACK.items():
                    if title.startswith(start):
                        form = name
                if title.startswith("Tax Computation") or title.startswith("2023 Tax"):
                    form = "f1040_tax_table"
            continue
        if s == "---" and form == "qdcg_worksheet":
            form = "f1040"
            continue
        if form is None:
            continue
        m = _LINE.match(s)
        if m:
            label = m[1]
            if form == "f1040_tax_table":
                form = "f1040"
            if form in ("credit_limit_worksheet_a", "credit_limit_worksheet_b", "earned_income_worksheet") and label[0].isdigit():
                form = "schedule_8812"  # "Line 13 - Enter the amount from Credit Limit Worksheet A" ends the worksheets
            if form == "f8863_credit_limit_worksheet":
                form = "f8863"
            out.append(FormLine(form, label, m[2].strip(), m[3], row, student if form == "f8863_part_iii" else None))
            continue
        w = _WS_LINE.match(s)
        if w and form in ("credit_limit_worksheet_a", "credit_limit_worksheet_b", "earned_income_worksheet",
                          "f8863_credit_limit_worksheet"):
            label = w[1] + (w[2] or "") + (f".{w[3]}" if w[3] else "")
            out.append(FormLine(form, label, w[4].strip(), w[5], row))
    return out


_INFO = {
    "age": re.compile(r"^Age \(on January 2, 2024\): (\d+)\s*$", re.M),
    "spouse_age": re.compile(r"^Age \(on January 2, 2024\) of Your Spouse: (\d+)\s*$", re.M),
    "filing_status": re.compile(r"^Filing Status: (.+?)\s*$", re.M),
    "itemized": re.compile(r"^Using Itemized Deductions: (True|False)\s*$", re.M),
    "blind": re.compile(r"^\* You were blind: (True|False)\s*$", re.M),
    "spouse_blind": re.compile(r"^\* You spouse was blind: (True|False)\s*$", re.M),
    "qualifying_children": re.compile(r"^Qualifying Children: (\d+)\s*$", re.M),
    "other_dependents": re.compile(r"^Other Dependents: (\d+)\s*$", re.M),
}


def basic_info(text: str) -> dict[str, str]:
    """The return's basic information as printed (strings): ``age``, ``spouse_age``,
    ``filing_status``, ``itemized``, ``blind``, ``spouse_blind``, ``qualifying_children``,
    ``other_dependents``; a field the text does not print is absent."""
    out = {}
    for key, rx in _INFO.items():
        m = rx.search(text)
        if m:
            out[key] = m[1]
    return out


_FORMS_START = "# Basic Information"
_FORMS_END = "\nCalculate the tax owed by the payer"


def problem_forms(prompt: str) -> str:
    """The filled forms of a RuleArena tax prompt: from the last ``# Basic Information`` (a 1-shot
    prompt holds the example's return first, inside ``<example>``) up to RuleArena's closing
    instructions ("Calculate the tax owed ..."), stripped; the whole prompt when either marker is
    missing (a user's own text)."""
    start = prompt.rfind(_FORMS_START)
    end = prompt.find(_FORMS_END, max(start, 0))
    if start == -1:
        return prompt.strip()
    return prompt[start:end if end != -1 else len(prompt)].strip()
