"""Domains without a knowledge base: the model writes the rules from the statutes given with each case (DeonticBench housing, USCIS-AAO; data: :mod:`.data`)."""
