"""Events stated year by year (issue 33): a clause the facts state by a **yearly family**, one event
of each year of the span the clause gives ("From September 1st, 2015 to November 3rd, 2019, Alice
and Bob lived in the same home, which Alice maintained": a payment for the home each year; "Alice
and Bob file a joint return for the years 2017 to 2019": a joint return each year), holds a year
of that span only if a member of the family is of that year. The other years still state the
clause, so the clause-level items (:mod:`.items`) see it as accounted for; the year no member
covers is an item of its own (:func:`year_items`), its candidate a member copied to that year
(:func:`year_candidates`), decided like every other by the counterfactual runs.

A family is the mirror among stated facts of the rule-derived families of :mod:`.families`:
events alike in type and in every property but their dates (the same agent, purpose, amount),
each dated within one year (:func:`yearly_families`)."""

from __future__ import annotations

import re
from typing import Sequence

from taxlogic.kb.sara.checks.omissions.model import ClauseRow, Item
from taxlogic.kb.sara.checks.omissions.reading import _quote, _val
from taxlogic.kb.sara.reading.text import ISO, YEAR
from taxlogic.kb.sara.reading.view import is_type
from taxlogic.tools.facts import Fact, Str

_DATES = ("start_", "end_")


def _event_facts(facts: Sequence[Fact]) -> dict[str, list[Fact]]:
    """The facts about each event a stated type fact introduces (those whose first argument is
    its id), by id in order."""
    ids = {_val(f.args[0]) for f in facts if is_type(f) and f.args}
    out: dict[str, list[Fact]] = {}
    for f in facts:
        if f.args and _val(f.args[0]) in ids:
            out.setdefault(_val(f.args[0]), []).append(f)
    return out


def _year(fs: Sequence[Fact]) -> int | None:
    """The one year an event's dates (``start_``, ``end_``) lie in; None for an event with no
    date or with dates in different years (an event that lasts)."""
    years = {int(f.args[1].value[:4]) for f in fs if f.name in _DATES and len(f.args) == 2
             and isinstance(f.args[1], Str) and ISO.match(f.args[1].value)}
    return next(iter(years)) if len(years) == 1 else None


def yearly_families(facts: Sequence[Fact]) -> list[tuple[tuple[str, ...], dict[int, str]]]:
    """The stated events that come in a yearly family: two or more events of distinct years
    (:func:`_year`) alike in their type facts and in every other fact about them but its dates
    (``alice_maintains_2015`` … ``_2019``: a payment by Alice for the home, amount 1, one a
    year). Each family as (its types, year -> the id of its event of that year), in fact order."""
    alike: dict[tuple, dict[int, str]] = {}
    for e, fs in _event_facts(facts).items():
        y = _year(fs)
        if y is None:
            continue
        types = tuple(sorted({f.name for f in fs if is_type(f)}))
        rest = frozenset((f.name, tuple(a.canonical for a in f.args[1:])) for f in fs
                         if not is_type(f) and f.name not in _DATES)
        alike.setdefault((types, rest), {}).setdefault(y, e)
    return [(types, members) for (types, _), members in alike.items() if len(members) >= 2]


def year_items(facts: Sequence[Fact], sentences, placed: dict[str, set[int]], rows: Sequence[ClauseRow],
               table) -> list[Item]:
    """For each yearly family (:func:`yearly_families`) of ``facts`` (the stated facts), each year
    of the span its sentence gives that no member is of: an item ``year`` of the clause that
    writes a cue of the family's types (else the one that writes the span's years, else the
    sentence's first), ``what`` the year and the family's stem (``"2017 (alice_maintains_#)"``),
    ``predicates`` the types, ``family`` the members' ids.

    ``sentences``: the case's (:class:`~taxlogic.kb.sara.reading.text.Sentence`, by index); ``placed``:
    the sentences the aligner places each event in; the family's sentence is one of its members'
    whose years (:attr:`~taxlogic.kb.sara.reading.text.Sentence.years`, the years of a "from … 2015 to
    … 2019" span included) hold every member's year.

    Every year of the span is tried, not only the question's: the statutes read other years too
    (section 2(a): a spouse who died in either of the two years before), and it costs nothing on
    correct facts (issue 33, SARA 2020: no year item on any of the 376 gold sets; on the 2,935
    omissions of the 288 right rule-free ones, 5 items, 4 of them irrelevant)."""
    out: list[Item] = []
    for types, members in yearly_families(facts):
        where = sorted({i for e in members.values() for i in placed.get(e, ())})
        s = next((sentences[i] for i in where if set(members) <= set(sentences[i].years)), None)
        if s is None or len(s.years) < 2:
            continue
        missing = [y for y in sorted(s.years) if y not in members]
        mine = [r for r in rows if r.sentence == s.index]
        if not missing or not mine:
            continue
        row = next((r for r in mine for t in types if table.cue_in(t, r.clause)), None) \
            or next((r for r in mine if YEAR.search(r.clause)), mine[0])
        stem = re.sub(r"\d+", "#", members[min(members)])
        ids = tuple(members[y] for y in sorted(members))
        out += [Item("year", s.index, row.clause, f"{y} ({stem})", types, family=ids) for y in missing]
    return out


def year_candidates(item: Item, facts: Sequence[Fact], limit: int = 3) -> list[str]:
    """Candidate fact sets for a ``year`` item (:func:`year_items`): a member of its family copied
    to the item's year, with a fresh id (the member's with its year replaced, else
    ``tl_unstated_<year>``) and every date moved to that year (same month and day; 29 February
    becomes the 28th); one per distinct shape of the members' dates (the first year's may start
    late: "From September 1st, 2015"), the members nearest the year first, at most ``limit``."""
    y = int(item.what.split()[0])
    by_id = _event_facts(facts)
    taken = set(by_id) | {_val(a) for f in facts for a in f.args}
    out: list[str] = []
    seen: set[str] = set()
    for e in sorted(item.family, key=lambda e: (abs((_year(by_id.get(e, ())) or y) - y), e)):
        fs = by_id.get(e, [])
        own = _year(fs)
        if own is None:
            continue
        new = e.replace(str(own), str(y)) if str(own) in e else ""
        new = new if new and new not in taken else f"tl_unstated_{y}"
        lines = []
        for f in fs:
            args = [_quote(new)] + [_moved(a, y) for a in f.args[1:]]
            lines.append(f"{f.name}({','.join(args)}).\n")
        shape = "".join(lines).replace(_quote(new), "#")
        if shape not in seen:
            seen.add(shape)
            out.append("".join(lines))
    return out[:limit]


def _moved(arg, year: int) -> str:
    """``arg`` as fact text, a date moved to ``year`` (29 February to the 28th)."""
    if isinstance(arg, Str) and ISO.match(arg.value):
        md = arg.value[5:10]
        return f'"{year:04d}-{"02-28" if md == "02-29" else md}"'
    return arg.canonical
