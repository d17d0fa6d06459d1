"""SARA⁺: rule perturbation r', case perturbation c, the Ee/En criterion, building and checking.

Real SWI-Prolog through the session fixtures; builds run on a small subset of cases.
"""

from __future__ import annotations

import json
import random
import re
from decimal import Decimal
from pathlib import Path

import pytest

from fakes import trusted
from taxlogic.eval.benchmarks.sara_plus import SPLITS
from taxlogic.eval.benchmarks.sara_plus.build import build_plus, gold_check, load_plus_split, plus_rules
from taxlogic.eval.benchmarks.sara_plus.cases import (
    apply_amounts,
    claimed_amount,
    is_numerical,
    perturb_amounts,
    perturbable_amounts,
    recomputed_amount,
    restated_statute_amounts,
    stale_percentages,
    value_job,
)
from taxlogic.eval.benchmarks.sara_plus.rules import (
    TEXT_DOLLARS,
    _read_section,
    _schedules,
    code_numbers,
    dollar_value,
    perturb_rules,
    split_code_comment,
    step_of,
)
from taxlogic.kb.sara.data.cases import get_case, load_cases
from taxlogic.kb.rules import SECTION_ORDER, RuleSet

SUBSET = [
    "tax_case_2", "tax_case_7", "s1_c_ii_pos", "s1_c_ii_neg", "s1_c_iii_pos", "s63_b_neg", "s151_a_pos",
    "s63_c_3_pos", "s151_d_3_A_pos", "s152_a_pos", "s2_b_1_A_neg",
]


# ------------------------------------------------------------------------------ r'


@pytest.fixture(scope="module")
def r_prime(rules, tmp_path_factory):
    """r' for seed 0, written once for the module: (rule set, manifest)."""
    d = tmp_path_factory.mktemp("rprime")
    manifest = perturb_rules(rules, d, 0)
    return RuleSet("r'", d / "prolog", d / "source"), manifest


def _mapping(manifest) -> dict[str, dict[Decimal, Decimal]]:
    out: dict[str, dict[Decimal, Decimal]] = {}
    for c in manifest["changes"]:
        out.setdefault(c["section"], {})[Decimal(c["old"])] = Decimal(c["new"])
    return out


def _text_tokens(lines):
    return [[dollar_value(m) for m in TEXT_DOLLARS.finditer(l)] for l in lines]


def _code_tokens(lines):
    return [[Decimal(m.group(0)) for m in code_numbers(split_code_comment(l)[0])] for l in lines]


def test_r_prime_changes_every_number_in_both_forms(rules, r_prime):
    rp, manifest = r_prime
    mapping = _mapping(manifest)
    assert manifest["changes"], "r' changes nothing"
    assert all(manifest["counts"][t] > 0 for t in ("amount", "rate", "threshold", "date")), manifest["counts"]
    for c in manifest["changes"]:
        assert c["text"], f"{c['section']} {c['type']} {c['old']}: no change in the statute text"
        assert any(o["where"] == "code" for o in c["prolog"]), f"{c['section']} {c['old']}: no change in the Prolog code"
    # every line that differs is accounted for by the manifest, and every occurrence is in its line
    touched: dict[tuple[str, int], list[dict]] = {}
    for c in manifest["changes"]:
        for o in c["text"] + c["prolog"]:
            touched.setdefault((o["file"], o["line"]), []).append(o)
    root = rp.prolog_dir.parent
    for name in SECTION_ORDER:
        for file, src in ((f"source/{name}", rules.source_dir / name), (f"prolog/{name}.pl", rules.prolog_dir / f"{name}.pl")):
            old_lines, new_lines = src.read_text().splitlines(), (root / file).read_text().splitlines()
            assert len(old_lines) == len(new_lines)
            for i, (x, y) in enumerate(zip(old_lines, new_lines), 1):
                occs = touched.get((file, i), [])
                assert (x != y) == bool(occs), (file, i, x, y)
                for o in occs:
                    assert o["old"] in x and o["new"] in y, (o, x, y)
    for name in SECTION_ORDER:
        m = {k: v for k, v in mapping.get(name, {}).items()}
        amounts = {Decimal(c["old"]): Decimal(c["new"]) for c in manifest["changes"] if c["section"] == name and c["type"] == "amount"}
        orig, new = _read_section(rules, name), _read_section(rp, name)
        # statute text: every $ amount of a changed value changed to its new value, the rest unchanged
        for a, b in zip(_text_tokens(orig.text_lines), _text_tokens(new.text_lines), strict=True):
            assert b == [amounts.get(v, v) for v in a]
        # Prolog comments (copies of the statute text) follow the text
        for a, b in zip(orig.code_lines, new.code_lines):
            ca, cb = split_code_comment(a)[1], split_code_comment(b)[1]
            assert [amounts.get(dollar_value(x), dollar_value(x)) for x in TEXT_DOLLARS.finditer(ca)] == \
                   [dollar_value(x) for x in TEXT_DOLLARS.finditer(cb)]
        assert m is not None


def test_r_prime_rates_thresholds_and_dates(rules, r_prime):
    """Rates move in the text (28%) and the code (0.28, 3*) alike; ages and counts where the code
    compares with them; dates by whole years, with the code's neighbouring years (Year>2017,
    between(2018,2025,Year)) and the same shift in every section."""
    rp, manifest = r_prime
    by = {(c["section"], c["type"], c["old"]): c for c in manifest["changes"]}
    rate = by[("section1", "rate", "28")]
    new = Decimal(rate["new"])
    assert Decimal("0.02") <= abs(new / 28 - 1) <= Decimal("0.15") and new == int(new)
    assert f"{new}% of the excess" in (rp.source_dir / "section1").read_text()
    assert f"{new}% of the excess" in rp.statute_text()  # the statute text direct QA shows models
    assert f"*{new / 100}" in (rp.prolog_dir / "section1.pl").read_text().replace("0.", ".").replace("*.", "*0.")
    s68 = (rp.prolog_dir / "section68.pl").read_text()
    assert f"X is {by[('section68', 'rate', '3')]['new']}*(" in s68
    rates1 = [Decimal(c["new"]) for c in manifest["changes"] if c["section"] == "section1" and c["type"] == "rate"]
    assert rates1 == sorted(rates1)  # the brackets' rates stay increasing
    age = by[("section63", "threshold", "65")]
    assert 2 <= abs(int(age["new"]) - 65) <= 9  # at least 2% (1.3 -> 2), at most 15% (9.75 -> 9)
    assert f"attained age {age['new']}" in (rp.source_dir / "section63").read_text()
    assert f"Year+{age['new']}," in (rp.prolog_dir / "section63.pl").read_text()
    days = by[("section3306", "threshold", "10")]
    assert (rp.prolog_dir / "section3306.pl").read_text().count(f"Num_days>={days['new']}") == 2
    # 100 percent (a bound) and "the age of 21" (no code counterpart) are left alone
    left = {(x["file"], x["form"]) for x in manifest["left_alone"]}
    assert ("source/section151", "100 percent") in left and ("source/section3306", "21") in left
    shifts = {c["section"]: c["shift_years"] for c in manifest["changes"] if c["type"] == "date" and c["old"] == "2017"}
    assert set(shifts) == {"section63", "section68", "section151"} and len(set(shifts.values())) == 1
    s = next(iter(shifts.values()))
    end = {c["shift_years"] for c in manifest["changes"] if c["type"] == "date" and c["old"] == "2026"}.pop()
    assert f"after December 31, {2017 + s}, and before January 1, {2026 + end}" in (rp.source_dir / "section151").read_text()
    assert f"between({2018 + s},{2025 + end},Year)" in (rp.prolog_dir / "section151.pl").read_text()
    assert f"Year>{2017 + s}," in (rp.prolog_dir / "section63.pl").read_text()


def test_r_prime_bounds_rounding_and_order(rules, r_prime):
    rp, manifest = r_prime
    for c in manifest["changes"]:
        old, new = Decimal(c["old"]), Decimal(c["new"])
        if c["kind"] == "free" and c["type"] == "amount":
            assert Decimal("0.02") <= abs(new / old - 1) <= Decimal("0.15") + Decimal("1e-9"), c
            assert new % step_of(old) == 0, c
    # brackets stay increasing, schedules stay continuous, §1(d) stays half of §1(a)
    new_sched = _schedules(_read_section(rp, "section1"))
    assert len(new_sched) == 4
    for s in new_sched:
        assert s.thresholds == sorted(s.thresholds) and len(set(s.thresholds)) == len(s.thresholds)
        assert s.bases == sorted(s.bases)
        assert s.continuous()
    a, d = new_sched[0], new_sched[3]
    assert [t * 2 for t in d.thresholds] == a.thresholds
    # within each section the changed amounts keep their order
    for name in _mapping(manifest):
        m = {Decimal(c["old"]): Decimal(c["new"]) for c in manifest["changes"] if c["section"] == name and c["type"] == "amount"}
        free = [c for c in manifest["changes"] if c["section"] == name and c["type"] == "amount" and c.get("rule", "").startswith("base") is False]
        olds = sorted(Decimal(c["old"]) for c in free)
        assert [m[o] for o in olds] == sorted(m[o] for o in olds)
    # rates now change; the excluded count and the divisor 100 of a percentage are left alone and listed
    reasons = {(x["file"], x["form"]): x["reason"] for x in manifest["left_alone"]}
    assert ("prolog/section1.pl", "0.28") not in reasons and ("prolog/section68.pl", "100") in reasons
    assert "count" in reasons[("prolog/section63.pl", "600")]
    assert (rp.prolog_dir / "section63.pl").read_text().count("Count2 is 600") == 1


def test_r_prime_is_deterministic(rules, r_prime, tmp_path):
    _, manifest = r_prime
    again = perturb_rules(rules, tmp_path / "again", 0)
    assert json.dumps(again, sort_keys=True) == json.dumps(manifest, sort_keys=True)
    other = perturb_rules(rules, tmp_path / "other", 1)
    assert _mapping(other) != _mapping(manifest)


def test_hand_checked_bracket_case_changes_under_r_prime(engine, r_prime):
    """s1_c_ii_pos: an unmarried taxpayer with taxable income $22,895 owes $3,538 under §1(c)(ii)
    (r: 3315 + 28% × (22895 − 22100) = 3537.6 → 3538). Seed 0 moves the first §1(c) threshold
    22,100 → 23,500 and the second 53,500 → 55,500, and the rates 15% → 13%, 28% → 30%,
    31% → 33%, so under r' $22,895 falls in bracket (i): 13% × 22895 = 2976.35 → $2,976, and the
    (ii) claim is false. Bracket (iii) for $102,268 (third threshold 115,000 → 110,000): base (ii)
    13% × 23500 = 3,055; base (iii) 3055 + 30% × (55500 − 23500) = 12,655; tax 12655 + 33% ×
    (102268 − 55500) = 28088.44 → $28,088 (r: $27,225)."""
    rp, manifest = r_prime
    m = _mapping(manifest)["section1"]
    assert (m[Decimal(22100)], m[Decimal(53500)], m[Decimal(115000)]) == (23500, 55500, 110000)
    assert (m[Decimal(3315)], m[Decimal(12107)]) == (3055, 12655)
    assert (m[Decimal(15)], m[Decimal(28)], m[Decimal(31)]) == (13, 30, 33)
    case = get_case("s1_c_ii_pos")
    assert case.expected == "Entailment"
    from taxlogic.tools.engine import Engine, Job

    def jobs(facts):
        return [Job(facts=trusted(facts), query="s1_c_ii(22895,3538)"),
                Job(facts=trusted(facts), query="s1_c_i(22895,X)", mode="first", var="X"),
                Job(facts=trusted(facts), query="s1_c_iii(102268,X)", mode="first", var="X")]

    orig = list(engine.run_many(jobs(case.gold_facts)))
    assert orig[0].status == "proved" and orig[1].status == "failed" and orig[2].values == ["27225"]
    with Engine(rp, workers=1) as e:
        new = list(e.run_many(jobs(case.gold_facts)))
        assert not any(o.load_problems for o in new)
        # the gold program of the case itself, run under r', now answers Contradiction
        from taxlogic.eval.methods.gold import run_gold

        assert [r.prediction for r in run_gold(e, [case])] == ["Contradiction"]
    assert new[0].status == "failed"
    assert new[1].values == ["2976"]
    assert new[2].values == ["28088"]


# ------------------------------------------------------------------------------ Ee / En


def test_en_ee_criterion(sara_data_dir):
    en = {"s1_a_1_i_pos": True, "s151_d_1_pos": True, "s63_b_pos": True, "s68_b_1_D_pos": True,
          "s3301_neg": True, "s3306_b_10_A_pos": False, "s152_a_pos": False, "s151_b_pos": False,
          "s2_b_1_A_neg": False, "s7703_b_2_neg": False}
    for cid, want in en.items():
        assert is_numerical(get_case(cid)) is want, cid
    assert claimed_amount(get_case("s1_a_1_i_neg")) == (7208, 1)
    ent = [c for c in load_cases() if c.kind == "entailment"]
    assert sum(map(is_numerical, ent)) == 100 and len(ent) - sum(map(is_numerical, ent)) == 176
    assert not any(is_numerical(c) for c in load_cases(kind="numeric"))


def test_last_solution_reproduces_every_positive_dollar_claim(engine):
    pos = [c for c in load_cases(kind="entailment") if is_numerical(c) and c.expected == "Entailment"]
    outs = list(engine.run_many([value_job(c) for c in pos]))
    got = {c.id: recomputed_amount(o)[0] for c, o in zip(pos, outs)}
    assert got == {c.id: claimed_amount(c)[0] for c in pos}


# ------------------------------------------------------------------------------ case perturbation c


def _prolog_tokens(text):
    return [[int(m.group(0)) for m in code_numbers(split_code_comment(l)[0]) if "." not in m.group(0)] for l in text.splitlines()]


@pytest.mark.parametrize("cid", ["tax_case_2", "tax_case_7", "s151_a_pos", "s68_a_2_pos", "s1_c_ii_pos", "s151_d_3_A_neg"])
def test_case_perturbation_changes_text_and_facts_alike(sara_data_dir, cid):
    case = get_case(cid)
    mapping = perturb_amounts(case, random.Random(f"test:{cid}"))
    assert mapping and set(mapping) == set(perturbable_amounts(case))
    for old, new in mapping.items():
        assert 0.05 <= abs(new / old - 1) <= 0.30 + 1e-9 and new % step_of(Decimal(old)) == 0
    olds = sorted(mapping)
    assert [mapping[o] for o in olds] == sorted(mapping.values())
    p = apply_amounts(case, mapping)
    # text: every mapped amount replaced, nothing else
    a = [int(dollar_value(m)) for m in TEXT_DOLLARS.finditer(case.text)]
    b = [int(dollar_value(m)) for m in TEXT_DOLLARS.finditer(p.text)]
    assert b == [mapping.get(v, v) for v in a]
    assert re.sub(r"\$\d+", "$", case.text) == re.sub(r"\$\d+", "$", p.text)
    # facts: the same numbers replaced the same way; dates (in strings) and years untouched
    for x, y in zip(_prolog_tokens(case.gold_facts), _prolog_tokens(p.gold_facts), strict=True):
        assert y == [mapping.get(v, v) for v in x]
    assert re.findall(r'"[^"]*"', case.gold_facts) == re.findall(r'"[^"]*"', p.gold_facts)
    # every changed number changed in both: each mapped amount occurs in the text and in facts or claim
    for old, new in mapping.items():
        assert f"${new}" in p.text and f"${old}" not in p.text
        assert re.search(rf"(?<![\w.]){new}(?![\w])", p.gold_facts + p.claim_query)


def test_case_perturbation_guards(sara_data_dir):
    assert stale_percentages(get_case("s151_d_3_A_pos")) == ["10%"]
    assert stale_percentages(get_case("tax_case_2")) == []  # "40% of the costs" is a fact
    assert restated_statute_amounts(get_case("s63_c_3_pos"), {600, 2000}) == [600]
    assert restated_statute_amounts(get_case("s151_a_pos"), {600, 2000}) == []  # $2000 is in the facts


# ------------------------------------------------------------------------------ building


@pytest.fixture(scope="module")
def built(engine, tmp_path_factory):
    root = tmp_path_factory.mktemp("plus")
    rec = build_plus(0, root / "a", case_ids=SUBSET, engine_r=engine, workers=1)
    return root, rec


def _files(d: Path) -> dict[str, bytes]:
    return {str(p.relative_to(d)): p.read_bytes() for p in sorted(d.rglob("*")) if p.is_file()}


def test_build_is_deterministic(engine, built):
    root, _ = built
    build_plus(0, root / "b", case_ids=SUBSET, engine_r=engine, workers=1)
    assert _files(root / "a") == _files(root / "b")
    build_plus(1, root / "c", case_ids=SUBSET, engine_r=engine, workers=1)
    other = _files(root / "c")
    assert other.keys() == _files(root / "a").keys()
    assert other["sara_n_c.jsonl"] != _files(root / "a")["sara_n_c.jsonl"]
    assert other["manifest.json"] != _files(root / "a")["manifest.json"]


def test_build_contents(engine, built):
    root, rec = built
    d = root / "a"
    assert {f"{s}.jsonl" for s in SPLITS} <= {p.name for p in d.iterdir()}
    assert (d / "DATACARD.md").is_file() and (d / "manifest.json").is_file()
    assert rec["source"]["dataset"] == "SARA (2020 release)"  # the original release, not SARA v2
    assert "SARA, the original 2020 release" in (d / "DATACARD.md").read_text()
    assert (d / "statutes_r_prime" / "prolog" / "init.pl").is_file()
    assert (d / "statutes_r_prime" / "source" / "section1").is_file()
    items = {s: load_plus_split(d, s) for s in SPLITS}
    ids = [c.id for v in items.values() for c in v]
    assert len(ids) == len(set(ids))
    for s, v in items.items():
        assert rec["splits"][s]["items"] == len(v)
        assert all(c.rules == ("r'" if s.endswith(("_r", "_rc")) else "r") for c in v), s
        assert all(c.split in ("train", "test") for c in v)
    for s in ("sara_n", "sara_n_r", "sara_n_c", "sara_n_rc", "sara_en", "sara_en_r", "sara_en_c", "sara_ee"):
        assert items[s], s
    # numeric answers are recomputed; perturbed texts differ from the source
    n_c = {c.id: c for c in items["sara_n_c"]}["tax_case_2__c"]
    src = get_case("tax_case_2")
    assert n_c.text != src.text and n_c.claim_query == f"tax(alice,2013,{n_c.expected})"
    # En^c: the positive item states the recomputed amount, the negative one an offset of 1-5%
    en_c = {c.id: c for c in items["sara_en_c"]}
    neg = en_c["s63_b_neg__c"]
    (o,) = engine.run_many([value_job(neg)])
    v = recomputed_amount(o)[0]
    stated = claimed_amount(neg)[0]
    assert neg.expected == "Contradiction" and 0.01 - 1 / v <= abs(stated / v - 1) <= 0.05 + 1 / v
    assert f"${stated}" in neg.question
    assert en_c["s1_c_iii_pos__c"].expected == "Entailment"
    # guards: computed percentage (c) and restated statutory amount (r') are dropped with reasons
    dropped = {(x["split"], x["source"]): x["reason"] for x in rec["dropped"]}
    assert "percentage" in dropped[("sara_en_c", "s151_d_3_A_pos")]
    assert "percentage" in dropped[("sara_en_r", "s151_d_3_A_pos")]
    # a statutory amount the text quotes follows the statute in force (r' here), in text and facts
    manifest = json.loads((d / "manifest.json").read_text())
    new600 = next(int(c["new"]) for c in manifest["changes"] if c["section"] == "section63" and c["old"] == "600")
    en_r = {c.id: c for c in items["sara_en_r"]}
    assert f"additional standard deduction of ${new600} each" in en_r["s63_c_3_pos__r"].text
    # every item carries its source case's id and SARA split
    for s, v in items.items():
        for c in v:
            assert c.source_id and get_case(c.source_id).split == c.split, (s, c.id)
            assert c.id == c.source_id or c.id.startswith(c.source_id + "__")
    # Ee^c: text paraphrased, everything else unchanged
    from taxlogic.eval.benchmarks.sara_plus.paraphrase import check_paraphrase

    for p in items["sara_ee_c"]:
        src = get_case(p.source_id)
        assert p.text != src.text and not check_paraphrase(src.text, p.text)
        assert (p.gold_facts, p.claim_query, p.expected, p.question) == (src.gold_facts, src.claim_query, src.expected, src.question)
    # the record: 100% agreement on every written split
    assert all(info["gold_agreement"] == 1.0 for info in rec["splits"].values() if info["items"])


def test_gold_check_scores_every_split(engine, built):
    root, _ = built
    d = root / "a"
    assert plus_rules(d).name == "r'"
    res = gold_check(d, engine_r=engine, workers=1)
    assert set(res) == set(SPLITS)
    assert all(total == correct for total, correct in res.values()), res


def test_cli_plus_json(sara_data_dir, tmp_path):
    import typer
    from typer.testing import CliRunner

    from taxlogic.cli.data import plus

    app = typer.Typer()
    app.command("plus")(plus)
    app.command("noop")(lambda: None)
    out = tmp_path / "cli"
    r = CliRunner().invoke(app, ["plus", "--seed", "3", "--out", str(out), "--cases", "tax_case_2,s1_c_ii_pos,s152_a_pos",
                                 "--workers", "1", "--json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.output[r.output.index("{"):])
    assert data["splits"]["sara_n_c"]["items"] == 1
    assert all(s["gold_agreement"] in (1.0, None) for s in data["splits"].values())
    assert (out / "build.json").is_file()
    bad = CliRunner().invoke(app, ["plus", "--out", str(tmp_path / "x"), "--cases", "no_such_case"])
    assert bad.exit_code == 2 and "--cases: no SARA case 'no_such_case'" in bad.output  # usage (README "Exit codes")
    assert not (tmp_path / "x").exists()


def test_llm_paraphraser_keeps_only_checked_rewordings(monkeypatch):
    """The LLM path uses the paraphrase prompt (not A.1.2's word-swap prompt); candidates that
    change a name, number or date are refused; a clean whole-text rewrite is kept."""
    import taxlogic.agent.llm as llm
    from taxlogic.eval.benchmarks.sara_plus.paraphrase import llm_paraphraser
    from taxlogic.settings import Settings

    text = "In 2017, Alice was paid $33200. Alice is a head of household for 2017."
    good = "Alice was paid $33,200 in 2017. For 2017, Alice is a head of household."
    bad = ["In 2018, Alice was paid $33200. Alice is a head of household for 2017.",
           "In 2017, Carol was paid $33200. Carol is a head of household for 2017."]
    seen = []

    class Reply:
        def __init__(self, t):
            self.text = t

    def invoke(model, messages, **k):
        seen.append(messages)
        return Reply(next(replies))

    replies = iter([json.dumps({"paraphrases": [*bad, good]}), json.dumps({"paraphrases": bad}), "not json"])
    monkeypatch.setattr(llm, "chat_model", lambda *a, **k: object())
    monkeypatch.setattr(llm, "invoke", invoke)
    para = llm_paraphraser(Settings(llm_cache=False))
    assert para(text, random.Random(0)) == (good, None)
    out, why = para(text, random.Random(0))
    assert out is None and "failed the checks" in why
    out, why = para(text, random.Random(0))
    assert out is None and "JSON" in why
    system, user = seen[0]
    assert "paraphrase the fact pattern" in system[1] and "word-level perturbations" not in system[1]
    assert text in user[1] and '"paraphrases"' in user[1]


# ------------------------------------------------------------------------------ dates, statute quotes, offsets


def test_case_perturbation_moves_dates_in_text_facts_and_claim(sara_data_dir):
    """c moves each date of the text that the facts hold, within its year, in every form; dates
    keep their order; the first and last day of a year stay."""
    from datetime import date

    from taxlogic.eval.benchmarks.sara_plus.cases import apply_dates, fact_dates, perturb_dates, perturbable_dates

    case = next(c for c in load_cases() if len(perturbable_dates(c)) >= 3)
    mapping = perturb_dates(case, random.Random("t"))
    assert set(mapping) == set(perturbable_dates(case))
    for old, new in mapping.items():
        assert new != old and new.year == old.year and abs((new - old).days) <= 30
    p = apply_dates(case, mapping)
    for old, new in mapping.items():
        assert f'"{old.isoformat()}"' not in p.gold_facts and f'"{new.isoformat()}"' in p.gold_facts
    every = sorted(fact_dates(case.gold_facts))
    assert [mapping.get(d, d) for d in every] == sorted(fact_dates(p.gold_facts))
    # the text states the new dates in the same style ("Feb 3rd, 2017" -> "Mar 1st, 2017")
    from taxlogic.eval.benchmarks.sara_plus.cases import TEXT_DATE, _text_date

    assert sorted({_text_date(m) for m in TEXT_DATE.finditer(p.text)} - {None}) == sorted(
        {mapping.get(d, d) for d in (_text_date(m) for m in TEXT_DATE.finditer(case.text)) if d})
    assert re.sub(r"\d+(st|nd|rd|th)?", "#", re.sub(r"\b[A-Z][a-z]{2,8}\b", "M", case.text)) == \
           re.sub(r"\d+(st|nd|rd|th)?", "#", re.sub(r"\b[A-Z][a-z]{2,8}\b", "M", p.text))
    assert date(2017, 1, 1) not in perturbable_dates(case.model_copy(update={
        "text": "Alice married Bob on Jan 1st, 2017.", "gold_facts": 'start_(m,"2017-01-01").'}))


def test_statute_quotes_follow_the_statute_in_force(sara_data_dir):
    """An amount in a sentence citing a section, equal to an amount of the statutes, is a quote:
    c never changes it, r' sets it (text and the facts asserting it) to its r' value."""
    from taxlogic.eval.benchmarks.sara_plus.cases import apply_statute_quotes, statute_quotes

    amounts = {"section151": {2000: 1800}, "section63": {600: 650, 3000: 3400}}
    case = get_case("s151_a_pos")
    quotes = statute_quotes(case.text, amounts)
    assert quotes == {2000: 1800}
    assert perturbable_amounts(case, quotes) == [100000]
    assert 2000 not in perturb_amounts(case, random.Random(0), quotes)
    q = apply_statute_quotes(case, quotes)
    assert "one exemption of $1800 for the year 2015 under section 151(c)" in q.text
    assert "s151_c(alice,_,1800,2015)." in q.gold_facts and "$100000" in q.text
    # an amount in a sentence citing no section is a fact of the case, not a quote
    assert statute_quotes("Alice was paid $2000 in 2017.", amounts) == {}
    assert statute_quotes("Alice claims $600 under section 63(f)(1)(A).", amounts) == {600: 650}


def test_en_c_false_claims_always_move(built):
    """Every negative En^c / En^rc item states an amount off by 1–5% from the amount its claim
    computes (or, where the claim holds for no amount, from the source's), never the source's own."""
    root, rec = built
    d = root / "a"
    for split in ("sara_en_c", "sara_en_rc"):
        for item in load_plus_split(d, split):
            if item.expected != "Contradiction":
                continue
            src = get_case(item.source_id)
            assert claimed_amount(item)[0] != claimed_amount(src)[0], item.id


def test_cli_plus_json_reports_changes_per_split(sara_data_dir, tmp_path):
    """``data plus --json``: per split, how many dates, thresholds, rates and amounts changed
    (in r' and in the cases), the source splits, gold agreement 1.0; same seed, same bytes."""
    import typer
    from typer.testing import CliRunner

    from taxlogic.cli.data import plus

    app = typer.Typer()
    app.command("plus")(plus)
    app.command("noop")(lambda: None)
    cases = "tax_case_2,s151_a_pos,s151_a_neg,s63_c_3_pos,s1_c_iii_pos"

    def run(out):
        r = CliRunner().invoke(app, ["plus", "--seed", "0", "--out", str(out), "--cases", cases, "--workers", "1", "--json"])
        assert r.exit_code == 0, r.output
        return json.loads(r.output[r.output.index("{"):])

    data = run(tmp_path / "a")
    assert data["rule_change_counts"] == {"amount": 48, "rate": 9, "threshold": 4, "date": 6}
    sp = data["splits"]
    for s in ("sara_n_r", "sara_n_rc", "sara_en_r", "sara_en_rc"):
        assert sp[s]["changes"]["rules"] == data["rule_change_counts"], s
    for s in ("sara_n", "sara_n_c", "sara_en", "sara_en_c", "sara_ee", "sara_ee_c"):
        assert set(sp[s]["changes"]["rules"].values()) == {0}, s
    assert sp["sara_n_c"]["changes"]["cases"]["amounts"] > 0 and sp["sara_n_c"]["changes"]["cases"]["dates"] > 0
    assert sp["sara_en_r"]["changes"]["cases"]["statute_quotes"] >= 3  # s151_a_pos/neg, s63_c_3_pos
    assert sp["sara_en_c"]["changes"]["cases"]["statute_quotes"] == 0
    assert sp["sara_n"]["source_splits"] == {get_case("tax_case_2").split: 1}
    assert all(s["gold_agreement"] in (1.0, None) for s in sp.values())
    assert 0 < sp["sara_n_c"]["words_changed"] < 1 and sp["sara_n"]["words_changed"] == 0
    run(tmp_path / "b")
    assert _files(tmp_path / "a") == _files(tmp_path / "b")
    card = (tmp_path / "a" / "DATACARD.md").read_text()
    assert "perturbed test splits" not in card.lower() and "source split" in card
