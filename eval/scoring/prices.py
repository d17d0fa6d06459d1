"""LLM prices in dollars per million tokens, and the dollar cost of token counts.

A small built-in table (:data:`PRICES`, as listed by the providers on :data:`PRICES_DATED`) for
common models; anything else needs ``--price-in``/``--price-out`` (``eval paper``) or goes
unpriced. Prices change: the table is a convenience for a rough figure, never a bill, and every
figure printed from it names its date.
"""

from __future__ import annotations

from dataclasses import dataclass

#: When the built-in prices were read off the providers' pricing pages.
PRICES_DATED = "2025-08"


@dataclass(frozen=True)
class Price:
    """Dollars per million tokens: ``input`` (prompt), ``output`` (completion), ``cached`` (a
    prompt token the endpoint reports as served from its prompt cache; None: as ``input``).
    ``source``: where the figure comes from (``"built-in 2025-08"``, ``"--price-in/--price-out"``)."""

    input: float
    output: float
    cached: float | None = None
    source: str = f"built-in {PRICES_DATED}"

    def dollars(self, input_tokens: int, output_tokens: int, cached_tokens: int = 0) -> float:
        """The cost of these counts in dollars; ``cached_tokens`` are part of ``input_tokens``."""
        cached = min(max(cached_tokens, 0), input_tokens)
        rate_cached = self.input if self.cached is None else self.cached
        return ((input_tokens - cached) * self.input + cached * rate_cached + output_tokens * self.output) / 1e6


#: Built-in prices (dollars per million tokens; standard tier, no batch discount), by model name
#: as the endpoints take it.
PRICES: dict[str, Price] = {
    "gpt-4o": Price(2.50, 10.00, 1.25),
    "gpt-4o-mini": Price(0.15, 0.60, 0.075),
    "gpt-4.1": Price(2.00, 8.00, 0.50),
    "gpt-4.1-mini": Price(0.40, 1.60, 0.10),
    "gpt-5": Price(1.25, 10.00, 0.125),
    "gpt-5-mini": Price(0.25, 2.00, 0.025),
    "o3": Price(2.00, 8.00, 0.50),
    "o4-mini": Price(1.10, 4.40, 0.275),
    "claude-sonnet-4": Price(3.00, 15.00, 0.30),
    "claude-sonnet-4-5": Price(3.00, 15.00, 0.30),
    "claude-opus-4": Price(15.00, 75.00, 1.50),
    "gemini-2.5-pro": Price(1.25, 10.00, 0.31),
    "deepseek-chat": Price(0.27, 1.10, 0.07),
    "deepseek-reasoner": Price(0.55, 2.19, 0.14),
}


def price_for(model: str | None, price_in: float | None = None, price_out: float | None = None) -> Price | None:
    """The price of ``model``: ``price_in``/``price_out`` (dollars per million tokens) when both
    are given, else the built-in entry for the model's name (a provider prefix such as
    ``openai/`` and a date suffix such as ``-2024-08-06`` are ignored), else None. Raises
    ValueError when only one of ``price_in``/``price_out`` is given or one is negative."""
    if (price_in is None) != (price_out is None):
        raise ValueError("give both --price-in and --price-out (dollars per million tokens), or neither")
    if price_in is not None:
        if price_in < 0 or price_out < 0:
            raise ValueError("prices must be >= 0 dollars per million tokens")
        return Price(price_in, price_out, None, "--price-in/--price-out")
    if not model:
        return None
    name = model.rsplit("/", 1)[-1].lower()
    while name and name not in PRICES:
        head, sep, tail = name.rpartition("-")
        if not sep or not tail.isdigit():
            break
        name = head  # drop a date or version suffix (-2024-08-06, -20250514)
    return PRICES.get(name)
