"""The paper's protocol (eval/harness/protocol.py): 272/96 evaluation sets with four held-out cases per
task as the in-context examples, the appendix's translator input, and the single-shot Prolog
baseline (``prolog-single-shot``)."""

from __future__ import annotations

import json

import pytest
from tenacity import wait_none
from typer.testing import CliRunner

from taxlogic.cli import app
from taxlogic.eval.benchmarks import load_dataset
from taxlogic.eval.methods.registry import Engines, make_method
from taxlogic.eval.harness.protocol import HELD_OUT_PER_TASK, apply_holdout, held_out
from fakes import scripted

runner = CliRunner()


@pytest.fixture(scope="module")
def paper(sara_data_dir):
    """SARA under the paper protocol: the dataset (held-out cases removed) and the held-out pool."""
    ds = load_dataset("sara", "all")
    pool = apply_holdout(ds, "paper")
    return ds, pool


@pytest.fixture(scope="module")
def engines(paper):
    e = Engines(paper[0], workers=2)
    yield e
    e.close()


def test_held_out_rule(sara_data_dir):
    from collections import Counter
    from taxlogic.kb.sara.data.cases import load_cases

    cases = load_cases(split="all")
    texts = Counter(c.text for c in cases)
    held = held_out(cases)
    for kind, picked in held.items():
        assert len(picked) == HELD_OUT_PER_TASK and all(c.kind == kind and c.split == "train" for c in picked)
        assert all(texts[c.text] == 1 for c in picked)  # no sibling with the same text stays in the evaluation
    assert [c.id for c in held["numeric"]] == ["tax_case_1", "tax_case_3", "tax_case_4", "tax_case_6"]
    assert [c.id for c in held["entailment"]] == ["s2_a_1_B_neg", "s2_a_1_B_pos", "s2_a_2_B_neg", "s2_b_1_A_i_pos"]


def test_held_out_entailment_cases_are_ee_so_the_groups_match_the_paper(sara_data_dir):
    """§3.2: 100 En + 172 Ee with footnote 1 (four more held out) on the 172; SARA has 100 En and
    176 Ee, so the four held out are Ee and the evaluated groups are 100 and 172."""
    from collections import Counter
    from taxlogic.eval.benchmarks.sara_plus.cases import is_numerical
    from taxlogic.kb.sara.data.cases import load_cases

    cases = load_cases(split="all")
    held = held_out(cases)
    assert not any(is_numerical(c) for c in held["entailment"])
    ids = {c.id for cs in held.values() for c in cs}
    groups = lambda cs: Counter("En" if is_numerical(c) else "Ee" for c in cs if c.kind == "entailment")
    assert groups(cases) == {"En": 100, "Ee": 176}
    assert groups([c for c in cases if c.id not in ids]) == {"En": 100, "Ee": 172}


def test_paper_protocol_gold_scores_272_and_96(sara_data_dir, tmp_path):
    res = runner.invoke(app, ["eval", "run", "--protocol", "paper", "--method", "gold", "--out", str(tmp_path / "gold"),
                              "--workers", "2", "--json"])
    assert res.exit_code == 0, res.output
    summary = json.loads(res.stdout)
    assert {k: (m["n"], m.get("accuracy", m.get("exact_match", {}).get("accuracy")))
            for k, m in summary["metrics"].items()} == {"entailment": (272, 1.0), "numeric": (96, 1.0)}
    assert summary["config"]["protocol"] == "paper" and summary["config"]["holdout"] == "paper"
    held = {c.id for cs in held_out().values() for c in cs}
    ids = {json.loads(l)["case_id"] for l in (tmp_path / "gold" / "records.jsonl").read_text().splitlines()}
    assert not ids & held and len(ids) == 368
    assert summary["config"]["held_out"] == sorted(held)  # the folder names the cases it held out
    # a folder made under another hold-out rule (or before run.json named the cases) is not resumed
    cfg = json.loads((tmp_path / "gold" / "run.json").read_text())
    (tmp_path / "gold" / "run.json").write_text(json.dumps({**cfg, "held_out": None}))
    again = runner.invoke(app, ["eval", "run", "--protocol", "paper", "--method", "gold", "--out", str(tmp_path / "gold")])
    assert again.exit_code != 0 and "held_out" in again.output and "other settings" in again.output


def test_single_shot_with_gold_facts_answers_what_gold_programs_answer(paper, engines):
    """A scripted translator that writes each case's gold facts: the baseline answers exactly
    what the gold programs answer, gold errata included (three gold sets hold a fact with an
    arity no statute defines; the full validator would reject them), and never abstains."""
    from taxlogic.eval.methods.gold import gold_translations
    from taxlogic.tools.facts import check_facts

    ds, pool = paper
    facts = gold_translations(engines("r"), ds.items)
    by_prompt = {(c.text, c.question): c.id for c in ds.items}
    prompts = []

    def translate(messages, i):
        user = messages[1].content
        prompts.append(user)
        key = [k for k in by_prompt if f"TEXT:\n{k[0].strip()}\n\nQUESTION:\n{k[1].strip()}\n" in user]
        assert len(key) == 1
        return facts[by_prompt[key[0]]]

    model = scripted(translate)
    single = make_method("prolog-single-shot", ds, engines=engines, model=model, wait=wait_none(),
                         exemplars=HELD_OUT_PER_TASK, exemplar_pool=pool, query_in_prompt=False)
    gold = make_method("gold", ds, engines=engines)
    answers = {c.id: single(c) for c in ds.items}
    expected = {c.id: gold(c).prediction for c in ds.items}
    assert len(answers) == 368
    assert not [i for i, r in answers.items() if r.abstained or r.invalid]
    assert {i: r.prediction for i, r in answers.items()} == expected
    errata = [c.id for c in ds.items if any(p.kind == "arity" for p in check_facts(facts[c.id], engines("r").rules.vocabulary).problems)]
    assert errata == ["s63_c_1_neg", "s63_c_3_neg", "s63_d_2_neg"]
    # the appendix's input: no query block; the held-out cases of the task as the examples
    assert all("QUERY:" not in p and p.startswith("EXAMPLES") for p in prompts)
    held = held_out()
    numeric_prompt = next(p for p in prompts if "How much tax" in p)
    assert all(c.text.strip() in numeric_prompt for c in held["numeric"])


@pytest.mark.parametrize("reply, reason", [
    ("income_(x).\nagent_(x, alice) :- true.\n", "rejected by the safety check"),
    ("I cannot translate this case.", "rejected by the safety check"),
    ("", "no Prolog facts"),
])
def test_single_shot_rejection_is_an_invalid_answer_not_an_abstention(paper, engines, reply, reason):
    ds, _ = paper
    case = next(c for c in ds.items if c.kind == "numeric")
    record = make_method("prolog-single-shot", ds, engines=engines, model=scripted([reply]), wait=wait_none())(case)
    assert record.invalid and not record.abstained and record.prediction is None and reason in record.reason


def test_single_shot_takes_what_prolog_says(paper, engines):
    """Facts that prove nothing: entailment is Contradiction and the tax is $0 (no inspector to
    object); an amount written as text passes the safety check and Prolog's error on it is an
    invalid answer."""
    ds, _ = paper
    ent = next(c for c in ds.items if c.kind == "entailment" and c.expected == "Entailment")
    num = next(c for c in ds.items if c.kind == "numeric")
    model = scripted(["marriage_(m).\nagent_(m, nobody).\n"])
    method = make_method("prolog-single-shot", ds, engines=engines, model=model, wait=wait_none())
    r = method(ent)
    assert r.prediction == "Contradiction" and not r.invalid and not r.abstained
    r = method(num)
    assert r.prediction == 0 and not r.invalid and not r.abstained
    assert "QUERY:" in model.calls[0][1].content  # the query block is shown by default
    text = f'income_(i).\nagent_(i, {num.person}).\namount_(i, "lots").\nstart_(i, "{num.year}-12-31").\n'
    r = make_method("prolog-single-shot", ds, engines=engines, model=scripted([text]), wait=wait_none())(num)
    assert r.invalid and not r.abstained and r.prediction is None and r.details["outcome"].startswith("error")


def test_split_all_with_exemplars_refuses_without_holdout(sara_data_dir, tmp_path):
    res = runner.invoke(app, ["eval", "run", "--method", "prolog-single-shot", "--split", "all", "--exemplars", "2",
                              "--out", str(tmp_path / "r")])
    assert res.exit_code == 1
    assert "--exemplars 2: only 0" in res.output and "--holdout paper" in res.output and "Traceback" not in res.output


def test_paper_protocol_refuses_another_sara_split(sara_data_dir, tmp_path):
    res = runner.invoke(app, ["eval", "run", "--protocol", "paper", "--method", "gold", "--split", "test",
                              "--out", str(tmp_path / "r")])
    assert res.exit_code == 2 and "--split all" in res.output  # a usage error
