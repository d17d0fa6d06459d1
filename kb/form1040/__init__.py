"""Form 1040 and its schedules (tax year 2023; RuleArena's tax domain) as a Prolog knowledge base.

The rules are hand-written Prolog in this package (``init.pl``, ``events.pl``, ``lines.pl``,
``f1040.pl``, ``schedules.pl``, ``credits.pl``), written from the forms and instructions that
RuleArena's prompt gives the model; forms and lines keep the IRS's labels. Nothing is read from
RuleArena's data to build the KB: the rule set's folder is this package.

The fact vocabulary (``events.pl``): ``filing_status/1``, ``age/2``, ``blind/2``,
``itemized_deductions/1``, ``qualifying_children/1``, ``other_dependents/1``, ``form_line/3``
(one fact per given form line), ``student_expenses/2``, ``student_answer/3`` (Form 8863 Part
III). The query: ``amount_owed(X)`` (Form 1040 line 37 in dollars, exact; negative = overpaid).

* :func:`taxpayer_to_facts`: RuleArena's ``TaxPayer`` record (a problem's ``pydantic`` field) ->
  facts, one per line the problem's text gives (the gold translator);
* :func:`text_to_facts`: the same facts read from the problem's text (the filled forms), by
  :mod:`taxlogic.kb.form1040.reading`; the two agree on all 300 RuleArena problems (tests);
* :func:`form1040_rules`: the KB as a :class:`~taxlogic.kb.rules.RuleSet`.
"""

from __future__ import annotations

from fractions import Fraction
from importlib import resources
from pathlib import Path
from typing import Any

from taxlogic.kb.rules import RuleSet

__all__ = ["AMOUNT_QUERY", "FIELD_LINES", "FILING_STATUSES", "fact_amount", "form1040_rules",
           "taxpayer_to_facts", "text_to_facts"]

AMOUNT_QUERY = "amount_owed(X)"

#: RuleArena's printed filing status -> the KB's atom.
FILING_STATUSES: dict[str, str] = {
    "single": "single", "married filing jointly": "married_filing_jointly",
    "married filing separately": "married_filing_separately", "head of household": "head_of_household",
    "qualifying surviving spouse": "qualifying_surviving_spouse",
}

#: TaxPayer field -> (form, line) it is printed on.
FIELD_LINES: dict[str, tuple[str, str]] = {
    "wage_tip_compensation": ("f1040", "1a"), "household_employee_wage": ("f1040", "1b"),
    "unreported_tip": ("f1040", "1c"), "nontaxable_combat_pay": ("f1040", "1d"),
    "tax_exempt_interest": ("f1040", "2a"), "taxable_interest": ("f1040", "2b"),
    "qualified_dividends": ("f1040", "3a"), "ordinary_dividends": ("f1040", "3b"),
    "ira_distributions": ("f1040", "4a"), "taxable_ira_distributions": ("f1040", "4b"),
    "all_pensions": ("f1040", "5a"), "taxable_pensions": ("f1040", "5b"),
    "social_security_benefits": ("f1040", "6a"), "taxable_social_security_benefits": ("f1040", "6b"),
    "qualified_business_income": ("f1040", "13"), "ctc_or_other_dependent_credit": ("f1040", "19"),
    "federal_income_tax_withheld": ("f1040", "25"), "earned_income_credit": ("f1040", "27"),
    "additional_child_tax_credit": ("f1040", "28"), "american_opportunity_credit": ("f1040", "29"),
    "taxable_state_refunds": ("schedule_1", "1"), "alimony_income": ("schedule_1", "2a"),
    "business_income": ("schedule_1", "3"), "sale_of_business": ("schedule_1", "4"),
    "rental_real_estate_sch1": ("schedule_1", "5"), "farm_income": ("schedule_1", "6"),
    "unemployment_compensation": ("schedule_1", "7"), "other_income": ("schedule_1", "8"),
    "educator_expenses": ("schedule_1", "11"), "hsa_deduction": ("schedule_1", "13"),
    "self_employment_deductible": ("schedule_1", "15"), "ira_deduction": ("schedule_1", "20"),
    "student_loan_interest_deduction": ("schedule_1", "21"), "other_adjustments": ("schedule_1", "24"),
    "amt_f6251": ("schedule_2", "1"), "credit_repayment": ("schedule_2", "2"),
    "other_additional_taxes": ("schedule_2", "17"),
    "foreign_tax_credit": ("schedule_3", "1"), "dependent_care": ("schedule_3", "2"),
    "education_credits": ("schedule_3", "3"), "retirement_savings": ("schedule_3", "4"),
    "elderly_disabled_credits": ("schedule_3", "6d"), "plug_in_motor_vehicle": ("schedule_3", "6i"),
    "alt_motor_vehicle": ("schedule_3", "6j"),
    "medical_dental_expenses": ("schedule_a", "1"), "state_local_income_or_sales_tax": ("schedule_a", "5a"),
    "state_local_real_estate_tax": ("schedule_a", "5b"), "state_local_personal_property_tax": ("schedule_a", "5c"),
    "other_taxes_paid": ("schedule_a", "6"), "home_mortgage_interest_and_points": ("schedule_a", "8a"),
    "home_mortgage_interest_unreported": ("schedule_a", "8b"), "home_mortgage_points_unreported": ("schedule_a", "8c"),
    "investment_interest": ("schedule_a", "9"), "charity_cash": ("schedule_a", "11"),
    "charity_non_cash": ("schedule_a", "12"), "casualty_and_theft_loss": ("schedule_a", "15"),
    "other_itemized_deductions": ("schedule_a", "16"),
    "gross_receipts": ("schedule_c", "1"), "returns_and_allowances": ("schedule_c", "2"),
    "cost_of_goods_sold": ("schedule_c", "4"), "other_inc_sched_c": ("schedule_c", "6"),
    "total_expenses": ("schedule_c", "28"), "expenses_of_home": ("schedule_c", "30"),
    "total_social_security_wages": ("schedule_se", "8"),
}

#: Lines RuleArena's forms always print with a fixed amount (no TaxPayer field), by the form
#: whose presence prints them: (form, line, amount).
FIXED_LINES: dict[str, tuple[tuple[str, str, int], ...]] = {
    "f1040": (("f1040", "7", 0), ("f1040", "26", 0), ("f1040", "30", 0),
              ("schedule_1", "12", 0), ("schedule_1", "14", 0), ("schedule_1", "16", 0), ("schedule_1", "17", 0),
              ("schedule_1", "18", 0), ("schedule_1", "19", 0), ("schedule_1", "22", 0), ("schedule_1", "23", 0),
              ("schedule_3", "5a", 0), ("schedule_3", "5b", 0)),
    "itemized": (("schedule_a", "13", 0),),
    "self_employed": (("schedule_se", "7", 160200),),
    "child_and_dependent": (("credit_limit_worksheet_b", "7", 0), ("earned_income_worksheet", "2a", 0),
                            ("earned_income_worksheet", "2c", 0), ("earned_income_worksheet", "4", 0)),
}
#: Lines RuleArena always prints as [__] whatever the record holds (Schedule 1 line 3 is 0 in
#: the record of a payer without Schedule C, yet printed to be computed).
ALWAYS_COMPUTED: frozenset[tuple[str, str]] = frozenset({("schedule_1", "3")})
#: TaxPayer fields no form prints (RuleArena's ``other_credits_or_payments``, Schedule 3 line 15,
#: is in the record but not in the problem's text; RuleArena's answers do not use it either).
UNPRINTED_FIELDS: frozenset[str] = frozenset({"other_credits_or_payments"})

_KB_FILES = ("init.pl", "events.pl", "lines.pl", "f1040.pl", "schedules.pl", "credits.pl")


def form1040_rules() -> RuleSet:
    """The KB as a :class:`RuleSet` named ``form1040`` (its Prolog folder is this package's ``prolog/``)."""
    pkg = Path(str(resources.files("taxlogic.kb.form1040").joinpath("prolog")))
    return RuleSet("form1040", pkg, pkg)


def prolog_amount(value: Any) -> str:
    """A dollar amount as Prolog: ``99347``, ``2469r2`` (exact). Raises ValueError for a non-number."""
    if isinstance(value, bool) or not isinstance(value, (int, float, Fraction)):
        raise ValueError(f"not an amount: {value!r}")
    f = Fraction(str(value)) if isinstance(value, float) else Fraction(value)
    return str(f.numerator) if f.denominator == 1 else f"{f.numerator}r{f.denominator}"


def fact_amount(text: str) -> Fraction | None:
    """A Prolog amount (``99347``, ``2469r2``, ``1234.5``) as a Fraction; None if not a number."""
    try:
        if "r" in text:
            n, d = text.split("r")
            return Fraction(int(n), int(d))
        return Fraction(text)
    except (ValueError, ZeroDivisionError):
        return None


def _line_fact(form: str, line: str, amount: Any) -> str:
    return f"form_line({form}, '{line}', {prolog_amount(amount)})."


def _bool(v: Any) -> str:
    return "true" if v in (True, "True", "true") else "false"


def taxpayer_to_facts(record: dict[str, Any], *, comment: str | None = None) -> str:
    """Facts for one RuleArena ``TaxPayer`` record (the gold translation): the basic information,
    then one ``form_line/3`` fact per line the problem prints with an amount (a field holding
    ``$TBD`` or ``[__]`` is a line to compute: no fact), the lines the forms print with a fixed
    amount, and each student of Form 8863 Part III. Raises ValueError for an unknown filing
    status or a non-numeric amount."""
    status = FILING_STATUSES.get(str(record.get("filing_status", "")).lower())
    if status is None:
        raise ValueError(f"unknown filing status {record.get('filing_status')!r}")
    out = [f"% {comment}"] if comment else []
    out.append(f"filing_status({status}).")
    out.append(f"age(you, {int(record['age'])}).")
    if record.get("spouse_age") is not None:
        out.append(f"age(spouse, {int(record['spouse_age'])}).")
    out.append(f"blind(you, {_bool(record.get('blind'))}).")
    out.append(f"blind(spouse, {_bool(record.get('spouse_blind'))}).")
    out.append(f"itemized_deductions({_bool(record.get('itemized'))}).")
    out.append(f"qualifying_children({int(record.get('num_qualifying_children') or 0)}).")
    out.append(f"other_dependents({int(record.get('num_other_dependents') or 0)}).")
    lines: list[tuple[str, str, Any]] = []
    for field, (form, line) in FIELD_LINES.items():
        value = record.get(field)
        if value is None or isinstance(value, str) or (form, line) in ALWAYS_COMPUTED:
            continue
        lines.append((form, line, value))
    groups = ["f1040"] + [g for g in ("itemized", "self_employed", "child_and_dependent") if record.get(g)]
    for g in groups:
        lines.extend(FIXED_LINES[g])
    out += [_line_fact(*x) for x in lines]
    for i, student in enumerate(record.get("student_list") or [], start=1):
        out.append(f"student_expenses({i}, {prolog_amount(student['qualified_student_expenses'])}).")
        for line in ("23", "24", "25", "26"):
            out.append(f"student_answer({i}, '{line}', {str(student[f'f8863_part_iii_{line}']).lower()}).")
    return "\n".join(out) + "\n"


def text_to_facts(text: str) -> str:
    """The same facts read from a problem's text (the filled forms as RuleArena prints them):
    basic information, every line printed with an amount, Form 8863 Part III per student.
    Raises ValueError when the text prints no filing status or age."""
    from taxlogic.kb.form1040.reading import basic_info, read_forms

    info = basic_info(text)
    status = FILING_STATUSES.get(info.get("filing_status", "").lower())
    if status is None or "age" not in info:
        raise ValueError("the text prints no known filing status or no age")
    out = [f"filing_status({status}).", f"age(you, {int(info['age'])})."]
    if "spouse_age" in info:
        out.append(f"age(spouse, {int(info['spouse_age'])}).")
    out.append(f"blind(you, {_bool(info.get('blind'))}).")
    out.append(f"blind(spouse, {_bool(info.get('spouse_blind'))}).")
    out.append(f"itemized_deductions({_bool(info.get('itemized'))}).")
    out.append(f"qualifying_children({int(info.get('qualifying_children', 0))}).")
    out.append(f"other_dependents({int(info.get('other_dependents', 0))}).")
    students: list[str] = []
    for fl in read_forms(text):
        if fl.form == "f8863_part_iii":
            if fl.line == "21" and fl.given:
                students.append(f"student_expenses({fl.student}, {prolog_amount(fl.amount)}).")
            elif fl.line in ("23", "24", "25", "26") and fl.entry in ("Yes", "No"):
                students.append(f"student_answer({fl.student}, '{fl.line}', {fl.entry.lower()}).")
        elif fl.given:
            out.append(_line_fact(fl.form, fl.line, fl.amount))
    return "\n".join(out + students) + "\n"


from taxlogic.kb.form1040.domain import DOMAIN  # noqa: E402,F401  (the plug-in object: taxlogic.kb.domain.get_domain("form1040"))
