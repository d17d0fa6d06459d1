"""Token counts of prompts before they are sent, for plans and for the scripted endpoint.

No tokenizer is bundled (tiktoken fetches its tables from the network; a user's endpoint may run
any model), so a count is the usual rule of thumb: one token per four characters of English
text, rounded up, plus :data:`MESSAGE_OVERHEAD` per chat message (role and separators, as
OpenAI's chat format adds). Real tokenizers differ from it by model (Prolog and JSON run denser
than prose): a plan built on it is an estimate, and ``eval paper`` compares it with what the
endpoint then reports.
"""

from __future__ import annotations

import math
from typing import Any, Iterable

#: Characters per token of the rule of thumb.
CHARS_PER_TOKEN = 4
#: Tokens a chat message adds around its content (OpenAI's chat format: about 3 to 4).
MESSAGE_OVERHEAD = 4


def count_tokens(text: str) -> int:
    """Tokens of ``text`` by the rule of thumb (ceil(characters / 4))."""
    return math.ceil(len(text) / CHARS_PER_TOKEN)


def content_of(message: Any) -> str:
    """A chat message's text, whether a langchain message or an OpenAI-style dict."""
    content = message.get("content", "") if isinstance(message, dict) else getattr(message, "content", "")
    if isinstance(content, list):
        return "".join(b.get("text", "") if isinstance(b, dict) else str(b) for b in content)
    return str(content or "")


def message_tokens(messages: Iterable[Any]) -> int:
    """Prompt tokens of a list of chat messages: their contents plus :data:`MESSAGE_OVERHEAD` each."""
    return sum(count_tokens(content_of(m)) + MESSAGE_OVERHEAD for m in messages)
