"""The DeonticBench paper's own protocol (direct answers, few-shot and zero-shot Prolog) as
methods of the DeonticBench benchmarks; prompts read from the installed ``prompts/`` at run time."""

from __future__ import annotations

#: ``--method`` name -> factory (filled below).
METHODS: dict = {}
