"""The perturbation checker and the offline word-level paraphraser (eval/benchmarks/sara_plus/paraphrase.py)."""

from __future__ import annotations

import random
import re

import pytest

from taxlogic.eval.benchmarks.sara_plus.paraphrase import SYNONYM_BANK, TERMS_OF_ART, check_perturbation, paraphrase, perturbations, swap_sites

ORIGINAL = (
    "Text: Alice is entitled to an exemption under section 151(b) for the year 2015. "
    "No other taxpayer is entitled to a deduction for Alice for 2015.\n"
    "Question: Alice's exemption amount under section 151(d)(1) is equal to $0\n"
    "Answer: Contradiction"
)

CASE = (
    "Text: In 2017, Alice was paid $75845. Alice has a son, Bob. From September 1st, 2015 to November 3rd, "
    "2019, Alice and Bob lived in the same home, which Alice maintained. Alice is not married. "
    "In 2017, Alice takes the standard deduction and Bob furnished the costs of maintaining the home. "
    "Alice must file under section 2(b)(1)(A) and the rate is 35%.\n"
    "Question: How much tax does Alice have to pay in 2017?\n"
    "Answer: $15037"
)


def swapped(text: str, old: str, new: str) -> str:
    assert old in text, old
    return text.replace(old, new, 1)


# ------------------------------------------------------------------------------------- accepts


def test_paper_example_options_are_accepted():
    """The four options of the filled-in A.1.1 example are acceptable perturbations of the instance."""
    a = ORIGINAL.replace("for the year", "during the year").replace("No other", "No additional").replace(
        "for Alice for 2015", "for Alice during 2015")
    b = ORIGINAL.replace("No other", "No additional").replace("for Alice for 2015", "regarding Alice in 2015").replace(
        "is equal to", "is equivalent to")
    c = ORIGINAL.replace("for the year", "during the year").replace("for Alice for 2015", "for Alice during 2015").replace(
        "is equal to", "is equivalent to")
    d = ORIGINAL.replace("No other", "No additional").replace("for Alice for 2015", "for Alice for 2015").replace(
        "is equal to", "is equivalent to")
    for p in (a, b, c, d):
        assert p != ORIGINAL
        assert check_perturbation(ORIGINAL, p) == [], p


@pytest.mark.parametrize("old,new", [
    ("In 2017, Alice was", "During 2017, Alice was"),
    ("was paid $75845", "was compensated $75845"),
    ("Bob lived in", "Bob resided in"),
    ("takes the standard", "claims the standard"),
    ("Bob furnished", "Bob provided"),
    ("the costs of", "the expenses of"),
    ("pay in 2017?", "pay during 2017?"),
    ("the same home", "the same house"),  # an ordinary noun is fine for the checker
])
def test_ordinary_swaps_accepted(old, new):
    assert check_perturbation(CASE, swapped(CASE, old, new)) == []


# ------------------------------------------------------------------------------------- rejects


@pytest.mark.parametrize("old,new,what", [
    ("$75845", "$75846", "amount"),
    ("$75845", "$75,845", "amount"),
    ("In 2017, Alice was", "In 2018, Alice was", "year"),
    ("1st, 2015", "2nd, 2015", "date"),
    ("From September", "From October", "date"),
    ("2(b)(1)(A)", "2(b)(1)(B)", "section reference"),
    ("under section 2(b)", "under paragraph 2(b)", "section reference"),
    ("35%", "36%", "percentage"),
    ("Alice has a son", "Carol has a son", "name"),
    ("son, Bob.", "son, Rob.", "name"),
    ("is not married", "is now married", "negation"),
    ("Alice must file", "Alice may file", "modality"),
    ("Answer: $15037", "Answer: $15038", "label"),
    ("Question: How", "Query: How", "field label"),
    ("has a son", "has a daughter", "term of art"),
    ("standard deduction", "standard allowance", "term of art"),
    ("the standard deduction", "the basic deduction", "term of art"),
    ("Alice and Bob", "Alice or Bob", "connective"),
    ("which Alice maintained", "who Alice maintained", "pronoun"),
    ("In 2017, Alice takes", "in 2017, Alice takes", "capitalisation"),
    ("the same home,", "the same home;", "punctuation"),
])
def test_protected_changes_rejected(old, new, what):
    problems = check_perturbation(CASE, swapped(CASE, old, new))
    assert problems, (old, new)
    text = " ".join(problems).lower()
    key = {"modality": "modality", "field label": "label", "connective": "connective", "capitalisation": "capitalisation",
           "punctuation": "punctuation"}.get(what, what)
    assert key in text, problems


def test_labels_rejected():
    assert check_perturbation(ORIGINAL, ORIGINAL.replace("Contradiction", "Entailment"))
    assert check_perturbation(ORIGINAL, ORIGINAL.replace("Answer: Contradiction", "Answer: Contradicted"))
    assert check_perturbation(ORIGINAL, ORIGINAL.replace("Answer:", "Response:"))


def test_names_in_the_text_are_protected_at_sentence_start():
    text = "Bob earned $10. Later, Bob lived in Ohio. Charlie paid it."
    # "Bob" also occurs mid-sentence -> a name; "Charlie" only at a sentence start -> still a name
    assert "name" in check_perturbation(text, text.replace("Bob earned", "Rob earned"))[0]
    assert "name" in check_perturbation(text, text.replace("Charlie paid", "Someone paid"))[0]
    assert "name" in check_perturbation(text, text.replace("in Ohio", "in Iowa"))[0]


def test_replacements_must_be_ordinary_too():
    assert check_perturbation(CASE, swapped(CASE, "the same home", "the same Bob"))
    assert check_perturbation(CASE, swapped(CASE, "lived in", "lived not"))
    assert check_perturbation(CASE, swapped(CASE, "lived in", "lived 2017"))
    assert check_perturbation("Alice is considered a child.", "Alice is treated a child.") == []
    assert check_perturbation("Alice is regarded as a child.", "Alice is treated as a child.")  # creates a term


def test_reordering_insertion_deletion_whitespace():
    reorder = swapped(CASE, "Alice and Bob lived", "Bob and Alice lived")
    assert check_perturbation(CASE, reorder)
    p = check_perturbation("Alice lived in the same home.", "Alice lived the in same home.")
    assert any("reordered" in x for x in p)
    p = check_perturbation("Alice lived in the home.", "Alice lived in the nice home.")
    assert any("token count" in x for x in p) and any("inserted 'nice'" in x for x in p)
    p = check_perturbation("Alice is not married.", "Alice is married.")
    assert any("deleted 'not'" in x for x in p)
    p = check_perturbation("Alice lived here.\nBob too.", "Alice resided here. Bob too.")
    assert any("whitespace" in x for x in p)
    assert check_perturbation("Alice lived  here.", "Alice resided here.")  # double space kept
    assert check_perturbation("Alice lived here.", "Alice lived here. ")


def test_identical_and_empty():
    assert check_perturbation(CASE, CASE) == ["the perturbation is identical to the original"]
    assert check_perturbation(CASE, "")
    assert check_perturbation(CASE, "   ")


def test_paper_hard_rules():
    text = "Alice's income is equal to $500. Her wages was $20 in 2015."
    assert "rule A" in " ".join(check_perturbation(text, text.replace("is equal to", "is identical to")))
    assert "rule A" in " ".join(check_perturbation(text, text.replace("is equal to", "is comparable to")))
    assert check_perturbation(text, text.replace("is equal to", "is equivalent to")) == []
    assert check_perturbation(text, text.replace("was $20", "totaled $20")) == []
    assert "rule A2" in " ".join(check_perturbation(text, text.replace("was $20", "became $20")))
    assert "within" in " ".join(check_perturbation(text, text.replace("in 2015", "within 2015")))
    assert check_perturbation("No other taxpayer.", "No additional taxpayer.") == []
    assert check_perturbation("Some other taxpayer.", "Some additional taxpayer.")


def test_terms_of_art_cover_the_paper_list():
    paper = ["taxpayer", "dependent", "deduction", "exemption", "credit", "income", "gross income",
             "adjusted gross income", "taxable year", "filing status", "resident", "nonresident", "withholding",
             "liability", "entitled", "qualifying", "allowable", "included", "excluded", "shall be allowed",
             "treated as", "for purposes of"]
    assert set(paper) <= set(TERMS_OF_ART)
    text = "For purposes of this, the taxable year of the resident is treated as closed."
    for old, new in [("purposes", "aims"), ("taxable", "fiscal"), ("treated", "regarded"), ("resident", "inhabitant")]:
        assert check_perturbation(text, text.replace(old, new, 1)), old


# ---------------------------------------------------------------------------------- paraphraser


def test_paraphrase_keeps_capitalisation_and_passes():
    rng = random.Random(3)
    seen = set()
    for _ in range(40):
        p = paraphrase(CASE, rng, changes=3)
        assert p is not None and p != CASE
        assert check_perturbation(CASE, p) == []
        changed = [(a, b) for a, b in zip(CASE.split(), p.split()) if a != b]
        assert 1 <= len(changed) <= 3
        for a, b in changed:
            assert a[0].isupper() == b[0].isupper()
        seen.add(p)
    assert len(seen) > 5


def test_paraphrase_deterministic_and_none():
    assert paraphrase(CASE, random.Random(7)) == paraphrase(CASE, random.Random(7))
    assert perturbations(CASE, random.Random(7)) == perturbations(CASE, random.Random(7))
    assert paraphrase("Bob is Alice's son.", random.Random(0)) is None
    assert perturbations("Bob is Alice's son.", random.Random(0)) is None
    assert paraphrase(CASE, random.Random(0), changes=0) is None
    # one site with one synonym: a single paraphrase exists, four cannot
    one = "Alice lived with Bob."
    assert paraphrase(one, random.Random(0)) == "Alice resided with Bob."
    assert perturbations(one, random.Random(0)) is None


def test_perturbations_distinct():
    ps = perturbations(CASE, random.Random(11), k=4)
    assert ps is not None and len(ps) == 4 and len(set(ps)) == 4 and CASE not in ps
    for p in ps:
        assert check_perturbation(CASE, p) == []
    for rule in ("In 2017", "was paid $75845"):
        assert rule in CASE


def test_bank_entries_are_not_protected():
    for swap in SYNONYM_BANK:
        for word in (swap.word, *swap.to):
            assert word not in {t for t in TERMS_OF_ART if " " not in t}, word


def test_swap_sites_context():
    text = "Alice was paid $5 in 2017. Alice has paid $3 to Bob. Alice lived in Ohio in the year 2019."
    sites = dict(swap_sites(text))
    toks = text.split()
    by_word = {toks[i]: opts for i, opts in sites.items()}
    assert by_word.get("paid") == ("compensated",)  # only "was paid $X", not "has paid $3 to"
    assert sum(1 for i in sites if toks[i] == "paid") == 1
    assert "lived" in by_word
    ins = [i for i in sites if toks[i] == "in"]
    assert [toks[i + 1] for i in ins] == ["2017.", "the"]  # "in Ohio" is not swapped


def _format(case) -> str:
    answer = case.expected if case.kind == "entailment" else f"${case.expected}"
    return f"Text: {case.text}\nQuestion: {case.question}\nAnswer: {answer}"


def test_all_sara_instances(sara_data_dir):
    """Every paraphrase of every SARA instance (A.1.1 format and bare case text) passes the check."""
    from taxlogic.kb.sara.data.cases import load_cases

    cases = load_cases()
    assert len(cases) == 376
    with_four = 0
    for case in cases:
        for text in (_format(case), case.text):
            rng = random.Random(case.id)
            for _ in range(3):
                p = paraphrase(text, rng)
                if p is not None:
                    assert check_perturbation(text, p) == [], (case.id, p, check_perturbation(text, p))
        ps = perturbations(_format(case), random.Random(case.id))
        if ps is not None:
            with_four += 1
            assert len(set(ps)) == 4
            for p in ps:
                assert check_perturbation(_format(case), p) == []
                assert p.endswith(_format(case).rsplit("\n", 1)[1])  # the Answer line is untouched
                assert re.findall(r"\$?\d[\d,()a-zA-Z]*", p) == re.findall(r"\$?\d[\d,()a-zA-Z]*", _format(case))
    assert with_four >= 300


# ------------------------------------------------------------------ whole-text paraphrases (SARA⁺ Ee^c)

from taxlogic.eval.benchmarks.sara_plus.paraphrase import REWRITES, check_paraphrase, offline_paraphraser, rewrite, words_changed  # noqa: E402

SARA_TEXT = ("In 2017, Alice was paid $33200. Alice and Bob got married on Feb 3rd, 2017. "
             "Alice has paid $3200 to Charlie for work done from Feb 1st, 2017 to Sep 2nd, 2017. "
             "Alice is not entitled to a deduction under section 151(c) for Bob.")


def test_check_paraphrase_accepts_meaning_preserving_rewrites():
    """Voice, clause order, date and amount phrasing may change; every anchor is kept."""
    good = ("Alice was paid $33,200 in 2017. Alice married Bob on February 3, 2017. Charlie has been paid $3,200 "
            "by Alice for work done from February 1, 2017 to September 2, 2017. Alice is not entitled to a "
            "deduction under section 151(c) for Bob.")
    assert check_paraphrase(SARA_TEXT, good) == []


@pytest.mark.parametrize("old,new,problem", [
    ("Feb 3rd, 2017", "Feb 4th, 2017", "dates differ"),
    ("$33200", "$33300", "numbers differ"),
    ("151(c)", "151(b)", "section references differ"),
    ("Alice is not entitled", "Alice is entitled", "negations differ"),
    ("to Charlie for", "to Dave for", "names"),
    ("entitled to a deduction", "eligible for a deduction", "term of art 'entitled'"),
    ("got married", "got wed", "term of art 'married'"),
])
def test_check_paraphrase_rejects_changed_anchors(old, new, problem):
    bad = swapped(SARA_TEXT, old, new)
    assert any(problem in p for p in check_paraphrase(SARA_TEXT, bad)), check_paraphrase(SARA_TEXT, bad)


def test_check_paraphrase_rejects_empty_and_identical():
    assert check_paraphrase(SARA_TEXT, "") == ["the paraphrase is empty"]
    assert check_paraphrase(SARA_TEXT, SARA_TEXT) == ["the paraphrase is identical to the original"]


def test_rewrite_is_sentence_level_checked_and_deterministic():
    out, done = rewrite(SARA_TEXT, random.Random(0), share=1.0, word_swaps=0)
    assert check_paraphrase(SARA_TEXT, out) == []
    assert {"fronted year to the end", "got married -> married", "active to passive payment", "date phrasing",
            "amount phrasing"} <= set(done), done
    assert out.startswith("Alice was paid $33,200 in 2017. Alice married Bob on February 3, 2017. Charlie has been paid $3,200 by Alice")
    assert rewrite(SARA_TEXT, random.Random(5)) == rewrite(SARA_TEXT, random.Random(5))
    # more than word swaps: words are moved, added and dropped
    assert len(out.split()) != len(SARA_TEXT.split())
    assert {name for name, _, _ in REWRITES} >= {"fronted year to the end", "active to passive payment"}


def test_offline_paraphraser_on_sara_ee(sara_data_dir):
    """On SARA's Ee cases the offline paraphraser rewrites most texts and changes far more than
    two words per case; every output passes the whole-text check."""
    from taxlogic.eval.benchmarks.sara_plus.cases import is_numerical
    from taxlogic.kb.sara.data.cases import load_cases

    ee = [c for c in load_cases(kind="entailment") if not is_numerical(c)]
    para = offline_paraphraser()
    outs = [(c, para(c.text, random.Random(c.id))[0]) for c in ee]
    done = [(c, o) for c, o in outs if o is not None]
    assert len(done) >= 0.9 * len(ee)
    assert all(check_paraphrase(c.text, o) == [] for c, o in done)
    assert sum(words_changed(c.text, o) for c, o in done) / len(done) > 0.10


def test_words_changed():
    assert words_changed("a b c d", "a b c d") == 0.0
    assert words_changed("a b c d", "a x c d") == 0.25
    assert words_changed("", "x") == 0.0
    assert words_changed("a b c d", "") == 1.0
