"""The untrusted-fact validator: rejections, canonical text, round trips, and all SARA gold facts."""

from __future__ import annotations

import random
import shutil
import subprocess
import textwrap
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from taxlogic.tools.vocabulary import Vocabulary
from taxlogic.tools.facts import (
    MAX_PROBLEMS,
    AnonVar,
    Atom,
    Fact,
    FactCheck,
    Number,
    PList,
    Problem,
    Str,
    check_facts,
    parse_facts,
)

# A small vocabulary in the shape of SARA's (no swipl or data needed for the unit tests).
VOCAB = Vocabulary(
    base={n: frozenset({1}) for n in ("income_", "marriage_", "payment_", "residence_", "son_")}
    | {n: frozenset({2}) for n in ("agent_", "patient_", "amount_", "start_", "end_", "location_", "purpose_")},
    statute={"s151": frozenset({5}), "s151_c": frozenset({4}), "s151_b": frozenset({3, 4}),
             "s3306_a_4": frozenset({0})},
    utility={"is_before": frozenset({2}), "tax": frozenset({3})},
)

HAS_SWIPL = shutil.which("swipl") is not None
needs_swipl = pytest.mark.skipif(not HAS_SWIPL, reason="swipl not installed")

# Reads (never loads) each file named after `--` and prints, per clause: file, fact|other, and
# SWI-Prolog's write_canonical of the term.
_SHOW_CLAUSES = """\
:- initialization(main, main).
main :- current_prolog_flag(argv, Files), set_stream(user_output, encoding(utf8)),
    forall(member(F, Files), setup_call_cleanup(open(F, read, S, [encoding(utf8)]), show(F, S), close(S))).
show(F, S) :- read_term(S, T, []),
    (   T == end_of_file -> true
    ;   ( T = (:- _) -> K = other ; T = (_ :- _) -> K = other ; K = fact ),
        format("~w\\t~w\\t", [F, K]), write_canonical(T), nl, show(F, S)
    ).
"""


def swipl_clauses(tmp_path, files) -> dict[str, dict[str, list[str]]]:
    """file -> {"fact": [...], "other": [...]} as SWI-Prolog reads them (write_canonical text)."""
    script = tmp_path / "show_clauses.pl"
    script.write_text(_SHOW_CLAUSES)
    proc = subprocess.run(["swipl", str(script), "--", *map(str, files)],
                          capture_output=True, text=True, encoding="utf-8", timeout=300)
    assert proc.returncode == 0, proc.stderr[-2000:]
    seen = {str(f): {"fact": [], "other": []} for f in files}
    for row in proc.stdout.splitlines():
        name, kind, term = row.split("\t", 2)
        seen[name][kind].append(term)
    return seen

# ------------------------------------------------------------------------------ rejections

BAD = [
    # (id, input, kind, line, a fragment of the message)
    ("directive-shell", ":- shell('rm -rf /').", "not_a_fact", 1, "directive"),
    ("halt", "halt.", "unknown_predicate", 1, "halt/0"),
    ("assert", "assert(income_(x)).", "unknown_predicate", 1, "assert/1"),
    ("rule", "income_(x) :- true.", "not_a_fact", 1, "rule"),
    ("dcg", "a --> b.", "not_a_fact", 1, "grammar rule"),
    ("unify", "X = 1.", "not_a_fact", 1, "operator term 'X = 1'"),
    ("initialization", "income_(a).\n:- initialization(main).", "not_a_fact", 2, "directive"),
    ("query", "?- income_(a).", "not_a_fact", 1, "directive"),
    ("negation", "\\+ income_(a).", "not_a_fact", 1, "negation"),
    ("conjunction", "income_(a), income_(b).", "not_a_fact", 1, "end each fact with '.'"),
    ("disjunction", "income_(a) ; income_(b).", "not_a_fact", 1, "disjunction"),
    ("is", "X is 1+2.", "not_a_fact", 1, "operator term"),
    ("consult-list", "[user].", "not_a_fact", 1, "loads files"),
    ("rule-in-disguise", "':-'(income_(a), true).", "not_a_fact", 1, "in disguise"),
    ("capitalised-name", "Income_(x).", "not_a_fact", 1, "income_(...)"),
    ("unbalanced-quote", "income_(a).\nagent_(e, 'alice).\nincome_(b).", "syntax", 2, "unterminated quoted atom"),
    ("unbalanced-string", 'location_(e, "usa).', "syntax", 1, "unterminated string"),
    ("unbalanced-open-paren", "agent_(e, alice.\nincome_(b).", "syntax", 1, "'(' opened at line 1, column 7 is not closed"),
    ("unbalanced-close-paren", "agent_(e, alice)).", "syntax", 1, "unexpected ')'"),
    ("mismatched-brackets", "s151(a, 1, [b), _, 2).", "syntax", 1, "closed by ')'"),
    ("missing-final-period", "income_(a).\nincome_(b)", "syntax", 2, "add '.' after 'income_(b)'"),
    ("missing-period-mid", "income_(a)\nincome_(b).", "syntax", 1, "missing '.' after 'income_(a)'"),
    ("unterminated-comment", "income_(a).\n/* oops", "syntax", 2, "unterminated /* comment"),
    ("named-variable", "agent_(e, Who).", "variable", 1, "Who"),
    ("underscore-variable", "agent_(e, _Who).", "variable", 1, "_Who"),
    ("unknown-suggestion", "incme_(alice).", "unknown_predicate", 1, "did you mean income_/1"),
    ("wrong-arity", "agent_(e).", "arity", 1, "agent_ takes 2 (agent_/2)"),
    ("wrong-arity-several", "s151_b(a, b).", "arity", 1, "takes 3 or 4"),
    ("zero-arity", "income_.", "arity", 1, "income_/0"),
    ("utility", "is_before(a, b).", "utility_predicate", 1, "computed by utils.pl, never asserted"),
    ("utility-tax", "tax(alice, 2017, 100).", "utility_predicate", 1, "tax/3"),
    ("bad-date", 'start_(e, "2017-02-30").', "date", 1, "2017-02-30 is not a calendar date"),
    ("date-not-padded", 'end_(e, "2017-1-5").', "date", 1, 'write "2017-01-05"'),
    ("date-us", 'start_(e, "01/05/2017").', "date", 1, '"YYYY-MM-DD"'),
    ("date-number", "start_(e, 2017).", "date", 1, 'dates must be quoted strings "YYYY-MM-DD", got 2017'),
    ("date-atom", "start_(e, '2017-01-05').", "date", 1, "got '2017-01-05'"),
    ("date-unquoted", "start_(e, 2017-01-05).", "date", 1, "unquoted date 2017-01-05"),
    ("date-elsewhere", 'location_(e, "March 5, 2017").', "date", 1, "argument 2 of location_/2"),
    ("amount-dollars", 'amount_(e, "$50,000").', "amount", 1, "write 50000"),
    ("amount-atom", "amount_(e, '50000').", "amount", 1, "write 50000"),
    ("amount-unquoted-dollars", "amount_(e, $50000).", "amount", 1, "write 50000"),
    ("amount-expression", "amount_(e, 12*4000).", "syntax", 1, "write the value itself"),
    ("nested-term", "agent_(e, person(alice)).", "not_a_fact", 1, "compound term 'person(alice)'"),
    ("list-tail", "s151(a, 1, [b|T], _, 2).", "syntax", 1, "[H|T]"),
    ("hex-number", "amount_(e, 0x10).", "syntax", 1, "malformed number '0x10'"),
    ("char-code", "amount_(e, 0'a).", "syntax", 1, "malformed number"),
    ("bad-escape", "agent_(e, 'a\\qb').", "syntax", 1, "undefined escape sequence"),
    ("backquote", "agent_(e, `alice`).", "syntax", 1, "back-quoted"),
    ("stray-period", "income_(a).\n.", "syntax", 2, "stray '.'"),
    ("nul-byte", "income_(a\x00).", "encoding", 1, "U+0000 (NUL)"),
    ("control-in-string", 'location_(e, "us\x07a").', "encoding", 1, "U+0007"),
    ("non-ascii-unquoted", "agent_(e, café).", "syntax", 1, "unexpected character 'é'"),
    ("non-utf8", b"income_(a).\nagent_(e, '\xff\xfe').", "encoding", 2, "byte offset 23"),
    ("size", "income_(a).\n" * 900_000, "size", 0, "not parsed"),
    ("size-bytes", b"x" * 10_000_001, "size", 0, "limit of 200000"),
]


@pytest.mark.parametrize("text,kind,line,fragment", [b[1:] for b in BAD], ids=[b[0] for b in BAD])
def test_bad_input_is_rejected(text, kind, line, fragment):
    result = check_facts(text, VOCAB)
    assert not result.ok
    first = result.problems[0]
    assert (first.kind, first.line) == (kind, line), result.format_problems()
    assert fragment in first.message
    rejected_lines = {p.line for p in result.problems}
    assert all(f.line not in rejected_lines for f in result.facts)  # a rejected clause yields no fact
    assert "halt" not in result.canonical and ":-" not in result.canonical


def test_size_limit_is_checked_before_parsing():
    result = check_facts("income_(a).\n" * 20, VOCAB, max_bytes=100)
    assert result.facts == [] and [(p.kind, p.line) for p in result.problems] == [("size", 0)]
    assert check_facts("income_(a).\n" * 20, VOCAB, max_bytes=240).ok


def test_too_many_facts():
    result = check_facts("income_(a). income_(b). income_(c).", VOCAB, max_facts=2)
    assert [f.canonical for f in result.facts] == ["income_(a).", "income_(b)."]
    assert [(p.line, p.kind) for p in result.problems] == [(0, "size")]
    assert "more than 2 facts" in result.problems[0].message


def test_non_utf8_reports_offset_and_count():
    (problem,) = check_facts(b"income_(\xff\xfe).", VOCAB).problems
    assert problem.kind == "encoding" and "0xff at byte offset 8 (2 invalid bytes in all)" in problem.message


def test_control_character_in_a_comment_rejects_nothing_else():
    result = check_facts("% note \x00\nincome_(a).", VOCAB)
    assert [(p.line, p.kind) for p in result.problems] == [(1, "encoding")]
    assert result.canonical == "income_(a).\n"


def test_parse_facts_rejects_nested_terms_without_a_vocabulary():
    facts, problems = parse_facts("assert(income_(x)).\nterm_expansion(_, _).")
    assert [(p.line, p.kind) for p in problems] == [(1, "not_a_fact")]
    assert [f.canonical for f in facts] == ["term_expansion(_,_)."]
    # ... which is why only check_facts output may reach Prolog:
    assert check_facts("term_expansion(_, _).", VOCAB).problems[0].kind == "unknown_predicate"


# ------------------------------------------------------------------------ resynchronisation


def test_resynchronises_after_errors_and_reports_each_once():
    text = textwrap.dedent("""\
        income_(a).
        agent_(e, 'alice).
        agent_(e, bob
        income_(b).
        foo bar baz.
        income_(c) :- true.
        start_(e, "2017-13-01").
        income_(d).
        incme_(f).
    """)
    result = check_facts(text, VOCAB)
    assert [(p.line, p.kind) for p in result.problems] == [
        (2, "syntax"), (3, "syntax"), (5, "syntax"), (6, "not_a_fact"), (7, "date"), (9, "unknown_predicate"),
    ]
    assert "'(' opened at line 3, column 7 is not closed at the end of line 3" in result.problems[1].message
    assert result.canonical == "income_(a).\nincome_(b).\nincome_(d).\n"
    assert [f.line for f in result.facts] == [1, 4, 8]


def test_missing_period_between_lines_keeps_the_next_fact():
    result = check_facts("income_(a)\nincome_(b).\nincome_(c)\n", VOCAB)
    assert [(p.line, p.kind) for p in result.problems] == [(1, "syntax"), (3, "syntax")]
    assert result.canonical == "income_(b).\n"


def test_problems_are_capped():
    result = check_facts("nope(x).\n" * (MAX_PROBLEMS + 10), VOCAB)
    assert len(result.problems) == MAX_PROBLEMS + 1
    assert [p.line for p in result.problems[:3]] == [1, 2, 3]
    last = result.problems[-1]
    assert (last.line, last.kind, last.message.split(" not shown")[0]) == (0, "size", "10 more problems")


def test_format_problems_for_a_repair_prompt():
    result = check_facts("income_(a).\nagent_(e).\n:- halt.", VOCAB)
    assert result.format_problems().splitlines() == [
        "line 2: arity: agent_/1 has 1 argument, but agent_ takes 2 (agent_/2)",
        "line 3: not_a_fact: directive ':- halt' is not allowed: write only facts (no directives, queries or rules)",
    ]
    assert str(Problem(0, "size", "too big")) == "input: size: too big"
    assert FactCheck().ok and FactCheck().format_problems() == ""


@pytest.mark.parametrize("text", [
    "income_(a)\n" * 18_000, "(" * 199_000, "a(" * 99_000, "s151(a,[" + "[" * 198_000, "\x00" * 199_000,
    "/*" * 99_000, "nope(x).\n" * 24_000, "'" * 199_000,
], ids=["no-periods", "parens", "nested", "lists", "nul", "comments", "unknown", "quotes"])
def test_adversarial_input_at_the_size_limit_is_handled_quickly(text):
    started = time.perf_counter()
    result = check_facts(text, VOCAB)
    assert not result.ok and len(result.problems) <= MAX_PROBLEMS + 1
    assert time.perf_counter() - started < 10


def test_mutated_input_never_raises_and_canonical_text_is_a_fixed_point():
    rnd = random.Random(7)
    alphabet = "()[]{},|.'\"`\\%/*:-_Xa0 \n\t\x00é$;!+=e"
    kept = 0
    for _ in range(3000):
        text = list(GOOD)
        for _ in range(rnd.randint(1, 4)):
            k = rnd.randrange(len(text))
            text[k:k + rnd.randint(0, 1)] = rnd.choice(alphabet) if rnd.random() < 0.7 else ""
        result = check_facts("".join(text), VOCAB)
        again = check_facts(result.canonical, VOCAB)
        assert again.ok and again.canonical == result.canonical
        kept += len(result.facts)
    assert kept > 3000 * 5  # most facts survive a few mutations elsewhere


# ------------------------------------------------------------------------------ good input

GOOD = '''\
Here are the facts:
```prolog
% Alice and Bob married on 3 Feb 2015.
marriage_(alice_and_bob).
agent_(alice_and_bob, alice).   % the spouses
agent_(alice_and_bob, bob).
start_(alice_and_bob, "2015-02-03").
/* Alice's salary,
   paid by Acme */
income_(alice_salary). agent_(alice_salary, 'Acme Corp.').
amount_(alice_salary, 50000).
location_(alice_salary, "baltimore, maryland").
s151_c(alice, _, 2000, 2015).
s151(alice, 2000, [alice, bob], _, 2017).
s3306_a_4.
```
'''


def test_good_input_is_accepted_with_canonical_text():
    result = check_facts(GOOD.replace("Here are the facts:\n", ""), VOCAB)
    assert result.ok, result.format_problems()
    assert result.canonical == textwrap.dedent('''\
        marriage_(alice_and_bob).
        agent_(alice_and_bob,alice).
        agent_(alice_and_bob,bob).
        start_(alice_and_bob,"2015-02-03").
        income_(alice_salary).
        agent_(alice_salary,'Acme Corp.').
        amount_(alice_salary,50000).
        location_(alice_salary,"baltimore, maryland").
        s151_c(alice,_,2000,2015).
        s151(alice,2000,[alice,bob],_,2017).
        s3306_a_4.
    ''')
    assert [f.line for f in result.facts] == [3, 4, 5, 6, 9, 9, 10, 11, 12, 13, 14]
    assert result.facts[3] == Fact(6, "start_", (Atom("alice_and_bob"), Str("2015-02-03")))
    assert result.facts[8].args[1] == AnonVar() and result.facts[9].args[2] == PList((Atom("alice"), Atom("bob")))
    # Prose is not Prolog: the clause it starts (up to the first '.') is rejected, the rest kept.
    chatty = check_facts(GOOD, VOCAB)
    assert [(p.line, p.kind) for p in chatty.problems] == [(1, "not_a_fact")]
    assert "'Here are the facts: marriage_(alice_and_bob)' is not a Prolog fact" in chatty.problems[0].message
    assert chatty.canonical == result.canonical.split("\n", 1)[1]


def test_bytes_and_bom_are_accepted():
    result = check_facts("\ufeffagent_(e, 'Zoë').\n".encode(), VOCAB)
    assert result.ok and result.canonical == "agent_(e,'Zo\\xeb\\').\n"


# ------------------------------------------------------------------------------ round trips

ROUND_TRIP = [
    (Atom("abc_1"), "abc_1"),
    (Atom("Foo bar"), "'Foo bar'"),
    (Atom("it's"), "'it\\'s'"),
    (Atom("back\\slash"), "'back\\\\slash'"),
    (Atom("two\nlines\ttab"), "'two\\nlines\\ttab'"),
    (Atom(""), "''"),
    (Atom("[]"), "'[]'"),
    (Atom("_x"), "'_x'"),
    (Atom("1st"), "'1st'"),
    (Atom("+"), "'+'"),
    (Atom("zoë 😀"), "'zo\\xeb\\ \\x1f600\\'"),
    (Str('say "hi"\n'), '"say \\"hi\\"\\n"'),
    (Str("it's"), '"it\'s"'),
    (Str("\x00\x1b"), '"\\x0\\\\x1b\\"'),
    (Number(0), "0"),
    (Number(-5), "-5"),
    (Number(10**30), "1000000000000000000000000000000"),
    (Number(0.1), "0.1"),
    (Number(-2.5), "-2.5"),
    (Number(1e16), "1.0e+16"),
    (Number(1.5e-7), "1.5e-07"),
    (AnonVar(), "_"),
    (PList(()), "[]"),
    (PList((Atom("a"), Str("b"), Number(1), AnonVar())), '[a,"b",1,_]'),
]


@pytest.mark.parametrize("term,text", ROUND_TRIP, ids=[t for _, t in ROUND_TRIP])
def test_canonical_text_round_trips(term, text):
    fact = Fact(1, "agent_", (Atom("e"), term))
    assert term.canonical == text
    assert fact.canonical == f"agent_(e,{text})."
    (parsed,), problems = parse_facts(fact.canonical)
    assert problems == [] and parsed == fact and type(parsed.args[1]) is type(term)
    if isinstance(term, Number):
        assert type(parsed.args[1].value) is type(term.value)
    assert fact.canonical.isascii()


@pytest.mark.parametrize("written,value", [
    ("'it''s'", "it's"), ("'it\\'s'", "it's"), ("'a\\\\b'", "a\\b"), ("'a\\nb'", "a\nb"),
    ("'\\x41\\B'", "AB"), ("'\\101\\'", "A"), ("'\\u00e9'", "é"), ("'con\\\ntinued'", "continued"),
    ('"say ""hi"""', 'say "hi"'), ("'%not a comment'", "%not a comment"),
])
def test_input_escapes(written, value):
    (fact,), problems = parse_facts(f"agent_(e, {written}).")
    assert problems == [] and fact.args[1].value == value


@needs_swipl
def test_swipl_reads_canonical_text_back_identically(tmp_path):
    """SWI-Prolog reads our canonical text as the same terms: its own write_canonical of them
    parses back to the facts we wrote."""
    facts = [Fact(1, "agent_", (Atom("e"), term)) for term, _ in ROUND_TRIP]
    source = tmp_path / "facts.pl"
    source.write_text("".join(f.canonical + "\n" for f in facts))
    out = swipl_clauses(tmp_path, [source])[str(source)]
    assert out["other"] == []
    back, problems = parse_facts("".join(t + ".\n" for t in out["fact"]))
    assert problems == []
    assert [(f.name, f.args, [type(getattr(a, "value", None)) for a in f.args]) for f in back] == \
        [(f.name, f.args, [type(getattr(a, "value", None)) for a in f.args]) for f in facts]


# ------------------------------------------------------------------------------ SARA gold

# Gold facts that a rule above rightly rejects: they use an arity that no statute defines, so
# the statutes never consult them (SARA errata, reported rather than allowed).
# (case id, line in gold_facts) -> (the fact, the arity message)
GOLD_ERRATA = {
    ("s63_c_1_neg", 9): ("s63_c_3(alice,_,3000,2017)", "s63_c_3/4 has 4 arguments, but s63_c_3 takes 3"),
    ("s63_d_2_neg", 7): ("s63_c_3(alice,_,1200,2017)", "s63_c_3/4 has 4 arguments, but s63_c_3 takes 3"),
    ("s63_c_3_neg", 13): ("s63_f_1_B(alice,bob,2017)", "s63_f_1_B/3 has 3 arguments, but s63_f_1_B takes 2"),
}


@pytest.fixture(scope="module")
def gold():
    from taxlogic.kb.sara.data.cases import load_cases
    from taxlogic.kb.sara.data.install import INSTALL_RECORD, sara_paths
    from taxlogic.kb.vocabulary import load_vocabulary

    paths = sara_paths()
    if not (paths.root / INSTALL_RECORD).is_file():
        pytest.skip(f"SARA is not installed in {paths.root} (run `taxlogic data install`)")
    if not HAS_SWIPL:
        pytest.skip("swipl is needed to read the statute vocabulary")
    vocab = load_vocabulary(str(paths.statutes_prolog))
    return load_cases(), vocab


def test_all_gold_facts_are_accepted(gold, tmp_path):
    """Every plain fact of every SARA gold case is accepted (but for GOLD_ERRATA); the gold's own
    rules and directives are the only other problems; and SWI-Prolog reads the same facts from
    our canonical text as from the gold text."""
    cases, vocab = gold
    assert len(cases) == 376
    checked, errata_seen = [], set()
    for case in cases:
        result = check_facts(case.gold_facts, vocab)
        for p in result.problems:
            if (case.id, p.line) in GOLD_ERRATA:
                assert p.kind == "arity" and GOLD_ERRATA[(case.id, p.line)][1] in p.message, p
                errata_seen.add((case.id, p.line))
            else:  # the gold's trusted rules and directives, and nothing else
                assert p.kind == "not_a_fact" and p.message.startswith(("rule ", "directive ")), f"{case.id}: {p}"
        gold_file, canon_file = tmp_path / f"{case.id}.gold.pl", tmp_path / f"{case.id}.canon.pl"
        gold_file.write_text(case.gold_facts)
        canon_file.write_text(result.canonical)
        checked.append((case, result, gold_file, canon_file))
    assert errata_seen == set(GOLD_ERRATA)

    seen = swipl_clauses(tmp_path, [f for _, _, g, c in checked for f in (g, c)])
    total = 0
    for case, result, gold_file, canon_file in checked:
        in_gold, in_canon = seen[str(gold_file)], seen[str(canon_file)]
        rejected = [fact for (cid, _), (fact, _) in GOLD_ERRATA.items() if cid == case.id]
        assert len(in_gold["other"]) == len(result.problems) - len(rejected), case.id
        assert in_canon["other"] == []
        assert in_canon["fact"] == [t for t in in_gold["fact"] if t not in rejected], case.id
        total += len(result.facts)
    assert total == 5339


# ------------------------------------------------------------------- trusted text, clause by clause


def test_split_clauses_respects_quotes_comments_and_numbers():
    from taxlogic.tools.facts import split_clauses

    text = ("/* a. b. */ amount_(p, 1.5).\n"
            "s1(X) :- X = ':- not a neck'. % a. comment\n"
            "name_(a, \"x. :- y\").\n"
            ":- dynamic foo/1.\n"
            "tail_(a) :- true")
    got = [(c.line, c.kind, c.text) for c in split_clauses(text)]
    assert got == [
        (1, "fact", "amount_(p, 1.5)."),
        (2, "rule", "s1(X) :- X = ':- not a neck'."),
        (3, "fact", 'name_(a, "x. :- y").'),
        (4, "directive", ":- dynamic foo/1."),
        (5, "rule", "tail_(a) :- true"),
    ]
    assert split_clauses("") == [] and split_clauses("% only a comment\n") == []


# ------------------------------------------------------------------------------------ anchors


def test_anchor_comments_close_their_group_of_facts():
    text = textwrap.dedent('''\
        % a plain comment is no anchor
        income_(a).
        agent_(a, alice).  % "Alice was paid"
        amount_(a, 5).
        % \u201cIn 2017, Alice\u2019s pay was $5.\u201d "second span"
        start_(a, "2017-12-31").
        ''')
    facts, problems = parse_facts(text)
    assert problems == []
    assert [f.anchor for f in facts] == [("Alice was paid",), ("Alice was paid",),
                                         ("In 2017, Alice\u2019s pay was $5.", "second span"), ()]
    # facts are equal whatever their anchor; the canonical text keeps it, in pure ASCII
    assert facts[0] == Fact(facts[0].line, "income_", (Atom("a"),))
    check = check_facts(text, VOCAB)
    assert check.ok and check.canonical.isascii()
    assert check.canonical.splitlines()[2] == 'amount_(a,5).  % "In 2017, Alice\\x2019\\s pay was $5." "second span"'
    again = check_facts(check.canonical, VOCAB)
    assert again.canonical == check.canonical and [f.anchor for f in again.facts] == [f.anchor for f in check.facts]
    # a rejected fact takes no anchor from its group; an anchor with an escape reads back
    mixed = check_facts('income_(b).\nbad_(b).\n% "B earned \\"a lot\\""\n', VOCAB)
    assert [f.anchor for f in mixed.facts] == [('B earned "a lot"',)] and mixed.problems[0].kind == "unknown_predicate"


# --- the tokenizer's fast path (issue 48: the verifier's checks, tokenized ~2 times a variant) ---

#: Pieces of text where the fast path and the general path could part: every kind of item, the
#: characters that end or break one (quotes doubled, escapes, control and Unicode layout, Unicode
#: digits after an ASCII one, a period before a digit, a comment, long numbers).
_PIECES = ["a", "bZ_9", "Alice", "_", "_X", "0", "42", "2017", "1.5", "1e5", "12a", "0'c", "9" * 19, "1٣", "1.٣",
           " ", "\t", "\n", "\r\n", "\xa0", "\u2028", "\x0b", "\x85", "\x00", "é", ".", ". ", ".%", "./*", "..", ":-",
           "(", ")", "[", "]", "{", "}", ",", "|", "!", ";", "=<", "/", "/*", "*/", "% c\n", "'", "''", '"', '""',
           "`", '"2017-02-01"', "'Quoted atom'", '"a""b"', "'it''s'", '"\\n"', "'\\x41\\'", '"tab\there"',
           '"unterminated\n', "income_(alice_income).", 'start_(x,"2017-01-01").', "amount_(x, 5207)."]


@given(st.lists(st.sampled_from(_PIECES), max_size=30).map("".join))
@settings(max_examples=600, deadline=None)
def test_the_fast_path_reads_every_text_as_the_general_path(text):
    """The tokenizer's one-match reading of the common items (:data:`tokens._FAST`) gives exactly
    the tokens and comments the general path gives, for any text: kinds, values, offsets, layout,
    quoting and errors."""
    import dataclasses

    from taxlogic.tools.facts import tokens

    def read(fast: bool):
        tok = tokens._Tokenizer(text, tokens._Lines(text), fast=fast)
        return [dataclasses.astuple(t) for t in tok.run()], tok.comments

    assert read(True) == read(False)


def test_the_fast_path_reads_every_gold_program_as_the_general_path(sara_data_dir):
    """The same on real text: every SARA 2020 gold program."""
    import dataclasses

    from taxlogic.kb.sara.data.cases import load_cases
    from taxlogic.tools.facts import tokens

    def read(text: str, fast: bool):
        tok = tokens._Tokenizer(text, tokens._Lines(text), fast=fast)
        return [dataclasses.astuple(t) for t in tok.run()], tok.comments

    texts = [c.gold_facts for c in load_cases()]
    assert len(texts) == 376
    assert [t for t in texts if read(t, True) != read(t, False)] == []
