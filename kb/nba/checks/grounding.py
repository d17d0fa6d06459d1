"""The NBA grounding checks of single facts: anchors, names and values against the problem text.

Issue kinds (:mod:`taxlogic.kb.nba.checks` runs them with the others):

- ``anchor_missing``: a fact with no anchor (``% "the sentence it comes from"``);
  ``anchor_not_in_text``: an anchor that is no words of the text (case, spacing and quotes
  normalised);
- ``ungrounded_amount`` / ``_year`` / ``_pick`` / ``_age`` / ``_percent`` / ``_count`` /
  ``_round``: a value of that class in a fact (by the predicate's argument roles,
  :data:`~taxlogic.kb.nba.reading.roles.ROLES`)
  that its anchor does not state: amounts as ``$N``; years as a year or the first year of a
  season ("2023-24" grounds 2023, not 2024); pick numbers as "3rd"; ages as "N years old";
  a team's missing pick after "except" and a held pick after "Team X's first-round
  draft pick"; percentages as "N%" (a decrease's negative value by its size; 0, the "same salary" reading, is
  not checked); counts as digits or a number word; draft rounds as "first-round"/"second-round";
- ``unknown_name``: a team or player constant the text never names ("Team A", "player C",
  "Player B, D and E"); ``name_not_in_anchor``: a team or player in a situation fact, in the
  head of a signing, offer sheet or qualifying offer, or a traded player, that its own anchor
  does not name (the other team of a trade and a matched offer's player may come from elsewhere
  in the problem);
- ``sentence_not_encoded``: a sentence of the text no anchor quotes.
"""

from __future__ import annotations

import re
from typing import Optional

from taxlogic.core import Issue
from taxlogic.kb.nba.reading.roles import LETTER_ATOM, ROLES, arg_value
from taxlogic.kb.nba.reading.stated import ages, amounts, counts, named, norm, percents, picks, years
from taxlogic.tools.facts import Fact

#: (predicate, argument position) whose team or player may come from elsewhere in the problem.
_CONTEXT_NAMES = {("trade_player", 1), ("trade_player", 2), ("trade_cash", 1), ("trade_cash", 2), ("trade_pick", 1),
                  ("trade_pick", 2), ("trade_pick", 4), ("match_offer_sheet", 2), ("salary_in_year", 1),
                  ("minimum_plus", 1), ("salary_cap_pct", 1), ("raise_until", 1), ("sign_exception", 1)}


def grounding_issues(facts: list[Fact], text: str, sentences: list[str]) -> tuple[list[Issue], set[int]]:
    """The anchor, name and value checks of the module doc on ``facts`` against the problem
    ``text`` (its ``sentences`` in order). Returns the issues and the indices of the sentences
    some anchor quotes (for :func:`unencoded_issues`)."""
    norm_sentences = [norm(s) for s in sentences]
    teams, players = named(text, "team"), named(text, "player")
    issues: list[Issue] = []
    bare = [f for f in facts if not f.anchor]
    if bare:
        issues.append(Issue(kind="anchor_missing", line=bare[0].line, message=(
            f"{len(bare)} fact(s) have no anchor ({', '.join(f.canonical for f in bare[:3])}): close each group of facts "
            "with a line % \"the sentence of the problem it comes from\"")))
    covered: set[int] = set()
    bad_anchor: set[str] = set()
    hits_of: dict[str, list[int]] = {}
    for f in facts:
        span = " ".join(f.anchor)
        for part in f.anchor:
            if part not in hits_of:
                key = norm(part)
                hits_of[part] = [i for i, s in enumerate(norm_sentences) if key and key in s]
            hits = hits_of[part]
            covered.update(hits)
            if not hits and part not in bad_anchor:
                bad_anchor.add(part)
                issues.append(Issue(kind="anchor_not_in_text", line=f.line, message=(
                    f"the anchor \"{part}\" is not in the problem text: quote the sentence exactly")))
        roles = ROLES.get(f.name)
        if roles is None or len(roles) != len(f.args):
            continue  # unknown predicates and arities are the validator's
        for pos, (role, term) in enumerate(zip(roles, f.args)):
            value = arg_value(term)
            if role in ("team", "player") and isinstance(value, str):
                m = LETTER_ATOM.match(value)
                if value == "unstated":
                    continue
                if not m or m[1] != role:
                    issues.append(Issue(kind="unknown_name", line=f.line, message=(
                        f"{f.canonical}: argument {pos + 1} is a {role}: write {role}_x for \"{role.title()} X\" of the text")))
                    continue
                letter = m[2].upper()
                if letter not in (teams if role == "team" else players):
                    issues.append(Issue(kind="unknown_name", line=f.line, message=(
                        f"{f.canonical}: the text names no {role.title()} {letter}")))
                elif f.anchor and (f.name, pos) not in _CONTEXT_NAMES and letter not in named(span, role):
                    issues.append(Issue(kind="name_not_in_anchor", line=f.line, message=(
                        f"{f.canonical}: its anchor \"{span}\" does not name {role.title()} {letter}: check which "
                        f"{role} the sentence is about")))
            elif f.anchor:
                issue = _grounding(f, role, value, span)
                if issue:
                    issues.append(issue)
    return issues, covered


def unencoded_issues(sentences: list[str], covered: set[int]) -> list[Issue]:
    """``sentence_not_encoded`` for each of ``sentences`` whose index is not in ``covered``."""
    issues = []
    for i, s in enumerate(sentences):
        if i not in covered:
            issues.append(Issue(kind="sentence_not_encoded", message=(
                f"no fact is anchored to \"{s}\": encode what it states (or quote it as the anchor of its facts)")))
    return issues


def _grounding(fact: Fact, role: str, value: object, span: str) -> Optional[Issue]:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    kind, ok, how = None, True, ""
    if role in ("amount", "salary"):
        kind, ok, how = "amount", int(value) == value and int(value) in amounts(span), "as $ amount"
    elif role == "year":
        kind, ok, how = "year", int(value) == value and int(value) in years(_pick_part(fact, span)), \
            "as a year (a season is its first year)"
    elif role == "pick":
        kind, ok, how = "pick", value in picks(span), "as a pick number"
    elif role == "age":
        kind, ok, how = "age", value in ages(span), "as an age"
    elif role == "percent":
        kind, ok, how = "percent", value == 0 or abs(float(value)) in percents(span), "as a percentage"
    elif role == "count":
        kind, ok, how = "count", value in counts(span), "as a number"
    elif role == "round":
        word = {1: "first-round", 2: "second-round"}.get(int(value))
        kind, ok, how = "round", bool(word) and word in span.lower(), "as first-round or second-round"
    if kind is None or ok:
        return None
    return Issue(kind=f"ungrounded_{kind}", line=fact.line, message=(
        f"{fact.canonical}: {value:g} is not stated {how} in its anchor \"{span}\": write the {kind} the sentence states"))


def _pick_part(fact: Fact, span: str) -> str:
    """Where a team-situation pick year must be: a missing pick's after "except", a held pick's
    after "Team X's first-round draft pick(s)" of its original team (the whole span otherwise)."""
    if fact.name == "lacks_own_first_round_pick":
        m = re.search(r"\bexcept\b(.*?)(?=\b[Tt]eam [A-Z]'s|$)", span)
        return m[1] if m else ""
    if fact.name == "holds_first_round_pick" and len(fact.args) == 3:
        m = LETTER_ATOM.match(str(arg_value(fact.args[1])))
        if m:
            found = re.search(rf"\b[Tt]eam {m[2].upper()}'s first-round draft picks?(.*?)(?=\b[Tt]eam [A-Z]'s|\bexcept\b|$)", span)
            return found[1] if found else ""
    return span
