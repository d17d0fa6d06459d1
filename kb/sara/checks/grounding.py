"""SARA check: values against the text (``amount_unstated``, ``date_near_miss``, ``date_year``,
``name_near_miss``); skipped when the text is a what-if change rather than a whole fact pattern,
as in chat (:func:`taxlogic.core.is_what_if`).

- ``amount_unstated``: a number of an ``amount_`` fact or of a statute fact that the text,
  question and query never write (0 and 1 excepted: "no amount", and SARA's nominal payment
  of 1 for a household one maintains), nor state as the rest of a share ("40% of the costs, and
  Alice furnished the remaining costs": 60);
- ``date_near_miss``: a date the text does not support (not written in it, not a month and
  day it writes in a year it names, not the first or last day of a year or month it names,
  years of a "from 2015 to 2019" span included) that is one field, one day or a day/month
  swap away from a date it writes, or a day or a month off the first or last day of a year
  it names;
- ``date_year``: an event whose amount the text states in a sentence naming years, dated in
  none of them ("In 2017, Alice was paid $33200" with ``start_(…, "2016-12-31")``); a span the
  sentence writes as one names each of its years ("$304598 every year from 2015 to 2019": 2016 too);
- ``name_near_miss``: a constant (an atom, or a string that is no date: SARA v2's ``"Bob 1"``)
  written in one fact only, a variant of another constant (other case or quotes ``'Alice'``, parts reordered ``bob_and_alice``, a number or filler
  word more or less ``alice_1``, ``alice_paid``, one letter off ``charie``, ``alice_died``).
"""

from __future__ import annotations

from datetime import date
from typing import Iterable

from taxlogic.core import CaseInput, Issue, is_what_if
from taxlogic.kb.sara.reading.names import variant_of
from taxlogic.kb.sara.reading.text import ISO, TextView, iso_date, plain_number, query_atoms, remainder_shares, span_years, text_amounts
from taxlogic.kb.sara.reading.view import FactView, fact_args
from taxlogic.tools.facts import Atom, Number, Str


def grounding_issues(case: CaseInput, query: str | None, canonical: str, trusted: str = "",
                     statutes: Iterable[str] | None = None) -> list[Issue]:
    """Values in the facts that the text does not support.
    ``statutes``: the KB's statute predicates (default: every predicate not ending in ``_``)."""
    if is_what_if(case.text):
        return []
    t = TextView.of(case, query)
    v = FactView.of(canonical, trusted)
    issues: list[Issue] = []
    stated_amounts = set(text_amounts(case.text))
    remainders = remainder_shares(case.text)
    statutes = set(statutes) if statutes is not None else None
    # numbers of amount_ facts and statute facts
    for line, f in v.facts:
        if f.name == "amount_" and f.arity == 2:
            nums = [f.args[1]]
        elif f.name in statutes if statutes is not None else not f.name.endswith("_"):
            nums = [a for a in fact_args(f) if isinstance(a, Number)]
        else:
            nums = []
        for a in nums:
            n = plain_number(Number(a.value).canonical)
            if n not in t.numbers and n not in remainders and n not in ("0", "1"):
                issues.append(Issue(kind="amount_unstated", line=line, message=(
                    f"{f} has the number {n}, which the text never states; use the amounts and years the text gives")))
    # dates one keystroke away from a date of the text
    for line, f in v.facts:
        for a in fact_args(f):
            if isinstance(a, Str) and ISO.match(a.value) and not t.supports(a.value):
                d = iso_date(a.value)
                near = sorted(x for x in t.dates if d and _date_near(d, iso_date(x)))
                bounds = sorted(x.isoformat() for x in t.year_bounds() if d and _bound_near(d, x))
                if near or bounds:
                    said = (f"close to {near[0]}, which the text states" if near else
                            f"one day or month off {bounds[0]}, the first or last day of a year the text names")
                    issues.append(Issue(kind="date_near_miss", line=line, message=(
                        f"{f} has {a.value}, which the text does not support; it is {said}: is it mistyped?")))
    # amounts stated in a sentence about given years, on an event dated in none of them
    for e, props in v.own_props.items():
        for _, af in props.get("amount_", []):
            amount = plain_number(af.args[1].canonical)
            if amount not in stated_amounts:
                continue
            years = set()
            for s in t.sentences:
                if amount in text_amounts(s):
                    years |= span_years(s)
            dates = [iso_date(x) for p in ("start_", "end_") for x in v.props.get(e, {}).get(p, set())]
            dates = [d for d in dates if d]
            if years and dates and not any(d.year in years for d in dates):
                line = (props.get("start_") or props.get("end_") or [(af.line, af)])[0][0]
                issues.append(Issue(kind="date_year", line=line, message=(
                    f"the text states ${amount} for {', '.join(map(str, sorted(years)))}, but {e} is dated "
                    f"{', '.join(sorted(d.isoformat() for d in dates))}")))
    # constants written once that are variants of the others (or of the query's)
    for line, f in v.facts:
        for a in fact_args(f):
            if _is_name(a) and v.mentions[a.value] == 1:
                others = {c for c in v.mentions if c != a.value} | set(query_atoms(query or ""))
                close = sorted(c for c in others if variant_of(a.value, c))
                if close:
                    issues.append(Issue(kind="name_near_miss", line=line, message=(
                        f"{f} names {a.value}, which no other fact uses; elsewhere the same thing is {close[0]}: "
                        "use one constant per person, entity or event")))
    return issues


def _is_name(a) -> bool:
    """A constant that names a person, an entity or an event: an atom (SARA 2020), or a string
    that is not a date (SARA v2 writes names and ids as strings: ``"Bob"``, ``"gross income"``)."""
    return isinstance(a, Atom) or (isinstance(a, Str) and not ISO.match(a.value))


def _bound_near(d: date, b: date) -> bool:
    """``d`` is a day or a month off ``b`` (Jan 1st or Dec 31st), within ``b``'s year or just past it."""
    if d == b:
        return False
    if abs((d - b).days) == 1:
        return True
    return d.year == b.year and d.day == b.day and abs(d.month - b.month) == 1 or \
        (b.month == 12 and d == date(b.year + 1, 1, 31)) or (b.month == 1 and d == date(b.year - 1, 12, 1))


def _date_near(a: date, b: date) -> bool:
    if a == b:
        return False
    same = (a.year == b.year) + (a.month == b.month) + (a.day == b.day)
    return same == 2 or abs((a - b).days) <= 1 or (a.year == b.year and a.month == b.day and a.day == b.month)

