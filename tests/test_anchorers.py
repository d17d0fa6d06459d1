"""Imperfect anchorers and the inspector under them (issue 22, ``eval verifier --anchors``)."""

from __future__ import annotations

import pytest

from taxlogic.tools.facts import check_facts, parse_facts

#: A few fact programs of different shapes (one event per sentence, several people per sentence,
#: kinship, a statute premise, a home maintained) for the fast simulation below.
CASES = ("tax_case_14", "s3306_b_2_A_pos", "s151_b_neg", "s152_d_2_E_neg", "s152_d_1_B_pos", "s3306_a_3_pos")


@pytest.fixture(scope="module")
def simulation(sara_data_dir, rules):
    from taxlogic.eval.faults.anchorers import run_anchor_simulation
    from taxlogic.kb.sara.data.cases import get_case
    from taxlogic.tools.engine import Engine

    with Engine(rules, workers=1) as engine:
        return run_anchor_simulation(engine, rules, [get_case(c) for c in CASES], k=1,
                                     ops=("wrong_person", "unnamed_person", "swap_roles", "shift_date", "change_amount",
                                          "spurious_fact", "invented_fact"))


def test_anchorers_write_what_they_say(sara_data_dir, rules):
    from taxlogic.eval.faults.anchorers import anchor
    from taxlogic.eval.faults.verifier import gold_program
    from taxlogic.kb.sara.data.cases import get_case
    from taxlogic.kb.sara.checks.align import resolve

    case = get_case("tax_case_14")
    facts = gold_program(case).fact_text
    plain = parse_facts(facts)[0]
    for name in ("none", "aligned", "word_overlap", "shifted", "whole_text", "missing"):
        text = anchor(case.text, facts, name, seed="1")
        got = parse_facts(text)[0]
        assert [f.canonical for f in got] == [f.canonical for f in plain], name  # the facts are untouched
        spans = {f.anchor for f in got}
        if name == "none":
            assert spans == {()}
        elif name == "whole_text":
            assert len(spans) == 1 and len(next(iter(spans))[0]) > 200
        elif name == "missing":
            assert () in spans and len(spans) > 1
        else:
            assert () not in spans
    # the shifted anchors all point elsewhere, and are re-anchored to the aligner's sentences
    shifted = check_facts(anchor(case.text, facts, "shifted"), rules.vocabulary).canonical
    r = resolve(case.text, shifted)
    assert all(s.source == "reanchored" for s in r.supports)
    with pytest.raises(KeyError):
        anchor(case.text, facts, "psychic")


def test_anchors_never_cost_a_right_answer_nor_hide_a_wrong_one(simulation):
    """The must-show of issue 22, on a few cases: with correct facts every anchorer answers as
    many as no anchors and is never wrong; with corruptions, no anchorer slips more than none."""
    correct, corrupted = simulation["correct"], simulation["corrupted"]
    assert simulation["fact_programs"] == len(CASES) and simulation["variants"] >= 30
    base = correct["none"]
    assert base["right"] == len(CASES)
    for name, c in correct.items():
        assert c["wrong"] == 0 and c["right"] == base["right"], (name, c)
    for name, c in corrupted.items():
        assert c["overall"]["slipped"] <= corrupted["none"]["overall"]["slipped"], (name, c["overall"])
        assert c["overall"]["n"] == corrupted["none"]["overall"]["n"]
    assert corrupted["whole_text"]["overall"]["slipped"] <= corrupted["none"]["overall"]["slipped"]
    # the corruptions are caught at all (the simulation is not vacuous)
    assert corrupted["none"]["overall"]["repaired"] >= corrupted["none"]["overall"]["n"] // 2
    assert corrupted["none"]["by_operator"]["unnamed_person"]["slipped"] == 0


def test_eval_verifier_anchors_cli(sara_data_dir):
    from typer.testing import CliRunner

    from taxlogic.cli import app

    run = CliRunner().invoke(app, ["eval", "verifier", "--anchors", "--cases", "tax_case_14", "--ops", "wrong_person",
                                   "--workers", "1"])
    assert run.exit_code == 0, run.output
    assert "whole_text" in run.output and "repaired" in run.output and "slipped" in run.output
