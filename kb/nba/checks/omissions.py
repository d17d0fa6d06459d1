"""NBA check: nothing a problem's sentence states is left out (issue 33), decided by the rules.

The grounding checks (:mod:`taxlogic.kb.nba.checks.grounding`) hold every value of every fact to its
anchor, and ``sentence_not_encoded`` asks that every sentence be quoted by some anchor. What they
let through is a sentence that is quoted but only partly stated: an operation whose facts leave
out one traded player, a sentence of two facts (a contract and its option) of which one is
written. This module holds every sentence to the facts anchored to it, item by item:

- **items**: each mention in the sentence of a value of the classes the vocabulary's argument
  roles hold (:data:`~taxlogic.kb.nba.reading.roles.ROLES`): a team or a player ("Team A", "Player C and
  D"), a dollar amount, a percentage, a year (a season's first year), a pick number, an age, a
  count ("4-year", "7 years"), a month, a draft round ("first-round": each pick traded);
  read by :mod:`taxlogic.kb.nba.reading.stated`, the same readings the grounding checks use;
- an item is **accounted for** when the facts anchored to the sentence hold the value, in an
  argument of its class, at least as many times as the sentence mentions it (a player named in
  the signing clause and again in the trade clause is held by two facts; a count N also by N
  facts of one predicate: "the last two years are team options"), or when the rule base
  itself states it (the current Salary Cap Year of ``figures.pl``: "in the first Salary Cap Year
  (2024-2025)").

What no fact holds is not an issue by itself. :func:`candidates` forms, for each unaccounted
item, the facts a translation could have written for it, from the vocabulary and the sentence
alone: each fact anchored to the sentence with one argument of the item's class altered to the
item (the sibling a left-out trade step copies), and a fact of each predicate of the sentence's
part of the text (team situations: a team's first role; player situations: a player's;
operations: a letter's) with a role of that class, its other arguments filled with the
sentence's own names and values (``unstated`` where the sentence gives no value; never a team
or player it does not name: such a fact is not formed). A candidate the
other checks reject when added (:func:`taxlogic.kb.nba.checks.nba_issues`: a trade against the
sentence's wording, an ungrounded value) is no reading of the sentence and is not run. Each
remaining candidate is added to the facts and the query run again (the engine, the answer job's
limits): an item some candidate changes the answer for is an issue (``unstated_clause``, quoting
the sentence, naming the item and the predicates); one no candidate changes is recorded as
irrelevant, with the reason, and costs no round. No problem id and no list of words is read.
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Callable, Sequence

from taxlogic.core import Issue
from taxlogic.kb.nba.data.problems import SECTIONS, text_sentences
from taxlogic.kb.nba.reading.roles import ROLES, STEPS, arg_value
from taxlogic.kb.nba.reading.stated import norm
from taxlogic.tools.facts import Fact, parse_facts
from taxlogic.tools.limits import CANDIDATE_FLOOR, CANDIDATE_TIMES

#: Argument roles (:data:`ROLES`) -> the class of value a sentence states for them.
ROLE_CLASS = {"team": "team", "player": "player", "amount": "amount", "salary": "amount", "year": "year",
              "pick": "pick", "age": "age", "percent": "percent", "count": "count", "month": "month",
              "round": "round"}
#: The first role of a predicate -> the part of the text its facts state.
SECTION_OF_FIRST_ROLE = {"team": "team_situations", "player": "player_situations", "letter": "operations"}
#: Candidates run per unaccounted item at most (altered siblings first), of those the other
#: checks accept; and candidate facts formed per item at most.
MAX_CANDIDATES = 24
MAX_FORMED = 96
#: New facts of one predicate and role formed per item at most (the orders of the sentence's names).
PER_PREDICATE = 36
#: Inferences a candidate's run may take at least, and as a multiple of the facts' own run's
#: (:mod:`taxlogic.tools.limits`; inferences, not CPU seconds: the same verdict on any machine, issue 48).
CANDIDATE_BUDGET = (CANDIDATE_FLOOR, CANDIDATE_TIMES)

_NAME = {"team": "[Tt]eams?", "player": "[Pp]layers?"}
_NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
                 "ten": 10}
#: A count is a number of the units the count roles hold: years of a contract or of draft picks
#: ("4-year contract", "the following 7 years", not "19 years old"), players signed ("13 players").
_COUNT = re.compile(r"\b(\d{1,2}|" + "|".join(_NUMBER_WORDS) + r")(?:-|\s+)(?:years?|players?)\b(?!\s+old)", re.I)
_MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
_MONTH = re.compile(r"\b(Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|"
                    r"Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\b")


def _name_mentions(span: str, kind: str) -> Counter:
    """Letters of the teams or players ``span`` names, each as often as it is named (the lists of
    :func:`taxlogic.kb.nba.reading.stated.named`: "Player C and D" names C and D once each)."""
    word = _NAME[kind]
    out: Counter = Counter()
    for m in re.finditer(rf"\b{word}\s+([A-Z])\b((?:(?:\s*,\s*(?:and\s+)?|\s+and\s+|\s+with\s+)(?:{word}\s+)?[A-Z]\b(?!'))*)",
                         span):
        out[f"{kind}_{m[1].lower()}"] += 1
        for x in re.findall(r"\b([A-Z])\b", re.sub(word, "", m[2])):
            out[f"{kind}_{x.lower()}"] += 1
    return out


def mentions(span: str) -> Counter:
    """(class, value) -> how many times ``span`` states it (classes of :data:`ROLE_CLASS`)."""
    out: Counter = Counter()
    for kind in ("team", "player"):
        out.update({(kind, k): v for k, v in _name_mentions(span, kind).items()})
    out.update(("amount", int(m.replace(",", ""))) for m in re.findall(r"\$(\d{1,3}(?:,\d{3})+|\d+)", span))
    out.update(("percent", float(m)) for m in re.findall(r"(\d+(?:\.\d+)?)\s*%", span))
    out.update(("year", int(m[1])) for m in re.finditer(r"(?<![\d,$.])(\d{4})(?:-(?:\d{4}|\d{2}))?(?!\d)", span)
               if 1900 <= int(m[1]) <= 2100)
    out.update(("pick", int(p)) for p in re.findall(r"\b(\d+)(?:st|nd|rd|th)\b", span))
    out.update(("age", int(a)) for a in re.findall(r"\b(\d+) years? old", span))
    out.update(("count", int(n) if n.isdigit() else _NUMBER_WORDS[n.lower()]) for n in _COUNT.findall(span))
    out.update(("month", _MONTHS.index(m[:3].lower()) + 1) for m in _MONTH.findall(span))
    out.update(("round", 1 if r.lower() == "first" else 2) for r in re.findall(r"\b(first|second)-round\b", span, re.I))
    return out


def _key(cls: str, value: object) -> tuple[str, object] | None:
    """(class, value) of a fact argument as :func:`mentions` counts it (None: not a stated value)."""
    if cls in ("team", "player"):
        return (cls, value) if isinstance(value, str) else None
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    if cls == "percent":
        return (cls, abs(float(value))) if value else None  # a decrease is negative; 0 is "the same salary"
    return (cls, int(value)) if float(value).is_integer() else None


def held(facts: Sequence[Fact]) -> Counter:
    """(class, value) -> how many arguments of ``facts`` of that class hold it (one per fact)."""
    out: Counter = Counter()
    for f in facts:
        roles = ROLES.get(f.name)
        if roles is None or len(roles) != len(f.args):
            continue
        keys = {k for role, a in zip(roles, f.args) if role in ROLE_CLASS
                and (k := _key(ROLE_CLASS[role], arg_value(a))) is not None}
        out.update(keys)
    for name, n in Counter(f.name for f in facts).items():
        if n > 1:  # "the last two years are team options": two facts of one predicate state the count
            out[("count", n)] += 1
    return out


@dataclass(frozen=True)
class Item:
    """One value a sentence states more often than the facts anchored to it hold it: the
    sentence (its index in the text and its words), its part of the text, the value's class and
    value, and how many mentions no fact holds."""

    sentence: int
    text: str
    section: str
    cls: str
    value: object
    missing: int

    @property
    def what(self) -> str:
        v = self.value
        if self.cls in ("team", "player"):
            return f"{self.cls.title()} {str(v)[-1].upper()}"
        if self.cls == "amount":
            return f"${int(v):,}"  # type: ignore[arg-type]
        if self.cls == "percent":
            return f"{v:g}%"
        if self.cls == "round":
            return "a first-round pick" if v == 1 else "a second-round pick"
        if self.cls == "month":
            return f"month {v}"
        return f"{self.cls} {v}"


@dataclass
class SentenceRow:
    """One sentence of the problem with the facts anchored to it (canonical text) and the items
    it states that they do not hold."""

    sentence: int
    section: str
    text: str
    facts: list[str]
    items: list[Item] = field(default_factory=list)


def _anchored(facts: Sequence[Fact], sentence: str) -> list[Fact]:
    key = norm(sentence)
    return [f for f in facts if any((p := norm(part)) and p in key for part in f.anchor)]


def accounting(text: str, canonical: str, *, stated_by_rules: frozenset = frozenset()) -> list[SentenceRow]:
    """The table sentence -> facts of the module doc, every sentence in the text's order.
    ``stated_by_rules``: (class, value) pairs the rule base states itself (accounted for)."""
    facts, _ = parse_facts(canonical)
    sections = text_sentences(text)
    rows = []
    index = 0
    for sec in SECTIONS:
        for s in sections[sec]:
            mine = _anchored(facts, s)
            have = held(mine)
            row = SentenceRow(index, sec, s, [f.canonical for f in mine])
            if mine:  # a sentence no anchor quotes is sentence_not_encoded's
                for (cls, value), n in mentions(s).items():
                    if (cls, value) in stated_by_rules:
                        continue
                    if have[(cls, value)] < n:
                        row.items.append(Item(index, s, sec, cls, value, n - have[(cls, value)]))
            rows.append(row)
            index += 1
    return rows


# ------------------------------------------------------------------------------ candidates


def _atom(value: object) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _fact_text(name: str, args: Sequence[object], anchor: str) -> str:
    return f"{name}({', '.join(_atom(a) for a in args)}).\n% \"{anchor}\"\n"


def _stated_values(sentence: str) -> dict[str, list[object]]:
    """The sentence's values by class, in order of first mention."""
    out: dict[str, list[object]] = {}
    for (cls, value) in mentions(sentence):
        out.setdefault(cls, []).append(value)
    return out


def _letter(sentence: str) -> str | None:
    m = re.match(r"\s*([A-Z])\.\s", sentence)
    return m[1].lower() if m else None


def candidates(item: Item, facts: Sequence[Fact], every: Sequence[Fact]) -> list[tuple[str, str]]:
    """(predicate, fact text with the sentence as its anchor) a translation could have written for
    ``item`` (module doc), altered siblings first, at most :data:`MAX_FORMED`. ``facts``: the
    facts anchored to the item's sentence; ``every``: the whole program (for the values of roles
    a sentence does not state, such as a contract's period: those the program's facts of the
    predicate use)."""
    out: list[tuple[str, str]] = []
    have = {re.sub(r"\s+", "", f.canonical) for f in facts}
    value = item.value

    def add(name: str, args: list[object]) -> None:
        text = _fact_text(name, args, item.text)
        head = re.sub(r"\s+", "", text.split("\n", 1)[0])
        if head not in have and all(head != re.sub(r"\s+", "", t.split("\n", 1)[0]) for _, t in out):
            out.append((name, text))

    for f in facts:  # a sibling with one argument of the item's class altered to it
        roles = ROLES.get(f.name)
        if roles is None or len(roles) != len(f.args):
            continue
        vals = [arg_value(a) for a in f.args]
        for pos, role in enumerate(roles):
            if ROLE_CLASS.get(role) == item.cls and _key(item.cls, vals[pos]) != (item.cls, value):
                new = list(vals)
                new[pos] = _signed(value, vals[pos]) if item.cls == "percent" else value
                add(f.name, new)
    stated = _stated_values(item.text)
    letter = _letter(item.text)
    for name, roles in ROLES.items():  # a fact of each predicate of the sentence's part with a role of its class
        if name == "operation" or SECTION_OF_FIRST_ROLE.get(roles[0]) != item.section:
            continue
        for pos, role in enumerate(roles):
            if ROLE_CLASS.get(role) != item.cls:
                continue
            options = [_options(k, r, pos, item, stated, letter, every, name, len(roles)) for k, r in enumerate(roles)]
            if any(not o for o in options):
                continue  # a team or player the sentence does not name: no reading of its words
            made = 0
            for args in itertools.product(*options):
                parties = [a for r, a in zip(roles, args) if r == "team"][:2]
                if len(set(parties)) < len(parties):
                    continue  # one team on both sides (a move's sender and receiver, a pick's holder and owner)
                add(name, list(args))
                made += 1
                if made >= PER_PREDICATE:
                    break
    return out[:MAX_FORMED]


def _options(k: int, role: str, pos: int, item: Item, stated: dict, letter: str | None, every: Sequence[Fact],
             name: str, arity: int) -> list[object]:
    """The values argument ``k`` (role ``role``) of a new fact of ``name`` for ``item`` may take:
    the item itself at ``pos``; the operation's letter; the sentence's own values of the role's
    class (none for a team or player it does not name; ``unstated`` for another class it gives
    none of); else the values the program's facts of the predicate hold there, or ``unstated``."""
    if k == pos:
        return [item.value]
    if role == "letter":
        return [letter or "unstated"]
    if role in ROLE_CLASS:
        cls = ROLE_CLASS[role]
        pool = list(stated.get(cls, []))
        if cls in ("team", "player"):
            return pool
        pool = [v for v in pool if not (cls == item.cls and v == item.value)] or pool
        return pool or ["unstated"]
    seen = list(dict.fromkeys(arg_value(g.args[k]) for g in every if g.name == name and len(g.args) == arity))
    return seen or ["unstated"]


def _signed(value: object, like: object) -> object:
    """A percentage with the sign of the one it replaces (a decrease is negative)."""
    return -value if isinstance(like, (int, float)) and like < 0 else value  # type: ignore[operator]


# ------------------------------------------------------------------------- counterfactuals


@dataclass
class Verdict:
    """What the runs decided for one item: ``relevant`` (a candidate changed the answer; its
    predicates in ``predicates``), else the ``reason`` it makes no difference."""

    item: Item
    relevant: bool
    reason: str
    predicates: tuple[str, ...] = ()


@dataclass
class OmissionCheck:
    """The whole check on one fact set: the table (:func:`accounting`), each unaccounted item's
    verdict and the issues (relevant items only); ``runs``: counterfactual jobs run."""

    rows: list[SentenceRow]
    verdicts: list[Verdict]
    issues: list[Issue]
    runs: int = 0


def plan(text: str, canonical: str, *, stated_by_rules: frozenset = frozenset()
         ) -> tuple[list[SentenceRow], list[tuple[Item, str, str]]]:
    """The table and the candidates to run: (item, predicate, the facts with the candidate added)
    each, for the candidates the other checks accept (pure Python; :func:`decide` finishes the
    check). A candidate is added after the facts; a step of an operation by the team the
    sentence starts with also before the operation's first step (the rules read the order of an
    operation's steps: the team of the first step conducts it, ``operation_actor/2``, and the
    team a sentence starts with is the one its words make conduct it)."""
    from taxlogic.kb.nba.checks import nba_issues

    rows = accounting(text, canonical, stated_by_rules=stated_by_rules)
    facts, _ = parse_facts(canonical)
    base = {(i.kind, i.message) for i in nba_issues(text, canonical)} if any(r.items for r in rows) else set()
    out = []
    for row in rows:
        mine = _anchored(facts, row.text)
        first_step = next((f.canonical for f in mine if f.name in STEPS), None) if row.section == "operations" else None
        subject = re.search(r"\b[Tt]eam ([A-Z])\b", row.text)
        actor = f"team_{subject[1].lower()}" if subject else None
        for item in row.items:
            kept = 0
            for name, cand in candidates(item, mine, facts):
                extra = {(i.kind, i.message) for i in nba_issues(text, canonical + cand)} - base
                if not extra:
                    out.append((item, name, canonical + cand))
                    if first_step is not None and name in STEPS and _acting(cand) == actor:
                        # also as the operation's first step, when it is the sentence's subject's
                        out.append((item, name, _before(canonical, first_step, cand)))
                    kept += 1
                    if kept >= MAX_CANDIDATES:
                        break
    return rows, out


def _acting(cand: str) -> str | None:
    """The team of a step fact's text (its second argument: who signs, offers, matches, trades)."""
    m = re.match(r"\s*[a-z_]+\(\s*[^,]+,\s*([a-z_]+)", cand)
    return m[1] if m else None


def _before(canonical: str, fact: str, cand: str) -> str:
    """``canonical`` with ``cand`` (fact and anchor lines) inserted before the line of ``fact``."""
    lines = canonical.splitlines(keepends=True)
    at = next((k for k, line in enumerate(lines) if re.sub(r"\s+", "", line).startswith(fact)), len(lines))
    return "".join(lines[:at]) + cand + "".join(lines[at:])


def decide(rows: Sequence[SentenceRow], cands: Sequence[tuple[Item, str, str]], base: object,
           answers: Sequence[object]) -> OmissionCheck:
    """Verdicts and issues from the candidates' answers (``answers[i]`` for ``cands[i]``; None: no
    answer, e.g. an error or a limit, which decides nothing) against ``base``, the facts' answer."""
    verdicts = []
    for item in (i for r in rows for i in r.items):
        mine = [(name, ans) for (it, name, _), ans in zip(cands, answers) if it == item]
        if not mine:
            verdicts.append(Verdict(item, False, "no fact of the vocabulary holding it passes the other checks"))
            continue
        changed = sorted({name for name, ans in mine if ans is not None and ans != base})
        if changed:
            verdicts.append(Verdict(item, True, f"adding it changes the answer ({len(changed)} predicate(s))",
                                    tuple(changed)))
        else:
            verdicts.append(Verdict(item, False, f"none of {len(mine)} candidate fact(s) changes the answer"))
    return OmissionCheck(list(rows), verdicts, issues_of(verdicts), len(cands))


def issues_of(verdicts: Sequence[Verdict]) -> list[Issue]:
    """One ``unstated_clause`` issue per relevant item: the sentence quoted, the item and the
    predicates that could state it (never the answer)."""
    out = []
    for v in verdicts:
        if not v.relevant:
            continue
        it = v.item
        times = "" if it.missing == 1 else f" ({it.missing} of its mentions)"
        out.append(Issue(kind="unstated_clause", message=(
            f'the text states {it.what}{times} in "{it.text}", but no fact anchored to that sentence holds it '
            f"there, and the rules' answer depends on it: state what the sentence says of {it.what} "
            f"(with {', '.join(v.predicates)})")))
    return out


def answer_key(outcome) -> object:
    """What the check compares: the first value of a run that gave values, ``"no solution"`` for a
    completed run without one, None for an error or a limit (decides nothing)."""
    if outcome.status == "values" and outcome.values:
        return outcome.values[0]
    return "no solution" if outcome.status == "failed" else None


def candidate_limits(job, outcome) -> dict:
    """The limits of a candidate's run: the answer job's, with an inference budget of
    :data:`CANDIDATE_BUDGET` (a floor, and a multiple of the facts' own run's inferences, never
    above the answer job's; :meth:`taxlogic.tools.engine.Job.rerun_limits`)."""
    return job.rerun_limits(outcome, *CANDIDATE_BUDGET)


def omission_check(text: str, canonical: str, base: object, run: Callable[[list[str]], list[object]], *,
                   stated_by_rules: frozenset = frozenset()) -> OmissionCheck:
    """:func:`plan`, then ``run`` (the answers of each candidate's fact program, in order; None
    where a run gives no answer), then :func:`decide`."""
    rows, cands = plan(text, canonical, stated_by_rules=stated_by_rules)
    answers = run([c for _, _, c in cands]) if cands else []
    return decide(rows, cands, base, answers)


def rule_stated(rules=None) -> frozenset:
    """(class, value) pairs the NBA rule base states itself: the current Salary Cap Year
    (``figures.pl``'s ``current_cap_year/1``), read from the file."""
    from taxlogic.kb.nba import prolog_dir

    folder = getattr(rules, "prolog_dir", None) or prolog_dir()
    found = re.findall(r"^current_cap_year\((\d{4})\)\.", (folder / "figures.pl").read_text(encoding="utf-8"), re.M)
    return frozenset(("year", int(y)) for y in found)


def engine_check(text: str, canonical: str, outcome, engine, job, rules=None) -> OmissionCheck:
    """:func:`omission_check` on the engine: ``job`` is the answer job of the facts (each candidate
    program replaces its facts, its limits kept, the inference budget of :func:`candidate_limits`),
    ``outcome`` its outcome; the candidates run as one batch (``engine.run_many``). ``job``'s facts
    are ``canonical``, as :meth:`NbaDomain.query_job` writes them."""
    limits = candidate_limits(job, outcome)

    def run(programs: list[str]) -> list[object]:
        jobs = [job.model_copy(update={"facts": p, **limits}) for p in programs]
        return [answer_key(o) for o in engine.run_many(jobs)]

    return omission_check(text, canonical, answer_key(outcome), run, stated_by_rules=rule_stated(rules))


def sentence_table(check_or_rows, verdicts: Sequence[Verdict] = ()) -> list[dict]:
    """The table sentence -> facts as JSON-able rows (``taxlogic inspect``): sentence index,
    part of the text, the sentence, its facts, and each unaccounted item with its verdict
    (``issue``, ``irrelevant`` with the reason, or ``not run``)."""
    rows = check_or_rows.rows if isinstance(check_or_rows, OmissionCheck) else check_or_rows
    verdicts = check_or_rows.verdicts if isinstance(check_or_rows, OmissionCheck) else verdicts
    by_item = {v.item: v for v in verdicts}
    out = []
    for r in rows:
        items = []
        for i in r.items:
            v = by_item.get(i)
            items.append({"kind": i.cls, "what": i.what, "predicates": list(v.predicates) if v else [],
                          "verdict": "not run" if v is None else "issue" if v.relevant else "irrelevant",
                          "reason": v.reason if v is not None else ""})
        out.append({"sentence": r.sentence, "section": r.section, "clause": r.text, "facts": list(r.facts),
                    "items": items})
    return out
