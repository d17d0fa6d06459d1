"""NBA gold fact programs: read from the problem text alone, committed, checked.

Needs RuleArena's NBA problems (``nba/annotated_problems/comp_{0,1,2}.json``); skips without them.
"""

from __future__ import annotations

import json
import re

import pytest

from taxlogic.kb.datafiles import DataError
from taxlogic.kb.nba import checks, corrupt
from taxlogic.kb.nba.data import gold
from taxlogic.kb.nba.reading import reader, records, roles, stated
from taxlogic.kb.nba.data.problems import ANNOTATIONS, SECTIONS, problem_text, problem_texts, text_sentences


@pytest.fixture(scope="module")
def texts():
    try:
        return problem_texts()
    except DataError as exc:
        pytest.skip(str(exc))


def test_committed_programs_are_the_texts_reading(texts):
    # the manifest's checksums match the problem files, and every program regenerates identically
    assert gold.checksum_problems() == []
    assert len(texts) == 216 == len(gold.manifest()["programs"])
    assert gold.verify_gold() == []


def test_checksum_mismatch_is_reported(texts, tmp_path, monkeypatch):
    ra = tmp_path / "ra"
    (ra / "airline" / "fee_tables" / "bag_1").mkdir(parents=True)
    (ra / "airline" / "fee_tables" / "bag_1" / "0.csv").write_text("x")
    (ra / "nba" / "annotated_problems").mkdir(parents=True)
    for level in (0, 1, 2):
        data = json.loads(gold.problem_file(level).read_text())
        if level == 1:
            data[3]["team_situations"][0] = data[3]["team_situations"][0].replace("160,000,000", "161,000,000")
            data[4]["team_situations"][0] = data[4]["team_situations"][0].replace("$", "$$")
        (ra / "nba" / "annotated_problems" / f"comp_{level}.json").write_text(json.dumps(data))
    found = gold.verify_gold(root=ra)
    assert any("comp_1.json: sha256" in line for line in found)
    assert "nba-1-3: the committed program differs from the text's reading" in found
    assert any(line.startswith("nba-1-4: unread sentences: ") for line in found)
    assert not any(line.startswith(("nba-0-", "nba-2-")) for line in found)


def test_reader_never_sees_annotations(texts):
    # the reader's input carries the text fields only; annotations cannot change a program
    p = texts[0]
    plain = gold.generate(p)
    assert set(p.fields()) == set(SECTIONS) and not set(ANNOTATIONS) & set(p.fields())
    assert plain == gold.gold_program(p.id)


def test_every_sentence_read_and_hand_readings_needed(texts):
    by_hand = 0
    for p in texts:
        reading = reader.read_problem(p.fields())
        assert reading.complete, (p.id, [s.text for s in reading.unread])
        by_hand += sum(s.by_hand for s in reading.sentences)
    assert by_hand == 5
    # every hand reading is of a sentence the grammar does not read (none stale)
    for sentence in reader.hand_readings():
        with pytest.raises(reader.Unread):
            reader.read_sentence("operations", 0, sentence)


def test_grammar_reads_without_guessing():
    # a sentence with a part the grammar does not know is unread, never half-read
    with pytest.raises(reader.Unread):
        reader.read_sentence("team_situations", 0, "Team A has a team salary of $160,000,000 and a new arena.")
    with pytest.raises(reader.Unread):
        reader.read_sentence("operations", 0, "A. Team A signs a 3-year contract with Player A providing a signing bonus.")
    got = reader.read_sentence("operations", 1, "B. Team B traeds its first-round draft pick in 2029 to Team D for $6,000,000.")
    assert got == [records.Operation("b", 2),
                   records.TradeAsset("b", "B", "D", records.Asset("pick", round=1, original="B", year=2029)),
                   records.TradeAsset("b", "D", "B", records.Asset("cash", dollars=6_000_000))]


def test_records_json_round_trip():
    r = records.Sign("b", "A", "C", 3, records.Salary("cap_pct", 9.12), 5, True, 2, ((3, records.Salary("dollars", 30_000_000)),))
    assert records.from_json(json.loads(json.dumps(records.to_json(r)))) == r
    with pytest.raises(ValueError):
        records.from_json({"type": "Sign", "colour": "red"})


def test_every_gold_program_passes_the_grounding_checks(texts):
    assert checks.gold_issues() == {}


def test_roles_cover_the_vocabulary():
    from importlib import resources

    events = resources.files("taxlogic.kb.nba").joinpath("events.pl").read_text()
    declared = {(n, int(a)) for n, a in re.findall(r"^:- dynamic (\w+)/(\d+)\.", events, re.M)}
    assert declared == {(n, len(r)) for n, r in roles.ROLES.items()}


def test_text_layout_round_trip(texts):
    p = texts[5]
    assert text_sentences(problem_text(p.fields())) == p.fields()


def test_named_lists():
    assert stated.named("Team A trades Player A with Player C and D to Team B for Player B, D and E.", "player") == set("ABCDE")
    assert stated.named("Team A, Team B, and Team C have all their picks; Team F's pick", "team") == set("ABCF")
    assert stated.years("during 2023-24 Salary Cap Year, in 2026 and 2028, $2,025,000") == {2023, 2026, 2028}


@pytest.mark.parametrize("name", sorted(set(corrupt.OPERATORS) - set(corrupt.OMISSIONS)))
def test_checks_catch_each_corruption_class(texts, name):
    """Each class of corruption applied to every fourth gold program (first place it applies to):
    the checks catch every one (tests/test_nba_trade_checks.py: who sends a traded player). The
    omission classes are the counterfactual check's (tests/test_nba_omissions.py)."""
    n = caught = 0
    for p in texts[::4]:
        program = gold.gold_program(p.id)
        bad = corrupt.OPERATORS[name](program, 0)
        if bad is None or bad == program:
            continue
        n += 1
        caught += bool(checks.nba_issues(p.text, bad))
    assert n > 12
    assert caught == n, (name, caught, n)
