"""Why a return's answer: the chain of form lines, each with its amount and the instruction the
problem prints for it, and why-not for the credits that did not apply.

:func:`explain_return` runs one Prolog query on the KB (every line of :data:`CHAIN` that the
return uses, and the lines the why-not reasons read) and returns an :class:`ReturnExplanation`:
``lines`` (form, line, amount, given or computed, the instruction quoted from the problem's
text when there is one) and ``why_not`` (one sentence per credit that is zero, with the lines
that made it so). :func:`render` lays it out for a terminal of ``width`` columns (default 80);
:meth:`ReturnExplanation.to_markdown` for reports.
"""

from __future__ import annotations

import re
import textwrap
from fractions import Fraction

from pydantic import BaseModel

__all__ = ["CHAIN", "ChainLine", "ReturnExplanation", "explain_return", "render"]

#: The lines of the chain, in the order a return is read: (form, line, label).
CHAIN: tuple[tuple[str, str, str], ...] = (
    ("f1040", "1z", "wages"), ("schedule_c", "31", "business profit"),
    ("schedule_1", "10", "additional income"), ("f1040", "9", "total income"),
    ("schedule_se", "4c", "net earnings from self-employment"), ("schedule_se", "13", "half of SE tax"),
    ("schedule_1", "26", "adjustments"), ("f1040", "11", "adjusted gross income"),
    ("schedule_a", "17", "itemized deductions"), ("f1040", "12", "standard or itemized deduction"),
    ("f1040", "13", "qualified business income deduction"), ("f1040", "15", "taxable income"),
    ("f1040", "16", "tax"), ("schedule_2", "3", "additional taxes"),
    ("f1040", "18", "tax before credits"), ("schedule_8812", "14", "child tax credit"),
    ("f1040", "19", "child tax credit"), ("f8863", "19", "education credits"),
    ("schedule_3", "8", "nonrefundable credits"), ("f1040", "21", "credits"),
    ("f1040", "22", "tax after credits"), ("schedule_se", "12", "self-employment tax"),
    ("schedule_2", "21", "other taxes"), ("f1040", "24", "total tax"),
    ("f1040", "25", "federal income tax withheld"), ("f1040", "27", "earned income credit"),
    ("schedule_8812", "27", "additional child tax credit"), ("f1040", "28", "additional child tax credit"),
    ("f8863", "8", "refundable AOC"), ("f1040", "29", "American opportunity credit"),
    ("f1040", "33", "total payments"), ("f1040", "37", "owed (negative: overpaid)"),
)
#: Lines the why-not reasons read (not shown in the chain).
_EXTRA = (("schedule_8812", "8"), ("schedule_8812", "11"), ("schedule_8812", "12"), ("schedule_8812", "13"),
          ("schedule_8812", "16a"), ("schedule_8812", "16b"), ("schedule_8812", "20"), ("f8863", "1"), ("f8863", "4"),
          ("f8863", "10"), ("f8863", "15"), ("f8863_credit_limit_worksheet", "6"), ("f1040", "3a"), ("f1040", "7"))
FORM_NAMES = {"f1040": "Form 1040", "schedule_1": "Schedule 1", "schedule_2": "Schedule 2", "schedule_3": "Schedule 3",
              "schedule_a": "Schedule A", "schedule_c": "Schedule C", "schedule_se": "Schedule SE",
              "schedule_8812": "Schedule 8812", "f8863": "Form 8863", "qdcg_worksheet": "QDCG Worksheet",
              "f8863_credit_limit_worksheet": "Form 8863 Credit Limit Worksheet",
              "credit_limit_worksheet_a": "Credit Limit Worksheet A", "credit_limit_worksheet_b": "Credit Limit Worksheet B",
              "earned_income_worksheet": "Earned Income Worksheet"}


class ChainLine(BaseModel):
    """One line of the chain: ``amount`` in dollars as exact decimal text, ``given`` (the problem
    enters it) or computed by the form's rule, ``instruction`` as the problem prints it (None when
    there is no text or the text has no such line), ``form_text`` the IRS's words for the line
    where the prompt omits a sentence of the form that the KB follows (kb/form1040/data/errata.json,
    ``prompt_notes``; e.g. Schedule SE line 4c's $400 stop), else None."""

    form: str
    line: str
    label: str
    amount: str
    given: bool
    instruction: str | None = None
    form_text: str | None = None

    @property
    def where(self) -> str:
        return f"{FORM_NAMES.get(self.form, self.form)} line {self.line}"


class ReturnExplanation(BaseModel):
    """The chain of a return (``lines``), its answer (Form 1040 line 37, exact decimal text; the
    ``tax_method`` of line 16) and why-not sentences for credits that are zero."""

    case_id: str | None = None
    answer: str | None = None
    tax_method: str | None = None
    lines: list[ChainLine] = []
    why_not: list[str] = []

    def record_view(self) -> dict:
        """The explanation as an eval record stores it (``eval run --explain``), in the shape the
        HTML report shows (its worksheet layer): the chain as steps with amounts and the quoted
        instruction in the citation column, the why-not sentences as a failed step; no proof tree."""
        chain = [{"label": f"{ln.where}: {ln.label} ({'given' if ln.given else 'computed'})",
                  "value": float(Fraction(ln.amount)), "citation": {"section": ln.instruction or ln.where}}
                 for ln in self.lines]
        steps = [{"section": None, "title": "Credits that did not apply", "holds": False,
                  "conditions": [{"text": w, "holds": False} for w in self.why_not]}] if self.why_not else []
        return {"kind": "form1040_return", "case_id": self.case_id, "answer": self.answer, "tax_method": self.tax_method,
                "worksheet": {"chain": chain, "deciding": [], "steps": steps}, "tree": [],
                "return": self.model_dump(mode="json")}

    def to_markdown(self) -> str:
        out = [f"## Return {self.case_id or ''}: Form 1040 line 37 = {_money(self.answer)}", "",
               "| line | amount | | instruction |", "|---|---:|---|---|"]
        for ln in self.lines:
            out.append(f"| {ln.where} | {_money(ln.amount)} | {'given' if ln.given else 'computed'} | "
                       f"{(ln.instruction or ln.label).replace('|', '/')}"
                       f"{' (IRS form: ' + ln.form_text.replace('|', '/') + ')' if ln.form_text else ''} |")
        if self.why_not:
            out += ["", "Credits that did not apply:", ""] + [f"- {w}" for w in self.why_not]
        return "\n".join(out) + "\n"


def _money(text: str | None) -> str:
    if text is None:
        return "–"
    x = Fraction(text)
    sign = "-" if x < 0 else ""
    x = abs(x)
    return f"{sign}${x.numerator:,}" if x.denominator == 1 else f"{sign}${float(x):,.2f}"


_TERM = re.compile(r"l\((\w+),'?([^',()]+)'?,([^()]+?)\)(?=,l\(|\]$)")


def _query(keys) -> str:
    pairs = ",".join(f"{f}-'{ln}'" for f, ln in keys)
    return f"findall(l(F,L,V), (member(F-L, [{pairs}]), line(F, L, V)), X)"


def explain_return(engine, facts: str, text: str | None = None, case_id: str | None = None) -> ReturnExplanation:
    """The chain and why-not of the return ``facts`` (validated facts or the gold translation)
    on ``engine`` (a Form 1040 KB engine), quoting ``text`` (the problem's filled forms). Raises
    ValueError when the KB gives no amounts (e.g. no filing status)."""
    from taxlogic.kb.form1040 import AMOUNT_QUERY
    from taxlogic.kb.form1040.domain import exact_text, fact_rows
    from taxlogic.kb.form1040.reading import read_forms
    from taxlogic.tools.engine import Job

    keys = [(f, ln) for f, ln, _ in CHAIN] + list(_EXTRA)
    owed = engine.run(Job(facts=facts, query=AMOUNT_QUERY, mode="first", var="X"))
    if owed.status != "values":
        raise ValueError(f"the return gives no amount: {owed.summary()}")
    out = engine.run(Job(facts=facts, query=_query(keys), mode="first", var="X"))
    if out.status != "values" or not out.values:
        raise ValueError(f"the return's lines could not be read: {out.summary()}")
    from taxlogic.kb.form1040 import fact_amount

    amounts = {(m[1], m[2]): fact_amount(m[3].replace(" ", "")) for m in _TERM.finditer(out.values[0].replace(" ", ""))}
    given = {(a[0], a[1]) for a in fact_rows(facts).get("form_line", []) if len(a) == 3}
    printed = {(fl.form, fl.line): fl for fl in read_forms(text)} if text else {}
    files = {f for f, _ in given} | {fl.form for fl in printed.values()}
    lines = []
    for form, line, label in CHAIN:
        value = amounts.get((form, line))
        if value is None:
            continue
        if form not in ("f1040",) and form not in files and not value:
            continue  # a schedule the return does not attach, and nothing on it
        fl = printed.get((form, line))
        lines.append(ChainLine(form=form, line=line, label=label, amount=exact_text(value), given=(form, line) in given,
                               instruction=fl.text if fl else None, form_text=_form_text(form, line)))
    expl = ReturnExplanation(case_id=case_id, answer=exact_text(Fraction(owed.numbers[0])), lines=lines)
    a = lambda f, ln: amounts.get((f, ln), Fraction(0))  # noqa: E731
    if a("f1040", "3a") > 0 or a("f1040", "7") > 0:  # f1040.pl uses_qdcg_worksheet
        expl.tax_method = "Qualified Dividends and Capital Gain Tax Worksheet (line 25)"
    elif a("f1040", "15") < 100000:
        expl.tax_method = "Tax Table (taxable income rounded to its $50 row's middle)"
    else:
        expl.tax_method = "Tax Computation Worksheet"
    expl.why_not = _why_not(a, given, files, printed, bool(fact_rows(facts).get("student_expenses")))
    return expl


def _form_text(form: str, line: str) -> str | None:
    """The IRS's words for a line whose sentence the prompt omits and the KB follows (note N1)."""
    from taxlogic.kb.form1040.data.errata import prompt_note_of

    note = prompt_note_of(form, line)
    return note["form_text"] if note and note["decides"] else None


def _why_not(a, given, files, printed, students: bool) -> list[str]:
    out = []
    if "schedule_c" in files and ("schedule_1", "15") not in given and a("schedule_se", "4c") < 400:
        out.append(f"Self-employment tax: none, Schedule SE line 4c is {_money(str(a('schedule_se', '4c')))}, less than "
                   "$400; the IRS's Schedule SE line 4c: \"If less than $400, stop; you don't owe self-employment tax\" "
                   "(the prompt omits this sentence; 26 U.S.C. 1402(b)(2)).")
    ctc_printed = ("f1040", "19") not in given
    if ctc_printed and a("schedule_8812", "14") <= 0:
        if a("schedule_8812", "8") == 0:
            out.append("Child tax credit / credit for other dependents: none, Schedule 8812 line 8 is $0 "
                       "(no qualifying children or other dependents).")
        elif a("schedule_8812", "12") == 0:
            out.append(f"Child tax credit: none, Schedule 8812 line 12 'No': line 8 ({_money(str(a('schedule_8812', '8')))}) "
                       f"is not more than the phase-out of line 11 ({_money(str(a('schedule_8812', '11')))}).")
        else:
            out.append(f"Child tax credit: {_money(str(a('schedule_8812', '14')))}, limited by Credit Limit Worksheet A "
                       f"(line 13 = {_money(str(a('schedule_8812', '13')))}: the tax of line 18 less other credits).")
    if ctc_printed and a("schedule_8812", "27") == 0 and a("schedule_8812", "8") > 0:
        if a("schedule_8812", "12") == 0:
            reason = "line 12 is 'No'"
        elif a("schedule_8812", "16b") == 0:
            reason = "line 16b is $0 (no qualifying children under 17)"
        elif a("schedule_8812", "16a") == 0:
            reason = "line 16a is $0 (the whole credit was used against tax on line 14)"
        else:
            reason = "line 20 is $0 (earned income of line 18a not over $2,500)"
        out.append(f"Additional child tax credit: none, Schedule 8812 {reason}.")
    if students and ("f1040", "29") not in given:
        if a("f8863", "4") <= 0:
            out.append(f"Education credits: none, Form 8863 line 4 is {_money(str(a('f8863', '4')))} "
                       "(adjusted gross income at or over the limit of line 2).")
        else:
            if a("f8863", "1") == 0:
                out.append("American opportunity credit: none, Form 8863 line 1 is $0 (no student answers lines 23-26 "
                           "so as to reach lines 27-30).")
            if a("f8863", "10") == 0:
                out.append("Lifetime learning credit: none, Form 8863 line 10 is $0 (every student went to lines 27-30).")
    if a("f1040", "22") == 0 and a("f1040", "18") < a("f1040", "21"):
        out.append(f"Nonrefundable credits of line 21 ({_money(str(a('f1040', '21')))}) exceed the tax of line 18 "
                   f"({_money(str(a('f1040', '18')))}): line 22 is $0 (\"If zero or less, enter -0-\"); "
                   "the excess is not refunded.")
    return out


def render(expl: ReturnExplanation, width: int = 80) -> str:
    """The explanation as text for a terminal ``width`` columns wide: the answer, the method of
    line 16, one row per chain line (where, amount, given/computed) with its instruction quoted
    on the lines below, then the why-not sentences."""
    owed = Fraction(expl.answer) if expl.answer is not None else Fraction(0)
    head = ("Amount owed" if owed >= 0 else "Overpaid (refund)") + f": {_money(str(abs(owed)))}"
    out = [f"Return {expl.case_id}: {head} (Form 1040 line 37 = {_money(expl.answer)})" if expl.case_id else head]
    if expl.tax_method:
        out += textwrap.wrap(f"Line 16 tax: {expl.tax_method}", width)
    out.append("")
    wrap = textwrap.TextWrapper(width=width, initial_indent="    ", subsequent_indent="    ")
    for ln in expl.lines:
        tag = "given" if ln.given else "computed"
        left = f"{ln.where}  {ln.label}"
        right = f"{_money(ln.amount):>14}  {tag:<8}"
        room = width - len(right) - 1
        out.append(f"{left[:room]:<{room}} {right}".rstrip())
        if ln.instruction:
            out += wrap.wrap(f"\u201c{ln.instruction}\u201d")
        if ln.form_text:
            out += wrap.wrap(f"IRS form: \u201c{ln.form_text}\u201d")
    if expl.why_not:
        out += ["", "Credits that did not apply:"]
        for w in expl.why_not:
            out += textwrap.wrap(w, width, initial_indent="- ", subsequent_indent="  ")
    return "\n".join(out) + "\n"
