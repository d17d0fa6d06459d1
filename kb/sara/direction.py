"""SARA check: who did what to whom (``role_direction``).

Roles worded the other way round by the text: a ``son_``/``daughter_`` event's agent is the child
and a ``father_``/``mother_`` event's agent the parent (``is_child_of`` in SARA's ``utils.pl``),
checked against "Alice has a son, Bob", "Bob is Alice's father", "Their son Charlie"; a
``payment_``'s agent is the payer ("Alice paid Bob", "Bob was paid by Alice"); a ``service_``'s
agent works for its patient ("Alice employed Bob"; section 3306).
"""

from __future__ import annotations

import re

from taxlogic.core import Issue
from taxlogic.kb.sara.text import NAME, SENTENCE
from taxlogic.kb.sara.view import FactView


_NAMES = rf"{NAME}(?:\s*,\s*{NAME})*(?:,?\s+and\s+{NAME})?"
_CHILD_W, _PARENT_W = ("son", "daughter", "child"), ("father", "mother", "parent")
_KIN_W = r"(?P<w>son|daughter|child|father|mother|parent)"
_KINSHIP_PATTERNS = [  # h: whose relative; r: the relative the word names
    re.compile(rf"(?P<h>{_NAMES})\s+(?:has|have|had)\s+(?:a|an|one)\s+{_KIN_W},?\s+(?P<r>{NAME})\b"),
    re.compile(rf"(?P<r>{NAME}),?\s+(?:who\s+)?(?:is|was)\s+(?:the\s+)?(?P<h>{_NAMES})'s?\s+{_KIN_W}\b"),
    re.compile(rf"(?P<h>{NAME})'s\s+{_KIN_W},?\s+(?P<r>{NAME})\b"),
    re.compile(rf"(?P<r>{NAME}),\s+(?P<h>{NAME})'s\s+{_KIN_W}\b"),
    re.compile(rf"(?P<r>{NAME})\s+is\s+the\s+{_KIN_W}\s+of\s+(?P<h>{_NAMES})"),
    re.compile(rf"(?P<h>{NAME})\s+adopted\s+(?P<r>{NAME})\b(?P<w>)"),
    re.compile(rf"(?P<h>{NAME}),?\s+whose\s+{_KIN_W}\s+(?P<r>{NAME})\b"),
]
#: "… where he and his father Charlie lived" (his: the name that begins the sentence), "Their son
#: Charlie" (their: the people who begin the previous sentence). Other pronouns are left alone.
_PRONOUN_KIN = re.compile(rf"(?:\b(?:he|she)\s+and\s+(?:and\s+)?(?P<p>his|her)|\b(?P<q>Their))\s+{_KIN_W},?\s+(?P<r>{NAME})\b")
_PAYER = re.compile(rf"(?P<a>{NAME})\s+(?:has\s+|had\s+|have\s+)?(?:also\s+)?(?:paid|pays|pay)\b(?P<rest>[^.;]*)")
_PAYEE = re.compile(rf"(?P<b>{NAME})\s+(?:was|is|were|has\s+been|had\s+been|got|gets)\s+paid\b(?P<rest>[^.;]*)")
_TO = re.compile(rf"^(?:\s+{NAME}\b|[^.;]*?\bto\s+(?:her\s+|his\s+)?(?:[a-z]+\s+)?{NAME}\b)")
_EMPLOYER = [re.compile(rf"(?P<e>{NAME})\s+(?:has\s+|had\s+)?(?:also\s+)?(?:employed|employs|employ|hired|hires|hire)\s+(?P<w>{NAME})\b"),
             re.compile(rf"(?P<w>{NAME})\s+(?:[a-z]+\s+)?(?:works|worked|working)\s+for\s+(?P<e>{NAME})\b"),
             re.compile(rf"(?P<w>{NAME})\s+(?:is|was)\s+(?:an?\s+)?employee\s+(?:of|at)\s+(?P<e>{NAME})\b")]
#: How the statutes read the roles of these events (utils.pl ``is_child_of``, section 3306):
#: agent_ is the child of a son_/daughter_ event and the parent of a father_/mother_ event; the
#: payer of a payment_; the one who works in a service_ (its patient_ is the employer).
_CHILD_PARENT = {"son_": ("agent_", "patient_"), "daughter_": ("agent_", "patient_"),
                 "father_": ("patient_", "agent_"), "mother_": ("patient_", "agent_")}


def _names_in(group: str) -> list[str]:
    return [n.lower() for n in re.findall(NAME, group)]


def text_roles(text: str) -> dict[str, set[tuple[str | None, str | None]]]:
    """Who is whose child, who paid whom, who employed whom, as the text words it:
    ``{"child_parent": {(child, parent)}, "payer_payee": {(payer, payee)}, "employer_worker": {…}}``
    (lower-cased names; None where the text leaves one side out)."""
    out: dict[str, set] = {"child_parent": set(), "payer_payee": set(), "employer_worker": set()}
    for pat in _KINSHIP_PATTERNS:
        for m in pat.finditer(text):
            w = m.group("w") or "child"
            for h in _names_in(m.group("h")):
                r = m.group("r").lower()
                out["child_parent"].add((r, h) if w in _CHILD_W else (h, r))
    sentences = [x.group() for x in SENTENCE.finditer(text)]
    for i, sent in enumerate(sentences):
        for m in _PRONOUN_KIN.finditer(sent):
            r, w = m.group("r").lower(), m.group("w")
            if m.group("q"):
                lead = re.match(rf"\s*({_NAMES})", sentences[i - 1]) if i else None
                holders = _names_in(lead.group(1)) if lead else []
            else:
                first = re.search(NAME, re.sub(r"^\s*(?:From|In|On|Since|Until)\b[^,]*,", "", sent))
                holders = [first.group().lower()] if first and first.group().lower() != r else []
            for h in holders:
                out["child_parent"].add((r, h) if w in _CHILD_W else (h, r))
    for m in _PAYER.finditer(text):
        to = _TO.match(m.group("rest"))
        out["payer_payee"].add((m.group("a").lower(), _names_in(to.group())[-1] if to else None))
    for m in _PAYEE.finditer(text):
        by = re.search(rf"\bby\s+({NAME})\b", m.group("rest"))
        out["payer_payee"].add((by.group(1).lower() if by else None, m.group("b").lower()))
    for pat in _EMPLOYER:
        for m in pat.finditer(text):
            out["employer_worker"].add((m.group("e").lower(), m.group("w").lower()))
    return out


def direction_issues(canonical: str, text: str, trusted: str = "") -> list[Issue]:
    """Events whose roles the text words the other way round: a son_ event whose agent_ the
    text calls the parent, a payment_ whose agent_ the text says was paid by its patient_, a
    service_ whose agent_ (the one who works) the text says employed its patient_."""
    v = FactView.of(canonical, trusted)
    rel = text_roles(text)
    payers = {a for a, _ in rel["payer_payee"] if a}
    payees = {b for _, b in rel["payer_payee"] if b}
    issues = []
    for e, props in v.own_props.items():
        agents = {x.args[1].canonical for _, x in props.get("agent_", [])}
        patients = {x.args[1].canonical for _, x in props.get("patient_", [])}
        line = (props.get("agent_") or props.get("patient_") or [(None, None)])[0][0]
        for t in v.types.get(e, []):
            for a in agents:
                for p in patients:
                    if t in _CHILD_PARENT:
                        roles = {"agent_": a, "patient_": p}
                        child, parent = roles[_CHILD_PARENT[t][0]], roles[_CHILD_PARENT[t][1]]
                        if (parent, child) in rel["child_parent"] and (child, parent) not in rel["child_parent"]:
                            issues.append(Issue(kind="role_direction", line=line, message=(
                                f"{t}({e}) makes {child} the child of {parent} (agent_ {a}, patient_ {p}), but the "
                                f"text says {parent} is {child}'s child: swap agent_ and patient_ or use the other relation")))
                    elif t == "payment_":
                        if ((p, a) in rel["payer_payee"] and (a, p) not in rel["payer_payee"]) or \
                                (a in payees - payers and p in payers - payees):
                            issues.append(Issue(kind="role_direction", line=line, message=(
                                f"payment_({e}) has {a} paying {p} (agent_ is the payer), but the text has {p} "
                                f"paying {a}: swap agent_ and patient_")))
                    elif t == "service_":
                        if (a, p) in rel["employer_worker"] and (p, a) not in rel["employer_worker"]:
                            issues.append(Issue(kind="role_direction", line=line, message=(
                                f"service_({e}) has {a} working for {p} (agent_ works, patient_ employs), but the "
                                f"text has {a} employing {p}: swap agent_ and patient_")))
    return issues

