"""LLM access (being split into one module per concept; see :mod:`taxlogic.agent.llm.errors`)."""

from taxlogic.agent.llm.errors import *  # noqa: F401,F403
from taxlogic.agent.llm.errors import __all__  # noqa: F401
