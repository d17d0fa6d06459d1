"""A SARA case's constants in the words of the case, for explanations (issue 51): who is who
and what each event is, so that an explanation says "Alice", never ``alice`` or ``"Alice"``.

:func:`case_names` reads a case's facts (SARA 2020: atoms, ``agent_(alice_and_bob, alice)``;
SARA v2: strings, ``agent_("married", "Alice")``) with the case text and gives each constant its
words:

- a person (a constant the text writes as a capitalised name: "Alice") as the text writes it;
- an event (a constant typed by a unary fact, ``marriage_(alice_and_bob)``) as its kind and its
  agents: "the marriage of Alice and Bob", "the death of Bob";
- any other atom in words, its people's names as written (``bob_s_house`` -> "Bob's house");
  any other string without its quotes.

:data:`EVENT_VERBS` words the start of an event of a kind a case dates ("Bob died on 16 Sep
2017"), for conditions on dates read in the statute's direction
(:func:`happenings`).
"""

from __future__ import annotations

import re

from taxlogic.kb.sara.reading.names import person_key
from taxlogic.kb.sara.reading.text import person_names
from taxlogic.tools.wording import split_args

_FACT = re.compile(r"^\s*([a-z][a-zA-Z0-9_]*)\((.*)\)\s*\.?\s*$")
_ATOM = re.compile(r"^[a-z][a-zA-Z0-9_]*$")

#: Event kinds (SARA's events.pl) whose start a case dates, as a verb: "Bob died on …".
EVENT_VERBS: dict[str, str] = {"death": "died", "marriage": "married", "divorce": "divorced", "birth": "was born",
                               "retirement": "retired", "blindness": "became blind", "disability": "became disabled"}


def _facts(facts: str) -> list[tuple[str, list[str]]]:
    out = []
    for line in facts.splitlines():
        m = _FACT.match(line)
        if m and ":-" not in line:
            out.append((m.group(1), split_args(m.group(2))))
    return out


def _unquoted(c: str) -> str:
    return c[1:-1] if len(c) >= 2 and c[0] == c[-1] and c[0] in "\"'" else c


def _joined(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def written_name(text: str, key: str) -> str | None:
    """How ``text`` writes the person of ``key`` (lower case, words joined by ``_``: ``alice``,
    ``alice_smith``): its first capitalised occurrence ("Alice"); None if the text has none."""
    parts = [p for p in key.split("_") if p]
    if not parts:
        return None
    m = re.search(r"\b" + r"\s+".join(re.escape(p) for p in parts) + r"\b", text, re.I)
    return m.group(0) if m and m.group(0)[0].isupper() else None


def case_names(text: str, facts: str) -> dict[str, str]:
    """Each constant of ``facts`` (fact clauses) -> its words in the case ``text`` (see the module
    doc). Constants are keyed as the facts write them (``alice``, ``"Alice"``); numbers and
    dates are left out (explanations write them as values)."""
    from taxlogic.tools.wording import name_words

    facts_ = _facts(facts)
    people = set(person_names(text))
    consts = {a for _, args in facts_ for a in args
              if _ATOM.match(a) or (len(a) >= 2 and a[0] == a[-1] == '"' and not re.fullmatch(r'"[\d\-]+"', a))}
    written: dict[str, str] = {}
    for c in consts:
        key = person_key(c)
        if key.split("_")[0] in people or key in people:
            name = written_name(text, key)
            if name:
                written[c] = name
    names: dict[str, str] = {}
    for c in consts:
        if c in written:
            names[c] = written[c]
        elif c.startswith('"'):
            names[c] = _unquoted(c)
        else:  # an atom in words, its people as written ("bob_s_house" -> "Bob's house")
            words = name_words(c)
            for key, name in ((person_key(k), v) for k, v in written.items()):
                words = re.sub(rf"\b{re.escape(key.replace('_', ' '))}\b", name, words)
            names[c] = words
    kinds = event_kinds(facts_)
    agents: dict[str, list[str]] = {}
    for p, args in facts_:
        if p == "agent_" and len(args) == 2 and args[0] in kinds:
            agents.setdefault(args[0], []).append(names.get(args[1], _unquoted(args[1])))
    for event, kind in kinds.items():
        what = kind.replace("_", " ")
        who = [w for w in dict.fromkeys(agents.get(event, [])) if w != what]  # v2's "son" of "have a son": the son
        names[event] = f"the {what}" + (f" of {_joined(who)}" if who else "")
    return names


def event_kinds(facts: "str | list[tuple[str, list[str]]]") -> dict[str, str]:
    """Event constant -> its kind, from the unary facts (``death_(bob_dies)`` -> "death")."""
    facts_ = _facts(facts) if isinstance(facts, str) else facts
    return {args[0]: p[:-1] for p, args in facts_ if p.endswith("_") and len(args) == 1}


def happenings(text: str, facts: str) -> dict[str, str]:
    """Each event of a kind in :data:`EVENT_VERBS` with one agent -> what happened, as a clause
    without its date: ``bob_dies`` -> "Bob died" (its start, "on 16 Sep 2017", is added where a
    date is compared)."""
    facts_ = _facts(facts)
    names = case_names(text, facts)
    kinds = event_kinds(facts_)
    agents: dict[str, list[str]] = {}
    for p, args in facts_:
        if p == "agent_" and len(args) == 2 and kinds.get(args[0]) in EVENT_VERBS:
            agents.setdefault(args[0], []).append(names.get(args[1], _unquoted(args[1])))
    return {e: f"{who[0]} {EVENT_VERBS[kinds[e]]}" for e, who in agents.items() if len(set(who)) == 1}
