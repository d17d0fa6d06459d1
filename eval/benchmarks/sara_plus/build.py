"""Building a SARA⁺ release from a seed (paper §3.2, Table 2): every split written, every item's
gold answer recomputed by Prolog and checked, and the build record.

A build folder holds ``<split>.jsonl`` for each of :data:`~taxlogic.eval.benchmarks.sara_plus.SPLITS` (one
:class:`~taxlogic.kb.sara.data.cases.Case` per line), the perturbed statutes r' (``statutes_r_prime/``,
:mod:`taxlogic.eval.benchmarks.sara_plus.rules`), ``manifest.json`` (every change of r'), ``build.json`` (the build
record: counts, dropped items with reasons, gold agreement) and ``DATACARD.md``
(:mod:`taxlogic.eval.benchmarks.sara_plus.datacard`).

How items are made: ``_r`` splits rerun the original cases under r' (the statutory amounts a text
quotes set to their r' values); ``_c``/``_rc`` splits apply case perturbation c to amounts and
dates (:mod:`taxlogic.eval.benchmarks.sara_plus.cases`); for an En case up to :data:`ATTEMPTS`
seeded draws are tried, and the first giving an amount under both ``r`` and ``r'`` is kept. A
negative claim whose provision no longer applies to the perturbed case (no amount satisfies it: a
bracket-(ii) tax for an income in bracket (i)) states its original amount offset by ±(1–5)%, as
it is false whatever it states (counted in ``build.json`` under ``notes``). Every item carries
``source_id`` (its SARA case). ``build.json`` counts per split what changed: the changes of r' by type
(amounts, rates, thresholds, dates) for items under r', and summed over the items the case
amounts, dates, quoted statutory amounts and restated claims, with the mean share of the source
text's words an item does not keep. ``sara_ee_c`` paraphrases the Ee texts
(:mod:`taxlogic.eval.benchmarks.sara_plus.paraphrase`).

**Verification**: every item is serialised, read back and run (gold facts, claim or tax query)
under its own rule set before it is written; an item whose answer differs from its stored answer is
dropped, as is an item whose perturbation changed nothing or failed; ``build.json`` lists every
dropped item with the reason and the gold agreement per split (100% of what is written).

Determinism: every random draw comes from ``random.Random`` seeded by the build seed and the
case id, files are sorted and carry no timestamps, so one seed gives byte-identical output (the
LLM paraphraser is the exception: it depends on the model).
"""

from __future__ import annotations

import hashlib
import json
import random
import re
import shutil
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable, Literal

from taxlogic.eval.scoring.metrics import answer_correct
from taxlogic.eval.benchmarks.sara_plus import R, R_PRIME, SPLITS
from taxlogic.eval.benchmarks.sara_plus.cases import (
    apply_amounts,
    apply_dates,
    apply_statute_quotes,
    changed_statute_amounts,
    claimed_amount,
    is_numerical,
    offset_amount,
    perturb_amounts,
    perturb_dates,
    perturbable_amounts,
    perturbable_dates,
    recomputed_amount,
    restated_statute_amounts,
    stale_percentages,
    statute_quotes,
    text_amounts,
    value_job,
    with_claimed,
    with_label,
)
from taxlogic.eval.benchmarks.sara_plus.datacard import datacard
from taxlogic.eval.benchmarks.sara_plus.paraphrase import Paraphraser, llm_paraphraser, offline_paraphraser, words_changed
from taxlogic.eval.benchmarks.sara_plus.rules import TYPES, perturb_rules, statute_amounts
from taxlogic.kb.sara.data.cases import Case, load_cases
from taxlogic.kb.sara.data.install import SARA_COMMIT, SARA_RELEASE, DataError
from taxlogic.kb.rules import RuleSet
from taxlogic.kb.sara.data.install import sara_rules
from taxlogic.kb.sara.domain import answer_of, case_job
from taxlogic.tools.engine import Engine, Job, Outcome

RULES_DIR = "statutes_r_prime"
ATTEMPTS = 8
BUILD_RECORD = "build.json"

Progress = Callable[[str, int, int], None]


@dataclass
class Dropped:
    split: str
    source: str
    reason: str

    def as_dict(self) -> dict:
        return {"split": self.split, "source": self.source, "reason": self.reason}


@dataclass
class _Build:
    items: dict[str, list[Case]] = field(default_factory=lambda: {s: [] for s in SPLITS})
    dropped: list[Dropped] = field(default_factory=list)
    notes: dict[str, Counter] = field(default_factory=dict)
    changed: set[int] = field(default_factory=set)  # statutory amounts r' changes
    amounts: dict[str, dict[int, int]] = field(default_factory=dict)  # {section: {old: new}} of r'
    changes: dict[str, Counter] = field(default_factory=dict)  # item id -> what its perturbation changed

    def quotes(self, case: Case) -> dict[int, int]:
        """The statutory amounts the case text quotes, old -> r' value (:func:`statute_quotes`)."""
        return statute_quotes(case.text, self.amounts)

    def r_prime_obstacle(self, case: Case) -> str | None:
        restated = restated_statute_amounts(case, self.changed, self.quotes(case))
        if restated:
            return ("the text restates a statutory amount that r' changes (" + ", ".join(f"${a}" for a in restated)
                    + "), not held in the gold facts")
        stale = stale_percentages(case)
        if stale:
            return f"the text states a computed percentage ({', '.join(stale)}) that r' would make false"
        return None

    def under_r_prime(self, case: Case, item_id: str) -> Case:
        """``case`` with the statutory amounts its text quotes set to their r' values; the count
        recorded under ``item_id``."""
        quotes = self.quotes(case)
        if quotes:
            self.changes.setdefault(item_id, Counter())["statute_quotes"] += len(quotes)
        return apply_statute_quotes(case, quotes)

    def c_obstacle(self, case: Case) -> str | None:
        stale = stale_percentages(case)
        if stale:
            return f"the text states a computed percentage ({', '.join(stale)}) that a perturbation of the amounts would make false"
        return None

    def perturb(self, case: Case, seed: int, attempt: int) -> tuple[Case, Counter] | None:
        """Case perturbation c of ``case`` (draw ``attempt``): its amounts (quoted statutory
        amounts left alone) and its dates, or None if it has neither."""
        amounts = perturb_amounts(case, random.Random(f"sara-plus-case:{seed}:{case.id}:{attempt}"), self.quotes(case))
        dates = perturb_dates(case, random.Random(f"sara-plus-case-dates:{seed}:{case.id}:{attempt}"))
        if not amounts and not dates:
            return None
        return apply_dates(apply_amounts(case, amounts), dates), Counter(amounts=len(amounts), dates=len(dates))

    def note(self, split: str, what: str) -> None:
        self.notes.setdefault(split, Counter())[what] += 1

    def drop(self, split: str, source: str, reason: str) -> None:
        self.dropped.append(Dropped(split, source, reason))


NOTHING_TO_PERTURB = "no dollar amount or date of the text occurs in the gold facts or claim: nothing to perturb"


def default_build_dir(seed: int, data_dir: Path | None = None) -> Path:
    """``<data_dir>/sara_plus/seed-<seed>`` (data_dir: the configured ``TAXLOGIC_DATA_DIR``)."""
    if data_dir is None:
        from taxlogic.settings import get_settings

        data_dir = get_settings().data_dir
    return Path(data_dir).expanduser() / "sara_plus" / f"seed-{seed}"


def plus_rules(build_dir: Path) -> RuleSet:
    """The perturbed rule set ``r'`` of a build (``<build>/statutes_r_prime``)."""
    d = Path(build_dir) / RULES_DIR
    return RuleSet(R_PRIME, d / "prolog", d / "source")


def load_plus_split(build_dir: Path, split: str) -> list[Case]:
    """The items of one split of a build, in file order (sorted by id).
    Raises ValueError for an unknown split, FileNotFoundError if the build lacks it."""
    if split not in SPLITS:
        raise ValueError(f"unknown SARA⁺ split {split!r}; splits: {', '.join(SPLITS)}")
    path = Path(build_dir) / f"{split}.jsonl"
    if not path.is_file():
        raise FileNotFoundError(f"{path} not found: run `taxlogic data plus` first")
    return [Case.model_validate_json(line) for line in path.read_text().splitlines() if line.strip()]


def _run(engine: Engine, jobs: list[Job], progress: Progress | None, stage: str) -> list[Outcome]:
    out = []
    for i, o in enumerate(engine.run_many(jobs), 1):
        out.append(o)
        if progress:
            progress(stage, i, len(jobs))
    return out


def _with_rules_answer(case: Case, outcome: Outcome, rules: str, new_id: str) -> tuple[Case | None, str | None]:
    ans = answer_of(case, outcome)
    if ans.value is None:
        return None, f"no gold answer under {rules}: {ans.reason}"
    upd = {"id": new_id, "rules": rules, "source_id": case.source_id or case.id}
    if case.kind == "numeric":
        upd.update(expected=ans.value, claim_query=f"tax({case.person},{case.year},{ans.value})")
        upd["gold_test"] = upd["claim_query"]
        return case.model_copy(update=upd), None
    return with_label(case.model_copy(update=upd), ans.value), None


def _tax_job(case: Case) -> Job:
    return case_job(case, case.gold_program, mode="first")


def _numeric_c(cases: list[Case], seed: int, eng: dict[str, Engine], b: _Build, progress: Progress | None) -> None:
    todo = []
    for c in cases:
        if b.c_obstacle(c):
            for sp in ("sara_n_c", "sara_n_rc"):
                b.drop(sp, c.id, b.c_obstacle(c))
            continue
        got = b.perturb(c, seed, 0)
        if got is None:
            for s in ("sara_n_c", "sara_n_rc"):
                b.drop(s, c.id, NOTHING_TO_PERTURB)
            continue
        todo.append((c, *got))
    for rules, split, suffix in ((R, "sara_n_c", "__c"), (R_PRIME, "sara_n_rc", "__rc")):
        cases_in = [p if rules == R else b.under_r_prime(p, src.id + suffix) for src, p, _ in todo]
        outs = _run(eng[rules], [_tax_job(c) for c in cases_in], progress, split)
        for (src, _, counts), c, o in zip(todo, cases_in, outs):
            if rules == R_PRIME and b.r_prime_obstacle(src):
                b.drop(split, src.id, b.r_prime_obstacle(src))
                continue
            item, why = _with_rules_answer(c, o, rules, src.id + suffix)
            if item is None:
                b.drop(split, src.id, why)
            else:
                b.changes.setdefault(item.id, Counter()).update(counts)
                b.items[split].append(item)


def _en_option(source: Case, outcome: Outcome, seed: int, rules: str) -> tuple[str, int | None, str | None]:
    """What a perturbed dollar claim can state under ``rules``: ("value", amount, None) for the
    recomputed amount (negative sources: offset by ±(1–5)%, never to the source's claimed
    amount), ("any", amount, None) for a negative source whose claim now holds for no amount
    (false whatever it states: its original amount offset by ±(1–5)%), or ("none", None, reason)."""
    v, why = recomputed_amount(outcome)
    negative = source.expected == "Contradiction"
    if v is not None:
        if not negative:
            return "value", v, None
        off = offset_amount(v, random.Random(f"sara-plus-offset:{seed}:{source.id}:{rules}"), avoid=[claimed_amount(source)[0]])
        if off is None:
            return "none", None, "the recomputed amount is $0: no ±(1–5)% offset makes a negative claim"
        return "value", off, None
    if negative and outcome.status in ("failed", "error"):
        original = claimed_amount(source)[0]
        off = offset_amount(original, random.Random(f"sara-plus-offset:{seed}:{source.id}:{rules}"), avoid=[original])
        if off is None:
            return "none", None, "the claim holds for no amount and states $0: no ±(1–5)% offset exists"
        return "any", off, None
    return "none", None, why


def _en_c(cases: list[Case], seed: int, eng: dict[str, Engine], b: _Build, progress: Progress | None) -> None:
    """En^c and En^rc. Up to :data:`ATTEMPTS` seeded draws per case, all run under r and r'; the
    first draw giving a recomputed amount under both rule sets is kept, else the first giving an
    item under both (negative claims that now hold for no amount keep their amount), else the
    first giving an item under r (the rc item is dropped)."""
    trials: list[tuple[Case, int, Case]] = []
    counts: dict[tuple[str, int], Counter] = {}
    for c in cases:
        if not perturbable_amounts(c, b.quotes(c)) and not perturbable_dates(c):
            for s in ("sara_en_c", "sara_en_rc"):
                b.drop(s, c.id, NOTHING_TO_PERTURB)
            continue
        if claimed_amount(c)[0] in text_amounts(c.text):
            for s in ("sara_en_c", "sara_en_rc"):
                b.drop(s, c.id, "the claimed amount is also stated in the case text")
            continue
        if b.c_obstacle(c):
            for s in ("sara_en_c", "sara_en_rc"):
                b.drop(s, c.id, b.c_obstacle(c))
            continue
        for attempt in range(ATTEMPTS):
            got = b.perturb(c, seed, attempt)
            if got is not None:
                p, n = got
                if claimed_amount(p) == claimed_amount(c):  # a new amount may collide with the claimed one
                    trials.append((c, attempt, p))
                    counts[(c.id, attempt)] = n
    outs = {}
    for rules, split in ((R, "sara_en_c"), (R_PRIME, "sara_en_rc")):
        jobs = [value_job(p if rules == R else apply_statute_quotes(p, b.quotes(c))) for c, _, p in trials]
        outs[rules] = _run(eng[rules], jobs, progress, split)
    by_case: dict[str, list[tuple[Case, dict[str, tuple[str, int | None, str | None]], Counter]]] = {}
    for k, (c, attempt, p) in enumerate(trials):
        opts = {rules: _en_option(c, outs[rules][k], seed, rules) for rules in (R, R_PRIME)}
        by_case.setdefault(c.id, []).append((p, opts, counts[(c.id, attempt)]))
    for c in cases:
        if c.id not in by_case:
            if ((perturbable_amounts(c, b.quotes(c)) or perturbable_dates(c))
                    and claimed_amount(c)[0] not in text_amounts(c.text) and not b.c_obstacle(c)):
                for s in ("sara_en_c", "sara_en_rc"):
                    b.drop(s, c.id, "no admissible draw of the amounts")
            continue
        tries = by_case[c.id]
        pick = (
            next((t for t in tries if t[1][R][0] == "value" and t[1][R_PRIME][0] == "value"), None)
            or next((t for t in tries if t[1][R][0] != "none" and t[1][R_PRIME][0] != "none"), None)
            or next((t for t in tries if t[1][R][0] != "none"), None)
        )
        if pick is None:
            why = tries[0][1][R][2]
            for s in ("sara_en_c", "sara_en_rc"):
                b.drop(s, c.id, f"no draw of {ATTEMPTS} gives the claim an amount to state ({why})")
            continue
        p, opts, n = pick
        for rules, split, suffix in ((R, "sara_en_c", "__c"), (R_PRIME, "sara_en_rc", "__rc")):
            kind, amount, why = opts[rules]
            if rules == R_PRIME and b.r_prime_obstacle(c):
                b.drop(split, c.id, b.r_prime_obstacle(c))
                continue
            if kind == "none":
                b.drop(split, c.id, f"no draw of {ATTEMPTS} gives the claim an amount to state under {rules} ({why})")
                continue
            if kind == "any":
                b.note(split, "negative claims whose provision no longer applies (original amount offset by ±(1–5)%)")
            base = p if rules == R else b.under_r_prime(p, c.id + suffix)
            item = with_claimed(base, amount).model_copy(update={"id": c.id + suffix, "rules": rules, "source_id": c.id})
            b.changes.setdefault(item.id, Counter()).update(n + Counter(claims=int(amount != claimed_amount(c)[0])))
            b.items[split].append(with_label(item, str(c.expected)))


def _verify(items: list[Case], eng: dict[str, Engine], progress: Progress | None) -> list[tuple[Case, bool, str | None]]:
    """Serialise, read back and run every item under its rule set: (item, agrees, reason)."""
    parsed = [Case.model_validate_json(c.model_dump_json()) for c in items]
    result: list[tuple[Case, bool, str | None] | None] = [None] * len(parsed)
    for rules in (R, R_PRIME):
        idx = [i for i, c in enumerate(parsed) if c.rules == rules]
        jobs = [case_job(parsed[i], parsed[i].gold_program, mode="first") for i in idx]
        for n, (i, o) in enumerate(zip(idx, eng[rules].run_many(jobs)), 1):
            ans = answer_of(parsed[i], o)
            ok = answer_correct(parsed[i].kind, parsed[i].expected, ans.value)
            why = None if ok else f"gold check under {rules}: got {ans.value if ans.value is not None else ans.reason}, stored {parsed[i].expected}"
            result[i] = (parsed[i], ok, why)
            if progress:
                progress("verify", n, len(idx))
    return [r for r in result if r is not None]


def build_plus(
    seed: int,
    out_dir: Path | None = None,
    *,
    data_dir: Path | None = None,
    case_ids: Iterable[str] | None = None,
    paraphrase: Literal["offline", "llm"] = "offline",
    paraphraser: Paraphraser | None = None,
    engine_r: Engine | None = None,
    workers: int | None = None,
    progress: Progress | None = None,
) -> dict:
    """Build SARA⁺ for ``seed`` into ``out_dir`` (default :func:`default_build_dir`) and return
    the build record (also written as ``build.json``).

    ``case_ids`` restricts the build to some SARA cases (tests); ``engine_r`` reuses an engine on
    the original rules; ``paraphraser`` overrides the ``paraphrase`` mode. The folder is written
    in a staging folder beside ``out_dir`` and swapped in at the end; an existing ``out_dir`` is
    replaced only if it is a SARA⁺ build (holds ``build.json``) or empty.
    """
    out = Path(out_dir) if out_dir else default_build_dir(seed, data_dir)
    if out.exists() and any(out.iterdir()) and not (out / BUILD_RECORD).is_file():
        raise DataError(f"{out} exists and is not a SARA⁺ build (no {BUILD_RECORD}); choose another --out")
    cases = load_cases(data_dir)
    if case_ids is not None:
        wanted = set(case_ids)
        unknown = wanted - {c.id for c in cases}
        if unknown:
            raise KeyError(f"unknown SARA case(s): {', '.join(sorted(unknown))}")
        cases = [c for c in cases if c.id in wanted]
    numeric = [c for c in cases if c.kind == "numeric"]
    en = [c for c in cases if c.kind == "entailment" and is_numerical(c)]
    ee = [c for c in cases if c.kind == "entailment" and not is_numerical(c)]

    out.parent.mkdir(parents=True, exist_ok=True)
    stage = out.parent / f".{out.name}.building"
    if stage.exists():
        shutil.rmtree(stage)
    stage.mkdir()
    rules_r = engine_r.rules if engine_r else sara_rules(data_dir)
    manifest = perturb_rules(rules_r, stage / RULES_DIR, seed)
    if progress:
        progress("rules", 1, 1)

    b = _Build(changed=changed_statute_amounts(manifest), amounts=statute_amounts(manifest))
    own: list[Engine] = []
    try:
        if engine_r is None:
            engine_r = Engine(rules_r, workers=workers)
            own.append(engine_r)
        engine_rp = Engine(plus_rules(stage), workers=workers)
        own.append(engine_rp)
        eng = {R: engine_r, R_PRIME: engine_rp}

        b.items["sara_n"] = [c.model_copy(update={"source_id": c.id}) for c in numeric]
        b.items["sara_en"] = [c.model_copy(update={"source_id": c.id}) for c in en]
        b.items["sara_ee"] = [c.model_copy(update={"source_id": c.id}) for c in ee]
        for split, src in (("sara_n_r", numeric), ("sara_en_r", en)):
            under = [b.under_r_prime(c, c.id + "__r") for c in src]
            outs = _run(engine_rp, [case_job(c, c.gold_program, mode="first") for c in under], progress, split)
            for c, u, o in zip(src, under, outs):
                if b.r_prime_obstacle(c):
                    b.drop(split, c.id, b.r_prime_obstacle(c))
                    continue
                item, why = _with_rules_answer(u, o, R_PRIME, c.id + "__r")
                if item is None:
                    b.drop(split, c.id, why)
                else:
                    b.items[split].append(item)
        _numeric_c(numeric, seed, eng, b, progress)
        _en_c(en, seed, eng, b, progress)

        para = paraphraser or (llm_paraphraser() if paraphrase == "llm" else offline_paraphraser())
        for i, c in enumerate(ee, 1):
            text, why = para(c.text, random.Random(f"sara-plus-paraphrase:{seed}:{c.id}"))
            if text is None or text == c.text:
                b.drop("sara_ee_c", c.id, why or "the paraphrase changed nothing")
            else:
                b.items["sara_ee_c"].append(c.model_copy(update={"id": c.id + "__p", "text": text, "source_id": c.id}))
            if progress:
                progress("sara_ee_c", i, len(ee))

        flat = [(s, c) for s in SPLITS for c in b.items[s]]
        checked = _verify([c for _, c in flat], eng, progress)
    finally:
        for e in own:
            e.close()

    kept: dict[str, list[Case]] = {s: [] for s in SPLITS}
    for (split, source), (item, ok, why) in zip(flat, checked):
        if ok:
            kept[split].append(item)
        else:
            b.drop(split, item.source_id or item.id, why)
    for s in SPLITS:
        kept[s].sort(key=lambda c: c.id)
        ids = [c.id for c in kept[s]]
        if len(ids) != len(set(ids)):
            raise RuntimeError(f"{s}: duplicate item ids")
        (stage / f"{s}.jsonl").write_text("".join(c.model_dump_json() + "\n" for c in kept[s]))
    all_ids = [c.id for s in SPLITS for c in kept[s]]
    if len(all_ids) != len(set(all_ids)):
        raise RuntimeError("duplicate item ids across splits")

    record = _record(seed, kept, b.dropped, b.notes, b.changes, manifest, paraphrase if paraphraser is None else "custom",
                     {s: (stage / f"{s}.jsonl").read_bytes() for s in SPLITS}, n_cases=len(cases),
                     counts_source={"numeric": len(numeric), "en": len(en), "ee": len(ee)},
                     sources={c.id: c for c in cases})
    (stage / "manifest.json").write_text(json.dumps(manifest, indent=2, sort_keys=True, ensure_ascii=False) + "\n")
    (stage / BUILD_RECORD).write_text(json.dumps(record, indent=2, sort_keys=True, ensure_ascii=False) + "\n")
    (stage / "DATACARD.md").write_text(datacard(record, manifest))
    if out.exists():
        shutil.rmtree(out)
    stage.rename(out)
    return record


def _record(seed, kept, dropped, notes, changes, manifest, paraphrase, blobs, *, n_cases, counts_source, sources) -> dict:
    splits = {}
    rule_counts = manifest["counts"]
    for s in SPLITS:
        items = kept[s]
        info: dict = {"items": len(items), "gold_correct": len(items), "gold_agreement": 1.0 if items else None,
                      "sha256": hashlib.sha256(blobs[s]).hexdigest()}
        if items and items[0].kind == "entailment":
            info["labels"] = dict(sorted(Counter(str(c.expected) for c in items).items()))
        info["source_splits"] = dict(sorted(Counter(str(c.split) for c in items).items()))
        changed = 0
        for c in items:
            src = sources.get(c.source_id or c.id)
            if src is not None and (c.expected != src.expected or c.question != src.question):
                changed += 1
        info["answer_changed"] = changed
        total = sum((changes.get(c.id, Counter()) for c in items), Counter())
        under_rp = bool(items) and items[0].rules == R_PRIME
        info["changes"] = {
            "rules": {t: (rule_counts[t] if under_rp else 0) for t in TYPES},
            "cases": {k: total[k] for k in ("amounts", "dates", "statute_quotes", "claims")},
        }
        shares = [words_changed(sources[c.source_id].text, c.text) for c in items if c.source_id in sources]
        info["words_changed"] = round(sum(shares) / len(shares), 4) if shares else 0.0
        splits[s] = info
    drops = sorted((d.as_dict() for d in dropped), key=lambda d: (SPLITS.index(d["split"]), d["source"], d["reason"]))
    reasons: dict[str, Counter] = {}
    for d in drops:
        reasons.setdefault(d["split"], Counter())[_reason_kind(d["reason"])] += 1
    return {
        "seed": seed,
        "source": {"dataset": SARA_RELEASE, "commit": SARA_COMMIT, "cases": n_cases, **counts_source},
        "criterion": "En iff the question states a dollar amount $N that is an argument of the claim query (a dollar claim); Ee otherwise",
        "paraphrase": paraphrase,
        "rule_changes": len(manifest["changes"]),
        "rule_change_counts": dict(rule_counts),
        "splits": splits,
        "dropped_counts": {s: dict(sorted(c.items())) for s, c in reasons.items()},
        "notes": {s: dict(sorted(c.items())) for s, c in sorted(notes.items())},
        "dropped": drops,
    }


def _reason_kind(reason: str) -> str:
    return re.sub(r"\s*\(.*$", "", reason.split(":")[0]).strip()


# ------------------------------------------------------------------------------ checking a build


def gold_check(build_dir: Path, *, splits: Iterable[str] | None = None, engine_r: Engine | None = None,
               engine_rp: Engine | None = None, workers: int | None = None,
               progress: Progress | None = None) -> dict[str, tuple[int, int]]:
    """Run the gold method (:func:`taxlogic.eval.methods.gold.run_gold`) on every split of a build, each
    item under its own rule set (``r``: SARA's statutes, ``r'``: the build's). Returns
    ``{split: (total, correct)}``; ``progress("recheck", done, total)`` counts splits."""
    from taxlogic.eval.methods.gold import run_gold

    build_dir = Path(build_dir)
    names = list(splits or SPLITS)
    data = {s: load_plus_split(build_dir, s) for s in names}
    own = []
    try:
        if engine_r is None and any(c.rules == R for v in data.values() for c in v):
            engine_r = Engine(sara_rules(), workers=workers)
            own.append(engine_r)
        if engine_rp is None and any(c.rules == R_PRIME for v in data.values() for c in v):
            engine_rp = Engine(plus_rules(build_dir), workers=workers)
            own.append(engine_rp)
        eng = {R: engine_r, R_PRIME: engine_rp}
        out = {}
        for s in names:
            correct = 0
            for rules in (R, R_PRIME):
                items = [c for c in data[s] if c.rules == rules]
                if items:
                    correct += sum(r.correct for r in run_gold(eng[rules], items))
            out[s] = (len(data[s]), correct)
            if progress:
                progress("recheck", len(out), len(names))
        return out
    finally:
        for e in own:
            e.close()


def build_summary(record: dict, checked: dict[str, tuple[int, int]] | None, *, out: Path, seconds: float) -> dict:
    """What ``taxlogic data plus`` reports (``--json``) for a build: its record's counts per split,
    with the gold agreement of the re-check (:func:`gold_check`: ``{split: (total, correct)}``)
    where one was run, else the build's own; ``seconds`` of wall time, rounded to 0.1."""
    def agreement(split: str, info: dict) -> tuple[int, int]:
        return (checked or {}).get(split, (info["items"], info["gold_correct"]))

    return {
        "out": str(out),
        "seed": record["seed"],
        "paraphrase": record["paraphrase"],
        "source": record["source"],
        "rule_changes": record["rule_changes"],
        "rule_change_counts": record["rule_change_counts"],
        "splits": {
            s: {
                "items": info["items"],
                "gold_correct": agreement(s, info)[1],
                "gold_agreement": _ratio(agreement(s, info)),
                "dropped": sum(record["dropped_counts"].get(s, {}).values()),
                "source_splits": info["source_splits"],
                "changes": info["changes"],
                "words_changed": info["words_changed"],
                **({"labels": info["labels"]} if "labels" in info else {}),
            }
            for s, info in record["splits"].items()
        },
        "dropped": record["dropped_counts"],
        "notes": record["notes"],
        "rechecked": checked is not None,
        "seconds": round(seconds, 1),
    }


def _ratio(pair: tuple[int, int]) -> float | None:
    total, correct = pair
    return round(correct / total, 4) if total else None
