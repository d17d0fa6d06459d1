"""Prompt files: loading, rendering, provenance and the translation prompt with real SARA code."""

from __future__ import annotations

import re
from importlib import resources

import pytest

from taxlogic import prompts as P
from taxlogic.kb.sara.data.install import sara_paths


FILE_NAMES = sorted(
    f.name[:-4] for f in resources.files("taxlogic.prompts").iterdir() if f.name.endswith(".txt")
)


def dummy_values(name: str) -> dict[str, str]:
    return {v: f"<{v}>" for v in P.variables(name)}


def test_registry_matches_files():
    assert P.names() == FILE_NAMES
    expected = {
        "direct_system", "direct_user_numeric", "direct_user_entailment", "translate_entailment_system",
        "translate_numeric_system", "quiz_system", "quiz_user", "perturb_system", "perturb_user",
        "translate_user", "repair_user", "translate_exemplars",
    }
    assert expected <= set(P.names())


@pytest.mark.parametrize("name", FILE_NAMES)
def test_declared_placeholders_match_text(name):
    text = P.load(name)
    slots = set(re.findall(r"\{\{([A-Z][A-Z0-9_]*)\}\}", text))
    single = set(re.findall(r"(?<!\{)\{([a-z_][a-z0-9_]*)\}(?!\})", text))
    t = P.TEMPLATES[name]
    assert slots == set(t.slots)
    assert single == set(t.variables)


@pytest.mark.parametrize("name", FILE_NAMES)
def test_render_fills_everything(name):
    out = P.render(name, **dummy_values(name))
    for v in P.variables(name):
        assert f"<{v}>" in out
    assert not re.search(r"\{\{[A-Z_]+\}\}", out)
    for v in P.variables(name):
        assert "{" + v + "}" not in out


def test_sources_documented():
    sources = {n: P.TEMPLATES[n].source for n in P.names()}
    assert sources["direct_system"] == sources["direct_user_numeric"] == sources["direct_user_entailment"] == "A.1.3"
    assert sources["translate_entailment_system"] == "A.1.4"
    assert sources["translate_numeric_system"] == "A.1.5"
    assert sources["quiz_system"] == sources["quiz_user"] == "A.1.1"
    assert sources["perturb_system"] == sources["perturb_user"] == "A.1.2"
    for ours in ("translate_user", "repair_user", "translate_exemplars", "translate_exemplar", "translate_query"):
        assert sources[ours] == "ours"
    doc = P.__doc__
    for n in P.names():
        assert f"{n}.txt" in doc


def test_load_unknown_lists_names():
    with pytest.raises(KeyError) as exc:
        P.load("no_such_prompt")
    msg = str(exc.value)
    assert "no_such_prompt" in msg and "direct_system" in msg and "translate_user" in msg


def test_load_accepts_txt_suffix():
    assert P.load("direct_system.txt") == P.load("direct_system")


def test_json_braces_survive():
    out = P.render("quiz_system", split_name="entailment", dataset_name="SARA")
    assert '{"answer": "X"}' in out
    assert "from the entailment split of the SARA dataset" in out
    user = P.render("quiz_user", option_a="a", option_b="b", option_c="c", option_d="d")
    assert user.endswith('Respond with ONLY: {"answer": "X"} where X is A, B, C, D, or E.')
    assert user.startswith("A) a\n\nB) b\n\nC) c\n\nD) d\n\nE) None of the provided options.")
    pert = P.render("perturb_user", text="Alice paid $5.")
    assert '"perturbations": [' in pert and "{\n  \"perturbations\"" in pert
    assert "preserve \\n exactly" in pert  # literal backslash-n, as in the appendix


def test_missing_variable_raises():
    with pytest.raises(P.RenderError, match="missing .*question"):
        P.render("direct_user_numeric", statute_text="s", case_text="c")


def test_unknown_variable_raises():
    with pytest.raises(P.RenderError, match="unknown .*bogus"):
        P.render("direct_system", bogus="x")
    with pytest.raises(P.RenderError, match="unknown .*events_pl"):
        P.render("translate_numeric_system", EVENTS_PL="e", UTILS_PL="u", events_pl="e")


def test_non_text_value_raises():
    with pytest.raises(P.RenderError, match="must be str"):
        P.render("perturb_user", text=None)


def test_values_are_not_rescanned():
    # A value that looks like a placeholder or contains braces is inserted verbatim.
    out = P.render("direct_user_numeric", statute_text="{case_text} {{EVENTS_PL}} {x}", case_text="C", question="Q")
    assert "{case_text} {{EVENTS_PL}} {x}" in out
    assert "[CASE]\nC\n" in out


def test_transcription_artefacts_fixed():
    every = "\n".join(P.load(n) for n in P.names())
    assert "\\$" not in every
    assert "****" not in every
    assert "- (1)" not in every and "- 1)" not in every
    pert = P.load("perturb_system")
    assert pert.count("Do NOT replace any term that could change doctrinal meaning") == 1
    assert "exemption→allowance; taxpayer→filer" in pert
    assert '"identical to $$$"' in pert
    ent = P.load("translate_entailment_system")
    assert "\n`marriage_" not in ent and "\nmarriage_(alice_and_bob_marriage).\n" in ent
    assert 'start_(alice_and_bob_marriage, "2015-02-02").' in ent
    assert "Example: `marriage_(m). agent_(m,alice). agent_(m,bob).`" in ent
    assert '- "Bob\'s taxable income under section 63 is $50000" → assert s63(bob,2017,50000)' in ent
    num = P.load("translate_numeric_system")
    assert "- purpose_ = links to what the payment is for (often a service EVENT ID)" in num
    assert '- "itemized deductions of $8500" → create deduction_() fact' in num
    assert "6. Amounts: integers without symbols (50000 not $50,000)" in num


def test_direct_prompts_exact_key_lines():
    sys_ = P.load("direct_system")
    assert sys_.startswith("You are an expert legal statutory reasoner.\n\nYou will be given:\n(1) text from a legal statute,")
    num = P.load("direct_user_numeric")
    assert "- Round to the nearest whole dollar (0.5 rounds up)." in num
    assert num.endswith("Do not include currency symbols, commas, or text.")
    ent = P.load("direct_user_entailment")
    assert '- "final_answer": Either "Entailment" or "Contradiction" (exactly one of these two words)' in ent
    assert "[STATUTE]\n{statute_text}\n\n[CASE]\n{case_text}\n\n[CLAIM]\n{question}" in ent


@pytest.mark.parametrize("kind", ["entailment", "numeric"])
def test_translation_prompt_with_real_code(kind, sara_data_dir):
    prolog_dir = sara_paths(sara_data_dir).statutes_prolog
    slots = P.read_code_slots(prolog_dir)
    events = (prolog_dir / "events.pl").read_text()
    utils = (prolog_dir / "utils.pl").read_text()
    system = P.translate_system(kind, **{"events_pl": slots["EVENTS_PL"], "utils_pl": slots["UTILS_PL"]})
    assert events.strip("\n") in system and utils.strip("\n") in system
    assert "{{" not in system
    assert f"<events>\n{events.strip(chr(10))}\n</events>" in system
    # static part only: the system prompt ends with the A.1.4/A.1.5 TASK paragraph
    assert system.endswith("Output ONLY the Prolog facts, nothing else.")
    case = "Alice's income in 2017 was $60000. UNIQUE_CASE_MARKER"
    user = P.translate_user(case, "How much tax does Alice have to pay in 2017?", query="tax(alice,2017,Tax)")
    full = system + "\n" + user
    assert full.index(utils.strip("\n")) < full.index("UNIQUE_CASE_MARKER")
    assert full.index("REFERENCE CODE") < full.index("UNIQUE_CASE_MARKER")
    # same system prompt for every case: a cacheable prefix
    other = P.translate_system(kind, slots["EVENTS_PL"], slots["UTILS_PL"])
    assert other == system


def test_translate_system_rejects_bad_kind():
    with pytest.raises(ValueError):
        P.translate_system("tax", "e", "u")


def test_translate_user_query_block_and_constants():
    user = P.translate_user(
        "Alice pays Bob.", "Section 3306(b)(7) applies.",
        query='s3306_b_7(alice_pays_bob,alice_employer,alice,bob)',
    )
    assert user.startswith("TEXT:\nAlice pays Bob.\n\nQUESTION:\nSection 3306(b)(7) applies.\n\nQUERY:\n")
    assert "s3306_b_7(alice_pays_bob,alice_employer,alice,bob)" in user
    assert "alice_pays_bob, alice_employer, alice, bob" in user
    assert user.endswith("Output ONLY the Prolog facts, nothing else.")
    plain = P.translate_user("T", "Q")
    assert plain == "TEXT:\nT\n\nQUESTION:\nQ\n\nOutput ONLY the Prolog facts, nothing else."
    explicit = P.translate_user("T", "Q", query="tax(alice,2017,Tax)", constants=["alice"])
    assert "nothing else" in explicit and ": alice\n" in explicit


def test_query_constants():
    assert P.query_constants("tax(alice,2017,Tax)") == ["alice", "2017"]
    assert P.query_constants('s3306_c_5(_,alice,bob,"2017-02-01")') == ["alice", "bob", '"2017-02-01"']
    assert P.query_constants("s152_d_2_F(alice,bob,_,_,_)") == ["alice", "bob"]
    assert P.query_constants("s1_a_iv(236422,70640)") == ["236422", "70640"]
    assert P.query_constants("s151_a(alice,6000,2015)") == ["alice", "6000", "2015"]
    assert P.query_constants("f(X, _Y)") == []


def test_exemplars_block():
    assert P.exemplars_block([]) == ""
    block = P.exemplars_block([
        P.Exemplar("Alice earns $1.", "Claim one.", ":- discontiguous s151_c/4.\n\nincome_(a).\nagent_(a,alice).\n"),
        ("Bob is blind.", "Claim two.", "blindness_(b).\n% a comment\nagent_(b,bob)."),
    ])
    assert block.startswith("EXAMPLES\n")
    assert block.endswith("END OF EXAMPLES")
    assert "EXAMPLE 1\nTEXT:\nAlice earns $1.\n\nQUESTION:\nClaim one.\n\nFACTS:\nincome_(a).\nagent_(a,alice)." in block
    assert "EXAMPLE 2\n" in block
    assert ":-" not in block and "% a comment" not in block
    user = P.translate_user("Carol.", "Q?", exemplars=[("t", "q", "f(x).")])
    assert user.index("END OF EXAMPLES") < user.index("TEXT:\nCarol.")
    assert "END OF EXAMPLES\n\nTEXT:\nCarol." in user


def test_repair_user():
    out = P.repair_user("income_(a).\nagent_(a,alice)\n", [
        "line 2: syntax error: operator expected (missing period?)",
        "agent_/3 is not in the vocabulary (line 3)",
        "the query tax(alice,2017,Tax) fails: no income_ event for alice",
    ])
    assert "1: income_(a).\n2: agent_(a,alice)" in out
    assert "1. line 2: syntax error" in out
    assert "3. the query tax(alice,2017,Tax) fails" in out
    assert out.index("PREVIOUS FACTS") < out.index("PROBLEMS FOUND")
    assert out.endswith("without line numbers, and nothing else.")
    assert "COMPLETE corrected list" in out
    with pytest.raises(ValueError):
        P.repair_user("a.", [])


def test_translate_user_for_every_sara_case(sara_data_dir):
    from taxlogic.kb.sara.data.cases import load_cases

    cases = load_cases(sara_data_dir)
    assert len(cases) == 376
    for c in cases:
        query = c.value_query if c.kind == "numeric" else c.claim_query
        user = P.translate_user(c.text, c.question, query=query)
        assert c.text in user and c.question in user and query in user
        if c.kind == "numeric":
            assert c.claim_query not in user  # the claim query holds the gold amount
        assert "{" not in user.replace(c.text, "").replace(c.question, "")


@pytest.mark.parametrize("kind,anchored", [("entailment", False), ("numeric", False), ("numeric", True)])
def test_translation_prompt_without_utilities(kind, anchored, sara_data_dir):
    """``utilities=False`` (``solve --no-utilities``, ``make demo``): the same prompt, its
    REFERENCE CODE without the ``<utilities>`` block (utils.pl), events.pl and every other line kept."""
    prolog_dir = sara_paths(sara_data_dir).statutes_prolog
    slots = P.read_code_slots(prolog_dir)
    full = P.translate_system(kind, slots["EVENTS_PL"], slots["UTILS_PL"], anchored=anchored)
    short = P.translate_system(kind, slots["EVENTS_PL"], slots["UTILS_PL"], anchored=anchored, utilities=False)
    assert slots["UTILS_PL"] not in short and "<utilities>" not in short
    assert f"<events>\n{slots['EVENTS_PL']}\n</events>" in short
    assert len(short) < len(full) - len(slots["UTILS_PL"]) + 100
    cut = "```\n<utilities>\n" + slots["UTILS_PL"] + "\n</utilities>\n```\n"
    assert full.replace(cut, "").replace("\n\n\n", "\n\n") == short.replace("\n\n\n", "\n\n")
    assert short.endswith("Output ONLY the Prolog facts, nothing else.")
