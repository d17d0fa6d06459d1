"""The offline translator for your own text (issue 51): an endpoint that answers translation
requests with facts a user wrote, so ``solve --text`` and chat's what-ifs run with no model; the
facts are validated, run and inspected as any model's."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from taxlogic.cli import app
from taxlogic.eval.faults.fixture_endpoint import FixtureEndpoint, load_fixture
from taxlogic.settings import get_settings

TEXT = "Alice was paid $50000 in 2017. Alice is not married."
QUESTION = "How much tax does Alice have to pay in 2017?"


def _facts(amount: int) -> str:
    return (f'income_(alice_salary).\nagent_(alice_salary, alice).\namount_(alice_salary, {amount}).\n'
            'start_(alice_salary, "2017-12-31").\n')


@pytest.fixture
def endpoint_env(monkeypatch, tmp_path):
    def use(ep) -> None:
        for k, v in {"LLM_BASE_URL": ep.base_url, "LLM_CACHE": "0", "LLM_MAX_RETRIES": "0",
                     "CACHE_DIR": str(tmp_path / "cache")}.items():
            monkeypatch.setenv(f"TAXLOGIC_{k}", v)
        get_settings.cache_clear()
    yield use
    get_settings.cache_clear()


def test_the_entry_whose_phrase_ends_last_answers():
    ep = FixtureEndpoint([("", "any."), ("Alice was paid $50000", "first."), ("$80000", "what_if.")])
    assert ep.case_of(f"TEXT: {TEXT}").facts == "first."
    assert ep.case_of(f"FACTS: {_facts(50000)} CHANGE: Alice was paid $80000 instead").facts == "what_if."
    assert ep.case_of("something else").facts == "any."
    assert FixtureEndpoint([("$1", "x.")]).case_of("no match") is None


def test_load_fixture_reads_prolog_or_json_and_names_a_bad_file(tmp_path):
    pl, js, bad, empty = tmp_path / "f.pl", tmp_path / "f.json", tmp_path / "bad.json", tmp_path / "e.pl"
    pl.write_text(_facts(1))
    js.write_text(json.dumps([{"when": "x", "facts": "a."}, {"facts": "b."}]))
    bad.write_text(json.dumps({"facts": "a."}))
    empty.write_text("  \n")
    assert load_fixture(pl) == [("", _facts(1))]
    assert load_fixture(js) == [("x", "a."), ("", "b.")]
    for f in (bad, empty):
        with pytest.raises(ValueError, match=str(f)):
            load_fixture(f)


def test_solve_text_answers_offline_from_your_facts(endpoint_env, sara_data_dir):
    with FixtureEndpoint([("Alice was paid $50000", _facts(50000))]) as ep:
        endpoint_env(ep)
        res = CliRunner().invoke(app, ["solve", "--text", TEXT, "--question", QUESTION, "--json"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    assert not data["abstained"] and data["answer"] is not None
    assert [r.case_id for r in ep.requests] == ["fixture-0"]


def test_a_what_if_is_answered_from_its_own_entry(endpoint_env, sara_data_dir):
    """chat: the question from the pattern's facts, the what-if from the entry its change names;
    the two answers differ as the facts do."""
    with FixtureEndpoint([("Alice was paid $50000", _facts(50000)), ("$80000", _facts(80000))]) as ep:
        endpoint_env(ep)
        res = CliRunner().invoke(app, ["chat"], input=f"{TEXT}\n\n{QUESTION}\nWhat if Alice was paid $80000 instead?\n/quit\n",
                                 terminal_width=100)
    assert res.exit_code == 0, res.output
    answers = [l.split("answer:", 1)[1].split()[0] for l in res.output.splitlines() if l.startswith("answer:")]
    assert len(answers) == 2 and answers[0] != answers[1], res.output
    assert [r.case_id for r in ep.requests] == ["fixture-0", "fixture-1"]


def _header(res) -> str:
    """The trace's header: the first line of ``solve``'s output, unwrapped."""
    return " ".join(res.output.split("\nr0 ", 1)[0].split())


def test_the_header_names_what_answers_not_the_default_model(endpoint_env, sara_data_dir, monkeypatch):
    """Before (issue 51): with the fixture endpoint the header said "model: smollm2-135m", the
    settings' default name, though no model answered. After: the endpoint names itself (GET
    /v1/models and each reply's ``model``) and the header says what answered, and where."""
    import urllib.request

    from taxlogic import llm_server

    monkeypatch.delenv("TAXLOGIC_LLM_MODEL", raising=False)
    with FixtureEndpoint([("Alice was paid $50000", _facts(50000))], name="fixture:mine.pl") as ep:
        endpoint_env(ep)
        assert llm_server.list_models(ep.base_url) == ["fixture:mine.pl"]
        req = urllib.request.Request(ep.base_url + "/chat/completions", method="POST", data=json.dumps(
            {"model": "smollm2-135m", "messages": [{"role": "user", "content": TEXT}]}).encode())
        with urllib.request.urlopen(req, timeout=5) as resp:
            assert json.loads(resp.read())["model"] == "fixture:mine.pl"  # not the name the request sent
        res = CliRunner().invoke(app, ["solve", "--text", TEXT, "--question", QUESTION], terminal_width=200)
    assert res.exit_code == 0, res.output
    assert f"model: fixture:mine.pl at {ep.base_url} budget: 3" in _header(res)
    assert "smollm2" not in res.output


def test_a_model_the_user_names_is_shown_as_named(endpoint_env, sara_data_dir, monkeypatch):
    """The real-model path is unchanged: a name set by TAXLOGIC_LLM_MODEL or --model is shown as
    it is, and the endpoint is not asked for its models list."""
    with FixtureEndpoint([("Alice was paid $50000", _facts(50000))], name="fixture:mine.pl") as ep:
        endpoint_env(ep)
        monkeypatch.setenv("TAXLOGIC_LLM_MODEL", "gpt-4o")
        get_settings.cache_clear()
        by_env = CliRunner().invoke(app, ["solve", "--text", TEXT, "--question", QUESTION], terminal_width=200)
        monkeypatch.delenv("TAXLOGIC_LLM_MODEL")
        get_settings.cache_clear()
        by_flag = CliRunner().invoke(app, ["solve", "--text", TEXT, "--question", QUESTION, "--model", "my-llama"],
                                     terminal_width=200)
    assert by_env.exit_code == 0 and by_flag.exit_code == 0, by_env.output + by_flag.output
    assert "model: gpt-4o budget: 3" in _header(by_env)
    assert "model: my-llama budget: 3" in _header(by_flag)
    assert " at http" not in by_env.output + by_flag.output


def test_the_embedded_server_and_an_unnamed_endpoint(monkeypatch):
    """The embedded server serves under the settings' name: shown as it is, nothing asked (it need
    not be up). An endpoint that does not name itself (a test endpoint without a name: GET /models
    is 404) is shown by its address, and the name it was sent is not claimed."""
    from langchain_openai import ChatOpenAI

    from taxlogic import llm_server
    from taxlogic.cli.trace import answering_model
    from taxlogic.eval.faults.gold_endpoint import GoldEndpoint
    from taxlogic.settings import Settings

    monkeypatch.delenv("TAXLOGIC_LLM_MODEL", raising=False)
    s = Settings(_env_file=None)
    assert "llm_model" not in s.model_fields_set
    embedded = ChatOpenAI(base_url=llm_server.base_url(s), api_key="k", model=s.llm_model)
    assert answering_model(embedded, s) == s.llm_model == "smollm2-135m"
    with GoldEndpoint([]) as ep:
        other = ChatOpenAI(base_url=ep.base_url, api_key="k", model=s.llm_model)
        assert answering_model(other, s) == f"the model at {ep.base_url} (unnamed: TAXLOGIC_LLM_MODEL not set)"
        assert answering_model(other, s, chosen=True) == s.llm_model
