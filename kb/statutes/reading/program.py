"""The program in a model's reply: the Prolog text between code fences, or the whole reply.

The reply is untrusted: this only cuts the text out (nothing is parsed or run here). The worker
reads it (``tools/sandbox.pl``) and the checks (:mod:`taxlogic.kb.statutes.checks`) judge what
it read. A reply longer than :data:`MAX_CHARS` is refused before it reaches the engine.
"""

from __future__ import annotations

import re

#: The longest program accepted, in characters (the longest DeonticBench hard reference program
#: is under 12,000).
MAX_CHARS = 60_000

_FENCE = re.compile(r"```[a-zA-Z]*[ \t]*\n(.*?)```", re.S)


def program_text(reply: str) -> str:
    """The Prolog program of ``reply``: the fenced blocks joined (a reply may split its program
    into several), else the reply as it is; stripped."""
    blocks = _FENCE.findall(reply)
    return ("\n".join(b.strip("\n") for b in blocks) if blocks else reply).strip()
