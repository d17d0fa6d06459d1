"""Seeded returns in RuleArena's ``TaxPayer`` shape, drawn by the project (not RuleArena's
generator): the inputs of ``taxlogic eval crosscheck --generate N --seed S`` and of the tests.

:func:`generate` draws ``n`` returns at levels 0-2 in turn, the level deciding which forms are
filled as RuleArena's levels do (0: Form 1040 and Schedules 1-3 with every credit given; 1 and 2:
Schedule C and SE, Schedule A, Schedule 8812 and Form 8863 each attached with probability 0.4
and 0.85, their lines left to compute). Over every filing status, ages around 65 (the chart's
boxes) and blindness, 0-4 qualifying children and 0-2 other dependents, 0-3 students with every
Form 8863 Part III answer, Schedule C net profits and losses around the $400 of Schedule SE line
4c (and far from it), and social security wages around the $160,200 wage base. Amounts are whole
dollars; a taxable part never exceeds its total (lines 4a/4b, 5a/5b, 6a/6b) and qualified
dividends never exceed ordinary ones, as on a real return. The same ``seed`` gives the same
returns.
"""

from __future__ import annotations

import random
from typing import Any

__all__ = ["STATUSES", "generate", "generate_one"]

STATUSES = ("single", "married filing jointly", "married filing separately", "head of household",
            "qualifying surviving spouse")
WAGE_BASE = 160200
#: Form 8863 Part III: the answer to lines 23-26 that leads to the American opportunity credit
#: (drawn more often, so both credits are common).
_AOC_ANSWER = {23: "No", 24: "Yes", 25: "No", 26: "No"}


def _amount(rng: random.Random, top: int, zero: float = 0.3) -> float:
    return 0.0 if rng.random() < zero else float(rng.randint(1, top))


def _schedule_c(rng: random.Random) -> dict[str, float]:
    """Schedule C lines 1-30 whose net (line 31) is, in turn: a loss, a small profit around the
    $400 of Schedule SE line 4c ($400 / 0.9235 = $433.13), or a profit."""
    kind = rng.choice(["loss", "around_400", "around_400", "profit"])
    net = {"loss": -rng.randint(1, 20000), "around_400": rng.randint(380, 480),
           "profit": rng.randint(1000, 150000)}[kind]
    receipts = rng.randint(max(0, net), max(0, net) + 60000)
    returns, cogs, other, home = (rng.randint(0, 3000), rng.randint(0, 15000), rng.randint(0, 2000),
                                  rng.randint(0, 5000))
    expenses = receipts - returns - cogs + other - home - net
    if expenses < 0:  # put the rest in receipts so line 28 is an expense
        receipts -= expenses
        expenses = 0
    return {"gross_receipts": receipts, "returns_and_allowances": returns, "cost_of_goods_sold": cogs,
            "other_inc_sched_c": other, "total_expenses": expenses, "expenses_of_home": home}


def generate_one(rng: random.Random, level: int) -> dict[str, Any]:
    """One return at ``level`` (0, 1 or 2) drawn from ``rng``. Raises ValueError for another level."""
    if level not in (0, 1, 2):
        raise ValueError(f"level must be 0, 1 or 2, not {level}")
    attach = {0: 0.0, 1: 0.4, 2: 0.85}[level]
    status = rng.choice(STATUSES)
    age = rng.choice([rng.randint(18, 64), 64, 65, rng.randint(65, 90)])
    wages = float(rng.choice([rng.randint(0, 40000), rng.randint(40000, 150000),
                              WAGE_BASE + rng.randint(-5000, 5000), rng.randint(160000, 400000)]))
    ira, pensions, ss = _amount(rng, 30000), _amount(rng, 40000), _amount(rng, 30000)
    ordinary = _amount(rng, 8000)
    p: dict[str, Any] = {
        "name": "Generated", "age": age, "spouse_age": rng.choice([rng.randint(18, 64), 65, rng.randint(65, 90)]),
        "filing_status": status, "blind": rng.random() < 0.15, "spouse_blind": rng.random() < 0.15,
        "itemized": False, "self_employed": False, "has_student_loans_or_education_expenses": False,
        "num_qualifying_children": 0, "num_other_dependents": 0,
        "wage_tip_compensation": wages, "household_employee_wage": _amount(rng, 3000, 0.7),
        "unreported_tip": _amount(rng, 5000, 0.7), "nontaxable_combat_pay": _amount(rng, 5000, 0.8),
        "tax_exempt_interest": _amount(rng, 5000), "taxable_interest": _amount(rng, 10000),
        "qualified_dividends": float(rng.randint(0, int(ordinary))) if ordinary and rng.random() < 0.5 else 0.0,
        "ordinary_dividends": ordinary,
        "ira_distributions": ira, "taxable_ira_distributions": float(rng.randint(0, int(ira))),
        "all_pensions": pensions, "taxable_pensions": float(rng.randint(0, int(pensions))),
        "social_security_benefits": ss, "taxable_social_security_benefits": float(rng.randint(0, int(ss * 0.85))),
        "qualified_business_income": _amount(rng, 8000, 0.5), "federal_income_tax_withheld": _amount(rng, 30000, 0.1),
        "earned_income_credit": _amount(rng, 3000, 0.85),
        "taxable_state_refunds": _amount(rng, 2000), "alimony_income": _amount(rng, 10000, 0.7),
        "sale_of_business": _amount(rng, 30000, 0.6), "rental_real_estate_sch1": 0.0, "farm_income": 0.0,
        "unemployment_compensation": _amount(rng, 10000, 0.7), "other_income": _amount(rng, 3000, 0.6),
        "educator_expenses": _amount(rng, 300, 0.7), "hsa_deduction": _amount(rng, 3000, 0.6),
        "ira_deduction": _amount(rng, 6000, 0.6), "student_loan_interest_deduction": _amount(rng, 2500, 0.6),
        "other_adjustments": _amount(rng, 1000, 0.7),
        "amt_f6251": _amount(rng, 5000, 0.7), "credit_repayment": _amount(rng, 1000, 0.8),
        "other_additional_taxes": _amount(rng, 2000, 0.6),
        "foreign_tax_credit": _amount(rng, 800, 0.6), "dependent_care": _amount(rng, 600, 0.6),
        "retirement_savings": _amount(rng, 1000, 0.6), "elderly_disabled_credits": _amount(rng, 500, 0.7),
        "plug_in_motor_vehicle": _amount(rng, 7500, 0.7), "alt_motor_vehicle": _amount(rng, 1000, 0.7),
        "additional_child_tax_credit": 0.0, "ctc_or_other_dependent_credit": _amount(rng, 4000, 0.6),
        "american_opportunity_credit": 0.0, "business_income": 0.0, "self_employment_deductible": 0.0,
        "education_credits": _amount(rng, 2000, 0.7), "other_credits_or_payments": 0.0,
        "child_and_dependent": False,
    }
    if level and rng.random() < attach:  # Schedule C and SE
        p |= {"self_employed": True, "business_income": "$TBD", "self_employment_deductible": "$TBD",
              **{k: float(v) for k, v in _schedule_c(rng).items()},
              "total_social_security_wages": float(rng.choice([wages, WAGE_BASE + rng.randint(-3000, 3000),
                                                               rng.randint(0, 200000)]))}
    if level and rng.random() < attach:  # Schedule A
        p |= {"itemized": True, "medical_dental_expenses": _amount(rng, 20000),
              "state_local_income_or_sales_tax": _amount(rng, 12000), "state_local_real_estate_tax": _amount(rng, 8000),
              "state_local_personal_property_tax": _amount(rng, 3000), "other_taxes_paid": _amount(rng, 2000, 0.6),
              "home_mortgage_interest_and_points": _amount(rng, 25000), "home_mortgage_interest_unreported": _amount(rng, 2000, 0.6),
              "home_mortgage_points_unreported": _amount(rng, 500, 0.6), "investment_interest": _amount(rng, 3000, 0.5),
              "charity_cash": _amount(rng, 3000), "charity_non_cash": _amount(rng, 1000),
              "casualty_and_theft_loss": _amount(rng, 5000, 0.7), "other_itemized_deductions": _amount(rng, 1000, 0.6)}
    if level and rng.random() < attach:  # Schedule 8812
        p |= {"child_and_dependent": True, "num_qualifying_children": rng.randint(0, 4),
              "num_other_dependents": rng.randint(0, 2), "ctc_or_other_dependent_credit": "[__]",
              "additional_child_tax_credit": "[__]"}
    if level and rng.random() < attach:  # Form 8863
        students = [{"qualified_student_expenses": rng.choice([0, 900, 2000, 2500, 3999, 4000, 4001, 12000, 15000]),
                     **{f"f8863_part_iii_{n}": rng.choice(["Yes", "No"] + [_AOC_ANSWER[n]] * 2) for n in (23, 24, 25, 26)}}
                    for _ in range(rng.randint(1, 3))]
        p |= {"has_student_loans_or_education_expenses": True, "num_students": len(students), "student_list": students,
              "education_credits": "$TBD", "american_opportunity_credit": "$TBD"}
    return p


def generate(n: int, seed: int = 0, levels: tuple[int, ...] = (0, 1, 2)) -> list[dict[str, Any]]:
    """``n`` problems ``{"id": "gen-S-i", "level", "pydantic"}`` (the shape of RuleArena's derived
    JSONL without a label), levels taken in turn from ``levels``, all drawn from ``random.Random(seed)``.
    Raises ValueError for a level outside 0-2 or a negative ``n``."""
    if n < 0:
        raise ValueError("n must be 0 or more")
    rng = random.Random(seed)
    return [{"id": f"gen-{seed}-{i}", "level": levels[i % len(levels)],
             "pydantic": generate_one(rng, levels[i % len(levels)])} for i in range(n)]
