"""The Form 1040 domain: RuleArena's tax returns as a knowledge-base plug-in.

Facts: ``filing_status/1``, ``age/2``, ``blind/2``, ``itemized_deductions/1``,
``qualifying_children/1``, ``other_dependents/1``, ``form_line/3``, ``student_expenses/2``,
``student_answer/3`` (``events.pl``); query ``amount_owed(X)`` (Form 1040 line 37, exact dollars;
negative = overpaid). The answer is the exact amount as decimal text (RuleArena compares tax
answers within ``numpy.isclose``, so whole dollars would not do).

The domain's checks (:func:`return_issues`), each a class of translation mistake, read against
the return's text (:func:`taxlogic.kb.form1040.reading.read_forms`):

* ``line_label``: a ``form_line`` fact whose line is not a quoted atom (``25`` for ``'25'``: the
  KB would never read it);
* ``line_amount``: a ``form_line`` fact whose amount is not the one the text prints on that line
  of that form, or that names a line the form does not print (an amount on the wrong line);
* ``line_to_compute``: a ``form_line`` fact for a line the text marks ``[__]`` or ``$TBD``;
* ``coverage_line``: a line the text prints with an amount and no fact states (a dropped line),
  or stated more than once;
* ``coverage_field``: filing status, ages, blindness, itemizing and dependents not exactly once
  each or not as printed; ``coverage_student``: a Form 8863 Part III student's expenses or
  answers not as printed.
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

__all__ = ["DOMAIN", "Form1040Domain", "exact_text", "return_issues"]

_FACT = re.compile(r"^([a-z_]+)\((.*)\)\.(?:\s+%.*)?$")


def _args(text: str, strip: bool) -> list[str]:
    return [a.strip().strip("'") if strip else a.strip() for a in text.split(",")]


def fact_rows(canonical: str, *, strip: bool = True) -> dict[str, list[list[str]]]:
    """Canonical fact lines -> {predicate: [args as text]}, quotes removed unless ``strip`` is False."""
    out: dict[str, list[list[str]]] = {}
    for line in canonical.splitlines():
        m = _FACT.match(line.strip())
        if m:
            out.setdefault(m[1], []).append(_args(m[2], strip) if m[2] else [])
    return out


def _amount(text: str) -> Fraction | None:
    from taxlogic.kb.form1040 import fact_amount

    return fact_amount(text.replace(" ", ""))


def exact_text(x: Fraction) -> str:
    """An exact amount as text: decimal when it terminates (``28517.603227735``), else ``n/d``."""
    d = x.denominator
    twos = fives = 0
    while d % 2 == 0:
        d //= 2
        twos += 1
    while d % 5 == 0:
        d //= 5
        fives += 1
    if d != 1:
        return f"{x.numerator}/{x.denominator}"
    places = max(twos, fives)
    scaled = abs(x.numerator) * 10 ** places // x.denominator
    sign = "-" if x < 0 else ""
    if places == 0:
        return f"{sign}{scaled}"
    digits = str(scaled).rjust(places + 1, "0")
    return f"{sign}{digits[:-places]}.{digits[-places:]}".rstrip("0").rstrip(".")


def return_issues(text: str, canonical: str) -> list:
    """The domain's checks (module doc) of ``canonical`` facts against the return ``text``; a list
    of :class:`~taxlogic.core.Issue`."""
    from taxlogic.core import Issue
    from taxlogic.kb.form1040 import FILING_STATUSES
    from taxlogic.kb.form1040.reading import basic_info, read_forms

    facts = fact_rows(canonical)
    issues: list[Issue] = []
    printed = [fl for fl in read_forms(text) if fl.form != "f8863_part_iii"]
    by_line = {(fl.form, fl.line): fl for fl in printed}
    stated: dict[tuple[str, str], list[Fraction | None]] = {}
    for raw in fact_rows(canonical, strip=False).get("form_line", []):
        if len(raw) != 3:
            continue
        args = [a.strip("'") for a in raw]
        if not raw[1].startswith("'"):  # 25 is not the atom '25': the KB would never read the fact
            issues.append(Issue(kind="line_label", message=(
                f"form_line({', '.join(raw)}): write the line as a quoted atom, form_line({args[0]}, '{args[1]}', {args[2]})")))
            continue
        key = (args[0], args[1])
        amount = _amount(args[2])
        stated.setdefault(key, []).append(amount)
        fl = by_line.get(key)
        if fl is None:
            issues.append(Issue(kind="line_amount", message=(
                f"form_line({args[0]}, '{args[1]}', {args[2]}): the text prints no line {args[1]} on {args[0]}; "
                f"state each amount on the form and line it is printed on")))
        elif not fl.given:
            issues.append(Issue(kind="line_to_compute", message=(
                f"form_line({args[0]}, '{args[1]}', {args[2]}): {args[0]} line {args[1]} is marked {fl.entry or 'with no amount'} "
                f"in the text (\"{fl.text[:60]}\"): the rules compute it; remove this fact")))
        elif amount != fl.amount:
            issues.append(Issue(kind="line_amount", message=(
                f"form_line({args[0]}, '{args[1]}', {args[2]}): the text prints {fl.entry} on {args[0]} line {args[1]} "
                f"(\"{fl.text[:60]}\")")))
    for fl in printed:
        if not fl.given:
            continue
        n = len(stated.get((fl.form, fl.line), []))
        if n != 1:
            issues.append(Issue(kind="coverage_line", message=(
                f"{fl.form} line {fl.line} (\"{fl.text[:60]}\") prints {fl.entry}: state it exactly once as "
                f"form_line({fl.form}, '{fl.line}', {fl.amount if fl.amount.denominator == 1 else float(fl.amount)}); "
                f"found {n}")))
    info = basic_info(text)
    expected: dict[str, list[list[str]]] = {}
    if "filing_status" in info:
        expected["filing_status"] = [[FILING_STATUSES.get(info["filing_status"].lower(), "?")]]
    ages = [["you", info["age"]]] if "age" in info else []
    if "spouse_age" in info:
        ages.append(["spouse", info["spouse_age"]])
    if ages:
        expected["age"] = ages
    blind = [[who, info[key].lower()] for who, key in (("you", "blind"), ("spouse", "spouse_blind")) if key in info]
    if blind:
        expected["blind"] = blind
    for pred, key in (("itemized_deductions", "itemized"), ("qualifying_children", "qualifying_children"),
                      ("other_dependents", "other_dependents")):
        if key in info:
            expected[pred] = [[info[key].lower()]]
    for pred, want in expected.items():
        got = sorted(facts.get(pred, []))
        if got != sorted(want):
            shown = " ".join(f"{pred}({', '.join(a)})." for a in want)
            issues.append(Issue(kind="coverage_field", message=(
                f"the text gives {shown} but the facts state "
                f"{' '.join(f'{pred}({chr(44).join(a)}).' for a in got) or 'none'}")))
    students = [fl for fl in read_forms(text) if fl.form == "f8863_part_iii"]
    want_exp = sorted([str(fl.student), str(fl.amount)] for fl in students if fl.line == "21" and fl.given)
    got_exp = sorted([a[0], str(_amount(a[1]))] for a in facts.get("student_expenses", []) if len(a) == 2)
    want_ans = sorted([str(fl.student), f"'{fl.line}'", fl.entry.lower()] for fl in students
                      if fl.line in ("23", "24", "25", "26") and fl.entry in ("Yes", "No"))
    got_ans = sorted(a for a in fact_rows(canonical, strip=False).get("student_answer", []) if len(a) == 3)
    if want_exp != got_exp or want_ans != got_ans:
        issues.append(Issue(kind="coverage_student", message=(
            "Form 8863 Part III: state student_expenses(Student, Amount) for each student's line 21 and "
            "student_answer(Student, Line, yes|no) for lines '23'-'26' (quoted atoms), students numbered 1, 2, ... "
            "in the order printed; "
            f"the text prints {len(want_exp)} student(s)")))
    return issues


class Form1040Domain:
    name = "form1040"

    def rule_set(self):
        from taxlogic.kb.form1040 import form1040_rules

        return form1040_rules()

    def system_prompt(self, rules, kind: str) -> str:
        from taxlogic.prompts import domain_system

        return domain_system("form1040", str(rules.prolog_dir))

    def user_prompt(self, case, query, exemplars: str = "") -> str:
        head = exemplars.rstrip("\n") + "\n\n" if exemplars else ""
        return (f"{head}TEXT:\n{case.text.strip()}\n\nThe rules will answer with the query: {query}\n\n"
                "Output ONLY the Prolog facts, nothing else.")

    def query_job(self, case, query, canonical):
        from taxlogic.tools.engine import Job

        return Job(facts=canonical, query=query, mode="all", var=case.answer_var or "X")

    def answer_of(self, case, outcome) -> Any:
        from taxlogic.core import Answer

        if outcome.status != "values":
            return Answer(reason=outcome.summary())
        nums = outcome.numbers
        if len(nums) != len(outcome.values) or not nums:
            return Answer(reason=f"non-numeric amount(s): {', '.join(outcome.values)}")
        distinct = {Fraction(n) for n in nums}
        if len(distinct) > 1:
            return Answer(reason=f"several distinct amounts: {', '.join(exact_text(v) for v in sorted(distinct))}")
        return Answer(value=exact_text(distinct.pop()))

    def inspect(self, case, query, canonical, outcome, rules) -> list:
        return return_issues(case.text, canonical)



DOMAIN = Form1040Domain()
