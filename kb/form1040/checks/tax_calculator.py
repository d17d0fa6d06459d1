"""RuleArena tax returns as Tax-Calculator records: the outside cross-check of the Form 1040 KB.

Tax-Calculator (``taxcalc``, Policy Simulation Library; the optional extra
``pip install 'taxlogic[crosscheck]'``) computes federal income tax for a filing unit under the
law of a year; RuleArena's forms are those of tax year 2023 (the 2023 Tax Table, Schedule SE's
$160,200 wage base), so the records are computed under taxcalc's 2023 current law.

* :func:`to_record`: one ``TaxPayer`` record (RuleArena's ``pydantic`` field, or
  :mod:`taxlogic.kb.form1040.data.generate`'s) as a taxcalc input row and the amounts passed through;
* :func:`compute`: every record through one :class:`taxcalc.Calculator`, the lines of
  :data:`COMPARED` (dollars, floats) per record;
* :func:`compare`: the KB's lines against taxcalc's, each ``equal`` (within a cent), within the
  Tax Table's rounding (rule ``tax_table_rows``), explained by a named rule of
  ``crosscheck_rules.json`` (beside this module), or ``unexplained``.

**Passed through.** An amount the problem enters on a line that taxcalc would compute itself
(taxable Social Security of line 6b, the QBI deduction of line 13, the EIC of line 27, the AMT
and the other Schedule 2 and 3 amounts, a child tax credit or education credit a level-0 problem
gives) replaces taxcalc's own computation of it: each replacement is a rule of kind ``passed``
in ``crosscheck_rules.json``, applied by wrapping the taxcalc function that computes the line for
the run (:func:`_passing_through`). Only the lines both compute are compared. Raises
:class:`ImportError` (with the install hint) when taxcalc is absent.
"""

from __future__ import annotations

import contextlib
import json
from fractions import Fraction
from importlib import resources
from typing import Any, Iterator

__all__ = ["COMPARED", "TAX_YEAR", "compare", "compute", "crosscheck_rules", "kb_query", "to_record"]

TAX_YEAR = 2023
INSTALL_HINT = "Tax-Calculator is not installed: pip install 'taxlogic[crosscheck]'"

#: The lines both compute: key -> (label, the KB's (form, line), taxcalc's variable or formula).
COMPARED: dict[str, tuple[str, tuple[str, str], str]] = {
    "agi": ("adjusted gross income", ("f1040", "11"), "c00100"),
    "taxable_income": ("taxable income", ("f1040", "15"), "c04800"),
    "tax": ("tax (line 16)", ("f1040", "16"), "taxbc"),
    "se_tax": ("self-employment tax", ("schedule_se", "12"), "setax"),
    "ctc": ("child tax credit + ODC", ("f1040", "19"), "c07220 + odc"),
    "actc": ("additional child tax credit", ("f1040", "28"), "c11070"),
    "education": ("education credits (Sch 3)", ("schedule_3", "3"), "c07230"),
    "aoc_refundable": ("refundable AOC (line 29)", ("f1040", "29"), "c10960"),
    "after_credits": ("tax after credits (line 22)", ("f1040", "22"), "c09200 - othertaxes"),
    "total_tax": ("total tax (line 24)", ("f1040", "24"), "c09200 - niit - ptax_amc"),
}
#: Lines the KB computes only when the problem prints them [__]: key -> the TaxPayer field that holds
#: the given amount otherwise (a given amount is passed through, not compared).
GIVEN_FIELD = {"ctc": "ctc_or_other_dependent_credit", "actc": "additional_child_tax_credit",
               "education": "education_credits", "aoc_refundable": "american_opportunity_credit"}
#: Taxcalc's taxes on lines RuleArena's forms leave out (Form 8959, Form 8960), reported apart.
NOT_IN_PROMPT = {"niit": "net investment income tax (Form 8960)", "ptax_amc": "Additional Medicare Tax (Form 8959)"}

_MARS = {"single": 1, "married filing jointly": 2, "married filing separately": 3, "head of household": 4,
         "qualifying surviving spouse": 5}


def crosscheck_rules() -> dict[str, dict[str, Any]]:
    """Rule name -> ``kind`` (``passed``: an input taxcalc computes otherwise, replaced by the
    return's amount; ``differs``: the two readings differ by this rule), ``lines`` (keys of
    :data:`COMPARED` it touches), ``rule`` (what and why, with the form line or statute) — from
    ``crosscheck_rules.json``."""
    text = resources.files("taxlogic.kb.form1040.checks").joinpath("crosscheck_rules.json").read_text(encoding="utf-8")
    return json.loads(text)["rules"]


def kb_query() -> str:
    """The Prolog query giving the KB's compared lines of a return as ``[l(Form, Line, Amount), ...]``."""
    pairs = ",".join(f"{f}-'{ln}'" for _, (f, ln), _ in COMPARED.values())
    return f"findall(l(F,L,V), (member(F-L, [{pairs}]), line(F, L, V)), X)"


def _num(v: Any) -> float:
    return 0.0 if v is None or isinstance(v, str) else float(v)


def _given(p: dict, field: str) -> bool:
    v = p.get(field)
    return v is not None and not isinstance(v, str)


def _aoc_tentative(students: list[dict]) -> tuple[float, float]:
    """Form 8863 Part I line 1 (the students' Part III line 30, summed) and Part II line 10 (line 31,
    summed): taxcalc's inputs ``e87521`` and ``e87530``. Part III: lines 23-26 "No, Yes, No, No"
    lead to lines 27-30 (27: expenses up to $4,000; 30: 100% of the first $2,000 and 25% of the
    rest), any other answer to line 31 (the expenses)."""
    aoc = llc = 0.0
    for s in students:
        e = float(s["qualified_student_expenses"])
        if [s[f"f8863_part_iii_{n}"] for n in (23, 24, 25, 26)] == ["No", "Yes", "No", "No"]:
            e27 = min(e, 4000.0)
            aoc += e27 if e27 <= 2000 else 2000 + 0.25 * (e27 - 2000)
        else:
            llc += e
    return aoc, llc


def to_record(p: dict, recid: int) -> tuple[dict[str, float], dict[str, float]]:
    """One ``TaxPayer`` record as (taxcalc input row, amounts passed through). The row maps each
    printed line to taxcalc's input variable (``records_variables.json``); the pass-through amounts
    are keyed by taxcalc's computed variable they replace (see ``crosscheck_rules.json``). Raises
    KeyError for an unknown filing status."""
    g = lambda k: _num(p.get(k))  # noqa: E731
    mars = _MARS[str(p["filing_status"]).lower()]
    joint = mars == 2
    wages = g("wage_tip_compensation") + g("household_employee_wage") + g("unreported_tip")
    sch_c = 0.0
    if p.get("self_employed"):
        sch_c = (g("gross_receipts") - g("returns_and_allowances") - g("cost_of_goods_sold") + g("other_inc_sched_c")
                 - g("total_expenses") - g("expenses_of_home"))
    kids, others = int(p.get("num_qualifying_children") or 0), int(p.get("num_other_dependents") or 0)
    aoc, llc = _aoc_tentative(p.get("student_list") or []) if p.get("student_list") is not None else (0.0, 0.0)
    row = {
        "RECID": recid, "MARS": mars, "FLPDYR": TAX_YEAR, "s006": 1.0,
        "XTOT": (2 if joint else 1) + kids + others, "n24": kids, "nu18": kids, "EIC": min(kids, 3),
        "age_head": int(p["age"]), "age_spouse": int(p.get("spouse_age") or 0) if joint else 0,
        "blind_head": int(bool(p.get("blind"))), "blind_spouse": int(bool(p.get("spouse_blind"))) if joint else 0,
        "e00200": wages, "e00200p": wages,
        "e00300": g("taxable_interest"), "e00400": g("tax_exempt_interest"),
        "e00600": g("ordinary_dividends"), "e00650": min(g("qualified_dividends"), g("ordinary_dividends")),
        "e01400": g("taxable_ira_distributions"), "e01500": max(g("all_pensions"), g("taxable_pensions")),
        "e01700": g("taxable_pensions"), "e02400": g("social_security_benefits"),
        "e00700": g("taxable_state_refunds"), "e00800": g("alimony_income"), "e00900": sch_c, "e00900p": sch_c,
        "e01200": g("sale_of_business") + g("other_income"), "e02000": g("rental_real_estate_sch1"),
        "e02100": g("farm_income"), "e02100p": g("farm_income"), "e02300": g("unemployment_compensation"),
        "e03220": g("educator_expenses"), "e03290": g("hsa_deduction"), "e03150": g("ira_deduction"),
        "e03210": g("student_loan_interest_deduction"), "e03400": g("other_adjustments"),
        "e03300": 0.0 if p.get("self_employed") else g("self_employment_deductible"),
        "e07300": g("foreign_tax_credit"), "e07240": g("retirement_savings"),
        "p08000": g("plug_in_motor_vehicle") + g("alt_motor_vehicle"),
        "e09900": g("other_additional_taxes"),
        "e87521": aoc, "e87530": llc,
    }
    if p.get("itemized"):
        row |= {"e17500": g("medical_dental_expenses"),
                "e18400": g("state_local_income_or_sales_tax"),
                "e18500": g("state_local_real_estate_tax") + g("state_local_personal_property_tax"),
                "e19200": (g("home_mortgage_interest_and_points") + g("home_mortgage_interest_unreported")
                           + g("home_mortgage_points_unreported") + g("investment_interest")),
                "e19800": g("charity_cash"), "e20100": g("charity_non_cash")}
    passed = {
        "c02500": g("taxable_social_security_benefits"),           # Form 1040 line 6b
        "qbided": g("qualified_business_income"),                  # Form 1040 line 13
        "c59660": g("earned_income_credit"),                       # Form 1040 line 27
        "c09600": g("amt_f6251") + g("credit_repayment"),          # Schedule 2 lines 1 and 2
        "c07180": g("dependent_care") + g("elderly_disabled_credits"),  # Schedule 3 lines 2 and 6d
        "e00650": g("qualified_dividends"),                        # Form 1040 line 3a as printed
        "se_wages": g("total_social_security_wages") if p.get("self_employed") else wages,  # Schedule SE line 8
        "itemize": 1.0 if p.get("itemized") else 0.0,              # "Using Itemized Deductions"
        "sch_a_given": (g("other_taxes_paid") + g("casualty_and_theft_loss") + g("other_itemized_deductions"))
        if p.get("itemized") else 0.0,                             # Schedule A lines 6, 15, 16
    }
    for key, var in (("ctc", "c07220"), ("actc", "c11070"), ("education", "c07230"), ("aoc_refundable", "c10960")):
        if _given(p, GIVEN_FIELD[key]):
            passed[var] = g(GIVEN_FIELD[key])
    return row, passed


@contextlib.contextmanager
def _passing_through(calc_module, passed: dict[str, Any]) -> Iterator[None]:
    """Wrap, for the run, the taxcalc functions that compute a passed-through line: each calls
    taxcalc's own function, then sets the line to the return's amount (numpy arrays, one value
    per record; NaN: keep taxcalc's). Schedule SE line 8 is the wage base used up before the SE
    tax (``e00200p`` during ``EI_PayrollTax`` only); the itemize checkbox decides the deduction."""
    import numpy as np

    originals: dict[str, Any] = {}

    def wrap(name: str, after):
        orig = getattr(calc_module, name)
        originals[name] = orig

        def run(pol, rec):
            before = after(rec, "before")
            orig(pol, rec)
            after(rec, "after", before)
        setattr(calc_module, name, run)

    def setter(*variables: str):
        def after(rec, when, before=None):
            if when == "after":
                for v in variables:
                    new = passed.get(v)
                    if new is not None:
                        cur = getattr(rec, v)
                        setattr(rec, v, np.where(np.isnan(new), cur, new))
        return after

    def payroll(rec, when, before=None):
        # Schedule SE line 8 as the wages that use up the base (e00200p + pencon_p); earned income
        # (e00200p + SE income) keeps the wages of line 1z
        if when == "before":
            keep = rec.pencon_p.copy()
            rec.pencon_p = passed["se_wages"] - rec.e00200p
            return keep
        rec.pencon_p = before

    def itemized(rec, when, before=None):
        if when == "after":  # ItemDed: Schedule A lines taxcalc has no input for, then the checkbox
            rec.c04470 = np.where(passed["itemize"] > 0, rec.c04470 + passed["sch_a_given"], 0.0)
            rec.c21060 = np.where(passed["itemize"] > 0, rec.c21060 + passed["sch_a_given"], 0.0)

    def standard(rec, when, before=None):
        if when == "after":
            rec.standard = np.where(passed["itemize"] > 0, 0.0, rec.standard)

    def taxinc(rec, when, before=None):
        if when == "after":  # Form 1040 line 13 as given: c04800 = max(0, pre-QBID income - line 13)
            pre = rec.c04800 + rec.qbided
            rec.qbided = passed["qbided"].copy()
            rec.c04800 = np.maximum(0.0, pre - rec.qbided)

    def amt(rec, when, before=None):
        if when == "after":  # Schedule 2 line 3 as given: Form 1040 line 18 = line 16 + AMT + repayment
            rec.c09600 = passed["c09600"].copy()
            rec.c05800 = rec.taxbc + rec.c09600

    def ctc(rec, when, before=None):
        if when == "after" and "c07220" in passed:
            given = passed["c07220"]
            rec.c07220 = np.where(np.isnan(given), rec.c07220, given)
            rec.odc = np.where(np.isnan(given), rec.odc, 0.0)

    wrap("EI_PayrollTax", payroll)
    wrap("SSBenefits", setter("c02500"))
    wrap("ItemDed", itemized)
    wrap("StdDed", standard)
    wrap("TaxInc", taxinc)
    wrap("AMT", amt)
    wrap("F2441", setter("c07180"))
    wrap("SchR", lambda rec, when, before=None: setattr(rec, "c07200", np.zeros_like(rec.c07200)) if when == "after" else None)
    wrap("EITC", setter("c59660"))
    wrap("ChildDepTaxCredit", ctc)
    wrap("AmOppCreditParts", setter("c10960"))
    wrap("EducationTaxCredit", setter("c07230"))
    wrap("AdditionalCTC", setter("c11070"))
    try:
        yield
    finally:
        for name, orig in originals.items():
            setattr(calc_module, name, orig)


#: taxcalc's 2023 current law, changed where the prompt's forms print another figure (each a rule of
#: crosscheck_rules.json): alimony received is income (Schedule 1 line 2a, divorces before 2019);
#: the Standard Deduction Chart's additional amount per box ($1,850 single and head of household,
#: $1,500 otherwise; taxcalc 6.8 has $1,800 for single, head of household and qualifying surviving
#: spouse); Schedule 8812 line 9's $200,000 for every status but married filing jointly (taxcalc:
#: $400,000 for a qualifying surviving spouse); the Tax Computation Worksheet's 37% row for married
#: filing separately, over $346,875 (taxcalc 6.8: $578,125); and every credit a return computes is
#: claimed (taxcalc draws whether the additional child tax credit is taken up; 9e99 is its own
#: "always claim" setting).
POLICY_AS_PRINTED: dict[str, dict[int, Any]] = {
    "AlimonyReceived_frac_in_AGI": {TAX_YEAR: 1.0},
    "STD_Aged": {TAX_YEAR: [1850.0, 1500.0, 1500.0, 1850.0, 1500.0]},
    "CTC_ps": {TAX_YEAR: [200000.0, 400000.0, 200000.0, 200000.0, 200000.0]},
    "II_brk6": {TAX_YEAR: [578125.0, 693750.0, 346875.0, 578100.0, 693750.0]},
    "actc_claim_prob_scale": {TAX_YEAR: 9e99},
}


def compute(records: list[dict]) -> list[dict[str, float]]:
    """taxcalc's lines for each ``TaxPayer`` record, in order: the keys of :data:`COMPARED` and of
    :data:`NOT_IN_PROMPT` (dollars). One batch: a Records frame of every return, 2023 current law
    with alimony received taxable (``AlimonyReceived_frac_in_AGI`` 1: Schedule 1 line 2a is for
    divorces before 2019). Raises ImportError (install hint) without taxcalc."""
    try:
        import numpy as np
        import pandas as pd
        import taxcalc
        import taxcalc.calculator as calc_module
    except ImportError as exc:  # pragma: no cover - exercised without the extra
        raise ImportError(INSTALL_HINT) from exc
    if not records:
        return []
    rows, passed_rows = zip(*(to_record(p, i + 1) for i, p in enumerate(records)))
    frame = pd.DataFrame(list(rows)).fillna(0.0)
    keys = sorted({k for r in passed_rows for k in r})
    passed = {k: np.array([r.get(k, np.nan) for r in passed_rows], dtype=float) for k in keys}
    for k in ("c02500", "qbided", "c59660", "c09600", "c07180", "se_wages", "itemize", "sch_a_given"):
        passed[k] = np.nan_to_num(passed[k])
    recs = taxcalc.Records(data=frame, start_year=TAX_YEAR, gfactors=None, weights=None, adjust_ratios=None)
    pol = taxcalc.Policy()
    pol.implement_reform(POLICY_AS_PRINTED)
    calc = taxcalc.Calculator(policy=pol, records=recs, verbose=False)
    calc.array("e00650", passed["e00650"])  # line 3a as printed (RuleArena draws it apart from 3b)
    with _passing_through(calc_module, passed):
        calc.calc_all()
    a = calc.array
    cols = {
        "agi": a("c00100"), "taxable_income": a("c04800"), "tax": a("taxbc"), "se_tax": a("setax"),
        "ctc": a("c07220") + a("odc"), "actc": a("c11070"), "education": a("c07230"), "aoc_refundable": a("c10960"),
        "after_credits": a("c09200") - a("othertaxes"), "total_tax": a("c09200") - a("niit") - a("ptax_amc"),
        "niit": a("niit"), "ptax_amc": a("ptax_amc"),
    }
    return [{k: float(v[i]) for k, v in cols.items()} for i in range(len(records))]


#: Differences up to this many dollars on line 16 are the Tax Table's rows: the KB (the prompt's
#: formula) taxes the middle of the $50 row, taxcalc the exact income (rate schedule), so at most
#: $25 x the highest rate under $100,000 (24%).
TABLE_ROUNDING = 25 * 0.24

#: Which rules' allowances may explain a difference on each compared line (see :func:`compare`).
_MAY_EXPLAIN: dict[str, tuple[str, ...]] = {
    "agi": (), "taxable_income": (), "se_tax": (),
    "tax": ("tax_table_rows",),
    "aoc_refundable": ("form_8863_ratio_rounding",),
    "education": ("tax_table_rows", "form_8863_ratio_rounding", "education_limit_below_zero"),
    "ctc": ("tax_table_rows", "form_8863_ratio_rounding", "ctc_phaseout_thousands", "ctc_limit_below_zero",
            "education_limit_below_zero"),
    "actc": ("tax_table_rows", "form_8863_ratio_rounding", "ctc_phaseout_thousands", "ctc_limit_below_zero",
             "education_limit_below_zero", "combat_pay_earned_income", "actc_payroll_taxes"),
    "after_credits": ("tax_table_rows", "form_8863_ratio_rounding", "ctc_phaseout_thousands", "ctc_limit_below_zero",
                      "education_limit_below_zero"),
    "total_tax": ("tax_table_rows", "form_8863_ratio_rounding", "ctc_phaseout_thousands", "ctc_limit_below_zero",
                  "education_limit_below_zero"),
}


def _allowances(p: dict, kb: dict[str, Fraction], tc: dict[str, float]) -> dict[str, float]:
    """Rule -> the largest difference (dollars) it can make on a line after it, for this return;
    only rules whose condition holds. ``tax_table_rows``: the line-16 difference when the KB used
    the Tax Table and it is within $6; ``form_8863_ratio_rounding``: AGI inside Form 8863's
    phase-out (lines 6 and 17 are "rounded to three places", taxcalc's ratio is exact), 0.0005 of
    the tentative credits; ``ctc_phaseout_thousands``: AGI over Schedule 8812 line 9 (line 10
    rounds the excess up to a multiple of $1,000, taxcalc does not), 5% of $1,000;
    ``ctc_limit_below_zero``: the KB's line 19 is negative (Credit Limit Worksheet A line 3 has no
    floor as printed; taxcalc's credit is 0), its size; ``actc_payroll_taxes``: three or more
    qualifying children (unbounded: taxcalc's Part II-B counts payroll taxes the prompt omits)."""
    out: dict[str, float] = {}
    d16 = abs(float(kb["tax"]) - tc["tax"]) if "tax" in kb else 0.0
    if 0.01 < d16 <= TABLE_ROUNDING + 0.01 and _uses_table(p, kb):
        out["tax_table_rows"] = d16
    joint = str(p.get("filing_status", "")).lower() == "married filing jointly"
    agi = float(kb.get("agi", 0))
    room, width = (180000 if joint else 90000) - agi, (20000 if joint else 10000)
    if 0 < room < width and p.get("student_list"):
        aoc, llc = _aoc_tentative(p["student_list"])
        out["form_8863_ratio_rounding"] = 0.0005 * (aoc + 0.2 * min(llc, 10000.0))
    if agi > (400000 if joint else 200000):
        out["ctc_phaseout_thousands"] = 50.0
    if kb.get("ctc", Fraction(0)) < 0:
        out["ctc_limit_below_zero"] = -float(kb["ctc"])
    if kb.get("education", Fraction(0)) < 0:
        out["education_limit_below_zero"] = -float(kb["education"])
    if _num(p.get("nontaxable_combat_pay")) > 0:
        out["combat_pay_earned_income"] = 0.15 * _num(p.get("nontaxable_combat_pay"))
    if int(p.get("num_qualifying_children") or 0) >= 3:
        out["actc_payroll_taxes"] = float("inf")
    return out


def _uses_table(p: dict, kb: dict[str, Fraction]) -> bool:
    """The KB's line 16 came from the Tax Table: taxable income under $100,000, or, on the Qualified
    Dividends and Capital Gain Tax Worksheet (line 3a more than zero), its line 5 (taxable income
    less line 3a) under $100,000 (worksheet line 22)."""
    ti = kb.get("taxable_income", Fraction(0))
    qd = Fraction(str(_num(p.get("qualified_dividends"))))
    return ti < 100000 or (qd > 0 and ti - min(qd, ti) < 100000)


def compare(p: dict, kb: dict[str, Fraction], tc: dict[str, float]) -> dict[str, dict[str, Any]]:
    """Key -> ``{"kb", "taxcalc", "diff", "status", "rules"}`` for each line of :data:`COMPARED`
    both compute (a line the problem gives is passed through, not compared); ``diff`` is taxcalc
    minus the KB in dollars. Status: ``equal`` (within $0.01); ``table`` (within the Tax Table's
    rounding alone: rule ``tax_table_rows``); ``explained`` (within the sum of the allowances of the
    rules that may explain the line and whose condition holds, :func:`_allowances`; ``rules``
    names them); ``unexplained``."""
    out: dict[str, dict[str, Any]] = {}
    allow = _allowances(p, kb, tc)
    for key in COMPARED:
        if key in GIVEN_FIELD and _given(p, GIVEN_FIELD[key]):
            continue
        if key not in kb:
            continue
        k, t = float(kb[key]), tc[key]
        diff = t - k
        status, rules = "equal", []
        if abs(diff) > 0.01:
            rules = [r for r in _MAY_EXPLAIN[key] if r in allow]
            if r"actc_payroll_taxes" in rules and not (key == "actc" and diff > 0):
                rules.remove("actc_payroll_taxes")
            if rules and abs(diff) <= sum(allow[r] for r in rules) + 0.01:
                status = "table" if rules == ["tax_table_rows"] else "explained"
            else:
                status, rules = "unexplained", []
        out[key] = {"kb": k, "taxcalc": t, "diff": diff, "status": status, "rules": rules}
    return out
