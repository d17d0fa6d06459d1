"""Untrusted Prolog facts (being split into one module per concept; see :mod:`taxlogic.tools.facts.syntax`)."""

from taxlogic.tools.facts.syntax import *  # noqa: F401,F403
from taxlogic.tools.facts.syntax import __all__  # noqa: F401
