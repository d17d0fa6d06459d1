"""The inspector: everything the agent checks before it trusts an answer.

One inspector serves the agent's ``inspect`` node, ``taxlogic inspect`` and the verifier
experiment (:mod:`taxlogic.eval.verifier`). Given the case, the validator's verdict on the facts
and the engine's outcome, it returns :class:`Issue` records that the repair step turns into
feedback. Nothing here knows which case it is looking at beyond its text, question and query;
every check follows from the text, the query and the statutes (the knowledge base, read once per
rule set by :func:`event_schema`). Checks, in order:

1. **validation** (:func:`taxlogic.tools.facts.check_facts`): syntax, predicate vocabulary and
   arity, date and amount formats, each with its line; if anything was rejected, nothing else
   runs (the facts were not run);
2. **Prolog** (:func:`outcome_issues`): exceptions (existence, type, instantiation …), time and
   inference limits;
3. **one value per numeric query**: no value, or several distinct values (Jurayj et al. 2025
   abstain there);
4. **coverage against the text and query** (:func:`coverage_issues`): every constant of the
   query appears in the facts (``coverage_person``); every dollar amount and full calendar date
   the text writes appears in them (``coverage_amount``, ``coverage_date``), except amounts of a
   sentence that cites a section ("an additional standard deduction of $600 under section
   63(f)"): legal conclusions are the statutes' output, not an event's amount; an affirmative
   legal conclusion the text states about a section the KB defines ("Bob counts as Alice's
   dependent under section 152(c)(1)") is a statute fact of that section (``coverage_conclusion``;
   negated conclusions and computed values are not facts);
5. **events against the statutes** (:func:`event_issues`; ``events.pl`` declares event types,
   unary, and their properties, binary; the rule bodies say how they are read):

   - ``event_undeclared``: a property describes an id that no type fact declares and no statute
     fact or trusted rule mentions: a broken link (``start_(alice_died, …)`` beside
     ``death_(alice_dies)``);
   - ``event_undescribed``: a type fact whose id no other fact mentions;
   - ``event_conflict``: one event with two different start dates, end dates or amounts, two
     types, or an end before its start;
   - ``event_duplicate``: two ids with the same type and the same properties;
   - ``predicate_unread``: a predicate no rule ever reads, one keystroke from one that is read
     (``patient/2`` for ``patient_/2``): the fact has no effect;
   - ``role_clash``: a person the text names who fills two roles that no rule ever fills with one
     variable (a person as the home of a residence, after agent and patient were swapped). The
     role classes are the connected components of "one variable fills both" over every clause;
   - ``role_link``: two linked events (``purpose_(Payment, Service)``) that share no party where
     some rule reads them as one (the payer of a payment for work is the employer, or its payee
     the worker);
   - ``event_unusable``: a described event that meets none of the ways the rules read its type:
     for every way a clause body can succeed, the core properties (who, what for, when, how
     much) it reads of such an event (an income without an amount, a marriage with one spouse and
     no date);
6. **values against the text** (:func:`grounding_issues`; skipped when the text is a what-if
   change rather than a whole fact pattern, as in chat):

   - ``amount_unstated``: a number of an ``amount_`` fact or of a statute fact that the text,
     question and query never write (0 and 1 excepted: "no amount", and SARA's nominal payment
     of 1 for a household one maintains);
   - ``date_near_miss``: a date the text does not support (not written in it, not a month and
     day it writes in a year it names, not the first or last day of a year or month it names,
     years of a "from 2015 to 2019" span included) that is one field, one day or a day/month
     swap away from a date it writes, or a day or a month off the first or last day of a year
     it names;
   - ``date_year``: an event whose amount the text states in a sentence naming years, dated in
     none of them ("In 2017, Alice was paid $33200" with ``start_(…, "2016-12-31")``);
   - ``name_near_miss``: a constant written in one fact only, a variant of another constant
     (other case or quotes ``'Alice'``, parts reordered ``bob_and_alice``, a number or filler
     word more or less ``alice_1``, ``alice_paid``, one letter off ``charie``, ``alice_died``);
7. **who did what to whom** (:func:`direction_issues`): roles worded the other way round by the
   text: a ``son_``/``daughter_`` event's agent is the child and a ``father_``/``mother_``
   event's agent the parent (``is_child_of`` in ``utils.pl``), checked against "Alice has a son,
   Bob", "Bob is Alice's father", "Their son Charlie"; a ``payment_``'s agent is the payer ("Alice
   paid Bob", "Bob was paid by Alice"); a ``service_``'s agent works for its patient ("Alice
   employed Bob").

Checks 4 (conclusions) and 5 need the statutes (``rules``); without them only the others run.
``trusted``: Prolog text the inspector may rely on but does not check (the facts a trusted gold
rule program derives, and its rules; see :mod:`taxlogic.eval.verifier`): it counts for coverage
and references, its own events are not inspected.
"""

from __future__ import annotations

import re
import subprocess
import tempfile
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from datetime import date
from functools import lru_cache
from pathlib import Path
from typing import Iterable, Sequence

from taxlogic.agent.state import CaseInput, Issue
from taxlogic.tools.engine import Outcome
from taxlogic.tools.facts import Atom, Fact, Number, PList, Str, parse_facts

_MONTHS = {m: i for i, m in enumerate(
    ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"), start=1)}
_MONTH_RE = r"(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?"
_AMOUNT = re.compile(r"\$\s?(\d[\d,]*(?:\.\d+)?)")
_DATE = re.compile(
    r"\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})\b", re.I)
_MONTH_DAY = re.compile(rf"\b{_MONTH_RE}\s+(\d{{1,2}})(?:st|nd|rd|th)?\b", re.I)
_MONTH_YEAR = re.compile(rf"\b{_MONTH_RE},?\s+(?:of\s+)?(\d{{4}})\b", re.I)
_DAY_MONTH = re.compile(rf"\b(\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?{_MONTH_RE}", re.I)
_YEAR = re.compile(r"(?<![\d$])(?<!\d[.,])(1[6-9]\d\d|2[01]\d\d)(?!\d|[.,]\d)")
_TEXT_NUMBER = re.compile(r"\d[\d,]*(?:\.\d+)?")
_NUMBER = re.compile(r"(?<![\w.])-?\d+(?:\.\d+)?(?![\w.])")
_ATOM_CONST = re.compile(r"^[a-z][A-Za-z0-9_]*$")
_SECTION = re.compile(r"\bsections?\s+\d+[A-Za-z]?(?:\s*\([0-9A-Za-z]+\))*", re.I)
_SENTENCE = re.compile(r"[^.!?]+(?:[.!?]+|$)")
_ISO = re.compile(r"(\d{4})-(\d{2})-(\d{2})\Z")
_WHAT_IF = re.compile(
    r"^\s*(?:(?:and|but|ok|okay|now|so|then)[\s,]+)?(?:what\s+if|what\s+would\s+happen\s+if|suppose|supposing|"
    r"assume|assuming|imagine|let'?s\s+say)\b", re.I)


# ------------------------------------------------------------------------------ the text

def _plain(number: str) -> str:
    """"1,200.50" -> "1200.5"; "0300" -> "300"."""
    v = number.replace(",", "").rstrip(".")
    if "." in v:
        v = v.rstrip("0").rstrip(".")
    return v.lstrip("0") or "0"


def text_amounts(text: str) -> list[str]:
    """Dollar amounts written in ``text`` as plain numbers: "$1,200" -> "1200"; in order, once each."""
    out: list[str] = []
    for m in _AMOUNT.finditer(text):
        v = _plain(m.group(1))
        if v not in out:
            out.append(v)
    return out


def text_dates(text: str) -> list[str]:
    """Full calendar dates in ``text`` ("Feb 3rd, 1992", "May 5th 2019") as "YYYY-MM-DD", once each."""
    out: list[str] = []
    for m in _DATE.finditer(text):
        month, day, year = _MONTHS[m.group(1).lower()[:3]], int(m.group(2)), int(m.group(3))
        if 1 <= day <= 31:
            d = f"{year:04d}-{month:02d}-{day:02d}"
            if d not in out:
                out.append(d)
    return out


def query_atoms(query: str) -> list[str]:
    """Atom constants of a query (people, entities): ``s151_c(alice,_,2000,2015)`` -> ``['alice']``."""
    from taxlogic.prompts import query_constants

    return [c for c in query_constants(query) if _ATOM_CONST.match(c)]


def _query_numbers(query: str) -> set[str]:
    from taxlogic.prompts import query_constants

    return {_plain(c) for c in query_constants(query) if re.fullmatch(r"-?\d+(?:\.\d+)?", c)}


def conclusion_amounts(text: str) -> set[str]:
    """Dollar amounts stated in a sentence that cites a section ("… of $600 under section
    63(f)(1)(A)"): legal conclusions, the statutes' output rather than an event's amount."""
    out: set[str] = set()
    for s in _SENTENCE.finditer(text):
        if _SECTION.search(s.group()):
            out.update(text_amounts(s.group()))
    return out


def is_what_if(text: str) -> bool:
    """Does ``text`` read as a change to an earlier fact pattern ("What if Alice earned …?")?"""
    return bool(_WHAT_IF.search(text))


@dataclass
class _Text:
    """What the case text, question and query state (for the grounding checks)."""

    text: str
    numbers: set[str]
    dates: set[str]
    month_days: set[tuple[int, int]]
    months: set[tuple[int, int]]
    years: set[int]
    sentences: list[str]

    @classmethod
    def of(cls, case: CaseInput, query: str | None) -> "_Text":
        full = f"{case.text} {case.question}"
        numbers = {_plain(n) for n in _TEXT_NUMBER.findall(full)} | _query_numbers(query or "")
        md = {(_MONTHS[m.group(1).lower()[:3]], int(m.group(2))) for m in _MONTH_DAY.finditer(full)}
        md |= {(_MONTHS[m.group(2).lower()[:3]], int(m.group(1))) for m in _DAY_MONTH.finditer(full)}
        years = {int(y) for y in _YEAR.findall(full)} | {int(n) for n in _query_numbers(query or "")
                                                          if re.fullmatch(r"1[6-9]\d\d|2[01]\d\d", n)}
        for sent in _SENTENCE.finditer(full):  # "from 2015 to 2019": the years between are named too
            ys = [int(y) for y in _YEAR.findall(sent.group())]
            if len(ys) >= 2 and re.search(r"\b(?:from|between|to|until|through)\b", sent.group(), re.I):
                years |= set(range(min(ys), max(ys) + 1))
        months = {(int(m.group(2)), _MONTHS[m.group(1).lower()[:3]]) for m in _MONTH_YEAR.finditer(full)}
        return cls(case.text, numbers, set(text_dates(full)), md, months, years,
                   [s.group() for s in _SENTENCE.finditer(case.text)])

    def year_bounds(self) -> list[date]:
        """January 1st and December 31st of every year the text names."""
        return [date(y, m, d) for y in sorted(self.years) for m, d in ((1, 1), (12, 31))]

    def supports(self, iso: str) -> bool:
        """A date the text supports: written in it; a month and day it writes, in a year it names;
        the first or last day of a year it names (how a translation dates "in 2017") or of a month
        it names with its year ("in March 2017")."""
        m = _ISO.match(iso)
        if not m:
            return True
        y, mo, d = map(int, m.groups())
        if iso in self.dates or (y in self.years and ((mo, d) in self.month_days or (mo, d) in ((1, 1), (12, 31)))):
            return True
        last = (date(y + mo // 12, mo % 12 + 1, 1) - date.resolution).day if 1 <= mo <= 12 else 0
        return (y, mo) in self.months and d in (1, last)


# ------------------------------------------------------------------------- coverage (4)

def coverage_issues(case: CaseInput, query: str | None, canonical_facts: str, trusted: str = "",
                    statutes: Iterable[str] | None = None, terms: dict[str, str] | None = None) -> list[Issue]:
    """Section 4 of the module doc: what the text or query names that the facts never mention.
    ``trusted``: further program text (trusted rules and the facts they derive) that counts too;
    ``statutes``: the KB's statute predicate names (for legal conclusions the text states);
    ``terms``: the statutes' defined terms (:func:`legal_terms`)."""
    issues: list[Issue] = []
    program = canonical_facts + "\n" + trusted
    tokens = set(re.findall(r"[a-z][A-Za-z0-9_]*", program))
    numbers = {_plain(n) for n in _NUMBER.findall(program)}
    for atom in query_atoms(query or ""):
        if atom not in tokens:
            issues.append(Issue(kind="coverage_person", message=(
                f"the query names {atom}, but no fact mentions {atom}; use exactly this constant for the same person or entity")))
    exempt = conclusion_amounts(case.text)
    for amount in text_amounts(case.text):
        if amount not in numbers and amount not in exempt:
            issues.append(Issue(kind="coverage_amount", message=(
                f"the text states ${amount}, but no fact has the number {amount}; attach it with amount_/2 to the event it belongs to")))
    for d in text_dates(case.text):
        if f'"{d}"' not in program:
            issues.append(Issue(kind="coverage_date", message=(
                f'the text states the date {d}, but no fact has "{d}"; attach it with start_/2 or end_/2')))
    if statutes is not None:
        issues += _conclusion_issues(case.text, program, set(statutes), terms or {})
    return issues


@lru_cache(maxsize=8)
def _legal_terms(source_dir: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for path in sorted(Path(source_dir).glob("section*")):
        number = path.name.removeprefix("section")
        labels: list[tuple[int, str]] = []
        for line in path.read_text(errors="replace").splitlines():
            m = re.match(r"^(\s*)\(([0-9A-Za-z]+)\)\s+(.*)", line)
            if m:
                depth = len(m.group(1).expandtabs(4))
                labels = [(d, lab) for d, lab in labels if d < depth] + [(depth, m.group(2))]
                head = re.match(r"Definitions? of (.+)$", m.group(3).strip())
                if head:
                    out.setdefault(_term(head.group(1)), "s" + number + "".join("_" + lab for _, lab in labels))
            for t in re.findall(r'the term "([^"]+)" means', line):
                out.setdefault(_term(t), "s" + number + "".join("_" + lab for _, lab in labels))
    return out


def _term(words: str) -> str:
    return " ".join(w for w in words.lower().split() if w not in ("a", "an", "the"))


def legal_terms(rules) -> dict[str, str]:
    """Terms the statutes define, with the section that defines them ("surviving spouse" ->
    ``s2_a_1``, "head of household" -> ``s2_b``), read from the rule set's statute text
    (``(a) Definition of …`` headings and ``the term "…" means``)."""
    source = getattr(rules, "source_dir", None)
    return _legal_terms(str(source)) if source is not None and Path(source).is_dir() else {}


_CITE = re.compile(r"\b(?:sections?|under|of)\s+(\d+[A-Za-z]?(?:\s*\([0-9A-Za-z]+\))*)", re.I)
_NEGATED = re.compile(r"\b(?:not|no|never|neither|nor)\b|n't\b", re.I)


def _section_name(cited: str) -> str:
    """"152(c)(1)" -> "s152_c_1"."""
    return "s" + re.sub(r"\s*\(([0-9A-Za-z]+)\)", r"_\1", cited.strip())


def _conclusion_issues(text: str, program: str, statutes: set[str], terms: dict[str, str]) -> list[Issue]:
    """A legal conclusion the text states affirmatively ("Bob counts as Alice's dependent under
    section 152(c)(1) for 2015", "Alice is a surviving spouse for 2017", with a term the statutes
    define) must be a statute fact of that section (or of a part or a parent of it). Negated
    conclusions (the rules' closed world) and computed values ("… of $600 under section 63", "…
    is equal to 10%") are not facts; nor are sections the KB does not define."""
    asserted = set(re.findall(r"(?m)^\s*(s\d\w*)\(", program))
    issues = []
    for m in _SENTENCE.finditer(text):
        sentence = m.group()
        if _NEGATED.search(sentence) or "$" in sentence or "%" in sentence:
            continue
        for term, sec in terms.items() if not _CITE.search(sentence) else ():  # a cited section decides
            said = re.search(rf"\b{_NAME}\s+(?:is|was|qualifies\s+as|counts\s+as)\s+(?:an?\s+|the\s+)?"
                             + r"\s+".join(re.escape(w) for w in term.split()) + r"\b", sentence)
            if said and not any(x == sec or x.startswith(sec + "_") or sec.startswith(x + "_") for x in asserted):
                issues.append(Issue(kind="coverage_conclusion", message=(
                    f'the text states "{said.group()}", a term section {sec[1:].replace("_", "(", 1)} defines, but no '
                    f"fact asserts {sec} or a part of it; state the conclusion with the statute predicate")))
        for c in _CITE.finditer(sentence):
            if c.group(0).lower().startswith(("under", "of")) and "(" not in c.group(1):
                continue  # "under 65", "of 2017": not a section
            sec = _section_name(c.group(1))
            if not any(x == sec or x.startswith(sec + "_") for x in statutes):
                continue
            if not any(x == sec or x.startswith(sec + "_") or sec.startswith(x + "_") for x in asserted):
                issues.append(Issue(kind="coverage_conclusion", message=(
                    f'the text states a conclusion under section {c.group(1)} ("{sentence.strip()}"), but no fact '
                    f"asserts {sec} or one of its parts; state it with the statute predicate")))
    return issues


# --------------------------------------------------------------------------- outcome (2, 3)

def outcome_issues(case: CaseInput, outcome: Outcome) -> list[Issue]:
    """Section 2 and 3 of the module doc: what Prolog's outcome says is wrong."""
    if outcome.status == "error":
        hint = {
            "existence": "a predicate the rules need is undefined or misspelled",
            "type": "an argument has the wrong type (dates are strings \"YYYY-MM-DD\", amounts are integers)",
            "instantiation": "an argument that must be known is left unbound",
        }.get(outcome.error_kind or "", "")
        msg = f"Prolog raised an error ({outcome.error_kind}): {outcome.message}" + (f"; {hint}" if hint else "")
        return [Issue(kind="prolog_error", message=msg)]
    if outcome.status in ("time_limit", "inference_limit"):
        return [Issue(kind=outcome.status, message=(
            f"the query did not finish ({outcome.message}); facts that make the rules loop or explode, "
            "e.g. an event that is its own purpose, must be fixed"))]
    if case.kind == "numeric":
        if outcome.status == "failed" or (outcome.status == "values" and not outcome.values):
            return [Issue(kind="no_value", message=(
                f"the query {case.query or ''} has no solution: the rules could not compute the tax from these facts "
                "(check income events, agents, dates and the year)"))]
        if outcome.status == "values":
            nums = outcome.numbers
            if len(nums) != len(outcome.values):
                return [Issue(kind="no_value", message=f"the tax query returned non-numbers: {', '.join(outcome.values)}")]
            if len({round(float(n)) for n in nums}) > 1:
                return [Issue(kind="several_values", message=(
                    f"the tax query gives several different amounts ({', '.join(outcome.values[:5])}): "
                    "the facts are ambiguous (e.g. duplicated events or two incomes for the same thing)"))]
    return []


# ---------------------------------------------------------------- the statutes' event model

_SCHEMA_PL = r"""
:- initialization(main, main).
:- dynamic decl/2, row/2, read_pred/2, defined/2, link/2, same/3.
main :-
    current_prolog_flag(argv, [Dir|_]),
    directory_file_path(Dir, 'events.pl', Ev),
    ( exists_file(Ev) -> setup_call_cleanup(open(Ev, read, S0), rd(S0), close(S0)) ; true ),
    directory_files(Dir, Es0), msort(Es0, Es),
    findall(P, ( member(E, Es), file_name_extension(_, pl, E), E \== 'init.pl', E \== 'events.pl',
                 directory_file_path(Dir, E, P) ), Ps),
    forall(member(P, Ps), setup_call_cleanup(open(P, read, S), defs(S), close(S))),
    forall(member(P, Ps), setup_call_cleanup(open(P, read, S), sc(S), close(S))),
    forall(link(A, B), format("link\t~w\t~w~n", [A, B])),
    forall(same(L, R1, R2), format("same\t~w\t~w\t~w~n", [L, R1, R2])),
    forall(row(T, K), format("~w\t~w~n", [T, K])),
    forall(read_pred(N, A), format("read\t~w/~w~n", [N, A])).
rd(S) :- read_term(S, T, []), ( T == end_of_file -> true ; ( T = (:- discontiguous N/A) -> assertz(decl(N, A)) ; true ), rd(S) ).
sc(S) :- read_term(S, T, [syntax_errors(dec10)]),
    ( T == end_of_file -> true ; ( T = (H :- B) -> body(B), reads(B), links(H, B) ; true ), sc(S) ).
defs(S) :- read_term(S, T, [syntax_errors(dec10)]),
    ( T == end_of_file -> true
    ; ( ( T = (H :- _) -> true ; T = H ), callable(H), H \= (:- _), catch(functor(H, N, A), _, fail),
        \+ defined(N, A) -> assertz(defined(N, A)) ; true ), defs(S) ).
% Role classes: a variable shared by two places of a clause (an event's role, an argument of a
% KB predicate) links them; the classes are the connected components (computed in Python).
lits(V, []) :- var(V), !.
lits(G, Ls) :- compound(G), ( G = (A, B) ; G = (A ; B) ; G = (A -> B) ; G = (A *-> B) ), !,
    lits(A, L1), lits(B, L2), append(L1, L2, Ls).
lits(\+ G, Ls) :- !, lits(G, Ls).
lits(G, Ls) :- compound(G), functor(G, N, _), memberchk(N, [findall, forall, aggregate_all, bagof, setof, once, ignore, call, ^]), !,
    G =.. [_|Args], lits_list(Args, Ls).
lits(G, [G]).
lits_list([], []).
lits_list([X|Xs], Ls) :- ( callable(X) -> lits(X, L1) ; L1 = [] ), lits_list(Xs, L2), append(L1, L2, Ls).
links(H, B) :- lits(B, Ls0), Ls = [H|Ls0], term_variables(H-B, Vs),
    forall(member(V, Vs), ( findall(N, node(V, Ls, N), Ns0), sort(Ns0, Ns),
                            ( Ns = [N1|Rest] -> forall(member(N2, [N1|Rest]), assertz(link(N1, N2))) ; true ) )).
node(V, Ls, Node) :- member(L, Ls), compound(L), L =.. [P, E, X], X == V, decl(P, 2),
    member(L2, Ls), compound(L2), L2 =.. [T, E2], E2 == E, decl(T, 1), format(atom(Node), "~w:~w", [T, P]).
node(V, Ls, Node) :- member(L, Ls), compound(L), compound_name_arity(L, N, A), \+ decl(N, _), defined(N, A),
    arg(I, L, X), X == V, format(atom(Node), "~w/~w:~w", [N, A, I]).
reads(V) :- var(V), !.
reads(G) :- callable(G), !, functor(G, N, A), ( read_pred(N, A) -> true ; assertz(read_pred(N, A)) ),
    ( compound(G) -> G =.. [_|Args], forall(member(X, Args), reads(X)) ; true ).
reads(_).
body(B) :- paths(B, Ps, In), append(Ps, In, Us), forall(member(U, Us), ( path_rows(U), path_same(U) )).
% Two events linked by a property (purpose_(Payment, Service)) whose roles a rule fills with one
% variable (the payer of a payment for a service is the service's patient_, its employer).
path_same(P) :-
    forall(( member(L, P), compound(L), L =.. [Lk, E1, E2], decl(Lk, 2), var(E1), var(E2),
             typ(P, E1, T1), typ(P, E2, T2),
             member(A, P), compound(A), A =.. [R1, V1, X], V1 == E1, decl(R1, 2), R1 \== Lk, var(X),
             member(B, P), compound(B), B =.. [R2, V2, Y], V2 == E2, decl(R2, 2), X == Y ),
           ( format(atom(Link), "~w:~w:~w", [T1, Lk, T2]), ( same(Link, R1, R2) -> true ; assertz(same(Link, R1, R2)) ) )).
typ(P, E, T) :- member(L, P), compound(L), L =.. [T, V], V == E, decl(T, 1), !.
path_rows(P) :-
    forall(( member(L, P), compound(L), L =.. [T, V], var(V), decl(T, 1) ),
           ( findall(N, ( member(L2, P), compound(L2), L2 =.. [N, V2, _], V2 == V, decl(N, 2) ), Ns),
             msort(Ns, Sorted), atomic_list_concat(Sorted, ',', Key),
             ( row(T, Key) -> true ; assertz(row(T, Key)) ) )).
cross([], _, []).
cross([X|Xs], PB, Out) :- pre(PB, X, O1), cross(Xs, PB, O2), append(O1, O2, Out).
pre([], _, []).
pre([Y|Ys], X, [P|Ps]) :- append(X, Y, P), pre(Ys, X, Ps).
cap(Ps, Ps) :- length(Ps, N), N =< 512, !.
cap(Ps, C) :- length(C, 512), append(C, _, Ps).
strip(_^G, G1) :- !, strip(G, G1).
strip(G, G).
paths(V, [[]], []) :- var(V), !.
paths((A, B), Ps, I) :- !, paths(A, PA, IA), paths(B, PB, IB), cross(PA, PB, Ps0), cap(Ps0, Ps), append(IA, IB, I).
paths((C -> T ; E), Ps, I) :- !, paths((C, T), P1, I1), paths(E, P2, I2), append(P1, P2, Ps), append(I1, I2, I).
paths((C *-> T ; E), Ps, I) :- !, paths((C, T), P1, I1), paths(E, P2, I2), append(P1, P2, Ps), append(I1, I2, I).
paths((A ; B), Ps, I) :- !, paths(A, P1, I1), paths(B, P2, I2), append(P1, P2, Ps), append(I1, I2, I).
paths((C -> T), Ps, I) :- !, paths((C, T), Ps, I).
paths(\+ _, [[]], []) :- !.
paths(once(G), Ps, I) :- !, paths(G, Ps, I).
paths(ignore(G), [[]|Ps], I) :- !, paths(G, Ps, I).
paths(call(G), Ps, I) :- !, paths(G, Ps, I).
paths(findall(_, G, _), [[]], I) :- !, paths(G, P, I0), append(P, I0, I).
paths(findall(_, G, _, _), [[]], I) :- !, paths(G, P, I0), append(P, I0, I).
paths(aggregate_all(_, G, _), [[]], I) :- !, paths(G, P, I0), append(P, I0, I).
paths(forall(C, A), [[]], I) :- !, paths((C, A), P, I0), append(P, I0, I).
paths(setof(_, G, _), [[]], I) :- !, strip(G, G1), paths(G1, P, I0), append(P, I0, I).
paths(bagof(_, G, _), [[]], I) :- !, strip(G, G1), paths(G1, P, I0), append(P, I0, I).
paths(G, [[G]], []).
"""


#: What an event is: who (roles), what for (``purpose_``: the link from a payment to the work or
#: the home it pays for), when (dates) and how much. Other properties (reason_, type_, means_,
#: location_ …) qualify an event and are often not stated: they are not required.
CORE = frozenset({"agent_", "patient_", "beneficiary_", "purpose_", "start_", "end_", "amount_"})


@dataclass(frozen=True)
class EventSchema:
    """For each event type, the property sets the statutes read of an event of that type, one
    per way a rule body can succeed (minimal sets only; counts matter: a marriage is read with
    two ``agent_``). An event is usable if it has (at least) one of them."""

    needs: dict[str, tuple[Counter, ...]] = field(default_factory=dict)
    reads: frozenset[str] = frozenset()  # name/arity of every predicate a rule body calls
    same_roles: dict[str, tuple[tuple[str, str], ...]] = field(default_factory=dict)  # "payment_:purpose_:service_" -> ((agent_, patient_), …)
    role_class: dict[str, int] = field(default_factory=dict)  # "residence_:agent_" -> class
    class_roles: dict[int, tuple[str, ...]] = field(default_factory=dict)

    def usable(self, etype: str, props: dict[str, set[str]]) -> bool:
        ways = self.needs.get(etype)
        if not ways:
            return True
        return any(all(len(props.get(p, ())) >= n for p, n in way.items()) for way in ways)

    @classmethod
    def core(cls, needs: dict[str, list[Counter]], reads: Iterable[str] = (),
             links: Iterable[tuple[str, str]] = (), same: Iterable[tuple[str, str, str]] = ()) -> "EventSchema":
        """Keep only the core properties (:data:`CORE`) of each way, then the minimal ways."""
        out = {}
        for etype, ws in needs.items():
            ws = [Counter({p: n for p, n in w.items() if p in CORE}) for w in ws]
            minimal = [w for w in ws if not any(v != w and all(w[p] >= n for p, n in v.items()) for v in ws)]
            uniq: list[Counter] = []
            for w in sorted(minimal, key=lambda c: (sum(c.values()), sorted(c.items()))):
                if w not in uniq:
                    uniq.append(w)
            out[etype] = tuple(uniq)
        parent: dict[str, str] = {}

        def find(x: str) -> str:
            parent.setdefault(x, x)
            while parent[x] != x:
                parent[x] = parent[parent[x]]
                x = parent[x]
            return x
        for a, b in links:
            parent[find(a)] = find(b)
        roots: dict[str, int] = {}
        role_class = {}
        for node in sorted(parent):
            role_class[node] = roots.setdefault(find(node), len(roots))
        class_roles: dict[int, list[str]] = defaultdict(list)
        for node, k in role_class.items():
            if "/" not in node:
                class_roles[k].append(node)
        same_roles: dict[str, list[tuple[str, str]]] = defaultdict(list)
        for link, r1, r2 in same:
            same_roles[link].append((r1, r2))
        return cls(out, frozenset(reads), {k: tuple(v) for k, v in same_roles.items()}, role_class,
                   {k: tuple(v) for k, v in class_roles.items()})

    def describe(self, etype: str) -> str:
        ways = self.needs.get(etype, ())

        def one(w: Counter) -> str:
            return " + ".join(f"{n} {p}" if n > 1 else p for p, n in sorted(w.items())) or "nothing"
        return "; or ".join(one(w) for w in ways[:4]) + ("; …" if len(ways) > 4 else "")


@lru_cache(maxsize=8)
def _schema_for(prolog_dir: str) -> EventSchema:
    with tempfile.NamedTemporaryFile("w", suffix=".pl", delete=False) as fh:
        fh.write(_SCHEMA_PL)
        script = fh.name
    try:
        proc = subprocess.run(["swipl", script, prolog_dir], capture_output=True, text=True, timeout=120)
    except (FileNotFoundError, subprocess.TimeoutExpired):
        return EventSchema()
    finally:
        Path(script).unlink(missing_ok=True)
    ways: dict[str, list[Counter]] = defaultdict(list)
    reads, links, same = [], [], []
    for line in proc.stdout.splitlines():
        etype, _, key = line.partition("\t")
        if etype == "read":
            reads.append(key)
        elif etype == "link":
            links.append(tuple(key.split("\t")))
        elif etype == "same":
            same.append(tuple(key.split("\t")))
        else:
            ways[etype].append(Counter(p for p in key.split(",") if p))
    return EventSchema.core(ways, reads, links, same)


def event_schema(rules) -> EventSchema:
    """The event model of a rule set (:class:`taxlogic.kb.rules.RuleSet`), read from its statute
    files by a ``swipl`` subprocess (terms only, nothing runs) once per folder."""
    return _schema_for(str(rules.prolog_dir))


# ------------------------------------------------------------------------------ fact views

@dataclass
class _Facts:
    """The facts under inspection (``facts``, with their canonical line) and trusted context."""

    facts: list[tuple[int, Fact]]
    context: list[Fact]
    trusted_text: str
    types: dict[str, list[str]] = field(default_factory=dict)
    props: dict[str, dict[str, set[str]]] = field(default_factory=dict)
    own_types: dict[str, list[str]] = field(default_factory=dict)
    type_lines: dict[str, int] = field(default_factory=dict)
    own_props: dict[str, dict[str, list[tuple[int, Fact]]]] = field(default_factory=dict)
    mentions: Counter = field(default_factory=Counter)
    statute_consts: set[str] = field(default_factory=set)

    @classmethod
    def of(cls, canonical: str, trusted: str = "") -> "_Facts":
        """The view of ``canonical`` (with ``trusted`` context); cached, never modified after."""
        return _facts_view(canonical, trusted)

    @classmethod
    def build(cls, canonical: str, trusted: str = "") -> "_Facts":
        facts = parse_facts(canonical)[0]
        own = {f.canonical for f in facts}
        parsed = parse_facts(trusted)[0] if trusted else []
        # trusted facts the translation does not already hold (a rule program's derived events)
        context = [f for f in parsed if f.canonical not in own]
        at = {f.line for f in parsed}
        rule_text = "\n".join(l for i, l in enumerate(trusted.splitlines(), 1) if i not in at)
        rule_tokens = Counter(re.findall(r"[a-z][A-Za-z0-9_]*", rule_text))
        v = cls([(f.line, f) for f in facts], context, trusted)
        for f in facts + context:
            if _is_type(f):
                v.types.setdefault(f.args[0].value, [])
                if f.name not in v.types[f.args[0].value]:
                    v.types[f.args[0].value].append(f.name)
            elif _is_property(f):
                v.props.setdefault(f.args[0].value, {}).setdefault(f.name, set()).add(f.args[1].canonical)
            elif not f.name.endswith("_"):
                v.statute_consts.update(a.value for a in _items(f) if isinstance(a, Atom))
        for f in facts:
            if _is_type(f):
                v.type_lines.setdefault(f.args[0].value, f.line)
                v.own_types.setdefault(f.args[0].value, [])
                if f.name not in v.own_types[f.args[0].value]:
                    v.own_types[f.args[0].value].append(f.name)
            elif _is_property(f):
                v.own_props.setdefault(f.args[0].value, {}).setdefault(f.name, []).append((f.line, f))
        for f in facts + context:
            for a in {a.value for a in _items(f) if isinstance(a, Atom)}:
                v.mentions[a] += 1
        v.mentions.update(rule_tokens)
        # ids a trusted rule declares: the head of a type rule, or of a statute rule
        for m in re.finditer(r"(?m)^\s*([a-z]\w*)\(([^()]*)\)\s*:-", rule_text):
            if not m.group(1).endswith("_") or m.group(2).count(",") == 0:
                v.statute_consts |= set(re.findall(r"(?<![A-Za-z0-9_])[a-z][A-Za-z0-9_]*", m.group(2)))
        return v


@lru_cache(maxsize=16)
def _facts_view(canonical: str, trusted: str) -> _Facts:
    return _Facts.build(canonical, trusted)


def _items(f: Fact):
    for a in f.args:
        if isinstance(a, PList):
            yield from a.items
        else:
            yield a


def _is_type(f: Fact) -> bool:
    return f.arity == 1 and f.name.endswith("_") and isinstance(f.args[0], Atom)


def _is_property(f: Fact) -> bool:
    return f.arity == 2 and f.name.endswith("_") and isinstance(f.args[0], Atom)


# ---------------------------------------------------------------------------- events (5)

#: Parts of a constant that add no meaning: a numbering suffix or a function word.
_FILLER = frozenset({"a", "an", "and", "the", "of", "is", "to", "e", "ev", "event", "id", "x"})


def _near(a: str, b: str) -> bool:
    """Is constant ``a`` a variant of ``b``: other case or quotes, the same parts reordered, a
    filler part (a number, ``event``, ``and`` …) more or less, or one letter off?"""
    if a == b:
        return False
    x, y = a.lower(), b.lower()
    if x == y:
        return True
    pa, pb = [p for p in re.split(r"[_\s]+", x) if p], [p for p in re.split(r"[_\s]+", y) if p]
    if len(pa) > 1 and sorted(pa) == sorted(pb):
        return True
    short, long_ = sorted((pa, pb), key=len)
    if len(long_) == len(short) + 1 and short:
        for i, extra in enumerate(long_):
            if long_[:i] + long_[i + 1:] == short and (extra.isdigit() or extra in _FILLER):
                return True
    if len(pa) == len(pb) and len(pa) > 1:
        diff = [(p, q) for p, q in zip(pa, pb) if p != q]
        if len(diff) == 1 and min(len(diff[0][0]), len(diff[0][1])) >= 3 and _edit1(*diff[0]):
            return True
    return min(len(x), len(y)) >= 4 and _edit1(x, y)


def _edit1(a: str, b: str) -> bool:
    if abs(len(a) - len(b)) > 1 or a == b:
        return False
    if len(a) == len(b):
        d = [i for i in range(len(a)) if a[i] != b[i]]
        return len(d) == 1 or (len(d) == 2 and d[1] == d[0] + 1 and a[d[0]] == b[d[1]] and a[d[1]] == b[d[0]])
    s, l = sorted((a, b), key=len)
    return any(l[:i] + l[i + 1:] == s for i in range(len(l)))


def _suggest(name: str, candidates: Iterable[str]) -> str:
    close = [c for c in sorted(candidates) if _near(name, c)]
    return f"; is it a misspelling of {close[0]}?" if close else ""


def _date(iso: str) -> date | None:
    m = _ISO.match(iso.strip('"'))
    if not m:
        return None
    try:
        return date(*map(int, m.groups()))
    except ValueError:
        return None


def event_issues(canonical: str, *, rules=None, trusted: str = "", schema: EventSchema | None = None,
                 text: str = "") -> list[Issue]:
    """Section 5 of the module doc. ``rules`` (or a ready ``schema``) for the checks that need the
    statutes; ``text``: the case text (the people it names, for ``role_clash``)."""
    v = _Facts.of(canonical, trusted)
    if schema is None and rules is not None:
        schema = event_schema(rules)
    issues: list[Issue] = []
    declared = set(v.types) | v.statute_consts
    # broken links: properties of undeclared ids
    for e, props in v.own_props.items():
        if e in declared:
            continue
        first = min((l, f) for fs in props.values() for l, f in fs)
        issues.append(Issue(kind="event_undeclared", line=first[0], message=(
            f"{first[1]} describes {e}, but no fact says what {e} is (a type fact such as income_({e}) or "
            f"marriage_({e})){_suggest(e, declared)}; use one id per event, the same in every fact")))
    # type facts nobody describes
    for line, f in v.facts:
        if _is_type(f) and v.mentions[f.args[0].value] <= 1 and f.args[0].value not in v.props:
            e = f.args[0].value
            issues.append(Issue(kind="event_undescribed", line=line, message=(
                f"{f} declares {e}, but no other fact mentions {e} (who, when, how much){_suggest(e, v.props)}")))
    # one value per event, one type per id; end not before start
    for e, props in v.own_props.items():
        for p in ("start_", "end_", "amount_"):
            values = sorted({f.args[1].canonical for _, f in props.get(p, [])})
            if len(values) > 1:
                issues.append(Issue(kind="event_conflict", line=props[p][1][0], message=(
                    f"{e} has {len(values)} different {p[:-1]} values ({', '.join(values[:4])}); an event has one "
                    f"{'amount' if p == 'amount_' else 'date'}: if these are separate events, give each its own id")))
        ctx_props = v.props.get(e, {})
        s, t = [_date(next(iter(ctx_props[p]))) if len(ctx_props.get(p, ())) == 1 else None for p in ("start_", "end_")]
        if s and t and t < s:
            issues.append(Issue(kind="event_conflict", line=(props.get("end_") or props.get("start_"))[0][0], message=(
                f"{e} ends ({t.isoformat()}) before it starts ({s.isoformat()}); check start_ and end_")))
    for e, types in v.own_types.items():
        if len(v.types.get(e, [])) > 1:
            issues.append(Issue(kind="event_conflict", line=v.type_lines.get(e), message=(
                f"{e} is declared as {' and '.join(t + '(' + e + ')' for t in v.types[e])}; one id names one event: "
                "give the other event its own id")))
    # the same event twice
    sigs: dict[tuple, list[str]] = defaultdict(list)
    for e, types in v.own_types.items():
        props = v.props.get(e, {})
        if sum(len(x) for x in props.values()) >= 2 and e in v.own_props:
            sigs[(tuple(sorted(types)), tuple(sorted((p, tuple(sorted(x))) for p, x in props.items())))].append(e)
    for (types, _), ids in sigs.items():
        if len(ids) > 1:
            issues.append(Issue(kind="event_duplicate", line=v.type_lines.get(ids[-1]), message=(
                f"{' and '.join(ids)} are the same {types[0][:-1]} (same type and the same properties): "
                "state each event once, unless the text describes two")))
    # predicates no rule reads, one keystroke from one that is read (patient/2 for patient_/2)
    if schema is not None and schema.reads:
        read_names = {r.rsplit("/", 1)[0] for r in schema.reads}
        for line, f in v.facts:
            if f.indicator not in schema.reads:
                close = sorted(n for n in read_names if f"{n}/{f.arity}" in schema.reads
                               and (_edit1(n, f.name) or n.strip("_") == f.name.strip("_")))
                if close:
                    issues.append(Issue(kind="predicate_unread", line=line, message=(
                        f"no statute reads {f.indicator}, so {f} has no effect; did you mean {close[0]}/{f.arity}?")))
    # one kind of thing per constant: the statutes read each role and argument as one kind
    if schema is not None and schema.role_class:
        issues += _role_clashes(v, schema, {w.lower() for w in re.findall(r"\b[A-Z][a-z]+\b", text)})
    # linked events whose roles the statutes fill with one value (payer of a payment for a
    # service = the service's employer)
    if schema is not None and schema.same_roles:
        issues += _link_mismatches(v, schema)
    # events no statute can use
    if schema is not None:
        for e, types in v.own_types.items():
            props = v.props.get(e, {})
            if not props:  # an entity (a plan, a hospital) other facts refer to, or undescribed (above)
                continue
            for t in types:
                if not schema.usable(t, props):
                    has = ", ".join(f"{p}" + (f" x{len(x)}" if len(x) > 1 else "") for p, x in sorted(props.items())) or "no properties"
                    issues.append(Issue(kind="event_unusable", line=v.type_lines.get(e), message=(
                        f"{t}({e}) has {has}; the statutes read a {t[:-1]} event only with {schema.describe(t)}: "
                        "a role, date or amount is missing or attached to another id")))
    return issues


def _role_clashes(v: "_Facts", schema: EventSchema, names: set[str]) -> list[Issue]:
    """A person the text names (``names``: its capitalised words, lower-cased) who fills roles
    that no statute rule ever fills with the same variable: a person where a home, a purpose or an
    institution belongs, e.g. after agent and patient were swapped. (Things the text does not name
    may legitimately fill roles the rules keep apart: a jail that employs, a house one pays for.)"""
    uses: dict[str, list[tuple[int, str, int | None, Fact]]] = defaultdict(list)  # const -> (class, node, line, fact)
    own = {f.canonical for _, f in v.facts}
    lines = {f.canonical: l for l, f in v.facts}
    for f in [f for _, f in v.facts] + v.context:
        if _is_property(f) and isinstance(f.args[1], (Atom, Str)) and not _ISO.match(str(f.args[1].value)):
            for t in v.types.get(f.args[0].value, []):
                node = f"{t}:{f.name}"
                if node in schema.role_class:
                    uses[f.args[1].canonical].append((schema.role_class[node], node, lines.get(f.canonical), f))
        elif not f.name.endswith("_"):
            for i, a in enumerate(f.args, 1):
                node = f"{f.name}/{f.arity}:{i}"
                if isinstance(a, (Atom, Str)) and not _ISO.match(str(a.value)) and node in schema.role_class:
                    uses[a.canonical].append((schema.role_class[node], node, lines.get(f.canonical), f))
    issues = []
    for const, us in uses.items():
        if const.strip("'\"").lower() not in names:
            continue
        classes = Counter(k for k, _, _, _ in us)
        if len(classes) < 2:
            continue
        major = classes.most_common(1)[0][0]
        odd = [u for u in us if u[0] != major and u[3].canonical in own] or [u for u in us if u[3].canonical in own]
        if not odd:
            continue
        k, node, line, f = odd[0]
        other = next(u for u in us if u[0] != k)
        issues.append(Issue(kind="role_clash", line=line, message=(
            f"{f} makes {const} the {node.replace(':', ' ')} (a role the statutes fill with "
            f"{_kind_of(schema, k)}), but {other[3]} makes it the {other[1].replace(':', ' ')} "
            f"({_kind_of(schema, other[0])}); are agent_ and patient_ swapped, or two things given one name?")))
    return issues


def _link_mismatches(v: "_Facts", schema: EventSchema) -> list[Issue]:
    """Two linked events (``purpose_(payment, service)``) that share no party in the roles the
    statutes read as one (the payer of a payment for work is the employer, or its payee is the
    worker; a survivor may be paid instead of the worker, so one shared party is enough)."""
    issues = []
    own = {f.canonical: l for l, f in v.facts}
    for f in [f for _, f in v.facts] + v.context:
        if not (_is_property(f) and isinstance(f.args[1], Atom)):
            continue
        e1, e2 = f.args[0].value, f.args[1].value
        for t1 in v.types.get(e1, []):
            for t2 in v.types.get(e2, []):
                pairs = schema.same_roles.get(f"{t1}:{f.name}:{t2}", ())
                known = [(r1, r2, v.props.get(e1, {}).get(r1, set()), v.props.get(e2, {}).get(r2, set()))
                         for r1, r2 in pairs]
                known = [k for k in known if k[2] and k[3]]
                mine = f.canonical in own or e1 in v.own_props or e2 in v.own_props
                if known and mine and all(not (x & y) for _, _, x, y in known):
                    said = "; ".join(f"its {r1[:-1]} {', '.join(sorted(x))} is not the {t2[:-1]}'s {r2[:-1]} "
                                     f"{', '.join(sorted(y))}" for r1, r2, x, y in known)
                    issues.append(Issue(kind="role_link", line=own.get(f.canonical), message=(
                        f"{f} links {t1}({e1}) to {t2}({e2}), but they share no party where the statutes expect one: "
                        f"{said}; are agent_ and patient_ swapped?")))
    return issues


def _kind_of(schema: EventSchema, k: int) -> str:
    roles = [r for r in schema.class_roles.get(k, ()) if not r.endswith((":start_", ":end_"))]
    shown = ", ".join(r.replace(":", " ") for r in roles[:3])
    return f"what also fills {shown}" + (" …" if len(roles) > 3 else "") if shown else "dates"


# ----------------------------------------------------------------- who did what to whom

_NAME = r"[A-Z][a-z]+"
_NAMES = rf"{_NAME}(?:\s*,\s*{_NAME})*(?:,?\s+and\s+{_NAME})?"
_CHILD_W, _PARENT_W = ("son", "daughter", "child"), ("father", "mother", "parent")
_KIN_W = r"(?P<w>son|daughter|child|father|mother|parent)"
_KINSHIP_PATTERNS = [  # h: whose relative; r: the relative the word names
    re.compile(rf"(?P<h>{_NAMES})\s+(?:has|have|had)\s+(?:a|an|one)\s+{_KIN_W},?\s+(?P<r>{_NAME})\b"),
    re.compile(rf"(?P<r>{_NAME}),?\s+(?:who\s+)?(?:is|was)\s+(?:the\s+)?(?P<h>{_NAMES})'s?\s+{_KIN_W}\b"),
    re.compile(rf"(?P<h>{_NAME})'s\s+{_KIN_W},?\s+(?P<r>{_NAME})\b"),
    re.compile(rf"(?P<r>{_NAME}),\s+(?P<h>{_NAME})'s\s+{_KIN_W}\b"),
    re.compile(rf"(?P<r>{_NAME})\s+is\s+the\s+{_KIN_W}\s+of\s+(?P<h>{_NAMES})"),
    re.compile(rf"(?P<h>{_NAME})\s+adopted\s+(?P<r>{_NAME})\b(?P<w>)"),
    re.compile(rf"(?P<h>{_NAME}),?\s+whose\s+{_KIN_W}\s+(?P<r>{_NAME})\b"),
]
#: "… where he and his father Charlie lived" (his: the name that begins the sentence), "Their son
#: Charlie" (their: the people who begin the previous sentence). Other pronouns are left alone.
_PRONOUN_KIN = re.compile(rf"(?:\b(?:he|she)\s+and\s+(?:and\s+)?(?P<p>his|her)|\b(?P<q>Their))\s+{_KIN_W},?\s+(?P<r>{_NAME})\b")
_PAYER = re.compile(rf"(?P<a>{_NAME})\s+(?:has\s+|had\s+|have\s+)?(?:also\s+)?(?:paid|pays|pay)\b(?P<rest>[^.;]*)")
_PAYEE = re.compile(rf"(?P<b>{_NAME})\s+(?:was|is|were|has\s+been|had\s+been|got|gets)\s+paid\b(?P<rest>[^.;]*)")
_TO = re.compile(rf"^(?:\s+{_NAME}\b|[^.;]*?\bto\s+(?:her\s+|his\s+)?(?:[a-z]+\s+)?{_NAME}\b)")
_EMPLOYER = [re.compile(rf"(?P<e>{_NAME})\s+(?:has\s+|had\s+)?(?:also\s+)?(?:employed|employs|employ|hired|hires|hire)\s+(?P<w>{_NAME})\b"),
             re.compile(rf"(?P<w>{_NAME})\s+(?:[a-z]+\s+)?(?:works|worked|working)\s+for\s+(?P<e>{_NAME})\b"),
             re.compile(rf"(?P<w>{_NAME})\s+(?:is|was)\s+(?:an?\s+)?employee\s+(?:of|at)\s+(?P<e>{_NAME})\b")]
#: How the statutes read the roles of these events (utils.pl ``is_child_of``, section 3306):
#: agent_ is the child of a son_/daughter_ event and the parent of a father_/mother_ event; the
#: payer of a payment_; the one who works in a service_ (its patient_ is the employer).
_CHILD_PARENT = {"son_": ("agent_", "patient_"), "daughter_": ("agent_", "patient_"),
                 "father_": ("patient_", "agent_"), "mother_": ("patient_", "agent_")}


def _names_in(group: str) -> list[str]:
    return [n.lower() for n in re.findall(_NAME, group)]


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
    sentences = [x.group() for x in _SENTENCE.finditer(text)]
    for i, sent in enumerate(sentences):
        for m in _PRONOUN_KIN.finditer(sent):
            r, w = m.group("r").lower(), m.group("w")
            if m.group("q"):
                lead = re.match(rf"\s*({_NAMES})", sentences[i - 1]) if i else None
                holders = _names_in(lead.group(1)) if lead else []
            else:
                first = re.search(_NAME, re.sub(r"^\s*(?:From|In|On|Since|Until)\b[^,]*,", "", sent))
                holders = [first.group().lower()] if first and first.group().lower() != r else []
            for h in holders:
                out["child_parent"].add((r, h) if w in _CHILD_W else (h, r))
    for m in _PAYER.finditer(text):
        to = _TO.match(m.group("rest"))
        out["payer_payee"].add((m.group("a").lower(), _names_in(to.group())[-1] if to else None))
    for m in _PAYEE.finditer(text):
        by = re.search(rf"\bby\s+({_NAME})\b", m.group("rest"))
        out["payer_payee"].add((by.group(1).lower() if by else None, m.group("b").lower()))
    for pat in _EMPLOYER:
        for m in pat.finditer(text):
            out["employer_worker"].add((m.group("e").lower(), m.group("w").lower()))
    return out


def direction_issues(canonical: str, text: str, trusted: str = "") -> list[Issue]:
    """Events whose roles the text words the other way round: a son_ event whose agent_ the
    text calls the parent, a payment_ whose agent_ the text says was paid by its patient_, a
    service_ whose agent_ (the one who works) the text says employed its patient_."""
    v = _Facts.of(canonical, trusted)
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


# ------------------------------------------------------------------------- grounding (6)

def grounding_issues(case: CaseInput, query: str | None, canonical: str, trusted: str = "",
                     statutes: Iterable[str] | None = None) -> list[Issue]:
    """Section 6 of the module doc: values in the facts that the text does not support.
    ``statutes``: the KB's statute predicates (default: every predicate not ending in ``_``)."""
    if is_what_if(case.text):
        return []
    t = _Text.of(case, query)
    v = _Facts.of(canonical, trusted)
    issues: list[Issue] = []
    stated_amounts = set(text_amounts(case.text))
    statutes = set(statutes) if statutes is not None else None
    # numbers of amount_ facts and statute facts
    for line, f in v.facts:
        if f.name == "amount_" and f.arity == 2:
            nums = [f.args[1]]
        elif f.name in statutes if statutes is not None else not f.name.endswith("_"):
            nums = [a for a in _items(f) if isinstance(a, Number)]
        else:
            nums = []
        for a in nums:
            n = _plain(Number(a.value).canonical)
            if n not in t.numbers and n not in ("0", "1"):
                issues.append(Issue(kind="amount_unstated", line=line, message=(
                    f"{f} has the number {n}, which the text never states; use the amounts and years the text gives")))
    # dates one keystroke away from a date of the text
    for line, f in v.facts:
        for a in _items(f):
            if isinstance(a, Str) and _ISO.match(a.value) and not t.supports(a.value):
                d = _date(a.value)
                near = sorted(x for x in t.dates if d and _date_near(d, _date(x)))
                bounds = sorted(x.isoformat() for x in t.year_bounds() if d and _bound_near(d, x))
                if near or bounds:
                    said = (f"close to {near[0]}, which the text states" if near else
                            f"one day or month off {bounds[0]}, the first or last day of a year the text names")
                    issues.append(Issue(kind="date_near_miss", line=line, message=(
                        f"{f} has {a.value}, which the text does not support; it is {said}: is it mistyped?")))
    # amounts stated in a sentence about given years, on an event dated in none of them
    for e, props in v.own_props.items():
        for _, af in props.get("amount_", []):
            amount = _plain(af.args[1].canonical)
            if amount not in stated_amounts:
                continue
            years = set()
            for s in t.sentences:
                if amount in text_amounts(s):
                    years |= {int(y) for y in _YEAR.findall(s)}
            dates = [_date(x) for p in ("start_", "end_") for x in v.props.get(e, {}).get(p, set())]
            dates = [d for d in dates if d]
            if years and dates and not any(d.year in years for d in dates):
                line = (props.get("start_") or props.get("end_") or [(af.line, af)])[0][0]
                issues.append(Issue(kind="date_year", line=line, message=(
                    f"the text states ${amount} for {', '.join(map(str, sorted(years)))}, but {e} is dated "
                    f"{', '.join(sorted(d.isoformat() for d in dates))}")))
    # constants written once that are variants of the others (or of the query's)
    for line, f in v.facts:
        for a in _items(f):
            if isinstance(a, Atom) and v.mentions[a.value] == 1:
                others = {c for c in v.mentions if c != a.value} | set(query_atoms(query or ""))
                close = sorted(c for c in others if _near(a.value, c))
                if close:
                    issues.append(Issue(kind="name_near_miss", line=line, message=(
                        f"{f} names {a.value}, which no other fact uses; elsewhere the same thing is {close[0]}: "
                        "use one constant per person, entity or event")))
    return issues


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


# ------------------------------------------------------------------------------- inspect

def static_issues(case: CaseInput, query: str | None, canonical: str, *, rules=None, trusted: str = "") -> list[Issue]:
    """Checks 4 to 7 of the module doc: what the facts themselves show, whatever Prolog answers."""
    statutes = rules.vocabulary.statute if rules is not None else None
    issues = coverage_issues(case, query, canonical, trusted, statutes=statutes,
                             terms=legal_terms(rules) if rules is not None else None)
    issues += event_issues(canonical, rules=rules, trusted=trusted, text=case.text)
    issues += grounding_issues(case, query, canonical, trusted, statutes=statutes)
    issues += direction_issues(canonical, case.text, trusted)
    return issues


def inspect(case: CaseInput, query: str | None, validation: Iterable[Issue], canonical: str,
            outcome: Outcome | None, *, rules=None, trusted: str = "", lines: Sequence[int] | None = None,
            static: Sequence[Issue] | None = None) -> list[Issue]:
    """All issues for one round. ``validation``: the validator's problems as issues (if any, the
    facts were not run and ``outcome`` is None, and nothing else is checked); otherwise the
    outcome checks, then :func:`static_issues`. ``rules``: the rule set (for the statutes' event
    model and predicates); ``trusted``: trusted program text (module doc); ``lines``: for each
    canonical fact, its line in the translator's text (issues then point there); ``static``: the
    result of :func:`static_issues` for these arguments when the caller already has it."""
    issues = list(validation)
    if issues or outcome is None:
        return issues
    if static is None:
        static = static_issues(case, query, canonical, rules=rules, trusted=trusted)
    found = outcome_issues(case, outcome) + list(static)
    if lines is not None:
        found = [i.model_copy(update={"line": lines[i.line - 1] if i.line and 0 < i.line <= len(lines) else None})
                 for i in found]
    return issues + found
