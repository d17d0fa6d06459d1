"""A scripted OpenAI-compatible endpoint for tests and benchmarks of batch runs: a real HTTP server
on 127.0.0.1 (``http.server`` in a thread) serving ``POST /v1/chat/completions``, answering each
SARA case's translation request with that case's gold facts after ``latency`` seconds: the fact
clauses of its gold program (:func:`taxlogic.eval.faults.verifier.gold_program`; a program's rules and
``discontiguous`` directives are no translator's output); a direct-QA request (A.1.3) with the
gold answer in A.1.3's JSON; a contamination quiz (A.1.1) with option A. Every answer reports
OpenAI's ``usage``, cached prompt tokens included (:meth:`GoldEndpoint.usage`).

It stands in for a remote model (vLLM, OpenAI) whose behaviour a test controls: it can be
stopped and started again on the same port (an outage: connection refused), and ``refuse``
can answer a request with an HTTP error instead (e.g. 429 with ``Retry-After``). Every request
is logged in :attr:`GoldEndpoint.requests`.

Typical use::

    with GoldEndpoint(cases, latency=1.0) as ep:
        os.environ["TAXLOGIC_LLM_BASE_URL"] = ep.base_url
        ...  # taxlogic eval run --method agent ...
"""

from __future__ import annotations

import json
import threading
import time
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Callable, Iterable

from taxlogic.eval.faults.verifier import gold_program

#: ``refuse(n)`` for the n-th request (0-based): None to answer, or (HTTP status, headers) to refuse.
Refusal = Callable[[int], "tuple[int, dict[str, str]] | None"]


@dataclass(frozen=True)
class Request:
    """One request the endpoint saw: ``at`` (``time.monotonic()``, seconds), the HTTP ``status``
    it answered and the case id it recognised (None: no case's text and question in the prompt)."""

    at: float
    status: int
    case_id: str | None


class GoldEndpoint:
    """The endpoint over ``cases`` (objects with ``id``, ``text``, ``question``, ``gold_facts``).
    ``latency``: seconds from a request's arrival to its answer (requests are served concurrently;
    the endpoint's own work on a request happens within that time, as a remote model's does);
    ``port``: 0 for a
    free one (kept across :meth:`stop` / :meth:`start`); ``refuse``: see :data:`Refusal`;
    ``anchored``: answer with the anchored gold translation (each group of facts closed by its
    sentence, :func:`taxlogic.eval.faults.gold_translator.anchored_gold`), as the agent's default
    anchored prompts ask, instead of the plain fact clauses (the paper's prompts)."""

    #: The name this endpoint reports for itself (``GET /models``, and each reply's ``model``):
    #: None echoes the request's ``model``, as a test endpoint standing in for any model does.
    served_name: str | None = None

    def __init__(self, cases: Iterable[Any], *, latency: float = 0.0, port: int = 0,
                 refuse: Refusal | None = None, anchored: bool = False) -> None:
        self.cases = list(cases)
        self.latency, self.port, self.refuse, self.anchored = latency, port, refuse, anchored
        self.requests: list[Request] = []
        self._seen: list[tuple] = []  # every prompt so far, as (role, content) pairs: the prompt cache
        self._lock = threading.Lock()
        self._server: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None

    @property
    def base_url(self) -> str:
        """The OpenAI base URL, ``http://127.0.0.1:<port>/v1``."""
        return f"http://127.0.0.1:{self.port}/v1"

    def start(self) -> "GoldEndpoint":
        """Listen (again) on :attr:`port`. Raises OSError if the port is taken."""
        endpoint = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.0"  # a connection per request: once stopped, every request is refused

            def do_POST(self) -> None:  # noqa: N802 - http.server's name
                body = json.loads(self.rfile.read(int(self.headers.get("Content-Length") or 0)) or b"{}")
                arrived = time.monotonic()
                status, payload, headers = endpoint._answer(self.path, body)
                if status == 200:  # answered `latency` seconds after the request came, whatever the work took
                    time.sleep(max(0.0, arrived + endpoint.latency - time.monotonic()))
                data = json.dumps(payload).encode()
                self.send_response(status)
                for k, v in {"Content-Type": "application/json", "Content-Length": str(len(data)), **headers}.items():
                    self.send_header(k, v)
                self.end_headers()
                self.wfile.write(data)

            def do_GET(self) -> None:  # noqa: N802 - the models list (OpenAI's GET /v1/models), when named
                found = endpoint.served_name is not None and self.path.rstrip("/").endswith("/models")
                payload = ({"object": "list", "data": [{"id": endpoint.served_name, "object": "model", "owned_by": "taxlogic"}]}
                           if found else {"error": {"message": f"no such path {self.path}"}})
                data = json.dumps(payload).encode()
                self.send_response(200 if found else 404)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, *args: Any) -> None:
                pass

        class Server(ThreadingHTTPServer):
            allow_reuse_address = True
            request_queue_size = 1024  # listen backlog (http.server's 5 resets connections beyond a few at once)

        self._server = Server(("127.0.0.1", self.port), Handler)
        self._server.daemon_threads = True
        self.port = self._server.server_address[1]
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        """Stop listening: from now on connections are refused (requests in progress finish)."""
        server, self._server = self._server, None
        if server is not None:
            server.shutdown()
            server.server_close()

    def __enter__(self) -> "GoldEndpoint":
        return self.start()

    def __exit__(self, *exc: Any) -> None:
        self.stop()

    def case_of(self, prompt: str) -> Any:
        """The case whose text and question are both in ``prompt`` (None if none is); when several
        are (in-context examples come before the case asked about), the one whose text, then
        question, ends last, and of texts ending there the longest (SARA v2's tax_case_34 is the
        end of tax_case_22's text)."""
        found = [c for c in self.cases if c.text in prompt and c.question in prompt]
        return max(found, key=lambda c: (prompt.rfind(c.text) + len(c.text), len(c.text), prompt.rfind(c.question)),
                   default=None)

    def reply(self, case: Any, system: str, prompt: str = "") -> str:
        """What the endpoint answers for ``case``: to a direct-QA request (the A.1.3 system prompt,
        which asks for a ``final_answer``) the gold answer in A.1.3's JSON; else its translation."""
        if "final_answer" in system or "final_answer" in prompt:
            return json.dumps({"reasoning": "the gold answer", "final_answer": case.expected, "confidence": 1.0})
        return self.translation(case)

    def translation(self, case: Any) -> str:
        """What the endpoint answers for ``case``: its gold fact clauses, or anchored (:attr:`anchored`)."""
        if self.anchored:
            from taxlogic.eval.faults.gold_translator import anchored_gold

            return anchored_gold(case.id)
        return gold_program(case).fact_text

    def _answer(self, path: str, body: dict) -> tuple[int, dict, dict[str, str]]:
        prompt = "\n".join(str(m.get("content", "")) for m in body.get("messages", []) if m.get("role") == "user")
        case = self.case_of(prompt)
        with self._lock:  # numbered, refused or not and logged in one step: n is each request's own
            n = len(self.requests)
            refused = self.refuse(n) if self.refuse else None
            status = refused[0] if refused else (200 if path.endswith("/chat/completions") else 404)
            self.requests.append(Request(time.monotonic(), status, case.id if case else None))
        if refused:
            return status, {"error": {"message": f"refused (HTTP {status})", "type": "scripted"}}, refused[1]
        if status != 200:
            return status, {"error": {"message": f"no such path {path}"}}, {}
        system = "\n".join(str(m.get("content", "")) for m in body.get("messages", []) if m.get("role") == "system")
        if "five-choice quiz" in system:  # the contamination quiz (A.1.1): always the first option
            text = json.dumps({"answer": "A"})
        else:
            text = self.reply(case, system, prompt) if case else ""
        return 200, {
            "id": f"gold-{n}", "object": "chat.completion", "created": int(time.time()),
            "model": self.served_name or body.get("model", "gold"),
            "choices": [{"index": 0, "message": {"role": "assistant", "content": text}, "finish_reason": "stop"}],
            "usage": self.usage(body.get("messages", []), text),
        }, {}

    def usage(self, messages: list[dict], reply: str) -> dict[str, Any]:
        """OpenAI's ``usage`` for one exchange: prompt tokens of every message
        (:func:`taxlogic.eval.scoring.tokens.message_tokens`), completion tokens of the reply, and as
        ``prompt_tokens_details.cached_tokens`` the tokens of the longest prefix this prompt shares
        with an earlier one (a prompt cache, as OpenAI's; counted in whole messages)."""
        from taxlogic.eval.scoring.tokens import content_of, count_tokens, message_tokens

        prompt = message_tokens(messages)
        key = tuple((m.get("role"), content_of(m)) for m in messages)
        with self._lock:
            shared = max((_common(key, k) for k in self._seen), default=0)
            self._seen.append(key)
        cached = message_tokens([{"content": c} for _, c in key[:shared]])
        completion = count_tokens(reply)
        return {"prompt_tokens": prompt, "completion_tokens": completion, "total_tokens": prompt + completion,
                "prompt_tokens_details": {"cached_tokens": cached}}


class TaxReaderEndpoint(GoldEndpoint):
    """The endpoint for RuleArena tax problems: it answers a translation request with the facts a
    correct reader writes for the return in the prompt (the text after ``TEXT:``), read by
    :func:`taxlogic.kb.form1040.reading_to_facts`; a request without a return gets an empty reply."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__([], **kwargs)

    def case_of(self, prompt: str) -> Any:
        if "TEXT:\n" not in prompt:
            return None
        text = prompt.rsplit("TEXT:\n", 1)[1].split("\n\nThe rules will answer", 1)[0]
        return type("Return", (), {"id": "return", "text": text})()

    def reply(self, case: Any, system: str, prompt: str = "") -> str:
        from taxlogic.kb.form1040 import text_to_facts

        try:
            return text_to_facts(case.text)
        except ValueError:
            return ""


def _common(a: tuple, b: tuple) -> int:
    """How many leading messages ``a`` and ``b`` share."""
    n = 0
    while n < min(len(a), len(b)) and a[n] == b[n]:
        n += 1
    return n


def main() -> None:
    """``python -m taxlogic.eval.faults.gold_endpoint [--anchored | --tax-reader] [--port N] [--latency S]``: serve every
    SARA case's gold translation (or RuleArena tax returns read correctly) until Ctrl-C (point ``TAXLOGIC_LLM_BASE_URL`` at it, with
    ``TAXLOGIC_LLM_CACHE=false``)."""
    import argparse

    from taxlogic.kb.sara.data.cases import load_cases

    parser = argparse.ArgumentParser(description=main.__doc__.split(":")[0])
    parser.add_argument("--port", type=int, default=8399)
    parser.add_argument("--latency", type=float, default=0.0, help="seconds before each answer")
    parser.add_argument("--anchored", action="store_true", help="anchored translations (the agent's default prompts)")
    parser.add_argument("--tax-reader", action="store_true",
                        help="RuleArena tax: answer with the facts a correct reader writes for the return in the prompt")
    args = parser.parse_args()
    endpoint_of = (lambda: TaxReaderEndpoint(port=args.port, latency=args.latency)) if args.tax_reader else (
        lambda: GoldEndpoint(load_cases(), port=args.port, latency=args.latency, anchored=args.anchored))
    with endpoint_of() as endpoint:
        print(f"gold translations on {endpoint.base_url} (Ctrl-C to stop)", flush=True)
        try:
            threading.Event().wait()
        except KeyboardInterrupt:
            pass


if __name__ == "__main__":
    main()


class NbaGoldEndpoint(GoldEndpoint):
    """:class:`GoldEndpoint` over RuleArena's NBA problems: a translation request for a problem
    (its text and the NBA question in the prompt) is answered with the problem's committed gold
    program (``kb/nba/data/gold/``, anchored). ``first``: optional ``(problem_id, program) -> text``
    giving the reply to each problem's first request instead (a corrupted first translation);
    later requests (the repairs) get the gold program. ``problems``: the
    :class:`~taxlogic.kb.nba.data.problems.ProblemText` list served (default: all 216)."""

    def __init__(self, problems: Iterable[Any] | None = None, *,
                 first: Callable[[str, str], str] | None = None, **kwargs: Any) -> None:
        from types import SimpleNamespace

        from taxlogic.kb.nba.domain import NBA_QUESTION
        from taxlogic.kb.nba.data.problems import problem_texts

        problems = list(problems) if problems is not None else problem_texts()
        super().__init__([SimpleNamespace(id=p.id, text=p.text, question=NBA_QUESTION, expected=None) for p in problems],
                         anchored=True, **kwargs)
        self.first = first
        self._asked: dict[str, int] = {}

    def translation(self, case: Any) -> str:
        from taxlogic.kb.nba.data.gold import gold_program

        program = gold_program(case.id)
        with self._lock:
            n = self._asked.get(case.id, 0)
            self._asked[case.id] = n + 1
        return self.first(case.id, program) if self.first is not None and n == 0 else program
