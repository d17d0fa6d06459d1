"""Explanations on real SWI-Prolog: proof trees with their sections and amounts, why-not trees
with the failing condition and its values, the JSON schema, the limits, citations and quotes."""

from __future__ import annotations

import json

import pytest

from fakes import trusted
from taxlogic.core import CaseInput
from taxlogic.kb.sara.data.cases import get_case
from taxlogic.kb.explain import check, explain_case, law_for
from taxlogic.kb.sara.explain.citations import parse_predicate, parse_statute, section_label
from taxlogic.tools.engine import Job
from taxlogic.tools.explain import (
    SCHEMA_VERSION,
    ExplainOptions,
    Explanation,
    annotate,
    explain_job,
    explanation_of,
    prune,
)
from taxlogic.tools.worksheet import to_markdown, to_rich


def explained(engine, case_id: str, **kw):
    case = get_case(case_id)
    outcome, expl = explain_case(engine, CaseInput.from_case(case), case.gold_program, **kw)
    assert expl is not None, outcome.summary()
    return outcome, expl


def find(expl: Explanation, **fields):
    return [n for n in expl.root.walk() if all(getattr(n, k) == v for k, v in fields.items())]


def test_tax_case_5_chain_of_amounts_ends_in_the_answer(engine):
    outcome, expl = explained(engine, "tax_case_5")
    assert outcome.values == ["116066"] and expl.answer == 116066
    assert expl.status == "explained" and expl.holds and expl.value == 116066
    assert expl.root.goal == "tax(alice,2017,116066)"
    chain = [(a.label, a.value, a.citation.section if a.citation else None) for a in expl.chain]
    assert chain[0] == ("gross income of Alice (= adjusted gross income)", 326332, None)
    assert ("standard deduction of Alice", 3600, "§63(c)") in chain
    # Bob has no gross income: Alice may take his exemption (§151(b)), which is zero (§151(d)(3)).
    assert ("gross income of Bob (= adjusted gross income)", 0, None) in chain
    assert ("personal exemptions of Alice", 0, "§151") in chain
    assert ("taxable income of Alice", 322732, "§63(b)") in chain
    # Alice and Bob are married and file separately: the rate schedule of §1(d), bracket (v).
    assert ("tax from the rate schedule", 116066, "§1(d)(v)") in chain
    assert chain[-1] == ("tax owed by Alice for 2017", 116066, "§1 and §3301")
    steps = [c[0] for c in chain]
    assert steps.index("taxable income of Alice") < steps.index("tax from the rate schedule") < steps.index("income tax of Alice")
    # The bracket's computation is a leaf with its values; the income is a case fact.
    assert find(expl, kind="arith", goal="116066 is round(37764.25+(322732-125000)*0.396)")
    assert find(expl, kind="fact", goal="amount_(alice_is_paid,326332)", source="case")
    assert check(expl, 116066) == []


def test_aggregate_node_holds_the_contributing_solutions(engine):
    _, expl = explained(engine, "tax_case_5")
    gross = find(expl, predicate="gross_income_individual/3")[0]
    payments = [c for c in gross.children if c.kind == "aggregate" and c.value == "[326332]"]
    assert payments and payments[0].count == 1
    solution = payments[0].children[0]
    assert solution.kind == "solution" and solution.goal == "326332"
    assert "patient_(alice_is_paid,alice)" in [c.goal for c in solution.children]


def test_s151_a_neg_names_the_failing_condition_with_its_values(engine):
    outcome, expl = explained(engine, "s151_a_neg")
    assert outcome.status == "failed" and expl.answer == "Contradiction"
    assert expl.holds is False and expl.root.holds is False
    assert expl.root.citation.section == "§151(a)"
    assert expl.root.citation.quote.startswith("Allowance of deductions")
    # With the amount left open, §151(a) gives 4000, not the 6000 claimed.
    assert [(a.position, a.value) for a in expl.root.actual] == [(2, "4000")]
    failed = [n for n in expl.root.walk() if not n.holds and not n.children]
    total = [n for n in failed if n.predicate == "sum_list/2"]
    assert total and total[0].args == ["[2000,2000]", "6000"]
    assert total[0].note == "sum_list gives 4000, not 6000"
    assert check(expl, "Contradiction") == []
    conditions = [(c.section if c else None, n.goal) for c, n in expl.failed_conditions()]
    assert ("§151", "sum_list([2000,2000],6000)") in conditions
    assert "**Deciding condition** (failed): §151: the sum of $2,000 + $2,000 is $4,000, not $6,000" in to_markdown(expl)
    assert "§151: `sum_list([2000, 2000], 6000)  (sum_list gives 4000, not 6000)`" in to_markdown(expl, full=True)


def test_why_not_shows_the_case_facts_stated_for_other_values(engine):
    # The case says Bob is Alice's qualifying child (§152(c)(1)) for 2015; the claim is for 2014.
    _, expl = explained(engine, "s152_a_neg")
    assert expl.root.citation.section == "§152(a)" and [(a.position, a.value) for a in expl.root.actual] == [(3, "2015")]
    cite, first = expl.failed_conditions()[0]
    assert (first.kind, first.goal, first.source) == ("fact", "s152_c_1(bob,alice,2015)", "case")
    assert cite.section == "§152(c)(1)"


def test_why_not_shows_each_alternative_and_what_held_before_the_failure(engine):
    _, expl = explained(engine, "s151_a_neg")
    s151 = find(expl, predicate="s151/5")[0]
    alternatives = [n for n in s151.walk() if n.kind == "alternative" and n.branch in ("1", "2")]
    assert [a.holds for a in alternatives] == [False, False]
    joint, single = alternatives
    # Not a joint return: no marriage fact for §7703(a)(1) to use.
    assert any(n.goal == "marriage_(_)" and n.note == "no fact of the case matches" for n in joint.walk())
    individual = [c for c in single.children if c.predicate == "s151_individual/5"][0]
    held = [c.goal for c in individual.children[0].children if c.holds]
    assert "s151_b(alice,2000,2015)" in held  # the taxpayer's own exemption, as bound


def test_json_round_trip_and_schema(engine):
    _, expl = explained(engine, "tax_case_5")
    text = expl.model_dump_json()
    assert json.loads(text)["schema_version"] == SCHEMA_VERSION
    again = Explanation.model_validate_json(text)
    assert again == expl
    compact = json.dumps(expl.dump())
    assert json.loads(compact)["schema_version"] == SCHEMA_VERSION and len(compact) < len(text)
    assert Explanation.model_validate_json(compact) == expl
    assert again.chain == expl.chain and again.root.size() == expl.root.size() == expl.nodes
    schema = Explanation.model_json_schema()
    assert "schema_version" in schema["properties"] and "Node" in schema["$defs"]


def test_default_view_keeps_sections_amounts_and_facts(engine):
    _, expl = explained(engine, "tax_case_5")
    short = prune(expl.root)
    kinds = {n.kind for n in short.walk()}
    assert "builtin" not in kinds and "more" not in kinds
    assert short.size() < expl.root.size()
    assert {"§1(d)(v)", "§63(b)", "§151"} <= {n.citation.section for n in short.walk() if n.citation}
    assert prune(expl.root, full=True) is expl.root


def test_markdown_and_rich_render_the_chain_and_the_case_sentences(engine):
    _, expl = explained(engine, "tax_case_5")
    sentence = "In 2017, Alice's gross income was $326332."
    annotate(expl, law_for("sara", engine.rules), {"amount_(alice_is_paid, 326332).": sentence})
    md = to_markdown(expl)
    assert "| taxable income of Alice | $322,732 | §63(b) |" in md
    assert "| tax owed by Alice for 2017 | $116,066 | §1 and §3301 |" in md
    assert f"“{sentence}”" in md
    assert "tax from the rate schedule ($116,066) = 37,764.25 + ($322,732 - 125,000) × 0.396, rounded" in md
    from rich.console import Console

    console = Console(width=200, record=True)
    console.print(to_rich(expl, full=True))
    text = console.export_text()
    assert "§1(d)(v) s1_d_v(322732, 116066)" in text and sentence in text


def test_heaviest_cases_explain_within_the_limits(engine):
    for case_id, answer in (("tax_case_83", 206073), ("tax_case_91", 247432)):
        case = get_case(case_id)
        outcome, expl = explained(engine, case_id)
        assert expl.status == "explained" and expl.answer == answer, (case_id, expl.message)
        assert check(expl, answer) == []
        assert expl.chain[-1].label == f"tax owed by {case.person.capitalize()} for {case.year}"  # as the case names them
        assert expl.chain[-1].value == answer


def test_tree_size_is_bounded(engine):
    _, expl = explained(engine, "tax_case_83", options=ExplainOptions(max_nodes=50))
    recorded = [n for n in expl.root.walk() if n.kind != "more"]
    assert len(recorded) <= 50 and expl.truncated
    assert expl.value == 206073  # the parts past the limit still ran


FAR = "far(X) :- between(1, inf, X), X > {n}.\n"


def test_recording_runs_under_the_inference_limit(engine):
    job = Job(facts=trusted(FAR.format(n=300_000)), query="far(X)", mode="first", var="X",
              inference_limit=2_000_000)
    outcome = engine.run(explain_job(job))
    assert outcome.status == "values" and outcome.values == ["300001"]  # the query fits the limit
    expl = explanation_of(job.query, outcome)
    assert expl.status == "inference_limit" and expl.root is None
    assert 2_000_000 <= expl.inferences < 3_000_000


def test_recording_runs_under_the_cpu_time_limit_and_the_worker_lives(engine):
    job = Job(facts=trusted(FAR.format(n=1_000_000)), query="far(X)", mode="first", var="X", time_limit=0.4)
    outcome = engine.run(explain_job(job))
    assert outcome.status == "values" and outcome.cpu_seconds < 0.4
    expl = explanation_of(job.query, outcome)
    assert expl.status == "time_limit" and expl.cpu_seconds >= 0.4
    assert check(expl, 1000001) == ["not explained: time_limit (CPU time limit exceeded (the safety net against a "
                                    "runaway: machine-dependent, not a verdict on the facts))"]
    assert engine.run(Job(facts="", query="X = 1", mode="first", var="X")).values == ["1"]


def test_untrusted_facts_explain_too(engine):
    case = CaseInput(text="", question="", kind="entailment", query="s7703(alice,bob,_,_,_,_,_,_,2017)")
    facts = ('marriage_(m).\nagent_(m,alice).\nagent_(m,bob).\nstart_(m,"2010-05-01").\n')
    outcome, expl = explain_case(engine, case, facts)
    assert outcome.status == "proved" and expl.holds and expl.answer == "Entailment"
    assert expl.root.citation.section == "§7703"
    assert [n.goal for n in expl.root.walk() if n.kind == "fact"][:2] == ["marriage_(m)", "agent_(m,alice)"]


def test_citations_name_subsections_and_quote_them(rules):
    law = law_for("sara", rules)
    assert parse_predicate("s2_b_1_A") == ("2", ("b", "1", "A"))
    assert parse_predicate("s3306_a_1_is_wages") == ("3306", ("a", "1"))
    assert parse_predicate("gross_income") is None
    assert section_label("152", ("c", "1")) == "§152(c)(1)"
    c = law.cite("s152_c_1/3")
    assert c.section == "§152(c)(1)" and c.exists
    assert law.cite("s1_a_iv/2").quote.startswith("$35,928.50, plus 36%")
    assert law.cite("s63_z_9/2").exists is False
    assert law.cite("is_before/2") is None and "is_before/2" in law.opaque
    # Every statute predicate of SARA names a subsection its statute text has.
    import re

    names = {m for f in rules.prolog_dir.glob("section*.pl") for m in re.findall(r"(?m)^(s\d\w*)\(", f.read_text())}
    assert len(names) > 150
    assert [n for n in names if not law.cite(f"{n}/1").exists] == []


def test_statute_text_nests_subsections_by_indentation():
    text = "§9. Title\n\n(a) First\n\nBody a.\n\n    (1) In general\n\n    Body one.\n\n(b) Second\n"
    parsed = parse_statute(text)
    assert parsed[()] == "§9. Title"
    assert parsed[("a",)] == "First: Body a."
    assert parsed[("a", "1")] == "In general: Body one."
    assert ("b", "1") not in parsed and parsed[("b",)] == "Second"


@pytest.fixture(scope="module")
def airline_engine():
    from taxlogic.kb.airline import airline_rules
    from taxlogic.kb.datafiles import DataError
    from taxlogic.tools.engine import Engine

    try:
        rules = airline_rules()
    except DataError as exc:
        pytest.skip(str(exc))
    with Engine(rules, workers=1) as e:
        yield e


def test_airline_fee_computation_explains_the_same_way(airline_engine):
    facts = ("customer_class(main_cabin).\nroute(us, us).\nticket_price(180).\n"
             "item(1, backpack, 20, 13, 8, 9).\nitem(2, luggage_box, 44, 22, 20, 69).\n")
    case = CaseInput(text="", question="", kind="numeric", query="total_cost(X)", answer_var="X")
    outcome, expl = explain_case(airline_engine, case, facts, domain="airline")
    assert expl.status == "explained" and expl.value == int(outcome.values[0])
    chain = {a.label: (a.value, a.citation.section if a.citation else None) for a in expl.chain}
    # Bag 2 is checked: 86 linear inches (over 65: $200) and 69 lbs (over 53: $100); the higher applies.
    assert chain["oversize fee of item 2"] == (200, "AA bag rules: Oversize Bags")
    assert chain["overweight fee of item 2 as a charged bag"][0] == 100
    assert chain["base fee of checked bag number 1"] == (40, "AA bag rules: Checked bags")
    assert chain["fee of item 2, checked bag number 1"] == (240, "AA bag rules: Checked bags")
    assert chain["total cost"][0] == int(outcome.values[0])
    assert all(c.exists for c in expl.sections())
    assert check(expl, int(outcome.values[0])) == []


# ---------------------------------------------------------------------------- commands


def cli(*args):
    from typer.testing import CliRunner

    from taxlogic.cli import app

    return CliRunner().invoke(app, list(args))


def test_explain_command_json_and_markdown_hold_the_same_tree(sara_data_dir):
    res = cli("explain", "--case", "tax_case_5", "--json")
    assert res.exit_code == 0, res.output
    expl = Explanation.model_validate_json(res.stdout)
    assert expl.case_id == "tax_case_5" and expl.answer == 116066 and expl.value == 116066
    assert expl.level == "default" and expl.worksheet["steps"]
    assert expl.chain[-1].value == 116066 and check(expl, 116066) == []
    full = Explanation.model_validate_json(cli("explain", "--case", "tax_case_5", "--json", "--full").stdout)
    assert full.level == "full" and full.nodes == full.root.size() > expl.root.size()
    md = cli("explain", "--case", "tax_case_5", "--markdown")
    assert md.exit_code == 0 and "| taxable income of Alice | $322,732 | §63(b) |" in md.stdout
    assert md.stdout.startswith("### Why tax_case_5: Alice owes $116,066 in tax for 2017")
    tree = cli("explain", "--case", "tax_case_5")
    assert tree.exit_code == 0 and "§1(d)(v)" in tree.stdout and "answer: $116,066" in tree.stdout
    assert len(cli("explain", "--case", "tax_case_5", "--full").stdout) > len(tree.stdout)
    both = cli("explain", "--case", "tax_case_5", "--json", "--markdown")
    assert both.exit_code == 2 and "not both" in both.output and "Traceback" not in both.output


def test_explain_command_why_not(sara_data_dir):
    res = cli("explain", "--case", "s151_a_neg")
    assert res.exit_code == 0, res.output
    assert "benchmark label: Contradiction" in res.stdout
    assert "✗ deciding condition: §151: the sum of $2,000 + $2,000 is $4,000, not $6,000" in res.stdout


def test_solve_gold_explain(sara_data_dir):
    res = cli("solve", "--case", "tax_case_5", "--translator", "gold", "--explain", "--json")
    assert res.exit_code == 0, res.output
    out = json.loads(res.stdout)
    assert out["answer"] == 116066 and out["explanation"]["value"] == 116066


def test_eval_gold_explain_checks_every_tree(sara_data_dir):
    res = cli("eval", "gold", "--split", "test", "--task", "numeric", "--explain", "--json")
    assert res.exit_code == 0, res.output
    summary = json.loads(res.stdout)["explained"]
    assert summary["total"] == 20 and summary["explained"] == 20 and summary["failures"] == []


def test_eval_run_explain_saves_trees_in_records(sara_data_dir, tmp_path):
    from taxlogic.eval.scoring.records import read_records

    out = tmp_path / "run"
    res = cli("eval", "run", "--method", "gold", "--split", "test", "--limit", "4", "--out", str(out), "--explain", "--json")
    assert res.exit_code == 0, res.output
    records = read_records(out)
    assert len(records) == 4
    for r in records:
        expl = Explanation.model_validate(r.explanation)
        assert expl.case_id == r.case_id and check(expl, r.prediction) == []
    refused = cli("eval", "run", "--method", "direct", "--split", "test", "--limit", "1", "--out", str(tmp_path / "d"), "--explain")
    assert refused.exit_code == 2 and "--explain needs" in refused.output


def test_aggregates_record_their_solutions(engine):
    facts = ("kid(ann). kid(bo). kid(cy).\n"
             "kids(N, S, L, G) :- aggregate_all(count, kid(_), N), setof(K, kid(K), S), bagof(K-X, kid_of(K, X), L),\n"
             "    bagof(K, kid_of(K, X), G).\n"
             "kid_of(K, x) :- kid(K).\n")
    job = Job(facts=trusted(facts), query="kids(N, S, L, G)", mode="first", var="N")
    outcome = engine.run(explain_job(job))
    expl = explanation_of(job.query, outcome)
    assert expl.status == "explained" and expl.value == 3
    count, setof, bagof = [n for n in expl.root.walk() if n.kind == "aggregate"]
    assert (count.value, count.count, [c.goal for c in count.children]) == ("3", 3, ["x", "x", "x"])
    assert count.children[0].children[0].goal == "kid(ann)"
    assert setof.value == "[ann,bo,cy]" and [c.goal for c in setof.children] == ["ann", "bo", "cy"]
    assert bagof.value == "[ann-x,bo-x,cy-x]" and bagof.count == 3
    # bagof with a free variable (X) groups its solutions by X: called directly, a leaf
    grouped = [n for n in expl.root.walk() if n.goal == "bagof(_,kid_of(_,x),[ann,bo,cy])"]
    assert grouped and grouped[0].kind == "builtin"
