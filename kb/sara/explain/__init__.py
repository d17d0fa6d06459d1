"""SARA's explanation room: the law for explanations (:mod:`.citations`: statute citations with
quotes, a tax computation's amounts; :func:`law`, what :func:`taxlogic.kb.explain.law_for` asks
for) and the case's own words for its people and events (:mod:`.wording`)."""

from taxlogic.kb.sara.explain.citations import law

__all__ = ["law"]
