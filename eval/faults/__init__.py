"""Fault injection and scripted stand-ins for an LLM: how the checks fare when a translation is
wrong, measured without a capable model.

:mod:`.corrupt` (corruption operators: break a correct fact set the way LLM translators do),
:mod:`.verifier` (the inspector under fault injection, ``taxlogic eval verifier``),
:mod:`.anchorers` (imperfect anchorers, ``eval verifier --anchors``), :mod:`.gold_translator`
(a scripted perfect translator: each case's gold facts, anchored) and :mod:`.gold_endpoint` (the
test endpoint: an OpenAI-compatible HTTP server answering with gold facts, for tests and benches
of batch runs).

May import: :mod:`taxlogic.eval.scoring`, and the agent, kb and tools layers; no other room of
``eval``.
"""
