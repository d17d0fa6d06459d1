"""The airline domain: RuleArena's American Airlines baggage fees as a knowledge-base plug-in.

Facts: ``customer_class/1``, ``route/2``, ``ticket_price/1``, ``item/6`` (``events.pl``); query:
``total_cost(X)`` (dollars: ticket price plus checked-bag fees). The domain's checks (:func:`passenger_issues`):
every item the text lists ("3. A luggage box: 34 x 18 x 12 inches, 51 lbs") appears exactly once
with its number, three dimensions and weight; the ticket price the text states is the one in the
facts; one cabin class and one route.
"""

from __future__ import annotations

import re
from typing import Any

_ITEM = re.compile(r"(?m)^\s*(\d+)\.\s*An?\s+([^:]+):\s*(\d+(?:\.\d+)?)\s*x\s*(\d+(?:\.\d+)?)\s*x\s*(\d+(?:\.\d+)?)\s*inches,\s*(\d+(?:\.\d+)?)\s*lbs")
_PRICE = re.compile(r"ticket is \$\s?(\d[\d,]*(?:\.\d+)?)")
_FACT = re.compile(r"^([a-z_]+)\((.*?)\)\.(?:\s+%.*)?$")  # canonical text may close a fact with an anchor comment


def text_items(text: str) -> list[tuple[int, str, float, float, float, float]]:
    """Items listed in a RuleArena airline problem: (number, kind, L, W, H, weight)."""
    return [(int(m[1]), m[2].strip().lower(), float(m[3]), float(m[4]), float(m[5]), float(m[6])) for m in _ITEM.finditer(text)]


def fact_table(canonical: str) -> dict[str, list[list[str]]]:
    """Canonical fact lines -> {predicate: [args, ...]} (args as text; canonical facts are flat)."""
    out: dict[str, list[list[str]]] = {}
    for line in canonical.splitlines():
        m = _FACT.match(line.strip())
        if m:
            out.setdefault(m[1], []).append([a.strip() for a in m[2].split(",")] if m[2] else [])
    return out


def _num(text: str) -> float | None:
    try:
        return float(text)
    except ValueError:
        return None


def passenger_issues(text: str, canonical: str) -> list:
    """The airline domain's checks (module doc): each listed item once with its number, dimensions
    and weight (``coverage_item``), the stated ticket price (``coverage_amount``), one cabin class
    and one route (``coverage_field``); a list of :class:`~taxlogic.core.Issue`."""
    from taxlogic.core import Issue

    facts = fact_table(canonical)
    issues: list[Issue] = []
    items = {}
    for args in facts.get("item", []):
        if len(args) == 6:
            items.setdefault(args[0], []).append(args)
    for num, kind, length, width, height, weight in text_items(text):
        got = items.get(str(num), [])
        if len(got) != 1:
            issues.append(Issue(kind="coverage_item", message=(
                f"item {num} ({kind}, {length:g} x {width:g} x {height:g} inches, {weight:g} lbs) must appear exactly once "
                f"as item({num}, Kind, Length, Width, Height, Weight); found {len(got)}")))
            continue
        dims = [_num(a) for a in got[0][2:5]]
        if sorted(d or -1 for d in dims) != sorted([length, width, height]) or _num(got[0][5]) != weight:
            issues.append(Issue(kind="coverage_item", message=(
                f"item {num} is {length:g} x {width:g} x {height:g} inches and {weight:g} lbs in the text, "
                f"but the facts say item({', '.join(got[0])})")))
    extra = set(items) - {str(n) for n, *_ in text_items(text)}
    if text_items(text) and extra:
        issues.append(Issue(kind="coverage_item", message=f"items {', '.join(sorted(extra))} are not in the text"))
    m = _PRICE.search(text)
    prices = facts.get("ticket_price", [])
    if m:
        price = float(m[1].replace(",", ""))
        if len(prices) != 1 or _num(prices[0][0]) != price:
            issues.append(Issue(kind="coverage_amount", message=f"the ticket costs ${price:g}: state exactly one ticket_price({price:g})"))
    for pred, what in (("customer_class", "cabin class"), ("route", "route")):
        if len(facts.get(pred, [])) != 1:
            issues.append(Issue(kind="coverage_field", message=f"state exactly one {pred} fact (the passenger's {what})"))
    return issues


class AirlineDomain:
    name = "airline"

    def rule_set(self):
        from taxlogic.kb.airline import airline_rules

        return airline_rules()

    def system_prompt(self, rules, kind: str) -> str:
        from taxlogic.prompts import domain_system

        return domain_system("airline", str(rules.prolog_dir))

    def user_prompt(self, case, query, exemplars: str = "") -> str:
        head = exemplars.rstrip("\n") + "\n\n" if exemplars else ""
        return f"{head}TEXT:\n{case.text.strip()}\n\nThe rules will answer with the query: {query}\n\nOutput ONLY the Prolog facts, nothing else."

    def query_job(self, case, query, canonical):
        from taxlogic.tools.engine import Job

        return Job(facts=canonical, query=query, mode="all", var=case.answer_var or "X")

    def answer_of(self, case, outcome):
        from taxlogic.kb.answers import answer_of

        return answer_of(case, outcome)

    def inspect(self, case, query, canonical, outcome, rules) -> list:
        return passenger_issues(case.text, canonical)



def extraction_scores(info: dict[str, Any], canonical: str) -> dict[str, float]:
    """Field-level extraction accuracy of facts against a gold ``info`` record: class, route,
    price, and per item its kind, dimensions and weight; returns each field's share correct and
    ``all`` (every field right)."""
    from taxlogic.kb.airline import info_to_facts

    gold = fact_table(info_to_facts(info))
    got = fact_table(canonical)
    scores: dict[str, float] = {}
    for pred in ("customer_class", "route", "ticket_price"):
        scores[pred] = float(got.get(pred) == gold.get(pred))
    gitems = {a[0]: a for a in gold.get("item", [])}
    pitems = {a[0]: a for a in got.get("item", [])}
    n = max(1, len(gitems))
    scores["item_kind"] = sum(pitems.get(k, [None] * 6)[1] == g[1] for k, g in gitems.items()) / n
    scores["item_dims"] = sum(sorted(map(_num, pitems.get(k, ["", "", "x", "x", "x"])[2:5]), key=lambda v: v or -1)
                              == sorted(map(_num, g[2:5])) for k, g in gitems.items()) / n
    scores["item_weight"] = sum(_num(pitems.get(k, [""] * 6)[5]) == _num(g[5]) for k, g in gitems.items()) / n
    scores["all"] = float(all(v == 1.0 for v in scores.values()))
    return scores


DOMAIN = AirlineDomain()
