"""Direct QA baseline (appendix A.1.3): messages and tolerant-but-strict reply parsing."""

from __future__ import annotations

import pytest
from langchain_core.messages import HumanMessage, SystemMessage

from taxlogic.eval.methods.direct import (
    STATUTE_ORDER,
    DirectAnswer,
    DirectParse,
    direct_messages,
    parse_direct_answer,
    statute_text,
)
from taxlogic.kb.sara.data.install import sara_paths
from taxlogic.prompts import load


# ------------------------------------------------------------------------------------ messages


@pytest.mark.parametrize("kind", ["numeric", "entailment"])
def test_direct_messages(kind):
    msgs = direct_messages("Alice earned $5 in 2017.", "How much tax does Alice have to pay in 2017?", kind, "§1. Tax imposed")
    assert [type(m) for m in msgs] == [SystemMessage, HumanMessage]
    assert msgs[0].content == load("direct_system")
    user = msgs[1].content
    assert "[STATUTE]\n§1. Tax imposed\n\n[CASE]\nAlice earned $5 in 2017.\n\n" in user
    label = "[QUESTION]" if kind == "numeric" else "[CLAIM]"
    assert f"{label}\nHow much tax does Alice have to pay in 2017?" in user
    assert user.index("[STATUTE]") < user.index("[CASE]")
    assert "{" not in user.replace("JSON", "")  # no unfilled placeholder


def test_direct_messages_bad_kind():
    with pytest.raises(ValueError):
        direct_messages("c", "q", "tax", "s")


def test_statute_text_order(sara_data_dir):
    source = sara_paths(sara_data_dir).statutes_source
    text = statute_text(source)
    heads = [text.index((source / f"section{n}").read_text().strip("\n")[:40]) for n in STATUTE_ORDER]
    assert heads == sorted(heads)
    assert text.startswith("§1. Tax imposed")
    assert STATUTE_ORDER == ("1", "2", "63", "68", "151", "152", "3301", "3306", "7703")


def test_statute_text_missing_file(tmp_path):
    (tmp_path / "section1").write_text("one")
    with pytest.raises(FileNotFoundError, match="section2"):
        statute_text(tmp_path)


def test_direct_answer_schema():
    a = DirectAnswer(reasoning="r", final_answer=1234, confidence=0.8)
    assert a.final_answer == 1234
    assert DirectAnswer(reasoning="r", final_answer="Entailment", confidence=1).final_answer == "Entailment"
    with pytest.raises(ValueError):
        DirectAnswer(reasoning="r", final_answer=1, confidence=1.5)
    with pytest.raises(ValueError):
        DirectAnswer(reasoning="r", final_answer="Maybe", confidence=0.5)


def test_direct_parse_exactly_one():
    with pytest.raises(ValueError):
        DirectParse()
    with pytest.raises(ValueError):
        DirectParse(answer=1, invalid_reason="x")


# ------------------------------------------------------------------------------------- parsing

VALID = [
    # (reply, kind, expected answer)
    ('{"reasoning": "r", "final_answer": 1234, "confidence": 0.9}', "numeric", 1234),
    ('```json\n{"reasoning": "r", "final_answer": 1234, "confidence": 0.9}\n```', "numeric", 1234),
    ('```\n{"final_answer": 77}\n```', "numeric", 77),
    ('Here is my analysis.\n{"reasoning": "x", "final_answer": 5535}\nLet me know!', "numeric", 5535),
    ('{"final_answer": "1,234"}', "numeric", 1234),
    ('{"final_answer": "$1,234"}', "numeric", 1234),
    ('{"final_answer": "$1,234.50"}', "numeric", 1235),
    ('{"final_answer": "1234 dollars"}', "numeric", 1234),
    ('{"final_answer": 1234.5}', "numeric", 1235),  # 0.5 rounds up
    ('{"final_answer": 1234.49}', "numeric", 1234),
    ('{"final_answer": 1234.0}', "numeric", 1234),
    ('{"final_answer": "-$12"}', "numeric", -12),
    ('{"final_answer": 0}', "numeric", 0),
    ('{"final_answer": 1e5}', "numeric", 100000),
    ('{"reasoning": "uses {braces} and \\"quotes\\"", "final_answer": 10}', "numeric", 10),
    ('{"final_answer": 3,}', "numeric", 3),  # trailing comma
    ("{'final_answer': 12, 'confidence': 0.5}", "numeric", 12),  # Python-style dict
    ('{"Final Answer": 9}', "numeric", 9),
    ('{"response": {"final_answer": 8}}', "numeric", 8),
    ('<think>maybe {"final_answer": 1}</think>\n{"final_answer": 2}', "numeric", 2),
    ('{"final_answer": 1} wait, correcting: {"final_answer": 2}', "numeric", 2),  # last one wins
    ('{"final_answer": "Entailment"}', "entailment", "Entailment"),
    ('{"final_answer": "ENTAILMENT"}', "entailment", "Entailment"),
    ('{"final_answer": "ENTAILED"}', "entailment", "Entailment"),
    ('{"final_answer": "entailment."}', "entailment", "Entailment"),
    ('{"final_answer": "Contradicted"}', "entailment", "Contradiction"),
    ('Sure.\n```json\n{"reasoning": "no", "final_answer": "contradiction", "confidence": 0.7}\n```', "entailment", "Contradiction"),
]


@pytest.mark.parametrize("reply,kind,expected", VALID)
def test_parse_valid(reply, kind, expected):
    p = parse_direct_answer(reply, kind)
    assert p.valid, p.invalid_reason
    assert p.answer == expected
    assert type(p.answer) is type(expected)
    assert p.invalid_reason is None


INVALID = [
    # (reply, kind, fragment of the reason)
    ("", "numeric", "empty"),
    ("   \n ", "entailment", "empty"),
    ("garbage", "numeric", "no JSON object"),
    ("The answer is 1234.", "numeric", "no JSON object"),
    ("{not json at all}", "numeric", "no JSON object"),
    ('{"final_answer": 12', "numeric", "no JSON object"),  # truncated
    ('{"reasoning": "x", "confidence": 0.5}', "numeric", "no 'final_answer'"),
    ('{"final_answer": null}', "numeric", "null"),
    ('{"final_answer": "about 1200"}', "numeric", "not a number"),
    ('{"final_answer": "1200-1300"}', "numeric", "not a number"),
    ('{"final_answer": "1,23"}', "numeric", "not a number"),
    ('{"final_answer": "N/A"}', "numeric", "not a number"),
    ('{"final_answer": true}', "numeric", "boolean"),
    ('{"final_answer": NaN}', "numeric", "finite"),
    ('{"final_answer": [1234]}', "numeric", "list"),
    ('{"final_answer": "Entailment"}', "numeric", "not a number"),
    ('{"final_answer": 1}', "entailment", "not 'Entailment' or 'Contradiction'"),
    ('{"final_answer": "Yes"}', "entailment", "not 'Entailment' or 'Contradiction'"),
    ('{"final_answer": "not entailed"}', "entailment", "not 'Entailment' or 'Contradiction'"),
    ('{"final_answer": "Entailment or Contradiction"}', "entailment", "not 'Entailment' or 'Contradiction'"),
    ('{"final_answer": null}', "entailment", "null"),
    ('<think>{"final_answer": 5}', "numeric", "empty"),  # unterminated thinking, nothing after
]


@pytest.mark.parametrize("reply,kind,fragment", INVALID)
def test_parse_invalid(reply, kind, fragment):
    p = parse_direct_answer(reply, kind)
    assert not p.valid
    assert p.answer is None
    assert p.invalid_reason and fragment in p.invalid_reason


@pytest.mark.parametrize("reply", [None, 42, b"{}", object()])
def test_parse_never_raises_on_non_text(reply):
    p = parse_direct_answer(reply, "numeric")  # type: ignore[arg-type]
    assert not p.valid and p.invalid_reason


def test_parse_unknown_kind():
    p = parse_direct_answer('{"final_answer": 1}', "tax")  # type: ignore[arg-type]
    assert not p.valid and "kind" in p.invalid_reason


def test_parse_keeps_reasoning_and_confidence():
    p = parse_direct_answer('{"reasoning": "because", "final_answer": "Entailment", "confidence": 0.85}', "entailment")
    assert (p.answer, p.reasoning, p.confidence) == ("Entailment", "because", 0.85)
    q = parse_direct_answer('{"final_answer": 3, "confidence": 7}', "numeric")
    assert q.answer == 3 and q.confidence is None  # out of range confidence dropped, answer kept
    r = parse_direct_answer('{"final_answer": 3, "confidence": "90%"}', "numeric")
    assert r.confidence == pytest.approx(0.9)
    s = parse_direct_answer('{"final_answer": "Yes", "reasoning": "r"}', "entailment")
    assert not s.valid and s.reasoning == "r"
