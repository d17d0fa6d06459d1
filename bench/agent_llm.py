"""Benchmark: the agent with the embedded model (SmolLM2-135M on llama.cpp) on 5 SARA cases.

Cases: the first ``--cases`` (default 5) numeric cases of the test split in natural id order
(``tax_case_2, tax_case_5, tax_case_13, tax_case_24, tax_case_33`` for SARA, 2020 release); each is solved
once with ``--budget`` repair rounds (default 1, to bound the time). Printed per case and per
round (one row per LLM call: r0 = generate, r1.. = repair): prompt tokens, output tokens, how
many prompt tokens the server reused from its cache, how many it evaluated, its prompt-eval
seconds and generation seconds (both from the server's log), the LLM call's wall seconds and the
round's seconds (LLM + validate + Prolog + inspect);
then per case and overall totals. SmolLM2-135M does not translate correctly; this measures cost.

Reuse: llama-cpp-python's server reports only ``prompt_tokens``/``completion_tokens``/
``total_tokens`` (no ``prompt_tokens_details.cached_tokens``), so the figure is read from the
server's log (verbose, the default): before each request llama.cpp logs ``Llama.generate: P
prefix-match hit, remaining R prompt tokens to eval`` and after it ``prompt eval time = T ms /
R tokens``. The bench notes the log's size before each LLM call and parses what the call added:
reused = P (0 when no prefix-match line), evaluated = R, prompt-eval seconds = T / 1000; it checks
reused + evaluated == prompt_tokens. If another client used the same server during a call the
log segment holds several requests and the row is marked ``?`` (use ``--port 0`` for a private
server). A call retried after a client timeout also leaves the timed-out request (which the
server finishes anyway) in its segment: the last request is the call's own, and the note says so.
A server not started by taxlogic with this cache dir has no known log: reuse is ``n/a``.
Cross-check: prompt-eval seconds per evaluated token are ~10-40 ms, so a reused prefix shows as
a call whose prompt-eval time is far below prompt_tokens x that rate.

The LangChain disk cache is disabled (``llm_cache=False`` and :func:`disable_cache`), so every
call reaches the server. The server is reused if one answers on the port, else started (and
stopped at the end) with :func:`taxlogic.llm_server.running_server`.

Usage: ``python bench/agent_llm.py [--cases 5] [--budget 1] [--port 0] [--max-tokens N] [--timeout S] [--no-grammar]``
"""

from __future__ import annotations

import argparse
import re
import socket
import tempfile
import time
from dataclasses import dataclass, field, fields
from pathlib import Path

from taxlogic.agent.context import AgentContext, make_context
from taxlogic.agent.llm import disable_cache
from taxlogic.agent.solve import solve
from taxlogic.agent.state import CaseInput
from taxlogic.kb.sara.data.cases import load_cases
from taxlogic.kb.sara.data.install import sara_rules
from taxlogic.llm_server import running_server
from taxlogic.settings import get_settings
from taxlogic.tools.engine import Engine

_PREFIX = re.compile(r"Llama\.generate: (\d+) prefix-match hit, remaining (\d+) prompt tokens")
_PROMPT_EVAL = re.compile(r"prompt eval time =\s*([\d.]+) ms /\s*(\d+) tokens")
_GEN_EVAL = re.compile(r"perf_context_print:\s+eval time =\s*([\d.]+) ms")
_POST = re.compile(r'"POST /v1/chat/completions')


def natural_key(case_id: str) -> tuple:
    return tuple(int(p) if p.isdigit() else p for p in re.split(r"(\d+)", case_id))


def bench_cases(n: int):
    """The first ``n`` numeric test cases in natural id order (the documented, fixed choice)."""
    return sorted(load_cases(split="test", kind="numeric"), key=lambda c: natural_key(c.id))[:n]


@dataclass
class CallStat:
    prompt_tokens: int
    output_tokens: int
    seconds: float
    reused: int | None = None       # prompt tokens the server took from its KV cache
    evaluated: int | None = None    # prompt tokens it evaluated
    eval_seconds: float | None = None
    gen_seconds: float | None = None  # the server's generation (sampling) time
    note: str = ""                  # "?" when the log segment is ambiguous, "n/a" without a log


def parse_segment(text: str) -> list[list]:
    """[reused, evaluated, prompt-eval s, generation s] of each request the log segment shows."""
    out: list[list] = []
    prefix = 0
    for line in text.splitlines():
        if m := _PREFIX.search(line):
            prefix = int(m.group(1))
        elif m := _PROMPT_EVAL.search(line):
            out.append([prefix, int(m.group(2)), float(m.group(1)) / 1000, None])
            prefix = 0
        elif (m := _GEN_EVAL.search(line)) and out and out[-1][3] is None:
            out[-1][3] = float(m.group(1)) / 1000
    return out


@dataclass
class MeasuredContext(AgentContext):
    """An :class:`AgentContext` that records every LLM call with the server log's figures."""

    log_path: Path | None = None
    calls: list[CallStat] = field(default_factory=list)

    def call_llm(self, messages, *, facts_grammar: bool = True):
        start = self.log_path.stat().st_size if self.log_path and self.log_path.exists() else None
        reply = super().call_llm(messages, facts_grammar=facts_grammar)
        stat = CallStat(reply.input_tokens, reply.output_tokens, reply.seconds)
        if start is None:
            stat.note = "n/a"
        else:
            segment = ""
            deadline = time.monotonic() + 3.0
            while time.monotonic() < deadline:  # the access-log line follows the response
                with open(self.log_path, "rb") as fh:
                    fh.seek(start)
                    segment = fh.read().decode("utf-8", "replace")
                if _POST.search(segment):
                    break
                time.sleep(0.05)
            requests = parse_segment(segment)
            if requests:  # the call's own request is the last one (earlier ones: timed-out attempts)
                stat.reused, stat.evaluated, stat.eval_seconds, stat.gen_seconds = requests[-1]
                if stat.reused + stat.evaluated != stat.prompt_tokens:
                    stat.note = f"reused+eval != {stat.prompt_tokens}; "
            if len(requests) != 1:
                stat.note += (f"{reply.attempts} attempts, {len(requests)} requests in the log (last shown)"
                              if reply.attempts > 1 else f"? {len(requests)} requests in the log")
        self.calls.append(stat)
        return reply


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _fmt(v, width: int, spec: str = "") -> str:
    return f"{'-' if v is None else format(v, spec):>{width}}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cases", type=int, default=5, help="how many cases (first N numeric test cases by id)")
    ap.add_argument("--budget", type=int, default=1, help="repair rounds per case (default 1)")
    ap.add_argument("--port", type=int, default=None,
                    help="server port (default: TAXLOGIC_SERVE_PORT; 0: a private server on a free port)")
    ap.add_argument("--max-tokens", type=int, default=None, help="max output tokens per call (default: settings)")
    ap.add_argument("--timeout", type=float, default=900,
                    help="client timeout per LLM call, s (default 900: a cold 5,000-token prompt on 2 busy cores "
                         "can take minutes, and a timed-out request is still computed by the server)")
    ap.add_argument("--grammar", action=argparse.BooleanOptionalAction, default=True,
                    help="constrain output with the Prolog-facts GBNF grammar (default on)")
    args = ap.parse_args()

    base = get_settings()
    update: dict = {"llm_cache": False, "llm_timeout": args.timeout}
    if args.max_tokens:
        update["llm_max_tokens"] = args.max_tokens
    if args.port is not None:
        port = args.port or _free_port()
        update.update(serve_port=port, llm_base_url=f"http://127.0.0.1:{port}/v1")
        if args.port == 0:
            update["cache_dir"] = Path(tempfile.mkdtemp(prefix="taxlogic-bench-"))
    settings = base.model_copy(update=update)
    disable_cache()

    rules = sara_rules()
    cases = bench_cases(args.cases)
    t_all = time.perf_counter()
    with running_server(settings, wait=120) as server, Engine(rules, workers=1) as engine:
        log_path = server.log_path if server.log_path and server.log_path.exists() else None
        print(f"server {server.url} ({'started' if server.owned else 'reused'}"
              f"{f', startup {server.startup_seconds:.1f} s' if server.startup_seconds else ''}); "
              f"log: {log_path or 'unknown (reuse n/a)'}")
        print(f"model {settings.llm_model}, budget {args.budget}, max_tokens {settings.llm_max_tokens}, "
              f"grammar {'on' if args.grammar else 'off'}, LLM cache off; cases: {', '.join(c.id for c in cases)}\n")
        plain = make_context(rules, engine, settings=settings, budget=args.budget, grammar=args.grammar)
        disable_cache()
        header = (f"{'case':<13}{'round':>6}{'node':>9}{'prompt':>8}{'output':>8}{'reused':>8}{'eval':>7}"
                  f"{'eval s':>8}{'gen s':>8}{'llm s':>8}{'round s':>9}  note")
        print(header)
        print("-" * len(header))
        totals = {"prompt": 0, "output": 0, "reused": 0, "known_prompt": 0, "seconds": 0.0, "calls": 0}
        for case in cases:
            ctx = MeasuredContext(**{f.name: getattr(plain, f.name) for f in fields(AgentContext)}, log_path=log_path)
            result = solve(CaseInput.from_case(case), ctx)
            round_seconds: dict[int, float] = {}
            for ev in result.trace:
                if ev.node not in ("answer", "abstain"):
                    round_seconds[ev.round] = round_seconds.get(ev.round, 0.0) + ev.seconds
            for i, call in enumerate(ctx.calls):
                print(f"{case.id:<13}{'r' + str(i):>6}{'generate' if i == 0 else 'repair':>9}{call.prompt_tokens:>8}"
                      f"{call.output_tokens:>8}{_fmt(call.reused, 8)}{_fmt(call.evaluated, 7)}"
                      f"{_fmt(call.eval_seconds, 8, '.2f')}{_fmt(call.gen_seconds, 8, '.2f')}{call.seconds:>8.2f}{_fmt(round_seconds.get(i), 9, '.2f')}"
                      f"  {call.note}")
                totals["prompt"] += call.prompt_tokens
                totals["output"] += call.output_tokens
                totals["calls"] += 1
                if call.reused is not None:
                    totals["reused"] += call.reused
                    totals["known_prompt"] += call.prompt_tokens
            reused = [c.reused for c in ctx.calls if c.reused is not None]
            outcome = f"answer {result.answer} (expected {case.expected})" if not result.abstained else \
                f"abstained: {(result.reason or '')[:70]}"
            print(f"{case.id:<13}{'total':>6}{'':>9}{sum(c.prompt_tokens for c in ctx.calls):>8}"
                  f"{sum(c.output_tokens for c in ctx.calls):>8}{_fmt(sum(reused) if reused else None, 8)}"
                  f"{'':>7}{'':>8}{'':>8}{sum(c.seconds for c in ctx.calls):>8.2f}{result.seconds:>9.2f}  "
                  f"{len(ctx.calls)} call(s); {outcome}")
            totals["seconds"] += result.seconds
        print("-" * len(header))
        share = f"{100 * totals['reused'] / totals['known_prompt']:.1f}%" if totals["known_prompt"] else "n/a"
        print(f"all {len(cases)} cases: {totals['calls']} LLM calls, {totals['prompt']} prompt tokens "
              f"({totals['reused']} reused from the server's cache = {share}), {totals['output']} output tokens, "
              f"{totals['seconds']:.1f} s in the agent ({time.perf_counter() - t_all:.1f} s wall with set-up)")


if __name__ == "__main__":
    main()
