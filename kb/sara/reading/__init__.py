"""SARA's reading room: what a case's text, question and query state (:mod:`.text`, :mod:`.questions`),
the names and cue words it uses (:mod:`.names`, :mod:`.cues` with ``cues.json``), the statutes'
event model (:mod:`.schema`, reading ``prolog/schema.pl``) and the checks' view of a fact set
(:mod:`.view`). The sentence each fact comes from is the checks' aligner
(:mod:`taxlogic.kb.sara.checks.align`: it reads which statute conclusions the text licenses)."""
