"""The NBA domain's grounding checks: does a fact program say what the problem's text says?

Run on a translation's canonical facts (:attr:`taxlogic.tools.facts.FactCheck.canonical`, whose
anchor comments are kept) against the problem text (:func:`taxlogic.kb.nba.problems.problem_text`
layout). Each check targets a class of translation mistakes, never a problem; every gold program
passes all of them (tests/test_nba_facts.py). Issue kinds:

- ``anchor_missing``: a fact with no anchor (``% "the sentence it comes from"``);
  ``anchor_not_in_text``: an anchor that is no words of the text (case, spacing and quotes
  normalised);
- ``ungrounded_amount`` / ``_year`` / ``_pick`` / ``_age`` / ``_percent`` / ``_count`` /
  ``_round``: a value of that class in a fact (by the predicate's argument roles, :data:`ROLES`)
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
- ``operation_missing`` / ``operation_order`` / ``operation_unknown`` / ``operation_empty`` /
  ``operation_anchor``: every operation of the text ("B. Team A signs …") has one
  ``operation(b, Index)`` with its position in the text, at least one step fact, and its step
  facts are anchored in its own sentence; no operation the text does not have;
- ``sentence_not_encoded``: a sentence of the text no anchor quotes;
- ``trade_against_wording``: a trade fact (``trade_player``, ``trade_cash``, ``trade_pick``) that
  moves its asset the way no reading of its sentence does (:func:`move_readings`: "Team S trades
  P to Team R for Q" has S give P to R and get Q from R), whatever the situations say: several
  texts trade a player "for" from a team his contract does not name, and the operation's own
  sentence is what says who sends him; a traded pick whose original team is not the one its
  sentence says (:func:`pick_owners`: "its" is the giving team's own, "Team X's" is X's);
- ``player_not_on_team``: a trade whose sentence does not settle who sends the player (the
  three-team form, where "for Player B and Player C ... to Team C" may have S get C or send him
  to Team C; or "Team S trades P for Q", naming no partner team) and whose From team is not where the player is at that
  point, by the facts' contracts and past trades (the latest in time), then the operations
  before it (a signing puts the player on the signing team, a trade on the receiving team, in
  operation order): the situations decide what the words leave open;
- ``trade_parties``: a one-clause trade sentence ("Team S ... trades ... for ...", no "to Team X"
  after "for") whose trade facts involve more than two teams (S and its partner, named or not).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Iterable, Optional

from taxlogic.core import Issue
from taxlogic.kb.nba.problems import SECTIONS, text_sentences
from taxlogic.tools.facts import Fact, parse_facts

#: Argument roles of each vocabulary predicate (``events.pl``); classes checked as in the module doc.
ROLES: dict[str, tuple[str, ...]] = {
    "team_salary": ("team", "amount"),
    "all_own_first_round_picks": ("team", "count"),
    "lacks_own_first_round_pick": ("team", "year"),
    "holds_first_round_pick": ("team", "team", "year"),
    "traded_player_exception": ("team", "amount", "year"),
    "used_exception": ("team", "exception", "year"),
    "players_signed": ("team", "count"),
    "drafted": ("player", "round", "pick", "team", "year", "age"),
    "contract": ("player", "team", "year", "period", "count", "salary", "percent"),
    "contract_option": ("player", "year", "index", "holder"),
    "contract_exception": ("player", "year", "exception"),
    "declined_option": ("player",),
    "traded": ("player", "team", "team", "year", "period"),
    "award": ("player", "year", "award"),
    "operation": ("letter", "index"),
    "sign": ("letter", "team", "player", "count", "salary", "percent"),
    "offer_sheet": ("letter", "team", "player", "count", "salary", "percent"),
    "salary_in_year": ("letter", "player", "index", "salary"),
    "minimum_plus": ("letter", "player", "amount"),
    "salary_cap_pct": ("letter", "player", "percent"),
    "raise_until": ("letter", "player", "index"),
    "sign_exception": ("letter", "player", "exception"),
    "qualifying_offer": ("letter", "team", "player"),
    "match_offer_sheet": ("letter", "team", "player"),
    "trade_player": ("letter", "team", "team", "player"),
    "trade_cash": ("letter", "team", "team", "amount"),
    "trade_pick": ("letter", "team", "team", "round", "team", "year"),
    "operation_date": ("letter", "year", "month", "day"),
}
#: Step facts of an operation (what it does); ``operation/2`` only numbers it.
STEPS = ("sign", "offer_sheet", "qualifying_offer", "match_offer_sheet", "trade_player", "trade_cash", "trade_pick")
#: (predicate, argument position) whose team or player may come from elsewhere in the problem.
_CONTEXT_NAMES = {("trade_player", 1), ("trade_player", 2), ("trade_cash", 1), ("trade_cash", 2), ("trade_pick", 1),
                  ("trade_pick", 2), ("trade_pick", 4), ("match_offer_sheet", 2), ("salary_in_year", 1),
                  ("minimum_plus", 1), ("salary_cap_pct", 1), ("raise_until", 1), ("sign_exception", 1)}
_NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}
_LETTER_ATOM = re.compile(r"(team|player)_([a-z])\Z")
_TRADES = re.compile(r"\btra(?:de|ed)s\b")  # "traeds": a typo of the texts
_TO_TEAM = re.compile(r"\bto [Tt]eam ([A-Z])\b")


@lru_cache(maxsize=4096)
def _norm_cached(text: str) -> str:
    return _norm(text)


def _norm(text: str) -> str:
    text = text.replace("\u201c", '"').replace("\u201d", '"').replace("\u2019", "'").replace("\u2018", "'")
    return re.sub(r"\s+", " ", text).strip().lower()


# ----------------------------------------------------------------------- what a span states


@lru_cache(maxsize=4096)
def amounts(span: str) -> frozenset[int]:
    return {int(m.replace(",", "")) for m in re.findall(r"\$(\d{1,3}(?:,\d{3})+|\d+)", span)}


@lru_cache(maxsize=4096)
def years(span: str) -> set[int]:
    """Years a span states: standalone four-digit years and the first year of a season span."""
    return {int(m[1]) for m in re.finditer(r"(?<![\d,$.])(\d{4})(?:-(?:\d{4}|\d{2}))?(?!\d)", span) if 1900 <= int(m[1]) <= 2100}


@lru_cache(maxsize=4096)
def picks(span: str) -> set[int]:
    return {int(m) for m in re.findall(r"\b(\d+)(?:st|nd|rd|th)\b", span)}


@lru_cache(maxsize=4096)
def ages(span: str) -> set[int]:
    return {int(m) for m in re.findall(r"\b(\d+) years? old", span)}


@lru_cache(maxsize=4096)
def percents(span: str) -> set[float]:
    return {float(m) for m in re.findall(r"(\d+(?:\.\d+)?)\s*%", span)}


@lru_cache(maxsize=4096)
def counts(span: str) -> set[int]:
    out = {int(m) for m in re.findall(r"(?<![\d,$.])(\d{1,2})(?![\d,%])", span)}
    out |= {v for w, v in _NUMBER_WORDS.items() if re.search(rf"\b{w}\b", span, re.I)}
    return out


@lru_cache(maxsize=4096)
def named(text: str, kind: str) -> set[str]:
    """Letters of the teams (``kind`` "team") or players a text names, lists included ("Player C
    and D", "Team A, Team B, and Team C", "player B")."""
    word = "[Tt]eams?" if kind == "team" else "[Pp]layers?"
    out: set[str] = set()
    for m in re.finditer(rf"\b{word}\s+([A-Z])\b((?:(?:\s*,\s*(?:and\s+)?|\s+and\s+|\s+with\s+)(?:{word}\s+)?[A-Z]\b(?!'))*)", text):
        out.add(m[1])
        out |= set(re.findall(r"\b([A-Z])\b", re.sub(rf"{word}", "", m[2])))
    return out


# ----------------------------------------------------------------------------------- checks


def _value(term) -> object:
    return getattr(term, "value", None)


def _fmt(fact: Fact) -> str:
    return fact.canonical


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
        f"{_fmt(fact)}: {value:g} is not stated {how} in its anchor \"{span}\": write the {kind} the sentence states"))


Reading = tuple[Optional[str], Optional[str]]


def move_readings(fact: Fact) -> list[Reading]:
    """How a trade fact's sentence (its anchor) may move its asset: the (from team, to team) atoms
    of each reading of the first clause "Team S ... trades GIVE [to Team R] for GET" that mentions
    it (S is the last team named before "trades"; None where the clause names no team). An asset
    is a ``trade_player``'s player ("Player C", "Player B, C and D"), a ``trade_cash``'s "$N" or a
    ``trade_pick``'s round and year ("first-round draft pick in 2025"). Mentioned in GIVE (before
    "to Team R"): S gives it, (S, R). In GET: S gets it, (R, S); and when "to Team X" follows it
    in GET (the three-team form "... for Player B and Player C and its first-round draft pick in
    2025 to Team C. Simultaneously in this trade, ..."), also S gives it to X, (S, X): the words
    do not say which. Mentioned in both parts: both readings. Empty when no clause mentions it
    (or the fact is no trade move)."""
    return [(r[0], r[1]) for r in _fact_readings(fact)]


def _fact_readings(fact: Fact) -> list[tuple[Optional[str], Optional[str], str]]:
    v = [_value(a) for a in fact.args]
    if fact.name == "trade_player" and len(v) == 4 and (m := _LETTER_ATOM.match(str(v[3]))) and m[1] == "player":
        letter = m[2].upper()
        return _readings(" ".join(fact.anchor), lambda part: letter in named(part, "player"))
    if fact.name == "trade_cash" and len(v) == 4 and isinstance(v[3], int):
        return _readings(" ".join(fact.anchor), lambda part: v[3] in amounts(part))
    if fact.name == "trade_pick" and len(v) == 6 and v[3] in (1, 2) and isinstance(v[5], int):
        word = "first-round" if v[3] == 1 else "second-round"
        return _readings(" ".join(fact.anchor), lambda part: word in part.lower() and v[5] in years(part))
    return []


def _readings(span: str, mentions) -> list[tuple[Optional[str], Optional[str], str]]:
    """:func:`move_readings` with, for each reading, the part of the clause that mentions the asset."""
    marks = list(_TRADES.finditer(span))
    for k, mark in enumerate(marks):
        before = re.findall(r"\b[Tt]eam ([A-Z])\b", span[:mark.start()])
        if not before:
            continue
        subject = f"team_{before[-1].lower()}"
        end = marks[k + 1].start() if k + 1 < len(marks) else len(span)
        give, _, get = span[mark.end():end].partition(" for ")
        to = _TO_TEAM.search(give)
        partner = f"team_{to[1].lower()}" if to else None
        onward = _TO_TEAM.search(get)
        out: list[tuple[Optional[str], Optional[str], str]] = []
        if mentions(part := give[:to.start()] if to else give):
            out.append((subject, partner, part))
        if mentions(part := get[:onward.start()] if onward else get):
            out += [(partner, subject, part)] + ([(subject, f"team_{onward[1].lower()}", part)] if onward else [])
        elif onward and mentions(part := get[onward.end():]):
            out.append((partner, subject, part))
        if out:
            return list(dict.fromkeys(out))
    return []


def pick_owners(part: str, year: int, giver: Optional[str]) -> Optional[set[str]]:
    """Whose pick a clause part says a pick of ``year`` is: "its" is the giving team's (``giver``;
    None: not known, then None), "Team X's" is X's; the owners named since the previous year
    ("its first-round draft pick and Team D's first-round draft pick in 2028": both), else the
    last one before it ("its first-round draft pick in 2025 and second-round draft pick in 2027"),
    else the giver's (a bare "first-round draft pick in 2025")."""
    at = re.search(rf"(?<!\d){year}(?!\d)", part)
    prior = part[:at.start()] if at else part
    since = prior[max((m.end() for m in re.finditer(r"\d{4}", prior)), default=0):]
    phrases = re.findall(r"\b(its|[Tt]eam [A-Z]'s)\s", since) or re.findall(r"\b(its|[Tt]eam [A-Z]'s)\s", prior)[-1:]
    owners = {f"team_{p[5].lower()}" if p != "its" else giver for p in phrases} or {giver}
    return None if None in owners else owners  # type: ignore[return-value]


def _pick_part(fact: Fact, span: str) -> str:
    """Where a team-situation pick year must be: a missing pick's after "except", a held pick's
    after "Team X's first-round draft pick(s)" of its original team (the whole span otherwise)."""
    if fact.name == "lacks_own_first_round_pick":
        m = re.search(r"\bexcept\b(.*?)(?=\b[Tt]eam [A-Z]'s|$)", span)
        return m[1] if m else ""
    if fact.name == "holds_first_round_pick" and len(fact.args) == 3:
        m = _LETTER_ATOM.match(str(_value(fact.args[1])))
        if m:
            found = re.search(rf"\b[Tt]eam {m[2].upper()}'s first-round draft picks?(.*?)(?=\b[Tt]eam [A-Z]'s|\bexcept\b|$)", span)
            return found[1] if found else ""
    return span


_TRADE_MOVES = ("trade_player", "trade_cash", "trade_pick")


def _party_issues(facts: list[Fact]) -> list[Issue]:
    """A one-clause trade sentence ("Team S ... trades GIVE [to Team R] for GET", no "to Team X"
    after GET) is between S and one other team: its trade facts move assets between those two."""
    by_letter: dict[str, list[Fact]] = {}
    for f in facts:
        if f.name in _TRADE_MOVES and len(f.args) >= 3 and f.anchor:
            by_letter.setdefault(_value(f.args[0]), []).append(f)
    issues = []
    for letter, moves in by_letter.items():
        span = " ".join(moves[0].anchor)
        marks = list(_TRADES.finditer(span))
        if len(marks) != 1 or _TO_TEAM.search(span[marks[0].end():].partition(" for ")[2]):
            continue
        teams = sorted({str(_value(a)) for f in moves for a in f.args[1:3]})
        if len(teams) > 2:
            issues.append(Issue(kind="trade_parties", line=moves[0].line, message=(
                f"operation {str(letter).upper()}'s sentence \"{span}\" is a trade between two teams, but its trade "
                f"facts move assets among {', '.join(teams)}: check which team sends and receives each asset")))
    return issues


def _move_issues(facts: list[Fact]) -> list[Issue]:
    """Trade facts that move their asset the way no reading of their sentence does (module doc)."""
    issues = []
    for f in facts:
        found = _fact_readings(f)
        readings = [(r[0], r[1]) for r in found]
        v = [_value(a) for a in f.args]
        if readings and not _fits(readings, v):
            issues.append(Issue(kind="trade_against_wording", line=f.line, message=(
                f"{_fmt(f)}: its sentence moves this {f.name[len('trade_'):]} {_said(readings)}, not {v[1]} -> {v[2]}: "
                "check which team sends which asset")))
        elif f.name == "trade_pick" and found:
            owners = [pick_owners(r[2], v[5], r[0]) for r in found if _fits([(r[0], r[1])], v)]
            if not any(o is None or v[4] in o for o in owners):
                said = " or ".join(sorted({t for o in owners for t in o}))  # type: ignore[union-attr]
                issues.append(Issue(kind="trade_against_wording", line=f.line, message=(
                    f"{_fmt(f)}: its sentence makes this the pick of {said}, not of {v[4]} (\"its\" is the giving "
                    "team's own pick, \"Team X's\" is Team X's)")))
    return issues


def _fits(readings: list[Reading], v: list) -> bool:
    return any(r[0] in (None, v[1]) and r[1] in (None, v[2]) for r in readings)


def _said(readings: list[Reading]) -> str:
    return " or ".join(f"{r[0] or 'the other team'} -> {r[1] or 'the other team'}" for r in readings)


def _holder_issue(fact: Fact, v: list, holder: Optional[str]) -> Optional[Issue]:
    """A ``trade_player(L, From, To, P)`` whose sentence does not say who sends P, from another team
    than the one P is with (module doc)."""
    readings = move_readings(fact)
    said_from = len(readings) == 1 and readings[0][0] is not None  # the words name who sends him
    if holder is None or holder == v[1] or said_from or (readings and not _fits(readings, v)):
        return None  # (a move against the wording is _move_issues')
    return Issue(kind="player_not_on_team", line=fact.line, message=(
        f"{_fmt(fact)}: {v[3]} is with {holder} at that point (by the contracts, past trades and earlier "
        f"operations), not {v[1]}, and the sentence's wording does not settle who sends him"
        f"{' (' + _said(readings) + ')' if readings else ''}: check which team sends which player"))


def _holders_issues(facts: list[Fact], op_index: dict[str, int]) -> list[Issue]:
    dated = []
    for k, f in enumerate(facts):
        v = [_value(a) for a in f.args]
        if f.name == "contract" and len(v) == 7:
            year = v[2] if isinstance(v[2], int) else 0
            dated.append(((year, 0 if v[3] == "moratorium" else 1, k), v[0], v[1]))
        elif f.name == "traded" and len(v) == 5 and isinstance(v[3], int):
            dated.append(((v[3], 0 if v[4] == "moratorium" else 1, k), v[0], v[2]))
    held: dict[str, str] = {}
    for _, who, team in sorted(dated, key=lambda x: x[0]):
        held[who] = team
    steps = [f for f in facts if f.name in ("sign", "trade_player") and f.args and _value(f.args[0]) in op_index]
    steps.sort(key=lambda f: (op_index[_value(f.args[0])], 0 if f.name == "sign" else 1, f.line))
    issues = []
    moves: dict[str, list[tuple[str, str]]] = {}
    for f in steps:
        v = [_value(a) for a in f.args]
        if f.name == "sign" and len(v) == 6:
            held[v[2]] = v[1]
        elif f.name == "trade_player" and len(v) == 4:
            moves.setdefault(v[0], []).append((v[3], v[2]))
            issue = _holder_issue(f, v, held.get(v[3]))
            if issue:
                issues.append(issue)
        # a trade's moves take effect after the whole operation (all its assets move at once)
        last = steps.index(f) == len(steps) - 1 or _value(steps[steps.index(f) + 1].args[0]) != v[0]
        if last:
            for who, team in moves.pop(v[0], []):
                held[who] = team
    return issues


def nba_issues(text: str, canonical: str) -> list[Issue]:
    """The checks of the module doc on ``canonical`` (fact text with anchor comments) against the
    problem ``text``; a list of :class:`~taxlogic.core.Issue` (empty: nothing found)."""
    facts, _ = parse_facts(canonical)
    sections = text_sentences(text)
    sentences = [s for sec in SECTIONS for s in sections[sec]]
    norm_sentences = [_norm(s) for s in sentences]
    teams, players = named(text, "team"), named(text, "player")
    issues: list[Issue] = []
    bare = [f for f in facts if not f.anchor]
    if bare:
        issues.append(Issue(kind="anchor_missing", line=bare[0].line, message=(
            f"{len(bare)} fact(s) have no anchor ({', '.join(_fmt(f) for f in bare[:3])}): close each group of facts "
            "with a line % \"the sentence of the problem it comes from\"")))
    covered: set[int] = set()
    bad_anchor: set[str] = set()
    hits_of: dict[str, list[int]] = {}
    for f in facts:
        span = " ".join(f.anchor)
        for part in f.anchor:
            if part not in hits_of:
                key = _norm(part)
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
            value = _value(term)
            if role in ("team", "player") and isinstance(value, str):
                m = _LETTER_ATOM.match(value)
                if value == "unstated":
                    continue
                if not m or m[1] != role:
                    issues.append(Issue(kind="unknown_name", line=f.line, message=(
                        f"{_fmt(f)}: argument {pos + 1} is a {role}: write {role}_x for \"{role.title()} X\" of the text")))
                    continue
                letter = m[2].upper()
                if letter not in (teams if role == "team" else players):
                    issues.append(Issue(kind="unknown_name", line=f.line, message=(
                        f"{_fmt(f)}: the text names no {role.title()} {letter}")))
                elif f.anchor and (f.name, pos) not in _CONTEXT_NAMES and letter not in named(span, role):
                    issues.append(Issue(kind="name_not_in_anchor", line=f.line, message=(
                        f"{_fmt(f)}: its anchor \"{span}\" does not name {role.title()} {letter}: check which "
                        f"{role} the sentence is about")))
            elif f.anchor:
                issue = _grounding(f, role, value, span)
                if issue:
                    issues.append(issue)
    issues += _operation_issues(facts, sections["operations"])
    for i, s in enumerate(sentences):
        if i not in covered:
            issues.append(Issue(kind="sentence_not_encoded", message=(
                f"no fact is anchored to \"{s}\": encode what it states (or quote it as the anchor of its facts)")))
    op_index = {}
    for f in facts:
        if f.name == "operation" and len(f.args) == 2:
            op_index.setdefault(_value(f.args[0]), _value(f.args[1]))
    issues += _move_issues(facts)
    issues += _party_issues(facts)
    issues += _holders_issues(facts, {k: v for k, v in op_index.items() if isinstance(v, int)})
    return issues


def _operation_issues(facts: list[Fact], ops: list[str]) -> list[Issue]:
    letters = []
    for s in ops:
        m = re.match(r"([A-Z])\.\s", s.strip())
        letters.append(m[1].lower() if m else None)
    text_of = {letter: _norm(s) for letter, s in zip(letters, ops) if letter}
    issues: list[Issue] = []
    numbered: dict[str, list[Fact]] = {}
    steps: dict[str, list[Fact]] = {}
    for f in facts:
        if not f.args or ROLES.get(f.name, ("",))[0] != "letter":
            continue
        letter = _value(f.args[0])
        if f.name == "operation":
            numbered.setdefault(letter, []).append(f)
        elif f.name in STEPS:
            steps.setdefault(letter, []).append(f)
        if letter not in text_of:
            issues.append(Issue(kind="operation_unknown", line=f.line, message=(
                f"{_fmt(f)}: the text has no operation {str(letter).upper()}. (operations: "
                f"{', '.join(x.upper() for x in letters if x)})")))
            continue
        if f.anchor and not any(_norm_cached(p) in text_of[letter] for p in f.anchor):
            issues.append(Issue(kind="operation_anchor", line=f.line, message=(
                f"{_fmt(f)}: anchored to \"{' '.join(f.anchor)}\", not to operation {letter.upper()}'s sentence: "
                "each operation's facts carry its letter and quote its sentence")))
    for index, letter in enumerate(letters, 1):
        if letter is None:
            continue
        got = numbered.get(letter, [])
        if not got:
            issues.append(Issue(kind="operation_missing", message=(
                f"operation {letter.upper()} (the {index}{_th(index)} of the text) is not encoded: write operation({letter}, "
                f"{index}) and its steps")))
            continue
        wrong = [f for f in got if _value(f.args[1]) != index] if all(len(f.args) == 2 for f in got) else got
        if wrong or len(got) > 1:
            issues.append(Issue(kind="operation_order", line=got[0].line, message=(
                f"operation {letter.upper()} is the {index}{_th(index)} of the text: exactly one operation({letter}, {index})")))
        if not steps.get(letter):
            issues.append(Issue(kind="operation_empty", line=got[0].line, message=(
                f"operation {letter.upper()} has no step (sign, offer_sheet, qualifying_offer, match_offer_sheet, "
                "trade_player, trade_cash, trade_pick): encode what it does")))
    return issues


def _th(n: int) -> str:
    return "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")


def gold_issues(problem_ids: Iterable[str] | None = None) -> dict[str, list[Issue]]:
    """The checks on committed gold programs (all by default): id -> issues (only ids with some)."""
    from taxlogic.kb.nba.gold import gold_program, manifest
    from taxlogic.kb.nba.problems import problem_texts

    texts = {p.id: p.text for p in problem_texts()}
    ids = list(problem_ids) if problem_ids is not None else list(manifest()["programs"])
    out = {}
    for pid in ids:
        found = nba_issues(texts[pid], gold_program(pid))
        if found:
            out[pid] = found
    return out
