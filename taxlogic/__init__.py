"""taxlogic: an LLM translates tax cases into Prolog facts; SWI-Prolog decides against SARA's statutes.

Subpackages: :mod:`taxlogic.kb` (statute knowledge base and SARA data), :mod:`taxlogic.tools`
(Prolog engine, fact validator), :mod:`taxlogic.agent` (LangGraph translator agent),
:mod:`taxlogic.prompts` (prompt templates), :mod:`taxlogic.eval` (datasets, methods, metrics),
:mod:`taxlogic.cli` (the ``taxlogic`` command).
"""

__version__ = "0.1.0"
