"""The contamination quiz (eval/experiments/contamination.py, cli/contamination.py) with scripted fake models."""

from __future__ import annotations

import json
import random
import re
from types import SimpleNamespace
from typing import Any, Callable

import pytest
import typer
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage
from langchain_core.outputs import ChatGeneration, ChatResult
from typer.testing import CliRunner

from taxlogic.eval.experiments.contamination import (
    CHANCE,
    ContaminationError,
    Instance,
    bcq_item,
    bdq_item,
    format_instance,
    kappa,
    llm_perturbations,
    non_preferred_positions,
    parse_perturbation_reply,
    parse_quiz_answer,
    quiz_messages,
    run_contamination,
    select_cases,
)
from taxlogic.eval.benchmarks.sara_plus.paraphrase import check_perturbation, perturbations
from taxlogic.prompts import load

# ------------------------------------------------------------------------------- scripted models


class Scripted(BaseChatModel):
    """A chat model whose reply is ``policy(messages)``; counts its calls."""

    policy: Any
    calls: int = 0

    @property
    def _llm_type(self) -> str:
        return "scripted"

    def _generate(self, messages: list[BaseMessage], stop=None, run_manager=None, **kwargs) -> ChatResult:
        self.calls += 1
        return ChatResult(generations=[ChatGeneration(message=AIMessage(self.policy(messages)))])


def scripted(policy: Callable[[list[BaseMessage]], str]) -> Scripted:
    return Scripted(policy=policy, cache=False)


_OPTION = re.compile(r"(?:^|\n\n)([A-D])\) (.*?)(?=\n\n[B-E]\) )", re.S)


def options_of(messages: list[BaseMessage]) -> dict[str, str]:
    return dict(_OPTION.findall(messages[-1].content))


def answer(letter: str) -> str:
    return json.dumps({"answer": letter})


def verbatim_picker(originals: set[str]):
    def policy(messages):
        for letter, text in options_of(messages).items():
            if text in originals:
                return answer(letter)
        return answer("E")
    return policy


def random_picker(seed: int):
    rng = random.Random(seed)
    return lambda messages: answer(rng.choice("ABCDE"))


# ------------------------------------------------------------------------------------ instances

_PEOPLE = ["Alice", "Bob", "Charlie", "Dorothy", "Emily", "Fred", "George", "Harold"]


def synthetic(n: int, seed: int = 0) -> list[Instance]:
    """SARA-like numeric instances with plenty of swap sites for the offline paraphraser."""
    rng = random.Random(seed)
    out = []
    for i in range(n):
        who = rng.choice(_PEOPLE)
        year = rng.randint(2010, 2020)
        text = (
            f"Text: In {year}, {who} was paid ${rng.randint(1000, 200000)}. {who} lived in the same home for {year}. "
            f"In {year}, {who} takes the standard deduction and furnished the costs of the home.\n"
            f"Question: How much tax does {who} have to pay in {year}?\n"
            f"Answer: ${rng.randint(0, 50000)}"
        )
        out.append(Instance(f"syn_{i:04d}", "numeric", text, "test"))
    return out


# --------------------------------------------------------------------------------- formatting


def test_format_instance_matches_the_paper():
    case = SimpleNamespace(
        id="s151_d_1_neg", kind="entailment", expected="Contradiction", split="train",
        text="Alice is entitled to an exemption under section 151(b) for the year 2015.",
        question="Alice's exemption amount under section 151(d)(1) is equal to $0",
    )
    assert format_instance(case) == (
        "Text: Alice is entitled to an exemption under section 151(b) for the year 2015.\n"
        "Question: Alice's exemption amount under section 151(d)(1) is equal to $0\n"
        "Answer: Contradiction"
    )
    num = SimpleNamespace(id="tax_case_1", kind="numeric", expected=8710, split="test", text="Alice earned $1.",
                          question="How much tax does Alice have to pay in 2017?")
    assert format_instance(num).endswith("\nAnswer: $8710")


def test_format_instance_numeric_as_in_sara(sara_data_dir):
    from taxlogic.kb.sara.data.cases import load_cases
    from taxlogic.kb.sara.data.install import sara_paths

    case = next(c for c in load_cases(kind="numeric"))
    raw = (sara_paths().cases / f"{case.id}.pl").read_text()
    written = re.search(r"\?\s*(\$[\d,]+)\s*$", raw.split("% Facts")[0], re.M).group(1)
    assert format_instance(case).endswith(f"\nAnswer: {written}")


def test_select_cases_is_seeded_and_sorted():
    cases = [SimpleNamespace(id=f"c{i:03d}") for i in range(50)]
    a = select_cases(cases, 10, seed=1)
    assert [c.id for c in a] == sorted(c.id for c in a) and len(a) == 10
    assert [c.id for c in a] == [c.id for c in select_cases(cases, 10, seed=1)]
    assert [c.id for c in a] != [c.id for c in select_cases(cases, 10, seed=2)]
    assert len(select_cases(cases, 0)) == 50


# ------------------------------------------------------------------------------------ the quiz


def test_quiz_items_and_messages():
    inst = synthetic(1)[0]
    ps = perturbations(inst.text, random.Random(0))
    bdq = bdq_item(inst, ps)
    assert bdq.correct == "E" and list(bdq.options) == ps and bdq.key == f"bdq:-:{inst.id}"
    for i, p in enumerate("ABCD"):
        item = bcq_item(inst, ps, p)
        assert item.correct == p and item.options[i] == inst.text
        assert [o for j, o in enumerate(item.options) if j != i] == [o for j, o in enumerate(ps) if j != i]
    msgs = quiz_messages(bdq.options, "numeric")
    assert "an instance from the numeric split of the SARA dataset" in msgs[0].content
    assert msgs[0].content.startswith(load("quiz_system").split("{split_name}")[0])
    assert options_of(msgs) == dict(zip("ABCD", ps))
    assert "E) None of the provided options." in msgs[1].content
    with pytest.raises(ValueError):
        bcq_item(inst, ps, "E")


@pytest.mark.parametrize("reply,letter", [
    ('{"answer": "A"}', "A"),
    ('  {"answer":"E"}\n', "E"),
    ('```json\n{"answer": "C"}\n```', "C"),
    ('{"answer": "a"}', None),
    ('{"answer": "A)"}', None),
    ('{"answer": "F"}', None),
    ('{"answer": 1}', None),
    ('{"answer": "A", "why": "x"}', None),
    ('{"answer": "A", "answer": "B"}', None),
    ('The answer is {"answer": "B"}', None),
    ('{"answer": "B"} {"answer": "C"}', None),
    ("B", None),
    ("", None),
    ('["A"]', None),
])
def test_parse_quiz_answer_strict(reply, letter):
    parsed = parse_quiz_answer(reply)
    assert parsed.letter == letter
    assert (parsed.invalid is None) == (letter is not None)


def test_kappa_and_positions():
    assert kappa(1.0, 0.0) == 1.0
    assert kappa(0.2, 0.2) == 0.0
    assert kappa(0.5, 0.2) == pytest.approx(0.375)
    assert kappa(None, 0.1) is None and kappa(0.5, 1.0) is None
    assert CHANCE == pytest.approx(0.2)
    assert non_preferred_positions({"A": 0.9, "B": 0.05, "C": 0.0, "D": 0.05}) == (["B", "C", "D"], "below_chance")
    # none below chance (the model never answers E): the least chosen position(s)
    assert non_preferred_positions({"A": 0.3, "B": 0.2, "C": 0.3, "D": 0.2}) == (["B", "D"], "least_preferred")
    assert non_preferred_positions({"A": None, "B": None, "C": None, "D": None}) == ([], "no_bdq")


# ---------------------------------------------------------------------------- κ with fake models


def test_always_verbatim_gives_kappa_one(tmp_path):
    insts = synthetic(40)
    model = scripted(verbatim_picker({i.text for i in insts}))
    s = run_contamination(model, insts, tmp_path, model_name="oracle")
    assert s["quizzed"] == 40 and s["skipped"] == 0 and s["complete"]
    assert s["bdq"]["distribution"]["E"] == 1.0
    assert s["bdq"]["non_preferred"] == ["A", "B", "C", "D"]
    assert [b["p_o"] for b in s["bcq"]] == [1.0] * 4
    assert s["kappa"] == pytest.approx(1.0)
    assert s["min_contamination"] == pytest.approx(1.0) and s["max_contamination"] == pytest.approx(1.0)
    assert model.calls == 40 * 5
    assert json.loads((tmp_path / "summary.json").read_text())["kappa"] == pytest.approx(1.0)


def test_uniform_random_gives_kappa_near_zero(tmp_path):
    insts = synthetic(400)
    s = run_contamination(scripted(random_picker(7)), insts, tmp_path, model_name="dice")
    assert s["quizzed"] == 400
    for p in "ABCDE":
        assert abs(s["bdq"]["distribution"][p] - 0.2) < 0.07
    assert s["bcq"], "some position falls below chance by noise"
    for b in s["bcq"]:
        assert b["p_e"] < CHANCE
        assert abs(b["p_o"] - 0.2) < 0.07
    assert abs(s["kappa"]) < 0.12
    assert abs(s["min_contamination"]) < 0.12 and abs(s["max_contamination"]) < 0.12
    # raw BCQ accuracy beside κ: chance-level, and never the κ values (p_e > 0 here)
    assert s["min_bcq_accuracy"] == min(b["p_o"] for b in s["bcq"]) and s["max_bcq_accuracy"] == max(b["p_o"] for b in s["bcq"])
    assert s["max_bcq_accuracy"] > s["max_contamination"]


def test_always_a_shows_bias_and_bcq_corrects_it(tmp_path):
    insts = synthetic(30)
    s = run_contamination(scripted(lambda m: answer("A")), insts, tmp_path, model_name="always-a")
    dist = s["bdq"]["distribution"]
    assert dist["A"] == 1.0 and dist["E"] == 0.0  # the BDQ exposes the bias
    assert s["bdq"]["non_preferred"] == ["B", "C", "D"]  # A is preferred, so no BCQ split puts the answer there
    assert [b["position"] for b in s["bcq"]] == ["B", "C", "D"]
    assert all(b["p_o"] == 0.0 and b["kappa"] == 0.0 for b in s["bcq"])
    assert s["kappa"] == 0.0 and s["min_contamination"] == 0.0 and s["max_contamination"] == 0.0
    # had the verbatim option been put at A, the bias alone would have scored 100 %
    records = [json.loads(l) for l in (tmp_path / "records.jsonl").read_text().splitlines()]
    assert not any(r["quiz"] == "bcq" and r["position"] == "A" for r in records)


def test_invalid_answers_counted_not_raised(tmp_path):
    insts = synthetic(20)
    replies = iter(['{"answer": "A"}', "I think it is B.", '{"answer": "e"}', '{"answer": "E"}'] * 100)
    s = run_contamination(scripted(lambda m: next(replies)), insts, tmp_path, model_name="sloppy")
    assert s["complete"]
    records = [json.loads(l) for l in (tmp_path / "records.jsonl").read_text().splitlines()]
    invalid = [r for r in records if r["answer"] is None]
    assert invalid and all(r["invalid"] for r in invalid)
    assert s["invalid_answers"]["total"] == len(invalid)
    assert s["invalid_answers"]["bdq"] == s["bdq"]["counts"]["invalid"] == 10
    assert s["bdq"]["distribution"]["invalid"] == 0.5
    assert s["invalid_answers"]["bcq"] == sum(b["invalid"] for b in s["bcq"])


# ---------------------------------------------------------------------------------- resumption


class Boom(RuntimeError):
    pass


def test_resume_gives_the_same_files(tmp_path):
    insts = synthetic(25)
    originals = {i.text for i in insts}
    full = tmp_path / "full"
    run_contamination(scripted(random_picker(3)), insts, full, model_name="m")

    # the same policy state, interrupted after 37 answers (inside the BCQ phase)
    rng_policy = random_picker(3)
    count = {"n": 0}

    def flaky(messages):
        count["n"] += 1
        if count["n"] > 37:
            raise Boom("connection lost")
        return rng_policy(messages)

    part = tmp_path / "part"
    with pytest.raises(Boom):
        run_contamination(scripted(flaky), insts, part, model_name="m")
    lines = (part / "records.jsonl").read_text().splitlines()
    assert len(lines) == 37
    # a crash in the middle of writing a line: the half line is dropped on resume
    with open(part / "records.jsonl", "a") as fh:
        fh.write('{"key": "bcq:B:syn_0')
    resumed = scripted(lambda m: rng_policy(m))
    s = run_contamination(resumed, insts, part, model_name="m")
    assert s["complete"]
    assert (part / "records.jsonl").read_bytes() == (full / "records.jsonl").read_bytes()
    assert (part / "perturbations.jsonl").read_bytes() == (full / "perturbations.jsonl").read_bytes()
    assert json.loads((part / "summary.json").read_text())["kappa"] == json.loads((full / "summary.json").read_text())["kappa"]

    # a finished run re-run asks nothing
    again = scripted(verbatim_picker(originals))
    run_contamination(again, insts, part, model_name="m")
    assert again.calls == 0


def test_concurrent_run_matches_sequential(tmp_path):
    insts = synthetic(30)
    picker = verbatim_picker({i.text for i in insts})
    seq = run_contamination(scripted(picker), insts, tmp_path / "seq", model_name="m")
    par = run_contamination(scripted(picker), insts, tmp_path / "par", model_name="m", concurrency=4)
    for key in ("kappa", "min_contamination", "max_contamination", "bdq", "bcq", "quizzed"):
        assert seq[key] == par[key]
    lines = lambda d: sorted((d / "records.jsonl").read_text().splitlines())  # noqa: E731
    assert lines(tmp_path / "seq") == lines(tmp_path / "par")


def test_resume_with_other_model_is_refused(tmp_path):
    insts = synthetic(3)
    run_contamination(scripted(lambda m: answer("E")), insts, tmp_path, model_name="m1")
    with pytest.raises(ContaminationError, match="model 'm1'"):
        run_contamination(scripted(lambda m: answer("E")), insts, tmp_path, model_name="m2")
    with pytest.raises(ContaminationError, match="seed"):
        run_contamination(scripted(lambda m: answer("E")), insts, tmp_path, model_name="m1", seed=5)


def test_extending_the_selection_reuses_work(tmp_path):
    insts = synthetic(12)
    m1 = scripted(lambda m: answer("E"))
    run_contamination(m1, insts[:6], tmp_path, model_name="m")
    m2 = scripted(lambda m: answer("E"))
    s = run_contamination(m2, insts, tmp_path, model_name="m")
    assert s["quizzed"] == 12 and s["complete"]
    assert m2.calls == 6 * 5  # only the six new instances (BDQ + four BCQ splits each)


# ----------------------------------------------------------------------------- LLM perturbations


def _reply(texts: list[str]) -> str:
    return json.dumps({"perturbations": [{"text": t, "changes": ["x -> y"]} for t in texts]})


def test_parse_perturbation_reply_strict():
    good = ["a", "b", "c", "d"]
    assert parse_perturbation_reply(_reply(good)) == good
    assert parse_perturbation_reply("```json\n" + _reply(good) + "\n```") == good
    bad = [
        "Here you go: " + _reply(good),
        json.dumps({"perturbations": [{"text": t, "changes": []} for t in good[:3]]}),
        json.dumps({"perturbations": [{"text": t} for t in good]}),
        json.dumps({"perturbations": [{"text": t, "changes": [], "note": 1} for t in good]}),
        json.dumps({"perturbations": [{"text": t, "changes": []} for t in good], "extra": 1}),
        json.dumps({"perturbations": [{"text": 1, "changes": []} for t in good]}),
        json.dumps([good]),
        "",
    ]
    for text in bad:
        with pytest.raises(ValueError):
            parse_perturbation_reply(text)


def test_llm_perturbations_checked_and_retried():
    inst = synthetic(1)[0]
    good = perturbations(inst.text, random.Random(1), k=4)
    year = re.search(r"In (\d{4})", inst.text).group(1)
    bad_number = inst.text.replace(f"In {year}", f"In {int(year) + 1}", 1)
    bad_name = inst.text.replace("Text: In", "Text: In", 1).replace(inst.text.split()[3].rstrip(","), "Zed", 1)
    bad_neg = inst.text.replace(" takes", " not", 1)
    turns = iter([_reply([good[0], bad_number, good[1], bad_neg]), _reply([good[0], good[2], bad_name, good[3]])])
    seen: list[list[BaseMessage]] = []

    def policy(messages):
        seen.append(messages)
        return next(turns)

    rec = llm_perturbations(scripted(policy), inst, source="llm:fake")
    assert rec.perturbations == [good[0], good[1], good[2], good[3]]
    assert rec.attempts == 2 and rec.skipped is None
    assert seen[0][0].content == load("perturb_system")
    assert "Input Text (verbatim; preserve formatting exactly):\n" + inst.text in seen[0][1].content
    retry = seen[1][-1].content
    assert "perturbation 2" in retry and "year" in retry and "perturbation 4" in retry and "negation" in retry
    assert any("duplicates" in r for r in rec.rejected)
    assert len(seen[1]) == 4  # system, user, the model's reply, the retry turn


def test_llm_perturbations_skipped_and_counted(tmp_path):
    insts = synthetic(4)
    bad = lambda m: "Sure! Here are four perturbations."  # noqa: E731
    quiz = scripted(lambda m: answer("E"))
    perturber = scripted(bad)
    s = run_contamination(quiz, insts, tmp_path, model_name="q", perturber=perturber, perturber_name="weak", tries=2)
    assert s["skipped"] == 4 and s["quizzed"] == 0 and s["kappa"] is None
    assert perturber.calls == 4 * 2 and quiz.calls == 0
    assert "only 0 of 4" in next(iter(s["skipped_reasons"]))
    assert s["perturber"] == "llm:weak"
    # cached: a resumed run does not regenerate them
    perturber2 = scripted(bad)
    run_contamination(quiz, insts, tmp_path, model_name="q", perturber=perturber2, perturber_name="weak")
    assert perturber2.calls == 0


def test_llm_perturbations_in_a_run(tmp_path):
    insts = synthetic(6)

    def perturb(messages):
        text = messages[1].content.split("preserve formatting exactly):\n", 1)[1].split("\n\nReturn ONLY", 1)[0]
        return _reply(perturbations(text, random.Random(text), k=4))

    perturber = scripted(perturb)
    s = run_contamination(scripted(verbatim_picker({i.text for i in insts})), insts, tmp_path,
                          model_name="q", perturber=perturber, perturber_name="good")
    assert s["quizzed"] == 6 and s["kappa"] == pytest.approx(1.0)
    for line in (tmp_path / "perturbations.jsonl").read_text().splitlines():
        rec = json.loads(line)
        assert rec["source"] == "llm:good" and rec["attempts"] == 1
        orig = next(i.text for i in insts if i.id == rec["instance"])
        assert all(check_perturbation(orig, p) == [] for p in rec["perturbations"])


# ------------------------------------------------------------------------------------------ CLI


@pytest.fixture
def cli_app(monkeypatch):
    from taxlogic.agent import llm
    from taxlogic.cli.contamination import contamination

    made: dict[str, Any] = {}

    def fake_chat_model(settings=None, *, model_name=None, **overrides):
        made.setdefault("models", []).append(model_name)
        return scripted(lambda m: answer("B"))

    monkeypatch.setattr(llm, "chat_model", fake_chat_model)
    app = typer.Typer()
    app.command("contamination")(contamination)
    app.command("noop")(lambda: None)  # keep "contamination" a sub-command
    return app, made


def test_cli_json_and_table(cli_app, sara_data_dir, tmp_path):
    app, made = cli_app
    runner = CliRunner(env={"COLUMNS": "200"})
    out = tmp_path / "runs" / "fake"
    args = ["contamination", "--model", "fake-model", "--split", "test", "--task", "entailment", "--limit", "8",
            "--perturber", "offline", "--out", str(out)]
    res = runner.invoke(app, args + ["--json"])
    assert res.exit_code == 0, res.output
    summary = json.loads(res.output)
    assert summary["model"] == "fake-model" and summary["instances"] == 8 and summary["perturber"] == "offline"
    assert summary["split"] == "test" and summary["task"] == "entailment" and summary["limit"] == 8
    assert summary["bdq"]["distribution"]["B"] == 1.0
    assert "B" not in summary["bdq"]["non_preferred"]
    assert made["models"] == ["fake-model"]
    assert json.loads((out / "summary.json").read_text())["model"] == "fake-model"

    res = runner.invoke(app, args)  # resumes: nothing left to ask; prints the tables
    assert res.exit_code == 0, res.output
    assert "Min Cont" in res.output and "Max Cont" in res.output and "fake-model" in res.output
    assert "BDQ positional distribution" in res.output and "BCQ splits" in res.output

    res = runner.invoke(app, ["contamination", "--model", "other", "--split", "test", "--task", "entailment",
                              "--limit", "8", "--perturber", "offline", "--out", str(out)])
    assert res.exit_code == 1


def test_cli_rejects_bad_options(cli_app, tmp_path):
    app, _ = cli_app
    runner = CliRunner()
    for extra in (["--dataset", "other"], ["--split", "dev"], ["--task", "tax"], ["--perturber", "human"]):
        res = runner.invoke(app, ["contamination", "--out", str(tmp_path)] + extra)
        assert res.exit_code == 2, extra  # a wrong command line (README "Exit codes"), naming the choices
        assert extra[0] in res.output and "must be one of" in res.output, res.output
