"""Evaluation methods (the "solvers"), found by name in one registry: each turns one dataset item
into a :class:`CaseRecord` holding a *prediction*; whether it is correct is decided afterwards by
the benchmark's scorer (:func:`taxlogic.eval.benchmarks.score`), never here.

- ``gold``: the item's gold Prolog program through the engine (must score 100%);
- ``agent``: the LangGraph translator agent (LLM -> facts -> Prolog, repair, abstain);
- ``direct``: the LLM answers directly from statutes + case (paper appendix A.1.3);
- ``prolog-single-shot``: the paper's "Prolog" baseline (Kordjamshidi et al. §4.2, Tables 6
  and 9): one translation, validated for safety only, run, answered with what Prolog returns.

These are the generic methods, for benchmarks whose items are SARA cases. A benchmark may supply
its own method of a name (:attr:`taxlogic.eval.benchmarks.Benchmark.methods`: RuleArena's direct
query, the airline knowledge base's gold and agent); :func:`make_method` picks it first.

Methods are called from several threads at once; the Prolog engines are thread-safe pools,
one per rule set for the whole run (:class:`Engines`). A method lets an endpoint failure
(:func:`taxlogic.agent.llm.is_endpoint_failure`) propagate: the runner records the case as
errored and redoes it on resume; it is never an abstention or an invalid answer.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Callable

from taxlogic.eval.scoring.records import CaseRecord
from taxlogic.eval.scoring.transcript import transcript_of
from taxlogic.spans import span
from taxlogic.tools.engine import Engine

if TYPE_CHECKING:
    from taxlogic.eval.benchmarks import Dataset
    from taxlogic.settings import Settings

Method = Callable[[Any], CaseRecord]
MethodFactory = Callable[["Dataset", "MethodOptions"], Method]

#: The generic methods by name (:func:`register_method`).
METHODS: dict[str, MethodFactory] = {}


class MethodUnavailable(ValueError):
    """The method cannot run on this benchmark (the message says what to use instead)."""


@dataclass
class Engines:
    """One engine pool per rule set of ``dataset``, started on first use (under a lock: threads
    asking at once get the same engine, the KB is loaded once), shared by every case of a run and
    closed together. The pool has :attr:`pool_size` Prolog processes: ``workers`` if given, else
    ``TAXLOGIC_WORKERS`` if set, else one per core, or up to two per core when ``concurrency``
    (cases in flight) is higher: after a round of LLM calls returns, many cases want a worker
    at once, and a long job (a numeric case's whole return) holds one while the short jobs of
    the other cases go on in the rest, instead of every case queueing behind it. A worker is
    ~24 MB."""

    dataset: "Dataset"
    workers: int | None = None
    concurrency: int = 1
    _engines: dict[str, Engine] = field(default_factory=dict)
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def _given(self) -> int | None:
        """The Prolog processes asked for: ``workers``, else ``TAXLOGIC_WORKERS`` if set, else None."""
        from taxlogic.settings import get_settings

        if self.workers:
            return self.workers
        settings = get_settings()
        return settings.workers if "workers" in settings.model_fields_set else None

    @property
    def pool_size(self) -> int:
        """Prolog processes per engine (see the class doc)."""
        import os

        from taxlogic.settings import get_settings

        given = self._given()
        if given is not None:
            return given
        return max(get_settings().workers, min(self.concurrency, 2 * (os.cpu_count() or 1)))

    def per_process(self, processes: int) -> int:
        """Prolog processes per engine in each of ``processes`` worker processes sharing a run's
        slots (:mod:`taxlogic.eval.harness.processes`): ``workers`` or ``TAXLOGIC_WORKERS`` if given,
        split among them; else one per core in all, split among them (at least one each). A run
        needs several processes when its Python keeps a core busy, and then the cores are the
        bound: more Prolog processes add their start-up (~0.3 CPU-s each) and contention, not
        speed (``bench/endpoint_concurrency.py`` at 64 over 2 processes on 2 cores: 8.6-10.5 s with
        2 workers in all, 9.8-11.0 s with 4, 11.1-11.9 s with 8)."""
        import os

        given = self._given()
        total = given if given is not None else os.cpu_count() or 1
        return max(1, total // max(1, processes))

    def __call__(self, rules: str) -> Engine:
        engine = self._engines.get(rules)  # started: no lock to take
        if engine is not None:
            return engine
        with span("engine_start"), self._lock:
            if rules not in self._engines:
                self._engines[rules] = Engine(self.dataset.rule_sets[rules], workers=self.pool_size)
            return self._engines[rules]

    def warm(self, rule_sets) -> None:
        """Start the engines of ``rule_sets`` in a background thread, so that they load while
        the first LLM calls are out (a failure shows again at the first real use)."""
        def start() -> None:
            for rules in rule_sets:
                try:
                    self(rules)
                except Exception:  # noqa: BLE001 - raised again, with its message, when a case needs it
                    return
        threading.Thread(target=start, name="engines-warm", daemon=True).start()

    def lazy(self, rules: str) -> "_EngineOf":
        """A stand-in for ``self(rules)`` that starts nothing until a job is run on it."""
        return _EngineOf(self, rules)

    def cpu_seconds(self) -> float:
        """CPU seconds used so far by the live Prolog workers of every engine started."""
        return sum(e.cpu_seconds() for e in list(self._engines.values()))

    def close(self) -> None:
        """Close every engine started (idempotent)."""
        with self._lock:
            engines, self._engines = list(self._engines.values()), {}
        for e in engines:
            e.close()


@dataclass(frozen=True)
class _EngineOf:
    """The run's engine for one rule set, looked up (started if need be) at each use: a context
    can be made, and its first LLM call sent, before the engine has loaded its KB."""

    engines: Engines
    rules: str

    def __getattr__(self, name: str) -> Any:
        return getattr(self.engines(self.rules), name)


@dataclass
class MethodOptions:
    """What a method factory may use: ``engines`` (Prolog, per rule set), ``model_name`` (on the
    configured endpoint; None: ``TAXLOGIC_LLM_MODEL``), the agent's ``budget`` (repair rounds),
    ``samples`` (self-consistency), ``exemplars`` (k, never an evaluated case) and ``grammar``;
    ``settings``; ``model``: a chat model to use instead of the endpoint and ``wait``: the retry
    wait (tests pass fakes); ``explain``: save each answer's justification tree in its record
    (:mod:`taxlogic.eval.scoring.explained`; the gold method always does); ``exemplar_pool``: the cases exemplars come from (None:
    SARA train; the paper protocol's held-out cases, :mod:`taxlogic.eval.harness.protocol`);
    ``query_in_prompt``: show the translator the gold query and its constants (False: the
    appendix's input, the query kept for execution only); ``anchors``: the agent's anchored
    translation (False: the paper's appendix prompts as they are)."""

    engines: Engines | None = None
    model_name: str | None = None
    budget: int = 3
    samples: int = 1
    exemplars: int = 0
    grammar: bool | None = None
    settings: "Settings | None" = None
    model: Any = None
    wait: Any = None
    explain: bool = False
    exemplar_pool: list | None = None
    query_in_prompt: bool = True
    anchors: bool = True
    #: exemplars per item from every case of the pool but those with the item's text (the item
    #: included): the Jurayj protocol's leave-one-out retrieval, :mod:`taxlogic.eval.harness.jurayj`
    leave_one_out: bool = False


_PRELOADED: list[bool] = []  # MethodBuilder.preload has run in this process


@dataclass(frozen=True)
class MethodBuilder:
    """A method to make later, where it runs: :meth:`build` makes ``make_method(name, dataset,
    options)`` on a fresh :class:`Engines` (``workers`` per rule set, sized for the slots it
    serves). A run over several worker processes
    (:func:`taxlogic.eval.harness.runner.run_eval` with ``processes`` > 1) builds one in each worker, so
    that its chat model, HTTP clients and Prolog engines are its own."""

    name: str
    dataset: "Dataset"
    options: MethodOptions
    workers: int | None = None

    def preload(self) -> None:
        """Import, in this process before the workers are forked, what every worker would
        otherwise import on its own (the agent, LangGraph and its compiled graph, LangChain's
        OpenAI client: ~0.5 CPU-s a worker at the start of the run). The model made here is not
        used: each worker makes its own (HTTP connections are never shared across a fork). Once
        per process: a second call does nothing."""
        if _PRELOADED:
            return
        from taxlogic.agent.graph import build_graph
        from taxlogic.agent.llm import make_chat_model
        from taxlogic.agent.solve import solve  # noqa: F401

        build_graph()
        try:  # the client imports the OpenAI SDK's modules on first use
            make_chat_model(self.options.settings)
        except Exception:  # noqa: BLE001 - a method without an LLM; else the workers say it, with its message
            pass
        _PRELOADED.append(True)

    def build(self, concurrency: int) -> tuple[Method, Callable[[], None]]:
        """(the method, ``close``: closes its engines) for ``concurrency`` cases in flight.
        Raises :class:`MethodUnavailable`."""
        engines = Engines(self.dataset, workers=self.workers, concurrency=concurrency)
        try:
            method = make_method(self.name, self.dataset, replace(self.options, engines=engines))
        except BaseException:
            engines.close()
            raise
        return method, engines.close


def method_for_run(name: str, ds: "Dataset", options: MethodOptions, *, concurrency: int, processes: int = 1,
                   workers: int | None = None, engines: Engines | None = None) -> tuple[Method | MethodBuilder, Engines | None]:
    """What a batch run of ``ds`` passes to :func:`taxlogic.eval.harness.runner.run_eval`, and the
    :class:`Engines` this process runs the cases on (to profile, and to close at the end).
    Over several worker processes (``processes`` > 1 and ``concurrency`` > 1) a
    :class:`MethodBuilder` already preloaded, and None: each worker makes its own engines with its
    share of the Prolog workers (:meth:`Engines.per_process`). Else the method itself, made here on
    ``engines`` (default: new ones, ``workers`` per rule set: see :attr:`Engines.pool_size`; the
    paper grid passes engines its cells share). Raises :class:`MethodUnavailable` (new engines
    closed)."""
    own = engines is None
    engines = Engines(ds, workers=workers, concurrency=concurrency) if own else engines
    if processes > 1 and concurrency > 1:
        builder = MethodBuilder(name, ds, options, workers=engines.per_process(processes))
        builder.preload()
        return builder, None
    try:
        return make_method(name, ds, replace(options, engines=engines)), engines
    except BaseException:
        if own:
            engines.close()
        raise


def exemplar_source(ds: "Dataset", opts: MethodOptions):
    """The exemplars of a translator method over ``ds``: ``opts.exemplars`` per item, none related
    to any evaluated item. Raises :class:`~taxlogic.agent.exemplars.ExemplarError` when too few
    unrelated cases are left."""
    from taxlogic.agent.exemplars import ExemplarSource

    hint = "" if opts.exemplar_pool is not None else \
        "; hold cases out with --holdout paper (or --protocol paper), or evaluate --split test"
    own = getattr(ds.benchmark, "exemplar_cases", None)  # a release with cases of its own (SARA v2)
    if opts.exemplar_pool is None and own is not None:
        pool = own()  # never the 2020 release's cases: another representation, shared ids
        return ExemplarSource(ds.items, opts.exemplars, pool, cases=pool, hint="", leave_one_out=opts.leave_one_out)
    if opts.leave_one_out:
        return ExemplarSource(ds.items, opts.exemplars, opts.exemplar_pool, leave_one_out=True)
    return ExemplarSource(ds.items, opts.exemplars, opts.exemplar_pool, hint=hint)


def register_method(name: str) -> Callable[[MethodFactory], MethodFactory]:
    """Decorator: register a generic method factory ``(dataset, options) -> method`` as ``name``."""
    def add(factory: MethodFactory) -> MethodFactory:
        METHODS[name] = factory
        return factory
    return add


def method_names() -> list[str]:
    """The generic methods' names, sorted."""
    return sorted(METHODS)


def make_method(name: str, ds: "Dataset", options: MethodOptions | None = None, **kwargs: Any) -> Method:
    """The method ``name`` for ``ds``: the benchmark's own if it has one, else the generic one.
    ``kwargs`` set :class:`MethodOptions` fields. Raises :class:`MethodUnavailable`."""
    options = replace(options or MethodOptions(), **kwargs)
    bench = ds.benchmark
    if bench is not None and name in bench.methods:
        return bench.methods[name](ds, options)
    if (bench is not None and not bench.offers(name)) or name not in METHODS:
        raise MethodUnavailable(bench.unavailable(name) if bench is not None else f"unknown method {name!r}")
    return METHODS[name](ds, options)


def _cached(counts) -> int | None:
    """The sum of the cached prompt tokens of a record's LLM calls (None when none was reported)."""
    counts = [c for c in counts if c]
    return sum(counts) if counts else None


def record_base(item: Any, ds: "Dataset", method: str, model: str | None = None) -> dict[str, Any]:
    """The fields every record of ``item`` starts with (id, dataset, split, task, rule set,
    method, model, gold answer)."""
    return dict(case_id=item.id, dataset=ds.name, split=ds.split, kind=item.kind, rules=item.rules,
                method=method, model=model, gold=item.expected)


@register_method("gold")
def gold_method(ds: "Dataset", opts: MethodOptions) -> Method:
    from taxlogic.eval.scoring.explained import explain_item
    from taxlogic.eval.methods.gold import gold_result

    engines = opts.engines

    def run(item) -> CaseRecord:
        # always explained (cheap next to an LLM call: the median explain job costs ~5x the plain
        # query's CPU), so every gold record can be browsed in the HTML report
        outcome, why = explain_item(engines(item.rules), item, item.gold_program)
        g = gold_result(item, outcome)
        return CaseRecord(**record_base(item, ds, "gold"), prediction=g.prediction, invalid=g.prediction is None,
                          reason=g.reason, seconds=g.seconds, details={"inferences": g.inferences}, explanation=why)
    return run


def _warm_checks(ds: "Dataset", rule_sets) -> None:
    """In a background thread, the one-time loads the validator and SARA's checks make on the
    first case (the predicate vocabulary and SARA's event schema, each read by a ``swipl``
    subprocess under a lock): on a case's thread, every case in flight would wait for them. A
    failure shows again, with its message, when a case needs it."""
    def load() -> None:
        for rules in rule_sets:
            try:
                rs = ds.rule_sets[rules]
                rs.vocabulary
                if getattr(ds.benchmark, "family", "") == "SARA":
                    from taxlogic.kb.sara.reading.schema import event_schema

                    event_schema(rs)
            except Exception:  # noqa: BLE001 - raised again where it is needed
                return
    threading.Thread(target=load, name="checks-warm", daemon=True).start()


@register_method("agent")
def agent_method(ds: "Dataset", opts: MethodOptions) -> Method:
    from taxlogic.agent.context import make_context
    from taxlogic.agent.solve import solve
    from taxlogic.agent.state import CaseInput

    from taxlogic.agent.graph import build_graph

    contexts: dict[str, object] = {}
    exemplars = exemplar_source(ds, opts)  # never a case related to an evaluated item
    lock = threading.Lock()

    rule_sets = dict.fromkeys(c.rules for c in ds.items)
    opts.engines.warm(rule_sets)  # KBs load while the first LLM calls are out
    _warm_checks(ds, rule_sets)  # so do the checks' one-time loads
    # set up once, before any case: the chat model every context shares (HTTP clients, TLS) and
    # the compiled graph; done on the first cases' threads instead, every case in flight waits
    model = chat_model_for(opts)[0]
    build_graph()

    def ctx_for(rules: str):
        ctx = contexts.get(rules)
        if ctx is not None:
            return ctx
        with lock:  # one context (engine, prompts) per rule set, whatever the threads
            if rules not in contexts:
                ctx = make_context(ds.rule_sets[rules], opts.engines.lazy(rules), opts.settings,
                                   model_name=opts.model_name, budget=opts.budget, grammar=opts.grammar,
                                   anchors=opts.anchors, model=model)
                contexts[rules] = replace(ctx, show_query=opts.query_in_prompt)
            return contexts[rules]

    def run(item) -> CaseRecord:
        with span("setup"):
            ctx = ctx_for(item.rules)
            if opts.exemplars:
                ctx = replace(ctx, exemplars=exemplars.block(item.text, item.kind, ctx.domain))
        result = solve(CaseInput.from_case(item), ctx, samples=opts.samples)
        errors = [i.render() for r in result.rounds for i in r.issues]
        why = None
        if opts.explain and not result.abstained and result.query:
            from taxlogic.eval.scoring.explained import explain_item

            with span("explain"):
                why = explain_item(opts.engines(item.rules), item, result.facts, query=result.query)[1]
        return CaseRecord(**record_base(item, ds, "agent", ctx.model.model_name), prediction=result.answer,
                          abstained=result.abstained, reason=result.reason, rounds=len(result.rounds),
                          input_tokens=result.input_tokens, output_tokens=result.output_tokens,
                          cached_tokens=_cached(r.cached_tokens for r in result.rounds),
                          seconds=result.seconds, errors=errors[-20:], facts=result.facts,
                          transcript=transcript_of(result), explanation=why)
    return run


def chat_model_for(opts: MethodOptions, **overrides: Any) -> tuple[Any, str, "Settings"]:
    """(chat model, its name, settings) for an LLM method: ``opts.model`` if given, else the
    configured endpoint's (``opts.model_name`` overriding ``TAXLOGIC_LLM_MODEL``)."""
    from taxlogic.agent import llm
    from taxlogic.settings import get_settings

    settings = opts.settings or get_settings()
    if opts.model_name:
        settings = settings.model_copy(update={"llm_model": opts.model_name})
    model = opts.model if opts.model is not None else llm.chat_model(settings, **overrides)
    return model, getattr(model, "model_name", None) or settings.llm_model, settings


@register_method("direct")
def direct_method(ds: "Dataset", opts: MethodOptions) -> Method:
    from taxlogic.agent import llm
    from taxlogic.eval.methods.direct import direct_messages, parse_direct_answer

    model, name, settings = chat_model_for(opts)
    statutes = {rules: rs.statute_text() for rules, rs in ds.rule_sets.items()}

    def once(item, seed: int | None) -> CaseRecord:
        messages = direct_messages(item.text, item.question, item.kind, statutes[item.rules])
        base = record_base(item, ds, "direct", name)
        try:
            reply = llm.invoke(model, messages, max_retries=settings.llm_max_retries, wait=opts.wait,
                               **({} if seed is None else {"seed": seed}))
        except llm.LLMRequestRejected as exc:  # endpoint failures propagate: the case is errored
            return CaseRecord(**base, invalid=True, reason=f"LLM call failed: {llm.describe_error(exc)}",
                              errors=[llm.describe_error(exc)])
        parsed = parse_direct_answer(reply.text, item.kind)
        return CaseRecord(**base, prediction=parsed.answer if parsed.valid else None,
                          invalid=not parsed.valid, reason=parsed.invalid_reason, rounds=1,
                          input_tokens=reply.input_tokens, output_tokens=reply.output_tokens, cached_tokens=reply.cached_tokens,
                          seconds=reply.seconds, details={"confidence": parsed.confidence, "raw": reply.text[:2000]})
    return lambda item: agreed_attempts(lambda seed: once(item, seed), opts.samples)


@register_method("prolog-single-shot")
def single_shot_method(ds: "Dataset", opts: MethodOptions) -> Method:
    """The paper's Prolog baseline (Kordjamshidi et al. §4.2 "Mapping to Logical Solvers", Tables 6
    and 9; Jurayj et al. 2025 without self-consistency): the A.1.4/A.1.5 prompt (with exemplars and
    the query block as ``opts`` say), one LLM call, :func:`~taxlogic.tools.facts.check_safety`
    (no vocabulary-of-values checks, no inspector), one Prolog run of the hand-written query, and
    the answer Prolog gives: entailment, proved or not; numeric, the first binding of the tax
    variable in whole dollars. A safety rejection, an empty translation, an LLM failure, a Prolog
    error or limit, or no value is an *invalid* answer (wrong, never an abstention)."""
    from taxlogic.agent import llm
    from taxlogic.core import CaseInput
    from taxlogic.kb.domain import get_domain
    from taxlogic.kb.sara.domain import answer_of
    from taxlogic.tools.facts import check_safety

    exemplars = exemplar_source(ds, opts)  # refuses before any model (or its cache) is set up
    model, name, settings = chat_model_for(opts)
    domain = get_domain("sara")

    def once(item, seed: int | None) -> CaseRecord:
        base = record_base(item, ds, "prolog-single-shot", name)
        inp = CaseInput.from_case(item)
        messages = translation_messages(ds, item, opts, exemplars)
        try:
            reply = llm.invoke(model, messages, max_retries=settings.llm_max_retries, wait=opts.wait,
                               **({} if seed is None else {"seed": seed}))
        except llm.LLMError as exc:
            return CaseRecord(**base, invalid=True, reason=f"LLM call failed: {llm.describe_error(exc)}",
                              errors=[llm.describe_error(exc)])
        usage = dict(rounds=1, input_tokens=reply.input_tokens, output_tokens=reply.output_tokens,
                     cached_tokens=reply.cached_tokens)
        check = check_safety(reply.text, ds.rule_sets[item.rules].vocabulary)
        if check.problems or not check.facts:
            why = check.format_problems() or "no Prolog facts in the reply"
            return CaseRecord(**base, **usage, invalid=True, reason=f"rejected by the safety check: {why.splitlines()[0]}",
                              errors=why.splitlines()[:20], facts=reply.text, seconds=reply.seconds)
        job = domain.query_job(inp, inp.query, check.canonical)
        outcome = opts.engines(item.rules).run(job.model_copy(update={"mode": "first"}) if job.mode == "all" else job)
        ans = answer_of(item, outcome)
        return CaseRecord(**base, **usage, prediction=ans.value, invalid=ans.value is None, reason=ans.reason,
                          facts=check.canonical, seconds=reply.seconds + outcome.seconds,
                          details={"outcome": outcome.summary(), "inferences": outcome.inferences})
    return lambda item: agreed_attempts(lambda seed: once(item, seed), opts.samples)


def agreed_attempts(attempt: Callable[[int | None], CaseRecord], samples: int) -> CaseRecord:
    """``samples`` independent attempts at one case (``attempt(seed)``: the endpoint gets
    ``seed`` = 0, 1 … so the attempts differ and cache apart; one attempt: no seed), and the
    answer only when they agree (Jurayj, Holzenberger and Van Durme 2025: abstain when two
    generations disagree). All invalid alike (no readable answer): invalid, as their scoring reads
    two failed programs; otherwise any difference, one invalid included, is an abstention. Tokens,
    rounds and seconds are summed; ``details["attempts"]`` lists each attempt's answer."""
    if samples <= 1:
        return attempt(None)
    recs = [attempt(i) for i in range(samples)]
    answers = [None if r.invalid else r.prediction for r in recs]
    usage = dict(rounds=sum(r.rounds or 0 for r in recs), input_tokens=sum(r.input_tokens or 0 for r in recs),
                 output_tokens=sum(r.output_tokens or 0 for r in recs),
                 cached_tokens=_cached(r.cached_tokens for r in recs), seconds=sum(r.seconds or 0 for r in recs))
    details = {**(recs[0].details or {}), "attempts": answers}
    if len(set(map(repr, answers))) == 1:
        return recs[0].model_copy(update={**usage, "details": details})
    return recs[0].model_copy(update={**usage, "details": details, "prediction": None, "invalid": False,
                                      "abstained": True, "reason": f"the {samples} attempts disagree: "
                                      + ", ".join("invalid" if a is None else str(a) for a in answers)})


def translation_messages(ds: "Dataset", item: Any, opts: MethodOptions, exemplars: Any = None, *,
                         agent: bool = False) -> list:
    """The first translation request for ``item`` as ``prolog-single-shot`` and the agent send it:
    SARA's system prompt for the item's task and rule set (anchored as ``opts.anchors`` says: the
    paper's protocol sends the appendix's A.1.4/A.1.5 as they are), then the case with its
    exemplar block (``exemplars``: an :func:`exemplar_source`, None when ``opts.exemplars`` is 0)
    and, if ``opts.query_in_prompt``, the query block. ``agent``: the agent's first request (its
    exemplars rendered in the domain's format)."""
    from langchain_core.messages import HumanMessage, SystemMessage

    from taxlogic.core import CaseInput
    from taxlogic.kb.domain import get_domain

    domain = get_domain("sara").with_anchors(opts.anchors)
    inp = CaseInput.from_case(item)
    block = ""
    if opts.exemplars and exemplars is not None:
        block = exemplars.block(item.text, item.kind, domain) if agent else exemplars.block(item.text, item.kind)
    return [SystemMessage(domain.system_prompt(ds.rule_sets[item.rules], item.kind)),
            HumanMessage(domain.user_prompt(inp, inp.query if opts.query_in_prompt else None, block))]
