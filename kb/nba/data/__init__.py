"""The NBA data room: RuleArena's annotated problems (:mod:`.problems`), the committed gold fact
programs (:mod:`.gold`, the ``gold/`` folder) and the documented annotation errata
(:mod:`.errata`, ``errata.json``). Imports neither the plug-in's checks nor its explanation."""
