"""No exemplar is related to an evaluated item: not its own case, not its source (SARA⁺), not a
case with its text or its source's text (SARA's pos/neg siblings), over all SARA test cases and
every SARA⁺ split of a seed-0 build; and too few unrelated cases is an error, never zero
exemplars."""

from __future__ import annotations

import pytest

from taxlogic.agent.exemplars import ExemplarError, ExemplarSource, select_exemplars
from taxlogic.eval.benchmarks.sara_plus import SPLITS
from taxlogic.eval.harness.protocol import apply_holdout, held_out, without_held_out
from taxlogic.kb.sara.data.cases import load_cases

K = 4


@pytest.fixture(scope="module")
def sara(sara_data_dir):
    return {c.id: c for c in load_cases(split="all")}


@pytest.fixture(scope="module")
def plus(sara_data_dir, tmp_path_factory):
    from taxlogic.eval.benchmarks.sara_plus.build import build_plus, load_plus_split

    out = tmp_path_factory.mktemp("plus") / "seed-0"
    build_plus(0, out, workers=2)
    return {s: load_plus_split(out, s) for s in SPLITS}


def _leaks(items, source: ExemplarSource, sara) -> list[tuple[str, str]]:
    """(item, exemplar case) pairs where the exemplar is the item's source or shares its text."""
    by_prompt = {(c.text, c.question): c for c in sara.values()}
    leaks = []
    for item in items:
        src = sara[item.source_id]
        for ex in select_exemplars(item.text, item.kind, source.k, source.excluded, source.pool):
            case = by_prompt[(ex.case_text, ex.question)]
            if case.id in (item.id, src.id) or case.text in (item.text, src.text):
                leaks.append((item.id, case.id))
    return leaks


def test_sara_test_cases_never_see_a_sibling(sara):
    test = [c for c in sara.values() if c.split == "test"]
    train = [c for c in sara.values() if c.split == "train"]
    # the leak is real: test cases whose text a train case shares
    assert len([c for c in test if any(t.text == c.text for t in train)]) == 25
    source = ExemplarSource(test, K)
    assert _leaks(test, source, sara) == []
    assert all(len(select_exemplars(c.text, c.kind, K, source.excluded, source.pool)) == K for c in test)


def test_sara_plus_splits_never_see_their_source(plus, sara):
    refused = []
    for split, items in plus.items():
        assert all(i.source_id in sara for i in items)
        try:
            source = ExemplarSource(items, K)
        except ExemplarError as exc:  # every source of the task is evaluated: refused, never zero exemplars
            assert "unrelated to the evaluated items" in str(exc)
            refused.append(split)
            continue
        assert _leaks(items, source, sara) == [], split
    # splits holding every case of a task (sara_n: all 100 numeric cases) leave no exemplar
    assert "sara_n" in refused and set(refused) != set(SPLITS)


def test_sara_plus_under_holdout_uses_the_held_out_cases(plus, sara):
    held = held_out(list(sara.values()))
    pool = [c for cs in held.values() for c in cs]
    for split, items in plus.items():
        kept = without_held_out(items, held)
        assert len(kept) < len(items) or not any(i.source_id in {c.id for c in pool} for i in items)
        source = ExemplarSource(kept, K, pool)
        assert _leaks(kept, source, sara) == [], split
        assert all({e.case_text for e in select_exemplars(i.text, i.kind, K, source.excluded, pool)}
                   == {c.text for c in held[i.kind]} for i in kept)


def test_split_all_uses_the_held_out_set_or_refuses(sara_data_dir):
    from taxlogic.eval.benchmarks import load_dataset

    ds = load_dataset("sara", "all")
    with pytest.raises(ExemplarError, match="only 0 entailment"):
        ExemplarSource(ds.items, K)
    pool = apply_holdout(ds, "paper")
    assert len(ds.items) == 368 and len(pool) == 8
    ExemplarSource(ds.items, K, pool)  # no error: the held-out cases are unrelated to every evaluated item
