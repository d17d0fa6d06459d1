"""The airline domain's law for explanations: the bag-fee rules' predicates -> the heading of
RuleArena's ``reference_rules.txt`` they encode (with its first paragraph as the quote), and the
amounts of a total cost: ticket price, each bag's base, oversize and overweight fees, the bag's
fee, all bags' fees, the total.

The headings are Markdown (``## Checked bags``, ``#### Oversize Bags`` …) in the rule set's
``source_dir`` (RuleArena's ``airline`` folder); a citation whose heading the text lacks has
``exists`` false.
"""

from __future__ import annotations

import re
from pathlib import Path

from taxlogic.kb.rules import RuleSet
from taxlogic.tables import shared_table
from taxlogic.tools.explain import Citation, templated_amount

RULES_FILE = "reference_rules.txt"

#: name/arity -> the heading of reference_rules.txt it encodes (kb/airline/prolog/baggage.pl).
HEADINGS: dict[str, str] = {
    "total_cost/1": "Bag fees",
    "personal_item/1": "Personal items",
    "not_a_bag/1": "Personal items",
    "carry_on_bag/1": "Carry-on items",
    "carried_on/2": "Carry-on bags",
    "fits_as_carry_on/1": "Carry-on bag",
    "garment_bag_linear_limit/1": "Soft-sided garment bag",
    "checked_bag/1": "Checked bags",
    "checked_bags/1": "Checked bags",
    "checked_bags_fee/1": "Checked bags",
    "add_bag_fee/3": "Checked bags",
    "checked_bag_fee/6": "Checked bags",
    "base_fee/2": "Checked bags",
    "class_base_fee/5": "Checked bags",
    "complimentary/1": "Complimentary Bags",
    "bag_status/2": "Complimentary Bags",
    "weight_allowance/2": "Weight and Size",
    "linear_size/2": "Weight and Size",
    "violation_fee/3": "Overweight Bags",
    "overweight_fee/3": "Overweight Bags",
    "overweight_band/2": "Overweight Bags",
    "overweight_band_fee/3": "Overweight Bags",
    "oversize_fee/2": "Oversize Bags",
}

#: name/arity -> (label, 0-based index of the argument holding the amount, dollars); {0}, {1}
#: in the label are the call's arguments.
AMOUNTS: dict[str, tuple[str, int]] = {
    "ticket_price/1": ("ticket price", 0),
    "base_fee/2": ("base fee of checked bag number {0}", 1),
    "oversize_fee/2": ("oversize fee of item {0}", 1),
    "overweight_fee/3": ("overweight fee of item {0} as a {1} bag", 2),
    "violation_fee/3": ("higher of the oversize and overweight fees of item {0} as a {1} bag", 2),
    "checked_bag_fee/6": ("fee of item {0}, checked bag number {1}", 5),
    "checked_bags_fee/1": ("all checked bag fees", 0),
    "total_cost/1": ("total cost", 0),
}

_HEADING = re.compile(r"^(#+)\s+(.*\S)\s*$")


def parse_rules(text: str) -> dict[str, str]:
    """Markdown rules -> {heading: the first paragraph under it (or the heading itself)}."""
    out: dict[str, str] = {}
    current = None
    for line in text.splitlines():
        m = _HEADING.match(line)
        if m:
            current = m.group(2)
            out.setdefault(current, "")
        elif current and line.strip() and not out[current] and not line.lstrip().startswith("|"):
            out[current] = line.strip()
    return {h: q or h for h, q in out.items()}


class AirlineLaw:
    """Citations and amounts for the airline KB, quoting ``reference_rules.txt``."""

    opaque: list[str] = []

    def __init__(self, source_dir: Path):
        path = Path(source_dir) / RULES_FILE
        self.headings = parse_rules(path.read_text(encoding="utf-8")) if path.is_file() else {}

    def cite(self, predicate: str) -> Citation | None:
        heading = HEADINGS.get(predicate)
        if heading is None:
            return None
        quote = self.headings.get(heading)
        return Citation(section=f"AA bag rules: {heading}", quote=quote, exists=quote is not None)

    def amount(self, predicate: str, args: list[str]) -> tuple[str, str] | None:
        return templated_amount(AMOUNTS.get(predicate), args)


@shared_table(maxsize=4)
def _law(source_dir: str) -> AirlineLaw:
    return AirlineLaw(Path(source_dir))


def law(rules: RuleSet) -> AirlineLaw:
    """The law of the airline rule set (cached per folder)."""
    return _law(str(rules.source_dir))
