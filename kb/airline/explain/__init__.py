"""The airline's explanation room: the bag-fee rules' citations (:mod:`.citations`; :func:`law`,
what :func:`taxlogic.kb.explain.law_for` asks for) and the fee worksheet (:mod:`.worksheet`: the
bags, the allowance each used, the rows that sum to the total)."""

from taxlogic.kb.airline.explain.citations import law

__all__ = ["law"]
