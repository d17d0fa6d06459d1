"""An independent Python reading of RuleArena's tax forms (Form 1040, Schedules 1, 2, 3, A, C,
SE, 8812, Form 8863 as its prompt prints them, with the sentence of the IRS's Schedule SE line 4c
the prompt omits: no self-employment tax under $400, kb/form1040/data/errata.json note N1), written
apart from the Prolog KB, in exact Fractions. ``reading="forms"`` follows the forms;
``reading="rulearena"`` swaps in the departure documented there as erratum E1 (Form 1040 line 22
without its floor at zero).

Independent of the KB's code, not of its reading: the same team read the same excerpt, so a
misreading shared by both passes here. The outside check is Tax-Calculator
(``taxlogic eval crosscheck``, kb/form1040/taxcalc.py)."""

from __future__ import annotations

import math
from fractions import Fraction as F

MFJ_LIKE = ("married filing jointly", "qualifying surviving spouse")
TABLE = {  # (over, rate, subtraction), rounded taxable income under $100,000
    "single": [(0, "0.10", 0), (11000, "0.12", 220), (44725, "0.22", "4692.50"), (95375, "0.24", 6600)],
    "mfj": [(0, "0.10", 0), (22000, "0.12", 440), (89450, "0.22", 9385)],
    "hoh": [(0, "0.10", 0), (15700, "0.12", 314), (59850, "0.22", 6299), (95350, "0.24", 8206)],
}
WORKSHEET = {
    "single": [(100000, "0.24", 6600), (182100, "0.32", 21168), (231250, "0.35", "28105.50"), (578125, "0.37", 39668)],
    "mfj": [(100000, "0.22", 9385), (190750, "0.24", 13200), (364200, "0.32", 42336), (462500, "0.35", 56211),
            (693750, "0.37", 70086)],
    "mfs": [(100000, "0.24", 6600), (182100, "0.32", 21168), (231250, "0.35", "28105.50"), (346875, "0.37", 35043)],
    "hoh": [(100000, "0.24", 8206), (182100, "0.32", 22774), (231250, "0.35", "29711.50"), (578125, "0.37", "41273.50")],
}
TABLE["mfs"] = TABLE["single"]
SECTION = {"single": "single", "married filing jointly": "mfj", "qualifying surviving spouse": "mfj",
           "married filing separately": "mfs", "head of household": "hoh"}
BASE_DEDUCTION = {"single": 13850, "married filing separately": 13850, "married filing jointly": 27700,
                  "qualifying surviving spouse": 27700, "head of household": 20800}
CHART = {("single", 1): 15700, ("single", 2): 17550, ("married filing jointly", 1): 29200,
         ("married filing jointly", 2): 30700, ("married filing jointly", 3): 32200,
         ("married filing jointly", 4): 33700, ("qualifying surviving spouse", 1): 29200,
         ("qualifying surviving spouse", 2): 30700, ("married filing separately", 1): 15350,
         ("married filing separately", 2): 16850, ("head of household", 1): 22650, ("head of household", 2): 24500}


def tax(income: F, status: str) -> F:
    sec = SECTION[status]
    if income < 100000:
        base, rows = F(math.floor(income / 50) * 50 + 25), TABLE[sec]
    else:
        base, rows = income, WORKSHEET[sec]
    over, rate, sub = [r for r in rows if base > r[0] or r[0] == 0][-1]
    return base * F(rate) - F(sub)


def round3(x: F) -> F:
    return F(math.floor(x * 1000 + F(1, 2)), 1000)


def amount_owed(p: dict, reading: str = "forms") -> F:
    def g(k):
        v = p.get(k)
        return F(0) if v is None or isinstance(v, str) else F(str(v))

    fs, ra = p["filing_status"], reading == "rulearena"
    mfj = fs == "married filing jointly"
    c31 = se12 = se13 = F(0)
    if p.get("self_employed"):
        c31 = (g("gross_receipts") - g("returns_and_allowances") - g("cost_of_goods_sold") + g("other_inc_sched_c")
               - g("total_expenses") - g("expenses_of_home"))
        se4 = c31 * F("0.9235") if c31 > 0 else c31
        if se4 >= 400:  # Schedule SE line 4c: "If less than $400, stop; you don't owe self-employment tax"
            se9 = max(F(0), 160200 - g("total_social_security_wages"))
            se10 = F(0) if g("total_social_security_wages") >= 160200 else min(se4, se9) * F("0.124")
            se12 = se10 + se4 * F("0.029")
            se13 = se12 / 2
    income = (g("wage_tip_compensation") + g("household_employee_wage") + g("unreported_tip"))
    l1z = income
    s1_10 = sum(g(k) for k in ("taxable_state_refunds", "alimony_income", "sale_of_business", "rental_real_estate_sch1",
                               "farm_income", "unemployment_compensation", "other_income")) + c31
    s1_26 = sum(g(k) for k in ("educator_expenses", "hsa_deduction", "ira_deduction", "student_loan_interest_deduction",
                               "other_adjustments")) + (se13 if p.get("self_employed") else g("self_employment_deductible"))
    l9 = l1z + sum(g(k) for k in ("taxable_interest", "ordinary_dividends", "taxable_ira_distributions",
                                  "taxable_pensions", "taxable_social_security_benefits")) + s1_10
    l11 = l9 - s1_26
    if p.get("itemized"):
        salt = min(g("state_local_income_or_sales_tax") + g("state_local_real_estate_tax")
                   + g("state_local_personal_property_tax"), F(5000 if fs == "married filing separately" else 10000))
        l12 = (max(F(0), g("medical_dental_expenses") - l11 * F("0.075")) + salt + g("other_taxes_paid")
               + sum(g(k) for k in ("home_mortgage_interest_and_points", "home_mortgage_interest_unreported",
                                    "home_mortgage_points_unreported", "investment_interest", "charity_cash",
                                    "charity_non_cash", "casualty_and_theft_loss", "other_itemized_deductions")))
    else:
        boxes = (p["age"] >= 65) + bool(p.get("blind"))
        if mfj:
            boxes += ((p.get("spouse_age") or 0) >= 65) + bool(p.get("spouse_blind"))
        l12 = F(CHART[(fs, boxes)] if boxes else BASE_DEDUCTION[fs])
    l15 = max(F(0), l11 - l12 - g("qualified_business_income"))
    qd = g("qualified_dividends")
    if qd > 0:  # Qualified Dividends and Capital Gain Tax Worksheet
        w5 = max(F(0), l15 - qd)
        w7 = min(l15, F({"mfj": 89250, "hoh": 59750}.get(SECTION[fs], 44625)))
        w9 = w7 - min(w5, w7)
        w10 = min(l15, qd)
        cap = {"single": 492300, "married filing separately": 276900, "head of household": 523050}.get(fs, 553850)
        w17 = min(w10 - w9, max(F(0), min(l15, F(cap)) - (w5 + w9)))
        l16 = min(w17 * F("0.15") + (w10 - w9 - w17) * F("0.20") + tax(w5, fs), tax(l15, fs))
    else:
        l16 = tax(l15, fs)
    l18 = l16 + g("amt_f6251") + g("credit_repayment")
    sch3_nonedu = sum(g(k) for k in ("foreign_tax_credit", "dependent_care", "retirement_savings",
                                     "elderly_disabled_credits", "plug_in_motor_vehicle", "alt_motor_vehicle"))
    if p.get("student_list") is not None and isinstance(p.get("education_credits"), str):  # Form 8863
        aoc = llc = F(0)
        for s in p["student_list"]:
            e = F(s["qualified_student_expenses"])
            if [s[f"f8863_part_iii_{n}"] for n in (23, 24, 25, 26)] == ["No", "Yes", "No", "No"]:
                e27 = min(e, F(4000))
                aoc += e27 if e27 <= 2000 else 2000 + (e27 - 2000) / 4
            else:
                llc += e
        limit, width = F(180000 if mfj else 90000), F(20000 if mfj else 10000)
        room = limit - l11
        ratio = F(1) if room >= width else round3(room / width)
        l7 = aoc * ratio if room > 0 else F(0)
        l29, l9_8863 = l7 * F("0.4"), l7 * F("0.6")
        l18_8863 = F(0) if llc == 0 or room <= 0 else min(llc, F(10000)) * F("0.2") * ratio
        edu = F(0) if room <= 0 else min(l18_8863 + l9_8863, l18 - (g("foreign_tax_credit") + g("dependent_care")
                                                                     + g("elderly_disabled_credits")))
    else:
        edu, l29 = g("education_credits"), g("american_opportunity_credit")
    s3_8 = sch3_nonedu + edu
    if isinstance(p.get("ctc_or_other_dependent_credit"), str):  # Schedule 8812
        kids = p["num_qualifying_children"]
        k8 = F(kids * 2000 + p["num_other_dependents"] * 500)
        over = l11 - (400000 if mfj else 200000)
        k11 = F(0) if over <= 0 else F(math.ceil(over / 1000) * 1000) * F("0.05")
        if k8 > k11:
            k12 = k8 - k11
            k14 = min(k12, l18 - (g("foreign_tax_credit") + g("dependent_care") + edu + g("retirement_savings")
                                  + g("elderly_disabled_credits")))
            k16a, k16b = k12 - k14, F(kids * 1600)
            if k16a == 0 or k16b == 0:
                k27 = F(0)
            else:
                k17 = min(k16a, k16b)
                earned = l1z + g("nontaxable_combat_pay") + (c31 if p.get("self_employed") else 0)
                k18a = F(0) if earned <= 0 else earned - se13
                k20 = max(F(0), k18a - 2500) * F("0.15")
                if k16b < 4800:
                    k27 = min(k17, k20)
                elif k20 >= k17:
                    k27 = k17
                else:
                    k27 = min(k17, max(k20, max(F(0), se13 - g("earned_income_credit"))))
        else:
            k14 = k27 = F(0)
        l19, l28 = k14, k27
    else:
        l19, l28 = g("ctc_or_other_dependent_credit"), g("additional_child_tax_credit")
    l22 = l18 - l19 - s3_8
    if not ra:
        l22 = max(F(0), l22)
    l24 = l22 + se12 + g("other_additional_taxes")
    l33 = g("federal_income_tax_withheld") + g("earned_income_credit") + l28 + l29
    return l24 - l33
