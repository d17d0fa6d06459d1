"""Grammar-constrained output (llama.cpp): GBNF grammars for lines of Prolog facts, the
``extra_body`` that sends one, and whether the configured endpoint honours it."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import urlsplit

from taxlogic.agent.llm.endpoint import _LOOPBACK_HOSTS
from taxlogic.settings import Settings, get_settings

_NO_GRAMMAR_PORTS = {11434}  # Ollama's OpenAI API ignores ``grammar``


def supports_grammar(settings: Settings | None = None) -> bool:
    """Heuristic: does the configured endpoint honour llama.cpp's ``grammar`` request field?

    True for a loopback endpoint (the embedded ``taxlogic llm serve`` server and other local
    llama.cpp servers), except Ollama's default port; False for remote/hosted APIs.
    """
    s = settings or get_settings()
    parts = urlsplit(s.llm_base_url)
    host = (parts.hostname or "").lower()
    try:
        port = parts.port
    except ValueError:
        return False
    if host not in _LOOPBACK_HOSTS:
        return False
    return port not in _NO_GRAMMAR_PORTS


def grammar_extra_body(gbnf: str, base: dict[str, Any] | None = None) -> dict[str, Any]:
    """``extra_body`` for a llama.cpp request constrained by the GBNF grammar ``gbnf``.

    Merge into ``make_chat_model(extra_body=...)`` (which keeps ``max_tokens``), e.g.
    ``make_chat_model(settings, extra_body=grammar_extra_body(PROLOG_FACTS_GBNF))``.
    """
    body = dict(base or {})
    body["grammar"] = gbnf
    return body


#: GBNF (llama.cpp) grammar: one or more lines, each a Prolog fact ``name(arg, ...).``
#: with 1-12 arguments; arguments are lowercase atoms, double-quoted strings, integers or ``_``.
#: Lengths are bounded (names/atoms 48 chars, integers 15 digits, strings 200 chars) so a small
#: model cannot run on inside one token forever.
PROLOG_FACTS_GBNF = r"""
root    ::= fact ("\n" fact)* "\n"?
fact    ::= name "(" arg ("," " "? arg){0,11} ")."
name    ::= [a-z] [a-zA-Z0-9_]{0,47}
arg     ::= atom | string | integer | "_"
atom    ::= [a-z] [a-zA-Z0-9_]{0,47}
string  ::= "\"" ( [^"\\\n] | "\\" ["\\nt] ){0,200} "\""
integer ::= "-"? [0-9]{1,15}
""".strip() + "\n"

PROLOG_ANCHORED_FACTS_GBNF = PROLOG_FACTS_GBNF.replace(
    'root    ::= fact ("\\n" fact)* "\\n"?', 'root    ::= line ("\\n" line)* "\\n"?\nline    ::= fact | anchor', 1
) + 'anchor  ::= "% \\"" [^"\\n]{1,400} "\\""\n'
""":data:`PROLOG_FACTS_GBNF` with anchor lines (``% "quoted sentence"``) between the facts: the
anchored translation's output (:mod:`taxlogic.tools.facts`, anchors)."""

_ARG_RE = r'(?:[a-z][a-zA-Z0-9_]{0,47}|"(?:[^"\\\n]|\\["\\nt]){0,200}"|-?[0-9]{1,15}|_)'
#: Regex matching exactly one line that :data:`PROLOG_FACTS_GBNF` accepts as a fact.
PROLOG_FACT_LINE_RE = re.compile(rf"[a-z][a-zA-Z0-9_]{{0,47}}\({_ARG_RE}(?:, ?{_ARG_RE}){{0,11}}\)\.")
