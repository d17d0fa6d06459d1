"""The Form 1040 data room: the documented label errata (:mod:`.errata`, ``errata.json``) and the
project's seeded returns (:mod:`.generate`). RuleArena's problems themselves are installed with
RuleArena (``taxlogic data install-rulearena``)."""
