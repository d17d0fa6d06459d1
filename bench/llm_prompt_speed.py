"""Benchmark: prompt-evaluation speed of the embedded model with and without flash attention.

Why: RuleArena's tax prompts (~7.2k tokens) differ from one problem to the next after ~100 tokens,
so llama.cpp's prefix reuse cannot help and prompt evaluation dominates a direct run. This
measures the setting ``TAXLOGIC_SERVE_FLASH_ATTN`` (``serve_flash_attn``, default on) decides.

What: the first RuleArena tax level-0 problem (system + 0-shot user prompt, read from
the RuleArena data taxlogic uses, :func:`taxlogic.eval.benchmarks.rulearena.data.rulearena_root`, or ``--derived``), tokenised and truncated to ``--tokens`` (default
7000), is evaluated once per configuration in a fresh ``llama_cpp.Llama`` (the same GGUF the
server runs, ``--threads`` threads, default all cores). Printed: tokens, seconds, tokens per
second per configuration, then the speed-up. No server and no LLM cache are involved.

Figures on the 2-core development machine (Xeon, AVX-512), SmolLM2-135M Q4_1, 7000 tokens:
flash attention off 56.3 s (124 tok/s), on 37.0 s (189 tok/s), speed-up 1.5.
On a 2-core AMD EPYC (AVX2, no AVX-512), 3000 tokens, 2 threads: off 42.7 s (70 tok/s), on 29.7 s
(101 tok/s), speed-up 1.44; a whole 7.3k-token tax prompt on one thread took 226 s (32 tok/s).

Usage: ``python bench/llm_prompt_speed.py [--tokens 7000] [--threads N] [--derived DIR]``
"""

from __future__ import annotations

import argparse
import json
import os
import time
from pathlib import Path


def main() -> None:
    from taxlogic.eval.benchmarks.rulearena.data import rulearena_root
    from taxlogic.llm_server import gguf_path

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tokens", type=int, default=7000, help="prompt tokens to evaluate")
    ap.add_argument("--threads", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--derived", type=Path, default=None, help="RuleArena derived/ folder")
    args = ap.parse_args()

    from llama_cpp import Llama

    derived = args.derived or rulearena_root() / "derived"
    first = json.loads((derived / "tax_level0.jsonl").read_text().splitlines()[0])
    text = first["system_prompt"] + "\n" + first["user_prompt_0shot"]
    speeds = {}
    for flash in (False, True):
        llm = Llama(str(gguf_path()), n_ctx=args.tokens + 256, n_threads=args.threads,
                    flash_attn=flash, verbose=False)
        tokens = llm.tokenize(text.encode())[: args.tokens]
        t0 = time.perf_counter()
        llm.eval(tokens)
        seconds = time.perf_counter() - t0
        speeds[flash] = len(tokens) / seconds
        print(f"flash_attn={str(flash).lower():5}  tokens: {len(tokens)}  seconds: {seconds:.1f}  "
              f"tok/s: {speeds[flash]:.0f}", flush=True)
        del llm
    print(f"speed-up with flash attention: {speeds[True] / speeds[False]:.2f}")


if __name__ == "__main__":
    main()
