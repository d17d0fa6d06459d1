"""SARA check: who did what to whom (``role_direction``).

Roles worded the other way round by the text: a ``son_``/``daughter_`` event's agent is the child
and a ``father_``/``mother_`` event's agent the parent (``is_child_of`` in SARA's ``utils.pl``),
checked against "Alice has a son, Bob", "Bob is Alice's father", "Their son Charlie"; a
``payment_``'s agent is the payer ("Alice paid Bob", "Bob was paid by Alice"); a ``service_``'s
agent works for its patient ("Alice employed Bob", or pays them "for work"; section 3306); an
``income_``'s agent is the one paid.

Two scopes: the whole text (a relation it states one way only, :func:`direction_issues`), and the
sentence each event comes from (the aligner's, whatever its anchor says: :func:`sentence_direction_issues`;
never a swap when another sentence of the event gives the role as written),
which also judges one role at a time: the agent of a payment that its sentence only has being
paid, in a text where the same two people also pay each other the other way.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from taxlogic.core import Issue
from taxlogic.kb.sara.reading.names import person_key
from taxlogic.kb.sara.reading.text import NAME, SENTENCE, pronoun_fits, sexes
from taxlogic.kb.sara.reading.view import FactView

if TYPE_CHECKING:
    from taxlogic.kb.sara.checks.align import Alignment


_NAMES = rf"{NAME}(?:\s*,\s*{NAME})*(?:,?\s+and\s+{NAME})?"
_CHILD_W, _PARENT_W = ("son", "daughter", "child"), ("father", "mother", "parent")
_KIN_W = r"(?P<w>son|daughter|child|father|mother|parent)"
_KINSHIP_PATTERNS = [  # h: whose relative; r: the relative the word names
    re.compile(rf"(?P<h>{_NAMES})(?:,[^,.;]*,)?\s+(?:has|have|had)\s+(?:a|an|one)\s+{_KIN_W},?\s+(?P<r>{NAME})\b"),
    re.compile(rf"^\s*(?P<h>{_NAMES})\b[^.;]*?,?\s+and\s+(?:has|have|had)\s+(?:a|an|one)\s+{_KIN_W},?\s+(?P<r>{NAME})\b"),
    re.compile(rf"(?P<r>{NAME}),?\s+(?:who\s+)?(?:is|was)\s+(?:the\s+)?(?P<h>{_NAMES})'s?\s+{_KIN_W}\b"),
    re.compile(rf"(?P<h>{NAME})'s\s+{_KIN_W},?\s+(?P<r>{NAME})\b"),
    re.compile(rf"(?P<r>{NAME}),\s+(?P<h>{NAME})'s\s+{_KIN_W}\b"),
    re.compile(rf"(?P<r>{NAME})\s+is\s+the\s+{_KIN_W}\s+of\s+(?P<h>{_NAMES})"),
    re.compile(rf"(?P<r>{NAME}),\s+the\s+{_KIN_W}\s+of\s+(?:(?:her|his|their)\s+[a-z]+\s+)?(?P<h>{NAME})\b"),
    re.compile(rf"(?P<h>{NAME})\s+adopted\s+(?P<r>{NAME})\b(?P<w>)"),
    re.compile(rf"(?P<h>{NAME}),?\s+whose\s+{_KIN_W}\s+(?P<r>{NAME})\b"),
]
#: "her father Bob", "Charlie, her father", "he and his father Charlie": her/his is the first person
#: the sentence names before it whom the text does not give the other sex (else the first of the
#: previous sentence); "Their son Charlie": the people who begin the previous sentence.
_PRONOUN_KIN = [re.compile(rf"\b(?P<p>[Hh]er|[Hh]is|[Tt]heir)\s+{_KIN_W},?\s+(?P<r>{NAME})\b"),
                re.compile(rf"(?P<r>{NAME}),\s+(?P<p>her|his|their)\s+{_KIN_W}\b")]
_INTRO = re.compile(r"^\s*(?:From|In|On|Since|Until|During|Over)\b[^,]*,")
#: The verbs by which someone pays ("Alice paid", "a house she maintains", "Bob furnished the costs"):
#: the one list, read by the named payer, the pronoun payer and the one-payment sentence.
PAYING_VERBS = ("paid", "pays", "pay", "maintains", "maintained", "maintain", "furnished", "furnishes", "furnish")
_PAYS = rf"(?:{'|'.join(PAYING_VERBS)})\b"
_PAYER = re.compile(rf"(?P<a>{NAME})\s+(?:has\s+|had\s+|have\s+)?(?:also\s+)?{_PAYS}"
                    r"(?P<rest>[^.;]*)")
#: "a house maintained by Alice", "the costs … furnished by Bob": the one who pays for it.
_PAID_BY = re.compile(rf"\b(?:maintained|furnished|paid\s+for)\s+by\s+(?P<a>{NAME})\b")
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


_PAYING = re.compile(rf"\b{_PAYS}", re.I)


def _coordinated(sentence: str, names: set[str]) -> set[str]:
    """``names`` and the names the sentence coordinates with any of them ("maintained by Alice and
    Charlie", "Alice, Bob and Charlie pay"): lower-cased."""
    out = set(names)
    for m in re.finditer(_NAMES, sentence):
        group = _names_in(m.group())
        if names & set(group):
            out |= set(group)
    return out


def _names_in(group: str) -> list[str]:
    return [n.lower() for n in re.findall(NAME, group)]


def _holders(p: str, r: str, sent: str, at: int, prev: str | None, sex: dict[str, str]) -> list[str]:
    """Whom the possessive ``p`` (her, his, their) of a kinship word refers to (:data:`_PRONOUN_KIN`)."""
    if p.lower() == "their":
        lead = re.match(rf"\s*({_NAMES})", _INTRO.sub("", prev or ""))
        return _names_in(lead.group(1)) if lead else []
    other = "m" if p.lower() == "her" else "f"
    for source in (_INTRO.sub("", sent[:at]), _INTRO.sub("", prev or "")):
        for n in _names_in(source):
            if n != r and sex.get(n) != other:
                return [n]
    return []


def sentence_kinship(sent: str, prev: str | None = None, sex: dict[str, str] | None = None) -> set[tuple[str, str]]:
    """(child, parent) pairs one sentence states (``prev``: the sentence before, for pronouns;
    ``sex``: :func:`~taxlogic.kb.sara.reading.text.sexes` of the whole text)."""
    sex = sexes(f"{prev or ''} {sent}") if sex is None else sex
    out = set()
    for pat in _KINSHIP_PATTERNS:
        for m in pat.finditer(sent):
            w, r = m.group("w") or "child", m.group("r").lower()
            for h in _names_in(m.group("h")):
                out.add((r, h) if w in _CHILD_W else (h, r))
    for pat in _PRONOUN_KIN:
        for m in pat.finditer(sent):
            r, w = m.group("r").lower(), m.group("w").lower()
            for h in _holders(m.group("p"), r, sent, m.start(), prev, sex):
                out.add((r, h) if w in _CHILD_W else (h, r))
    return out


def text_roles(text: str) -> dict[str, set[tuple[str | None, str | None]]]:
    """Who is whose child, who paid whom, who employed whom, as the text words it:
    ``{"child_parent": {(child, parent)}, "payer_payee": {(payer, payee)}, "employer_worker": {…}}``
    (lower-cased names; None where the text leaves one side out)."""
    out: dict[str, set] = {"child_parent": set(), "payer_payee": set(), "employer_worker": set()}
    sentences = [x.group() for x in SENTENCE.finditer(text)]
    sex = sexes(text)
    for i, sent in enumerate(sentences):
        out["child_parent"] |= sentence_kinship(sent, sentences[i - 1] if i else None, sex)
    for m in _PAYER.finditer(text):
        to = _TO.match(m.group("rest"))
        out["payer_payee"].add((m.group("a").lower(), _names_in(to.group())[-1] if to else None))
    for m in _PAID_BY.finditer(text):
        out["payer_payee"].add((m.group("a").lower(), None))
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
        agents = {person_key(x.args[1].canonical) for _, x in props.get("agent_", [])}
        patients = {person_key(x.args[1].canonical) for _, x in props.get("patient_", [])}
        line = (props.get("agent_") or props.get("patient_") or [(None, None)])[0][0]
        for t in v.types.get(e, []):
            for a in sorted(agents):  # sorted: the issues' order the same in every process
                for p in sorted(patients):
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



_WORK = re.compile(r"\bfor\s+(?:\w+\s+)?(?:work|services?|labou?r)\b|\bwages?\b|\bsalar", re.I)
#: How the statutes read the roles of an event type: (relation of :func:`text_roles`, the side of its
#: pairs the agent_ takes, the side the patient_ takes); sides are 0 (first) and 1 (second).
_READS = {
    "payment_": ("payer_payee", 0, 1), "income_": ("payer_payee", 1, None),
    "son_": ("child_parent", 0, 1), "daughter_": ("child_parent", 0, 1),
    "father_": ("child_parent", 1, 0), "mother_": ("child_parent", 1, 0),
    "service_": ("employer_worker", 1, 0),
}
_SIDES = {"payer_payee": ("payer", "payee"), "child_parent": ("child", "parent"), "employer_worker": ("employer", "worker")}


#: "the house she maintains as her home": a pronoun that pays.
_PRONOUN_PAYER = re.compile(rf"\b(?P<p>she|he)\s+(?:also\s+)?{_PAYS}")


def _pronoun_payers(sentence: str, sex: dict[str, str]) -> set[str]:
    """The payer a pronoun names ("Alice has a son, Bob, who lives with her at the house she
    maintains": Alice): the one person the sentence names before it whom the text (``sex``,
    :func:`~taxlogic.kb.sara.reading.text.sexes`) does not give the other sex; none when two could be meant."""
    out = set()
    for m in _PRONOUN_PAYER.finditer(sentence):
        could = {n for n in _names_in(_INTRO.sub("", sentence[:m.start()])) if pronoun_fits(m.group("p"), n, sex)}
        if len(could) == 1:
            out |= could
    return out


def sentence_roles(sentence: str, prev: str | None = None, text: str = "") -> dict[str, set[tuple[str | None, str | None]]]:
    """:func:`text_roles` of one sentence (``prev``: the sentence before it, ``text``: the whole
    text, for pronouns); a payment "for work" (or of wages) also makes the payer the employer and
    the payee the worker."""
    rel = text_roles(sentence)
    sex = sexes(text or f"{prev or ''} {sentence}")
    rel["child_parent"] = sentence_kinship(sentence, prev, sex)
    rel["payer_payee"] |= {(a, None) for a in _pronoun_payers(sentence, sex)}
    if _WORK.search(sentence):
        rel["employer_worker"] |= {(a, b) for a, b in rel["payer_payee"] if a and b}
    return rel


def sentence_direction_issues(canonical: str, alignment: "Alignment", trusted: str = "") -> list[Issue]:
    """Events whose agent_ or patient_ their own sentence gives the other role (``role_direction``,
    module doc: each role is judged alone, by the people the sentence gives only one side of the
    relation); and events that lack a party their sentence gives them (``role_missing``): the payer,
    payee, employer or worker it names, a parent of the child of a family relation, the second
    person of a couple (``cues.json`` ``parties``)."""
    v = FactView.of(canonical, trusted)
    first = {}
    for s in alignment.supports:
        if s.primary is not None:
            first.setdefault(s.group, s)
    issues = []
    for e, props in v.own_props.items():
        s = first.get(e)
        if s is None:
            continue
        sentence = alignment.sentences[s.primary].text
        prev = alignment.sentences[s.primary - 1].text if s.primary else None
        rel = sentence_roles(sentence, prev, " ".join(x.text for x in alignment.sentences))
        for t in v.types.get(e, []):
            if t not in _READS:
                continue
            kind, agent_side, patient_side = _READS[t]
            pairs = rel[kind]
            sides = ({a for a, _ in pairs if a}, {b for _, b in pairs if b})
            for prop, side in (("agent_", agent_side), ("patient_", patient_side)):
                if side is None:
                    continue
                for line, f in props.get(prop, []):
                    x = person_key(f.args[1].canonical)
                    if x in sides[1 - side] and x not in sides[side] and not _said_elsewhere(alignment, s, kind, side, x):
                        issues.append(Issue(kind="role_direction", line=line, message=(
                            f"{f}: the {prop[:-1]} of a {t[:-1]} is its {_SIDES[kind][side]}, but its sentence "
                            f'"{sentence.strip()}" has {x} as the {_SIDES[kind][1 - side]}: swap agent_ and patient_, '
                            "or use the person the sentence gives that role")))
                        break
        issues += _missing_parties(e, v, rel, sentence)
    for e, props in v.own_props.items():  # one person on both sides of a relation
        both = ({person_key(f.args[1].canonical) for _, f in props.get("agent_", [])}
                & {person_key(f.args[1].canonical) for _, f in props.get("patient_", [])})
        if both and e in first:
            x = sorted(both)[0]
            issues.append(Issue(kind="role_direction", line=props["patient_"][0][0], message=(
                f"{x} is both agent_ and patient_ of {e}: an event relates two parties; its sentence is "
                f'"{alignment.sentences[first[e].primary].text.strip()}"')))
    return issues


def _said_elsewhere(alignment: "Alignment", s, kind: str, side: int, x: str) -> bool:
    """Another sentence of the event's (the aligner's) gives ``x`` the role as written: then no
    message asks to swap it on the evidence of the sentence that says otherwise."""
    full = " ".join(t.text for t in alignment.sentences)
    for i in s.sentences:
        if i == s.primary:
            continue
        prev = alignment.sentences[i - 1].text if i else None
        pairs = sentence_roles(alignment.sentences[i].text, prev, full)[kind]
        if x in {p[side] for p in pairs if p[side]}:
            return True
    return False


def _missing_parties(e: str, v: FactView, rel: dict, sentence: str) -> list[Issue]:
    from taxlogic.kb.sara.reading.cues import cue_table

    table = cue_table()
    props = v.props.get(e, {})
    agents, patients = ({person_key(c) for c in props.get("agent_", set())}, {person_key(c) for c in props.get("patient_", set())})
    line = v.type_lines.get(e)
    out = []
    for t in v.types.get(e, []):
        if t in _READS:  # a side the sentence gives (a payer, an employer), missing from the event
            kind, agent_side, patient_side = _READS[t]
            pairs = rel[kind]
            sides = ({a for a, _ in pairs if a}, {b for _, b in pairs if b})
            for prop, side in (("agent_", agent_side), ("patient_", patient_side)):
                if side is not None and sides[side] and not props.get(prop):
                    out.append(Issue(kind="role_missing", line=line, message=(
                        f"{t}({e}) has no {prop} (its {_SIDES[kind][side]}), but its sentence "
                        f'"{sentence.strip()}" gives {" or ".join(sorted(sides[side]))}: state it with {prop}')))
                elif t == "payment_" and prop == "agent_" and sides[side] and len(_PAYING.findall(sentence)) == 1 and \
                        not ({person_key(c) for c in props.get(prop, set())} & _coordinated(sentence, sides[side])):
                    # a sentence of one payment names who pays ("a house that Alice maintains"), and
                    # none of the payment's agent_ is that person (only a payment's payer is held to
                    # it: an income's payee may be stated in other words, "Bob's income was …"; and
                    # only where the sentence pays once: "…, while Charlie, her brother, pays …")
                    had = sorted(person_key(c) for c in props[prop])
                    out.append(Issue(kind="role_missing", line=line, message=(
                        f"{t}({e}) has {', '.join(had)} as its {prop} (its {_SIDES[kind][side]}), but its sentence "
                        f'"{sentence.strip()}" gives {" or ".join(sorted(sides[side]))}: is the {prop[:-1]} the '
                        "person the sentence names?")))
        if _READS.get(t, ("",))[0] == "child_parent":
            children, parents = (agents, patients) if _READS[t][1] == 0 else (patients, agents)
            for child in children:
                said = {p for c, p in rel["child_parent"] if c == child and p}
                if said - parents:
                    out.append(Issue(kind="role_missing", line=line, message=(
                        f"{t}({e}) makes {child} the child of {', '.join(sorted(parents)) or 'no one'}, but its sentence "
                        f'"{sentence.strip()}" makes {child} the child of {" and ".join(sorted(said))}: '
                        "give the relation the parents the sentence names")))
        need = table.parties(t)
        if need and len(agents) != need and (agents or need > 1):
            out.append(Issue(kind="role_missing", line=line, message=(
                f"{t}({e}) has {len(agents)} agent_ ({', '.join(sorted(agents)) or 'none'}), but a {t[:-1].replace('_', ' ')} "
                f'has {need}: its sentence is "{sentence.strip()}"; '
                + ("state both people with agent_" if need > 1 else "keep only the person it is about"))))
    return out
