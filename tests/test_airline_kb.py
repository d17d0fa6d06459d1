"""The airline KB (American Airlines bag fees, RuleArena) on real SWI-Prolog.

Hand-checked bags (fees worked out by hand from reference_rules.txt and the fee tables), the
CSV tables as loaded, and every gold record of RuleArena's 300 airline problems. Skipped when
RuleArena's data is not found (TAXLOGIC_RULEARENA_DIR, <data_dir>/rulearena, ../shared/rulearena).
"""

from __future__ import annotations

import csv

import pytest

from taxlogic.kb.airline import (
    airline_gold_check,
    airline_rules,
    bag_fees,
    fee_tables_dir,
    info_to_facts,
    name_atom,
    prepare_kb,
    rulearena_root,
    unpriced_reasons,
)
from taxlogic.kb.datafiles import DataError
from taxlogic.tools.engine import Engine, Job

CARRY_ON = "item(1, backpack, 20, 13, 8, 9).\n"  # fits 22 x 14 x 9: carried on, never charged


@pytest.fixture(scope="module")
def airline():
    try:
        return airline_rules()
    except DataError as exc:
        pytest.skip(str(exc))


@pytest.fixture(scope="module")
def eng(airline):
    with Engine(airline, workers=2) as e:
        yield e


def trip(cls: str, route: str, price: int, *items: str, carry_on: bool = True) -> str:
    lines = [f"customer_class({cls}).", f"route({route}).", f"ticket_price({price})."]
    return "\n".join(lines) + "\n" + (CARRY_ON if carry_on else "") + "".join(i + "\n" for i in items)


def total(eng, facts: str):
    out = eng.run(Job(facts=facts, query="total_cost(X)", mode="first", var="X"))
    assert out.ok, out.summary()
    return out.numbers[0] if out.numbers else None


def value(eng, query: str, facts: str = "") -> str:
    out = eng.run(Job(facts=facts, query=query, mode="first", var="X"))
    assert out.status == "values", out.summary()
    return out.values[0]


def fees_by_id(eng, facts: str) -> dict:
    return {f["id"]: (f["number"], f["base"], f["oversize"], f["overweight"], f["fee"]) for f in bag_fees(eng, facts)}


# ----------------------------------------------------------------------------- the fee tables


def _csv_cells(tables):
    for n in range(1, 5):
        for direction, name in (("departing_us", "0.csv"), ("arriving_us", "1.csv")):
            with open(tables / f"bag_{n}" / name, encoding="utf-8-sig", newline="") as fh:
                rows = list(csv.reader(fh))
            classes = [name_atom(c) for c in rows[0][1:]]
            for row in rows[1:]:
                for cls, cell in zip(classes, row[1:]):
                    yield (n, direction, name_atom(row[0]), cls, int(cell))


def test_fee_tables_are_the_csv_cells(eng):
    expected = sorted(_csv_cells(fee_tables_dir()))
    text = value(eng, "findall(f(N,D,R,C,F), fee_table(N,D,R,C,F), X)")
    got = sorted(
        (int(n), d, r, c, int(f))
        for n, d, r, c, f in (m.split(",") for m in text.replace(" ", "")[3:-2].split("),f("))
    )
    assert len(expected) == 984
    assert got == expected


def test_main_plus_rule_agrees_with_the_tables_main_plus_column(eng):
    # KB: "Main Plus includes 1 extra free checked bag in addition to the Main Cabin allowance
    # (max of 2)", applied to the Main Cabin column; the CSVs also carry a Main Plus column.
    q = ("findall(T-D-R-F-G, ( fee_table(T, D, R, main_plus, F), class_base_fee(main_plus, T, D, R, G),"
         " F =\\= G ), X)")
    assert value(eng, q) == "[]"


def test_free_bag_numbers_come_first_in_every_table(eng):
    # The bag order argument (checked_bags/1) needs $0 numbers to be a prefix.
    q = "findall(T-D-R-C, ( fee_table(T, D, R, C, F), F > 0, T1 is T + 1, fee_table(T1, D, R, C, 0) ), X)"
    assert value(eng, q) == "[]"


def test_names_in_python_and_prolog_agree(eng):
    for pred in ("region_name", "class_name"):
        pairs = value(eng, f"findall(A-N, {pred}(A, N), X)")
        for part in pairs.strip("[]").split(","):
            atom, _, name = part.partition("-")
            assert name_atom(name.strip("'")) == atom


# ------------------------------------------------------------------------------- carry-on


def test_carry_on_and_personal_item_are_free(eng):
    # Domestic Main Cabin: 1st bag $40. Items 1 (carry-on size) and 3 (under-seat size) ride free.
    facts = trip("main_cabin", "us, us", 100,
                 "item(2, suitcase, 30, 20, 10, 40).", "item(3, handbag, 16, 10, 6, 4).")
    assert total(eng, facts) == 140
    assert value(eng, "findall(Id-As, carried_on(Id, As), X)", facts) == "[3-personal_item,1-carry_on]"


def test_nothing_fits_the_cabin_so_everything_is_checked(eng):
    facts = trip("main_cabin", "us, us", 100,
                 "item(1, suitcase, 30, 20, 10, 40).", "item(2, suitcase, 30, 20, 10, 40).", carry_on=False)
    assert total(eng, facts) == 100 + 40 + 45


# --------------------------------------------------------------------- oversize vs overweight


def test_oversize_and_overweight_only_the_higher_fee(eng):
    # Domestic Main Cabin 1st bag: base $40; 70 in -> oversize $200; 60 lbs -> overweight $100.
    facts = trip("main_cabin", "us, us", 100, "item(2, luggage_box, 40, 20, 10, 60).")
    assert fees_by_id(eng, facts) == {2: (1, 40, 200, 100, 240)}
    assert total(eng, facts) == 340
    # Europe Main Cabin 1st bag: $0, but Main Cabin's complimentary allowance is 50 lbs:
    # 63 in -> $30, 60 lbs -> $100: the overweight fee applies.
    facts = trip("main_cabin", "europe, us", 500, "item(2, luggage_box, 33, 20, 10, 60).")
    assert fees_by_id(eng, facts) == {2: (1, 0, 30, 100, 100)}
    assert total(eng, facts) == 600


def test_overweight_bands_and_region_fees(eng):
    # Basic Economy to Japan: bags 1-2 $75/$100, 3rd+ $200. 52 lbs -> $30; 60 -> $100; 80 -> $450.
    facts = trip("basic_economy", "us, japan", 900,
                 "item(2, suitcase, 30, 20, 10, 52).", "item(3, suitcase, 30, 20, 10, 60).",
                 "item(4, suitcase, 30, 20, 10, 80).")
    assert total(eng, facts) == 900 + (75 + 30) + (100 + 100) + (200 + 450)
    # Europe 70-100 lbs ("Not accepted" in the text): $200 as in RuleArena's gold; 90 in -> $150.
    facts = trip("basic_economy", "us, europe", 900, "item(2, suitcase, 40, 30, 20, 80).")
    assert fees_by_id(eng, facts) == {2: (1, 75, 150, 200, 275)}


def test_not_accepted_bags_have_no_total(eng):
    facts = trip("main_cabin", "us, us", 100, "item(2, suitcase, 30, 20, 10, 101).")
    assert total(eng, facts) is None
    assert "overweight_not_accepted(2,101)" in unpriced_reasons(eng, facts)
    facts = trip("main_cabin", "us, us", 100, "item(2, suitcase, 60, 40, 20, 40).")
    assert total(eng, facts) is None
    assert "oversize_not_accepted(2,120)" in unpriced_reasons(eng, facts)


# ------------------------------------------------------------------------- complimentary bags


def test_business_complimentary_bags_with_70_lb_allowance(eng):
    # Domestic Business: bags 1 and 2 free (70 lbs allowed), bag 3 $150 (50 lbs allowed).
    # Listed order B (40 lbs), A (62 lbs), C (68 lbs): the free numbers go to A and C, which
    # would otherwise pay $100 overweight each; B pays the third-bag fee only.
    facts = trip("business", "us, us", 300,
                 "item(2, suitcase, 30, 20, 10, 40).", "item(3, suitcase, 30, 20, 10, 62).",
                 "item(4, suitcase, 30, 20, 10, 68).")
    assert fees_by_id(eng, facts) == {3: (1, 0, 0, 0, 0), 4: (2, 0, 0, 0, 0), 2: (3, 150, 0, 0, 150)}
    assert total(eng, facts) == 450


def test_first_class_third_bag_free_abroad(eng):
    # First to Europe: 1st-3rd bags free, 4th $200; 68 lbs free within 70 lbs.
    facts = trip("first", "us, europe", 2000, *(f"item({i}, suitcase, 30, 20, 10, 68)." for i in (2, 3, 4, 5)))
    assert total(eng, facts) == 2000 + 200 + 100  # 4th bag: base $200 + overweight $100
    # First domestic: the 3rd bag pays $150.
    facts = trip("first", "us, us", 400, *(f"item({i}, suitcase, 30, 20, 10, 40)." for i in (2, 3, 4)))
    assert total(eng, facts) == 400 + 150


def test_premium_economy_free_bags_keep_50_lb_allowance(eng):
    facts = trip("premium_economy", "us, us", 200, "item(2, suitcase, 30, 20, 10, 60).")
    assert fees_by_id(eng, facts) == {2: (1, 0, 0, 100, 100)}


def test_main_plus_extra_free_bag(eng):
    # Domestic Main Plus: 1 free bag (Main Cabin 0 + 1), 2nd $45. To Europe: 2 free (max of 2).
    facts = trip("main_plus", "us, us", 200, "item(2, suitcase, 30, 20, 10, 40).", "item(3, suitcase, 30, 20, 10, 40).")
    assert total(eng, facts) == 245
    facts = trip("main_plus", "us, europe", 800, *(f"item({i}, suitcase, 30, 20, 10, 40)." for i in (2, 3, 4)))
    assert total(eng, facts) == 800 + 200


def test_australia_complimentary_allowance_for_all_cabins(eng):
    # Main Cabin to Australia: 1st bag free with 70 lbs allowed; 2nd bag $100 with 50 lbs.
    facts = trip("main_cabin", "us, australia", 1500,
                 "item(2, suitcase, 30, 20, 10, 65).", "item(3, suitcase, 30, 20, 10, 65).")
    assert total(eng, facts) == 1500 + 0 + (100 + 100)


# ------------------------------------------------------------------------------- directions


def test_both_directions_cuba(eng):
    bags = ("item(2, suitcase, 30, 20, 10, 40).", "item(3, suitcase, 30, 20, 10, 40).")
    # To Cuba, Basic Economy: $35 + $150. From Cuba: both free.
    assert total(eng, trip("basic_economy", "us, cuba", 300, *bags)) == 300 + 35 + 150
    assert total(eng, trip("basic_economy", "cuba, us", 300, *bags)) == 300
    # 53-70 lbs to / from Cuba: $200 overweight (both directions).
    heavy = ("item(2, suitcase, 30, 20, 10, 60).",)
    assert total(eng, trip("basic_economy", "us, cuba", 300, *heavy)) == 300 + 35 + 200
    assert total(eng, trip("basic_economy", "cuba, us", 300, *heavy)) == 300 + 0 + 200


def test_direction_from_route(eng):
    assert value(eng, "trip(R, D), X = R-D", "route(us, china).\n") == "china-departing_us"
    assert value(eng, "trip(R, D), X = R-D", "route(china, us).\n") == "china-arriving_us"
    assert value(eng, "trip(R, D), X = R-D", "route(us, us).\n") == "us-departing_us"


# ------------------------------------------------------------------------------------ caps


def test_fourth_bag_table_prices_every_later_bag(eng):
    # Domestic Main Cabin: $40, $45, $150, then $200 for the 4th, 5th and 6th bags.
    facts = trip("main_cabin", "us, us", 100, *(f"item({i}, suitcase, 30, 20, 10, 40)." for i in range(2, 8)))
    assert total(eng, facts) == 100 + 40 + 45 + 150 + 200 * 3


def test_route_cap_cuba_tables_stop_at_two_bags(eng):
    # The fee tables have no Cuba row for a 3rd or later bag: two bags are priced, three are not.
    two = trip("main_cabin", "us, cuba", 300, *(f"item({i}, suitcase, 30, 20, 10, 40)." for i in (2, 3)))
    three = trip("main_cabin", "us, cuba", 300, *(f"item({i}, suitcase, 30, 20, 10, 40)." for i in (2, 3, 4)))
    assert total(eng, two) == 300 + 0 + 150
    assert total(eng, three) is None
    assert "no_base_fee(4,3,cuba,departing_us,main_cabin)" in unpriced_reasons(eng, three)


def test_missing_facts_are_explained(eng):
    assert total(eng, "item(2, suitcase, 30, 20, 10, 40).\n") is None
    reasons = unpriced_reasons(eng, "route(canada, mexico).\n")
    assert reasons == ["no_ticket_price", "no_customer_class", "route_without_us(canada,mexico)"]


# ------------------------------------------------------------------------- translation, gold


def test_info_to_facts():
    info = {"base_price": 180, "customer_class": "Main Cabin", "routine": "South Korea", "direction": 1,
            "bag_list": [{"id": 1, "name": "backpack", "size": [22, 13, 6], "weight": 10},
                         {"id": 2, "name": "luggage box", "size": [44, 22, 20], "weight": 69.5}]}
    assert info_to_facts(info) == (
        "customer_class(main_cabin).\nroute(south_korea, us).\nticket_price(180).\n"
        "item(1, backpack, 22, 13, 6, 10).\nitem(2, luggage_box, 44, 22, 20, 69.5).\n"
    )
    assert "route(us, europe)." in info_to_facts({**info, "routine": "Europe", "direction": 0})


def test_vocabulary_is_the_fact_predicates(airline):
    vocab = airline.vocabulary
    assert vocab.base == {"customer_class": {1}, "route": {2}, "ticket_price": {1}, "item": {6}}


def test_prepared_kb_folder(airline, tmp_path, monkeypatch):
    tables = fee_tables_dir()
    a = prepare_kb(tables, tmp_path)
    assert prepare_kb(tables, tmp_path) == a
    assert (a / "init.pl").is_file() and (a / "baggage.pl").is_file()
    assert str(tables) in (a / "paths.pl").read_text()
    monkeypatch.setenv("TAXLOGIC_RULEARENA_DIR", str(tmp_path / "nowhere"))
    with pytest.raises(DataError):
        rulearena_root()
    monkeypatch.setenv("TAXLOGIC_RULEARENA_DIR", str(tables.parents[1]))
    assert rulearena_root() == tables.parents[1]


def test_all_300_gold_records(eng):
    try:
        total_n, correct, failures = airline_gold_check(engine=eng)
    except DataError as exc:
        pytest.skip(str(exc))
    assert failures == []
    assert (total_n, correct) == (300, 300)
